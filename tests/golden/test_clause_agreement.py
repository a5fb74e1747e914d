"""The inter-annotator ceiling for clause kinds, from the shipped second pass."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pipeline.eval.clause_agreement import agreement, paired_kinds
from pipeline.eval.clause_train import macro_f1
from pipeline.eval.golden_labels import GoldenSetError

GOLDEN = Path(__file__).resolve().parents[2] / "golden_set"


def test_the_shipped_second_pass_pairs_every_clause_and_agrees_as_measured() -> None:
    pairs = paired_kinds(GOLDEN)
    assert len(pairs) == 616
    assert macro_f1(agreement(pairs)) == pytest.approx(0.859, abs=0.0005)


def test_agreement_counts_each_side_against_the_other() -> None:
    pairs = [
        (frozenset({"penalty"}), frozenset({"penalty", "liability_cap"})),
        (frozenset({"deposit"}), frozenset()),
    ]
    scores = {s.kind: s for s in agreement(pairs)}
    assert (scores["penalty"].tp, scores["penalty"].fp, scores["penalty"].fn) == (1, 0, 0)
    assert (scores["liability_cap"].fp, scores["deposit"].fn) == (1, 1)
    assert scores["interest"].f1 is None  # neither annotator used it: left out of the mean


def _golden_with(tmp_path: Path, second: dict[str, object]) -> Path:
    contracts = tmp_path / "dev" / "contracts"
    contracts.mkdir(parents=True)
    first = {"annotations": {"clauses": [{"number": "1", "starts_with": "1. Price", "types": []}]}}
    (contracts / "c1.json").write_text(json.dumps(first), "utf-8")
    folder = tmp_path / "clauses" / "second_pass"
    folder.mkdir(parents=True)
    (folder / "c1.json").write_text(json.dumps(second), "utf-8")
    return tmp_path


def test_a_second_pass_over_other_clauses_is_refused_with_the_fix(tmp_path: Path) -> None:
    golden = _golden_with(
        tmp_path, {"id": "c1", "clauses": [{"number": "1", "starts_with": "1. Pay", "types": []}]}
    )
    with pytest.raises(GoldenSetError, match="same clauses"):
        paired_kinds(golden)


def test_an_unknown_kind_names_the_file_and_the_kinds(tmp_path: Path) -> None:
    golden = _golden_with(
        tmp_path,
        {"id": "c1", "clauses": [{"number": "1", "starts_with": "1. Price", "types": ["cost"]}]},
    )
    with pytest.raises(GoldenSetError, match=r"second_pass/c1.json.*unknown kinds"):
        paired_kinds(golden)


def test_eval_clauses_prints_the_ceiling_beside_the_held_out_score(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pipeline.cli.app import app

    golden = _golden_with(
        tmp_path,
        {"id": "c1", "clauses": [{"number": "1", "starts_with": "1. Price", "types": ["deposit"]}]},
    )
    first = {
        "annotations": {
            "clauses": [{"number": "1", "starts_with": "1. Price", "types": ["deposit"]}]
        }
    }
    (golden / "dev" / "contracts" / "c1.json").write_text(json.dumps(first), "utf-8")
    held = golden / "heldout" / "contracts"
    held.mkdir(parents=True)
    (held / "h1.txt").write_text("1. Price. The Buyer pays USD 100 within 30 days.\n", "utf-8")
    label = {
        "id": "h1",
        "lang": "en",
        "annotations": {
            "clauses": [{"number": "1", "starts_with": "1. Price", "types": ["price_payment"]}]
        },
    }
    (held / "h1.json").write_text(json.dumps(label), "utf-8")
    result = CliRunner().invoke(app, ["eval", "clauses", "--golden", str(golden)])
    assert result.exit_code == 0, result.output
    assert "over 1 held-out clauses" in result.output
    assert "two annotators agree at macro-F1 1.000 over 1 dev clauses" in result.output
