"""Learned fusion of the four hybrid rankings (issue 18), with reciprocal rank fusion as fallback.

Hybrid search ranks articles four ways: BM25 and dense over the articles, and BM25 and dense
over the question index (:mod:`kb.questions`). RRF treats the four alike, which fails both ways:
for a question about a law the question index covers, its match is the best evidence there is;
for one about a law it does not cover, the question rankings still return their nearest
(wrong) articles and outvote the article rankings. A logistic regression over each candidate's
scores, ranks and score gaps learns how far to trust each ranking for the query at hand.

It is trained on the development queries only (``contract-review kb fusion``, which reports
cross-validated figures), never on the blind sets. The model is a JSON file of coefficients
(``kb/fusion_model.json``): readable, diffable, and no pickle to load. When the file is
missing, was trained on other features, or a ranking is unavailable (BM25-only retriever),
search falls back to RRF. Cosines differ between embedding models, so the model is used only
with the backend it was trained on; other backends (and the question index with them) fall back
too.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from kb.locations import package_data
from kb.values import KnowledgeBaseError

MODEL_FILE = package_data("kb", "fusion_model.json")
RANKINGS = ("bm25", "dense", "q_bm25", "q_dense", "qa_bm25", "q_centroid")
Ranking = Sequence[tuple[str, float]]  # (doc_id, score), best first


def feature_names() -> tuple[str, ...]:
    names = [f"{r}_{f}" for r in RANKINGS for f in ("found", "rr", "score", "gap")]
    extra = ("q_dense_top", "q_dense_top_x_rr", "has_questions", "log_length", "rrf")
    return (*names, *extra, "route_bm25", "route_dense")


FEATURES = feature_names()


@dataclass(frozen=True)
class Candidates:
    """What the features need to know about a candidate article besides its rankings."""

    has_questions: Callable[[str], bool]
    length: Callable[[str], int]
    law: Callable[[str], str]


def candidate_features(
    rankings: Mapping[str, Ranking], about: Candidates, rrf: Mapping[str, float]
) -> tuple[list[str], np.ndarray]:
    """The union of the rankings' candidates, and one feature row each (see FEATURES).

    Per ranking: found, 1/rank, score (BM25 divided by the query's best, so it is comparable
    across queries; cosine as is) and the gap to the ranking's best cosine. A candidate a
    ranking did not return gets that ranking's last score, its floor. Routing: the share of
    the query's best-matching questions (by keywords, by embedding) that ask about the
    candidate's law, a boost for the laws the query seems to concern rather than a filter.
    """
    routes = [dict(rankings.get(f"{name}_laws", ())) for name in ("q_bm25", "q_dense")]
    lists = [list(rankings.get(name, ())) for name in RANKINGS]
    candidates = list(dict.fromkeys(d for ranking in lists for d, _ in ranking))
    tops = [ranking[0][1] if ranking else 0.0 for ranking in lists]
    positions = [{d: (i, s) for i, (d, s) in enumerate(ranking)} for ranking in lists]
    rows = []
    for doc_id in candidates:
        row: list[float] = []
        for j, ranking in enumerate(lists):
            lexical = RANKINGS[j].endswith("bm25")
            rank, score = positions[j].get(doc_id, (-1, ranking[-1][1] if ranking else 0.0))
            found = rank >= 0
            if lexical:
                value = score / tops[j] if found and tops[j] > 0 else 0.0
                gap = 0.0
            else:
                value, gap = score, tops[j] - score
            row += [float(found), 1.0 / (rank + 1) if found else 0.0, value, gap]
        q_top, q_rr = tops[3], row[13]
        law = about.law(doc_id)
        row += [
            q_top,
            q_top * q_rr,
            float(about.has_questions(doc_id)),
            math.log1p(about.length(doc_id)),
            rrf.get(doc_id, 0.0),
            routes[0].get(law, 0.0),
            routes[1].get(law, 0.0),
        ]
        rows.append(row)
    return candidates, np.asarray(rows, dtype=np.float64).reshape(len(candidates), len(FEATURES))


@dataclass(frozen=True)
class FusionModel:
    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float
    backend: str  # the embedding backend whose cosines it was trained on
    trained_on: str

    def scores(self, matrix: np.ndarray) -> np.ndarray:
        """Log-odds that each row's candidate answers the query (the ranking only needs order)."""
        logits: np.ndarray = ((matrix - self.mean) / self.scale) @ self.coef + self.intercept
        return logits

    def to_json(self) -> str:
        return json.dumps(
            {
                "features": list(self.features),
                "mean": self.mean.round(8).tolist(),
                "scale": self.scale.round(8).tolist(),
                "coef": self.coef.round(8).tolist(),
                "intercept": round(self.intercept, 8),
                "backend": self.backend,
                "trained_on": self.trained_on,
            },
            ensure_ascii=False,
            indent=1,
        )


def fit_model(
    samples: Sequence[tuple[np.ndarray, np.ndarray]],
    backend: str,
    trained_on: str,
    c: float = 1.0,
    features: tuple[str, ...] = FEATURES,
) -> FusionModel:
    """Logistic regression over standardised features; ``samples`` are (rows, labels) per query,
    with one column per name in ``features`` (fewer than FEATURES only for an ablation)."""
    from sklearn.linear_model import LogisticRegression

    matrix = np.vstack([rows for rows, _ in samples])
    labels = np.concatenate([labels for _, labels in samples])
    if labels.min() == labels.max():
        raise KnowledgeBaseError("fusion training needs right and wrong candidates; got one kind")
    # a feature constant in training (the lexical rankings' gap) scales by 1, not by ~0
    mean, std = matrix.mean(axis=0), matrix.std(axis=0)
    scale = np.where(std < 1e-6, 1.0, std)
    model = LogisticRegression(C=c, max_iter=5000).fit((matrix - mean) / scale, labels)
    coef = model.coef_[0].astype(np.float64)
    intercept = float(model.intercept_[0])
    return FusionModel(features, mean, scale, coef, intercept, backend, trained_on)


def load_model(path: Path = MODEL_FILE) -> FusionModel | None:
    """The shipped model, or None (RRF is used) when it is absent or built for other features."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise KnowledgeBaseError(
            f"{path}: unreadable fusion model ({exc}). Fix: run `contract-review kb fusion` "
            "to retrain it, or delete it to use reciprocal rank fusion"
        ) from exc
    if tuple(raw.get("features", ())) != FEATURES:
        return None
    if min(raw["scale"]) <= 0:
        raise KnowledgeBaseError(
            f"{path}: a feature scale is not positive. "
            "Fix: retrain with `contract-review kb fusion`"
        )
    return FusionModel(
        FEATURES,
        np.asarray(raw["mean"], dtype=np.float64),
        np.asarray(raw["scale"], dtype=np.float64),
        np.asarray(raw["coef"], dtype=np.float64),
        float(raw["intercept"]),
        str(raw["backend"]),
        str(raw.get("trained_on", "")),
    )


@cache
def default_model() -> FusionModel | None:
    return load_model()
