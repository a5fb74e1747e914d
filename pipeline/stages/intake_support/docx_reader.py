"""Read a .docx into the text a review works on, with a map from every offset to its paragraph.

python-docx opens the package; the body is walked on its XML, because python-docx's
``Paragraph.text`` drops text inside ``w:ins`` and knows nothing of numbering.

- **Paragraphs**: one line each, in document order (``\\n`` between paragraphs; a line break
  the author typed, ``w:br``, is a ``\\n`` too, a tab a ``\\t``). Hyperlinks, content controls,
  smart tags and fields (their shown result, not their code) are read through; equations give
  their characters. Every ``\\n`` of the text is a real break, which the Document records as
  ``line_breaks="paragraph"`` so that parsers do not try to join it back as a PDF wrap.
- **Numbering**: a numbered paragraph's number ("第三条", "2.1", "(a)") is computed as Word
  shows it (:mod:`.docx_numbering`) and written in front of its text, so clause segmentation
  and the anchors see the numbers a reader sees.
- **Tables**: one row per line, cells separated by ``" | "``: the project's text form of a
  table (a PDF's table rows come out as ``期次 | 比例 | 金额`` lines, and the table checks read
  those), so a Word table is checked as a PDF one is. A cell's paragraphs are joined by a space
  and a line break inside a cell becomes a space, so a row stays on one line; a merged cell is
  read once; a table nested in a cell is read into that cell.
- **Headers and footers are kept apart** from the body: they are not in ``Document.text`` but
  in ``Document.headers_footers`` (and the report's ``document.headers_footers``). A header
  repeats on every page and names no obligation ("保密", "第 1 页 共 5 页", a party's logo
  text); read into the body, it would be parsed as a clause, split clauses, repeat party names
  and amounts, and could not be anchored to one place of the document. Keeping it out, rather
  than marking it inside the text, means no stage has to know to skip it.
- **Tracked changes** are read as if all were accepted: ``w:ins``/``w:moveTo`` text is kept,
  ``w:del``/``w:moveFrom`` text is dropped, a deleted paragraph mark joins its paragraph to the
  next, a deleted table row or cell disappears. What the file held is counted
  (:class:`TrackedChanges`) so the report can say the review assumed them accepted.
- **Paragraph numbers (¶)** count every ``w:p`` of the body in document order, from 1: empty
  paragraphs, paragraphs in table cells and paragraphs a tracked change deletes included, so a
  number points at the same paragraph of the file whether Word shows the changes or not.
- Not read: text boxes and shapes, footnotes and endnotes, comments, embedded objects, and
  content imported as another format (``w:altChunk``: HTML or RTF that only Word converts; a
  body made only of such chunks is refused as empty, with the fix).
"""

from __future__ import annotations

import io
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docx import Document as open_docx
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.exceptions import PackageNotFoundError
from docx.oxml.ns import qn

from pipeline.config import IntakeLimits
from pipeline.errors import MalformedInputError
from pipeline.model import Cell, HeaderFooter, TrackedChanges
from pipeline.stages.intake_support.docx_numbering import Numbering
from pipeline.stages.intake_support.limits import check_limit

# An OLE2 compound file: an old binary .doc, or a password-protected .docx (Word encrypts a
# .docx into an OLE2 container)
OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
BODY_PART = "word/document.xml"
_MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
_MATH = "{http://schemas.openxmlformats.org/officeDocument/2006/math}"

P, TBL, TR, TC, R = qn("w:p"), qn("w:tbl"), qn("w:tr"), qn("w:tc"), qn("w:r")
INS, DEL, MOVE_FROM, MOVE_TO = qn("w:ins"), qn("w:del"), qn("w:moveFrom"), qn("w:moveTo")
SDT, SDT_CONTENT, CUSTOM_XML = qn("w:sdt"), qn("w:sdtContent"), qn("w:customXml")
# inline wrappers whose runs are the paragraph's text
_INLINE_CONTAINERS = frozenset(
    qn(t)
    for t in (
        "w:hyperlink", "w:smartTag", "w:customXml", "w:fldSimple", "w:sdt", "w:sdtContent",
        "w:dir", "w:bdo", "w:ins", "w:moveTo",
    )
)  # fmt: skip
_BLOCK_CONTAINERS = frozenset((SDT, SDT_CONTENT, CUSTOM_XML))
_RUN_TEXT = {qn("w:t"): None, qn("w:tab"): "\t", qn("w:ptab"): "\t", qn("w:br"): "\n",
             qn("w:cr"): "\n", qn("w:noBreakHyphen"): "-", qn("w:softHyphen"): ""}  # fmt: skip
