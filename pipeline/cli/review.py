"""``contract-review review FILE``: run the pipeline; write report.json, report.md, report.html,
revised.docx, trace.jsonl (and report.pdf with ``--pdf``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from pipeline.cli.errors import guarded
from pipeline.cli.errors import stderr as console  # soft-wrapped: paths stay whole
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
from pipeline.cli.llm_options import (
    DEFAULT_LLM,
    DEFAULT_LLM_CTX,
    DEFAULT_LLM_TIMEOUT,
    DEFAULT_REFLECTION,
    DEFAULT_SIDE,
    DEFAULT_TOKEN_BUDGET,
    Deadline,
    LLMCtx,
    LLMKeepAlive,
    LLMSpec,
    LLMTimeout,
    LLMUrl,
    Playbook,
    Reflection,
    Side,
    TokenBudget,
    llm_run_settings,
)
from pipeline.cli.ocr_options import (
    DEFAULT_OCR,
    DEFAULT_OCR_MIN_CONFIDENCE,
    Ocr,
    OcrMinConfidence,
    ocr_settings,
)
from pipeline.cli.rules_options import BundledRules, RuleDirs, rules_settings
from pipeline.config import IntakeLimits, RunConfig

if TYPE_CHECKING:
    from pipeline.model import ReviewReport
    from pipeline.reviewing import OutputFormat, ReviewOutcome


def _run(path: Path, config: RunConfig) -> ReviewOutcome:
    from pipeline.reviewing import review_file  # heavy (the whole pipeline): import on use

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


# The options, named once so the command's signature reads as a list.
LIMITS = IntakeLimits()
Out = Annotated[Path, typer.Option("--out", help="Output folder.")]
Format = Annotated[str, typer.Option("--format", help="json, md, html, docx or all.")]
MaxBytes = Annotated[int, typer.Option(min=1, help="Largest input file, in bytes.")]
MaxPages = Annotated[int, typer.Option(min=1, help="Most PDF pages.")]
MaxChars = Annotated[int, typer.Option(min=1, help="Most extracted characters.")]
Pdf = Annotated[
    bool,
    typer.Option(
        "--pdf/--no-pdf",
        help="Also write report.pdf (A4), printed from the HTML report by headless Chromium; "
        "without Chromium the other outputs are written and stderr says why.",
    ),
]
MetricsFile = Annotated[
    Path | None, typer.Option("--metrics-file", help="Write Prometheus text metrics here.")
]


def review(
    file: Annotated[Path, typer.Argument(help="The contract: .pdf, .docx, .txt or .md.")],
    out: Out = Path("review-out"),
    fmt: Format = "all",
    pdf: Pdf = False,
    max_bytes: MaxBytes = LIMITS.max_bytes,
    max_pages: MaxPages = LIMITS.max_pages,
    max_chars: MaxChars = LIMITS.max_chars,
    ocr: Ocr = DEFAULT_OCR,
    ocr_min_confidence: OcrMinConfidence = DEFAULT_OCR_MIN_CONFIDENCE,
    llm: LLMSpec = DEFAULT_LLM,
    llm_url: LLMUrl = None,
    llm_ctx: LLMCtx = DEFAULT_LLM_CTX,
    llm_keep_alive: LLMKeepAlive = None,
    side: Side = DEFAULT_SIDE,
    playbook: Playbook = None,
    reflection: Reflection = DEFAULT_REFLECTION,
    llm_timeout: LLMTimeout = DEFAULT_LLM_TIMEOUT,
    deadline: Deadline = None,
    token_budget: TokenBudget = DEFAULT_TOKEN_BUDGET,
    metrics_file: MetricsFile = None,
    kb_path: ReviewKBPath = None,
    kb_url: ReviewKBUrl = None,
    kb_backend: ReviewKBBackend = DEFAULT_KB_BACKEND,
    kb_fallback: ReviewKBFallback = DEFAULT_KB_FALLBACK,
    rules: RuleDirs = None,
    bundled_rules: BundledRules = True,
    threads: Threads = None,
) -> None:
    """Review a contract. Exit codes: 0 clean, 1 findings, 2 usage, 3 needs human review,
    10-16 bad input (15: a scan with --ocr never, or tesseract missing), 34 --kb-url does not
    answer, 50 outputs cannot be written."""
    output_format = _output_format(fmt)
    llm_side_playbook = llm_run_settings(  # checks --side first
        llm=llm,
        llm_url=llm_url,
        llm_ctx=llm_ctx,
        llm_keep_alive=llm_keep_alive,
        llm_timeout=llm_timeout,
        token_budget=token_budget,
        side=side,
        playbook=playbook,
        reflection=reflection,
    )
    _check_outputs_writable(out, metrics_file)
    config = RunConfig(
        intake=IntakeLimits(max_bytes=max_bytes, max_pages=max_pages, max_chars=max_chars),
        ocr=ocr_settings(ocr, ocr_min_confidence),
        kb=kb_settings(kb_path, kb_url, kb_backend, kb_fallback),
        rules=rules_settings(rules, bundled_rules),
        threads=threads,
        deadline_s=deadline,
        **llm_side_playbook,
    )
    outcome = guarded(lambda: _run(file, config))
    written = _write_outputs(outcome, out, output_format, metrics_file, pdf)
    _print_summary(file, outcome.report, written)
    raise typer.Exit(code=outcome.exit_code)


def _output_format(fmt: str) -> OutputFormat:
    from pipeline.reviewing import OUTPUT_FORMATS

    if fmt not in OUTPUT_FORMATS:
        raise typer.BadParameter(
            f"{fmt!r} is not one of: {', '.join(OUTPUT_FORMATS)}", param_hint="--format"
        )
    return fmt  # type: ignore[return-value]


def _pdf_file(outcome: ReviewOutcome) -> list[tuple[str, bytes]]:
    """report.pdf, or nothing and a warning: a missing Chromium never fails the review."""
    from pipeline.errors import PdfExportError
    from pipeline.render_pdf import report_pdf

    try:
        return [("report.pdf", report_pdf(outcome.report, outcome.document.text))]
    except PdfExportError as exc:
        console.print(f"[bold yellow]report.pdf not written:[/] {escape(str(exc))}")
        return []


def _write_outputs(
    outcome: ReviewOutcome,
    out: Path,
    output_format: OutputFormat,
    metrics_file: Path | None,
    pdf: bool = False,
) -> list[Path]:
    """Write the output set (with report.pdf when asked), and the metrics file beside it or
    inside it; return the paths."""
    from pipeline.metrics import render_metrics
    from pipeline.reviewing import write_outputs

    metrics = render_metrics(outcome.report, outcome.llm_calls).encode() if metrics_file else None
    # a metrics file inside --out is part of the output set, or the swap would drop it
    in_set = metrics is not None and metrics_file is not None and _inside(metrics_file, out)
    extra = [(metrics_file.name, metrics)] if in_set and metrics_file and metrics else []
    extra += _pdf_file(outcome) if pdf else []
    written = guarded(lambda: write_outputs(outcome, out, output_format, extra=extra))
    if metrics is not None and metrics_file is not None and not in_set:
        guarded(lambda: write_metrics_file(metrics_file, metrics))
        written.append(metrics_file)
    return written


def _print_summary(file: Path, report: ReviewReport, written: list[Path]) -> None:
    from pipeline.render_md import kb_line

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
