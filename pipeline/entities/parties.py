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
    "供方", "需方", "服务方", "定作人", "承揽人", "发包方", "承包方", "出卖方", "买受方",
    "出租方", "承租方", "借款方", "贷款方", "出借方", "许可人", "被许可人", "担保人",
    "转让方", "受让方", "转让人", "受让人", "特许人", "被特许人", "特许方", "被特许方",
    "居间人", "居间方", "保管人", "存货人", "承运人", "托运人", "加盟方",
    # roles the dev contracts label parties by (赠与人（甲方）：…)
    "赠与人", "受赠人", "赠与方", "受赠方", "研究开发方", "开发方", "承揽方", "定作方", "供货方",
    "供应方", "购货方", "采购方", "服务商", "服务提供方", "物业服务人", "设计人", "监理人",
    "经销方", "经销商", "承运方", "托运方", "保理人", "应收账款债权人", "代理方", "客户", "业主",
)  # fmt: skip
_LETTER_ROLES = {"甲方", "乙方", "丙方", "丁方"}
_ROLE_RE = "|".join(sorted(CN_ROLES, key=len, reverse=True))
_SIGNATURE_NOTES = {
    "盖章", "签字", "签章", "公章", "签名", "签字或盖章", "签字盖章", "盖章处",
    "电子签章", "电子签名", "合同专用章", "授权代表签字",
}  # fmt: skip
CN_PARTY_LINE = re.compile(
    rf"^[ \t]*(?P<role>{_ROLE_RE})(?:[（(](?P<alias>[^）)\n]{{1,10}})[）)])?[ \t]*[:：][ \t]*"
    r"(?P<name>[^\n]{2,60}?)[ \t]*$",
    re.M,
)
# 宋卫东，身份证号码：… / 某某有限公司  统一社会信用代码：…: the name ends before the ID or address.
_NAME_TAIL = re.compile(
    r"[，,；;]|\s{2,}|\u3000|身份证|统一社会信用代码|住所|地址|法定代表人|授权代表|委托代理人|经办人"
    r"|联系人|联系电话"
)
_TRAILING_NOTE = re.compile(
    r"[（(](?:" + "|".join(sorted(_SIGNATURE_NOTES, key=len, reverse=True)) + r")[）)]\s*$"
)
# a blank, a signature prompt, or an e-mail or web address a wrap put after "乙方：" ("发送至…
# 电子邮箱（甲方：…；⏎乙方：wzy_admin@…）")
_NOT_A_NAME = re.compile(
    r"^(?:[_＿\s]*|.*(?:签字|盖章|日期)[:：]?\s*|.*(?:@|https?://|www\.).*"
    # a contact under a role ("甲方：物流部 徐婷婷，电话…"): a department and a person
    r"|[\u4e00-\u9fff]{1,8}(?:部|办公室|中心|科)\s*[\u4e00-\u9fff]{2,4})$"
)

