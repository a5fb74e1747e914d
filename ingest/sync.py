"""Incremental, idempotent ingestion of statute files into a :class:`kb.store.StatuteStore`.

Under the ingest lock:
1. read every stored chunk's (content_hash, file_hash), grouped by source;
2. a source whose file hash equals the stored one, stored under the same law entry (title,
   status ...), is unchanged: nothing is read further or written;
3. otherwise chunk it and compare per article: new ids are added, changed content is
   re-embedded and upserted, ids no longer in the source are deleted, and articles whose text
   is identical only get their file hash updated;
4. with ``prune=True`` (the bundled build), sources no longer listed are removed;
5. write the manifest and the review snapshot; then run ``then`` (``kb ingest --law-name``
   registers the law in the KB folder there, still under the lock).

Steps 3-5 run under an "incomplete" marker (``kb.health``): a build killed midway leaves it,
so reviews and ``kb`` commands refuse the partial KB and name the command that resumes it. A
source is skipped unread (step 2) only when the manifest of a *finished* ingest records it with
the same file hash, the same law entry and as many articles as the store holds; any other
source is chunked and diffed per article, so a resumed ingest embeds only the articles still
missing.

Why not llama-index's IngestionPipeline + docstore + ChromaVectorStore (read in
llama_index/core/ingestion/pipeline.py and vector_stores/chroma/base.py, version 0.14):
- ``DocstoreStrategy.UPSERTS_AND_DELETE`` deletes every document that is absent from the current
  run (``existing - doc_ids_from_nodes``), so ``kb ingest one-file.md`` would wipe the rest of
  the KB; plain ``UPSERTS`` never removes articles dropped from a file. We need "removed from
  *this source*", which is per-source bookkeeping either way.
- The docstore is a second record of truth (a local JSON/KV store) beside Chroma; in server
  mode it lives on one machine while the collection is shared, so the two can drift.
- ChromaVectorStore writes node metadata in its own layout (``_node_content`` JSON, ``ref_doc_id``)
  that our BM25 index, ``kb show`` and plain Chroma clients would have to decode, and
  ``from_params`` creates collections without an embedding function (Chroma's default-embedding
  trap); ``from_collection`` avoids that only if we build the collection ourselves anyway.
So the diff is done directly on Chroma metadata (content hash per article, file hash per
source): about 150 lines, exact, and covered by tests.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ingest.chunking import Chunk, chunk_source
from ingest.loaders import LoadedSource, load_source
from ingest.lock import ingest_lock
from kb.health import IngestMarker, incomplete_marker
from kb.manifest import Manifest, SourceRecord, now, read_manifest, write_manifest
from kb.registry import LawEntry
from kb.store import ChunkStore, StatuteStore
from kb.values import KnowledgeBaseError

Progress = Callable[[str, int, int], None]  # (phase, advance, total)


@dataclass(frozen=True)
class SourceSpec:
    path: Path
    law: LawEntry
    source_id: str  # how the source is named in the store (corpus-relative or absolute path)


@dataclass
class IngestSummary:
    added: int = 0
    updated: int = 0
    removed: int = 0
    unchanged: int = 0
    files_unchanged: int = 0
    files_changed: int = 0
    files_removed: int = 0
    seconds: float = 0.0
    lock_wait_seconds: float = 0.0
    collection: str = ""
    details: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.added or self.updated or self.removed)


@dataclass
class _Plan:
    upserts: list[Chunk] = field(default_factory=list)
    hash_only: list[Chunk] = field(default_factory=list)
    deletes: list[str] = field(default_factory=list)
    records: dict[str, SourceRecord] = field(default_factory=dict)


def ingest(
    store: ChunkStore,
    specs: Sequence[SourceSpec],
    *,
    prune: bool = False,
    jobs: int = 1,
    progress: Progress | None = None,
    lock_timeout: float = 600.0,
    then: Callable[[], None] | None = None,
) -> IngestSummary:
    """Bring the store in line with ``specs`` (see the module's docstring). ``then`` runs
    under the lock once everything is written: ``kb ingest`` registers the law there, so two
    ingests never interleave their registrations."""
    started = time.perf_counter()
    summary = IngestSummary(collection=store.name)
    _check_unique(specs)
    state_dir = store.location.state_dir
    with ingest_lock(state_dir, timeout=lock_timeout) as waited:
        summary.lock_wait_seconds = waited
        manifest = read_manifest(state_dir, store.name, store.spec)
        stored = store.hashes_by_source()
        owner = {doc_id: source for source, ids in stored.items() for doc_id in ids}
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            loaded = list(pool.map(lambda spec: load_source(spec.path), specs))
        if progress:
            progress("read", len(specs), len(specs))
        plan = _Plan(records=dict(manifest.sources))
        for spec, source in zip(specs, loaded, strict=True):
            existing = stored.get(spec.source_id, {})
            record = manifest.sources.get(spec.source_id)
            _plan_source(spec, source, existing, record, owner, plan, summary)
        if prune:
            wanted = {spec.source_id for spec in specs}
            for source_id, ids in stored.items():
                if source_id not in wanted:
                    plan.deletes.extend(ids)
                    plan.records.pop(source_id, None)
                    summary.files_removed += 1
                    summary.removed += len(ids)
        marker = IngestMarker(
            collection=store.name,
            backend=store.spec,
            command="build" if prune else "ingest",
            sources=() if prune else tuple(str(spec.path) for spec in specs),
            planned=len(plan.upserts),
        )
        with incomplete_marker(state_dir, marker) as advance:
            _apply(store, plan, progress, advance)
            manifest = Manifest(
                collection=store.name, backend=store.spec, updated_at=now(), sources=plan.records
            )
            write_manifest(state_dir, manifest)
            _write_review_snapshot(store, manifest.updated_at)
        if then is not None:
            then()
    summary.seconds = time.perf_counter() - started
    return summary


def _write_review_snapshot(store: ChunkStore, stamp: str) -> None:
    """What reviews read (kb.snapshot): they never open Chroma, which writes when opened; and
    the BM25 token cache, so that a review need not write it either."""
    if not isinstance(store, StatuteStore):
        return  # the in-memory twin has nothing on disk to protect
    from kb.retrieval import Retriever
    from kb.snapshot import write_snapshot

    write_snapshot(store, stamp)
    Retriever(store).warm()


def _check_unique(specs: Sequence[SourceSpec]) -> None:
    seen: set[str] = set()
    for spec in specs:
        if spec.source_id in seen:
            raise KnowledgeBaseError(f"{spec.path}: given twice. Fix: list each file once")
        seen.add(spec.source_id)


def _plan_source(
    spec: SourceSpec,
    source: LoadedSource,
    existing: dict[str, tuple[str, str]],
    record: SourceRecord | None,
    owner: dict[str, str],
    plan: _Plan,
    summary: IngestSummary,
) -> None:
    if (
        existing
        and record is not None
        and record.file_hash == source.file_hash
        and record.law_digest == law_digest(spec.law)
        and record.articles == len(existing)
        and all(file_hash == source.file_hash for _, file_hash in existing.values())
    ):  # a finished ingest stored exactly this file: nothing to read further
        summary.files_unchanged += 1
        summary.unchanged += len(existing)
        return
    chunks = chunk_source(spec.law, source, spec.source_id)
    writes = len(plan.upserts) + len(plan.hash_only) + len(plan.deletes)
    current_ids = {chunk.doc_id for chunk in chunks}
    for chunk in chunks:
        other = owner.get(chunk.doc_id)
        if other is not None and other != spec.source_id:
            raise KnowledgeBaseError(
                f"{spec.path}: {chunk.doc_id} is already in the KB from {other}. "
                "Fix: give this file its own --law-key, or remove the other source first"
            )
        previous = existing.get(chunk.doc_id)
        if previous is None:
            plan.upserts.append(chunk)
            summary.added += 1
        elif previous[0] != chunk.content_hash:
            plan.upserts.append(chunk)
            summary.updated += 1
        else:
            if previous[1] != source.file_hash:  # same text, new file: metadata only
                plan.hash_only.append(chunk)
            summary.unchanged += 1  # else stored as it is (a resumed ingest got this far)
    gone = [doc_id for doc_id in existing if doc_id not in current_ids]
    plan.deletes.extend(gone)
    summary.removed += len(gone)
    if len(plan.upserts) + len(plan.hash_only) + len(plan.deletes) > writes:
        summary.files_changed += 1
    else:
        summary.files_unchanged += 1
    plan.records[spec.source_id] = SourceRecord(
        source=spec.source_id,
        law_key=spec.law.key,
        file_hash=source.file_hash,
        articles=len(current_ids),
        ingested_at=now(),
        law_digest=law_digest(spec.law),
    )


def law_digest(law: LawEntry) -> str:
    """A hash of what a law gives each of its stored articles (``ingest.chunking``)."""
    fields = (law.key, law.title, law.jurisdiction, law.status, law.kind, law.article_prefix)
    return hashlib.sha256("\0".join(fields).encode()).hexdigest()[:16]


def _apply(
    store: ChunkStore, plan: _Plan, progress: Progress | None, advance: Callable[[int], None]
) -> None:
    total = len(plan.upserts)
    if progress:
        progress("embed", 0, total)

    def on_batch(n: int) -> None:
        advance(n)
        if progress:
            progress("embed", n, total)

    store.upsert(
        ids=[c.doc_id for c in plan.upserts],
        texts=[c.article.indexed_text for c in plan.upserts],
        metadatas=[c.metadata() for c in plan.upserts],
        embed_texts=[c.article.indexed_text for c in plan.upserts],
        on_batch=on_batch,
    )
    store.update_metadata(
        [c.doc_id for c in plan.hash_only], [c.metadata() for c in plan.hash_only]
    )
    store.delete(plan.deletes)
