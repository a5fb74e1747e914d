from __future__ import annotations

import pytest

from ingest.bench import query_latency
from kb.store import StatuteStore

pytestmark = pytest.mark.integration


def test_query_latency_pads_a_copy_to_the_target(small_kb: StatuteStore) -> None:
    before = small_kb.count()
    figures = query_latency(
        "minilm", kb_path=small_kb.location.path, queries=12, target_chunks=1000, build=False
    )
    assert figures["chunks"] == 1000 and figures["synthetic_chunks"] == 1000 - before
    assert figures["queries"] == 12
    assert 0 < figures["p50_ms"] <= figures["p95_ms"]
    assert small_kb.count() == before  # the padding went into a copy


def test_query_latency_embeds_every_query_afresh(
    small_kb: StatuteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A warm cache would time a lookup, not the embedding (the 10k figure once did)."""
    from kb import embeddings

    backend = embeddings.get_backend("minilm")
    calls: list[str] = []
    real = backend.embed_query
    monkeypatch.setattr(backend, "embed_query", lambda text: calls.append(text) or real(text))
    path = small_kb.location.path
    first = query_latency("minilm", kb_path=path, queries=6, build=False)
    second = query_latency("minilm", kb_path=path, queries=6, build=False)
    assert len(calls) >= 4 * 6  # each run: the timed searches and the embedding-only pass
    for figures in (first, second):
        assert 0 < figures["embedding_p50_ms"] <= figures["embedding_p95_ms"]
