"""``contract-review eval check [FOLDER ...]``: score ``check`` on labelled reviews.

The blind set (``golden_set/check/drafts``) is the headline; development reviews are scored
beside it when named. Prints Markdown; ``--json`` also writes the figures.
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from pipeline.cli.errors import guarded
from pipeline.cli.kb_options import DEFAULT_KB_BACKEND, ReviewKBBackend, ReviewKBPath, kb_settings

console = Console(soft_wrap=True)
BLIND = Path("golden_set/check/drafts")
CONTRACTS = Path("golden_set/dev/contracts")


def check_eval(
    folders: Annotated[
        list[Path] | None,
        typer.Argument(help="Folders of <id>.labels.json with their reviews (blind set first)."),
    ] = None,
    contracts: Annotated[
        Path, typer.Option(help="Where the contracts <id>.txt/.pdf are.")
    ] = CONTRACTS,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Also write the figures as JSON here.")
    ] = None,
    kb_path: ReviewKBPath = None,
    kb_backend: ReviewKBBackend = DEFAULT_KB_BACKEND,
) -> None:
    """Interception and false-flag rates of ``check``, with each kind's recall."""
    from pipeline.eval.check_eval import render, score_folder

    kb = kb_settings(kb_path, None, kb_backend)
    chosen = folders or [BLIND]
    scores = [guarded(partial(score_folder, folder, contracts, kb)) for folder in chosen]
    for folder, score in zip(chosen, scores, strict=True):
        title = "blind" if folder.resolve() == BLIND.resolve() else str(folder)
        console.print(render(score, title), markup=False)
    if json_out is not None:
        from pipeline.atomic import write_bytes_atomic

        data = json.dumps([s.to_json() for s in scores], ensure_ascii=False, indent=2)
        write_bytes_atomic(json_out, (data + "\n").encode())


def register(group: typer.Typer) -> None:
    group.command("check")(check_eval)
