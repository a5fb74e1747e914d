"""An in-memory twin of :class:`kb.store.StatuteStore`, for unit tests of code that uses the KB.

Same methods, same semantics (ids are doc_ids, cosine similarity, equality/``$and`` filters),
no Chroma. ``tests/kb/test_store_contract.py`` runs one contract against both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from kb.embeddings import EmbeddingBackend
from kb.store import KBLocation, Metadata, StoredChunk
from kb.vectors import hashes_by_source, matches_where


class InMemoryStatuteStore:
    def __init__(self, state_dir: Path, backend: EmbeddingBackend, spec: str = "memory") -> None:
        self.location = KBLocation(path=state_dir)
        self.backend = backend
        self.spec = spec
        self.name = f"statutes-{spec}"
        self._rows: dict[str, tuple[str, Metadata, np.ndarray]] = {}

    def count(self) -> int:
        return len(self._rows)

    def upsert(
        self,
        ids: Sequence[str],
        texts: Sequence[str],
        metadatas: Sequence[Metadata],
        embed_texts: Sequence[str],
        on_batch: Callable[[int], None] | None = None,
    ) -> None:
        if not ids:
            return
        vectors = np.asarray(self.backend.embed_passages(list(embed_texts)), dtype=np.float32)
        for doc_id, text, meta, vector in zip(ids, texts, metadatas, vectors, strict=True):
            self._rows[doc_id] = (text, dict(meta), vector / (np.linalg.norm(vector) + 1e-12))
        if on_batch is not None:
            on_batch(len(ids))

    def update_metadata(self, ids: Sequence[str], metadatas: Sequence[Metadata]) -> None:
        for doc_id, meta in zip(ids, metadatas, strict=True):
            text, _, vector = self._rows[doc_id]
            self._rows[doc_id] = (text, dict(meta), vector)

    def delete(self, ids: Sequence[str]) -> None:
        for doc_id in ids:
            self._rows.pop(doc_id, None)

    def hashes_by_source(self) -> dict[str, dict[str, tuple[str, str]]]:
        return hashes_by_source((doc_id, meta) for doc_id, (_, meta, _) in self._rows.items())

    def get(self, doc_id: str) -> StoredChunk | None:
        row = self._rows.get(doc_id)
        return StoredChunk(doc_id, row[0], row[1]) if row else None

    def all_chunks(self) -> list[StoredChunk]:
        return [StoredChunk(i, text, meta) for i, (text, meta, _) in self._rows.items()]

    def dense_search(
        self, query: str, k: int, where: Mapping[str, Any] | None = None
    ) -> list[tuple[str, float]]:
        vector = np.asarray(self.backend.embed_query(query), dtype=np.float32)
        vector = vector / (np.linalg.norm(vector) + 1e-12)
        scored = [
            (doc_id, float(row_vector @ vector))
            for doc_id, (_, meta, row_vector) in self._rows.items()
            if matches_where(meta, where)
        ]
        scored.sort(key=lambda item: -item[1])
        return scored[:k]
