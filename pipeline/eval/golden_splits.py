"""The golden set's two splits, scored side by side: ``dev/`` (rules may be written against
it) and ``heldout/`` (blind: written by helpers who never saw the rules, the code or any
results). The held-out figure is the headline; the dev figure shows how much tuning inflates it.

A folder without ``dev/`` or ``heldout/`` is scored as one split named ``all``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.eval.golden import SystemResult

SPLITS = ("dev", "heldout")


def split_dirs(root: Path) -> list[tuple[str, Path]]:
    """``[(name, folder)]`` of the splits present under ``root``, dev first."""
    found = [(name, root / name) for name in SPLITS if (root / name).is_dir()]
    return found or [("all", root)]


@dataclass(frozen=True)
class HeadlineFigures:
    """What the issue's acceptance names, for one split."""

    contracts: int
    clean: int
    kappa: float | None
    gold_positive_cells: int
    cells: int
    high_found: int
    high_total: int
    clean_alarms: tuple[str, ...]  # HIGH/MEDIUM findings on clean contracts, "id: type"
    per_type_recall: dict[str, tuple[int, int]]  # type -> (found, gold) at presence level
    # type -> contracts where it was reported but is not in the gold labels (presence level);
    # counts only, so a blind split's false alarms never name their contract
    per_type_false: dict[str, int] = field(default_factory=dict)

    @property
    def high_recall(self) -> float | None:
        return self.high_found / self.high_total if self.high_total else None

    def as_dict(self, blind: bool = False) -> dict[str, Any]:
        """``blind``: held-out alarms as counts by type, never with the contract's id."""
        return {
            "contracts": self.contracts,
            "clean_contracts": self.clean,
            "kappa": self.kappa,
            "class_balance": {"gold_positive_cells": self.gold_positive_cells, "cells": self.cells},
            "high_recall": None if self.high_recall is None else round(self.high_recall, 4),
            "high_found": self.high_found,
            "high_total": self.high_total,
            "clean_high_medium_alarms": (
                _alarm_line("heldout", self.clean_alarms).split("; ")
                if blind and self.clean_alarms
                else list(self.clean_alarms)
            ),
            "per_type_recall": {t: list(v) for t, v in sorted(self.per_type_recall.items())},
            "per_type_false_alarms": dict(sorted(self.per_type_false.items())),
        }


def headline(system: SystemResult) -> HeadlineFigures:
    """Figures computed from the runs: presence per (contract, type), HIGH by gold finding."""
    runs = system.ok_runs
    high_found = high_total = 0
    per_type: dict[str, list[int]] = {}
    false_alarms: Counter[str] = Counter()
    alarms: list[str] = []
    for run in runs:
        predicted = {p.type for p in run.predictions}
        label = run.contract.label
        false_alarms.update(predicted - set(label.types))
        for finding in label.findings:
            if finding.severity == "HIGH":
                high_total += 1
                high_found += finding.type in predicted
        for gold_type in label.types:
            counts = per_type.setdefault(gold_type, [0, 0])
            counts[0] += gold_type in predicted
            counts[1] += 1
        if label.clean:
            alarms += [
                f"{run.contract.id}: {p.type}"
                for p in run.predictions
                if p.severity in ("HIGH", "MEDIUM")
            ]
    kappa = system.scores.kappa if system.scores is not None else None
    return HeadlineFigures(
        contracts=len(runs),
        clean=sum(1 for r in runs if r.contract.label.clean),
        kappa=None if kappa is None else round(kappa.kappa, 4),
        gold_positive_cells=0 if kappa is None else kappa.gold_positive,
        cells=0 if kappa is None else kappa.cells,
        high_found=high_found,
        high_total=high_total,
        clean_alarms=tuple(alarms),
        per_type_recall={t: (v[0], v[1]) for t, v in per_type.items()},
        per_type_false=dict(false_alarms),
    )


def _fmt(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.3f}"


def render_side_by_side(figures: dict[str, HeadlineFigures]) -> str:
    """A Markdown table with one column per split, held-out first (it is the headline)."""
    names = sorted(figures, key=lambda n: (n != "heldout", n))
    head = "| | " + " | ".join(names) + " |\n|---|" + "---|" * len(names) + "\n"
    rows: list[tuple[str, Callable[[HeadlineFigures], str]]] = [
        ("contracts (clean)", lambda f: f"{f.contracts} ({f.clean})"),
        ("κ (presence, contract × type)", lambda f: _fmt(f.kappa)),
        ("class balance: gold-positive cells", lambda f: f"{f.gold_positive_cells}/{f.cells}"),
        (
            "recall of HIGH findings",
            lambda f: f"{_fmt(f.high_recall)} ({f.high_found}/{f.high_total})",
        ),
        ("HIGH/MEDIUM alarms on clean contracts", lambda f: str(len(f.clean_alarms))),
    ]
    body = "".join(
        f"| {label} | " + " | ".join(cell(figures[n]) for n in names) + " |\n"
        for label, cell in rows
    )
    types = sorted({t for f in figures.values() for t in (*f.per_type_recall, *f.per_type_false)})
    per_type = "\n| type | " + " | ".join(f"{n} found/gold, false" for n in names) + " |\n"
    per_type += "|---|" + "---|" * len(names) + "\n"
    for t in types:
        cells = []
        for n in names:
            found, gold = figures[n].per_type_recall.get(t, (0, 0))
            false = figures[n].per_type_false.get(t, 0)
            cells.append((f"{found}/{gold}" if gold else "–") + (f", {false}" if false else ""))
        per_type += f"| `{t}` | " + " | ".join(cells) + " |\n"
    alarms = "".join(
        f"\n- {n}: " + _alarm_line(n, figures[n].clean_alarms)
        for n in names
        if figures[n].clean_alarms
    )
    return (
        "# Golden set: held-out (blind) beside dev (tuned on)\n\n"
        "The held-out contracts were written by helpers who saw only `golden_set/TYPES.md` and "
        "the label format; it is the figure to expect on new contracts.\n\n"
        + head
        + body
        + per_type
        + ("\nHIGH/MEDIUM findings on clean contracts:" + alarms + "\n" if alarms else "")
    )


def _alarm_line(split: str, alarms: tuple[str, ...]) -> str:
    """Dev alarms name their contracts; held-out alarms are counted by type only, so that
    reading the summary never shows which blind contract a finding fell on."""
    if split != "heldout":
        return "; ".join(alarms)
    by_type = Counter(alarm.split(": ", 1)[-1] for alarm in alarms)
    return "; ".join(f"{t} ×{n}" for t, n in sorted(by_type.items()))


def write_side_by_side(figures: dict[str, HeadlineFigures], out: Path) -> None:
    """``summary.md`` and ``summary.json`` beside the per-split folders (mode 0600, atomic)."""
    import json

    from pipeline.atomic import write_text_atomic

    out.mkdir(parents=True, exist_ok=True)
    write_text_atomic(out / "summary.md", render_side_by_side(figures))
    payload = {name: f.as_dict(blind=name == "heldout") for name, f in figures.items()}
    write_text_atomic(
        out / "summary.json", json.dumps(payload, ensure_ascii=False, indent=2) + "\n"
    )
