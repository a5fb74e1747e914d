"""One contract, two stores: the Chroma adapter and its in-memory twin behave the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.sync import ingest
from kb.embeddings import get_backend
from kb.memory_store import InMemoryStatuteStore
from kb.retrieval import Filters, Retriever
from kb.store import ChunkStore, open_store
from tests.kb.conftest import small_specs

pytestmark = pytest.mark.integration
US_ONLY = [s for s in small_specs() if s.source_id.startswith("en/")]  # 31 + 5 articles


@pytest.fixture(params=["memory", "chroma"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> ChunkStore:
    if request.param == "memory":
        return InMemoryStatuteStore(tmp_path, get_backend("minilm"))
    return open_store(tmp_path, None, "minilm")


class TestStoreContract:
    def test_ingest_is_idempotent(self, store: ChunkStore) -> None:
        first = ingest(store, US_ONLY)
        assert (first.added, store.count()) == (36, 36)
        again = ingest(store, US_ONLY)
        assert (again.added, again.updated, again.removed, again.unchanged) == (0, 0, 0, 36)

    def test_get_and_metadata(self, store: ChunkStore) -> None:
        ingest(store, US_ONLY)
        chunk = store.get("us.9usc.2")
        assert chunk is not None and chunk.metadata["citation"] == "9 U.S.C. § 2"
        assert "valid, irrevocable, and enforceable" in chunk.text
        assert store.get("us.9usc.999") is None

    def test_dense_search_and_filters(self, store: ChunkStore) -> None:
        ingest(store, US_ONLY)
        hits = store.dense_search("agreement to arbitrate is valid irrevocable and enforceable", 3)
        assert hits[0][0] == "us.9usc.2" and hits[0][1] > hits[-1][1]
        only_sof = store.dense_search(
            "arbitration", 3, where={"law_key": "us.dc-statute-of-frauds"}
        )
        assert only_sof and all(d.startswith("us.dc-statute-of-frauds.") for d, _ in only_sof)
        both = {"$and": [{"jurisdiction": "us"}, {"law_key": "us.9usc"}]}
        assert all(d.startswith("us.9usc.") for d, _ in store.dense_search("court", 5, where=both))

    def test_delete_and_retriever(self, store: ChunkStore) -> None:
        ingest(store, US_ONLY)
        store.delete(["us.9usc.2"])
        assert store.get("us.9usc.2") is None and store.count() == 35
        hits = Retriever(store).search("stay of proceedings", k=3, filters=Filters(law="FAA"))
        assert hits[0].doc_id == "us.9usc.3"
