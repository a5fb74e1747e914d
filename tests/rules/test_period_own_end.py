"""A period's length, counted from the day it starts, against the end the contract names for that
period under the period's own name: "驻场期限为十八个月" and "于…驻场期限届满"; "借款期限为九个月，
自提款日起算", a 提款日 defined by the act that makes it, and "（即借款到期日）"; "shall continue
for twenty-four (24) months" and a schedule's "Agreement expiry date" row; a named "Pilot Period"
and "Expiry of Pilot Period". From the held-out date misses moved to dev on 2026-12-06 (zh_u04,
zh_w01, en_w03, en_w07); the contracts here are written for the test, not copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, finding_types


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _fires(stages: Stages, text: str) -> bool:
    return "date_inconsistency" in finding_types(stages, text)


_ZH_ONSITE = """驻场运维服务合同

签订日期：2025年8月1日
甲方：苏州恒远精密机械有限公司
乙方：南京数维信息技术有限公司

第一条 驻场期限
本合同项下的驻场期限为十八个月，自首批驻场工程师进场之日起计算。
第二条 进场
乙方首批驻场工程师应于2025年9月1日进场，人数不少于4名。
第三条 费用
驻场服务费为每月人民币120,000.00元，按月支付。
第四条 期满
本合同于{end}驻场期限届满。乙方需续约的，应于期满前三十日书面通知甲方。
第五条 争议
因本合同引起的争议，提交苏州仲裁委员会仲裁。
"""


@pytest.mark.parametrize(("end", "fires"), [("2026年12月31日", True), ("2027年2月28日", False)])
def test_a_period_ends_under_its_own_name_after_its_length_from_the_day_it_starts(
    stages: Stages, end: str, fires: bool
) -> None:
    assert _fires(stages, _ZH_ONSITE.format(end=end)) is fires


_ZH_LOAN = """流动资金借款合同

签订日期：2025年6月10日
贷款人：江苏银杏商业银行股份有限公司
借款人：常州瑞丰纺织有限公司

第一条 定义
“提款日”指贷款人依第三条将借款本金划入借款人结算账户之日。
第二条 借款金额
借款金额为人民币叁佰万元整（¥3,000,000.00）。
第三条 放款
贷款人应于2025年6月20日将借款本金一次性划入借款人在贷款人处开立的结算账户。
第四条 借款期限
借款期限为九个月，自提款日起算。
第五条 还款
借款人应于{end}（即借款到期日）前归还全部借款本金及利息。
第六条 争议
因本合同引起的争议，由贷款人住所地人民法院管辖。
"""


@pytest.mark.parametrize(("end", "fires"), [("2026年1月20日", True), ("2026年3月20日", False)])
def test_a_day_defined_by_an_act_is_the_date_given_for_that_act(
    stages: Stages, end: str, fires: bool
) -> None:
    assert _fires(stages, _ZH_LOAN.format(end=end)) is fires


_EN_AGREEMENT = """DATA HOSTING AGREEMENT

This Data Hosting Agreement (this "Agreement") is made as of March 3, 2025 (the "Effective Date") between Bluewater Analytics LLC ("Customer") and Granite Peak Hosting Inc. ("Provider").
1. TERM
1.1 This Agreement starts on the Effective Date and, unless terminated earlier under Section 6, shall continue for twenty-four (24) months from the Effective Date.
2. FEES
2.1 Customer shall pay Provider US$9,500 per month.
3. LAW
3.1 This Agreement is governed by the laws of the State of Delaware.
SCHEDULE 1 - KEY DATES
Event | Date
Effective Date | March 3, 2025
Agreement expiry date | {end}
"""


@pytest.mark.parametrize(("end", "fires"), [("December 31, 2026", True), ("March 2, 2027", False)])
def test_an_agreements_length_against_its_expiry_date_in_a_schedule_row(
    stages: Stages, end: str, fires: bool
) -> None:
    assert _fires(stages, _EN_AGREEMENT.format(end=end)) is fires


_EN_PILOT = """PILOT SERVICES AGREEMENT

