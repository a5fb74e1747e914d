"""``contract-review eval ...``: the evaluation command group.

``eval cuad DIR`` scores the deterministic CUAD clause detectors. The other evaluations live in
their own modules, which know nothing of this one: each has a ``register(group)`` that adds its
commands, and ``register`` here builds the group from them explicitly.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from pipeline.cli import clauses, eval_check, eval_golden
from pipeline.cli.errors import guarded

if TYPE_CHECKING:
    from pipeline.eval.cuad import CuadReport

console = Console()


def _table(report: CuadReport) -> Table:
    table = Table(title=f"CUAD clause presence, {report.contracts} contracts")
    for column in ("category", "kappa", "F1", "precision", "recall", "gold +", "pred +"):
        table.add_column(column, justify="left" if column == "category" else "right")
    for s in report.scores:
        table.add_row(
            s.category, f"{s.kappa:.3f}", f"{s.f1:.3f}", f"{s.precision:.3f}", f"{s.recall:.3f}",
            str(s.gold_positive), str(s.predicted_positive),
        )  # fmt: skip
    return table


def cuad(
    directory: Annotated[Path, typer.Argument(help="CUAD folder with master_clauses.csv.")],
    min_kappa: Annotated[float, typer.Option(help="Exit 1 if the mean kappa is below this.")] = 0.0,
) -> None:
    """Detect CUAD categories deterministically; print Cohen's kappa and F1 per category."""
    from pipeline.eval.cuad import evaluate  # heavy (spaCy, scikit-learn): import on use

    report = guarded(lambda: evaluate(directory))
    console.print(_table(report))
    console.print(
        f"mean kappa {report.mean_kappa:.3f}; {report.contracts} contracts in "
        f"{report.seconds:.1f} s ({report.contracts / max(report.seconds, 1e-9):.1f} contracts/s)"
    )
    if report.unmatched:
        console.print(f"[yellow]{len(report.unmatched)} file(s) had no label row[/]")
    if report.mean_kappa < min_kappa:
        raise typer.Exit(code=1)


def register(app: typer.Typer) -> None:
    group = typer.Typer(
        name="eval", help="Evaluate the pipeline against labelled data.", no_args_is_help=True
    )
    group.command("cuad")(cuad)
    clauses.register(group)
    eval_golden.register(group)
    eval_check.register(group)
    app.add_typer(group, name="eval")
