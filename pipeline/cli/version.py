"""``contract-review version``."""

from __future__ import annotations

import typer

from pipeline import __version__
from pipeline.model import SCHEMA_VERSION


def version() -> None:
    """Print the tool version and the report schema version."""
    typer.echo(f"contract-review {__version__} (report schema {SCHEMA_VERSION})")


def register(app: typer.Typer) -> None:
    app.command("version")(version)
