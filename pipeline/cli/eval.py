"""``contract-review eval ...``: the evaluation command group.

``eval cuad DIR`` scores the deterministic CUAD clause detectors. Another evaluation joins the
group from its own module: ``from pipeline.cli.eval import eval_app`` and decorate a function
with ``@eval_app.command("golden")``; ``register`` adds the group to the app once.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from pipeline.cli.errors import guarded

if TYPE_CHECKING:
    from pipeline.eval.cuad import CuadReport

eval_app = typer.Typer(
    name="eval", help="Evaluate the pipeline against labelled data.", no_args_is_help=True
)
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


@eval_app.command("cuad")
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
    # Sub-commands defined in their own modules join the group on import.
    from pipeline.cli import clauses, eval_golden  # noqa: F401

    app.add_typer(eval_app, name="eval")
