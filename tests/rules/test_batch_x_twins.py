"""Twins of the misses and the false alarm on batch X's dev half (zh_x01, en_x01, en_x03,
en_x05), written here, not copied: a deadline counted in 日历天 from the day the contract takes
effect on signing, against a schedule that submits a stage later; an aggregate price before VAT
against a schedule's total row before VAT; a fee equal to a share of the loan on any Event of
Default; and a right to propose a new fee, which needs the other side's yes."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, finding_types


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_ZH_DESIGN = """建设工程设计合同

发包人（甲方）：合肥云岭置业有限公司
设计人（乙方）：安徽正衡建筑设计研究院有限公司

第一条 设计费
设计费总额为人民币壹佰贰拾万元整（¥1,200,000.00）。
第二条 设计周期
乙方应自本合同生效之日起120日历天内完成全部设计文件的编制并提交甲方。各阶段提交时间见附件一。
第三条 争议
因本合同引起的争议，提交合肥仲裁委员会仲裁。
第四条 生效
本合同自双方签字盖章之日起生效。
甲方（盖章）：合肥云岭置业有限公司
乙方（盖章）：安徽正衡建筑设计研究院有限公司
签订日期：2025年4月1日
附件一 设计进度
设计阶段 | 提交内容 | 提交时间
方案设计 | 方案文本及效果图 | 2025年5月16日
初步设计 | 初步设计文件 | 2025年6月20日
施工图设计 | 全套施工图 | {last}
"""


@pytest.mark.parametrize(("last", "fires"), [("2025年9月12日", True), ("2025年7月25日", False)])
def test_a_stage_submitted_after_the_whole_is_due_from_taking_effect(
    stages: Stages, last: str, fires: bool
) -> None:
    found = "date_inconsistency" in finding_types(stages, _ZH_DESIGN.format(last=last))
    assert found is fires


_EN_SUPPLY = """MANUFACTURING AGREEMENT

This Agreement is made on 3 March 2025 between Qingdao Haiwen Appliances Co., Ltd. (the "Customer") and Ningbo Ruida Electric Co., Ltd. (the "Manufacturer").
1. INITIAL ORDER
1.1 The Customer places the Initial Order for the Products listed in Schedule 1 at an aggregate price of RMB {figure} exclusive of VAT.
2. LAW
2.1 This Agreement is governed by the laws of the People's Republic of China.
SCHEDULE 1 - INITIAL ORDER
Product | Unit price excl. VAT (RMB) | Quantity | Line total excl. VAT (RMB)
Kettle KT-17 | 60.00 | 30,000 | 1,800,000.00
Toaster TS-2 | 95.00 | 20,000 | 1,900,000.00
Total (excl. VAT) | | 50,000 | 3,700,000.00
VAT at 13% | | | 481,000.00
Total (incl. VAT) | | | 4,181,000.00
"""


@pytest.mark.parametrize(("figure", "fires"), [("3,900,000", True), ("3,700,000", False)])
def test_an_aggregate_price_before_vat_against_the_schedules_total_before_vat(
    stages: Stages, figure: str, fires: bool
) -> None:
    found = "amount_contradiction" in finding_types(stages, _EN_SUPPLY.format(figure=figure))
    assert found is fires


_EN_LOAN = """FACILITY AGREEMENT

This Agreement is made on 12 February 2025 between Harlow Bridge Bank plc (the "Lender") and Kettering Cold Stores Limited (the "Borrower").
1. THE FACILITY
1.1 The Lender makes available a term loan facility of £3,000,000 (the "Total Commitment").
2. DEFAULT
2.1 {clause}
3. LAW
3.1 This Agreement is governed by the laws of England and Wales.
"""


@pytest.mark.parametrize(
    ("clause", "fires"),
    [
        (
            "Upon the occurrence of any Event of Default the Borrower shall pay to the Lender a default administration fee equal to 8 per cent. of the Total Commitment.",
            True,
        ),
        (
            "Upon the occurrence of any Event of Default the Borrower shall pay default interest at 2 per cent. per annum above the rate otherwise payable.",
            False,
        ),
    ],
)
def test_a_fee_equal_to_a_share_of_the_loan_on_any_event_of_default(
    stages: Stages, clause: str, fires: bool
) -> None:
    found = "liquidated_damages_penalty" in finding_types(stages, _EN_LOAN.format(clause=clause))
    assert found is fires


_EN_MAINT = """EQUIPMENT MAINTENANCE AGREEMENT

