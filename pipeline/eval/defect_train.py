"""Train and score the defect classifier (``pipeline/entities/defect_model.py``).

Training data (development only):
- ``golden_set/defects/train/*.jsonl``: clauses written blind for it, one per line,
  ``{"id", "lang", "type", "label", "governing_law", "contract_type", "text", "note"}``; a
  positive is the defect, a negative its lawful look-alike on the same subject;
- the lines of the dev contracts (``golden_set/dev``, ``golden_set/focus/dev``): a line is
  positive for a type when a gold finding of that type quotes it, negative otherwise.

Thresholds are chosen on the dev contracts out of fold (a writing batch left out at a time), for
precision per contract: the lowest threshold whose out-of-fold verdicts reach ``PRECISION``,
counted where a rule would report the type (its language, its law, its document test).
``golden_set/defects/blind/*.jsonl`` (written by other helpers, never trained on) is the
blind score.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from pipeline.entities.clause_kinds import ClauseClassifier
from pipeline.entities.defect_model import DEFECT_TYPES
from pipeline.eval.clause_train import fingerprint, fit
from pipeline.eval.golden_labels import GoldenSetError, label_files

# one-sided terms overlap: a unilateral price change is unfair_standard_term under PRC law and
# unilateral_amendment elsewhere, and an exclusion of the drafter's liability can be both an
# unfair standard term and an invalid exemption; a positive of one says nothing of the others
RELATED: dict[str, frozenset[str]] = {
    "unfair_standard_term": frozenset(
        {"unilateral_amendment", "invalid_exemption", "unlimited_liability"}
    ),
    "unilateral_amendment": frozenset({"unfair_standard_term"}),
    "invalid_exemption": frozenset({"unfair_standard_term"}),
    "unlimited_liability": frozenset({"unfair_standard_term"}),
}
PRECISION = 0.8
MIN_LINE_CHARS = 8
_SPACE = re.compile(r"\s+")
# a type that can be an absence: its finding may quote the contract's title or a heading for
# want of a clause to quote, and a title says nothing of how an open term is worded
ABSENCE_TYPES = frozenset({"missing_essential_clause"})
_HEADING = re.compile(r"^[^。；;，,.:：]{1,40}$")


@dataclass(frozen=True)
class Example:
    text: str
    targets: tuple[int, ...]  # per DEFECT_TYPES: 1, 0, or -1 (unknown)
    lang: str
    group: str  # the contract (or written batch) it came from
    contract: bool  # a line of a dev contract, not a written clause
    written_for: str = ""  # a written clause's type
    applies: frozenset[str] = frozenset()  # a contract line: the types a rule would check there
    holds: frozenset[str] = frozenset()  # a contract line: the types its contract's label reports


def written_examples(folder: Path) -> list[Example]:
    out: list[Example] = []
    for path in sorted(folder.glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            row = json.loads(line)
            kind, label = row["type"], int(row["label"])
            if kind not in DEFECT_TYPES or label not in (0, 1):
                raise GoldenSetError(
                    f"{path}:{n}: type {kind!r} / label {label!r}. Fix: use one of "
                    f"{', '.join(DEFECT_TYPES)} and a label of 0 or 1"
                )
            targets = tuple(
                label if t == kind else -1 if label and t in RELATED.get(kind, ()) else 0
                for t in DEFECT_TYPES
            )
            out.append(Example(row["text"], targets, row["lang"], path.stem, False, kind))
    return out


def contract_examples(
    folders: Sequence[Path], gates: Sequence[Gate] | None = None
) -> list[Example]:
    """Every line of every labelled contract, positive for the types its findings quote, with
    the types the shipped rules would let the model report in that contract."""
    gates = model_gates() if gates is None else gates
    out: list[Example] = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for label_path in label_files(folder):
            label = json.loads(label_path.read_text(encoding="utf-8"))
            quotes = [
                (f["type"], _SPACE.sub("", q))
                for f in label["findings"]
                if f["type"] in DEFECT_TYPES
                for q in (f.get("quote"), f.get("also_quote"))
                if q
            ]
            text = label_path.with_suffix(".txt").read_text(encoding="utf-8")
            applies = applicable_types(text, gates)
            holds = frozenset(f["type"] for f in label["findings"])
            for line in text.splitlines():
                if len(line.strip()) < MIN_LINE_CHARS:
                    continue
                flat = _SPACE.sub("", line)
                hit = {t for t, q in quotes if q and q in flat}
                heading = bool(_HEADING.match(line.strip()))
                targets = tuple(
                    (-1 if heading and t in ABSENCE_TYPES else 1) if t in hit else 0
                    for t in DEFECT_TYPES
                )
                out.append(
                    Example(
                        line.strip(),
                        targets,
                        label["lang"],
                        label["id"],
                        True,
                        applies=applies,
                        holds=holds,
                    )
                )
    return out


@dataclass(frozen=True)
class Gate:
    """Where a ``defect_model`` rule runs: its type, language, law systems and document test."""

    type: str
    language: str
    systems: frozenset[str]
    require_doc: tuple[str, ...]


def model_gates(rules_dirs: Sequence[Path] | None = None) -> list[Gate]:
    """The gates of the bundled rules that use the model, so thresholds are set on the
    contracts where the model's finding would be reported."""
    from pipeline.entities.governing_law import RULE_JURISDICTIONS
    from pipeline.rules_engine.loader import load_rules
    from pipeline.stages.validate_rules import default_resolver

    gates = []
    for rule in load_rules(default_resolver(), rules_dirs):
        if rule.spec.check != "defect_model":
            continue
        systems = frozenset(s for s, allowed in RULE_JURISDICTIONS.items()
                            if rule.spec.jurisdiction in allowed)  # fmt: skip
        params = rule.spec.params
        gates.append(Gate(params["type"], rule.spec.language, systems,
                          tuple(params.get("require_doc", ()))))  # fmt: skip
    return gates


