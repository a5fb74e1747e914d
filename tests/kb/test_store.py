"""The Chroma adapter against real Chroma: embedded (PersistentClient) and server (chroma run)."""

from __future__ import annotations

from pathlib import Path

import chromadb
import numpy as np
import pytest
from chromadb.config import Settings

from ingest.sync import ingest
from kb.chroma_embedding import KBEmbeddingFunction
from kb.retrieval import Retriever
from kb.store import StatuteStore, open_store
from tests.kb.conftest import ChromaDefaultEmbeddingUsed, small_specs

pytestmark = pytest.mark.integration


def test_tripwire_fires_if_chroma_default_embedding_runs(tmp_path: Path) -> None:
    """Proves the autouse tripwire is live: a collection without our function trips it."""
    client = chromadb.PersistentClient(
        path=str(tmp_path), settings=Settings(anonymized_telemetry=False)
    )
    collection = client.get_or_create_collection("default-ef")
    with pytest.raises(ChromaDefaultEmbeddingUsed):
        collection.add(ids=["a"], documents=["some text"])


def test_reopened_collection_rebuilds_our_embedding_function(small_kb: StatuteStore) -> None:
    client = chromadb.PersistentClient(
        path=str(small_kb.location.path), settings=Settings(anonymized_telemetry=False)
    )
    collection = client.get_collection(small_kb.name)  # no embedding_function passed
    stored = collection.configuration_json["embedding_function"]
    assert stored["name"] == KBEmbeddingFunction.name()
    assert stored["config"] == {"backend": "minilm"}
    # Querying by text goes through our function, not Chroma's default (tripwire is armed).
    result = collection.query(query_texts=["arbitration agreement valid"], n_results=3)
    assert "us.9usc.2" in result["ids"][0]


def test_embedded_store_contents_and_exact_get(small_kb: StatuteStore) -> None:
    chunk = small_kb.get("cn.civil-code.586")
    assert chunk is not None
    assert chunk.metadata["label"] == "第五百八十六条"
    assert chunk.metadata["citation"] == "《中华人民共和国民法典》第五百八十六条"
    assert chunk.metadata["heading_path"] == "合同编 > 第一分编 通则 > 第八章 违约责任"
    assert "百分之二十" in chunk.text
    assert small_kb.get("cn.civil-code.1438") is None
    expected = {a.doc_id for spec in small_specs() for a in _articles(spec)}
    assert {c.doc_id for c in small_kb.all_chunks()} == expected


def _articles(spec: object) -> list:  # type: ignore[type-arg]
    from ingest.chunking import chunk_source
    from ingest.loaders import load_source

    return [c.article for c in chunk_source(spec.law, load_source(spec.path), spec.source_id)]  # type: ignore[attr-defined]


def test_dense_search_with_real_embeddings(small_kb: StatuteStore) -> None:
    hits = small_kb.dense_search("written agreement to arbitrate is valid and enforceable", 5)
    assert hits[0][0] == "us.9usc.2"
    assert all(-1.0 <= score <= 1.0 for _, score in hits)
    filtered = small_kb.dense_search("arbitration", 5, where={"jurisdiction": "cn"})
    assert filtered and all(doc_id.startswith("cn.") for doc_id, _ in filtered)


def test_server_mode_round_trip(chroma_server: str, tmp_path: Path) -> None:
    store = open_store(tmp_path, chroma_server, "minilm")
    specs = [s for s in small_specs() if s.source_id.startswith("en/")]
    first = ingest(store, specs)
    assert first.added == 36 and first.removed == 0
    again = ingest(open_store(tmp_path, chroma_server, "minilm"), specs)
    assert (again.added, again.updated, again.removed, again.unchanged) == (0, 0, 0, 36)
    # A second, independent HTTP client sees the same collection and our embedding function.
    client = chromadb.HttpClient(
        host="127.0.0.1",
        port=int(chroma_server.rsplit(":", 1)[1]),
        settings=Settings(anonymized_telemetry=False),
    )
    collection = client.get_collection(store.name)
    assert collection.count() == 36
    assert collection.configuration_json["embedding_function"]["name"] == KBEmbeddingFunction.name()
    hits = Retriever(store).search("Section 2 of the FAA", k=3)
    assert hits[0].doc_id == "us.9usc.2" and hits[0].via == "citation"
    dense = Retriever(store).search(
        "oral promise to pay the debt of another person", k=3, mode="dense"
    )
    assert "us.dc-statute-of-frauds.28-3502" in [h.doc_id for h in dense]


def test_vectors_are_normalised_and_explicit(small_kb: StatuteStore) -> None:
    got = small_kb._collection.get(ids=["us.9usc.2"], include=["embeddings"])
    vector = np.asarray(got["embeddings"][0])
    assert vector.shape == (384,)
    assert abs(float(np.linalg.norm(vector)) - 1.0) < 1e-3
