"""A duty to make good every loss "in full" (or "without limit") beside a cap: one party's
liability is in effect unlimited. Each case stands beside the lawful twin the same check must
leave alone: no cap at all, a narrow head, a mutual statement. The texts are written here."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, finding_types


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_SERVICES = """FACILITIES SERVICES AGREEMENT

This agreement is made on 3 March 2026 between Northgate Facilities Limited, a company registered in England (the "Supplier"), and Brightwater Retail plc, a company registered in England (the "Customer").

1. SERVICES
1.1 The Supplier shall provide the cleaning and maintenance services in Schedule 2 (the "Services") with reasonable skill and care.
2. CHARGES
2.1 The Customer shall pay the Supplier a monthly charge of GBP 18,500 within 30 days of invoice.
3. LIABILITY
{cap}
3.2 Neither party shall be liable for any indirect or consequential loss.
3.3 {duty}
4. GOVERNING LAW
4.1 This agreement is governed by the laws of England and Wales.
"""
_CAP = (
    "3.1 Each party's total aggregate liability arising under or in connection with this "
    "agreement shall not exceed the charges paid in the twelve months before the claim."
)
_NO_CAP = "3.1 Each party shall perform its obligations with reasonable care."
_IN_FULL = (
    "Notwithstanding clause 3.1, the Supplier shall reimburse the Customer in full for all "
    "losses the Customer suffers as a result of any failure of the Services, whatever their amount."
)


@pytest.mark.parametrize(
    "duty",
    [
        _IN_FULL,
        "The Supplier shall be responsible without limit for all losses the Customer incurs in "
        "connection with the Services.",
    ],
)
def test_every_loss_in_full_beside_a_cap_is_unlimited(stages: Stages, duty: str) -> None:
    text = _SERVICES.format(cap=_CAP, duty=duty)
    assert "unlimited_liability" in finding_types(stages, text)


def test_in_full_with_no_cap_anywhere_is_just_the_law(stages: Stages) -> None:
    text = _SERVICES.format(cap=_NO_CAP, duty=_IN_FULL)
    assert "unlimited_liability" not in finding_types(stages, text)


@pytest.mark.parametrize(
    "duty",
    [
        # one bounded head, not the whole contract
        "The Supplier shall reimburse the Customer in full for the cost of repairing any damage "
        "its staff cause to the Customer's shop fittings.",
        # the usual narrow carve-out
        "The Supplier shall compensate the Customer in full for death or personal injury caused "
        "by its negligence in connection with the Services.",
        # the customer's duty to pay
        "The Customer shall pay the charges in full for all Services under this agreement.",
    ],
)
def test_narrow_or_payment_duties_in_full_stay_silent(stages: Stages, duty: str) -> None:
    text = _SERVICES.format(cap=_CAP, duty=duty)
    assert "unlimited_liability" not in finding_types(stages, text)
