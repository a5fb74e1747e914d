"""The side-by-side summary never names a blind contract: held-out alarms are counted by type."""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.eval.golden_splits import HeadlineFigures, render_side_by_side, write_side_by_side


def _figures(alarms: tuple[str, ...]) -> HeadlineFigures:
    return HeadlineFigures(
        contracts=3, clean=2, kappa=0.5, gold_positive_cells=1, cells=30, high_found=1,
        high_total=1, clean_alarms=alarms, per_type_recall={"penalty_excessive": (1, 1)},
    )  # fmt: skip


def test_held_out_alarms_are_counts_by_type_and_dev_alarms_name_their_contract(
    tmp_path: Path,
) -> None:
    figures = {
        "heldout": _figures(
            ("zh_b99_secret: date_inconsistency", "en_b98_hidden: date_inconsistency")
        ),
        "dev": _figures(("zh_01_sale: penalty_excessive",)),
    }
    text = render_side_by_side(figures)
    assert "heldout: date_inconsistency ×2" in text
    assert "zh_b99_secret" not in text and "en_b98_hidden" not in text
    assert "dev: zh_01_sale: penalty_excessive" in text
    write_side_by_side(figures, tmp_path)
    payload = (tmp_path / "summary.json").read_text("utf-8")
    assert "zh_b99_secret" not in payload
    assert json.loads(payload)["heldout"]["clean_high_medium_alarms"] == ["date_inconsistency ×2"]


def test_false_alarms_are_counted_by_type_beside_recall(tmp_path: Path) -> None:
    held = HeadlineFigures(
        contracts=3, clean=1, kappa=0.5, gold_positive_cells=1, cells=30, high_found=1,
        high_total=1, clean_alarms=(), per_type_recall={"penalty_excessive": (1, 2)},
        per_type_false={"penalty_excessive": 3, "undefined_term": 2},
    )  # fmt: skip
    text = render_side_by_side({"heldout": held})
    assert "| `penalty_excessive` | 1/2, 3 |" in text
    assert "| `undefined_term` | –, 2 |" in text  # reported, never in the gold labels
    write_side_by_side({"heldout": held}, tmp_path)
    payload = json.loads((tmp_path / "summary.json").read_text("utf-8"))
    assert payload["heldout"]["per_type_false_alarms"] == {
        "penalty_excessive": 3,
        "undefined_term": 2,
    }
