"""Retrieval evaluation over a golden query set (``golden_set/kb/queries.jsonl``).

Each line: ``{"id", "lang": "zh"|"en", "query", "kind": "paraphrase"|"citation",
"expected": [citations]}``.
Expected citations are resolved to doc_ids by the exact catalog lookup; an unresolvable one is
an error naming the file and line.

Metrics per mode and language:
- recall@k: |expected ∩ top-k| / min(|expected|, k) (capped, so a query with two expected
  articles can still reach 1.0 at k=1), averaged over queries;
- MRR: 1 / rank of the first expected article (0 when none is in the top 10).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kb.catalog import Catalog, default_catalog
from kb.locations import dev_data
from kb.values import KnowledgeBaseError

if TYPE_CHECKING:
    from kb.store import ChunkStore

DEFAULT_QUERIES = dev_data("golden_set", "kb", "queries.jsonl")
HELDOUT = dev_data("golden_set", "kb", "heldout.jsonl")
HELDOUT2 = dev_data("golden_set", "kb", "heldout2.jsonl")
HELDOUT3 = dev_data("golden_set", "kb", "heldout3.jsonl")
DEPTH = 10

Search = Callable[[str], list[str]]  # query -> ranked doc_ids


@dataclass(frozen=True)
class EvalQuery:
    id: str
    lang: str
    query: str
    kind: str
    expected: tuple[str, ...]  # doc_ids


@dataclass(frozen=True)
class EvalRow:
    mode: str
    lang: str
    queries: int
    recall_at_1: float
    recall_at_5: float
    mrr: float


def load_queries(path: Path, catalog: Catalog | None = None) -> list[EvalQuery]:
    catalog = catalog or default_catalog()
    if not path.exists():
        raise KnowledgeBaseError(f"{path}: no query file. Fix: pass --queries with a JSONL file")
    queries: list[EvalQuery] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            row = json.loads(line)
            expected = [catalog.resolve(c) for c in row["expected"]]
            query = EvalQuery(row["id"], row["lang"], row["query"], row.get("kind", ""), ())
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise KnowledgeBaseError(
                f"{where}: bad query line ({exc}). Fix: see golden_set/kb/README.md"
            ) from exc
        missing = [c for c, d in zip(row["expected"], expected, strict=True) if d is None]
        if missing or not expected:
            raise KnowledgeBaseError(
                f"{where}: expected citation(s) {missing} do not resolve to a KB article. "
                "Fix: cite an existing article, e.g. 民法典第585条 or UCC 2-302"
            )
        queries.append(
            EvalQuery(
                query.id, query.lang, query.query, query.kind, tuple(d for d in expected if d)
            )
        )
    return queries


def _number(query: EvalQuery) -> int:
    return int(query.id.rsplit("-", 1)[-1])


def development_queries() -> list[EvalQuery]:
    """What retrieval may be tuned and trained on: queries.jsonl, heldout.jsonl's odd ids (read on
    2026-11-30 to extend the thesaurus) and heldout2.jsonl's odd ids (read on 2026-12-06), see
    golden_set/kb/README.md."""
    inspected = [q for q in load_queries(HELDOUT) if _number(q) % 2 == 1]
    inspected2 = [q for q in load_queries(HELDOUT2) if _number(q) % 2 == 1]
    return load_queries(DEFAULT_QUERIES) + inspected + inspected2


def blind_sets() -> dict[str, list[EvalQuery]]:
    """The never-inspected query sets, reported and never tuned on."""
    return {
        "heldout (even ids)": [q for q in load_queries(HELDOUT) if _number(q) % 2 == 0],
        "heldout2 (even ids)": [q for q in load_queries(HELDOUT2) if _number(q) % 2 == 0],
        "heldout3": load_queries(HELDOUT3),
    }


def score(ranked: Sequence[str], expected: Sequence[str]) -> tuple[float, float, float]:
    wanted = set(expected)

    def recall(k: int) -> float:
        return len(wanted & set(ranked[:k])) / min(len(wanted), k)

    rr = next((1.0 / rank for rank, d in enumerate(ranked[:DEPTH], start=1) if d in wanted), 0.0)
    return recall(1), recall(5), rr


def evaluate(modes: dict[str, Search], queries: Sequence[EvalQuery]) -> list[EvalRow]:
    rows: list[EvalRow] = []
    for mode, search in modes.items():
        per_query = {q.id: score(search(q.query), q.expected) for q in queries}
        for lang in (*sorted({q.lang for q in queries}), "all"):
            subset = [q for q in queries if lang in ("all", q.lang)]
            if not subset:
                continue
            n = len(subset)
            sums = [sum(per_query[q.id][i] for q in subset) for i in range(3)]
            rows.append(EvalRow(mode, lang, n, sums[0] / n, sums[1] / n, sums[2] / n))
    return rows


def backend_modes(store: ChunkStore, spec: str, ablation: bool) -> dict[str, Search]:
    """The ``kb eval`` columns for one backend's store. With ``ablation``, one line per piece
    that hybrid search adds, in order: BM25 over the bare article text, + the law and heading
    line, + the thesaurus, + dense (RRF: the hybrid before the question index), + the question
    index fused by RRF, + the article-level question rankings (an article's text and questions
    under BM25, its questions' centre by embedding) fused by RRF, + the learned ranker
    (``hybrid:<spec>``, the default). ``contract-review kb fusion`` prints the learned ranker's
    own ablation."""
    from kb.fusion import RANKINGS
    from kb.questions import default_questions
    from kb.retrieval import Retriever
    from kb.store import StoredChunk

    full = Retriever(store)
    modes: dict[str, Search] = {}
    if ablation:
        bare = [
            StoredChunk(c.doc_id, c.text.split("\n", 1)[-1], c.metadata) for c in store.all_chunks()
        ]
        modes["bm25-bare-text-no-thesaurus"] = _top(Retriever(None, bare, expand=False), "bm25")
        modes["bm25-no-thesaurus"] = _top(Retriever(store, expand=False), "bm25")
    modes["bm25"] = _top(full, "bm25")
    modes[f"dense:{spec}"] = _top(full, "dense")
    if ablation:
        articles = Retriever(store, questions=(), fusion=None)
        modes[f"hybrid:{spec}-rrf-articles"] = _top(articles, "hybrid")
        with_questions = Retriever(store, questions=default_questions(), fusion=None)
        per_question = ("bm25", "dense", "q_bm25", "q_dense")
        modes[f"hybrid:{spec}-rrf-with-questions"] = _rrf(with_questions, per_question)
        modes[f"hybrid:{spec}-rrf-with-question-aggregates"] = _rrf(with_questions, RANKINGS)
    modes[f"hybrid:{spec}"] = _top(full, "hybrid")
    return modes


def _rrf(retriever: Any, names: Sequence[str]) -> Search:
    """RRF over the named rankings, a citation query's article first: an ablation column."""
    from kb.retrieval import reciprocal_rank_fusion

    def search(query: str) -> list[str]:
        rankings = retriever.rankings(query)
        fused = reciprocal_rank_fusion(
            [[d for d, _ in rankings[n]] for n in names if n in rankings]
        )
        exact = retriever.exact_ids(query)
        return list(dict.fromkeys([*exact, *(d for d, _ in fused)]))[:DEPTH]

    return search


def _top(retriever: Any, mode: str) -> Search:
    """A query's top DEPTH doc_ids by ``retriever`` in ``mode``: one column of ``kb eval``."""
    return lambda query: [hit.doc_id for hit in retriever.search(query, DEPTH, mode)]


def best_mode(rows: Sequence[EvalRow]) -> str:
    """The mode with the best recall@5 on its worst language (then MRR over all queries)."""
    by_mode: dict[str, list[EvalRow]] = {}
    for row in rows:
        by_mode.setdefault(row.mode, []).append(row)

    def key(mode: str) -> tuple[float, float]:
        langs = [r for r in by_mode[mode] if r.lang != "all"]
        overall = next(r for r in by_mode[mode] if r.lang == "all")
        return (min(r.recall_at_5 for r in langs), overall.mrr)

    return max(by_mode, key=key)
