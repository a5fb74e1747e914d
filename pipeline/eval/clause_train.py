"""Train and score the clause-kind classifier (``pipeline/entities/clause_kinds.py``).

Training data (all development data, ``golden_set/clauses/*.jsonl``): one JSON object per
line, ``{"source", "lang", "number", "text", "types": [...]}``. Held-out data: the clause
labels the blind helpers wrote into ``golden_set/heldout/contracts/<id>.json``
(``annotations.clauses``: number, first characters, types); a clause's text runs from its first
characters to the next labelled clause, so the score measures the classifier, not the segmenter.
"""

from __future__ import annotations

import csv
import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from kb.locations import dev_data
from pipeline.entities.clause_context import heading_of_line, is_top_level_number
from pipeline.entities.clause_kinds import (
    CLAUSE_KINDS,
    CONTEXT_VECTORIZER_ARGS,
    VECTORIZER_ARGS,
    ClauseClassifier,
    featurize,
    normalise,
)
from pipeline.eval.golden_labels import GoldenSetError, label_files


@dataclass(frozen=True)
class LabelledClause:
    text: str
    kinds: frozenset[str]
    lang: str
    source: str
    context: str = ""  # the heading of the top-level clause a sub-clause sits under


def read_jsonl(path: Path) -> list[LabelledClause]:
    out: list[LabelledClause] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        unknown = set(row["types"]) - set(CLAUSE_KINDS)
        if unknown:
            raise GoldenSetError(
                f"{path}:{n}: unknown clause kinds {sorted(unknown)}. "
                f"Fix: use only {', '.join(CLAUSE_KINDS)}"
            )
        out.append(LabelledClause(row["text"], frozenset(row["types"]), row["lang"], row["source"]))
    return out


def training_set(folder: Path) -> list[LabelledClause]:
    return [c for path in sorted(folder.glob("*.jsonl")) for c in read_jsonl(path)]


def development_clauses(golden: Path) -> list[LabelledClause]:
    """Everything the model may learn from: the clause files and the dev contracts' labels."""
    clauses = training_set(golden / "clauses") + heldout_clauses(golden / "dev" / "contracts")
    if not clauses:
        raise GoldenSetError(
            f"{golden}: no labelled clauses in clauses/*.jsonl or dev/contracts. "
            "Fix: pass the golden_set/ folder with --golden"
        )
    return clauses


GOLDEN_DIR = dev_data("golden_set")


def heldout_clauses(contracts: Path) -> list[LabelledClause]:
    """Clauses of labelled contracts (``annotations.clauses``), cut at the labelled clause
    starts: the blind held-out contracts, or the dev contracts that carry clause labels."""
    if not contracts.is_dir():
        raise GoldenSetError(f"{contracts}: no such folder. Fix: pass the golden_set/ folder")
    out: list[LabelledClause] = []
    for label_path in label_files(contracts):
        label = json.loads(label_path.read_text(encoding="utf-8"))
        text = label_path.with_suffix(".txt").read_text(encoding="utf-8")
        entries = label.get("annotations", {}).get("clauses", [])
        starts: list[tuple[int, frozenset[str], str]] = []
        cursor = 0
        for entry in entries:
            at = text.find(entry["starts_with"], cursor)
            if at < 0:
                at = text.find(entry["starts_with"])
            if at < 0:
                continue
            starts.append((at, frozenset(entry["types"]), str(entry.get("number", "")).strip()))
            cursor = at + 1
        starts.sort(key=lambda s: s[0])
        heading = ""
        for i, (at, kinds, number) in enumerate(starts):
            end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
            # A clause ends with its paragraph: the next labelled clause may be pages away.
            para_end = text.find("\n", at)
            end = min(end, para_end if para_end > at else end)
            body = text[at:end]
            context = heading
            if is_top_level_number(number):
                heading = heading_of_line(body)
                context = ""
            out.append(LabelledClause(body, kinds, label["lang"], label["id"], context))
    return out


