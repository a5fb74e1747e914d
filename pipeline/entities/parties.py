"""Parties, their roles and defined terms.

Chinese: a role label at the start of a line (甲方（买方）：上海某某有限公司), including the
signature block (甲方（盖章）：…). English: a defined term in brackets after a name
(Northwind Analytics, Inc. ("Provider")), the name taken from spaCy's ORG/PERSON entity
just before it; and definitions such as "Services" means ….
"""

from __future__ import annotations

import re
from typing import Any

from pipeline.entities.model import Match

CN_ROLES = (
    "甲方", "乙方", "丙方", "丁方", "买方", "卖方", "出卖人", "买受人", "出租人", "承租人",
    "出借人", "借款人", "贷款人", "用人单位", "劳动者", "保证人", "债权人", "债务人",
    "委托方", "受托方", "委托人", "受托人", "发包人", "承包人", "许可方", "被许可方",
    "供方", "需方", "服务方", "定作人", "承揽人",
)  # fmt: skip
_ROLE_RE = "|".join(sorted(CN_ROLES, key=len, reverse=True))
_SIGNATURE_NOTES = {"盖章", "签字", "签章", "公章", "签名", "签字或盖章", "签字盖章", "盖章处"}
CN_PARTY_LINE = re.compile(
    rf"^[ \t]*(?P<role>{_ROLE_RE})(?:[（(](?P<alias>[^）)\n]{{1,10}})[）)])?[ \t]*[:：][ \t]*"
    r"(?P<name>[^\n]{2,60}?)[ \t]*$",
    re.M,
)
_NOT_A_NAME = re.compile(r"^(?:[_＿\s]*|.*(?:签字|盖章|日期)[:：]?\s*)$")

EN_DEFINED_PAREN = re.compile(
    r"[(（]\s*(?:(?:hereinafter|each|collectively|together)[^\"“”()]{0,30}?)?"
    r"(?:the\s+|a\s+|an\s+)?[\"“](?P<term>[A-Z][^\"”\n]{0,60}?)[\"”]\s*[)）]"
)
EN_DEFINED_MEANS = re.compile(
    r"[\"“](?P<term>[A-Z][^\"”\n]{0,60}?)[\"”]\s*(?:,\s*)?(?:shall\s+)?(?:means?|have the meaning"
    r"|has the meaning|refers? to|shall refer to|includes?|is defined)\b"
)
EN_ROLE_WORDS = (
    "Provider", "Customer", "Client", "Supplier", "Vendor", "Buyer", "Seller", "Purchaser",
    "Licensor", "Licensee", "Lessor", "Lessee", "Landlord", "Tenant", "Borrower", "Lender",
    "Contractor", "Consultant", "Company", "Employer", "Employee", "Distributor", "Manufacturer",
    "Reseller", "Franchisor", "Franchisee", "Guarantor", "Owner", "Developer", "Agent",
)  # fmt: skip


def find_cn_parties(text: str) -> list[Match]:
    found: list[Match] = []
    for m in CN_PARTY_LINE.finditer(text):
        name = m.group("name").strip()
        if _NOT_A_NAME.match(name):
            continue
        alias = m.group("alias")
        signature = alias in _SIGNATURE_NOTES if alias else False
        found.append(
            Match(
                "party",
                m.start("role"),
                m.end("name"),
                name,
                {
                    "role": m.group("role"),
                    "alias": None if signature else alias,
                    "name_start": m.start("name"),
                    "signature_block": signature,
                },
            )
        )
    return found


def find_en_defined_terms(text: str, ents: list[tuple[int, int, str]]) -> list[Match]:
    """Defined terms; those defined right after an ORG/PERSON become parties.

    ``ents`` are (start, end, label) named entities on the same text (from spaCy).
    """
    found: list[Match] = []
    for m in EN_DEFINED_PAREN.finditer(text):
        term = m.group("term").strip()
        party: tuple[int, int, str] | None = None
        for start, end, label in ents:
            if label in ("ORG", "PERSON") and 0 <= m.start() - end <= 60 and start < m.start():
                party = (start, end, label)
        attrs: dict[str, Any] = {"term": term, "how": "bracket"}
        if party is not None:
            attrs.update({"name": text[party[0] : party[1]], "name_start": party[0]})
            found.append(Match("party", party[0], m.end(), term, attrs))
        elif term in EN_ROLE_WORDS:
            found.append(Match("party", m.start(), m.end(), term, attrs))
        else:
            found.append(Match("defined_term", m.start(), m.end(), term, attrs))
    for m in EN_DEFINED_MEANS.finditer(text):
        found.append(
            Match("defined_term", m.start(), m.end(), m.group("term").strip(), {"how": "means"})
        )
    return sorted(found, key=lambda p: p.start)
