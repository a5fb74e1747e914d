"""A titles-only registry of PRC laws (``kb/corpus/law_titles.yaml``) and a check of citations
against it.

The KB holds the text of a few dozen laws (``kb/corpus/registry.yaml``). This registry knows the
titles of some hundreds more (national laws, State Council regulations, SPC judicial
interpretations, a few departmental rules) with their status and article count, so that a
citation of a law outside the KB can be told from an invented law (《中华人民共和国房屋租赁条例》
does not exist) or from an article past the end of a real one (物业管理条例 has 67 articles).

- :func:`default_law_titles` and :meth:`LawTitles.find`: an entry by any name (the title, a short
  Chinese name, an English name such as "PRC Civil Code");
- :func:`title_citations`: every citation-like mention in free text (:mod:`kb.title_mentions`);
- :func:`judge` (also ``judge_title``): what the registry can say about one mention. It is
  conservative: a name it does not know is ``unknown_law`` however real it looks, and the
  caller decides how to word that.

The KB registry's PRC laws are entries here too, under the same title: their aliases are merged
in from registry.yaml when the file is loaded and ``kb_key`` is set, so :func:`judge` answers
``in_kb`` and the caller looks the article up in :mod:`kb.catalog`. One list of names, one
lookup, and the loader fails if the two files disagree on a law's status or count.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, model_validator

from kb.registry import (
    CORPUS_DIR,
    Registry,
    default_registry,
    normalise_english_name,
    normalise_name,
)
from kb.safe_yaml import safe_load
from kb.title_mentions import scan
from kb.values import KBRegistryError

TITLES_PATH = CORPUS_DIR / "law_titles.yaml"

TitleKind = Literal[
    "law", "administrative_regulation", "judicial_interpretation", "departmental_rule"
]
Verdict = Literal["unknown_law", "no_such_article", "exists_outside_kb", "repealed", "in_kb"]

_LATIN = re.compile(r"[A-Za-z]")
_CJK = re.compile(r"[\u3400-\u9fff]")
_VERSION = re.compile(r"[（(]\s*(?:19|20)\d{2}\s*年?[^）)]{0,8}[)）]\s*$")
_LOCAL_NAME = re.compile(r"^.{1,8}?(?:省|市|自治区|自治州|特别行政区|经济特区)")
_COUNT_YEAR = re.compile(r"\(((?:19|20)\d{2})-\d{2}-\d{2}\)")


class TitleEntry(BaseModel):
    """One law, regulation or judicial interpretation, by title."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    title: str
    aliases: tuple[str, ...] = ()  # short Chinese names and English names
    kind: TitleKind
    status: Literal["in_force", "repealed"]
    repealed_date: dt.date | None = None
    replaced_by: str | None = None  # the successor's title
    repeal_source: str | None = None
    article_count: int | None = Field(default=None, ge=1)
    count_source: str | None = None  # the text counted, "memory", or None
    note: str | None = None
    kb_key: str | None = None  # set on load for the KB registry's laws; never in the YAML

    @model_validator(mode="after")
    def _check(self) -> TitleEntry:
        if self.status == "repealed" and self.repealed_date is None:
            raise ValueError("a repealed entry needs repealed_date")
        if self.article_count is not None and not self.count_source:
            raise ValueError("an article_count needs its count_source (a file or 'memory')")
        return self

    @property
    def count_year(self) -> int | None:
        """The year of the text counted, from its file name: 物业管理条例(2018-03-19).md -> 2018."""
        match = _COUNT_YEAR.search(self.count_source or "")
        return int(match.group(1)) if match else None


