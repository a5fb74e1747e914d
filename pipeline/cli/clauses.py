"""``contract-review eval clauses`` and ``eval defects``: the clause-kind classifier's held-out
score, and the defect classifier's blind one.

Held-out data: the clause labels of ``golden_set/heldout/contracts`` (written blind). Rebuilding
the shipped model is ``contract-review dev train-clauses`` (``pipeline/cli/dev.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from pipeline.cli.errors import guarded

console = Console(stderr=True)
GOLDEN = Path("golden_set")


def eval_clauses(
    golden: Annotated[Path, typer.Option(help="The golden set folder.")] = GOLDEN,
) -> None:
    """Score the shipped clause-kind model on the held-out (blind) clauses: P/R/F1 per kind,
    beside how far two annotators agree on the dev clauses labelled twice (the ceiling)."""
    from pipeline.entities.clause_kinds import default_classifier
    from pipeline.eval.clause_agreement import agreement, paired_kinds
    from pipeline.eval.clause_train import heldout_clauses, macro_f1, score

    model = default_classifier()
    if model is None:
        console.print("[red]no clause model is built: run contract-review dev train-clauses[/]")
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
    pairs = guarded(lambda: paired_kinds(golden))
    if pairs:
        typer.echo(
            f"two annotators agree at macro-F1 {macro_f1(agreement(pairs)):.3f} "
            f"over {len(pairs)} dev clauses labelled twice (the ceiling to expect)"
        )


def eval_defects(
    golden: Annotated[Path, typer.Option(help="The golden set folder.")] = GOLDEN,
    blind_set: Annotated[
        str, typer.Option("--set", help="The blind folder under defects/: blind or blind2.")
    ] = "blind",
) -> None:
    """Score the shipped defect classifier on the blind defect clauses
    (``golden_set/defects/blind``): precision and recall per type, each record counting only
    for the type it was written for."""
    from pipeline.entities.defect_model import default_defect_classifier
    from pipeline.eval.defect_train import blind_examples
    from pipeline.eval.defect_train import score as score_defects

    model = default_defect_classifier()
    if model is None:
        console.print("[red]no defect model is built: run contract-review dev train-defects[/]")
        raise typer.Exit(code=50)
    blind = guarded(lambda: blind_examples(golden, blind_set))
    if not blind:
        console.print(f"[red]{golden}/defects/{blind_set}: no clauses to score[/]")
        raise typer.Exit(code=50)
    typer.echo(f"{'type':34s}   tp   fp   fn  precision  recall")
    for s in score_defects(model, blind):
        p, r = s.precision(), s.recall()
        typer.echo(
            f"{s.kind:34s} {s.tp:4d} {s.fp:4d} {s.fn:4d}  "
            f"{'   n/a' if p is None else f'{p:6.3f}'}     {'  n/a' if r is None else f'{r:.3f}'}"
        )
    typer.echo(f"{len(blind)} blind clauses")


def register(group: typer.Typer) -> None:
    """Add ``clauses`` and ``defects`` to the ``eval`` group."""
    group.command("clauses")(eval_clauses)
    group.command("defects")(eval_defects)
