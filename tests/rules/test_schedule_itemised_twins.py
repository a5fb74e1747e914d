"""A sum the text says a schedule itemises, against the schedule's items when it shows no total
row: a part of a schedule named ("Part A of Schedule 2"), a column priced in every row whatever
its header, a schedule written as lines, and a sale price restated in an annex. Each defect
beside its lawful twin; texts written here (thirty-fifth session, from four held-out contracts
moved to dev for a missed amount_contradiction)."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_EN_STORAGE = """STORAGE SERVICES AGREEMENT

This Agreement is made on 2 June 2025 between Lumen Foods Limited (the "Customer") and Quayside Logistics Limited (the "Operator").

6. CHARGES
6.1 The Customer shall pay the Operator a monthly charge of GBP {stated} (the "Monthly Charge"), made up of the items listed in Part A of Schedule 2.
6.2 The Operator shall invoice the Monthly Charge in arrears.

12. GOVERNING LAW
12.1 This Agreement is governed by the law of England and Wales.

SCHEDULE 2 - CHARGES

Part A - Monthly Charge (GBP):
Item | Description | Monthly amount
Racking space | 4,000 pallet positions at GBP 9.50 per position per month | 38,000
Site team | 1 manager and 3 operatives | 21,500
Security | 24-hour guarding | 4,300

Part B - Handling Charges (GBP):
Service | Unit | Rate
Inbound handling | per pallet | 6.00
Outbound picking | per order line | 1.20
"""


@pytest.mark.parametrize(("stated", "fires"), [("63,800", False), ("68,800", True)])
def test_a_sum_made_up_of_one_part_of_a_schedule(stages: Stages, stated: str, fires: bool) -> None:
    # Part A adds up to 63,800; Part B's rates are no part of the sum
    found = "en.amount.schedule_total_restated" in rule_ids(
        stages, _EN_STORAGE.format(stated=stated)
    )
    assert found is fires


_EN_RESEARCH = """JOINT RESEARCH AGREEMENT

This Agreement is made on 10 January 2025 between Halden Materials Inc. ("Halden") and Brightcell Energy Inc. ("Brightcell").

5. FUNDING
5.1 The total Research Budget is {words} Dollars (${stated}), allocated among the Stages as set out in Schedule C.
5.2 Each Party shall fund one half of the Research Budget.

9. GOVERNING LAW
9.1 This Agreement is governed by the laws of the State of Delaware.

SCHEDULE C - RESEARCH BUDGET

Stage | Months | Stage budget | Halden half | Brightcell half
Stage 1 (Screening) | 1-6 | $600,000.00 | $300,000.00 | $300,000.00
Stage 2 (Scale-up) | 7-15 | $950,000.00 | $475,000.00 | $475,000.00
Stage 3 (Validation) | 16-24 | $700,000.00 | $350,000.00 | $350,000.00
"""


@pytest.mark.parametrize(
    ("words", "stated", "fires"),
    [
        ("Two Million Two Hundred Fifty Thousand", "2,250,000.00", False),
        ("Two Million One Hundred Fifty Thousand", "2,150,000.00", True),
    ],
)
def test_a_budget_allocated_in_a_schedule_column_priced_in_every_row(
    stages: Stages, words: str, stated: str, fires: bool
) -> None:
    found = "en.amount.schedule_total_restated" in rule_ids(
        stages, _EN_RESEARCH.format(words=words, stated=stated)
    )
    assert found is fires


_ZH_FINLEASE = """设备融资租赁合同

出租人（甲方）：南通远帆融资租赁有限公司
承租人（乙方）：江苏鼎泰精密机械有限公司

第五条 租金
5.1 本合同项下租金总额为人民币{words}（¥{stated}），由租赁本金及租赁利息构成，分六期按季度支付，各期租金金额及支付日见附件二《租金支付表》。
第十二条 本合同争议提交南通仲裁委员会仲裁。

附件一：租赁物清单
数控车床 型号CK6150 数量4台
附件二：租金支付表（单位：人民币元）
第1期 支付日2026年03月20日 租金415,000.00
第2期 支付日2026年06月20日 租金415,000.00
第3期 支付日2026年09月20日 租金415,000.00
第4期 支付日2026年12月20日 租金415,000.00
第5期 支付日2027年03月20日 租金415,000.00
第6期 支付日2027年06月20日 租金415,000.00
附件三：租赁物验收证明书（格式）
"""


@pytest.mark.parametrize(
    ("words", "stated", "fires"),
    [("贰佰肆拾玖万元整", "2,490,000.00", False), ("贰佰肆拾玖万陆仟元整", "2,496,000.00", True)],
)
def test_a_rent_total_against_a_schedule_written_as_lines(
    stages: Stages, words: str, stated: str, fires: bool
) -> None:
    found = "cn.amount.schedule_total_restated" in rule_ids(
        stages, _ZH_FINLEASE.format(words=words, stated=stated)
    )
    assert found is fires


@pytest.mark.parametrize(
    ("words", "stated", "fires"),
    [("贰佰肆拾玖万元整", "2,490,000.00", False), ("贰佰肆拾玖万陆仟元整", "2,496,000.00", True)],
)
def test_a_schedule_written_as_lines_at_the_end_of_the_contract(
    stages: Stages, words: str, stated: str, fires: bool
) -> None:
    text = _ZH_FINLEASE.format(words=words, stated=stated)
    text = text.replace(
        "附件三：租赁物验收证明书（格式）\n", ""
    )  # the rent schedule runs to the end
    found = "cn.amount.schedule_total_restated" in rule_ids(stages, text)
    assert found is fires


_ZH_CAR_SALE = """二手车买卖合同

甲方（出卖人）：宁波东湖汽车销售服务有限公司
乙方（买受人）：陈立

第三条 价款
3.1 该车辆成交价为人民币捌万陆仟元整（¥86,000.00），该价格已包含增值税。
第九条 本合同争议由车辆所在地人民法院管辖。

附件一：车辆信息及成交确认表
项目 | 内容
品牌型号 | 丰田牌TV7150（卡罗拉）
表显里程 | 61,200公里
车辆成交价（含税） | {annex}
"""


@pytest.mark.parametrize(
    ("annex", "fires"),
    [("¥86,000.00（人民币捌万陆仟元整）", False), ("¥84,600.00（人民币捌万肆仟陆佰元整）", True)],
)
def test_a_sale_price_restated_in_an_annex(stages: Stages, annex: str, fires: bool) -> None:
    found = "cn.amount.total_restated" in rule_ids(stages, _ZH_CAR_SALE.format(annex=annex))
    assert found is fires


_ZH_BROKERAGE = """厂房居间合同

委托人（甲方）：苏州澄湖智能装备有限公司
居间人（乙方）：苏州恒置不动产顾问有限公司

第5条 居间报酬
5.1 甲方与出卖人就乙方推荐的物业成交的，居间报酬为成交价的1%，但最高不超过人民币伍拾万元整（¥500,000.00）。以成交价人民币陆仟万元为例，居间报酬为人民币伍拾万元整（¥500,000.00）。
第12条 本合同争议提交苏州仲裁委员会仲裁。
"""


def test_a_fee_measured_on_the_sale_price_and_a_worked_example_are_no_second_price(
    stages: Stages,
) -> None:
    assert "cn.amount.total_restated" not in rule_ids(stages, _ZH_BROKERAGE)
