"""Twins of the problems found on three contracts moved from the blind held-out set in the
twenty-third session (en_b07, en_k06: a party's liability left unlimited; en_c04: a false
unlimited-liability alarm and a missed cap conflict): each unlawful reading beside the lawful
one the same check must leave alone. The texts are written here, not copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_liability_misses import WHOLE_MINIMUM, distribution
from tests.rules.helpers import Stages, finding_types, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_LICENCE = """SOFTWARE LICENCE AGREEMENT

This agreement is made on 3 March 2025 between Fenwick Data Systems Limited, a company registered in England (the "Supplier"), and Harbour Homes Association Limited, a company registered in England (the "Customer").

1. LICENCE
1.1 The Supplier grants the Customer a non-exclusive licence to use the Software.
2. FEES
2.1 The Customer shall pay the Supplier an annual fee of £40,000.
3. LIABILITY
3.1 Nothing in this agreement limits either party's liability for death or personal injury caused by its negligence or for fraud.
3.2 The Supplier's total liability arising under or in connection with this agreement shall be limited to the fees paid in the preceding twelve months.
3.3 The limitations in clause 3.2 apply to {who} only. {open}
4. GOVERNING LAW
4.1 This agreement is governed by the laws of England and Wales.
"""


def test_a_cap_for_one_party_only_leaves_the_other_open(stages: Stages) -> None:
    text = _LICENCE.format(
        who="the Supplier",
        open="The Customer's liability to the Supplier arising under or in connection with this "
        "agreement shall not be subject to any limitation or exclusion of any kind.",
    )
    assert "unlimited_liability" in finding_types(stages, text)


def test_the_cap_words_alone_say_one_party(stages: Stages) -> None:
    """'apply to the Supplier only', with nothing said of the Customer: still one-sided."""
    assert "en.liability.cap_for_one_party_only" in rule_ids(
        stages, _LICENCE.format(who="the Supplier", open="")
    )


def test_liability_left_open_only_for_fraud_is_the_usual_carve_out(stages: Stages) -> None:
    text = _LICENCE.format(
        who="each party",
        open="The Customer's liability for fraud shall not be subject to any limitation.",
    )
    assert "unlimited_liability" not in finding_types(stages, text)


_OPEN_CHANGE = "Supplier may change its price list at any time by written notice to Distributor."
_ONE_SIDED = "ANY BREACH BY DISTRIBUTOR OF SECTIONS 1, 2, 3 OR 5"


def test_the_whole_minimum_for_any_shortfall_is_a_penalty(stages: Stages) -> None:
    assert "en.liquidated_damages.whole_minimum_for_shortfall" in rule_ids(
        stages, distribution(payment=WHOLE_MINIMUM)
    )
    assert "liquidated_damages_penalty" not in finding_types(stages, distribution())


def test_a_price_change_with_a_ceiling_is_not_at_will(stages: Stages) -> None:
    assert "unilateral_amendment" not in finding_types(stages, distribution())
    assert "unilateral_amendment" in finding_types(stages, distribution(price=_OPEN_CHANGE))


def test_a_carve_out_in_capitals_for_one_party_s_many_sections(stages: Stages) -> None:
    """(A)…(C) in capitals are items; (C) releases most of Distributor's duties, one-sided."""
    assert "en.liability.cap_released_for_one_party" in rule_ids(
        stages, distribution(carve=_ONE_SIDED)
    )
    assert "unlimited_liability" not in finding_types(stages, distribution())


_PURCHASE = """ASSET PURCHASE AGREEMENT

This Asset Purchase Agreement is made as of June 2, 2025 by and between Granite Ridge Holdings LLC, a Delaware limited liability company ("Buyer"), and Meadowbrook Coatings, Inc., a Delaware corporation ("Seller").

RECITALS
Seller operates a powder coating shop from its plant at 12 Mill Road, Dover, Delaware (the "Business").

1. DEFINITIONS
1.1 "Pre-Closing Tax Liabilities" means Taxes of Seller for periods ending on or before the Closing Date.
2. PURCHASE PRICE
2.1 The purchase price is $2,000,000.
3. TAX MATTERS
3.1 Seller shall remain responsible for all Pre-Closing Tax Liabilities, and Buyer shall be entitled to recover from Seller the full amount of all Losses it incurs arising out of any Pre-Closing Tax Liabilities.
4. INDEMNIFICATION
4.1 Seller shall indemnify Buyer against all Losses arising out of (a) any breach of Seller's representations; or (b) any Pre-Closing Tax Liabilities.
4.2 The aggregate amount of all Losses for which Seller shall be liable under Section 4.1 shall not exceed $300,000{carve}.
4.3 Except for claims for fraud and claims for injunctive relief, the indemnification provisions of this Section 4 are the sole and exclusive remedy of the parties for any claim arising out of this Agreement relating to the Business.
5. GOVERNING LAW
5.1 This Agreement is governed by the laws of the State of Delaware.
"""


