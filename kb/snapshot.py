"""A read-only snapshot of a built KB, which reviews read instead of opening Chroma.

Chroma's embedded client writes to ``chroma.sqlite3`` whenever it is opened, even to read, so a
review that opened it would modify the user's KB. Every ingest (``kb build``, ``kb ingest``)
therefore finishes by writing ``snapshot-<collection>.npz`` beside the manifest: the ids, the
vectors, the texts and the metadata, stamped with the manifest it matches, and the BM25 token
cache. A review loads that file and touches nothing under ``.kb/``, so a read-only KB folder
works. A snapshot that does not match the manifest is a damaged KB (``kb.health``): the review
stops with the fix, or with ``--kb-fallback catalog`` runs on the catalog and says why.
"""

from __future__ import annotations

import json
import os
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from kb.embeddings import EmbeddingBackend
from kb.store import KBLocation, Metadata, StatuteStore, StoredChunk
from kb.values import KnowledgeBaseError
from kb.vectors import hashes_by_source, rank_by_cosine, unit_rows

SNAPSHOT_VERSION = 1
# what np.load and the payload raise for a truncated or damaged file
_UNREADABLE = (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile)


def snapshot_path(state_dir: Path, collection: str) -> Path:
    return state_dir / f"snapshot-{collection}.npz"


def write_snapshot(store: StatuteStore, stamp: str) -> Path:
    """Write the store's contents for reviews; ``stamp`` ties it to the manifest just written."""
    got = store._collection.get(include=["embeddings", "documents", "metadatas"])
    ids = list(got["ids"])
    vectors = np.asarray(got["embeddings"], dtype=np.float32).reshape(len(ids), -1)
    payload = json.dumps(
        {"documents": got["documents"] or [], "metadatas": got["metadatas"] or []},
        ensure_ascii=False,
    )
    path = snapshot_path(store.location.state_dir, store.name)
    tmp = path.with_name(f"{path.stem}.{os.getpid()}.tmp.npz")
    np.savez(
        tmp,
        version=np.array(SNAPSHOT_VERSION),
        stamp=np.array(stamp),
        spec=np.array(store.spec),
        ids=np.array(ids, dtype=str),
        vectors=vectors,
        payload=np.array(payload),
    )
    os.replace(tmp, path)
    return path


def snapshot_stamp(path: Path) -> str | None:
    """The manifest stamp a snapshot was written for, or None when it cannot be read."""
    try:
        # our own handle: np.load leaks its file when a damaged archive makes it raise
        with open(path, "rb") as handle, np.load(handle, allow_pickle=False) as arrays:
            if int(arrays["version"]) != SNAPSHOT_VERSION:
                return None
            return str(arrays["stamp"])
    except _UNREADABLE:
        return None


class SnapshotStore:
    """The read half of :class:`kb.store.StatuteStore`, served from a snapshot file."""

    read_only = True

    def __init__(
        self, location: KBLocation, name: str, spec: str, backend: EmbeddingBackend
    ) -> None:
        self.location = location
        self.name = name
        self.spec = spec
        self.backend = backend
        path = snapshot_path(location.state_dir, name)
        try:
            with open(path, "rb") as handle, np.load(handle, allow_pickle=False) as arrays:
                self._ids = [str(i) for i in arrays["ids"]]
                self._matrix = unit_rows(arrays["vectors"], len(self._ids))
                payload = json.loads(str(arrays["payload"]))
            self._chunks = [
                StoredChunk(doc_id, text, meta)
                for doc_id, text, meta in zip(
                    self._ids, payload["documents"], payload["metadatas"], strict=True
                )
            ]
        except _UNREADABLE as exc:
            raise KnowledgeBaseError(
                f"{path}: the KB's review snapshot is damaged ({type(exc).__name__}: {exc}). "
                "Fix: run `contract-review kb build "
                f"--kb-path {location.path} --kb-backend {spec}` to rewrite it"
            ) from exc
        self._by_id = {c.doc_id: c for c in self._chunks}
        self._row = {doc_id: i for i, doc_id in enumerate(self._ids)}

    def count(self) -> int:
        return len(self._ids)

    def vector(self, doc_id: str) -> np.ndarray | None:
        """The stored (unit-length) passage vector of one chunk."""
        row = self._row.get(doc_id)
        return None if row is None else self._matrix[row]

    def get(self, doc_id: str) -> StoredChunk | None:
        return self._by_id.get(doc_id)

    def all_chunks(self) -> list[StoredChunk]:
        return list(self._chunks)

    def hashes_by_source(self) -> dict[str, dict[str, tuple[str, str]]]:
        return hashes_by_source((c.doc_id, c.metadata) for c in self._chunks)

    def dense_search(
        self, query: str, k: int, where: Mapping[str, Any] | None = None
    ) -> list[tuple[str, float]]:
        metadatas = [c.metadata for c in self._chunks]
        return rank_by_cosine(self.backend, query, self._ids, self._matrix, metadatas, k, where)

    def _refuse(self) -> KnowledgeBaseError:
        return KnowledgeBaseError(
            f"{self.location.path}: a review reads a snapshot of the KB and never writes it. "
            "Fix: use `contract-review kb build` or `kb ingest` to change the KB"
        )

    def upsert(
        self,
        ids: Sequence[str],
        texts: Sequence[str],
        metadatas: Sequence[Metadata],
        embed_texts: Sequence[str],
        on_batch: Any = None,
    ) -> None:
        raise self._refuse()

    def update_metadata(self, ids: Sequence[str], metadatas: Sequence[Metadata]) -> None:
        raise self._refuse()

    def delete(self, ids: Sequence[str]) -> None:
        raise self._refuse()
