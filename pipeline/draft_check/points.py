"""A review as the checker sees it: numbered points, each with its quotes, reasoning and
citations, whatever format the review came in (Generate JSON, Markdown or plain text)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pipeline.model import Frozen, Severity

DraftFormat = Literal["json", "markdown", "text"]


class DraftPoint(Frozen):
    """One point of a review. ``quotes`` are what the point presents as the contract's words
    (verbatim or not: that is for the checker to find out); ``citations`` are the raw citation
    strings it lists or that the citation parsers found in its text."""

    index: int = Field(ge=0)
    quotes: tuple[str, ...] = ()
    type: str = ""
    severity: Severity | None = None
    title: str = Field(default="", description="The point's heading or first line, for display.")
    reasoning: str = ""
    suggested_fix: str = ""
    citations: tuple[str, ...] = ()
    line: int | None = Field(default=None, description="1-based line where the point starts.")
    notes: tuple[str, ...] = Field(
        default=(), description="What could not be parsed in this point, said plainly."
    )

    @property
    def text(self) -> str:
        """Everything the point asserts, for the figure and support checks."""
        return " ".join(x for x in (self.title, self.reasoning, self.suggested_fix) if x)


class ParsedDraft(Frozen):
    format: DraftFormat
    points: tuple[DraftPoint, ...]
    unparsed: tuple[str, ...] = Field(
        default=(),
        description="Parts of the review that were not read as points (intro, summary, a "
        "block with no quote), each with its line number: shown, never guessed at.",
    )
