"""``contract-review dev ...``: the developers' tools, which used to be ``python -m`` scripts.

``bench`` (``make bench``), ``mutation`` (``make mutation``), ``golden-pdfs``, ``schema`` and
``train-clauses``. The modules behind them return data; these commands print it.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from pipeline.cli.errors import guarded

console = Console(stderr=True)
GOLDEN = Path("golden_set")


def bench() -> None:
    """Time the pipeline, CLI, batch, embedded LLM and KB; write bench/results.json.

    Each section's figures are printed as it ends. Figures only: it never fails on time.
    """
    from pipeline import bench as figures

    results = figures.results_header()
    for name, run in figures.SECTIONS.items():
        typer.echo(f"== {name}")
        results[name] = run()
        typer.echo(json.dumps(results[name], ensure_ascii=False, indent=2))
    typer.echo(f"wrote {figures.write_results(results)}")


def mutation(
    only: Annotated[
        list[str] | None, typer.Option("--only", help="Mutants whose names contain this.")
    ] = None,
    list_them: Annotated[
        bool, typer.Option("--list", help="List the mutants, say which apply, and exit.")
    ] = False,
    jobs: Annotated[int, typer.Option(min=1, help="Mutants run at once (one copy each).")] = 2,
    timeout: Annotated[float, typer.Option(help="Seconds per mutant.")] = 300.0,
    min_kill_rate: Annotated[float, typer.Option(help="Exit 1 below this kill rate.")] = 0.9,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Also write the outcomes here.")
    ] = None,
    keep: Annotated[bool, typer.Option(help="Keep the temporary copies.")] = False,
) -> None:
    """Mutation testing: would the tests notice a changed threshold, loop bound or guard?

    Exit 0 when the kill rate is reached, every required mutant is killed and none is stale;
    1 otherwise; 2 when the unmutated baseline is not green or no mutant matches --only.
    """
    from pipeline.testing import mutation as mut

    chosen = mut.select(only or [])
    if list_them:
        lines = [mut.listing_line(m) for m in chosen]
        for line, _ in lines:
            typer.echo(line)
        raise typer.Exit(code=1 if any(stale for _, stale in lines) else 0)
    if not chosen:
        typer.echo("mutation: no mutant matches --only", err=True)
        raise typer.Exit(code=2)
    began = time.perf_counter()
    try:
        outcomes = mut.run(chosen, jobs, timeout, keep, progress=typer.echo)
    except mut.BaselineError as exc:
        if exc.output:
            typer.echo(exc.output, err=True)
        typer.echo(f"mutation: {exc.problem}", err=True)
        raise typer.Exit(code=2) from None
    text, ok = mut.summary(outcomes, min_kill_rate)
    typer.echo(f"\n{text}\n{len(outcomes)} mutants in {time.perf_counter() - began:.0f} s")
    if json_out:
        rows = json.dumps(mut.outcome_rows(outcomes), indent=1, ensure_ascii=False)
        json_out.write_text(rows + "\n", "utf-8")
    raise typer.Exit(code=0 if ok else 1)


def golden_pdfs(
    directory: Annotated[Path, typer.Argument(help="The golden set folder.")] = GOLDEN,
) -> None:
    """Render every golden-set contract text to <id>.pdf with a real text layer (deterministic)."""
    from pipeline.eval.golden_pdfs import render_golden_pdfs

    pages = guarded(lambda: render_golden_pdfs(directory))
    long_ones = sorted(cid for cid, n in pages.items() if n >= 3)
    typer.echo(
        f"rendered {len(pages)} PDFs; {len(long_ones)} span 3+ pages: {', '.join(long_ones)}"
    )


def schema() -> None:
    """Print the report's JSON Schema (contract-review dev schema > schema/report.schema.json)."""
    from pipeline.schema import report_schema_json

    typer.echo(report_schema_json())


def train_clauses(
    golden: Annotated[Path, typer.Option(help="The golden set folder.")] = GOLDEN,
    out: Annotated[Path | None, typer.Option(help="Where to write the model (.npz).")] = None,
) -> None:
    """Train the clause-kind classifier on the development clauses and write the model."""
    from pipeline.entities.clause_kinds import model_path
    from pipeline.eval.clause_train import (
        clause_fingerprint,
        development_clauses,
        train,
        tuned_thresholds,
    )

    clauses = guarded(lambda: development_clauses(golden))
    model = train(clauses, thresholds=tuned_thresholds(clauses))
    target = out or model_path()
    model.save(target, trained_on=clause_fingerprint(clauses))
    console.print(f"trained on {len(clauses)} clauses; wrote {target}", highlight=False)


def train_defects(
    golden: Annotated[Path, typer.Option(help="The golden set folder.")] = GOLDEN,
    out: Annotated[Path | None, typer.Option(help="Where to write the model (.npz).")] = None,
) -> None:
    """Train the defect classifier on the written defect clauses and the dev contracts' lines,
    with thresholds set for precision out of fold, and write the model."""
    from pipeline.entities.defect_model import model_path
    from pipeline.eval.defect_train import (
        development_examples,
        examples_fingerprint,
        language_thresholds,
        out_of_fold,
        precise_thresholds,
        train,
    )

    examples = guarded(lambda: development_examples(golden))
    probs = out_of_fold(examples)
    by_language = language_thresholds(examples, probs)
    model = train(examples, thresholds=precise_thresholds(examples, probs),
                  language_thresholds=by_language)  # fmt: skip
    target = out or model_path()
    model.save(target, trained_on=examples_fingerprint(examples))
    for j, kind in enumerate(model.kinds):
        cuts = "  ".join(f"{lang} {t[j]:.2f}" for lang, t in by_language.items())
        typer.echo(f"{kind:34s} threshold {model.thresholds[j]:.2f}  {cuts}")
    console.print(f"trained on {len(examples)} examples; wrote {target}", highlight=False)


def register(app: typer.Typer) -> None:
    group = typer.Typer(
        name="dev", help="Developer tools: bench, mutation testing, generated files.",
        no_args_is_help=True,
    )  # fmt: skip
    group.command("bench")(bench)
    group.command("mutation")(mutation)
    group.command("golden-pdfs")(golden_pdfs)
    group.command("schema")(schema)
    group.command("train-clauses")(train_clauses)
    group.command("train-defects")(train_defects)
    app.add_typer(group, name="dev")
