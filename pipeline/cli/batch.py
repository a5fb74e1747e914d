"""``contract-review batch DIR --out DIR``: review a folder, resumably, and write a summary."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

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
from pipeline.config import RunConfig

if TYPE_CHECKING:
    from pipeline.batch import ContractResult, Executor
    from pipeline.reviewing import OutputFormat


def batch(
    folder: Annotated[Path, typer.Argument(help="Folder of .pdf/.docx/.txt/.md contracts.")],
    out: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("batch-out"),
    jobs: Annotated[int, typer.Option("--jobs", min=1, help="Parallel workers (local).")] = 1,
    executor: Annotated[str, typer.Option(help="local or ray.")] = "local",
    ray_address: Annotated[
        str | None, typer.Option(help="Ray cluster address (default: start a local Ray).")
    ] = None,
    fmt: Annotated[str, typer.Option("--format", help="Per-contract outputs.")] = "json",
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
    kb_path: ReviewKBPath = None,
    kb_url: ReviewKBUrl = None,
    kb_backend: ReviewKBBackend = DEFAULT_KB_BACKEND,
    kb_fallback: ReviewKBFallback = DEFAULT_KB_FALLBACK,
    rules: RuleDirs = None,
    bundled_rules: BundledRules = True,
    threads: Threads = None,
) -> None:
    """Review every contract in FOLDER, each as `review` would with the same options. Exit 0
    when all were reviewed, 1 when any failed or was refused (a link), 34 when --kb-url does
    not answer."""
    from pipeline.batch import discover, run_batch  # heavy (the whole pipeline): import on use
    from pipeline.reviewing import OUTPUT_FORMATS

    if not folder.is_dir():
        console.print(
            f"[bold red]error[/]: {escape(str(folder))}: not a folder. "
            "Fix: give a folder of contracts"
        )
        raise typer.Exit(code=10)
    if executor not in ("local", "ray"):
        raise typer.BadParameter(f"{executor!r} is not one of: local, ray", param_hint="--executor")
    if fmt not in OUTPUT_FORMATS:
        raise typer.BadParameter(f"{fmt!r} is not one of: {', '.join(OUTPUT_FORMATS)}")
    config = RunConfig(
        ocr=ocr_settings(ocr, ocr_min_confidence),
        kb=kb_settings(kb_path, kb_url, kb_backend, kb_fallback),
        rules=rules_settings(rules, bundled_rules),
        threads=threads,
        deadline_s=deadline,
        **llm_run_settings(
            llm=llm,
            llm_url=llm_url,
            llm_ctx=llm_ctx,
            llm_keep_alive=llm_keep_alive,
            llm_timeout=llm_timeout,
            token_budget=token_budget,
            side=side,
            playbook=playbook,
            reflection=reflection,
        ),
    )
    total = len(discover(folder))
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task("reviewing", total=total)

        def advance(name: str, result: ContractResult) -> None:
            progress.update(task, advance=1, description=escape(f"{result.status}: {name}"))

        exec_name: Executor = executor  # type: ignore[assignment]
        output_format: OutputFormat = fmt  # type: ignore[assignment]
        summary = guarded(
            lambda: run_batch(
                folder,
                out,
                config,
                jobs=jobs,
                executor=exec_name,
                ray_address=ray_address,
                fmt=output_format,
                progress=advance,
            )
        )
    console.print(
        f"{summary.contracts} contract(s): {summary.reviewed} reviewed "
        f"({summary.skipped} unchanged, skipped), {summary.failed} failed, "
        f"{summary.refused} refused (links), "
        f"{summary.human_review} need human review"
    )
    for r in summary.results:
        if r.status in ("failed", "refused"):
            console.print(f"  [red]failed[/] {escape(f'{r.file}: {r.error}')}")
    console.print(escape(f"  wrote {out / 'summary.json'} and {out / 'summary.csv'}"))
    raise typer.Exit(code=1 if summary.failed or summary.refused else 0)


def register(app: typer.Typer) -> None:
    app.command("batch")(batch)
