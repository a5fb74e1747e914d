"""How far two annotators agree on clause kinds: the ceiling for the clause-kind classifier.

The second pass (``golden_set/clauses/second_pass/<id>.json``) labels the same clauses as the
first (the dev contract's ``annotations.clauses``: same numbers, same first characters, same
order), so the two are compared clause by clause with the classifier's own per-kind F1.
"""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.entities.clause_kinds import CLAUSE_KINDS
from pipeline.eval.clause_train import KindScore
from pipeline.eval.golden_labels import GoldenSetError

SECOND_PASS = Path("clauses") / "second_pass"


def _kinds(path: Path, entries: list[dict[str, object]]) -> list[frozenset[str]]:
    out = []
    for entry in entries:
        kinds = entry.get("types")
        if not isinstance(kinds, list) or set(kinds) - set(CLAUSE_KINDS):
            raise GoldenSetError(
                f"{path}: clause {entry.get('number')!r} has unknown kinds {kinds!r}. "
                f"Fix: use only {', '.join(CLAUSE_KINDS)}"
            )
        out.append(frozenset(str(k) for k in kinds))
    return out


def paired_kinds(golden: Path) -> list[tuple[frozenset[str], frozenset[str]]]:
    """(first pass, second pass) kinds for every clause labelled twice."""
    pairs: list[tuple[frozenset[str], frozenset[str]]] = []
    for second_path in sorted((golden / SECOND_PASS).glob("*.json")):
        second = json.loads(second_path.read_text(encoding="utf-8"))
        first_path = golden / "dev" / "contracts" / f"{second['id']}.json"
        if not first_path.is_file():
            raise GoldenSetError(
                f"{second_path}: no dev contract {second['id']!r} ({first_path} is missing). "
                "Fix: second-pass labels belong to dev contracts"
            )
        first = json.loads(first_path.read_text(encoding="utf-8"))["annotations"]["clauses"]
        if [c["starts_with"] for c in first] != [c["starts_with"] for c in second["clauses"]]:
            raise GoldenSetError(
                f"{second_path}: its clauses differ from {first_path}'s. "
                "Fix: label the same clauses, in the same order, as the first pass"
            )
        pairs += zip(
            _kinds(first_path, first),
            _kinds(second_path, second["clauses"]),
            strict=True,
        )
    return pairs


def agreement(pairs: list[tuple[frozenset[str], frozenset[str]]]) -> list[KindScore]:
    """Per kind: the second annotator scored against the first, as a classifier would be."""
    return [
        KindScore(
            kind,
            tp=sum(1 for a, b in pairs if kind in a and kind in b),
            fp=sum(1 for a, b in pairs if kind not in a and kind in b),
            fn=sum(1 for a, b in pairs if kind in a and kind not in b),
        )
        for kind in CLAUSE_KINDS
    ]
