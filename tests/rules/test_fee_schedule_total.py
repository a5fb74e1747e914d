"""A 定金 measured against a subject amount that only the fee schedule states: fees per unit and
per period, times the units fixed and the term (民法典 586: 20% of the subject amount)."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_findings

ZH_FRANCHISE = """特许经营合同

特许人（甲方）：广州味道坊餐饮管理有限公司
被特许人（乙方）：长沙湘味餐饮有限公司

第二条 甲方许可乙方在附件一所列的两个授权门店使用经营资源。
第三条 本合同特许经营期限为三年，自2025年10月1日起至2028年9月30日止。
第四条 费用
4.1 加盟费：单店加盟费为人民币壹拾贰万元整（¥120,000.00）。
4.2 品牌使用费：每一授权门店每年人民币贰万元整（¥20,000.00）。
第五条 乙方应于本合同签订之日起3日内向甲方支付定金人民币{deposit}。
第六条 本合同争议提交广州仲裁委员会仲裁。
"""

EN_WAREHOUSING = """WAREHOUSING AGREEMENT

This Agreement is made on 16 June 2025 between Suzhou Lanxin Trading Co., Ltd. (the "Depositor") and Kunshan Hengtai Logistics Co., Ltd. (the "Warehouse Keeper").
2.1 The term of this Agreement is twelve months from 1 July 2025 to 30 June 2026.
3.1 The Warehouse Keeper shall reserve 1,800 Pallet Positions for the Depositor; the lithium area holds a maximum of 200 Pallet Positions.
4.1 The Depositor shall pay the storage fee at the rate per Pallet Position per month in Schedule 2.
7.1 The Depositor shall pay the Warehouse Keeper earnest money (dingjin) of RMB {deposit}.
12.1 This Agreement is governed by the laws of the People's Republic of China.
SCHEDULE 2 - RATES
Item | Unit | Rate (RMB)
Storage of Reserved Positions | per Pallet Position per month | 45.00
Additional Pallet Positions | per Pallet Position per month | 52.00
"""


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _deposit_rules(stages: Stages, text: str) -> list[str]:
    ids = [f.rule_id or "" for f in rule_findings(stages, text)]
    return [i for i in ids if i.endswith("deposit.over_20_percent")]


def test_fees_per_store_and_per_year_make_the_subject_amount(stages: Stages) -> None:
    # 2 stores x 120,000 + 2 stores x 20,000 x 3 years = 360,000; 20% of it is 72,000
    assert _deposit_rules(stages, ZH_FRANCHISE.format(deposit="捌万元整（¥80,000.00）")) == [
        "cn.deposit.over_20_percent"
    ]
    assert _deposit_rules(stages, ZH_FRANCHISE.format(deposit="柒万贰仟元整（¥72,000.00）")) == []


def test_a_rate_per_position_per_month_times_the_positions_reserved(stages: Stages) -> None:
    # 45 x 1,800 x 12 = 972,000: the limit of 200 and the optional extra rate do not count
    assert _deposit_rules(stages, EN_WAREHOUSING.format(deposit="280,000")) == [
        "en.prc.deposit.over_20_percent"
    ]
    assert _deposit_rules(stages, EN_WAREHOUSING.format(deposit="194,400")) == []
