"""Positive and negative texts for a warranty's remedy put on the party it protects
(warranty_remedy_on_beneficiary): the positive makes the distributor repair and credit the
supplier; the negative makes the supplier, who warrants, do it."""

from __future__ import annotations

EN_DISTRIBUTION = """DISTRIBUTION AGREEMENT

This Agreement is made on 2 June 2025 between Larkfield Instruments Inc. ("Supplier") and Coastline Medical Supply LLC ("Distributor").
2.1 Supplier shall sell the Products to Distributor at the prices in Schedule 1.
9.1 Supplier warrants to Distributor that each Product, when delivered, will conform to its published specifications for twenty-four (24) months.
9.2 If any Product fails to conform to the warranty in Section 9.1 and is returned within the warranty period, {remedy} shall, at its option and expense, repair or replace the non-conforming Product or credit {other} with its price.
14.1 This Agreement is governed by {law}.
"""
NEW_YORK = "the laws of the State of New York"
PRC = "the laws of the People's Republic of China"


def _text(remedy: str, other: str, law: str) -> str:
    return EN_DISTRIBUTION.format(remedy=remedy, other=other, law=law)


WARRANTY_CASES: list[tuple[str, str, str]] = [
    (
        "en.party.warranty_remedy_swapped",
        _text("Distributor", "Supplier", NEW_YORK),
        _text("Supplier", "Distributor", NEW_YORK),
    ),
    (
        "en.prc.party.warranty_remedy_swapped",
        _text("Distributor", "Supplier", PRC),
        _text("Supplier", "Distributor", PRC),
    ),
]
