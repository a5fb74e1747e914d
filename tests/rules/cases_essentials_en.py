"""Positive and negative texts for the English essential-term rules (rules/en_essentials.yaml):
per contract type, one contract that lacks the term and its twin that has it, under English law
and under PRC law."""

from __future__ import annotations

_CONTRACT = """{title}

This {title_case} is made on 2 June 2025 between Harrow Systems Limited ("{first}") and Calder Freight Limited ("{second}").
1. {body}
2. Either party may terminate this Agreement on ninety days' written notice.
3. This Agreement is governed by {law}.
"""
_LAWS = {
    "en": "the laws of England and Wales",
    "en.prc": "the laws of the People's Republic of China",
}

# (rule suffix, title, parties, body that lacks the term, body that has it)
_TYPES: list[tuple[str, str, tuple[str, str], str, str]] = [
    (
        "licence",
        "SOFTWARE LICENCE AGREEMENT",
        ("Licensor", "Licensee"),
        "The Licensor shall make the Licensed Software available for download within ten days.",
        "The Licensor grants the Licensee a non-exclusive licence to use the Licensed Software "
        "for its internal business purposes.",
    ),
    (
        "lease",
        "WAREHOUSE LEASE",
        ("Landlord", "Tenant"),
        "The Tenant shall pay the rent at a rate to be agreed between the parties, from 1 July "
        "2025 for a term of three years.",
        "The Tenant shall pay rent of £12,000 per month from 1 July 2025 for a term of three "
        "years.",
    ),
    (
        "sale",
        "SUPPLY AGREEMENT",
        ("Supplier", "Buyer"),
        "The Supplier shall sell and the Buyer shall buy 400 units of the Goods at a price to be "
        "agreed between the parties before each delivery.",
        "The Supplier shall sell and the Buyer shall buy 400 units of the Goods at a price of "
        "£25 per unit.",
    ),
    (
        "services",
        "CONSULTING SERVICES AGREEMENT",
        ("Consultant", "Client"),
        "The Consultant shall provide the Services and the Client shall pay fees to be agreed "
        "between the parties in good faith.",
        "The Consultant shall provide the Services and the Client shall pay the fees stated in "
        "the Order Form.",
    ),
    (
        "business_sale",
        "SHARE PURCHASE AGREEMENT",
        ("Seller", "Buyer"),
        "The Seller shall sell the Sale Shares for a purchase price to be agreed by the parties "
        "before Completion.",
        "The Seller shall sell the Sale Shares for a purchase price of £3,450,000 payable on "
        "Completion.",
    ),
    (
        "loan",
        "LOAN AGREEMENT",
        ("Lender", "Borrower"),
        "The Lender shall lend such principal as the parties agree later, repayable on 30 June "
        "2026.",
        "The Lender shall lend a principal of £500,000, repayable on 30 June 2026.",
    ),
    (
        "employment",
        "EMPLOYMENT CONTRACT",
        ("Employer", "Employee"),
        "The Employee is employed as Operations Manager. The Employee's salary will be agreed "
        "later.",
        "The Employee is employed as Operations Manager at a salary of £52,000 per year.",
    ),
    # kinds added on 2026-12-04 (PRC law only: a reasonable price is implied at common law)
    (
        "distribution",
        "DISTRIBUTION AGREEMENT",
        ("Supplier", "Distributor"),
        "The Supplier appoints the Distributor to resell the Products in Scotland, and the "
        "Distributor shall buy them at such prices as the Supplier decides.",
        "The Supplier appoints the Distributor to resell the Products in Scotland, and the "
        "Distributor shall buy them at a price of £40 per unit.",
    ),
    (
        "sales_agency",
        "SALES AGENCY AGREEMENT",
        ("Principal", "Agent"),
        "The Agent shall solicit orders for the Products, and the Principal shall pay the Agent a "
        "commission on each order it accepts.",
        "The Agent shall solicit orders for the Products, and the Principal shall pay the Agent a "
        "commission of 5% of the net invoice value of each order it accepts.",
    ),
    (
        "storage",
        "WAREHOUSING AGREEMENT",
        ("Depositor", "Keeper"),
        "The Keeper shall store the Depositor's goods, and the Depositor shall pay the storage "
        "charges monthly.",
        "The Keeper shall store the Depositor's goods, and the Depositor shall pay storage "
        "charges of £4.20 per pallet per week, monthly.",
    ),
    (
        "sponsorship",
        "SPONSORSHIP AGREEMENT",
        ("Sponsor", "Organiser"),
        "The Organiser shall display the Sponsor's marks at the Event, and the Sponsor shall pay "
        "the sponsorship fee in two instalments.",
        "The Organiser shall display the Sponsor's marks at the Event, and the Sponsor shall pay "
        "a sponsorship fee of £80,000 in two instalments.",
    ),
    (
        "charter",
        "VESSEL CHARTER AGREEMENT",
        ("Owner", "Charterer"),
        "The Owner lets the vessel to the Charterer for six months, and the Charterer shall pay "
        "hire monthly in advance.",
        "The Owner lets the vessel to the Charterer for six months, and the Charterer shall pay "
        "hire of US$12,500 per day, monthly in advance.",
    ),
]


def _text(title: str, parties: tuple[str, str], body: str, law: str) -> str:
    return _CONTRACT.format(
        title=title, title_case=title.title(), first=parties[0], second=parties[1], body=body,
        law=law,
    )  # fmt: skip


# a reasonable price or pay is implied under English law: only these rules have a common-law twin
_UNDER_ENGLISH_LAW = {"licence", "lease", "business_sale", "loan"}


def essential_en_cases() -> list[tuple[str, str, str]]:
    return [
        (
            f"{prefix}.essential.{suffix}",
            _text(title, parties, lacking, law),
            _text(title, parties, having, law),
        )
        for prefix, law in _LAWS.items()
        for suffix, title, parties, lacking, having in _TYPES
        if prefix == "en.prc" or suffix in _UNDER_ENGLISH_LAW
    ]


# the UCC needs a quantity in writing (2-201) though it implies a reasonable price (2-305)
_US_SALE = (
    "en.essential.sale_quantity",
    _text(
        "SUPPLY AGREEMENT", ("Supplier", "Buyer"),
        "The Supplier shall sell and the Buyer shall buy the Goods at US$25 per unit.",
        "the laws of the State of New York",
    ),
    _text(
        "SUPPLY AGREEMENT", ("Supplier", "Buyer"),
        "The Supplier shall sell and the Buyer shall buy 400 units of the Goods at US$25 per unit.",
        "the laws of the State of New York",
    ),
)  # fmt: skip

ESSENTIAL_EN_CASES = [*essential_en_cases(), _US_SALE]