_FORMAT_CHANGES = tuple(
    qn(t)
    for t in (
        "w:rPrChange", "w:pPrChange", "w:sectPrChange", "w:tblPrChange", "w:tblGridChange",
        "w:trPrChange", "w:tcPrChange", "w:tblPrExChange", "w:numberingChange",
    )
)  # fmt: skip


@dataclass
class DocxText:
    """What :func:`read_docx` returns: the text and, per paragraph block, where it begins."""

    text: str
    block_starts: tuple[int, ...]
    paragraphs: tuple[int, ...]
    cells: tuple[Cell | None, ...]
    paragraph_count: int
    tracked_changes: TrackedChanges | None
    headers_footers: tuple[HeaderFooter, ...]
    alt_chunks: int = 0  # w:altChunk parts in the body, not read


@dataclass
class _Builder:
    """The text, block by block; a block's separator is written only when a block follows."""

    parts: list[str] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)
    paragraphs: list[int] = field(default_factory=list)
    cells: list[Cell | None] = field(default_factory=list)
    offset: int = 0

    def block(self, text: str, paragraph: int, cell: Cell | None, separator: str) -> None:
        if self.starts:
            self.parts.append(separator)
            self.offset += len(separator)
        self.starts.append(self.offset)
        self.paragraphs.append(paragraph)
        self.cells.append(cell)
        self.parts.append(text)
        self.offset += len(text)

    @property
    def text(self) -> str:
        return "".join(self.parts)


def child_text(child: Any) -> str | None:
    """What one child of a run adds to the text; None for what adds nothing (w:rPr, fields'
    codes, drawings, note references)."""
    if child.tag not in _RUN_TEXT:
        return None
    fixed = _RUN_TEXT[child.tag]
    return child.text or "" if fixed is None else fixed


def run_pieces(run: Any) -> Iterator[tuple[str, Any]]:
    """A run's text, child by child, with the child it comes from."""
    for child in run.iterchildren():
        text = child_text(child)
        if text is not None:
            yield text, child


def _alternate(element: Any) -> Any | None:
    """The one branch of an ``mc:AlternateContent`` to read: its fallback, else its choice."""
    branch = element.find(f"{_MC}Fallback")
    return branch if branch is not None else element.find(f"{_MC}Choice")


def inline_pieces(element: Any) -> Iterator[tuple[str, Any]]:
    """The accepted text of a paragraph (or an inline wrapper inside one), piece by piece, each
    with the element it comes from: a run's child (``w:t``, ``w:tab``, ``w:br`` ...) or an
    equation. The redline finds its way back to the runs through these."""
    for child in element.iterchildren():
        tag = child.tag
        if tag == R:
            yield from run_pieces(child)
        elif tag in _INLINE_CONTAINERS:
            yield from inline_pieces(child)
        elif tag == f"{_MC}AlternateContent":
            branch = _alternate(child)
            if branch is not None:
                yield from inline_pieces(branch)
        elif tag in (f"{_MATH}oMath", f"{_MATH}oMathPara"):
            yield "".join(t.text or "" for t in child.iter(f"{_MATH}t")), child
        # w:del and w:moveFrom (rejected on acceptance), w:pPr, bookmarks, proofing and
        # comment marks hold no accepted text


def _inline_text(element: Any) -> str:
    return "".join(text for text, _ in inline_pieces(element))


def _mark(paragraph: Any) -> str | None:
    """How a tracked change touches the paragraph mark: ``"del"`` when accepting the changes
    removes it (deleted or moved away), ``"ins"`` when it was inserted, else None."""
    ppr = paragraph.find(qn("w:pPr"))
    rpr = ppr.find(qn("w:rPr")) if ppr is not None else None
    if rpr is None:
        return None
    if rpr.find(DEL) is not None or rpr.find(MOVE_FROM) is not None:
        return "del"
    return "ins" if rpr.find(INS) is not None else None


def _removed(element: Any, props: str, tag: str) -> bool:
    """A table row (``w:trPr/w:del``) or cell (``w:tcPr/w:cellDel``) deleted by a change."""
    pr = element.find(qn(props))
    return pr is not None and pr.find(qn(tag)) is not None


def _block_items(container: Any) -> Iterator[Any]:
    """The paragraphs and tables of a body, cell or header, through content controls."""
    for child in container.iterchildren():
        if child.tag in (P, TBL):
            yield child
        elif child.tag in _BLOCK_CONTAINERS:
            yield from _block_items(child)
        elif child.tag == f"{_MC}AlternateContent":
            branch = _alternate(child)
            if branch is not None:
                yield from _block_items(branch)