def _targets(clauses: Sequence[LabelledClause]) -> np.ndarray:
    return np.array([[k in c.kinds for k in CLAUSE_KINDS] for c in clauses], dtype=np.int8)


def fingerprint(texts: Sequence[str], targets: np.ndarray) -> str:
    """sha256 of the training texts and targets, recorded in the model file: a test can then
    tell a stale model exactly, whereas refitted scores differ by thousandths across CPUs."""
    digest = hashlib.sha256()
    for text, row in zip(texts, targets.tolist(), strict=True):
        digest.update(json.dumps([text, row], ensure_ascii=False).encode())
    return digest.hexdigest()


def clause_fingerprint(clauses: Sequence[LabelledClause]) -> str:
    keyed = [f"{c.context}\x1f{c.text}" if c.context else c.text for c in clauses]
    return fingerprint(keyed, _targets(clauses))


def train(
    clauses: Sequence[LabelledClause], c: float = 16.0, thresholds: np.ndarray | None = None
) -> ClauseClassifier:
    """The clause-kind model: each clause with the heading it sits under; headings alone
    carry no kind (the annotators' convention)."""
    model = fit(
        [x.text for x in clauses],
        _targets(clauses),
        CLAUSE_KINDS,
        c,
        thresholds,
        contexts=[x.context for x in clauses],
    )
    return replace(model, headings_have_no_kind=True)


