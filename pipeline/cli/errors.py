"""The CLI's one error boundary: every failure becomes a one-line message and an exit code.

A ContractReviewError carries its documented code. A command that needs an optional extra which
is not installed (scikit-learn for the evaluations, Ray for ``batch --executor ray``, FastAPI and
uvicorn for ``serve``, the MCP SDK for ``mcp``) exits 2 with the pip command. Anything else is a
bug: exit 70 with one line, and the traceback only with ``--debug`` (or
``CONTRACT_REVIEW_DEBUG=1``). Messages are printed without Rich markup, so a path such as
``a[/b].pdf`` is shown as it is.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from pipeline.errors import ContractReviewError, underlying

T = TypeVar("T")
stderr = Console(stderr=True, highlight=False, soft_wrap=True)
EXIT_USAGE = 2
EXIT_INTERNAL = 70
# The modules only an extra installs (pyproject's optional-dependencies), by the extra's name;
# tests/packaging/test_dependencies.py keeps this in step with pyproject.toml.
EXTRA_MODULES = {
    "sklearn": "eval",
    "reportlab": "eval",
    "ray": "scale",
    "llama_cpp": "embedded-llm",
    "fastapi": "serve",
    "python_multipart": "serve",
    "uvicorn": "serve",
    "mcp": "mcp",
    "llama_index": "llamaindex",
}


class DebugFlag:
    enabled = os.environ.get("CONTRACT_REVIEW_DEBUG", "") not in ("", "0")


def user_error(exc: ContractReviewError) -> typer.Exit:
    shown = underlying(exc)
    stderr.print(f"[bold red]error[/]: {escape(shown.message)}")
    return typer.Exit(code=shown.exit_code)


def internal_error(exc: BaseException) -> int:
    stderr.print(
        f"[bold red]internal error[/]: {escape(f'{type(exc).__name__}: {exc}')}. "
        "This is a bug: run again with --debug for the traceback and report it."
    )
    return EXIT_INTERNAL


def missing_extra(exc: ModuleNotFoundError) -> int | None:
    """Exit 2 naming the extra to install when ``exc`` is a module of an extra; else None."""
    module = (exc.name or "").partition(".")[0]
    extra = EXTRA_MODULES.get(module)
    if extra is None:
        return None
    message = (
        f"this command needs the {extra} extra ({module} is not installed). "
        f"Fix: pip install 'contract-review[{extra}]' "
        f"(in a checkout: .venv/bin/pip install -e '.[{extra}]')"
    )
    stderr.print(f"[bold red]error[/]: {escape(message)}")
    return EXIT_USAGE


def guarded(call: Callable[[], T]) -> T:
    """Run ``call``; a ContractReviewError becomes a clean exit, never a traceback."""
    try:
        return call()
    except ContractReviewError as exc:
        raise user_error(exc) from None
