"""The one check behind every ``IntakeLimits`` refusal, shared by the PDF, text and DOCX readers."""

from __future__ import annotations

from pathlib import Path

from pipeline.errors import InputTooLargeError


def check_limit(
    path: Path, described: str, amount: int, limit: int, unit: str, option: str
) -> None:
    """Refuse an input over one of the ``IntakeLimits``; the fix names its ``--max-<option>``."""
    if amount > limit:
        raise InputTooLargeError(
            path,
            f"{described}, over the limit of {limit}",
            f"split the {unit}, or raise the limit with --max-{option}",
        )