def fit(
    texts: Sequence[str],
    targets: np.ndarray,
    kinds: tuple[str, ...],
    c: float = 16.0,
    thresholds: np.ndarray | None = None,
    contexts: Sequence[str] | None = None,
) -> ClauseClassifier:
    """A vectorizer fitted on ``texts`` and one balanced logistic regression per column of
    ``targets`` (1 yes, 0 no, -1 unknown: that row is left out of the column's fit).
    ``contexts`` (each text's enclosing heading) add a block of their own n-grams."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression

    vectorizer = TfidfVectorizer(**VECTORIZER_ARGS)
    vectorizer.fit([normalise(x) for x in texts])
    context_vectorizer = None
    if contexts is not None:
        context_vectorizer = TfidfVectorizer(**CONTEXT_VECTORIZER_ARGS)
        context_vectorizer.fit([normalise(x) for x in contexts if x])
    features = featurize(vectorizer, texts, context_vectorizer, contexts)
    coefs, intercepts = [], []
    for j, kind in enumerate(kinds):
        known = targets[:, j] >= 0
        y = targets[known, j]
        if y.min() == y.max():
            raise ValueError(f"{kind!r} has no positive (or no negative) example")
        model = LogisticRegression(
            C=c, class_weight="balanced", max_iter=5000, solver="liblinear", random_state=0
        )
        # all rows known (the clause kinds): fit on the matrix itself, as the shipped model was
        model.fit(features if known.all() else features[known], y)
        coefs.append(model.coef_[0])
        intercepts.append(model.intercept_[0])
    return ClauseClassifier(
        vectorizer=vectorizer,
        coef=np.array(coefs, dtype=np.float32),
        intercept=np.array(intercepts, dtype=np.float32),
        thresholds=(
            thresholds if thresholds is not None else np.full(len(kinds), 0.5, dtype=np.float32)
        ),
        kinds=kinds,
        context_vectorizer=context_vectorizer,
    )


def tuned_thresholds(
    clauses: Sequence[LabelledClause], folds: int = 5, c: float = 16.0
) -> np.ndarray:
    """Per-kind probability thresholds that maximise out-of-fold F1 on the development clauses.

    Balanced class weights push every kind towards recall; a threshold per kind, chosen on
    contracts the fold's model never saw (grouped by source, so no contract is split), gives the
    precision back. CUAD and the written clause sets are always training data.
    """
    import random

    grouped = sorted({c.source for c in clauses if not _always_train(c.source)})
    random.Random(0).shuffle(grouped)
    targets = _targets(clauses)
    probs = np.zeros(targets.shape, dtype=np.float32)
    scored = np.zeros(len(clauses), dtype=bool)
    for k in range(folds):
        held = set(grouped[k::folds])
        test = np.array([c.source in held for c in clauses])
        if not test.any():
            continue
        model = train([c for c, t in zip(clauses, test, strict=True) if not t], c=c)
        tested = [c for c, t in zip(clauses, test, strict=True) if t]
        probs[test] = model.scores([c.text for c in tested], [c.context for c in tested])
        scored |= test
    grid = np.arange(0.2, 0.91, 0.05)
    best = np.full(len(CLAUSE_KINDS), 0.5, dtype=np.float32)
    for j in range(len(CLAUSE_KINDS)):
        y = targets[scored, j].astype(bool)
        p = probs[scored, j]
        f1s = [_f1(y, p >= t) for t in grid]
        best[j] = float(grid[int(np.argmax(f1s))])
    return best


def _always_train(source: str) -> bool:
    return source.startswith("cuad") or source.startswith("written")


def _f1(y: np.ndarray, predicted: np.ndarray) -> float:
    tp = int((y & predicted).sum())
    denom = 2 * tp + int((~y & predicted).sum()) + int((y & ~predicted).sum())
    return 2 * tp / denom if denom else 0.0


@dataclass(frozen=True)
class KindScore:
    kind: str
    tp: int
    fp: int
    fn: int

    @property
    def f1(self) -> float | None:
        denom = 2 * self.tp + self.fp + self.fn
        return 2 * self.tp / denom if denom else None


def score(classifier: ClauseClassifier, clauses: Sequence[LabelledClause]) -> list[KindScore]:
    predicted = classifier.predict([c.text for c in clauses], [c.context for c in clauses])
    out = []
    for kind in CLAUSE_KINDS:
        tp = sum(
            1 for c, p in zip(clauses, predicted, strict=True) if kind in c.kinds and kind in p
        )
        fp = sum(
            1 for c, p in zip(clauses, predicted, strict=True) if kind not in c.kinds and kind in p
        )
        fn = sum(
            1 for c, p in zip(clauses, predicted, strict=True) if kind in c.kinds and kind not in p
        )
        out.append(KindScore(kind, tp, fp, fn))
    return out


def macro_f1(scores: Iterable[KindScore]) -> float:
    """Mean F1 over the kinds that occur (gold or predicted) in the scored set."""
    values = [s.f1 for s in scores if s.f1 is not None]
    return float(np.mean(values)) if values else 0.0


# CUAD's clause categories that are one of our kinds (the rest have no counterpart).
CUAD_KINDS: dict[str, str] = {
    "Renewal Term": "term_renewal",
    "Expiration Date": "term_renewal",
    "Notice Period to Terminate Renewal": "term_renewal",
    "Governing Law": "governing_law",
    "Non-Compete": "non_compete",
    "Exclusivity": "non_compete",
    "No-Solicit of Customers": "non_compete",
    "No-Solicit of Employees": "non_compete",
    "Termination for Convenience": "termination",
    "IP Ownership Assignment": "ip",
    "Joint IP Ownership": "ip",
    "License Grant": "ip",
    "Cap on Liability": "liability_cap",
    "Liquidated Damages": "penalty",
    "Warranty Duration": "warranty_quality",
    "Revenue/Profit Sharing": "price_payment",
}
_LIST_ITEM = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")


def cuad_clauses(master_csv: Path, min_chars: int = 40) -> list[dict[str, object]]:
    """CUAD answer spans mapped to our kinds; a span in several categories gets all of them."""
    merged: dict[tuple[str, str], set[str]] = {}
    with master_csv.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            for category, kind in CUAD_KINDS.items():
                for m in _LIST_ITEM.finditer(row.get(category, "") or ""):
                    span = (m.group(1) or m.group(2) or "").strip()
                    if len(span) >= min_chars:
                        merged.setdefault((row["Filename"], span), set()).add(kind)
    return [
        {"source": f"cuad:{name}", "lang": "en", "number": "", "text": span, "types": sorted(k)}
        for (name, span), k in sorted(merged.items())
    ]