This Agreement is made as of January 6, 2025 between Lone Star Bottling LLC ("Customer") and Pecos Valley Service Co. ("Provider").
1. FEES
1.1 Customer shall pay a Monthly Fee of US$6,200.
2. RENEWAL
2.1 This Agreement renews for successive one-year Renewal Terms unless either Party gives notice of non-renewal at least sixty (60) days before the end of the then-current term.
2.2 {clause}
3. LAW
3.1 This Agreement is governed by the laws of the State of Texas.
"""


@pytest.mark.parametrize(
    ("clause", "fires"),
    [
        (
            "Provider may change the Monthly Fee for a Renewal Term by written notice to Customer.",
            True,
        ),
        (
            "Provider may propose a change to the Monthly Fee for a Renewal Term by written notice; a proposed change takes effect only if Customer accepts it in writing.",
            False,
        ),
    ],
)
def test_a_right_to_propose_a_new_fee_is_no_right_to_change_it(
    stages: Stages, clause: str, fires: bool
) -> None:
    found = "unilateral_amendment" in finding_types(stages, _EN_MAINT.format(clause=clause))
    assert found is fires


EN_TOOLING = """MANUFACTURING AGREEMENT

This Agreement is made on 3 March 2025 between Brightfield Home Ltd (the "Customer") and Ningbo Ruida Electric Co., Ltd. (the "Manufacturer").
1. SAMPLES
1.1 "First Article Approval" means Customer's written approval of the pre-production samples.
1.2 Manufacturer shall not start series production, and no Product shall be shipped to Customer, before First Article Approval has been given.
2. DELIVERY
2.1 The Products shall be delivered in two lots: Lot 1 on or before {lot1}; and Lot 2 on or before 30 July 2025.
3. LAW
3.1 This Agreement is governed by the laws of England and Wales.
SCHEDULE 1 - TIMETABLE
Milestone | Party | Date
Samples submitted | Manufacturer | 9 May 2025
First Article Approval | Customer | 23 May 2025
"""


@pytest.mark.parametrize(("lot1", "fires"), [("16 May 2025", True), ("20 June 2025", False)])
def test_a_delivery_scheduled_before_the_approval_it_must_follow(
    stages: Stages, lot1: str, fires: bool
) -> None:
    """Dev miss en_x05: Lot 1 on 16 May, while nothing may ship before First Article Approval,
    which the timetable dates 23 May."""
    found = "date_inconsistency" in finding_types(stages, EN_TOOLING.format(lot1=lot1))
    assert found is fires


def test_data_one_side_delivers_is_no_second_delivery_date_of_the_goods(stages: Stages) -> None:
    """Dev false reading en_x05: "Frozen Specification and 3D data delivered | Customer |
    10 March 2025" beside the goods' Lot 1 date is not two delivery dates for one delivery."""
    text = EN_TOOLING.format(lot1="20 June 2025").replace(
        "Samples submitted | Manufacturer | 9 May 2025",
        "Frozen Specification and 3D data delivered | Customer | 10 March 2025",
    )
    assert "date_inconsistency" not in finding_types(stages, text)


def test_a_delivery_window_before_an_event_is_no_precondition(stages: Stages) -> None:
    """ "not … more than 21 days before" an event bounds a window; a delivery inside it breaks
    nothing."""
    text = EN_TOOLING.format(lot1="16 May 2025").replace(
        "no Product shall be shipped to Customer, before First Article Approval",
        "no Product shall be shipped to Customer more than 21 days before First Article Approval",
    )
    assert "date_inconsistency" not in finding_types(stages, text)
