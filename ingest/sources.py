"""Which files to ingest, and under which law: the bundled registry, or user-given paths."""

from __future__ import annotations

import re
from pathlib import Path

from ingest.loaders import SUFFIXES
from ingest.sync import IngestSummary, Progress, SourceSpec, ingest
from kb.registry import CORPUS_DIR, LawEntry, Registry, default_registry
from kb.store import ChunkStore
from kb.types import Jurisdiction, LawStatus
from kb.values import InputNotFoundError, UnsupportedInputError

_CJK = re.compile(r"[\u4e00-\u9fff]")


def bundled_specs(registry: Registry | None = None) -> list[SourceSpec]:
    registry = registry or default_registry()
    return [
        SourceSpec(CORPUS_DIR / source, law, source)
        for law in registry.laws
        for source in law.sources
    ]


def build_bundled(
    store: ChunkStore, *, jobs: int = 1, progress: Progress | None = None
) -> IngestSummary:
    """Bring ``store`` in line with the bundled corpus: idempotent, prunes dropped sources."""
    return ingest(store, bundled_specs(), prune=True, jobs=jobs, progress=progress)


def specs_for_paths(
    paths: list[Path],
    *,
    law_key: str | None = None,
    title: str | None = None,
    jurisdiction: Jurisdiction | None = None,
    status: LawStatus = "in_force",
    registry: Registry | None = None,
) -> list[SourceSpec]:
    """Expand folders; files of the bundled corpus keep their registry law, others get one."""
    registry = registry or default_registry()
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix.lower() in SUFFIXES))
        elif path.exists():
            if path.suffix.lower() not in SUFFIXES:
                raise UnsupportedInputError(
                    path,
                    f"unsupported statute file type {path.suffix!r}",
                    f"use {', '.join(SUFFIXES)}",
                )
            files.append(path)
        else:
            raise InputNotFoundError(path, "no such file or folder", "check the path")
    specs: list[SourceSpec] = []
    for file in files:
        resolved = file.resolve()
        relative = _corpus_relative(resolved)
        known = registry.law_for_source(relative) if relative else None
        if known is not None and law_key is None:
            specs.append(SourceSpec(resolved, known, relative or str(resolved)))
            continue
        specs.append(
            SourceSpec(
                resolved, _adhoc_law(resolved, law_key, title, jurisdiction, status), str(resolved)
            )
        )
    return specs


def _corpus_relative(path: Path) -> str | None:
    try:
        return str(path.relative_to(CORPUS_DIR))
    except ValueError:
        return None


def _adhoc_law(
    path: Path,
    law_key: str | None,
    title: str | None,
    jurisdiction: Jurisdiction | None,
    status: LawStatus,
) -> LawEntry:
    """A registry entry for a file the registry does not list, from options or the file itself."""
    head = (
        path.read_text(encoding="utf-8", errors="replace")[:4000] if path.suffix != ".pdf" else ""
    )
    first_heading = next((ln[2:].strip() for ln in head.splitlines() if ln.startswith("# ")), None)
    title = title or first_heading or path.stem
    if jurisdiction is None:
        jurisdiction = "cn" if _CJK.search(title + head[:500]) else "us"
    if law_key is None:
        slug = re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-")
        if not slug:  # a Chinese file name: derive a stable key from it
            import hashlib

            slug = "doc-" + hashlib.sha256(path.stem.encode()).hexdigest()[:8]
        law_key = f"{jurisdiction}.{slug}"
    import datetime as dt

    return LawEntry(
        key=law_key,
        title=title,
        jurisdiction=jurisdiction,
        kind="statute",
        version_date=dt.date.fromtimestamp(path.stat().st_mtime),
        status=status,
        replaced_by=None,
        sources=(str(path),),
    )
