"""Statutes a user adds to a KB folder and registers, so that citations of them resolve.

``contract-review kb ingest FILE --law-key cn.my-rules --law-name 某某条例 --status in_force``
stores the file's articles like any ingest, and records the law in the KB folder's local
registry, ``registry.local.yaml`` (in the state folder, beside the manifest): entries of the
bundled registry's own format (:class:`kb.registry.LawEntry`). A KB's registry is the bundled
one plus these (:func:`kb_registry`), checked as one; its catalog (:func:`kb_catalog`) holds
the registered laws' articles as the store holds them, so 《某某条例》第5条 or "Example Act § 5"
resolves, and verification says exists / in force (or repealed, naming the successor) /
supports, as for a bundled law.

:class:`LawOptions` (``kb ingest``'s options; :func:`register` makes the entry) are checked
against the bundled registry and the laws already registered: a
:class:`~kb.values.LawOptionError`, a usage error, names the option and the fix.
``kb ingest`` writes the file after a successful ingest, under the ingest lock; a review only
reads it, like everything else in the KB folder.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from kb.catalog import Catalog, article_from_chunk, default_catalog
from kb.locations import default_kb_path
from kb.registry import KEY_PATTERN, LawEntry, Registry, default_registry, normalise_name
from kb.safe_yaml import safe_load
from kb.store import KBLocation, StoredChunk
from kb.types import LawStatus
from kb.values import KBNotBuiltError, KBRegistryError, LawOptionError

LOCAL_REGISTRY = "registry.local.yaml"
STATUSES: tuple[LawStatus, ...] = ("in_force", "repealed")
_KEY = re.compile(KEY_PATTERN)
_HEADER = (
    "# Laws added to this KB folder by `contract-review kb ingest --law-key ... --law-name ...`,\n"
    "# in the format of kb/corpus/registry.yaml. Their text is in the KB store; reviews read\n"
    "# this file to resolve citations of them. Written by kb ingest: edit it only to remove a\n"
    "# law (then ingest again or rebuild).\n"
)


class _LocalRegistry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    laws: tuple[LawEntry, ...] = ()


def local_registry_path(state_dir: Path) -> Path:
    return state_dir / LOCAL_REGISTRY


def read_local_laws(state_dir: Path) -> tuple[LawEntry, ...]:
    """The laws registered in this KB folder; none when it has no local registry."""
    path = local_registry_path(state_dir)
    if not path.is_file():
        return ()
    fix = "Fix: correct it, or delete it and run your `kb ingest --law-name` commands again"
    try:
        raw = safe_load(path.read_text(encoding="utf-8"))
        laws = _LocalRegistry.model_validate(raw or {}).laws
    except (OSError, UnicodeDecodeError) as exc:
        raise KBRegistryError(
            f"{path}: the KB's local registry cannot be read ({exc}). {fix}"
        ) from exc
    except yaml.YAMLError as exc:
        raise KBRegistryError(f"{path}: not valid YAML ({exc}). {fix}") from exc
    except ValidationError as exc:
        first = exc.errors()[0]
        where = " -> ".join(str(p) for p in first["loc"])
        raise KBRegistryError(f"{path}: {where}: {first['msg']}. {fix}") from exc
    bundled = default_registry()
    for law in laws:
        if bundled.get(law.key) is not None:
            raise KBRegistryError(
                f"{path}: {law.key} is a bundled law; the local registry may only add laws. {fix}"
            )
    return laws


def kb_registry(state_dir: Path) -> Registry:
    """The registry of the KB at ``state_dir``: the bundled laws and those registered there."""
    laws = read_local_laws(state_dir)
    if not laws:
        return default_registry()
    return default_registry().with_laws(laws, local_registry_path(state_dir))


def kb_catalog(state_dir: Path, chunks: Sequence[StoredChunk]) -> Catalog:
    """The catalog citations resolve against in this KB: the bundled one, plus the laws
    registered in the folder with the articles ``chunks`` (the store's) hold of them."""
    laws = read_local_laws(state_dir)
    if not laws:
        return default_catalog()
    keys = frozenset(law.key for law in laws)
    articles = [
        article_from_chunk(c.doc_id, c.text, c.metadata)
        for c in chunks
        if c.metadata.get("law_key") in keys
    ]
    registry = default_registry().with_laws(laws, local_registry_path(state_dir))
    return Catalog(registry, ingested=articles, ingested_laws=keys)


def open_catalog(kb_path: Path | None, kb_url: str | None, backend: str) -> Catalog:
    """:func:`kb_catalog` of the KB at ``kb_path``/``kb_url`` (``kb verify``): the bundled
    catalog, opening nothing, when no law is registered there. When the KB holds no collection
    for ``backend``, the registered laws are known by name, and their articles are not held."""
    from kb.health import open_reader

    location = KBLocation(path=kb_path or default_kb_path(), url=kb_url)
    if not local_registry_path(location.state_dir).is_file():
        return default_catalog()
    try:
        chunks = open_reader(kb_path, kb_url, backend).all_chunks()
    except KBNotBuiltError:
        chunks = []
    return kb_catalog(location.state_dir, chunks)


@dataclass(frozen=True)
class LawOptions:
    """``kb ingest``'s options about the law: ``name`` (``--law-name``) registers it."""

    key: str | None = None
    name: str | None = None
    status: str | None = None
    replaced_by: str | None = None
    aliases: tuple[str, ...] = ()
    title: str | None = None  # --title: a label for search, registering nothing
    jurisdiction: str | None = None

    def settled(self, registered: Sequence[LawEntry]) -> LawOptions:
        """More files of a law registered before, or its new status: the rest of its entry
        stays as registered unless --law-name restates it."""
        previous = next((law for law in registered if law.key == self.key), None)
        if previous is None or self.name is not None or self.title is not None:
            return self
        status = self.status or previous.status
        replaced_by = self.replaced_by
        if status == "repealed" and replaced_by is None:
            replaced_by = previous.replaced_by
        return replace(
            self, name=previous.title, aliases=self.aliases or previous.aliases, status=status,
            replaced_by=replaced_by,
        )  # fmt: skip

    def check(self) -> None:
        """What can be told from the options alone; :meth:`entry` checks the rest."""
        if self.key is not None:
            check_key(self.key)
        if self.jurisdiction not in (None, "cn", "us"):
            raise LawOptionError(
                "--jurisdiction", f"{self.jurisdiction!r} is no jurisdiction. Fix: use cn or us"
            )
        if self.name is not None and self.title is not None:
            raise LawOptionError(
                "--title", "--law-name already gives a registered law's title. Fix: drop --title"
            )
        if self.name is None:
            given = [
                option
                for option, value in (("--status", self.status), ("--replaced-by",
                                      self.replaced_by), ("--alias", self.aliases or None))
                if value is not None
            ]  # fmt: skip
            if given:
                raise LawOptionError(
                    given[0], "it registers the law, which needs a name. Fix: add --law-name "
                    '"<the law\'s title>" and --law-key'
                )  # fmt: skip

    def entry(self, sources: Sequence[Path], registered: Sequence[LawEntry]) -> LawEntry | None:
        """The registry entry to record, or None when the options register nothing."""
        if self.name is None:
            return None
        return register(
            self.key, self.name, status=self.status or "in_force",
            replaced_by=self.replaced_by, aliases=self.aliases, jurisdiction=self.jurisdiction,
            sources=sources, registered=registered,
        )  # fmt: skip


def check_key(key: str) -> None:
    """``--law-key`` must be a registry key, registered or not (it names the articles)."""
    if not _KEY.match(key):
        raise LawOptionError(
            "--law-key", f"{key!r} is not a registry key. Fix: use cn.<name> (PRC law) or "
            "us.<name> in lower-case letters, digits and hyphens, e.g. cn.shanghai-property-rules"
        )  # fmt: skip


def register(
    key: str | None,
    name: str,
    *,
    status: str,
    replaced_by: str | None,
    aliases: Sequence[str],
    jurisdiction: str | None,
    sources: Sequence[Path],
    registered: Sequence[LawEntry],
) -> LawEntry:
    """The registry entry ``kb ingest --law-key KEY --law-name NAME ...`` adds, checked against
    the bundled registry and the laws ``registered`` in the folder already."""
    if not key:
        raise LawOptionError(
            "--law-name", "a registered law needs its key too. Fix: add --law-key cn.<name> "
            "or us.<name> (lower-case letters, digits and hyphens)"
        )  # fmt: skip
    check_key(key)
    bundled = default_registry()
    if (taken := bundled.get(key)) is not None:
        raise LawOptionError(
            "--law-key", f"{key} is the bundled 《{taken.title}》. Fix: give your statute a key "
            "of its own, e.g. " + key.replace(".", ".my-", 1)
        )  # fmt: skip
    if status not in STATUSES:
        raise LawOptionError(
            "--status", f"{status!r} is not a status. Fix: use one of {', '.join(STATUSES)}"
        )
    law_jurisdiction = key.partition(".")[0]
    if jurisdiction not in (None, law_jurisdiction):
        raise LawOptionError(
            "--jurisdiction", f"{key} is a {law_jurisdiction} key, so the law is {law_jurisdiction}"
            f" law. Fix: drop --jurisdiction {jurisdiction}, or use a {jurisdiction}.… key"
        )  # fmt: skip
    others = [law for law in registered if law.key != key]
    _check_successor(key, status, replaced_by, bundled, others)
    _check_names(key, (name, *aliases), bundled, others)
    previous = next((law for law in registered if law.key == key), None)
    paths = tuple(str(p) for p in sources)
    entry = LawEntry(
        key=key,
        title=name.strip(),
        aliases=tuple(a.strip() for a in aliases),
        jurisdiction=law_jurisdiction,
        kind="statute",
        version_date=dt.date.today(),
        status=status,
        replaced_by=replaced_by,
        sources=paths,
    )
    if previous is None:
        return entry
    left_out = [s for s in previous.sources if s not in paths]
    same = (previous.title, previous.aliases, previous.status, previous.replaced_by) == (
        entry.title, entry.aliases, entry.status, entry.replaced_by,
    )  # fmt: skip
    if left_out and not same:
        raise LawOptionError(
            "--law-key", f"{key} was also ingested from {left_out[0]}, whose articles would keep "
            "the old name and status. Fix: ingest all its files in one command: "
            f"`kb ingest {' '.join([*left_out, *paths])} --law-key {key} ...`"
        )  # fmt: skip
    return entry.model_copy(
        update={"sources": tuple(dict.fromkeys((*left_out, *paths))),
                "version_date": previous.version_date}
    )  # fmt: skip


def _check_successor(
    key: str,
    status: str,
    replaced_by: str | None,
    bundled: Registry,
    registered: Sequence[LawEntry],
) -> None:
    if status == "repealed" and not replaced_by:
        raise LawOptionError(
            "--status", "a repealed law needs the law that replaced it. Fix: add --replaced-by "
            "KEY (a bundled key such as cn.civil-code, or the --law-key of a statute you ingested)"
        )  # fmt: skip
    if replaced_by is None:
        return
    if status != "repealed":
        raise LawOptionError(
            "--replaced-by", f"only a repealed law has a successor, and this one is {status}. "
            "Fix: add --status repealed, or drop --replaced-by"
        )  # fmt: skip
    known = {law.key for law in registered} | {law.key for law in bundled.laws}
    if replaced_by == key or replaced_by not in known:
        why = "is the law itself" if replaced_by == key else "is no law of this KB's registry"
        raise LawOptionError(
            "--replaced-by", f"{replaced_by!r} {why}. Fix: use a bundled key (cn.civil-code, "
            "cn.labor-contract-law, ...) or ingest the successor first with its own --law-key "
            "and --law-name"
        )  # fmt: skip


def _check_names(
    key: str, names: Sequence[str], bundled: Registry, registered: Sequence[LawEntry]
) -> None:
    """Each name must tell this law apart: 民法典 already names cn.civil-code."""
    taken = bundled.alias_index()
    for law in registered:
        for other in (law.title, *law.aliases):
            taken.setdefault(normalise_name(other), law.key)
    for index, name in enumerate(names):
        option = "--alias" if index else "--law-name"
        folded = normalise_name(name)
        if not folded:
            raise LawOptionError(option, f"{name!r} is no name. Fix: give the law's title")
        owner = taken.get(folded)
        if owner is not None and owner != key:
            raise LawOptionError(
                option, f"{name!r} already names {owner}, so a citation of it could not tell the "
                "two laws apart. Fix: use your statute's full title, or another alias"
            )  # fmt: skip


def render(laws: Sequence[LawEntry]) -> str:
    """The local registry file's text (``kb ingest`` writes it atomically)."""
    entries = [law.model_dump(mode="json", exclude_defaults=True) for law in laws]
    body = yaml.safe_dump({"laws": entries}, allow_unicode=True, sort_keys=False)
    return _HEADER + body


def with_law(laws: Sequence[LawEntry], entry: LawEntry) -> tuple[LawEntry, ...]:
    """``laws`` with ``entry`` added, or in place of the entry of the same key."""
    kept = [entry if law.key == entry.key else law for law in laws]
    return tuple(kept if entry.key in {law.key for law in laws} else [*kept, entry])
