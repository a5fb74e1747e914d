"""A share written "fifty percent (50%) of the Total Fee, being …", a timetable step dated after
the period a clause gives it before a named date, and one fixed sum for any failure to perform
(not called liquidated damages)."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_EVENT = """EVENT SERVICES AGREEMENT

This Agreement is made on June 2, 2025 between Meridian Biotech Inc. ("Client") and Harbor Events LLC ("Provider").
1.2 "Event Dates" means Tuesday, October 14, 2025 (the "Event Start Date") and Wednesday, October 15, 2025.
4.1 Client shall pay Provider a total fee of One Hundred Eighty-Five Thousand Two Hundred Fifty United States Dollars (US$185,250) (the "Total Fee").
4.3 Client shall pay (a) thirty percent (30%) of the Total Fee, being US$55,575, within ten days after signing; and (b) fifty percent (50%) of the Total Fee, being US${second}, on or before August 15, 2025.
5.2 Client shall notify Provider in writing of the Final Guest Count no later than fourteen (14) days before the Event Start Date.
6.4 {breach}
12.1 This Agreement is governed by the laws of the State of New York.

SCHEDULE 2 - PRODUCTION TIMELINE
Milestone | Date | Owner
Final Guest Count due | {due} | Client
"""
_FIXED = "If Client fails to perform any of its obligations under this Agreement when due, Client shall pay Provider a fixed sum equal to thirty-five percent (35%) of the Total Fee for each such failure."
_LATE_FEE = "If Client fails to pay any instalment when due, Client shall pay interest on the overdue sum at 1% per month."


def _event(
    second: str = "92,625", due: str = "Tuesday, September 30, 2025", breach: str = _LATE_FEE
) -> str:
    return _EVENT.format(second=second, due=due, breach=breach)


def test_a_share_of_a_named_fee_in_words_and_bracketed_figure(stages: Stages) -> None:
    rule = "en.amount.named_share_mismatch"
    assert rule in rule_ids(stages, _event(second="96,625"))
    assert rule not in rule_ids(stages, _event())


def test_a_timetable_step_after_its_period_before_a_named_date(stages: Stages) -> None:
    rule = "en.date.named_event_twice"
    assert rule in rule_ids(stages, _event(due="Friday, October 3, 2025"))
    assert rule not in rule_ids(stages, _event(due="Tuesday, September 30, 2025"))


def test_one_fixed_sum_for_any_failure_to_perform_is_a_penalty(stages: Stages) -> None:
    rule = "en.liquidated_damages.one_sum_for_many_breaches"
    assert rule in rule_ids(stages, _event(breach=_FIXED))
    assert rule not in rule_ids(stages, _event())
