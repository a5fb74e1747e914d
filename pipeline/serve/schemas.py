"""The HTTP service's request and response bodies (its OpenAPI schema is made from them).

A review's report is :class:`pipeline.model.ReviewReport`, as ``report.json`` holds it; a
citation's verdict is :class:`kb.types.CitationVerdict`, as ``kb verify --json`` prints it.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from kb.retrieval import Mode
from pipeline.model import Frozen, ReviewReport
from pipeline.serve.jobs import Job

# The files of a review's output set that can be downloaded, with their media types.
DOWNLOADS = {
    "report.json": "application/json",
    "report.md": "text/markdown; charset=utf-8",
    "report.html": "text/html; charset=utf-8",
    "revised.docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
}


class ReviewStatus(Job):
    """A review's state; once ``done``, its report and where to download its files."""

    report: ReviewReport | None = Field(default=None, description="report.json, once done.")
    links: dict[str, str] = Field(
        default_factory=dict, description="Download paths of the output files, once done."
    )


class KBQuery(Frozen):
    text: str = Field(min_length=1, max_length=4000, description="A question, phrase or citation.")
    k: int = Field(default=5, ge=1, le=100)
    mode: Mode | None = Field(default=None, description="Default: the mode kb eval chose.")
    law: str | None = Field(default=None, description="Registry key or alias (民法典, UCC).")
    jurisdiction: str | None = None
    status: str | None = Field(default=None, description="e.g. in_force or repealed.")


class KBHit(Frozen):
    doc_id: str
    citation: str
    score: float
    via: str = Field(description="citation, bm25, dense, rrf or fusion.")
    text: str
    metadata: dict[str, Any]


class KBHits(Frozen):
    hits: tuple[KBHit, ...]


class CitationCheck(Frozen):
    citation: str = Field(
        min_length=1, max_length=500, description="e.g. 民法典第585条, UCC 2-302."
    )
    claim: str = Field(
        default="", max_length=4000, description="The statement the citation should support."
    )
    dense: bool = Field(default=True, description="Blend in dense similarity (false: lexical).")


class ErrorDetail(Frozen):
    code: int | None = Field(
        description="The CLI's exit code for the same failure (16: over a limit, 33: no KB ...)."
    )
    message: str = Field(description="What went wrong, naming the file, and the fix.")


class ErrorBody(Frozen):
    detail: ErrorDetail
