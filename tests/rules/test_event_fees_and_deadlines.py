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
    # either check reads the odd share; the engine keeps one finding per span
    rules = {"en.amount.named_share_mismatch", "en.amount.share_base_disagrees"}
    assert rules & rule_ids(stages, _event(second="96,625"))
    assert not rules & rule_ids(stages, _event())


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


_STORE = """WAREHOUSING SERVICES CONTRACT

Depositor: Suzhou Lanting Cosmetics Co., Ltd.
Warehouse Operator: Kunshan Yuantong Logistics Co., Ltd.
Clause 2. This Contract runs from 1 March 2025 to 28 February 2026. The parties may extend it by a written supplementary agreement signed no later than 31 January 2026.
Clause 3. The Depositor shall deliver the first inbound pallets on 7 March 2025, and the Warehouse Operator shall inspect each inbound delivery within three working days of its arrival.
Clause 12. This Contract is governed by the laws of the People's Republic of China.

Event | Date
First inbound delivery (expected) | Friday, 7 March 2025
{row} | by Wednesday, 12 March 2025

Depositor: Suzhou Lanting Cosmetics Co., Ltd. (seal)   Authorised signatory: Gu Xiaoyan   Date: {signed}
"""


def test_a_signature_row_dates_the_contract_not_a_future_signing(stages: Stages) -> None:
    # "signed no later than 31 January 2026" is a deadline for a later agreement
    rule = "en.prc.date.performance_before_signing"
    row = "Inspection of first inbound delivery completed"
    assert rule not in rule_ids(stages, _STORE.format(row=row, signed="24 February 2025"))
    assert rule in rule_ids(stages, _STORE.format(row=row, signed="24 March 2025"))


def test_a_row_for_the_inspection_of_a_delivery_is_no_second_delivery_date(stages: Stages) -> None:
    rule = "en.prc.date.two_delivery_dates"
    inspection = "Inspection of first inbound delivery completed"
    assert rule not in rule_ids(stages, _STORE.format(row=inspection, signed="24 February 2025"))
    delivery = "First inbound delivery completed"
    assert rule in rule_ids(stages, _STORE.format(row=delivery, signed="24 February 2025"))


_FIXED_HIRE = """MACHINE HIRE AGREEMENT

This Agreement is made on 10 March 2025 between Trentside Machine Finance Limited (the "Owner") and Bramcote Precision Engineering Ltd (the "Hirer").
1. Interpretation. "Commencement Date" means 1 April 2025.
3. Hire Period. The hire runs for a fixed period of thirty-six (36) months beginning on and including the Commencement Date (the "Hire Period").
9. Return. On the expiry of the Hire Period on {end} the Hirer shall make the Equipment available for collection.
14. This Agreement is governed by the law of England and Wales.

Part B: Rentals
Rentals | Due dates | {column}
Rentals 1 to 12 | 1 April 2025 to 1 March 2026 | £4,850
Rentals 13 to 24 | 1 April 2026 to 1 March 2027 | £4,850
Rentals 25 to 36 | 1 April 2027 to 1 March 2028 | £4,850
Total | 36 Rentals | £174,600
"""


def test_a_named_fixed_period_against_the_day_its_expiry_is_given(stages: Stages) -> None:
    rule = "en.date.term_vs_expiry"
    column = "Amount of each Rental (excl. VAT)"
    assert rule in rule_ids(stages, _FIXED_HIRE.format(end="31 March 2027", column=column))
    assert rule not in rule_ids(stages, _FIXED_HIRE.format(end="31 March 2028", column=column))


def test_a_column_of_each_item_s_amount_is_not_summed_to_the_total(stages: Stages) -> None:
    rule = "en.amount.table_total"
    each = _FIXED_HIRE.format(end="31 March 2028", column="Amount of each Rental (excl. VAT)")
    summed = _FIXED_HIRE.format(end="31 March 2028", column="Amount (excl. VAT)")
    assert rule not in rule_ids(stages, each)
    assert rule in rule_ids(stages, summed)


_JACKETS = """GARMENT PROCESSING CONTRACT

This Contract is made on 2 June 2025 between Ningbo Haiyue Apparel Trading Co., Ltd. (the "Ordering Party") and Yuyao Jinxiu Garment Co., Ltd. (the "Processor").
Article 4 The Processor shall complete the work and deliver all 12,000 jackets, in the batches set out in Annex 1, no later than 30 September 2025.
Article 12 This Contract is governed by the laws of the People's Republic of China.

ANNEX 1 - QUANTITIES AND DELIVERY SCHEDULE
Batch | Quantity | Latest delivery date | Processing fee (RMB)
Batch 1 | 4,000 jackets | 31 July 2025 | 152,000.00
Batch 2 | 4,000 jackets | 31 August 2025 | 152,000.00
Batch 3 | 4,000 jackets | {third} | 152,000.00
"""


def test_all_the_goods_due_by_a_date_against_a_batch_after_it(stages: Stages) -> None:
    rule = "en.prc.date.part_after_final_date"
    assert rule in rule_ids(stages, _JACKETS.format(third="15 October 2025"))
    assert rule not in rule_ids(stages, _JACKETS.format(third="30 September 2025"))


def test_a_named_period_counted_from_another_event_is_not_read_from_the_start(
    stages: Stages,
) -> None:
    text = """MUSIC LICENCE

This Licence is made on 3 March 2025 between Harrow Lane Music Limited (the "Licensor") and Northlight Films Limited (the "Licensee").
1.1 "Effective Date" means 3 March 2025.
3.2 The licence begins on the Effective Date and ends three (3) years after the First Release Date (the "Promotional Period"). The First Release Date is scheduled for 14 February 2026, in which case the Promotional Period will end on 13 February 2029.
12. This Licence is governed by the law of England and Wales.
"""
    assert "en.date.term_vs_expiry" not in rule_ids(stages, text)