class LawTitles(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    sources: tuple[str, ...]
    laws: tuple[TitleEntry, ...]
    _chinese: dict[str, TitleEntry] = PrivateAttr(default_factory=dict)
    _english: dict[str, TitleEntry] = PrivateAttr(default_factory=dict)

    def model_post_init(self, context: object, /) -> None:
        for entry in self.laws:
            for name in (entry.title, *entry.aliases):
                if _LATIN.search(name) and not _CJK.search(name):
                    self._english.setdefault(normalise_english_name(name), entry)
                else:
                    self._chinese.setdefault(normalise_name(name), entry)

    def find(self, name: str) -> TitleEntry | None:
        """The entry a name means: 《中华人民共和国物业管理条例》, 物业管理条例 and "Property
        Management Regulations" are one entry; a version suffix (（2018修订）) is ignored."""
        name = _VERSION.sub("", name.strip().strip("《》〈〉").strip())
        entry = self._chinese.get(normalise_name(name))
        if entry is None and _LATIN.search(name):
            entry = self._english.get(normalise_english_name(name))
        return entry

    def get(self, title: str) -> TitleEntry | None:
        return next((entry for entry in self.laws if entry.title == title), None)

    def folded_names(self) -> dict[str, TitleEntry]:
        """Every Chinese alias and title, folded, with its entry: what
        :func:`kb.title_mentions.scan` checks before it takes a known name inside another.
        Judicial interpretations' full titles are left out: they embed statute names after
        适用 (关于贯彻执行《民法通则》 is not a longer name around 履行民法典)."""
        return {
            name: entry
            for name, entry in self._chinese.items()
            if entry.kind != "judicial_interpretation" or name != normalise_name(entry.title)
        }


class TitleCitation(BaseModel):
    """One citation-like mention of a law in free text."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    raw: str  # readable on its own: 《物业管理条例》第八十八条, Article 88 of the ...
    name: str  # the law's name as written
    article: int | None  # None for a bare 《X》
    entry: TitleEntry | None  # None when no such law is known
    start: int = 0  # half-open span in the text searched
    end: int = 0
    version: int | None = None  # the year of a version suffix: 公司法（2018修正） -> 2018


class TitleJudgement(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    citation: TitleCitation
    verdict: Verdict
    reason: str


def load_law_titles(path: Path = TITLES_PATH, registry: Registry | None = None) -> LawTitles:
    """Load and check the titles file; merge the KB registry's PRC laws into their entries."""
    registry = registry if registry is not None else default_registry()
    try:
        raw = safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise KBRegistryError(f"{path}: titles file not found. Fix: restore it from git") from None
    except yaml.YAMLError as exc:
        raise KBRegistryError(f"{path}: not valid YAML ({exc}). Fix: correct the syntax") from exc
    for index, item in enumerate(raw.get("laws", []) if isinstance(raw, dict) else []):
        if isinstance(item, dict) and "kb_key" in item:
            raise KBRegistryError(
                f"{path}: laws -> {index}: kb_key is set from registry.yaml on load. Fix: remove it"
            )
    try:
        titles = LawTitles.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = " -> ".join(str(p) for p in first["loc"])
        raise KBRegistryError(f"{path}: {where}: {first['msg']}. Fix: correct that entry") from exc
    merged = LawTitles(sources=titles.sources, laws=_merge(path, titles, registry))
    _check(path, merged)
    return merged


def _merge(path: Path, titles: LawTitles, registry: Registry) -> tuple[TitleEntry, ...]:
    by_title = {entry.title: entry for entry in titles.laws}
    if len(by_title) != len(titles.laws):
        titles_seen = [entry.title for entry in titles.laws]
        twice = sorted({title for title in titles_seen if titles_seen.count(title) > 1})
        raise KBRegistryError(f"{path}: titles listed twice: {twice}. Fix: keep one of each")
    for law in registry.laws:
        if law.jurisdiction != "cn":
            continue
        entry = by_title.get(law.title)
        if entry is None:
            raise KBRegistryError(
                f"{path}: {law.key} ({law.title}) of registry.yaml has no entry. Fix: add one "
                "with the same title"
            )
        if entry.status != law.status or (
            law.article_count is not None and entry.article_count != law.article_count
        ):
            raise KBRegistryError(
                f"{path}: {law.title}: status {entry.status}, {entry.article_count} articles; "
                f"registry.yaml says {law.status}, {law.article_count}. Fix: make them agree"
            )
        aliases = (*entry.aliases, *law.aliases, *law.english_aliases)
        by_title[law.title] = entry.model_copy(update={"aliases": aliases, "kb_key": law.key})
    return tuple(by_title[entry.title] for entry in titles.laws)


def _check(path: Path, titles: LawTitles) -> None:
    known = {entry.title for entry in titles.laws}
    for entry in titles.laws:
        if entry.replaced_by and entry.replaced_by not in known:
            raise KBRegistryError(
                f"{path}: {entry.title}: replaced_by {entry.replaced_by!r} is not a title here. "
                "Fix: add that law or correct the title"
            )
    seen: dict[str, str] = {}
    for entry in titles.laws:
        for name in (entry.title, *entry.aliases):
            english = bool(_LATIN.search(name)) and not _CJK.search(name)
            folded = ("en:" + normalise_english_name(name)) if english else normalise_name(name)
            if seen.setdefault(folded, entry.title) != entry.title:
                raise KBRegistryError(
                    f"{path}: {name!r} of {entry.title} also names {seen[folded]}. "
                    "Fix: give each name to one law only"
                )


@cache
def default_law_titles() -> LawTitles:
    return load_law_titles(TITLES_PATH)


def title_citations(text: str, titles: LawTitles | None = None) -> list[TitleCitation]:
    """Every citation-like mention of a law in ``text``, known or not, in order."""
    titles = titles if titles is not None else default_law_titles()
    return [
        TitleCitation(
            raw=m.raw,
            name=m.name,
            article=m.article,
            entry=m.target,
            start=m.start,
            end=m.end,
            version=m.version,
        )
        for m in scan(text, titles.find, titles.folded_names())
    ]


def judge(c: TitleCitation) -> TitleJudgement:
    """What the titles registry can say about one citation."""
    entry = c.entry
    label = _label(c)

    def verdict(kind: Verdict, reason: str) -> TitleJudgement:
        return TitleJudgement(citation=c, verdict=kind, reason=reason)

    if entry is None:
        local = (
            "; the name reads as a local regulation, and the registry lists national ones only"
            if _LOCAL_NAME.match(c.name)
            else ""
        )
        return verdict(
            "unknown_law",
            f"{c.name} is not in the titles registry of PRC laws, regulations and judicial "
            f"interpretations (kb/corpus/law_titles.yaml); the KB cannot confirm that it exists"
            + local,
        )
    if entry.kb_key is not None:
        return verdict(
            "in_kb", f"{entry.title} is in the KB ({entry.kb_key}); look the article up there"
        )
    count, source = entry.article_count, entry.count_source
    other_version = c.version is not None and entry.count_year not in (None, c.version)
    in_range = c.article is None or count is None or other_version or 1 <= c.article <= count
    if not in_range:
        repealed = f"; it was repealed on {entry.repealed_date}" if entry.repealed_date else ""
        return verdict(
            "no_such_article",
            f"{entry.title} has {count} articles (count: {source}); {label} does not exist"
            + repealed,
        )
    if c.article is not None and c.article < 1:
        return verdict("no_such_article", f"{label} does not exist: articles start at 1")
    if entry.status == "repealed":
        successor = f", replaced by {entry.replaced_by}" if entry.replaced_by else ""
        where = f" ({entry.repeal_source})" if entry.repeal_source else ""
        return verdict(
            "repealed", f"{entry.title} was repealed on {entry.repealed_date}{successor}{where}"
        )
    if c.article is None:
        checked = "no article is cited"
    elif other_version:
        checked = (
            f"the count of {count} articles is of the {entry.count_year} text, and {c.raw} "
            f"cites the {c.version} version, so {label} is not checked"
        )
    elif count is None:
        checked = f"its article count is unknown, so {label} is not checked"
    else:
        checked = f"{label} is within its {count} articles (count: {source})"
    return verdict(
        "exists_outside_kb", f"{entry.title} is in force; its text is not in the KB; {checked}"
    )


# The name pipeline/draft_check/citations.py imports.
judge_title = judge


def reads_local(name: str) -> bool:
    """The name reads as a local regulation (上海市…条例): the registry lists national ones."""
    return bool(_LOCAL_NAME.match(name))


def _label(c: TitleCitation) -> str:
    if c.article is None:
        return ""
    english = bool(_LATIN.search(c.raw)) and not _CJK.search(c.raw)
    return f"Article {c.article}" if english else f"第{c.article}条"
