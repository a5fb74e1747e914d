"""``contract-review eval clauses`` and ``contract-review eval train-clauses``: the clause-kind
classifier's held-out score, and rebuilding the shipped model from the development clauses.

Training data: ``golden_set/clauses/*.jsonl`` plus the clause labels of the dev contracts.
Held-out data: the clause labels of ``golden_set/heldout/contracts`` (written blind).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from pipeline.cli.errors import guarded
from pipeline.cli.eval import eval_app

console = Console(stderr=True)
GOLDEN = Path("golden_set")


@eval_app.command("train-clauses")
def train_clauses(
    golden: Annotated[Path, typer.Option(help="The golden set folder.")] = GOLDEN,
    out: Annotated[Path | None, typer.Option(help="Where to write the model (.npz).")] = None,
) -> None:
    """Train the clause-kind classifier on the development clauses and write the model."""
    from pipeline.eval.clause_train import development_clauses, model_path, train, tuned_thresholds

    clauses = guarded(lambda: development_clauses(golden))
    model = train(clauses, thresholds=tuned_thresholds(clauses))
    target = out or model_path()
    model.save(target)
    console.print(f"trained on {len(clauses)} clauses; wrote {target}", highlight=False)


@eval_app.command("clauses")
def eval_clauses(
    golden: Annotated[Path, typer.Option(help="The golden set folder.")] = GOLDEN,
) -> None:
    """Score the shipped clause-kind model on the held-out (blind) clauses: P/R/F1 per kind."""
    from pipeline.entities.clause_kinds import default_classifier
    from pipeline.eval.clause_train import heldout_clauses, macro_f1, score

    model = default_classifier()
    if model is None:
        console.print("[red]no clause model is built: run contract-review eval train-clauses[/]")
        raise typer.Exit(code=50)
    held = guarded(lambda: heldout_clauses(golden / "heldout" / "contracts"))
    if not held:
        console.print(f"[red]{golden}/heldout/contracts: no clause labels to score[/]")
        raise typer.Exit(code=50)
    scores = score(model, held)
    typer.echo(f"{'kind':20s}   tp   fp   fn    F1")
    for s in scores:
        f1 = "  n/a" if s.f1 is None else f"{s.f1:.3f}"
        typer.echo(f"{s.kind:20s} {s.tp:4d} {s.fp:4d} {s.fn:4d} {f1}")
    typer.echo(f"macro-F1 {macro_f1(scores):.3f} over {len(held)} held-out clauses")