def applicable_types(text: str, gates: Sequence[Gate]) -> frozenset[str]:
    from pipeline.entities.governing_law import assumed_law
    from pipeline.entities.parse import detect_language

    language = detect_language(text)
    system = assumed_law(text, language).system
    return frozenset(
        g.type
        for g in gates
        if g.language == language
        and system in g.systems
        and (not g.require_doc or any(re.search(p, text) for p in g.require_doc))
    )


def development_examples(golden: Path) -> list[Example]:
    written = written_examples(golden / "defects" / "train")
    dev = [golden / "dev" / "contracts", golden / "focus" / "dev" / "contracts"]
    lines = contract_examples(dev)
    if not written or not lines:
        raise GoldenSetError(
            f"{golden}: no written defect clauses in defects/train/*.jsonl or no dev contracts. "
            "Fix: pass the golden_set/ folder with --golden"
        )
    return written + lines


def _matrix(examples: Sequence[Example]) -> np.ndarray:
    return np.array([e.targets for e in examples], dtype=np.int8)


def examples_fingerprint(examples: Sequence[Example]) -> str:
    return fingerprint([e.text for e in examples], _matrix(examples))


def train(
    examples: Sequence[Example],
    c: float = 8.0,
    thresholds: np.ndarray | None = None,
    language_thresholds: Mapping[str, np.ndarray] | None = None,
) -> ClauseClassifier:
    model = fit([e.text for e in examples], _matrix(examples), DEFECT_TYPES, c, thresholds)
    return replace(model, language_thresholds=dict(language_thresholds or {}))


def batch_of(contract_id: str) -> str:
    """The writing batch of a dev contract ("zh_nm07" → "nm", "en_01_sale" → ""): each batch
    came from other writers under another brief."""
    m = _BATCH.match(contract_id)
    return m.group(1) if m else contract_id


_BATCH = re.compile(r"^(?:zh|en)_([a-z]*)\d")


