"""The roll-back verdict at the threshold, and recall regressions against the history."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pipeline.eval.golden_report import (
    EXIT_OK,
    EXIT_ROLL_BACK,
    read_last_history,
    recall_regressions,
    verdict,
)


def _report(kappa: float, threshold: float, regressions: list[str]) -> dict[str, Any]:
    return {
        "threshold": threshold,
        "recall_regressions": regressions,
        "pipeline": {"kappa": {"kappa": kappa}},
    }


def test_kappa_equal_to_threshold_passes() -> None:
    assert verdict(_report(0.75, 0.75, [])).exit_code == EXIT_OK


def test_kappa_just_below_threshold_rolls_back_naming_regressions() -> None:
    result = verdict(_report(0.7499, 0.75, ["penalty_excessive 1.00 → 0.50"]))
    assert result.exit_code == EXIT_ROLL_BACK
    assert result.message.startswith("ROLL BACK")
    assert "penalty_excessive 1.00 → 0.50" in result.message
    assert "0.750" in result.message


def test_missing_kappa_rolls_back() -> None:
    report = {"threshold": 0.75, "recall_regressions": [], "pipeline": {}}
    assert verdict(report).exit_code == EXIT_ROLL_BACK


def test_recall_regressions_names_only_types_that_fell() -> None:
    previous = {"a": 1.0, "b": 0.5, "c": None, "d": 0.5}
    current = {"a": 0.5, "b": 0.75, "c": 0.0, "d": 0.5}
    assert recall_regressions(previous, current) == ["a 1.00 → 0.50"]


def test_read_last_history(tmp_path: Path) -> None:
    path = tmp_path / "history.jsonl"
    assert read_last_history(path) is None
    path.write_text(json.dumps({"kappa": 0.5}) + "\n" + json.dumps({"kappa": 0.7}) + "\n")
    assert read_last_history(path) == {"kappa": 0.7}


def test_previous_run_is_the_last_one_with_the_same_model(tmp_path: Path) -> None:
    path = tmp_path / "history.jsonl"
    rows = [{"model": "none", "kappa": 0.6}, {"model": "qwen", "kappa": 0.8}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert read_last_history(path, "none") == {"model": "none", "kappa": 0.6}
    assert read_last_history(path, "llamacpp") is None


def test_a_failed_contract_rolls_back_even_with_high_kappa() -> None:
    report = _report(0.95, 0.75, [])
    report["pipeline"]["errors"] = {"zh_01": "stage 'intake' failed"}
    result = verdict(report)
    assert result.exit_code == EXIT_ROLL_BACK
    assert "zh_01" in result.message
