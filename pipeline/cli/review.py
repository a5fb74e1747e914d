"""``contract-review review FILE``: run the pipeline; write report.json, report.md, trace.jsonl."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from pipeline.cli.errors import guarded
from pipeline.cli.kb_options import (
    DEFAULT_KB_BACKEND,
    DEFAULT_KB_FALLBACK,
    ReviewKBBackend,
    ReviewKBFallback,
    ReviewKBPath,
    ReviewKBUrl,
    Threads,
    kb_settings,
)
from pipeline.config import IntakeLimits, LLMSettings, ReflectionSettings, RunConfig
from pipeline.side import SIDE_CHOICES

if TYPE_CHECKING:
    from pipeline.review import OutputFormat, ReviewOutcome

console = Console(stderr=True, soft_wrap=True, highlight=False)  # paths stay whole


def _run(path: Path, config: RunConfig) -> ReviewOutcome:
    from pipeline.review import review_file  # heavy (the whole pipeline): import on use

    if not sys.stderr.isatty():
        return review_file(path, config)
    with Progress(
        SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), console=console
    ) as progress:
        task = progress.add_task("starting", total=None)

        def listener(stage: str, event: str) -> None:
            if event == "start":
                progress.update(task, description=f"stage: {stage}")

        return review_file(path, config, listener=listener)


LLM_SIDES = {"party_a": "party_a", "甲方": "party_a", "party_b": "party_b", "乙方": "party_b"}


def _side_and_playbook(side: str, playbook: Path | None) -> dict[str, Any]:
    if side not in SIDE_CHOICES:
        raise typer.BadParameter(
            f"{side!r} is not one of: {', '.join(SIDE_CHOICES)}", param_hint="--side"
        )
    return {"side": side, "playbook": str(playbook) if playbook is not None else None}


def review(
    file: Annotated[Path, typer.Argument(help="The contract: .pdf, .txt or .md.")],
    out: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("review-out"),
    fmt: Annotated[str, typer.Option("--format", help="json, md, html, docx or all.")] = "all",
    max_bytes: Annotated[
        int, typer.Option(min=1, help="Largest input file, in bytes.")
    ] = IntakeLimits().max_bytes,
    max_pages: Annotated[
        int, typer.Option(min=1, help="Most PDF pages.")
    ] = IntakeLimits().max_pages,
    max_chars: Annotated[
        int, typer.Option(min=1, help="Most extracted characters.")
    ] = IntakeLimits().max_chars,
    llm: Annotated[
        str,
        typer.Option(
            "--llm",
            help="auto (Ollama if it answers, else none), none, ollama[:MODEL], "
            "llamacpp[:GGUF] (no path: bundled SmolLM2, plumbing only).",
        ),
    ] = "auto",
    llm_url: Annotated[
        str | None, typer.Option("--llm-url", help="Ollama host (default $OLLAMA_HOST).")
    ] = None,
    side: Annotated[
        str,
        typer.Option(
            help="Whose lawyer: neutral, 甲方/party_a, 乙方/party_b, or a role the contract "
            "names (buyer, seller, licensor, licensee, employer, employee)."
        ),
    ] = "neutral",
    playbook: Annotated[
        Path | None,
        typer.Option("--playbook", help="YAML of standard positions, judged GREEN/YELLOW/RED."),
    ] = None,
    reflection: Annotated[str, typer.Option(help="auto, off, light, standard or full.")] = "auto",
    llm_timeout: Annotated[
        float, typer.Option(min=0.1, help="Deadline in seconds for each LLM request.")
    ] = LLMSettings().timeout_s,
    deadline: Annotated[
        float | None,
        typer.Option(
            "--deadline",
            min=0.1,
            help="Seconds for the whole review: LLM work still running then is cut off and "
            "the rest runs in none mode, flagged for human review (exit 3).",
        ),
    ] = None,
    token_budget: Annotated[
        int, typer.Option(min=1, help="Most LLM tokens per run.")
    ] = LLMSettings().token_budget,
    metrics_file: Annotated[
        Path | None, typer.Option("--metrics-file", help="Write Prometheus text metrics here.")
    ] = None,
    kb_path: ReviewKBPath = None,
    kb_url: ReviewKBUrl = None,
    kb_backend: ReviewKBBackend = DEFAULT_KB_BACKEND,
    kb_fallback: ReviewKBFallback = DEFAULT_KB_FALLBACK,
    threads: Threads = None,
) -> None:
    """Review a contract. Exit codes: 0 clean, 1 findings, 2 usage, 3 needs human review,
    10-16 bad input, 34 --kb-url does not answer, 50 outputs cannot be written."""
    from pipeline.metrics import render_metrics
    from pipeline.render_md import kb_line
    from pipeline.review import OUTPUT_FORMATS, write_outputs

    if fmt not in OUTPUT_FORMATS:
        raise typer.BadParameter(
            f"{fmt!r} is not one of: {', '.join(OUTPUT_FORMATS)}", param_hint="--format"
        )
    side_and_playbook = _side_and_playbook(side, playbook)  # checks --side first
    _check_outputs_writable(out, metrics_file)
    try:
        llm_settings = LLMSettings.model_validate(
            {
                "spec": llm,
                "url": llm_url,
                # 甲方/乙方 become letters; a role word (buyer ...) reaches the LLM as it is
                "side": LLM_SIDES.get(side, side),
                "timeout_s": llm_timeout,
                "token_budget": token_budget,
            }
        )
        reflection_settings = ReflectionSettings.model_validate({"mode": reflection})
    except ValidationError as exc:
        problems = "; ".join(f"{e['loc'][0]}: {e['msg']}" for e in exc.errors())
        raise typer.BadParameter(problems) from None
    config = RunConfig(
        intake=IntakeLimits(max_bytes=max_bytes, max_pages=max_pages, max_chars=max_chars),
        llm=llm_settings,
        reflection=reflection_settings,
        kb=kb_settings(kb_path, kb_url, kb_backend, kb_fallback),
        threads=threads,
        deadline_s=deadline,
        **side_and_playbook,
    )
    outcome = guarded(lambda: _run(file, config))
    output_format: OutputFormat = fmt  # type: ignore[assignment]
    report = outcome.report
    metrics = render_metrics(report, outcome.llm_calls).encode() if metrics_file else None
    # a metrics file inside --out is part of the output set, or the swap would drop it
    in_set = metrics is not None and metrics_file is not None and _inside(metrics_file, out)
    extra = [(metrics_file.name, metrics)] if in_set and metrics_file and metrics else []
    written = guarded(lambda: write_outputs(outcome, out, output_format, extra=extra))
    if metrics is not None and metrics_file is not None and not in_set:
        guarded(lambda: write_metrics_file(metrics_file, metrics))
        written.append(metrics_file)
    console.print(
        f"{escape(str(file))}: {len(report.findings)} finding(s), mode {escape(report.mode)}"
        + ("; [bold yellow]needs human review[/]" if report.needs_human_review else "")
    )
    if report.mode_note:
        console.print(f"[dim]{escape(report.mode_note)}[/]")
    if report.kb is not None:
        console.print(f"[dim]knowledge base: {escape(kb_line(report.kb))}[/]")
    for path in written:
        console.print(f"  wrote {escape(str(path))}")
    raise typer.Exit(code=outcome.exit_code)


def _inside(path: Path, folder: Path) -> bool:
    return path.absolute().parent == folder.absolute()


def _check_outputs_writable(out: Path, metrics_file: Path | None) -> None:
    """Before the review runs: a bad --out is a usage error (exit 2), not a lost review."""
    from pipeline.output_set import check_out_dir

    allowed = {metrics_file.name} if metrics_file and _inside(metrics_file, out) else set()
    problem = check_out_dir(out, also_allowed=allowed)
    if problem:
        raise typer.BadParameter(problem, param_hint="--out")
    if metrics_file is not None and metrics_file.is_dir():
        raise typer.BadParameter(
            f"{metrics_file} is a folder. Fix: give a file path", param_hint="--metrics-file"
        )


def write_metrics_file(path: Path, data: bytes) -> None:
    from pipeline.atomic import write_bytes_atomic
    from pipeline.errors import OutputWriteError

    try:
        write_bytes_atomic(path, data)
    except OSError as exc:
        raise OutputWriteError(path, exc) from exc


def register(app: typer.Typer) -> None:
    app.command("review")(review)
