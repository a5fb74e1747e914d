"""Catalogue cases for agreed damages larger than the whole contract price (the positive: US$300,000
against a price of US$200,000; the twin: US$20,000)."""

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
