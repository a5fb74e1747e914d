"""A date named as a period's end against the period's length from its start: after the date
("31 March 2026, the last day of the Initial Term"; dev miss en_t06), or restated for a named
period ("缺陷责任期届满（即2027年9月30日）" against "自工程竣工验收合格之日起计算，期限为二十四个月"
and the planned completion date; dev miss zh_u01). Written here, not copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, finding_types

_SERVICES = """FACILITY SERVICES AGREEMENT

This Agreement is made on 10 March 2025 between Harbourside Estates Limited (the "Client") and Northgate Services Limited (the "Contractor").
1. DEFINITIONS
1.1 "Commencement Date" means 1 April 2025.
2. TERM
2.1 The Services shall be provided from the Commencement Date for an initial term of two (2) years (the "Initial Term").
2.2 Either Party may prevent renewal by giving notice not less than sixty (60) days before {end}, the last day of the Initial Term.
3. FEES
3.1 The Client shall pay a fee of £18,000 a month.
4. LAW
4.1 This Agreement is governed by the laws of England and Wales.
"""


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


@pytest.mark.parametrize(("end", "fires"), [("31 March 2026", True), ("31 March 2027", False)])
def test_the_last_day_of_the_initial_term_must_be_its_start_plus_its_length(
    stages: Stages, end: str, fires: bool
) -> None:
    found = "date_inconsistency" in finding_types(stages, _SERVICES.format(end=end))
    assert found is fires


_ZH_SUPERVISION = """工程监理合同

签订日期：2025年3月1日
委托人：南京恒泰置业有限公司
监理人：南京金石工程监理有限公司

第一条 监理期限
1.1 施工阶段监理自2025年4月1日起至计划竣工验收日期2026年9月30日止。
1.2 保修阶段相关服务自工程竣工验收合格之日起计算，期限为二十四个月，与施工合同约定的缺陷责任期一致。
第二条 酬金
2.1 第四期酬金于缺陷责任期届满（即{end}）后28日内支付，金额为人民币180,000.00元。
第三条 争议
3.1 因本合同引起的争议，提交南京仲裁委员会仲裁。
"""


@pytest.mark.parametrize(("end", "fires"), [("2027年9月30日", True), ("2028年9月30日", False)])
def test_a_named_periods_restated_end_must_follow_its_length_from_its_start(
    stages: Stages, end: str, fires: bool
) -> None:
    found = "date_inconsistency" in finding_types(stages, _ZH_SUPERVISION.format(end=end))
    assert found is fires
