"""An indemnity whose own limit is higher than the fixed cap that governs it, and a promise to
reimburse "in full" under a cap that names reimbursement obligations, beside the twins
the same check must leave alone: a limit within the cap, a cap stated as the greater of two
sums, and a cap that carves the indemnity out. The texts are written here."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


CONTRACT = """SOFTWARE SERVICES AGREEMENT

This agreement is made on 3 March 2026 between Fenwick Data Systems Limited, a company registered in England (the "Supplier"), and Harbour Homes Association Limited, a company registered in England (the "Customer").

1. SERVICES
1.1 The Supplier shall host and support the Customer's housing software.
2. FEES
2.1 The Customer shall pay the Supplier an annual fee of GBP 120,000.
3. INDEMNITY
3.1 The Supplier shall indemnify the Customer against all losses arising from any claim that the software infringes the intellectual property rights of a third party, up to {limit} per claim.
4. LIABILITY
4.1 {cap}
4.2 Neither party shall be liable for any indirect or consequential loss.
5. GOVERNING LAW
5.1 This agreement is governed by the laws of England and Wales.
"""
CAP = (
    "Each party's total aggregate liability arising under or in connection with this agreement, "
    "including under any indemnity, shall not exceed GBP 250,000."
)
_RULE = "en.indemnity.limit_above_cap"


def test_an_indemnity_limit_above_the_cap_conflicts(stages: Stages) -> None:
    text = CONTRACT.format(limit="GBP 2,000,000", cap=CAP)
    assert _RULE in rule_ids(stages, text)


@pytest.mark.parametrize(
    ("limit", "cap"),
    [
        ("GBP 200,000", CAP),
        ("GBP 250,000", CAP),
        (
            "GBP 2,000,000",
            "Each party's total aggregate liability arising under or in connection with this "
            "agreement shall not exceed the greater of GBP 250,000 and the fees paid in the "
            "preceding year.",
        ),
        (
            "GBP 2,000,000",
            "Except for the Supplier's liability under the indemnity in clause 3.1, each party's "
            "total aggregate liability arising under or in connection with this agreement shall "
            "not exceed GBP 250,000.",
        ),
    ],
)
def test_a_limit_within_the_cap_or_outside_it_by_design_stays_silent(
    stages: Stages, limit: str, cap: str
) -> None:
    assert _RULE not in rule_ids(stages, CONTRACT.format(limit=limit, cap=cap))


_EXIT = """IT OUTSOURCING AGREEMENT

This agreement is made on 3 March 2026 between Fenwick Data Systems Limited, a company registered in England (the "Supplier"), and Harbour Homes Association Limited, a company registered in England (the "Customer").

1. SERVICES
1.1 The Supplier shall provide the services in Schedule 1 and maintain the exit plan in Schedule 2.
2. LIABILITY
2.1 Each party's total aggregate liability arising under or in connection with this agreement, whether in contract, tort, under any indemnity or reimbursement obligation, or otherwise, shall not exceed GBP 2,000,000.
3. GOVERNING LAW
3.1 This agreement is governed by the laws of England and Wales.

Schedule 2 - Exit Plan
1. If the Supplier fails to perform the exit plan, the Supplier shall reimburse the Customer {how} for the costs of completing the exit itself.
"""


@pytest.mark.parametrize(("how", "fires"), [("in full", True), ("up to GBP 500,000", False)])
def test_a_reimbursement_in_full_under_a_cap_on_reimbursements_conflicts(
    stages: Stages, how: str, fires: bool
) -> None:
    found = "en.indemnity.cap_reaches_escaping_indemnity" in rule_ids(stages, _EXIT.format(how=how))
    assert found is fires
