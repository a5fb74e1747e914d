"""The rule-folder options `review` and `batch` share: add your own rules, or use only yours."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from pydantic import ValidationError

from pipeline.config import RulesSettings

RULES_ENV = "CONTRACT_REVIEW_RULES"

RuleDirs = Annotated[
    list[Path] | None,
    typer.Option(
        "--rules",
        envvar=RULES_ENV,  # several folders: separated by ':' (os.pathsep)
        exists=True,
        file_okay=False,
        help="A folder of rule files (*.yaml) loaded after the bundled rules; repeat it for "
        f"more folders (${RULES_ENV}: folders separated by ':').",
    ),
]
BundledRules = Annotated[
    bool,
    typer.Option(
        "--bundled-rules/--no-bundled-rules",
        help="--no-bundled-rules: load only the --rules folders, replacing the bundled rules.",
    ),
]


def rules_settings(dirs: list[Path] | None, bundled: bool) -> RulesSettings:
    """The run's rule folders from the CLI options (absolute, so a replay finds them too)."""
    try:
        return RulesSettings(dirs=tuple(str(d.absolute()) for d in dirs or ()), bundled=bundled)
    except ValidationError:
        raise typer.BadParameter(
            "--no-bundled-rules leaves no rules: give your folder with --rules DIR",
            param_hint="--rules",
        ) from None
