"""CUAD clause-presence detectors, scored against the real CUAD annotations.

The annotated sample ships with the repository (``tests/data/cuad``: 70 of the 152 dev
contracts, CC BY 4.0, see its SOURCE.md), so these tests run on a fresh clone. The whole dev set
is scored by ``make nightly`` (``CUAD_DIR``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.eval.cuad import CATEGORIES, detect, evaluate, explain, normalise_name

CUAD = Path(__file__).resolve().parents[1] / "data" / "cuad"

# Per category: contracts the annotators marked present in the sample, and a kappa floor just
# under what the detectors measured on it (2026-12-01), so a regression in a detector fails.
EXPECTED = {
    "Governing Law": (53, 0.90),
    "Cap On Liability": (21, 0.90),
    "Uncapped Liability": (6, 0.42),
    "Liquidated Damages": (6, 0.88),
    "Termination For Convenience": (20, 0.79),
    "Renewal Term": (20, 0.83),
    "Notice Period To Terminate Renewal": (12, 0.82),
    "Non-Compete": (9, 0.39),
    "Exclusivity": (15, 0.80),
    "Anti-Assignment": (46, 0.74),
    "Audit Rights": (13, 0.80),
    "Insurance": (15, 0.89),
}


@pytest.fixture(scope="module")
def cuad() -> Path:
    assert (CUAD / "master_clauses.csv").is_file(), (
        f"the CUAD sample is missing at {CUAD}: it ships with the repository "
        "(restore it with `git checkout -- tests/data/cuad`)"
    )
    return CUAD


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


def test_cuad_kappa_per_category(cuad: Path) -> None:
    report = evaluate(cuad)
    assert report.contracts == 70 and not report.unmatched
    assert [s.category for s in report.scores] == list(CATEGORIES) == list(EXPECTED)
    for score in report.scores:
        gold, floor = EXPECTED[score.category]
        assert score.gold_positive == gold, score.category
        assert score.kappa > floor, f"{score.category}: kappa {score.kappa:.3f} <= {floor}"
    assert report.mean_kappa > 0.77


def test_eval_cuad_command(cuad: Path) -> None:
    result = CliRunner().invoke(app, ["eval", "cuad", str(cuad)])
    assert result.exit_code == 0, result.output
    assert "Governing Law" in result.output and "mean kappa" in result.output
    assert "70 contracts" in result.output


def test_eval_cuad_command_missing_dir(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["eval", "cuad", str(tmp_path)])
    assert result.exit_code == 10
