"""Twins of the amount misses and false alarms on the nine held-out contracts moved to dev in the
thirtieth session: each as a fact the check reads, beside its lawful version. The texts are
written here, not copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_ZH_IT_SERVICES = """信息系统运维服务合同

甲方：杭州云帆物流有限公司
乙方：杭州数衡信息技术有限公司

第八条 服务费用。本合同月度服务费为人民币{words}（¥{monthly}），按月支付。各服务模块的费用构成详见附件三。
第九条 本合同争议提交杭州仲裁委员会仲裁。

附件三：服务费构成
服务模块 | 月度费用（元） | 十二个月费用（元）
基础设施运维 | 38,000.00 | 456,000.00
应用系统运维 | 34,000.00 | 408,000.00
数据备份与安全监控 | 20,000.00 | 240,000.00
合计 | 92,000.00 | 1,104,000.00
"""


def test_a_sum_its_clause_says_a_schedule_itemises_meets_the_schedule_total(
    stages: Stages,
) -> None:
    wrong = _ZH_IT_SERVICES.format(words="玖万陆仟元整", monthly="96,000.00")
    assert "cn.amount.schedule_total_restated" in rule_ids(stages, wrong)
    right = _ZH_IT_SERVICES.format(words="玖万贰仟元整", monthly="92,000.00")
    assert "cn.amount.schedule_total_restated" not in rule_ids(stages, right)


_ZH_ADVERTISING = """户外广告发布合同

甲方：宁波澜语餐饮管理有限公司
乙方：宁波城光传媒有限公司

第六条 本合同项下各发布点位月发布费合计为人民币{words}（¥{total}）。
第七条 本合同争议提交宁波仲裁委员会仲裁。

附件一：发布点位及月发布费明细
点位编号 | 点位位置 | 屏幕规格 | 月发布费（元）
NB-01 | 海曙区中山西路东立面 | 12m×8m | 68,000
NB-02 | 鄞州区四明中路北立面 | 10m×6m | 52,000
NB-03 | 江北区人民路西立面 | 8m×5m | 38,000
"""


def test_a_said_total_of_a_column_without_a_total_row_is_its_sum(stages: Stages) -> None:
    wrong = _ZH_ADVERTISING.format(words="壹拾伍万伍仟元整", total="155,000.00")
    assert "cn.amount.schedule_total_restated" in rule_ids(stages, wrong)
    right = _ZH_ADVERTISING.format(words="壹拾伍万捌仟元整", total="158,000.00")
    assert "cn.amount.schedule_total_restated" not in rule_ids(stages, right)


_EN_EVENT = """EVENT SERVICES AGREEMENT

This Agreement is made on March 1, 2027 between Kent Avenue Hall LLC ("Venue") and Orchard Finance Inc. ("Client").

5.1 The estimated total charges for the Event are ${total}, consisting of charges of $120,000.00 before tax and sales tax of $10,650.00, as itemized in Schedule C.
12.1 This Agreement is governed by the laws of the State of New York.

SCHEDULE C - CHARGES
Item | Basis | Amount
Food and beverage | 400 Guests | $96,000.00
Staffing and rentals | lump sum | $24,000.00
Sales tax at 8.875% | | $10,650.00
Total | | $130,650.00
"""


def test_a_clause_that_gives_the_schedule_total_is_not_contradicted_by_its_parts(
    stages: Stages,
) -> None:
    assert "en.amount.schedule_total_restated" not in rule_ids(
        stages, _EN_EVENT.format(total="130,650.00")
    )
    assert "en.amount.schedule_total_restated" in rule_ids(
        stages, _EN_EVENT.format(total="131,650.00")
    )


_ZH_BROKERAGE = """房屋买卖居间合同

甲方（出卖人）：王立新
乙方（买受人）：陈思远
丙方（居间人）：上海安居房地产经纪有限公司

第一条 本房屋成交总价为人民币叁佰陆拾捌万元整（¥3,680,000.00）。
第二条 居间服务费按成交总价的2%计收，合计人民币{words}（¥{fee}），由甲乙双方各承担一半。
第三条 本合同争议提交上海仲裁委员会仲裁。
"""


def test_a_fee_that_is_a_share_of_the_price_is_not_the_price_restated(stages: Stages) -> None:
    fee = _ZH_BROKERAGE.format(words="柒万叁仟陆佰元整", fee="73,600.00")
    assert "cn.amount.total_restated" not in rule_ids(stages, fee)
    price = _ZH_BROKERAGE.replace("居间服务费按成交总价的2%计收，合计", "成交总价合计为")
    assert "cn.amount.total_restated" in rule_ids(
        stages, price.format(words="叁佰伍拾捌万元整", fee="3,580,000.00")
    )


_EN_ORDER_FORM = """SUBSCRIPTION AGREEMENT

This Agreement is made on March 17, 2025 between Brightlane Software Inc. ("Provider") and Ridgeway Cold Chain LLC ("Customer").

SCHEDULE A - ORDER FORM
Line item | Quantity | Unit price | Annual fee (US$)
Platform subscription | up to 250 Authorized Users | flat | 96,000
Telematics connector | 400 Vehicles | US$6 per Vehicle per month | {connector}
Premium Support | 1 | flat | 15,200
Total annual subscription fees | | | 140,000

9.1 This Agreement is governed by the laws of the State of California.
"""


def test_a_count_with_its_unit_is_no_figure_a_row_total_adds(stages: Stages) -> None:
    assert "en.amount.table_total" not in rule_ids(
        stages, _EN_ORDER_FORM.format(connector="28,800")
    )
    assert "en.amount.table_total" in rule_ids(stages, _EN_ORDER_FORM.format(connector="29,800"))
