"""A Word document written from text: tracked changes and comments on a new document.

:mod:`pipeline.redline.files` uses it for a PDF or text input (and a .docx that cannot be
redlined in place), on the rebuilt paragraphs; the comment texts of findings and suggestions are
here too.

python-docx has comments but no tracked-change API, so applied edits are written as OOXML
``w:del``/``w:ins`` through its element tree. The text is cut into runs at every paragraph,
edit and finding boundary; comments are anchored on those runs first, then deleted runs are
moved into ``w:del`` and inserted text into ``w:ins``, so the comment markers stay outside.

Characters that XML 1.0 forbids (most C0 controls) become U+FFFD; ``xml_safe`` is the text
the document really holds.
"""

from __future__ import annotations

import io
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import pairwise
from typing import Any, Literal

from docx import Document as new_docx
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.oxml.xmlchemy import BaseOxmlElement
from docx.shared import Mm
from docx.text.paragraph import Paragraph
from docx.text.run import Run

from pipeline.model import Edit, EvidenceSource, Finding

AUTHOR = "contract-review"
PageSize = Literal["A4", "Letter"]
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xml_safe(text: str) -> str:
    return _XML_ILLEGAL.sub("\ufffd", text)


@dataclass(frozen=True)
class Comment:
    start: int
    end: int
    text: str


def _evidence_text(sources: Iterable[EvidenceSource]) -> str:
    parts = []
    for ev in sources:
        where = f"p. {ev.page}" if ev.page else (ev.anchor or "")
        head = f"{ev.law} {ev.article or ''} ({where}) [{ev.doc_id}]".strip()
        parts.append(f"{head}: {ev.quote[:300]}" if ev.quote else head)
    return "\n".join(parts)


def finding_comment(f: Finding) -> Comment:
    lines = [f"[{f.severity.value}] {f.type}: {f.message}"]
    if f.suggestion:
        lines.append(f"建议 / Suggestion: {f.suggestion}")
    return Comment(f.span.start, f.span.end, _with_evidence(lines, f.evidence_source))


def suggestion_comment(e: Edit) -> Comment:
    lines = [f"Not applied ({e.type.value}, confidence {e.confidence:.2f}): {e.replace_with}"]
    if e.reason:
        lines.append(e.reason)
    return Comment(e.start, e.end, _with_evidence(lines, e.evidence_source))


def _with_evidence(lines: list[str], sources: Iterable[EvidenceSource]) -> str:
    """A comment's body: ``lines``, then the evidence when there is any."""
    evidence = _evidence_text(sources)
    return "\n".join([*lines, f"依据 / Evidence: {evidence}"] if evidence else lines)


def _stamp(element: BaseOxmlElement, change_id: int, when: str) -> None:
    element.set(qn("w:id"), str(change_id))
    element.set(qn("w:author"), AUTHOR)
    element.set(qn("w:date"), when)


def _wrap(run: Run, tag: str, change_id: int, when: str) -> None:
    wrapper = OxmlElement(tag)
    _stamp(wrapper, change_id, when)
    run._r.addprevious(wrapper)
    wrapper.append(run._r)
    if tag == "w:del":
        for t in run._r.findall(qn("w:t")):
            t.tag = qn("w:delText")


def _cuts(text: str, edits: Sequence[Edit], comments: Sequence[Comment]) -> list[int]:
    cuts = {0, len(text)}
    cuts.update(i for i, ch in enumerate(text) if ch == "\n")
    cuts.update(i + 1 for i, ch in enumerate(text) if ch == "\n")
    for e in edits:
        cuts.update((e.start, e.end))
    for c in comments:
        cuts.update((c.start, c.end))
    return sorted(cuts)


MAX_COMMENTS = 1000


def capped(comments: Sequence[Comment]) -> list[Comment]:
    """At most MAX_COMMENTS comments: past that, the first ones and one saying how many more.

    python-docx numbers each comment by scanning all earlier ones (quadratic), and Word is
    unusable with thousands."""
    if len(comments) <= MAX_COMMENTS:
        return list(comments)
    rest = len(comments) - MAX_COMMENTS + 1
    note = Comment(
        0, 0, f"{rest} more findings are not anchored in this document: see report.json."
    )
    return [note, *comments[: MAX_COMMENTS - 1]]


def _set_page(doc: Any, page: PageSize) -> None:
    """A4 (and a Chinese body font) for a Chinese contract; python-docx's template is Letter."""
    if page != "A4":
        return
    for section in doc.sections:
        section.page_width, section.page_height = Mm(210), Mm(297)
    fonts = doc.styles["Normal"].element.get_or_add_rPr().get_or_add_rFonts()
    fonts.set(qn("w:eastAsia"), "SimSun")


