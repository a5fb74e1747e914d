"""``contract-review check CONTRACT --draft DRAFT``: verify any review, from any LLM or person,
point by point against the contract and the law; write report.json, report.md, report.html."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from pipeline.cli.errors import guarded
from pipeline.cli.errors import stderr as console
from pipeline.cli.kb_options import (
    DEFAULT_KB_BACKEND,
    DEFAULT_KB_FALLBACK,
    ReviewKBBackend,
    ReviewKBFallback,
    ReviewKBPath,
    ReviewKBUrl,
    kb_settings,
)
from pipeline.cli.review import LIMITS, MaxBytes, MaxChars, MaxPages, Out
from pipeline.config import IntakeLimits, KBSettings

if TYPE_CHECKING:
    from pipeline.draft_check.report import CheckReport

CHECK_FORMATS = ("json", "md", "html", "all")
Draft = Annotated[
    Path,
    typer.Option("--draft", help="The review to check: .json (Generate schema), .md or .txt."),
]
CheckFormat = Annotated[str, typer.Option("--format", help="json, md, html or all.")]


def check(
    contract: Annotated[Path, typer.Argument(help="The contract: .pdf, .docx, .txt or .md.")],
    draft: Draft,
    out: Out = Path("check-out"),
    fmt: CheckFormat = "all",
    max_bytes: MaxBytes = LIMITS.max_bytes,
    max_pages: MaxPages = LIMITS.max_pages,
    max_chars: MaxChars = LIMITS.max_chars,
    kb_path: ReviewKBPath = None,
    kb_url: ReviewKBUrl = None,
    kb_backend: ReviewKBBackend = DEFAULT_KB_BACKEND,
    kb_fallback: ReviewKBFallback = DEFAULT_KB_FALLBACK,
) -> None:
    """Check a review's points. Exit codes: 0 every point verified or unverifiable, 1 some
    point flagged, 2 usage, 10-16 bad input, 34 --kb-url does not answer, 50 outputs cannot
    be written."""
    from pipeline.output_set import check_out_dir

    if fmt not in CHECK_FORMATS:
        raise typer.BadParameter(
            f"{fmt!r} is not one of: {', '.join(CHECK_FORMATS)}", param_hint="--format"
        )
    problem = check_out_dir(out)
    if problem:
        raise typer.BadParameter(problem, param_hint="--out")
    limits = IntakeLimits(max_bytes=max_bytes, max_pages=max_pages, max_chars=max_chars)
    kb = kb_settings(kb_path, kb_url, kb_backend, kb_fallback)
    report = guarded(lambda: _run(contract, draft, limits, kb, out, fmt))
    console.print(
        f"{escape(str(draft))}: {report.draft.points} point(s), {report.flagged} flagged "
        f"({escape(', '.join(f'{v} {n}' for v, n in report.counts.items()) or 'none')})"
    )
    raise typer.Exit(code=report.exit_code)


def _run(
    contract: Path, draft: Path, limits: IntakeLimits, kb: KBSettings, out: Path, fmt: str
) -> CheckReport:
    from pipeline.draft_check.render import render_html, render_markdown
    from pipeline.draft_check.run import check_files
    from pipeline.output_set import write_output_set

    report, _ = check_files(contract, draft, limits, kb)
    files: list[tuple[str, bytes]] = []
    if fmt in ("json", "all"):
        files.append(("report.json", (report.model_dump_json(indent=2) + "\n").encode()))
    if fmt in ("md", "all"):
        files.append(("report.md", render_markdown(report).encode()))
    if fmt in ("html", "all"):
        files.append(("report.html", render_html(report).encode()))
    for path in write_output_set(out, files):
        console.print(f"  wrote {escape(str(path))}")
    return report


def register(app: typer.Typer) -> None:
    app.command("check")(check)
