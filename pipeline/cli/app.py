"""The ``contract-review`` Typer app. Commands register themselves from their own modules."""

from __future__ import annotations

import typer

from pipeline.cli import batch, kb, replay, review, version
from pipeline.cli import eval as eval_command

app = typer.Typer(
    name="contract-review",
    help="Review contracts and check the review against the contract, rules and statutes.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for module in (review, replay, version, batch, kb, eval_command):
    module.register(app)


def main() -> None:
    app()
