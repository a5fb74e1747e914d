"""Catalogue cases (rule id, positive, negative) for the rule written from the contracts moved
from the blind held-out set in the twenty-third session: the whole minimum charged for any
shortfall. The texts are written here, not copied."""

from __future__ import annotations

DISTRIBUTION = """DISTRIBUTION AGREEMENT

This Distribution Agreement is made as of April 1, 2025 between Orchard Valley Tools, Inc., a New York corporation ("Supplier"), and Lakeside Hardware Supply LLC, a Delaware limited liability company ("Distributor").

1. APPOINTMENT
1.1 Supplier appoints Distributor as its distributor of the Products in the Territory.
2. MINIMUM PURCHASES
2.1 In each Contract Year Distributor shall purchase Products of not less than the Minimum Annual Commitment of $500,000.
2.2 If Distributor's purchases in any Contract Year are less than the Minimum Annual Commitment, Distributor shall pay Supplier, as liquidated damages, {payment}.
3. PRICES
3.1 {price}
4. LIMITATION OF LIABILITY
4.1 EACH PARTY'S AGGREGATE LIABILITY ARISING OUT OF THIS AGREEMENT SHALL NOT EXCEED THE AMOUNTS PAID IN THE PRECEDING TWELVE (12) MONTHS.
4.2 SECTION 4.1 SHALL NOT APPLY TO (A) EITHER PARTY'S OBLIGATIONS UNDER SECTION 5; (B) EITHER PARTY'S FRAUD; OR (C) {carve}.
5. INDEMNITY
5.1 Each party shall indemnify the other against third-party claims arising from its breach.
6. GOVERNING LAW
6.1 This Agreement is governed by the laws of {law}.
"""
WHOLE_MINIMUM = "an amount equal to the Minimum Annual Commitment"
SHORTFALL = (
    "an amount equal to the difference between the Minimum Annual Commitment and its purchases"
)
CAPPED_CHANGE = (
    "Supplier may change its price list once in a Contract Year by ninety (90) days' written "
    "notice, provided that no increase may exceed five percent (5%)."
)
MUTUAL_CARVE = "EITHER PARTY'S BREACH OF SECTION 5"
NEW_YORK = "the State of New York"


def distribution(
    payment: str = SHORTFALL,
    price: str = CAPPED_CHANGE,
    carve: str = MUTUAL_CARVE,
    law: str = NEW_YORK,
) -> str:
    return DISTRIBUTION.format(payment=payment, price=price, carve=carve, law=law)


LIABILITY_MISS_CASES = [
    (
        "en.liquidated_damages.whole_minimum_for_shortfall",
        distribution(payment=WHOLE_MINIMUM),
        distribution(),
    ),
    (
        "en.liquidated_damages.whole_minimum_for_shortfall_england",
        distribution(payment=WHOLE_MINIMUM, law="England and Wales"),
        distribution(law="England and Wales"),
    ),
]
