"""English legal reasoning read against Chinese statute text.

An English review of a contract governed by PRC law cites 民法典 articles whose text is Chinese.
Dense e5 cosines across the two languages sit in one narrow band for supporting and unrelated
articles alike, so they say nothing. A glossary of PRC contract-law terms
(``kb/corpus/glossary_en_zh.yaml``) turns the English claim into the statutory words it speaks
of ("retention of title" -> 所有权保留); an article is then measured by how many of those terms
it states, against the other articles of the same law.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from kb.registry import CORPUS_DIR
from kb.safe_yaml import safe_load

GLOSSARY_PATH = CORPUS_DIR / "glossary_en_zh.yaml"


@dataclass(frozen=True)
class Term:
    """One glossary entry: its English phrasings (one pattern) and its statutory words."""

    en: re.Pattern[str]
    zh: tuple[str, ...]

    def stated_in(self, text: str) -> bool:
        return any(word in text for word in self.zh)


@cache
def glossary(path: Path = GLOSSARY_PATH) -> tuple[Term, ...]:
    """The glossary's entries; an empty tuple when the file is absent."""
    if not path.is_file():
        return ()
    data = safe_load(path.read_text(encoding="utf-8")) or {}
    terms: list[Term] = []
    for entry in data.get("terms", []):
        phrases = sorted((str(p).lower() for p in entry.get("en", [])), key=len, reverse=True)
        words = tuple(str(w) for w in entry.get("zh", []) if str(w))
        if phrases and words:
            alternatives = "|".join(re.escape(p) for p in phrases)
            terms.append(Term(re.compile(rf"\b(?:{alternatives})\b"), words))
    return tuple(terms)


def terms_of(claim: str, terms: Sequence[Term] | None = None) -> list[Term]:
    """The glossary entries an English claim speaks of."""
    lowered = claim.lower()
    return [t for t in (glossary() if terms is None else terms) if t.en.search(lowered)]


def coverage(terms: Sequence[Term], text: str) -> int:
    """How many of ``terms`` the (Chinese) text states."""
    return sum(t.stated_in(text) for t in terms)
