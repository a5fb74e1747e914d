"""What ``contract-review check`` writes as ``report.json``: the draft's points, each with one
verdict, its reasons and its evidence, and an honest account of what ran."""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import Field

from pipeline.draft_check.points import DraftFormat, DraftPoint
from pipeline.model import (
    DRAFT_VERDICTS,
    FLAGGED_VERDICTS,
    DocumentInfo,
    DraftCheck,
    Frozen,
    KBInfo,
    LawAssumed,
)

CHECK_SCHEMA_VERSION = "1.0"


class DraftInfo(Frozen):
    source_path: str
    sha256: str
    format: DraftFormat
    points: int = Field(ge=0)
    unparsed: tuple[str, ...] = Field(
        default=(), description="Parts of the draft not read as points, with their lines."
    )


class CheckReport(Frozen):
    schema_version: Literal["1.0"] = "1.0"
    tool: str = "contract-review check"
    contract: DocumentInfo
    draft: DraftInfo
    law: LawAssumed | None = None
    kb: KBInfo | None = None
    points: tuple[DraftPoint, ...]
    draft_checks: tuple[DraftCheck, ...]
    counts: dict[str, int] = Field(description="Points per verdict.")
    flagged: int = Field(ge=0, description="Points whose verdict says something is wrong.")

    @property
    def exit_code(self) -> int:
        """0 when every point is ok or unverifiable, 1 when any point is flagged."""
        return 1 if self.flagged else 0


def verdict_counts(checks: tuple[DraftCheck, ...]) -> dict[str, int]:
    seen = Counter(c.verdict for c in checks)
    return {v: seen[v] for v in DRAFT_VERDICTS if seen[v]}


def flagged_count(checks: tuple[DraftCheck, ...]) -> int:
    return sum(c.verdict in FLAGGED_VERDICTS for c in checks)
