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
