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


_APA = """ASSET PURCHASE AGREEMENT
This Asset Purchase Agreement (this "Agreement") is made and entered into on March 12, 2025 by and between RED MAPLE FOODS LLC ("Buyer") and PRAIRIE LANTERN BAKERIES, INC. ("Seller").
Seller holds the bakery premises under a lease dated September 1, 2019.
Section 1. "Outside Date" means the date falling three (3) months after the date of this Agreement.
Section 8. Either party may terminate this Agreement if the Closing has not occurred on or before {day} (the Outside Date).
Section 12. This Agreement is governed by the laws of the State of Illinois.
"""


def test_the_agreement_date_is_the_one_this_agreement_is_made_on(stages: Stages) -> None:
    # a second "dated" in the preamble (an old lease) does not hide the agreement's own date
    rule = "en.date.named_event_twice"
    assert rule in rule_ids(stages, _APA.format(day="June 30, 2025"))
    assert rule not in rule_ids(stages, _APA.format(day="June 12, 2025"))


_HIRE = """EQUIPMENT HIRE AGREEMENT

This Agreement is made on 14 April 2025 between Northfield Plant Hire Limited (the "Owner") and Castlegate Civils Limited (the "Hirer").
1. DEFINITIONS. "Commencement Date" means 1 May 2025.
2. PERIOD OF HIRE. The Owner lets and the Hirer takes the Equipment on hire for a minimum hire period of twenty-four (24) months beginning on the Commencement Date (the "Minimum Hire Period").
12. This Agreement is governed by the law of England and Wales.

SCHEDULE 2 - HIRE PERIOD
Commencement Date | 1 May 2025
Minimum Hire Period ends | {end}
"""


def test_a_named_period_against_the_day_it_is_said_to_end(stages: Stages) -> None:
    rule = "en.date.term_vs_expiry"
    assert rule in rule_ids(stages, _HIRE.format(end="31 May 2027"))
    assert rule not in rule_ids(stages, _HIRE.format(end="30 April 2027"))


def test_a_notice_deadline_is_measured_against_its_own_notice_period(stages: Stages) -> None:
    # 3.3's ninety days govern a fee-increase notice, not the non-renewal notice whose last day
    # 3.2 states (sixty days before 29 February 2028 is 31 December 2027: it agrees)
    text = """SUBSCRIPTION AGREEMENT

This Agreement is made on February 10, 2025 between Cloudhaven Inc. ("Provider") and Brightline LLC ("Customer").
3.1 The initial subscription term begins on March 1, 2025 and ends on February 29, 2028 (the "Initial Term").
3.2 The Subscription Term renews for twelve (12) months unless either party gives written notice of non-renewal at least sixty (60) days before the end of the then-current term. For the Initial Term the last day for giving that notice is {last}.
3.3 Provider may increase the Fees for a Renewal Term, provided it notifies Customer of the increase at least ninety (90) days before the end of the then-current term, so that Customer may give notice of non-renewal.
14.1 This Agreement is governed by the laws of the State of New York.
"""
    rule = "en.date.notice_deadline_after_window"
    assert rule not in rule_ids(stages, text.format(last="December 31, 2027"))
    assert rule in rule_ids(stages, text.format(last="January 15, 2028"))
