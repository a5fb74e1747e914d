"""PRC instruments named after a kind of contract: real ones, and the shape of invented ones.

PRC law governs the kinds of contract in the Civil Code's Book Three; apart from the Labour
Contract Law, the instruments named after a kind of contract are SPC interpretations (sales,
leases, construction, technology, financial leasing, land use ...) and a few regulations. An
English citation of a "PRC Law on Processing Contracts" or "Regulations on Warehousing Service
Contracts" names a contract kind that no real instrument covers, the commonest shape of an
invented PRC law. Whatever the registry's English aliases or the areas listed here share a word
with is left unverifiable: a real instrument written under another English name must not be
called invented.
"""

from __future__ import annotations

import re
from functools import cache

from kb.law_titles import LawTitles, default_law_titles

_CONTRACT = re.compile(r"\b(?:contracts?|agreements?)\b", re.I)
_WORD = re.compile(r"[a-z][a-z'’-]+")
# words of any instrument's name: what a contract kind is not
_GENERIC = frozenset(
    [
        "prc",
        "spc",
        "npc",
        "npcsc",
        "china",
        "chinese",
        "people's",
        "people’s",
        "republic",
        "supreme",
        "court",
        "state",
        "council",
        "law",
        "laws",
        "code",
        "civil",
        "book",
        "general",
        "part",
        "regulation",
        "regulations",
        "provision",
        "provisions",
        "rule",
        "rules",
        "measure",
        "measures",
        "interpretation",
        "interpretations",
        "decision",
        "decisions",
        "opinion",
        "opinions",
        "notice",
        "on",
        "of",
        "the",
        "over",
        "for",
        "concerning",
        "regarding",
        "relating",
        "and",
        "in",
        "to",
        "with",
        "under",
        "about",
        "by",
        "dispute",
        "disputes",
        "contract",
        "contracts",
        "contractual",
        "agreement",
        "agreements",
        "several",
        "issues",
        "issue",
        "application",
        "applying",
        "applicable",
        "trial",
        "trials",
        "cases",
        "case",
        "hearing",
        "handling",
        "administration",
        "administrative",
        "implementation",
        "implementing",
        "implement",
        "certain",
        "matters",
        "questions",
        "unified",
        "new",
        "revised",
        "amended",
        "interim",
        "provisional",
    ]
)
# areas that real PRC instruments on contracts cover, beyond the registry's English aliases:
# guarantees and security, lending, insurance, property services, tourism, franchising,
# carriage by sea, mining rights, labour dispatch, electricity supply, procurement and bidding,
# auctions, trusts, securities, partnership, foreign investment, technology import and export
_REAL_AREAS = frozenset(
    [
        "guarantee",
        "guarantees",
        "guaranty",
        "surety",
        "suretyship",
        "security",
        "securities",
        "mortgage",
        "pledge",
        "lending",
        "loan",
        "loans",
        "borrowing",
        "private",
        "insurance",
        "property",
        "estate",
        "real",
        "residential",
        "housing",
        "tourism",
        "travel",
        "franchise",
        "franchising",
        "commercial",
        "maritime",
        "sea",
        "carriage",
        "shipping",
        "mining",
        "dispatch",
        "electricity",
        "power",
        "supply",
        "procurement",
        "government",
        "bidding",
        "tendering",
        "auction",
        "trust",
        "trusts",
        "partnership",
        "foreign",
        "investment",
        "import",
        "export",
        "agricultural",
        "rural",
        "forestry",
        "water",
        "labour",
        "labor",
        "employment",
    ]
)


def _subject_words(name: str) -> set[str]:
    return {w for w in _WORD.findall(name.lower()) if w not in _GENERIC}


@cache
def _known_subjects(titles: LawTitles) -> frozenset[str]:
    words: set[str] = set(_REAL_AREAS)
    for entry in titles.laws:
        for alias in entry.aliases:
            if _CONTRACT.search(alias):
                words |= _subject_words(alias)
    return frozenset(words)


def invented_contract_kind(name: str, titles: LawTitles | None = None) -> str | None:
    """The contract kind an unknown English PRC name is about ("processing", "warehousing
    service"), when no real instrument covers it; None when it names no contract or shares a
    word with one that is real."""
    if not _CONTRACT.search(name):
        return None
    subjects = _subject_words(name)
    known = _known_subjects(titles if titles is not None else default_law_titles())
    if not subjects or subjects & known:
        return None
    return " ".join(w for w in _WORD.findall(name.lower()) if w in subjects)
