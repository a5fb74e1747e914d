"""The law registry (``kb/corpus/registry.yaml``): keys, titles, aliases, status, sources.

One entry per law. Repealed laws carry ``replaced_by`` and no text. Aliases are matched after
:func:`normalise_name`, so 《中华人民共和国民法典》, 《民法典》 and 民法典 are one name.
``english_aliases`` (PRC laws) are matched after :func:`normalise_english_name`, so "the PRC
Civil Code", "Civil Code of the People's Republic of China" and "civil code" are one name.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from kb.locations import package_data
from kb.safe_yaml import safe_load
from kb.types import Jurisdiction, LawStatus
from kb.values import KBRegistryError

CORPUS_DIR = package_data("kb", "corpus")
REGISTRY_PATH = CORPUS_DIR / "registry.yaml"

KEY_PATTERN = r"^(cn|us)\.[a-z0-9][a-z0-9-]*$"  # cn.civil-code, us.9usc
_NAME_NOISE = re.compile(r"[\s《》〈〉<>()（）“”\"'「」『』·]")


def normalise_name(name: str) -> str:
    """Fold a law name for alias matching: drop brackets, quotes, spaces, the state name, case."""
    return _NAME_NOISE.sub("", name).replace("中华人民共和国", "").casefold()


# English law names: words that never tell two laws apart (articles, connectors, the state's
# name, "SPC ... Interpretation on Several Issues concerning the Application of").
# fmt: off
_EN_FILLER = frozenset({
    "the", "of", "on", "for", "in", "to", "a", "an", "and", "concerning", "regarding",
    "relating", "related", "about", "several", "certain", "some", "issue", "question",
    "matter", "application", "applying", "apply", "applicable", "spc", "judicial", "prc",
    "china", "chinese", "no"
})
# fmt: on
_EN_STATE = re.compile(
    r"people'?s\s+republic\s+of\s+china|supreme\s+people'?s\s+court|\bp\.\s?r\.\s?c\.?"
)
_EN_SPELLING = {"labour": "labor", "implementing": "implement", "implementation": "implement",
                "provisional": "interim", "first": "i", "second": "ii", "third": "iii",
                "fourth": "iv", "fifth": "v", "1": "i", "2": "ii", "3": "iii", "4": "iv",
                "5": "v"}  # fmt: skip


def normalise_english_name(name: str) -> str:
    """Fold an English law name to a key: case, hyphens, plurals, "the", "PRC", "People's
    Republic of China", "SPC" and connectors go, and word order does not count ("Arbitration
    Law Interpretation" is "SPC Interpretation on the Arbitration Law")."""
    text = name.casefold().replace("’", "'").replace("&", " and ")
    text = _EN_STATE.sub(" ", text)
    text = re.sub(r"'s\b|'", "", text)
    text = re.sub(r"\b(anti|e|cyber)[\s-]+(?=[a-z])", r"\1", text)  # anti-monopoly, e-commerce
    words: list[str] = []
    for word in re.findall(r"[a-z0-9]+", text):
        if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]  # regulations -> regulation, rights -> right
        word = _EN_SPELLING.get(word, word)
        if word not in _EN_FILLER:
            words.append(word)
    return " ".join(sorted(words))


class LawEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(pattern=KEY_PATTERN)
    title: str
    aliases: tuple[str, ...] = ()
    english_aliases: tuple[str, ...] = ()  # PRC laws: the English names lawyers write
    jurisdiction: Jurisdiction
    kind: str = Field(pattern=r"^(statute|judicial_interpretation)$")
    version_date: dt.date
    effective_date: dt.date | None = None
    status: LawStatus
    repealed_date: dt.date | None = None
    replaced_by: str | None = None
    article_count: int | None = Field(default=None, ge=1)
    article_prefix: str = ""
    sources: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _check_status(self) -> LawEntry:
        if self.status == "repealed" and not self.replaced_by:
            raise ValueError("a repealed law needs replaced_by (the registry key of its successor)")
        if not self.sources and self.article_count is None:
            raise ValueError("a law without bundled text needs article_count")
        return self

    @property
    def basis_kind(self) -> str:
        return self.kind


class Registry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    laws: tuple[LawEntry, ...]

    def get(self, key: str) -> LawEntry | None:
        return self._by_key().get(key)

    def _by_key(self) -> dict[str, LawEntry]:
        return {law.key: law for law in self.laws}

    def alias_index(self) -> dict[str, str]:
        """Normalised name -> law key, for every title and alias."""
        index: dict[str, str] = {}
        for law in self.laws:
            for name in (law.title, *law.aliases):
                index.setdefault(normalise_name(name), law.key)
        return index

    def english_index(self) -> dict[str, str]:
        """:func:`normalise_english_name` of each English alias -> law key."""
        return {
            normalise_english_name(name): law.key
            for law in self.laws
            for name in law.english_aliases
        }

    def with_laws(self, laws: Sequence[LawEntry], path: Path) -> Registry:
        """This registry plus ``laws`` (a KB folder's local registry, read from ``path``),
        checked as one: unique keys, every successor known, each alias one law's."""
        merged = Registry(laws=(*self.laws, *laws))
        _check_references(path, merged)
        return merged

    def law_for_source(self, source: str) -> LawEntry | None:
        for law in self.laws:
            if source in law.sources:
                return law
        return None


def load_registry(path: Path = REGISTRY_PATH) -> Registry:
    """Load and validate a registry file; every error names the file and the entry."""
    try:
        raw = safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise KBRegistryError(
            f"{path}: registry file not found. Fix: restore it from git"
        ) from None
    except yaml.YAMLError as exc:
        raise KBRegistryError(f"{path}: not valid YAML ({exc}). Fix: correct the syntax") from exc
    try:
        registry = Registry.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = " -> ".join(str(p) for p in first["loc"])
        raise KBRegistryError(f"{path}: {where}: {first['msg']}. Fix: correct that entry") from exc
    _check_references(path, registry)
    return registry


def _check_references(path: Path, registry: Registry) -> None:
    keys = [law.key for law in registry.laws]
    duplicates = sorted({k for k in keys if keys.count(k) > 1})
    if duplicates:
        raise KBRegistryError(f"{path}: duplicate keys {duplicates}. Fix: make each key unique")
    for law in registry.laws:
        if law.replaced_by and registry.get(law.replaced_by) is None:
            raise KBRegistryError(
                f"{path}: {law.key}: replaced_by {law.replaced_by!r} is not a registry key. "
                f"Fix: use one of {sorted(keys)[:5]}..."
            )
    seen: dict[str, str] = {}
    for law in registry.laws:
        for name in (law.title, *law.aliases):
            folded = normalise_name(name)
            if seen.get(folded, law.key) != law.key:
                raise KBRegistryError(
                    f"{path}: alias {name!r} of {law.key} is also used by {seen[folded]}. "
                    "Fix: give each alias to one law only"
                )
            seen[folded] = law.key
    english: dict[str, str] = {}
    for law in registry.laws:
        for name in law.english_aliases:
            folded = normalise_english_name(name)
            if english.setdefault(folded, law.key) != law.key:
                raise KBRegistryError(
                    f"{path}: English alias {name!r} of {law.key} reads as {english[folded]}'s "
                    f"({folded!r}). Fix: give each English name to one law only"
                )


@cache
def default_registry() -> Registry:
    return load_registry(REGISTRY_PATH)
