"""What every chunk store computes the same way: unit-length vectors, exact cosine search,
Chroma's metadata filters, and the content hashes an ingest compares files against.

:class:`kb.store.StatuteStore` (Chroma), :class:`kb.snapshot.SnapshotStore` (a review's
read-only copy) and :class:`kb.memory_store.InMemoryStatuteStore` (the tests' twin) share
them, so the twin ranks and filters as the real stores do.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from kb.embeddings import EmbeddingBackend


def unit_rows(vectors: Any, count: int) -> np.ndarray:
    """``count`` float32 row vectors, each scaled to unit length (a zero row stays zero)."""
    matrix = np.asarray(vectors, dtype=np.float32).reshape(count, -1)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    unit: np.ndarray = matrix / np.maximum(norms, 1e-12)
    return unit


def rank_by_cosine(
    backend: EmbeddingBackend,
    query: str,
    ids: Sequence[str],
    matrix: np.ndarray,
    metadatas: Sequence[Mapping[str, Any]],
    k: int,
    where: Mapping[str, Any] | None = None,
) -> list[tuple[str, float]]:
    """Exact dense search over unit-length ``matrix`` rows: (id, cosine), best first."""
    if not ids:
        return []
    vector = np.asarray(backend.embed_query(query), dtype=np.float32)
    scores = matrix @ (vector / max(float(np.linalg.norm(vector)), 1e-12))
    if where:
        keep = np.array([matches_where(m, where) for m in metadatas])
        scores = np.where(keep, scores, -np.inf)
    order = np.argsort(-scores, kind="stable")[: max(k, 0)]
    return [(ids[i], float(scores[i])) for i in order if np.isfinite(scores[i])]


def matches_where(meta: Mapping[str, Any], where: Mapping[str, Any] | None) -> bool:
    """Chroma's equality and ``$and`` filters, evaluated on one chunk's metadata."""
    if not where:
        return True
    clauses = where.get("$and", [where])
    return all(meta.get(key) == value for clause in clauses for key, value in clause.items())


def hashes_by_source(
    chunks: Iterable[tuple[str, Mapping[str, Any]]],
) -> dict[str, dict[str, tuple[str, str]]]:
    """source -> {doc_id: (content_hash, file_hash)} for ``(doc_id, metadata)`` pairs."""
    out: dict[str, dict[str, tuple[str, str]]] = {}
    for doc_id, meta in chunks:
        out.setdefault(str(meta.get("source", "")), {})[doc_id] = (
            str(meta.get("content_hash", "")),
            str(meta.get("file_hash", "")),
        )
    return out