def _children(element: Any, tag: str) -> Iterator[Any]:
    """Rows of a table or cells of a row, through content controls and custom XML."""
    for child in element.iterchildren():
        if child.tag == tag:
            yield child
        elif child.tag in _BLOCK_CONTAINERS:
            yield from _children(child, tag)


class _Reader:
    """Walks one story (the body, or a header or footer) into a :class:`_Builder`."""

    def __init__(self, numbering: Numbering | None) -> None:
        self.numbering = numbering
        self.out = _Builder()
        self.paragraph_no = 0
        self.table_no = 0
        self.sources: list[tuple[Any, int]] = []  # per block: its w:p, its number's length

    def paragraph(self, p: Any) -> tuple[str, bool]:
        """The paragraph's accepted text, number first; True when its mark is deleted."""
        self.paragraph_no += 1
        joins_next = _mark(p) == "del"
        label = None if joins_next or self.numbering is None else self.numbering.label(p)
        self.sources.append((p, len(label or "")))
        return (label or "") + _inline_text(p), joins_next

    def skip(self, element: Any) -> None:
        """A deleted row or cell: its paragraphs keep their numbers but give no text."""
        self.paragraph_no += sum(1 for _ in element.iter(P))

    def story(self, container: Any) -> None:
        separator = "\n"
        for item in _block_items(container):
            if item.tag == P:
                text, joins_next = self.paragraph(item)
                self.out.block(text, self.paragraph_no, None, separator)
                separator = "" if joins_next else "\n"
            else:
                self.table(item)
                separator = "\n"

    def table(self, tbl: Any) -> None:
        self.table_no += 1
        number = self.table_no
        for row_no, tr in enumerate(_children(tbl, TR), start=1):
            if _removed(tr, "w:trPr", "w:del"):
                self.skip(tr)
                continue
            lead = "\n"
            for cell_no, tc in enumerate(_children(tr, TC), start=1):
                if _removed(tc, "w:tcPr", "w:cellDel"):
                    self.skip(tc)
                    continue
                wrote = self.cell(tc, (number, row_no, cell_no), lead)
                lead = " | " if wrote else lead + " | "

    def cell(self, tc: Any, where: Cell, lead: str) -> bool:
        """Write the cell's paragraphs (and nested tables) as one piece of its row's line."""
        separator = lead
        wrote = False
        for item in _block_items(tc):
            if item.tag == P:
                text, joins_next = self.paragraph(item)
                self.out.block(text.replace("\n", " "), self.paragraph_no, where, separator)
                separator = "" if joins_next else " "
                wrote = True
            else:
                wrote = self.nested(item, separator) or wrote
                separator = " " if wrote else separator
        return wrote

    def nested(self, tbl: Any, lead: str) -> bool:
        """A table inside a cell: its cells in reading order, joined by spaces."""
        self.table_no += 1
        number = self.table_no
        wrote = False
        for row_no, tr in enumerate(_children(tbl, TR), start=1):
            if _removed(tr, "w:trPr", "w:del"):
                self.skip(tr)
                continue
            for cell_no, tc in enumerate(_children(tr, TC), start=1):
                if _removed(tc, "w:tcPr", "w:cellDel"):
                    self.skip(tc)
                    continue
                if self.cell(tc, (number, row_no, cell_no), " " if wrote else lead):
                    wrote = True
        return wrote


def _count_changes(root: Any) -> TrackedChanges | None:
    def count(*tags: str) -> int:
        return sum(1 for _ in root.iter(*(qn(t) for t in tags)))

    moves = count("w:moveFromRangeStart") or sum(
        1 for m in root.iter(MOVE_FROM) if m.getparent().tag != qn("w:rPr")
    )
    changes = TrackedChanges(
        insertions=count("w:ins", "w:cellIns"),
        deletions=count("w:del", "w:cellDel"),
        moves=moves,
        formatting=sum(1 for _ in root.iter(*_FORMAT_CHANGES)),
    )
    if changes.insertions or changes.deletions or changes.moves or changes.formatting:
        return changes
    return None


