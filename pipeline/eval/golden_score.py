"""Score predicted findings against golden labels: κ, per-type P/R/F1, spans, evidence.

Pure functions over plain values, so they are tested on small hand-computed fixtures. The
runner (``golden.py``) turns pipeline reports into :class:`Prediction` values first.

Three levels of agreement, from coarse to fine:

- **presence** (the κ cells): for each contract × rule finding type, did gold / the system
  report that type at all? Per-type precision, recall and F1 are computed on these cells too,
  and the nightly regression check compares per-type *presence* recall between runs.
- **span** (CUAD's convention): a predicted finding matches a gold finding of the same type
  when the token Jaccard of their quotes is ≥ 0.5 (either of the gold's quotes). Matching is
  one-to-one. Document-level types (something is *missing*) match on type alone, once.
- **located**: same type and the predicted span overlaps the gold quote's offsets in the
  extracted text. Rule engines quote the decisive words (``百分之三十``) where a human marks
  the clause, so located matching is reported beside the strict span score, and evidence
  accuracy is measured over located matches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pipeline.eval.golden_labels import DOCUMENT_LEVEL_TYPES, GoldFinding, GoldLabel
from pipeline.eval.metrics import (
    PRF,
    KappaResult,
    jaccard,
    match_one_to_one,
    presence_kappa,
    prf_per_type,
)

SPAN_JACCARD = 0.5
ALARM_SEVERITIES = frozenset({"HIGH", "MEDIUM"})


@dataclass(frozen=True)
class Prediction:
    """One finding the system reported, reduced to what scoring needs."""

    type: str
    severity: str
    quote: str
    start: int = -1
    end: int = -1
    citation_keys: tuple[str, ...] = ()  # KB doc ids, e.g. cn.civil-code.585
    common_law: bool = False


@dataclass(frozen=True)
class ContractScoreInput:
    """Gold label, predictions, and where each gold quote lies in the extracted text."""

    label: GoldLabel
    predictions: tuple[Prediction, ...]
    gold_offsets: tuple[tuple[tuple[int, int], ...], ...] = ()  # per gold finding, per quote
    gold_citation_keys: tuple[tuple[str, ...], ...] = ()  # per gold finding


@dataclass
class Scores:
    kappa: KappaResult
    presence: dict[str, PRF]
    span: dict[str, PRF]
    located: dict[str, PRF]
    evidence_checked: int = 0
    evidence_correct: int = 0
    false_alarms: list[tuple[str, Prediction]] = field(default_factory=list)

    @property
    def evidence_accuracy(self) -> float | None:
        return self.evidence_correct / self.evidence_checked if self.evidence_checked else None

    def overall(self, level: str) -> PRF:
        table = {"presence": self.presence, "span": self.span, "located": self.located}[level]
        total = PRF()
        for prf in table.values():
            total = total + prf
        return total


def _span_score(gold: GoldFinding, pred: Prediction) -> float:
    if gold.type != pred.type:
        return 0.0
    if gold.type in DOCUMENT_LEVEL_TYPES:
        return 1.0
    return max(jaccard(q, pred.quote) for q in gold.quotes)


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _located_score(
    gold: GoldFinding, offsets: Sequence[tuple[int, int]], pred: Prediction
) -> float:
    if gold.type != pred.type:
        return 0.0
    if gold.type in DOCUMENT_LEVEL_TYPES:
        return 1.0
    if pred.start < 0 or not offsets:
        return _span_score(gold, pred)
    return 1.0 if any(_overlaps(o, (pred.start, pred.end)) for o in offsets) else 0.0


def _located_pair_score(
    gold: tuple[GoldFinding, Sequence[tuple[int, int]]], pred: Prediction
) -> float:
    return _located_score(gold[0], gold[1], pred)


def _dedupe_document_level(predictions: Sequence[Prediction]) -> list[Prediction]:
    """A 'missing X' type counts once per contract, however many rules report it."""
    seen: set[str] = set()
    kept: list[Prediction] = []
    for p in predictions:
        if p.type in DOCUMENT_LEVEL_TYPES:
            if p.type in seen:
                continue
            seen.add(p.type)
        kept.append(p)
    return kept


def _add(table: dict[str, PRF], key: str, prf: PRF) -> None:
    table[key] = table.get(key, PRF()) + prf


def _score_matches(
    golds: Sequence[GoldFinding],
    preds: Sequence[Prediction],
    pairs: Sequence[tuple[int, int, float]],
    table: dict[str, PRF],
    types: Sequence[str],
) -> None:
    for t, prf in prf_per_type(golds, preds, pairs, types).items():
        if prf.tp or prf.fn or prf.fp:
            _add(table, t, prf)


def _evidence_ok(pred: Prediction, gold: GoldFinding, gold_keys: Sequence[str]) -> bool:
    if any(c.basis_kind == "common_law" for c in gold.citations) and pred.common_law:
        return True
    return bool(set(pred.citation_keys) & set(gold_keys))


def score(contracts: Sequence[ContractScoreInput], types: Sequence[str]) -> Scores:
    """Score every contract; ``types`` are the finding types that make up the κ cells."""
    gold_cells: list[bool] = []
    pred_cells: list[bool] = []
    presence: dict[str, PRF] = {}
    span: dict[str, PRF] = {}
    located: dict[str, PRF] = {}
    scores = Scores(presence_kappa([False], [False]), presence, span, located)
    for c in contracts:
        golds = list(c.label.findings)
        preds = _dedupe_document_level(c.predictions)
        gold_types = c.label.types
        pred_types = {p.type for p in preds}
        for t in types:
            g, p = t in gold_types, t in pred_types
            gold_cells.append(g)
            pred_cells.append(p)
            if g or p:
                _add(presence, t, PRF(int(g and p), int(p and not g), int(g and not p)))
        span_pairs = match_one_to_one(golds, preds, _span_score, SPAN_JACCARD)
        _score_matches(golds, preds, span_pairs, span, types)
        offsets = list(c.gold_offsets) or [()] * len(golds)
        located_pairs = match_one_to_one(
            list(zip(golds, offsets, strict=True)), preds, _located_pair_score, 1.0
        )
        _score_matches(golds, preds, located_pairs, located, types)
        keys = list(c.gold_citation_keys) or [()] * len(golds)
        for gi, pi, _ in located_pairs:
            scores.evidence_checked += 1
            scores.evidence_correct += _evidence_ok(preds[pi], golds[gi], keys[gi])
        if c.label.clean:
            scores.false_alarms.extend(
                (c.label.id, p) for p in preds if p.severity in ALARM_SEVERITIES
            )
    scores.kappa = presence_kappa(gold_cells, pred_cells)
    return scores


def label_agreement(
    first: Sequence[GoldLabel], second: Sequence[GoldLabel], types: Sequence[str]
) -> KappaResult:
    """Inter-annotator κ over the same presence cells, for contracts labelled twice."""
    a: list[bool] = []
    b: list[bool] = []
    for x, y in zip(first, second, strict=True):
        if x.id != y.id:
            raise ValueError(f"label pairs out of order: {x.id} vs {y.id}")
        for t in types:
            a.append(t in x.types)
            b.append(t in y.types)
    return presence_kappa(a, b)


def label_span_agreement(first: Sequence[GoldLabel], second: Sequence[GoldLabel]) -> PRF:
    """Pass 2 scored against pass 1 at the span level (pass 1 as gold)."""
    total = PRF()
    for x, y in zip(first, second, strict=True):
        preds = [Prediction(f.type, f.severity, f.quote) for f in y.findings]
        pairs = match_one_to_one(list(x.findings), preds, _span_score, SPAN_JACCARD)
        table: dict[str, PRF] = {}
        _score_matches(
            list(x.findings),
            preds,
            pairs,
            table,
            sorted({f.type for f in x.findings} | {p.type for p in preds}),
        )
        for prf in table.values():
            total = total + prf
    return total
