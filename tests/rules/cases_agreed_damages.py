"""Catalogue cases for agreed damages larger than the whole contract price (the positive: US$300,000
against a price of US$200,000; the twin: US$20,000), and for one fixed sum payable for any breach
of a whole section (the twin: the same sum for one specific breach)."""

from __future__ import annotations

EN_SUPPLY = """EQUIPMENT SUPPLY AGREEMENT

This Agreement is made on June 2, 2025 between Harrow Process Systems, Inc. ("Supplier") and Calder Foods LLC ("Customer").
1. The Supplier shall supply four stainless steel tanks for a total Contract Price of US$200,000.
2. Delivery shall take place no later than September 30, 2025.
3. If the Supplier fails to deliver on time, it shall pay the Customer liquidated damages of {ld}.
4. This Agreement is governed by the laws of {law}.
"""
_NY = "the State of New York"
_ENGLAND = "England and Wales"

AGREED_DAMAGES_CASES: list[tuple[str, str, str]] = [
    (
        "en.liquidated_damages.over_price",
        EN_SUPPLY.format(ld="US$300,000", law=_NY),
        EN_SUPPLY.format(ld="US$20,000", law=_NY),
    ),
    (
        "en.liquidated_damages.over_price_england",
        EN_SUPPLY.format(ld="US$300,000", law=_ENGLAND),
        EN_SUPPLY.format(ld="US$20,000", law=_ENGLAND),
    ),
]

EN_RESELLER = """RESELLER AGREEMENT

This Agreement is made on May 1, 2025 between Harrow Audio, Inc. ("Supplier") and Calder Retail LLC ("Reseller").
4.1 Reseller shall resell the Units only in the Territory and shall report its sales each month.
4.2 {trigger}, Reseller shall pay Supplier, as liquidated damages and not as a penalty, the sum of US$25,000 for each Unit concerned.
9. This Agreement is governed by the laws of {law}.
"""
_ANY = "In respect of any breach of this Section 4"
_ONE = "If Reseller sells a Unit outside the Territory"

AGREED_DAMAGES_CASES += [
    (
        "en.liquidated_damages.one_sum_for_many_breaches",
        EN_RESELLER.format(trigger=_ANY, law=_NY),
        EN_RESELLER.format(trigger=_ONE, law=_NY),
    ),
    (
        "en.liquidated_damages.one_sum_for_many_breaches_england",
        EN_RESELLER.format(trigger=_ANY, law=_ENGLAND),
        EN_RESELLER.format(trigger=_ONE, law=_ENGLAND),
    ),
]
