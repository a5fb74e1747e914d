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


_GUARDING = """SECURITY SERVICES AGREEMENT

This agreement is made on 3 March 2026 between Sentinel Guarding Limited, a company registered in England (the "Contractor"), and Harbour Retail Parks Limited, a company registered in England (the "Customer").

1. CHARGES
1.1 The Customer shall pay the Contractor GBP 21,000 per month within 30 days of invoice.
2. PROVISION OF THE SERVICES
2.1 The Contractor shall provide manned guarding at each site during the hours in Schedule 1.
2.2 The Contractor shall protect each site against theft, criminal damage and unauthorised entry.
2.3 {duty}
3. CONFIDENTIALITY
3.1 Each party shall keep the other party's confidential information secret.
4. LIMITATION OF LIABILITY
4.1 Nothing in clauses 4.2 and 4.3 limits or excludes: (a) either party's liability for death or personal injury caused by its negligence; (b) either party's liability for fraud; (c) {carve_out}; or (d) any other liability which cannot lawfully be limited.
4.2 Subject to clause 4.1, the total liability of each party under or in connection with this agreement shall not exceed GBP 400,000 in each contract year.
4.3 Subject to clause 4.1, neither party shall be liable for any indirect or consequential loss.
5. GOVERNING LAW
5.1 This agreement is governed by the laws of England and Wales.
"""
_OWN_DUTY = "The Contractor shall respond promptly to every incident at a site."
_RELEASED = "liability for any failure to comply with clause 2"


def test_a_carve_out_of_one_partys_whole_service_clause_leaves_it_uncapped(
    stages: Stages,
) -> None:
    text = _GUARDING.format(duty=_OWN_DUTY, carve_out=_RELEASED)
    assert "unlimited_liability" in finding_types(stages, text)


@pytest.mark.parametrize(
    ("duty", "carve_out"),
    [
        # a mutual duty: confidentiality
        (_OWN_DUTY, "either party's liability for breach of clause 3"),
        (_OWN_DUTY, "liability for any breach of clause 3"),
        # the clause holds both parties' duties
        ("The Customer shall give the Contractor access to each site.", _RELEASED),
    ],
)
def test_a_carve_out_of_a_mutual_or_shared_clause_stays_silent(
    stages: Stages, duty: str, carve_out: str
) -> None:
    text = _GUARDING.format(duty=duty, carve_out=carve_out)
    assert "unlimited_liability" not in finding_types(stages, text)
