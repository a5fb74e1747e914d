"""Money stated with and without VAT, and statute titles, in a clean English fit-out contract
(false alarms on a blind clean contract): the pre-tax total in a schedule is a subtotal, the VAT
on the price is no restated price, the VAT-inclusive total is the price with VAT, and the words
of an Act's title are no undefined term. A real mistake in the same places is still found."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids

_FIT_OUT = """FIT-OUT WORKS CONTRACT

This Contract is made on 2 June 2025 between Harbour Offices Limited (the "Employer") and Calder Interiors Limited (the "Contractor").
1.1 "Contract Sum" means the sum of four hundred and eighty-six thousand pounds (£486,000) exclusive of VAT, as analysed in Schedule 2.
9.1 The Employer shall pay the Contractor the Contract Sum together with VAT. At the rate of twenty percent (20%), VAT on the unadjusted Contract Sum is ninety-seven thousand two hundred pounds (£97,200), giving a VAT-inclusive total of five hundred and eighty-three thousand two hundred pounds ({inclusive}).
9.9 The Contractor's right to suspend performance under section 112 of the Housing Grants, Construction and Regeneration Act 1996 is not affected by this Contract, and the Housing Grants, Construction and Regeneration Act 1996 applies to it.
14.1 This Contract is governed by the laws of England and Wales.

SCHEDULE 2
Item | Description | Amount (£)
1 | Strip-out and making good | 186,000
2 | Partitions, doors and ceilings | 300,000
Contract Sum (excluding VAT) | | 486,000
VAT at 20% | | 97,200
Total including VAT | | {table_total}
"""


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _text(inclusive: str = "£583,200", table_total: str = "583,200") -> str:
    return _FIT_OUT.format(inclusive=inclusive, table_total=table_total)


def test_a_clean_contract_with_and_without_vat_has_no_money_finding(stages: Stages) -> None:
    fired = rule_ids(stages, _text())
    assert not {r for r in fired if ".amount." in r}, fired
    assert "en.term.undefined" not in fired


def test_a_wrong_vat_inclusive_total_is_still_found(stages: Stages) -> None:
    assert "en.amount.table_total" in rule_ids(stages, _text(table_total="593,200"))
    assert "en.amount.total_restated" in rule_ids(stages, _text(inclusive="£593,200"))
