"""Legal-thesaurus query expansion for BM25: everyday words → the words statutes use.

Users ask "房东把房子卖了" where the Code says "出租人 … 所有权变动"; no shared token means BM25
cannot find the article and the small multilingual embedding model finds it only sometimes.
``kb/thesaurus/{zh,en}.yaml`` map concepts in everyday wording to statutory terms; the terms are
appended to the lexical query (dense queries stay as typed: expanding them lowered recall@1).
Chinese `ask` terms match as substrings (there are no word boundaries); English ones match
whole words, case-insensitively.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeGuard

import yaml

from kb.locations import package_data
from kb.safe_yaml import safe_load
from kb.values import KnowledgeBaseError

THESAURUS_DIR = package_data("kb", "thesaurus")


@dataclass(frozen=True)
class Thesaurus:
    # (ask term, its pattern, statutory terms), longest ask term first
    entries: tuple[tuple[str, re.Pattern[str], tuple[str, ...]], ...]

    def terms_for(self, query: str) -> list[str]:
        """Statutory terms for the concepts ``query`` mentions, in first-seen order.

        A term the query already has is kept: repeating it weights the statutory word (on
        golden_set/kb this was +0.015 Chinese recall@5 over dropping it).
        """
        found: dict[str, None] = {}
        for _ask, pattern, law in self.entries:
            if pattern.search(query):
                found.update(dict.fromkeys(law))
        return list(found)

    def expand(self, query: str) -> str:
        terms = self.terms_for(query)
        return f"{query} {' '.join(terms)}" if terms else query


def _pattern(term: str) -> re.Pattern[str]:
    if re.search(r"[\u4e00-\u9fff]", term):
        return re.compile(re.escape(term))
    return re.compile(rf"(?<![\w-]){re.escape(term)}(?![\w-])", re.IGNORECASE)


def load_thesaurus(paths: tuple[Path, ...]) -> Thesaurus:
    entries: dict[tuple[str, tuple[str, ...]], None] = {}
    for path in paths:
        try:
            groups = safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as exc:
            raise KnowledgeBaseError(
                f"{path}: cannot read the thesaurus ({exc}). Fix: restore it from git"
            ) from exc
        if not isinstance(groups, list):
            raise KnowledgeBaseError(f"{path}: expected a list of {{ask, law}} groups")
        for number, group in enumerate(groups, start=1):
            fields = group if isinstance(group, dict) else {}
            ask, law = fields.get("ask"), fields.get("law")
            if not _strings(ask) or not _strings(law):
                raise KnowledgeBaseError(
                    f"{path}: group {number} needs non-empty string lists `ask` and `law`. "
                    "Fix: e.g. {ask: [房东], law: [出租人]}"
                )
            for term in ask:
                entries[(term, tuple(law))] = None
    ordered = sorted(entries, key=lambda e: -len(e[0]))
    return Thesaurus(tuple((ask, _pattern(ask), law) for ask, law in ordered))


def _strings(value: object) -> TypeGuard[list[str]]:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) and v for v in value)


@cache
def default_thesaurus() -> Thesaurus:
    return load_thesaurus(tuple(sorted(THESAURUS_DIR.glob("*.yaml"))))