def _check_package(path: Path, data: bytes, limits: IntakeLimits) -> None:
    """Refuse what python-docx cannot open, before it tries, with a message that says why."""
    if data.startswith(OLE2_MAGIC):
        raise MalformedInputError(
            path,
            "the file is not a .docx package but an OLE2 compound file: an old binary Word "
            "document (.doc) renamed to .docx, or a password-protected document",
            "open it in Word or LibreOffice, remove any password, and save it as .docx "
            "(Word Document, not Word 97-2003)",
        )
    try:
        package = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zlib.error, EOFError, ValueError) as exc:
        raise MalformedInputError(
            path,
            f"the file has a .docx name but is not a .docx package (not a ZIP archive: {exc})",
            "check that it is a real Word document; re-save it from Word or LibreOffice as .docx",
        ) from exc
    with package:
        infos = package.infolist()
    names = {info.filename for info in infos}
    if BODY_PART not in names:
        raise MalformedInputError(
            path,
            f"the .docx package has no {BODY_PART} (the document body); it is damaged or not a "
            "Word document",
            "re-save it from Word or LibreOffice as .docx, or re-download it",
        )
    # what python-docx will unpack and parse: a ZIP bomb is refused before it is inflated
    unpacked = sum(i.file_size for i in infos if i.filename.endswith((".xml", ".rels")))
    described = f"the .docx unpacks to {unpacked} bytes of XML"
    check_limit(path, described, unpacked, limits.max_bytes, "file", "bytes")


def _open(path: Path, data: bytes) -> Any:
    try:
        return open_docx(io.BytesIO(data))
    except (
        PackageNotFoundError,
        KeyError,
        ValueError,
        SyntaxError,  # lxml's XMLSyntaxError: a part that is not well-formed XML
        zipfile.BadZipFile,
        zlib.error,
        EOFError,
        OSError,
    ) as exc:
        raise MalformedInputError(
            path,
            f"the .docx is damaged and cannot be read ({type(exc).__name__}: {exc})",
            "re-save it from Word or LibreOffice as .docx, or re-download it",
        ) from exc


def _part_element(document: Any, relationship: str) -> Any | None:
    try:
        return document.part.part_related_by(relationship).element
    except KeyError:
        return None


def _headers_footers(document: Any) -> tuple[HeaderFooter, ...]:
    found: list[HeaderFooter] = []
    seen: set[tuple[str, str]] = set()
    for number, section in enumerate(document.sections, start=1):
        stories = (
            ("header", section.header), ("header", section.first_page_header),
            ("header", section.even_page_header), ("footer", section.footer),
            ("footer", section.first_page_footer), ("footer", section.even_page_footer),
        )  # fmt: skip
        for kind, story in stories:
            if story.is_linked_to_previous:
                continue  # no definition of its own: an earlier section's, or none at all
            reader = _Reader(numbering=None)
            reader.story(story.part.element)
            text = reader.out.text.strip()
            if text and (kind, text) not in seen:
                seen.add((kind, text))
                found.append(HeaderFooter(kind=kind, section=number, text=text))
    return tuple(found)


@dataclass(frozen=True)
class BodyBlock:
    """Where one block of the body's text comes from: its ``w:p`` and the length of the
    automatic number written before the paragraph's own text (what the redline maps back)."""

    start: int
    end: int
    paragraph: Any
    label: int
    cell: Cell | None


def _read_body(document: Any) -> _Reader:
    numbering = Numbering(_part_element(document, RT.NUMBERING), _part_element(document, RT.STYLES))
    reader = _Reader(numbering)
    reader.story(document.element.body)
    return reader


def body_blocks(document: Any) -> tuple[str, tuple[BodyBlock, ...]]:
    """The body's text of an opened .docx exactly as :func:`read_docx` reads it, and where each
    of its blocks comes from."""
    reader = _read_body(document)
    out = reader.out
    text = out.text
    blocks = tuple(
        # parts alternate: block 0's text, then a separator and a text per further block
        BodyBlock(start, start + len(out.parts[2 * i]), p, label, cell)
        for i, (start, (p, label), cell) in enumerate(
            zip(out.starts, reader.sources, out.cells, strict=True)
        )
    )
    return text, blocks


def read_docx(path: Path, data: bytes, limits: IntakeLimits) -> DocxText:
    """Read ``data`` (the bytes of ``path``) into text, paragraph map and what was set apart."""
    _check_package(path, data, limits)
    document = _open(path, data)
    body = document.element.body
    reader = _read_body(document)
    out = reader.out
    if not out.starts:  # a body without a single paragraph: one empty block
        out.block("", 1, None, "")
    return DocxText(
        text=out.text,
        block_starts=tuple(out.starts),
        paragraphs=tuple(out.paragraphs),
        cells=tuple(out.cells),
        paragraph_count=max(reader.paragraph_no, 1),
        tracked_changes=_count_changes(body),
        headers_footers=_headers_footers(document),
        alt_chunks=sum(1 for _ in body.iter(qn("w:altChunk"))),
    )
