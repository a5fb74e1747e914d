"""Train the learned fusion (:mod:`kb.fusion`) on the development queries, with cross-validation.

Only :func:`kb.evaluate.development_queries` are used; the blind sets are never read here.
Folds split by query, so a query's candidates are never on both sides. The report compares the
model with RRF over the article rankings on the same held-back folds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from kb.evaluate import EvalQuery, score
from kb.fusion import FEATURES, FusionModel, fit_model
from kb.retrieval import Retriever, reciprocal_rank_fusion

FOLDS = 5


@dataclass(frozen=True)
class Sample:
    query: EvalQuery
    exact: list[str]
    candidates: list[str]
    matrix: np.ndarray
    labels: np.ndarray
    rrf_order: list[str]


@dataclass(frozen=True)
class FoldReport:
    queries: int
    rrf: tuple[float, float, float]  # recall@1, recall@5, MRR over the held-back folds
    learned: tuple[float, float, float]


def collect(retriever: Retriever, queries: Sequence[EvalQuery]) -> list[Sample]:
    samples = []
    for query in queries:
        rankings = retriever.rankings(query.query)
        article_rrf = reciprocal_rank_fusion(
            [[d for d, _ in rankings[name]] for name in ("bm25", "dense") if name in rankings]
        )
        candidates, matrix = retriever.features(rankings, dict(article_rrf))
        wanted = set(query.expected)
        labels = np.array([1 if d in wanted else 0 for d in candidates])
        samples.append(
            Sample(
                query,
                retriever.exact_ids(query.query),
                candidates,
                matrix,
                labels,
                [d for d, _ in article_rrf],
            )
        )
    return samples


# The learned ranker's ablation: each line drops one group of features (by name prefix).
ABLATIONS: dict[str, tuple[str, ...]] = {
    "without the article-level question rankings": ("qa_bm25_", "q_centroid_"),
    "without law routing": ("route_",),
    "without the question index": ("q_", "qa_", "has_questions", "route_"),
}


def cross_validate(
    samples: Sequence[Sample], backend: str, c: float = 1.0, drop: tuple[str, ...] = ()
) -> FoldReport:
    """Figures over held-back folds; ``drop``: feature name prefixes left out (an ablation)."""
    keep = [i for i, name in enumerate(FEATURES) if not name.startswith(drop)]
    features = tuple(FEATURES[i] for i in keep)
    learned, baseline = [], []
    for fold in range(FOLDS):
        train = [s for i, s in enumerate(samples) if i % FOLDS != fold]
        rows = [(s.matrix[:, keep], s.labels) for s in train]
        model = fit_model(rows, backend, "cross-validation", c, features)
        for s in (s for i, s in enumerate(samples) if i % FOLDS == fold):
            learned.append(_score(s, _order(model, s, keep)))
            baseline.append(_score(s, s.rrf_order))
    return FoldReport(len(samples), _mean(baseline), _mean(learned))


def train(samples: Sequence[Sample], backend: str, c: float = 1.0) -> FusionModel:
    trained_on = f"{len(samples)} development queries (kb.evaluate.development_queries)"
    return fit_model([(s.matrix, s.labels) for s in samples], backend, trained_on, c)


def _order(model: FusionModel, sample: Sample, keep: list[int]) -> list[str]:
    scores = model.scores(sample.matrix[:, keep])
    return [sample.candidates[i] for i in np.argsort(-scores, kind="stable")]


def _score(sample: Sample, order: list[str]) -> tuple[float, float, float]:
    ranked = list(dict.fromkeys([*sample.exact, *order]))[:10]
    return score(ranked, sample.query.expected)


def _mean(rows: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    n = max(len(rows), 1)
    return (
        sum(r[0] for r in rows) / n,
        sum(r[1] for r in rows) / n,
        sum(r[2] for r in rows) / n,
    )
