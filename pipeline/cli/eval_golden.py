"""``contract-review eval golden DIR``: run the pipeline on the golden set and score it.

Writes ``OUT/report.json``, ``OUT/report.md`` and appends to ``OUT/history.jsonl``. Exit 0
when κ ≥ ``--threshold``; exit 1 with a "ROLL BACK" message naming the finding types whose
recall fell since the previous run otherwise. ``--compare llm-only`` also runs the single-LLM
generate → critique → rewrite baseline (skipped, and said so, when no LLM is available).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape

from pipeline.cli.errors import guarded
from pipeline.cli.llm_options import LLMSpec, LLMUrl, usage_checked
from pipeline.config import LLMSettings, RunConfig
from pipeline.eval.defaults import DEFAULT_THRESHOLD

if TYPE_CHECKING:  # the evaluation imports the whole pipeline: import it on use
    from pipeline.eval.golden import SystemResult
    from pipeline.eval.golden_labels import GoldContract
    from pipeline.eval.golden_splits import HeadlineFigures
    from pipeline.eval.golden_types import GoldenReport

console = Console(stderr=True)
COMPARE_CHOICES = ("none", "llm-only")


def _baseline(
    compare: str, config: RunConfig
) -> tuple[Callable[[Sequence[GoldContract]], SystemResult] | None, str]:
    if compare == "none":
        return None, "skipped: not requested (pass --compare llm-only to run it)"
    if config.llm.spec.strip() == "none":
        return None, "skipped: --llm none, so there is no LLM to run the llm-only baseline"
    from kb.catalog import default_catalog
    from pipeline.eval.baseline import run_llm_only
    from pipeline.llm.select import build_client, session_settings

    client, info = build_client(config.llm)
    if client is None:
        return None, f"skipped: no LLM available. {info.note}"
    catalog = default_catalog()
    settings = session_settings(config.llm)

    def run(contracts: Sequence[GoldContract]) -> SystemResult:
        return run_llm_only(contracts, client, catalog, settings, config.intake)

    return run, ""


def golden(
    directory: Annotated[Path, typer.Argument(help="The golden set folder (golden_set/).")],
    llm: LLMSpec = "auto",
    llm_url: LLMUrl = None,
    threshold: Annotated[
        float, typer.Option(help="Exit 1 (roll back) when κ is below this.")
    ] = DEFAULT_THRESHOLD,
    compare: Annotated[
        str, typer.Option("--compare", help="none, or llm-only to run the baseline too.")
    ] = "none",
    out: Annotated[Path, typer.Option("--out", help="Report folder.")] = Path("eval"),
    pushgateway: Annotated[
        str | None, typer.Option("--pushgateway", help="Prometheus Pushgateway URL.")
    ] = None,
) -> None:
    """Score the pipeline against the golden labels: κ, per-type P/R/F1, evidence, cost."""
    from pipeline.eval.golden import evaluate_golden
    from pipeline.eval.golden_report import push_metrics, write_outputs
    from pipeline.eval.golden_splits import headline, split_dirs, write_side_by_side

    if compare not in COMPARE_CHOICES:
        raise typer.BadParameter(
            f"{compare!r} is not one of: {', '.join(COMPARE_CHOICES)}", param_hint="--compare"
        )
    config = RunConfig(llm=usage_checked(lambda: LLMSettings(spec=llm, url=llm_url)))
    baseline, note = guarded(lambda: _baseline(compare, config))
    splits = split_dirs(directory)
    figures: dict[str, HeadlineFigures] = {}
    exit_code = 0
    for name, folder in splits:
        split_out = out if len(splits) == 1 else out / name
        evaluation = guarded(partial(evaluate_golden, folder, config, threshold,
                                     baseline=baseline, baseline_note=note or "ran"))  # fmt: skip
        report, result = write_outputs(evaluation, split_out)
        figures[name] = headline(evaluation.pipeline)
        _print_split(name, report, split_out)
        if pushgateway:
            push_metrics(report, pushgateway, job=f"contract_review_golden_{name}")
            console.print(f"  pushed metrics to {pushgateway}")
        style = "bold red" if result.exit_code else "green"
        console.print(f"[{style}]{name}: {escape(result.message)}[/]")
        exit_code = max(exit_code, result.exit_code)
    if len(splits) > 1:
        write_side_by_side(figures, out)
        console.print(f"  wrote {out / 'summary.md'} (held-out beside dev)")
    raise typer.Exit(code=exit_code)


def _print_split(name: str, report: GoldenReport, out: Path) -> None:
    from pipeline.eval.golden_report import false_alarm_count

    pipeline = report["pipeline"]
    kappa: Mapping[str, object] = pipeline.get("kappa") or {}
    console.print(
        f"golden set ({escape(name)}): {pipeline['contracts']} contracts, mode "
        f"{pipeline['mode']}; κ {kappa.get('kappa')} ({kappa.get('band')}; "
        f"{kappa.get('gold_positive')}/{kappa.get('cells')} gold-positive cells); "
        f"false alarms {false_alarm_count(pipeline)}",
        highlight=False,
    )
    for file in ("report.json", "report.md", "history.jsonl"):
        console.print(f"  wrote {escape(str(out / file))}", highlight=False)


def golden_check(
    directory: Annotated[Path, typer.Argument(help="The golden set folder (golden_set/).")],
) -> None:
    """Check the golden labels: every quote in its .txt and in its PDF's text layer."""
    from pipeline.eval.golden_drafts import load_drafts
    from pipeline.eval.golden_labels import check_golden_set, load_golden_set

    problems = guarded(lambda: check_golden_set(directory))
    drafts = guarded(lambda: load_drafts(directory))
    for problem in problems:
        console.print(f"[red]{problem}[/]", highlight=False, soft_wrap=True)
    count = len(guarded(lambda: load_golden_set(directory)))
    console.print(f"{count} contracts and {len(drafts)} drafts checked, {len(problems)} problem(s)")
    raise typer.Exit(code=1 if problems else 0)


def register(group: typer.Typer) -> None:
    """Add ``golden`` and ``golden-check`` to the ``eval`` group."""
    group.command("golden")(golden)
    group.command("golden-check")(golden_check)
