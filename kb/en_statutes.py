"""English and US statutes by title and section range (``kb/corpus/en_statute_titles.yaml``).

A review that cites "Unfair Contract Terms Act 1977, s 37" or "UCC § 2A-619" cites a section
that does not exist: UCTA ends at s 32 and Article 2A has no Part 6. This module recognises a
listed statute in an authority string and says whether the section lies in one of its ranges.
A statute it does not list is no evidence of invention: :func:`judge_section` returns None.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from kb.registry import CORPUS_DIR
from kb.safe_yaml import safe_load

EN_STATUTES_PATH = CORPUS_DIR / "en_statute_titles.yaml"

Ranges = list[tuple[int, int]]


class Statute(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    title: str
    aliases: list[str] = Field(default_factory=list)
    sections: Ranges = Field(default_factory=list)
    articles: dict[str, Ranges] = Field(
        default_factory=dict, description="UCC-style numbers: article prefix → section ranges"
    )
    repealed: str | None = Field(
        default=None, description="by what and from when it no longer applies, where it does not"
    )


class _File(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    sources: list[str] = Field(min_length=1)
    statutes: list[Statute] = Field(min_length=1)


@dataclass(frozen=True)
class SectionJudgement:
    exists: bool
    reason: str


@cache
def load_statutes(path: Path = EN_STATUTES_PATH) -> tuple[Statute, ...]:
    return tuple(_File.model_validate(safe_load(path.read_text("utf-8"))).statutes)


def _name_pattern(name: str) -> str:
    return r"\s+".join(re.escape(w) for w in name.split())


# the section after the name ("UCTA 1977, s 37", "UCC § 2A-619") or before it ("section 37 of
# the Unfair Contract Terms Act 1977")
_SECTION_WORD = r"(?:ss?\.?|[Ss]ections?|§§?|[Ss]ec\.)"
_NUMBER = r"(?P<num>(?:\d[A-Z]?-)?\d+)[A-Z]?\b"


def _find(statute: Statute, text: str) -> re.Match[str] | None:
    names = sorted([statute.title, *statute.aliases], key=len, reverse=True)
    name = "|".join(_name_pattern(n) for n in names)
    after = rf"(?<![\w-])(?:the\s+)?(?:{name})(?![\w-])[\s,]*(?:{_SECTION_WORD})\s*{_NUMBER}"
    before = rf"{_SECTION_WORD}\s*{_NUMBER}(?:\([\w]+\))*\s+of\s+(?:the\s+)?(?:{name})(?![\w-])"
    return re.search(after, text) or re.search(before, text)


def _in(ranges: Ranges, number: int) -> bool:
    return any(low <= number <= high for low, high in ranges)


def _judge(statute: Statute, raw: str) -> SectionJudgement:
    if statute.articles:
        prefix, _, rest = raw.rpartition("-")
        ranges = statute.articles.get(prefix.upper())
        if not prefix or ranges is None or not rest.isdigit():
            return SectionJudgement(True, f"{statute.title} § {raw}: article not listed")
        if _in(ranges, int(rest)):
            return SectionJudgement(True, f"{statute.title} § {raw} exists")
        spans = ", ".join(f"{prefix}-{a}–{prefix}-{b}" for a, b in ranges)
        return SectionJudgement(
            False, f"{statute.title} Article {prefix} has sections {spans}; there is no § {raw}"
        )
    number = int(re.sub(r"\D.*$", "", raw))
    if _in(statute.sections, number):
        return SectionJudgement(True, f"{statute.title} has a section {raw}")
    spans = ", ".join(f"{a}–{b}" for a, b in statute.sections)
    return SectionJudgement(
        False, f"the {statute.title} has sections {spans}; there is no section {raw}"
    )


def judge_section(authority: str) -> SectionJudgement | None:
    """What the registry says about the section an authority cites; None when it names no
    listed statute with a section."""
    for statute in load_statutes():
        if not statute.sections and not statute.articles:
            continue  # listed for its repeal only: its sections are not known here
        m = _find(statute, authority)
        if m is not None:
            return _judge(statute, m.group("num"))
    return None


# the point itself says the Act is gone: "the DPA 1998, since repealed by the DPA 2018"
_HISTORY = re.compile(
    r"\b(?:repeal\w*|revoked|replaced|superseded|former(?:ly)?|predecessor)\b", re.I
)


@dataclass(frozen=True)
class Repeal:
    title: str
    reason: str


def repealed_statute(text: str) -> Repeal | None:
    """A listed statute the text relies on that is no longer in force ("Data Protection Act 1998,
    Schedule 1"): only by its full title with its year, and not where the sentence says it is
    repealed or former."""
    for statute in load_statutes():
        if statute.repealed is None:
            continue
        m = re.search(rf"(?<![\w-]){_name_pattern(statute.title)}(?![\w-])", text)
        if m is None:
            continue
        start = max(text.rfind(".", 0, m.start()), text.rfind("\n", 0, m.start())) + 1
        stop = [i for i in (text.find(".", m.end()), text.find("\n", m.end())) if i >= 0]
        if _HISTORY.search(text[start : min(stop) if stop else len(text)]):
            continue
        return Repeal(
            statute.title, f"the {statute.title} is no longer in force: {statute.repealed}"
        )
    return None
