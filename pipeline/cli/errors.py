"""Turn library errors into a one-line message on stderr and a documented exit code."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import typer
from rich.console import Console

from pipeline.errors import ContractReviewError, StageError

T = TypeVar("T")
stderr = Console(stderr=True, highlight=False, soft_wrap=True)


def user_error(exc: ContractReviewError) -> typer.Exit:
    cause = exc.__cause__ if isinstance(exc, StageError) else None
    shown = cause if isinstance(cause, ContractReviewError) else exc
    stderr.print(f"[bold red]error[/]: {shown.message}", markup=True, highlight=False)
    return typer.Exit(code=shown.exit_code)


def guarded(call: Callable[[], T]) -> T:
    """Run ``call``; a ContractReviewError becomes a clean exit, never a traceback."""
    try:
        return call()
    except ContractReviewError as exc:
        raise user_error(exc) from None
