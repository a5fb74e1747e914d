"""A mutual cap whose carve-out takes out every loss one party's conduct causes ("any Losses
suffered by Sponsor that arise out of … any act or omission of Institution … in connection with
the Study"; dev miss en_w03): that party is in effect uncapped. Written here, not copied. The
lawful twins: the same carve-out for either party's conduct, and one for a named breach."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_findings


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_EN = """MARKETING SERVICES AGREEMENT

This Agreement is made on June 2, 2025 between Oakridge Home Goods Inc. ("Customer") and Tallis Media LLC ("Agency").
1. SERVICES
1.1 Agency shall plan and run Customer's digital campaigns (the "Campaigns") for a fee of US$35,000 per month.
2. LIABILITY
2.1 Subject to Section 2.2, each party's total aggregate liability arising out of or in connection with this Agreement shall not exceed the fees paid in the twelve months before the claim.
2.2 Section 2.1 shall not apply to (a) liability for death or personal injury caused by negligence, or for fraud; or (b) {carve_out}.
3. LAW
3.1 This Agreement is governed by the laws of the State of Illinois.
"""


@pytest.mark.parametrize(
    ("carve_out", "fires"),
    [
        (
            "any Losses suffered by Customer that arise out of any act or omission of Agency or its subcontractors in connection with the Campaigns",
            True,
        ),
        (
            "any Losses suffered by either party that arise out of any act or omission of the other party in connection with the Campaigns",
            False,
        ),
        (
            "any Losses suffered by Customer that arise out of Agency's breach of Section 7 (Confidentiality)",
            False,
        ),
        (
            "any breach by Agency of its obligations under the Data Processing Addendum",
            False,
        ),
    ],
)
def test_a_carve_out_for_all_of_one_partys_conduct_leaves_it_uncapped(
    stages: Stages, carve_out: str, fires: bool
) -> None:
    found = [
        f
        for f in rule_findings(stages, _EN.format(carve_out=carve_out))
        if f.type == "unlimited_liability"
    ]
    assert bool(found) is fires
    if fires:
        assert "Agency's liability" in found[0].message
