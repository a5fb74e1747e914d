"""Twins of the false alarms on batch Z's clean dev contracts (twenty-eighth session): each lawful
near-miss, and beside it the defect the same check must still catch. The texts are written here,
not copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_EN_LEASE = """EQUIPMENT LEASE AGREEMENT

This Agreement is made in Ningbo on 12 January 2025 between Ningbo Haiyue Machinery Leasing Co., Ltd. (the "Lessor") and Cixi Tongda Plastics Co., Ltd. (the "Lessee").

1.1 "Commencement Date" means 1 April 2025, and "Expiry Date" means {expiry}.
2.1 The Lessor leases the moulding machines to the Lessee for a term of twelve (12) months starting on the Commencement Date and ending on the Expiry Date (the "Lease Term").
2.2 The Lease Term shall be extended once for a further six (6) months from 1 April 2026 to and including 30 September 2026, unless either Party gives notice of non-extension no later than 1 February 2026.
3.1 The monthly rent is RMB 40,000.
4.1 This Agreement is governed by the laws of the People's Republic of China.
"""


def test_a_further_period_after_the_expiry_is_a_renewal_not_the_term(stages: Stages) -> None:
    assert "en.prc.date.term_vs_expiry" not in rule_ids(
        stages, _EN_LEASE.format(expiry="31 March 2026")
    )
    # the term itself still meets its end: twelve months from 1 April 2025 is not 30 June 2026
    assert "en.prc.date.term_vs_expiry" in rule_ids(
        stages, _EN_LEASE.format(expiry="30 June 2026")
    )
