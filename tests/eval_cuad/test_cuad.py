"""CUAD clause-presence detectors, scored against the real CUAD annotations."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.eval.cuad import CATEGORIES, detect, evaluate, explain, normalise_name

CUAD = Path(__file__).resolve().parents[3] / "shared" / "data" / "en" / "cuad-dev"
needs_cuad = pytest.mark.skipif(
    not (CUAD / "master_clauses.csv").is_file(), reason=f"CUAD data not found at {CUAD}"
)


def test_file_name_quirks_normalise_alike() -> None:
    assert normalise_name("MOELIS&CO_x-EX-10.1.pdf") == normalise_name("MOELIS_CO_x-EX-10.1.txt")
    assert normalise_name("ÉCOLE_AGREEMENT. ") == normalise_name("ECOLE_AGREEMENT")


def test_explain_shows_the_words_that_decided() -> None:
    evidence = explain("Either party may terminate this Agreement at any time on 30 days' notice.")
    assert evidence["Termination For Convenience"] is not None
    assert "terminate this Agreement at any time" in evidence["Termination For Convenience"]
    vetoed = explain(
        "Either party may terminate this Agreement on 30 days' notice if the other party breaches."
    )
    assert vetoed["Termination For Convenience"] is None


def test_detect_on_clause_language() -> None:
    found = detect(
        "This Agreement shall be governed by the laws of the State of New York. Neither party may "
        "assign this Agreement without the prior written consent of the other party. Distributor "
        "shall maintain commercial general liability insurance. The headings are for convenience only."
    )
    assert found["Governing Law"] and found["Anti-Assignment"] and found["Insurance"]
    assert not found["Termination For Convenience"] and not found["Liquidated Damages"]


@pytest.mark.slow
@needs_cuad
def test_cuad_kappa_per_category() -> None:
    report = evaluate(CUAD)
    assert report.contracts == 152 and not report.unmatched
    assert len(report.scores) == len(CATEGORIES) >= 10
    scores = {s.category: s for s in report.scores}
    # Floors just under what was measured, so a regression in a detector fails the test.
    assert scores["Insurance"].kappa > 0.85
    assert scores["Governing Law"].kappa > 0.85
    assert scores["Exclusivity"].kappa > 0.8
    assert scores["Cap On Liability"].kappa > 0.8
    assert sum(s.kappa >= 0.78 for s in report.scores) >= 7
    assert report.mean_kappa > 0.74


@pytest.mark.slow
@needs_cuad
def test_eval_cuad_command() -> None:
    result = CliRunner().invoke(app, ["eval", "cuad", str(CUAD)])
    assert result.exit_code == 0, result.output
    assert "Governing Law" in result.output and "mean kappa" in result.output


def test_eval_cuad_command_missing_dir(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["eval", "cuad", str(tmp_path)])
    assert result.exit_code == 10