def build_redline(
    text: str,
    applied: Sequence[Edit],
    comments: Sequence[Comment],
    when: datetime | None = None,
    page: PageSize = "Letter",
) -> bytes:
    """Write ``text`` with ``applied`` edits as tracked changes and ``comments`` anchored."""
    stamp = (when or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")
    edits = sorted(applied, key=lambda e: (e.start, e.end))
    for a, b in pairwise(edits):
        if b.start < a.end:
            raise ValueError(f"overlapping edits [{a.start},{a.end}) and [{b.start},{b.end})")
    doc = new_docx()
    _set_page(doc, page)
    body_paragraphs: list[Paragraph] = []
    runs_at: dict[int, Run] = {}  # segment start -> run
    run_end: dict[int, Run] = {}  # segment end -> run
    deleted: list[Run] = []
    inserted: list[Run] = []
    marks_deleted: list[Paragraph] = []  # paragraphs whose ending newline an edit deletes
    inserts_at: dict[int, list[Edit]] = {}
    for e in edits:
        if e.replace_with:
            inserts_at.setdefault(e.end, []).append(e)
    add_paragraph = _paragraph_adder(doc)
    paragraph = add_paragraph()
    body_paragraphs.append(paragraph)
    points = _cuts(text, edits, comments)
    # edit boundaries are cut points, so a segment lies inside an edit iff an edit is open at
    # its start: a sweep instead of testing every edit for every segment
    opens = Counter(e.start for e in edits if e.end > e.start)
    closes = Counter(e.end for e in edits if e.end > e.start)
    open_edits = 0
    for start, end in pairwise(points):
        open_edits += opens.get(start, 0) - closes.get(start, 0)
        if text[start:end] == "\n":
            if open_edits:
                marks_deleted.append(paragraph)
            paragraph = add_paragraph()
            body_paragraphs.append(paragraph)
        elif start < end:
            run = paragraph.add_run(xml_safe(text[start:end]))
            runs_at[start] = run
            run_end[end] = run
            if open_edits:
                deleted.append(run)
        # Text inserted at `end` follows the run ending there, or opens the new paragraph.
        for edit in inserts_at.pop(end, []):
            inserted.append(paragraph.add_run(xml_safe(edit.replace_with)))
    opening = body_paragraphs[0]
    for edit in reversed(inserts_at.pop(0, [])):  # insertions at offset 0 go before everything
        run = opening.add_run(xml_safe(edit.replace_with))
        opening._p.remove(run._r)
        opening._p.insert(1 if opening._p.pPr is not None else 0, run._r)
        inserted.append(run)
    starts = sorted(runs_at)
    for comment in capped(comments):
        first = runs_at.get(comment.start) or _nearest(runs_at, starts, comment.start)
        last = run_end.get(comment.end) or first
        if first is None or last is None:
            continue
        doc.add_comment([first, last], text=xml_safe(comment.text), author=AUTHOR, initials="CR")
    change_id = 1000
    for run in deleted:
        _wrap(run, "w:del", change_id, stamp)
        change_id += 1
    for run in inserted:
        _wrap(run, "w:ins", change_id, stamp)
        change_id += 1
    for para in marks_deleted:  # a deleted paragraph mark: w:pPr/w:rPr/w:del
        mark = OxmlElement("w:del")
        _stamp(mark, change_id, stamp)
        change_id += 1
        ppr = para._p.get_or_add_pPr()
        rpr = ppr.find(qn("w:rPr"))
        if rpr is None:
            rpr = OxmlElement("w:rPr")
            ppr.append(rpr)
        rpr.append(mark)
    buffer = io.BytesIO()
    doc.save(buffer)
    return buffer.getvalue()


def _nearest(runs_at: dict[int, Run], starts: list[int], offset: int) -> Run | None:
    i = bisect_right(starts, offset)
    return runs_at[starts[i - 1]] if i else None


def _paragraph_adder(doc: Any) -> Callable[[], Paragraph]:
    """``doc.add_paragraph`` without its scan of the whole body for w:sectPr on every call
    (quadratic: a 1,000-page contract took minutes)."""
    body = doc.element.body
    section = body.find(qn("w:sectPr"))

    def add() -> Paragraph:
        p = OxmlElement("w:p")
        if section is not None:
            section.addprevious(p)
        else:
            body.append(p)
        return Paragraph(p, doc._body)

    return add


@dataclass(frozen=True)
class TrackedText:
    """What a .docx says with all changes accepted, with all rejected, and the changes."""

    accepted: str
    rejected: str
    insertions: tuple[str, ...]
    deletions: tuple[str, ...]


def _run_text(run: object, text_tag: str) -> str:
    parts = []
    for child in run.iterchildren():  # type: ignore[attr-defined]
        if child.tag == qn(text_tag):
            parts.append(child.text or "")
        elif child.tag == qn("w:tab"):
            parts.append("\t")
        elif child.tag in (qn("w:br"), qn("w:cr")):
            parts.append("\n")
    return "".join(parts)


def read_tracked(data: bytes) -> TrackedText:
    """Read the body of a .docx, resolving ``w:ins``/``w:del`` both ways."""
    doc = new_docx(io.BytesIO(data))
    accepted: list[str] = []
    rejected: list[str] = []
    insertions: list[str] = []
    deletions: list[str] = []
    joins: list[bool] = []  # True where the paragraph mark is a tracked deletion
    for p in doc.element.body.iterchildren(qn("w:p")):
        ppr = p.find(qn("w:pPr"))
        rpr = ppr.find(qn("w:rPr")) if ppr is not None else None
        joins.append(rpr is not None and rpr.find(qn("w:del")) is not None)
        acc, rej = [], []
        for child in p.iterchildren():
            if child.tag == qn("w:r"):
                t = _run_text(child, "w:t")
                acc.append(t)
                rej.append(t)
            elif child.tag == qn("w:ins"):
                t = "".join(_run_text(r, "w:t") for r in child.iterchildren(qn("w:r")))
                acc.append(t)
                insertions.append(t)
            elif child.tag == qn("w:del"):
                t = "".join(_run_text(r, "w:delText") for r in child.iterchildren(qn("w:r")))
                rej.append(t)
                deletions.append(t)
        accepted.append("".join(acc))
        rejected.append("".join(rej))
    accepted_text = "".join(
        a + ("" if join or i == len(accepted) - 1 else "\n")
        for i, (a, join) in enumerate(zip(accepted, joins, strict=True))
    )
    return TrackedText(accepted_text, "\n".join(rejected), tuple(insertions), tuple(deletions))
