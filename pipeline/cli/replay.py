"""``contract-review replay TRACE``: re-run deterministic stages from a trace and compare."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pipeline.cli.errors import guarded

console = Console()


def replay(
    trace: Annotated[Path, typer.Argument(help="A trace.jsonl written by review.")],
    reuse_llm_stages: Annotated[
        bool,
        typer.Option(
            "--reuse-llm-stages",
            help="Reuse the recorded outputs of LLM stages instead of re-running them.",
        ),
    ] = False,
) -> None:
    """Replay a run without calling the LLM: every stage re-runs on the recorded LLM replies.

    Exit 0 when every stage matches the trace, 1 when any differs or fails.
    """
    from pipeline.replay import replay_trace, replay_with_recorded_replies

    run = replay_trace if reuse_llm_stages else replay_with_recorded_replies
    results = guarded(lambda: run(trace))
    table = Table("stage", "outcome", "detail")
    for r in results:
        colour = {"same": "green", "reused": "cyan"}.get(r.outcome, "red")
        table.add_row(r.stage, f"[{colour}]{r.outcome}[/]", r.detail)
    console.print(table)
    bad = [r for r in results if r.outcome in ("differs", "error")]
    raise typer.Exit(code=1 if bad else 0)


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)
