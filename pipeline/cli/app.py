"""The ``contract-review`` Typer app. Commands register themselves from their own modules."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from pipeline.cli import batch, check, dev, kb, replay, review, serve, serve_mcp, version
from pipeline.cli import eval as eval_command
from pipeline.cli.errors import DebugFlag, internal_error, missing_extra, user_error
from pipeline.errors import ContractReviewError

app = typer.Typer(
    name="contract-review",
    help="Review contracts and check the review against the contract, rules and statutes.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def root(
    debug: Annotated[
        bool, typer.Option("--debug", help="Show the traceback of an internal error.")
    ] = False,
) -> None:
    if debug:
        DebugFlag.enabled = True


for module in (review, check, replay, version, batch, kb, serve_mcp, eval_command, dev, serve):
    module.register(app)


def main() -> None:
    """The console script: the one place an unexpected exception becomes exit 70."""
    try:
        app()
    except ContractReviewError as exc:
        if DebugFlag.enabled:
            raise
        sys.exit(user_error(exc).exit_code)
    except ModuleNotFoundError as exc:
        if DebugFlag.enabled:
            raise
        sys.exit(missing_extra(exc) or internal_error(exc))
    except Exception as exc:
        if DebugFlag.enabled:
            raise
        sys.exit(internal_error(exc))
