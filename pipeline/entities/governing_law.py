"""Which law the review assumes, and why: the contract's governing-law clause decides, not
its language. An English-language contract governed by PRC law is reviewed under PRC law.

``system`` is one of:
- ``prc``: the law of the People's Republic of China (mainland);
- ``us``: the law of a US state or US federal law (UCC Article 2 and 9 U.S.C. may apply);
- ``england``: the law of England and Wales (common law; no US statute applies);
- ``other``: another system the rules have no statutes for (Hong Kong, Singapore ...);
- ``unknown``: no governing-law clause in an English-language contract.

A Chinese-language contract that names a foreign law, or names none, is assumed to be under
PRC law, and the note says why (a choice of foreign law needs a foreign-related element).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

LawSystem = Literal["prc", "us", "england", "other", "unknown"]

_US_STATES = (
    "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia"
    "|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts"
    "|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey"
    "|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania"
    "|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington"
    "|West Virginia|Wisconsin|Wyoming|District of Columbia"
)
# The keyword is found first and then widened to its sentence: a pattern that starts with
# "[^.\n]*" rescans the whole line from every position, which is quadratic on the long
# unpunctuated lines of some contracts (0.6 s on one CUAD agreement).
_EN_KEY = re.compile(
    r"governed by|construed (?:and enforced )?(?:in accordance with|under)"
    r"|governing law|laws? applicable to this",
    re.I,
)
_ZH_KEY = re.compile(r"适用[^。\n]{0,20}法|管辖法律|准据法|受[^。\n]{0,20}法律?管辖")
_EN_STOP = ".\n"
_ZH_STOP = "。\n"


@dataclass(frozen=True)
class _Found:
    """A governing-law sentence: the text around a keyword, up to the sentence stops."""

    start: int
    text: str

    def group(self) -> str:
        return self.text


def _clauses(text: str, language: str) -> Iterator[_Found]:
    key, stops = (_ZH_KEY, _ZH_STOP) if language == "zh" else (_EN_KEY, _EN_STOP)
    end = 0
    for m in key.finditer(text):
        if m.start() < end:
            continue  # inside the sentence already returned
        start = max(text.rfind(c, 0, m.start()) for c in stops) + 1
        ends = [i for i in (text.find(c, m.end()) for c in stops) if i >= 0]
        end = min(ends) if ends else len(text)
        yield _Found(start, text[start:end])


_PRC = re.compile(
    r"People'?s Republic of China|\bPRC\b|\bP\.R\.C\.|Chinese law|laws of (?:the )?(?:mainland )?China"
    r"|Chinese Mainland|Mainland China|中华人民共和国|中国(?:大陆)?法律|中国法|内地法律",
    re.I,
)
_SAR = re.compile(r"Hong Kong|Macau|Macao|Taiwan|香港|澳门|台湾")
_ENGLAND = re.compile(r"England|English law|英格兰|英国法", re.I)
_US = re.compile(rf"\b(?:{_US_STATES})\b|United States|\bU\.S\.|美国|纽约州|加利福尼亚州|特拉华州")
_OTHER = re.compile(
    r"Singapore|Germany|German|France|French|Japan|Switzerland|Swiss|Korea|新加坡|德国|法国|日本|瑞士"
)


@dataclass(frozen=True)
class AssumedLaw:
    system: LawSystem
    name: str
    source: Literal["clause", "language"]
    quote: str | None  # the governing-law words, when a clause names the law
    start: int | None  # view offset of the quote
    note: str


_SAR_LAW = re.compile(
    r"(?<!excluding )(?<!exclusive of )(?:laws? of (?:the )?(?:Hong Kong|Macau|Macao|Taiwan)"
    r"|(?:Hong Kong|Macau|Macao) (?:SAR )?law)|(?<!不包括)(?:香港|澳门)(?:特别行政区)?法律"
)


# "(which, for the purposes of this Agreement, do not include the laws of the Hong Kong SAR ...)"
_EXCLUDED = re.compile(
    r"exclud|(?:do|does|shall) not include|not including|other than|except|save for|but not"
    r"|不包括|除外|不含",
    re.I,
)


def _system_of(text: str) -> LawSystem | None:
    if _PRC.search(text):
        # "laws of the PRC (excluding the laws of Hong Kong, Macao and Taiwan)" is PRC law
        excluded = _EXCLUDED.search(text)
        return "other" if _SAR_LAW.search(text) and not excluded else "prc"
    if _SAR.search(text):
        return "other"
    if _ENGLAND.search(text):
        return "england"
    if _US.search(text):
        return "us"
    if _OTHER.search(text):
        return "other"
    return None


_NAMES = {
    "prc": "PRC law (中华人民共和国法律)",
    "us": "US state law",
    "england": "English law (England and Wales)",
    "other": "a law the KB holds no statutes for",
    "unknown": "no governing law stated",
}


# Why the review assumes its law: one note per case (the report words them for the reader).
NOTE_CLAUSE = "Named in the governing-law clause."
NOTE_FOREIGN_IN_DOMESTIC = (
    "The clause names a foreign law, but a contract without a foreign-related element "
    "cannot choose one (涉外民事关系法律适用法第3条); reviewed under PRC law."
)
NOTE_ZH_DEFAULT = (
    "No governing-law clause names a law; a Chinese-language contract is assumed to be "
    "under PRC law."
)
NOTE_EN_UNKNOWN = (
    "No governing-law clause: reviewed with common-law principles and US statutes where they "
    "would apply; the applicable law is uncertain."
)


def assumed_law(text: str, language: str) -> AssumedLaw:
    """Read the governing-law clause of ``text`` (the view text) and decide the law."""
    for m in _clauses(text, language):
        system = _system_of(m.group())
        if system is None:
            continue
        quote = m.group().strip()
        start = m.start + (len(m.group()) - len(m.group().lstrip()))
        if language == "zh" and system != "prc":
            return AssumedLaw(
                "prc", _NAMES["prc"], "clause", quote, start, NOTE_FOREIGN_IN_DOMESTIC
            )
        state = _US.search(quote) if system == "us" else None
        name = f"{state.group()} law (US)" if state else _NAMES[system]
        return AssumedLaw(system, name, "clause", quote, start, NOTE_CLAUSE)
    if language == "zh":
        return AssumedLaw("prc", _NAMES["prc"], "language", None, None, NOTE_ZH_DEFAULT)
    return AssumedLaw("unknown", _NAMES["unknown"], "language", None, None, NOTE_EN_UNKNOWN)


# Which rule jurisdictions apply under each law.
RULE_JURISDICTIONS: dict[LawSystem, frozenset[str]] = {
    "prc": frozenset({"cn"}),
    "us": frozenset({"us", "common_law"}),
    "england": frozenset({"england", "common_law"}),
    "other": frozenset({"common_law"}),
    "unknown": frozenset({"us", "common_law"}),
}


_GOODS = re.compile(
    r"\b(?:sale of goods|goods|products?|equipment|merchandise|supply|purchase order|distribut)",
    re.I,
)
_SERVICES = re.compile(
    r"\b(?:services?|consult|employment|software|saas|subscription|licen[cs]e|lease|development"
    r"|maintenance|logistics|construction|franchise)",
    re.I,
)


def subject_of(text: str) -> str:
    """goods when the title names goods (sale, supply, distribution, equipment ...), else
    services: UCC Article 2 governs transactions in goods only."""
    title = text.strip().split("\n", 1)[0]
    if _GOODS.search(title) and not _SERVICES.search(title):
        return "goods"
    if _SERVICES.search(title):
        return "services"
    head = text[:3000]
    return "goods" if len(_GOODS.findall(head)) > len(_SERVICES.findall(head)) else "services"