This Agreement is made on 14 January 2025 between Harrow Vale Foods Limited (the "Customer") and Lumen Route Systems Limited (the "Supplier").
1. DEFINITIONS
1.1 "Go-Live Date" means 3 March 2025.
2. PILOT
2.1 The Pilot shall begin on the Go-Live Date and shall continue for a period of nine (9) months (the "Pilot Period"), unless ended earlier under Clause 7.
3. CHARGES
3.1 The Customer shall pay a charge of £4,200 a month during the Pilot Period.
4. LAW
4.1 This Agreement is governed by the laws of England and Wales.
SCHEDULE 1 - TIMETABLE
Milestone | Date
Go-Live Date | 3 March 2025
Expiry of Pilot Period | {end}
"""


@pytest.mark.parametrize(("end", "fires"), [("2 February 2026", True), ("2 December 2025", False)])
def test_a_named_periods_expiry_row_against_its_length_from_its_start(
    stages: Stages, end: str, fires: bool
) -> None:
    assert _fires(stages, _EN_PILOT.format(end=end)) is fires


EN_STORAGE = """STORAGE SERVICES AGREEMENT

This Agreement is made on 2 May 2025 between Fenwick Garden Supplies Ltd (the "Customer") and Ortley Cold Store Ltd (the "Provider").
1. DEFINITIONS
1.1 "Start Date" means 1 June 2025.
2. TERM
2.1 The Services shall be provided for a term of twelve (12) months starting on the Start Date and ending at 23:59 on 31 May 2026 (the "Term").
3. CHARGES
3.1 The Customer shall pay £7,800 a month.
4. LAW
4.1 This Agreement is governed by the laws of England and Wales.
SCHEDULE 1 - SERVICES
Item | Description
Service period | {row}
Location | Unit 4, Ortley Industrial Estate
"""


@pytest.mark.parametrize(
    ("row", "fires"),
    [("1 July 2025 to 30 June 2026", True), ("1 June 2025 to 31 May 2026", False)],
)
def test_a_schedule_row_restating_the_term_must_end_when_the_term_ends(
    stages: Stages, row: str, fires: bool
) -> None:
    assert _fires(stages, EN_STORAGE.format(row=row)) is fires


_EN_BUILD = """APPLICATION DEVELOPMENT AGREEMENT

This Agreement is made as of April 7, 2025 between Kestrel Freight Inc. ("Customer") and Brightline Code LLC ("Developer").
1. DELIVERY
1.1 Developer shall deliver the Production Build, deployed in Customer's environment, no later than November 28, 2025 (the "Final Delivery Date").
2. PRICE
2.1 The Contract Price is US$240,000, payable by milestone as set out in Schedule A.
3. LAW
3.1 This Agreement is governed by the laws of the State of New York.
SCHEDULE A - MILESTONES
Milestone | Deliverable | Milestone Date
M1 | Design Document | June 13, 2025
M2 | Test Build | September 19, 2025
M3 | Production Build (deployed) | {last}
"""


@pytest.mark.parametrize(
    ("last", "fires"), [("January 16, 2026", True), ("November 21, 2025", False)]
)
def test_a_milestone_dated_after_the_final_delivery_date(
    stages: Stages, last: str, fires: bool
) -> None:
    assert _fires(stages, _EN_BUILD.format(last=last)) is fires


@pytest.mark.parametrize("end", ["2026年1月29日", "2026年1月30日"])
def test_a_period_in_days_is_not_read_by_its_name_as_whole_months(stages: Stages, end: str) -> None:
    """90 days from 1 November 2025 end on 29 or 30 January 2026, however the last day is
    counted; read as three months they would end on 31 January, two days off."""
    text = (
        _ZH_ONSITE.replace("驻场期限为十八个月", "驻场期限为90日")
        .replace("2025年9月1日进场", "2025年11月1日进场")
        .format(end=end)
    )
    assert not _fires(stages, text)
