"""Dense search is exact and stays in step with writes (real Chroma, real MiniLM)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from ingest.sync import ingest
from kb.store import StatuteStore, open_store
from tests.kb.conftest import small_specs

pytestmark = pytest.mark.integration


def _exact(store: StatuteStore, query: str, k: int) -> list[str]:
    got = store._collection.get(include=["embeddings"])
    matrix = np.asarray(got["embeddings"], dtype=np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    vector = np.asarray(store.backend.embed_query(query), dtype=np.float32)
    order = np.argsort(-(matrix @ vector), kind="stable")[:k]
    return [got["ids"][i] for i in order]


def test_dense_search_equals_brute_force_cosine(small_kb: StatuteStore) -> None:
    for query in ("agreement to arbitrate is enforceable", "违约金过高", "oral contract for land"):
        assert [d for d, _ in small_kb.dense_search(query, 50)] == _exact(small_kb, query, 50)


def test_dense_search_sees_writes_made_through_the_store(tmp_path: Path) -> None:
    store = open_store(tmp_path, None, "minilm")
    specs = [s for s in small_specs() if "statute_of_frauds" in s.source_id]
    ingest(store, specs)
    first = store.dense_search("contract for the sale of land must be in writing", 3)
    assert first and first[0][0].startswith("us.dc-statute-of-frauds.")
    top = store.get(first[0][0])
    assert top is not None
    store.delete([top.doc_id])
    assert top.doc_id not in [d for d, _ in store.dense_search("sale of land in writing", 50)]
    store.upsert([top.doc_id], [top.text], [dict(top.metadata)], [top.text])  # puts it back
    ((doc_id, score),) = store.dense_search("contract for the sale of land must be in writing", 1)
    assert doc_id == top.doc_id and score == pytest.approx(first[0][1], abs=1e-5)