def test_a_full_recovery_right_for_a_matter_the_capped_indemnity_covers(stages: Stages) -> None:
    assert "indemnity_cap_conflict" in finding_types(stages, _PURCHASE.format(carve=""))


def test_the_cap_that_leaves_the_matter_out_agrees_with_it(stages: Stages) -> None:
    carve = ", except that this limit does not apply to Losses arising out of any Pre-Closing Tax Liabilities"
    assert "indemnity_cap_conflict" not in finding_types(stages, _PURCHASE.format(carve=carve))


def test_an_exclusive_remedy_clause_releases_no_party_from_a_cap(stages: Stages) -> None:
    """'Except for claims for fraud, … the sole and exclusive remedy …' is no carve-out from a
    cap, and 'the Business', bracketed after a company in the recitals, is no party."""
    assert "unlimited_liability" not in finding_types(stages, _PURCHASE.format(carve=""))


_SCHEDULE = """SUPPORT AGREEMENT

This agreement is made on 1 May 2025 between Ashdown Software Limited (the "Licensor") and Kestrel Housing Limited (the "Licensee").

1. FEES
1.1 The Licensee shall pay the fees in Schedule 1.
2. GOVERNING LAW
2.1 This agreement is governed by the laws of England and Wales.

SCHEDULE 1 - FEES
Fee | Amount | When
Annual Licence Fee | £60,000 per contract year | annually in advance
Support Fee | fifteen per cent (15%) of the Annual Licence Fee, namely {amount} per contract year | annually in advance
"""


def test_a_share_of_a_fee_named_in_a_schedule_row(stages: Stages) -> None:
    assert "en.amount.named_share_mismatch" in rule_ids(stages, _SCHEDULE.format(amount="£10,500"))
    assert "en.amount.named_share_mismatch" not in rule_ids(
        stages, _SCHEDULE.format(amount="£9,000")
    )


def test_an_indemnity_left_outside_every_limit_is_not_unlimited_liability(stages: Stages) -> None:
    """An uncapped indemnity is indemnity_cap_conflict's matter when anything's; the party's
    liability as a whole stays capped."""
    text = _LICENCE.format(
        who="each party",
        open="The Customer's indemnity in clause 1.1 is not subject to any limit.",
    )
    assert "unlimited_liability" not in finding_types(stages, text)


_WORKS = """BUILDING CONTRACT

This contract is made on 7 July 2025 between Elmfield School Trust (the "Employer") and Brackley Construction Limited (the "Contractor").

1. DEFINITIONS
1.1 "Contract Sum" means the sum of three hundred thousand pounds (£300,000) exclusive of VAT.
2. PAYMENT
2.1 The Employer shall pay the Contractor the Contract Sum. VAT on the Contract Sum is sixty thousand pounds (£60,000).
3. DELAY
3.1 The Contractor's total liability for liquidated damages shall not exceed ten percent (10%) of the Contract Sum, namely {cap}.
4. GOVERNING LAW
4.1 This contract is governed by the laws of England and Wales.
"""


def test_a_figure_about_the_named_sum_is_not_its_value(stages: Stages) -> None:
    """'VAT on the Contract Sum is £60,000' gives the VAT, not the Contract Sum."""
    assert "amount_contradiction" not in finding_types(stages, _WORKS.format(cap="£30,000"))
    assert "en.amount.named_share_mismatch" in rule_ids(stages, _WORKS.format(cap="£36,000"))


def test_liability_under_one_clause_left_open_is_a_narrow_carve_out(stages: Stages) -> None:
    text = _LICENCE.format(
        who="each party",
        open="The Supplier's liability under Clause 1 is not subject to any financial limit in "
        "this agreement.",
    )
    assert "unlimited_liability" not in finding_types(stages, text)