def out_of_fold(examples: Sequence[Example], c: float = 8.0) -> np.ndarray:
    """Probabilities for the contract lines from models that never saw their writing batch
    (the written clauses are always training data); NaN for the written rows. Leaving a whole
    batch out, not a contract, is what a new writer's contract looks like to the model: its
    batch-mates share the writer's phrasing, which made contract-wise folds optimistic."""
    batches = sorted({batch_of(e.group) for e in examples if e.contract})
    probs = np.full((len(examples), len(DEFECT_TYPES)), np.nan, dtype=np.float32)
    for batch in batches:
        test = np.array([e.contract and batch_of(e.group) == batch for e in examples])
        model = train([e for e, t in zip(examples, test, strict=True) if not t], c=c)
        probs[test] = model.scores([e.text for e, t in zip(examples, test, strict=True) if t])
    return probs


def precise_thresholds(
    examples: Sequence[Example],
    probs: np.ndarray,
    precision: float = PRECISION,
    language: str | None = None,
) -> np.ndarray:
    """Per type, the lowest threshold at which the model's out-of-fold verdicts per contract
    (the type reported when any line reaches it, in contracts where a rule would report it)
    reach ``precision`` against the gold labels; 1.0 (never) when none does. Per contract,
    because that is where a false alarm costs: one lawful clause flagged in a clean contract.
    With ``language``, only that language's contracts count."""
    best = np.ones(len(DEFECT_TYPES), dtype=np.float32)
    for j, kind in enumerate(DEFECT_TYPES):
        top: dict[str, float] = {}
        gold: dict[str, bool] = {}
        for e, p in zip(examples, probs[:, j], strict=True):
            if not e.contract or kind not in e.applies or language not in (None, e.lang):
                continue
            top[e.group] = max(top.get(e.group, 0.0), float(p))
            # the contract's verdict is what its label reports, wherever the finding quotes
            gold[e.group] = kind in e.holds
        for t in np.arange(0.5, 0.995, 0.01):
            fired = [g for g, p in top.items() if p >= t]
            tp = sum(gold[g] for g in fired)
            if tp and tp / len(fired) >= precision:
                best[j] = round(float(t), 2)
                break
    return best


def language_thresholds(
    examples: Sequence[Example], probs: np.ndarray, precision: float = PRECISION
) -> dict[str, np.ndarray]:
    """``precise_thresholds`` for each contract language on its own: Chinese and English
    contracts are written apart and separate apart, so one pooled threshold is too strict for
    one and too loose for the other."""
    languages = sorted({e.lang for e in examples if e.contract})
    return {lang: precise_thresholds(examples, probs, precision, lang) for lang in languages}


@dataclass(frozen=True)
class TypeScore:
    kind: str
    tp: int
    fp: int
    fn: int

    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None


def score(model: ClauseClassifier, examples: Sequence[Example]) -> list[TypeScore]:
    """Precision and recall per type over the examples labelled for it."""
    probs = model.scores([e.text for e in examples])
    targets = _matrix(examples)
    out = []
    for j, kind in enumerate(model.kinds):
        known = targets[:, j] >= 0
        y = targets[known, j] == 1
        cut = np.array([model.thresholds_for(e.lang)[j] for e in examples])[known]
        fired = probs[known, j] >= cut
        out.append(TypeScore(kind, int((y & fired).sum()), int((~y & fired).sum()),
                             int((y & ~fired).sum())))  # fmt: skip
    return out


def blind_examples(golden: Path, folder: str = "blind") -> list[Example]:
    """The blind clause test set: each record counts only for the type it was written for
    (a lawful look-alike of one type is not a labelled negative of every other)."""
    return [
        Example(
            e.text,
            tuple(
                v if t == e.written_for else -1
                for t, v in zip(DEFECT_TYPES, e.targets, strict=True)
            ),
            e.lang,
            e.group,
            False,
            e.written_for,
        )
        for e in written_examples(golden / "defects" / folder)
    ]
