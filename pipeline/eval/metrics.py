"""Agreement and retrieval metrics shared by the golden-set and CUAD evaluations.

- Cohen's κ (scikit-learn) over presence cells, with the class balance and Landis–Koch band;
- precision / recall / F1 from true-positive, false-positive and false-negative counts;
- token Jaccard between two quotes, CUAD's span convention: words for Latin text, single
  characters for CJK (which has no spaces to split on), each as a set, whitespace ignored;
- one-to-one matching of predicted to gold findings: same type and Jaccard ≥ a threshold.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypedDict, TypeVar

from sklearn.metrics import cohen_kappa_score

_TOKEN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]|[^\W_]+", re.UNICODE)

LANDIS_KOCH_BANDS: tuple[tuple[float, str], ...] = (
    (0.0, "poor"),
    (0.20, "slight"),
    (0.40, "fair"),
    (0.60, "moderate"),
    (0.80, "substantial"),
    (1.0, "almost perfect"),
)


def landis_koch(kappa: float) -> str:
    """The Landis & Koch (1977) label: <0 poor, ≤.20 slight, ≤.40 fair, ≤.60 moderate,
    ≤.80 substantial, above that almost perfect."""
    if math.isnan(kappa):
        return "undefined"
    if kappa < 0:
        return "poor"
    for upper, band in LANDIS_KOCH_BANDS[1:]:
        if kappa <= upper:
            return band
    return "almost perfect"


class KappaDict(TypedDict):
    kappa: float
    band: str
    cells: int
    gold_positive: int
    predicted_positive: int
    gold_positive_share: float
    observed_agreement: float


class PRFDict(TypedDict):
    tp: int
    fp: int
    fn: int
    precision: float | None
    recall: float | None
    f1: float | None


@dataclass(frozen=True)
class KappaResult:
    kappa: float
    band: str
    cells: int
    gold_positive: int
    predicted_positive: int
    agreement: float

    @property
    def gold_positive_share(self) -> float:
        return self.gold_positive / self.cells if self.cells else 0.0

    def as_dict(self) -> KappaDict:
        return {
            "kappa": round(self.kappa, 4),
            "band": self.band,
            "cells": self.cells,
            "gold_positive": self.gold_positive,
            "predicted_positive": self.predicted_positive,
            "gold_positive_share": round(self.gold_positive_share, 4),
            "observed_agreement": round(self.agreement, 4),
        }


def presence_kappa(gold: Sequence[bool], predicted: Sequence[bool]) -> KappaResult:
    """Cohen's κ between two presence vectors (one cell per contract × finding type).

    When both raters put every cell in the same single class, κ is undefined (0/0); scikit
    returns NaN with a warning. Identical constant vectors are perfect agreement, so they
    score 1.0; a constant vector against a different one scores 0.0 (no agreement beyond
    chance can be shown).
    """
    if len(gold) != len(predicted):
        raise ValueError(f"{len(gold)} gold cells but {len(predicted)} predicted cells")
    if not gold:
        raise ValueError("κ needs at least one cell")
    agree = sum(g == p for g, p in zip(gold, predicted, strict=True)) / len(gold)
    if len(set(gold) | set(predicted)) == 1:
        kappa = 1.0
    elif len(set(gold)) == 1 and len(set(predicted)) == 1:
        kappa = 0.0
    else:
        kappa = float(cohen_kappa_score([int(g) for g in gold], [int(p) for p in predicted]))
    return KappaResult(
        kappa=kappa,
        band=landis_koch(kappa),
        cells=len(gold),
        gold_positive=sum(gold),
        predicted_positive=sum(predicted),
        agreement=agree,
    )


@dataclass(frozen=True)
class PRF:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def __add__(self, other: PRF) -> PRF:
        return PRF(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)

    @property
    def precision(self) -> float | None:
        """None when nothing was predicted (precision is undefined, not zero)."""
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        """None when there was nothing to find."""
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    @property
    def f1(self) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None:
            return None
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> PRFDict:
        def rnd(x: float | None) -> float | None:
            return None if x is None else round(x, 4)

        return {
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "precision": rnd(self.precision),
            "recall": rnd(self.recall),
            "f1": rnd(self.f1),
        }


def tokens(text: str) -> frozenset[str]:
    """CJK characters one by one, other runs of letters/digits as lower-case words."""
    return frozenset(t.casefold() for t in _TOKEN.findall(text))


def jaccard(a: str, b: str) -> float:
    """Token-set Jaccard of two quotes; two empty quotes are identical (1.0)."""
    ta, tb = tokens(a), tokens(b)
    if not ta and not tb:
        return 1.0
    return len(ta & tb) / len(ta | tb)


G = TypeVar("G")
P = TypeVar("P")


def match_one_to_one(
    gold: Sequence[G],
    predicted: Sequence[P],
    score: Callable[[G, P], float],
    threshold: float,
) -> list[tuple[int, int, float]]:
    """Greedy one-to-one matching by descending score; pairs below ``threshold`` never match.

    Returns ``(gold_index, predicted_index, score)`` triples.
    """
    candidates = [
        (s, gi, pi)
        for gi, g in enumerate(gold)
        for pi, p in enumerate(predicted)
        if (s := score(g, p)) >= threshold
    ]
    candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
    used_gold: set[int] = set()
    used_pred: set[int] = set()
    pairs: list[tuple[int, int, float]] = []
    for s, gi, pi in candidates:
        if gi in used_gold or pi in used_pred:
            continue
        used_gold.add(gi)
        used_pred.add(pi)
        pairs.append((gi, pi, s))
    return sorted(pairs)


class Typed(Protocol):
    @property
    def type(self) -> str: ...


def prf_per_type(
    gold: Sequence[Typed],
    predicted: Sequence[Typed],
    pairs: Sequence[tuple[int, int, float]],
    types: Sequence[str],
) -> dict[str, PRF]:
    """Counts per type from :func:`match_one_to_one`'s pairs: a pair is a true positive of its
    gold's type, an unmatched gold a false negative, an unmatched prediction a false positive."""
    matched_gold = {g for g, _, _ in pairs}
    matched_pred = {p for _, p, _ in pairs}
    return {
        t: PRF(
            tp=sum(1 for g, _, _ in pairs if gold[g].type == t),
            fp=sum(1 for i, p in enumerate(predicted) if p.type == t and i not in matched_pred),
            fn=sum(1 for i, g in enumerate(gold) if g.type == t and i not in matched_gold),
        )
        for t in types
    }
