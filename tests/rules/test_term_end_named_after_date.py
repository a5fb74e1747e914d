"""A date named as the term's end after it ("31 March 2026, the last day of the Initial Term")
against the term's length from its start. Twin of the dev miss en_t06. Written here, not
copied."""

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
