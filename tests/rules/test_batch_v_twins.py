"""Twins of the problems read on batch V's dev half (twenty-third session: zh_v01, zh_v05,
en_v01, en_v05): each unlawful reading beside the lawful one the same check must leave alone.
The texts are written here, not copied."""

from __future__ import annotations

import pytest

from pipeline.entities.dates import find_dates
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_liability_misses import LIVE, ROYALTY
from tests.rules.helpers import Stages, finding_types, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def test_a_list_of_days_takes_the_year_before_it() -> None:
    values = [m.value for m in find_dates("演出日期：2025年11月9日、11月16日、1月4日。")]
    assert values == ["2025-11-09", "2025-11-16", "2026-01-04"]


def test_a_performance_day_listed_after_the_term_ends(stages: Stages) -> None:
    late = LIVE.format(days="2025年9月9日、9月23日、10月21日", penalty="")
    inside = LIVE.format(days="2025年9月9日、9月16日、9月23日", penalty="")
    assert "cn.date.period_row_after_term" in rule_ids(stages, late)
    assert "date_inconsistency" not in finding_types(stages, inside)


def test_the_rest_of_a_named_sum_is_still_a_share_of_it(stages: Stages) -> None:
    """'许可使用费总额剩余的百分之三十' is 30% of the fee, which no total-price check judges when
    the contract names no 合同总价."""
    assert "cn.amount.named_share_mismatch" in rule_ids(
        stages, ROYALTY.format(third="1,260,000.00")
    )
    assert "amount_contradiction" not in finding_types(stages, ROYALTY.format(third="1,080,000.00"))


_HOSTING = """HOSTING AGREEMENT

This agreement is made on 1 April 2025 between Northgate Cloud Limited (the "Provider") and Ridgeway Retail Limited (the "Customer").

1. CHARGES
1.1 The Customer shall pay the Provider monthly charges of £{stated} excluding VAT, made up of the items set out in Schedule 1 (the "Monthly Charges").
2. GOVERNING LAW
2.1 This agreement is governed by the laws of England and Wales.

SCHEDULE 1 - CHARGES
Item | Unit price (£) | Quantity | Monthly amount (£)
Compute node | 200.00 | 10 | 2,000.00
Block storage (per TB) | 30.00 | 25 | 750.00
Total Monthly Charges | | | 2,750.00
"""


def test_a_defined_monthly_sum_and_its_schedule_total(stages: Stages) -> None:
    # either check reads the defined sum against its schedule; the engine keeps one per span
    rules = {"en.amount.named_sum_restated", "en.amount.schedule_total_restated"}
    assert rules & rule_ids(stages, _HOSTING.format(stated="2,950.00"))
    assert "amount_contradiction" not in finding_types(stages, _HOSTING.format(stated="2,750.00"))


_FRANCHISE = """FRANCHISE AGREEMENT

This agreement is made on 1 April 2025 between Peak Studios Limited (the "Franchisor") and Mere Fitness Limited (the "Franchisee").

1. TERM
1.1 This Agreement does not renew automatically.
2. LIABILITY
2.1 Each party's total aggregate liability arising under or in connection with this Agreement shall not exceed £25,000.
2.2 The limit in Clause 2.1 does not apply to (a) either party's liability for fraud, or (b) {carve}.
3. GOVERNING LAW
3.1 This Agreement is governed by the laws of England and Wales.
"""


def test_any_other_liability_of_one_party_for_its_breach_swallows_the_cap(
    stages: Stages,
) -> None:
    wide = _FRANCHISE.format(carve="any other loss or liability of the Franchisee arising from "
                             "its breach of this Agreement")  # fmt: skip
    narrow = _FRANCHISE.format(carve="either party's breach of its confidentiality obligations")
    assert "en.liability.cap_released_for_one_party" in rule_ids(stages, wide)
    assert "unlimited_liability" not in finding_types(stages, narrow)


def test_a_contract_that_says_it_does_not_renew_has_no_evergreen(stages: Stages) -> None:
    text = _FRANCHISE.format(carve="either party's breach of its confidentiality obligations")
    assert "auto_renewal_no_notice" not in finding_types(stages, text)


_CONSULTING = """CONSULTANCY AGREEMENT

This agreement is made on 3 March 2025 between Harbour Ferries Limited (the "Client") and Keel Advisory LLP (the "Consultant").

1. FEES
1.1 The Client shall pay the Consultant a fixed fee of forty thousand pounds (GBP 40,000.00) excluding VAT (the "Total Fixed Fee"), in the instalments set out in Schedule 1.
2. GOVERNING LAW
2.1 This agreement is governed by the laws of England and Wales.

SCHEDULE 1 - FEES
Milestone | Share of Total Fixed Fee | Amount excluding VAT | VAT at 20% | Amount including VAT
M1 Inception | 50% | GBP 20,000.00 | GBP 4,000.00 | GBP 24,000.00
M2 Final Report | 50% | GBP 20,000.00 | GBP 4,000.00 | GBP 24,000.00
Total Fixed Fee | 100% | GBP {net} | GBP 8,000.00 | GBP 48,000.00
"""


def test_a_schedule_row_with_the_sum_before_and_after_vat(stages: Stages) -> None:
    """The row gives the defined fee before VAT and after it: it agrees with the text."""
    assert "amount_contradiction" not in finding_types(stages, _CONSULTING.format(net="40,000.00"))


def test_the_vat_before_a_defined_name_is_not_the_named_sum(stages: Stages) -> None:
    text = _CONSULTING.format(net="40,000.00").replace(
        "a fixed fee of forty thousand pounds (GBP 40,000.00) excluding VAT",
        "a fixed fee of forty thousand pounds plus VAT of GBP 8,000",
    )
    assert "amount_contradiction" not in finding_types(stages, text.replace("GBP 8,000.00 |", "|"))