EN_DEFINED_PAREN = re.compile(
    r"[(（]\s*(?:(?:hereinafter|each|collectively|together)[^\"“”()]{0,30}?)?"
    r"(?:the\s+|a\s+|an\s+)?[\"“](?P<term>[A-Z][^\"”\n]{0,60}?)[\"”]"
    # an alias beside it: (the "Forwarder" or "Haixin")
    r"(?:\s*(?:or|and)\s+(?:the\s+)?[\"“][^\"”\n]{1,40}[\"”])?\s*[)）]"
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
        name = _NAME_TAIL.split(m.group("name"))[0].strip()
        # 某某有限公司（盖章）: the note marks a signature block and is no part of the name
        note = _TRAILING_NOTE.search(name)
        if note:
            name = name[: note.start()].rstrip()
        if len(name) < 2 or _NOT_A_NAME.match(name):
            continue
        role, alias = m.group("role"), m.group("alias")
        if alias in _LETTER_ROLES:
            role, alias = alias, role
        signature = bool(note) or (alias in _SIGNATURE_NOTES if alias else False)
        found.append(
            Match(
                "party",
                m.start("role"),
                m.end("name"),
                name,
                {
                    "role": role,
                    "alias": None if signature else alias,
                    "name_start": m.start("name"),
                    "signature_block": signature,
                },
            )
        )
    return found


# English registered names are often in capitals in the parties clause (HARBOURSIDE
# PACKAGING SOLUTIONS LIMITED): the suffix is matched in both spellings.
COMPANY_SUFFIX = (
    r"(?:LLC|L\.L\.C\.|Inc\.?|INC\.?|Ltd\.?|LTD\.?|Limited|LIMITED|Co\.|CO\.|Corporation"
    r"|CORPORATION|Corp\.?|CORP\.?|GmbH|GMBH|AG|S\.A\.|B\.V\.|L\.P\.|LLP|PLC|plc)(?![\w])"
)
# a word of a company name, a place in brackets among them ("Crestline Components (Suzhou) Co.,
# Ltd."), and the suffix with what follows it ("Co., Ltd.", not "Co." alone)
# ("Farids & Co. LLC"); the words that join or head a parties clause ("… AGREEMENT⏎⏎Between⏎⏎CCA
# INDUSTRIES, INC.", "WHEREAS, Sonos, Inc.") are no part of a name, nor is a blank line
COMPANY_WORD = (
    r"(?:(?!(?:Between|BETWEEN|And|AND|Among|AMONG|By|BY|AGREEMENT|Agreement|WHEREAS|Whereas)\b)"
    r"[A-Z][\w&'.-]*"
    r"|&|\([A-Z][\w .&'-]{1,30}\))"
)
SUFFIX_CHAIN = COMPANY_SUFFIX + r"(?:,?\s*" + COMPANY_SUFFIX + r")*"
_NAME_GAP = r",?(?:[ \t]+|[ \t]*\n[ \t]*(?!\n))"
# a name starts at a word's start, never at a recital's letter ("⏎A. Goosehead Insurance …");
# up to eight words before the suffix ("Jiangsu Ruiyuan Mechanical & Electrical Installation
# Engineering Co., Ltd." has seven)
_COMPANY = re.compile(
    rf"(?<![\w&'.-])(?!(?<=\n)[A-Z]\.\s)(?:{COMPANY_WORD}{_NAME_GAP}){{0,8}}?{SUFFIX_CHAIN}"
)
# "Farids & Co. LLC (…), EA, LLC (…), and Rocky Mountain Chocolate Factory, Inc. (the "Company")":
# in a list of parties, the term in brackets is the last listed party's
_LAST_LISTED = re.compile(r"(?:,|;)?\s+and\s+$")
_NOT_PARTY_TERM = re.compile(
    r"\b(?:Agreement|Date|Contract|Term|Services|Products|Territory|Party|Parties)\b"
)
PARTY_WINDOW = 400
_NAME_REACH = 160


def _party_name(
    text: str, start: int, end: int, ents: list[tuple[int, int, str]]
) -> tuple[int, int] | None:
    """The party introduced in ``text[start:end]``: a company name, else an ORG/PERSON."""
    # a blank line ends whatever came before (a signature page before an exhibit's preamble)
    start = max(start, text.rfind("\n\n", start, end) + 1)
    companies = list(_COMPANY.finditer(text, start, end))
    if companies:
        listed = [c for c in companies[1:] if _LAST_LISTED.search(text, start, c.start())]
        company = listed[-1] if listed else companies[0]
        return company.start(), company.end()
    for s, e, label in ents:
        # A one-word ORG (QAL, Party) is usually an earlier defined term, not a name; and a
        # name far from the bracket (a bank named in the previous clause) did not introduce it.
        if (
            label in ("ORG", "PERSON")
            and s >= max(start, end - _NAME_REACH)
            and e <= end
            and " " in text[s:e].strip()
        ):
            return s, e
    return None


# "Warehouse Keeper: Kunshan Hengtai Supply Chain Management Co., Ltd." and its signature block
# twin "… Co., Ltd. (seal)": a role label opening a line, then a registered company name. The
# name must end in a company suffix, so address, contact and representative lines never match.
EN_PARTY_LINE = re.compile(
    # a signature block may shout the role: "MANUFACTURER: … Co., Ltd. (company seal)"
    r"^[ \t]*(?:\(\d\)[ \t]*)?(?P<role>Party [A-D]|[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}"
    r"|[A-Z]{2,}(?: [A-Z]{2,}){0,2})"
    r"(?:[ \t]*\([^)\n]{1,30}\))?[ \t]*:[ \t]*(?P<name>[^\n]{2,120}?)[ \t]*$",
    re.M,
)
_EN_SIGNATURE_NOTE = re.compile(
    r"\s*[(\[](?:seal|company seal|stamp|chop|signature)[)\]]\s*$", re.I
)
_EN_NAME_END = re.compile(COMPANY_SUFFIX + r"\s*$")
_EN_NOT_ROLE = re.compile(
    r"^(?:Address|Registered|Contact|Legal|Authori[sz]ed|Name|Title|Signature|Signed|Date|Tel"
    r"|Email|Fax|Bank|Account|Attention|Attn|By|For|Per|Company|Witness|Beneficiary|Payee"
    r"|Copy|Cc|Re|Subject|From|To)\b"
)


# where the operative text begins: the parties block is the lines before it
_FIRST_CLAUSE = re.compile(
    r"^[ \t]*(?:1\.[ \t]|1\.1\b"
    r"|(?:Article|ARTICLE|Section|SECTION|Clause|CLAUSE)[ \t]+(?:1|I|One|ONE)\b"
    r"|WHEREAS|Whereas|RECITALS|Recitals|BACKGROUND|NOW,? THEREFORE)",
    re.M,
)
# a signature block: the lines right after a party's name ask for a signature (matched at a
# position: "\A" there would never match, since it means the string's start)
_SIGNING_CUE = re.compile(
    r"(?:[^\n]*\n){0,3}?[ \t]*(?:Authori[sz]ed (?:representative|signatory)|Signature|Signed"
    r"|By\s*:|Name\s*:|Legal representative)",
)


def find_en_party_lines(text: str) -> list[Match]:
    """Parties named on lines of their own: in the parties block before the first clause, and
    again, for the same roles, in the signature block. A "Consignee: … Ltd." line in a schedule
    names no party of the contract."""
    preamble = preamble_end(text)
    found: list[Match] = []
    roles: set[str] = set()
    for m in EN_PARTY_LINE.finditer(text):
        role, name = m.group("role"), m.group("name")
        if role.isupper() and not role.startswith("Party"):
            role = role.title()  # "MANUFACTURER" is the Manufacturer
        note = _EN_SIGNATURE_NOTE.search(name)
        if note:
            name = name[: note.start()]
        name = name.rstrip(" ,;")
        if _EN_NOT_ROLE.match(role) or not _EN_NAME_END.search(name):
            continue
        in_preamble = m.start() < preamble
        signing = bool(note) or bool(_SIGNING_CUE.match(text, m.end() + 1))
        if in_preamble:
            roles.add(role)
        elif not (signing and (role in roles or _defined_before(text, role, preamble))):
            continue
        found.append(
            Match(
                "party",
                m.start("role"),
                m.start("name") + len(name),
                role,
                {"role": role, "name": name, "name_start": m.start("name"), "how": "line",
                 "signature_block": not in_preamble},
            )
        )  # fmt: skip
    return found


def preamble_end(text: str) -> int:
    """Where the first clause (or the recitals) begins: the parties block lies before it; 0
    when no clause heading is found."""
    first_clause = _FIRST_CLAUSE.search(text)
    return first_clause.start() if first_clause else 0


def _defined_before(text: str, role: str, end: int) -> bool:
    """The parties block defines the role in brackets: '… Co., Ltd. … (the "Hirer")'."""
    term = re.escape(role)
    alias = r"(?:\s*(?:or|and)\s+(?:the\s+)?[\"“][^\"”\n]{1,40}[\"”])?"
    return re.search(rf"\(\s*(?:the\s+)?[\"“]{term}[\"”]{alias}\s*\)", text[:end]) is not None


def find_en_defined_terms(text: str, ents: list[tuple[int, int, str]]) -> list[Match]:
    """Defined terms; a term defined right after a company or person names a party.

    ``ents`` are (start, end, label) named entities on the same text (from spaCy). The name
    of a party is the first company name (or ORG/PERSON) after the previous definition.
    """
    found: list[Match] = []
    previous_end = 0
    for m in EN_DEFINED_PAREN.finditer(text):
        term = m.group("term").strip()
        segment_start = max(previous_end, m.start() - PARTY_WINDOW)
        previous_end = m.end()
        party = (
            None
            if _NOT_PARTY_TERM.search(term)
            else _party_name(text, segment_start, m.start(), ents)
        )
        attrs: dict[str, Any] = {"term": term, "how": "bracket"}
        if party is not None:
            name = text[party[0] : party[1]].rstrip(", ")
            attrs.update({"name": name, "name_start": party[0]})
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
