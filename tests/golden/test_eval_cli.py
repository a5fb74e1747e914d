"""``contract-review eval golden`` end to end on a small copy of the set, real pipeline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.eval.golden_labels import RULE_FINDING_TYPES

runner = CliRunner()


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")


def _run(small_set: Path, out: Path, *extra: str) -> tuple[int, str]:
    result = runner.invoke(
        app, ["eval", "golden", str(small_set), "--llm", "none", "--out", str(out), *extra]
    )
    return result.exit_code, result.output


@pytest.mark.slow
def test_exit_code_follows_the_threshold(small_set: Path, tmp_path: Path, env: None) -> None:
    out = tmp_path / "eval"
    code, output = _run(small_set, out, "--threshold", "-1")
    assert code == 0, output
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    kappa = report["pipeline"]["kappa"]
    assert kappa["cells"] == 2 * len(RULE_FINDING_TYPES)
    assert report["pipeline"]["mode"] == "none"
    assert "Cohen's κ" in (out / "report.md").read_text(encoding="utf-8")
    # κ can never reach 1.01: the same run must now ask for a roll back
    code, output = _run(small_set, out, "--threshold", "1.01")
    assert code == 1
    assert "ROLL BACK" in output
    rows = (out / "history.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(rows) == 2
    second = json.loads(rows[1])
    assert second["kappa"] == kappa["kappa"]
    assert set(second) >= {"date", "git_commit", "model", "per_type_recall"}


@pytest.mark.slow
def test_llm_only_baseline_is_skipped_in_none_mode(
    small_set: Path, tmp_path: Path, env: None
) -> None:
    out = tmp_path / "eval"
    code, output = _run(small_set, out, "--threshold", "-1", "--compare", "llm-only")
    assert code == 0, output
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["baseline"] is None
    assert "skipped: --llm none" in report["baseline_note"]
    assert "Skipped: --llm none" in (out / "report.md").read_text(encoding="utf-8")


def test_bad_compare_value_is_a_usage_error(small_set: Path, tmp_path: Path) -> None:
    code, output = _run(small_set, tmp_path, "--compare", "gpt")
    assert code == 2
    assert "llm-only" in output


def test_golden_check_command(small_set: Path) -> None:
    result = runner.invoke(app, ["eval", "golden-check", str(small_set)])
    assert result.exit_code == 0, result.output
    assert "2 contracts and 0 drafts checked, 0 problem(s)" in result.output
    label = small_set / "contracts" / "en_15_clean_nda.json"
    data = json.loads(label.read_text(encoding="utf-8"))
    data["clean"] = False
    data["findings"] = [
        {
            "type": "missing_governing_law",
            "severity": "MEDIUM",
            "quote": "NO SUCH TITLE",
            "basis": {"basis_kind": "common_law"},
        }
    ]
    label.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["eval", "golden-check", str(small_set)])
    assert result.exit_code == 1
    assert "quote not in the .txt: 'NO SUCH TITLE'" in result.output
