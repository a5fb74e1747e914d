"""Where each character of a .docx's review text lives in the file: which run, or which
automatic number or separator the reader wrote in.

The reader (:func:`~pipeline.stages.intake_support.docx_reader.body_blocks`) gives each block
(a paragraph, or a table cell's paragraph) with its ``w:p`` and the length of its automatic
number; the paragraph's pieces then give every run's range. Between blocks lie the separators
the reader wrote (``\\n`` between paragraphs, `` | `` between cells), which no run holds.

A run a change must not touch carries the reason: a field's code or result (Word recomputes
it), someone else's tracked change, or an equation.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from docx.oxml.ns import qn

from pipeline.stages.intake_support.docx_reader import BodyBlock, body_blocks, inline_pieces

R = qn("w:r")
_FIELD_CHAR, _INSTR = qn("w:fldChar"), qn("w:instrText")
_CHANGED = {
    qn("w:ins"): "inside a tracked insertion already in the document",
    qn("w:moveTo"): "inside a tracked move already in the document",
    qn("w:fldSimple"): "inside a field (Word recomputes its text)",
}
FIELD = "inside a field (Word recomputes its text)"
EQUATION = "inside an equation"


@dataclass(frozen=True)
class RunSpan:
    """One run (or an equation) and the half-open range of the review text it holds."""

    element: Any
    start: int
    end: int
    block: int
    refusal: str | None  # why no change may touch it; None when one may

    @property
    def is_run(self) -> bool:
        return bool(self.element.tag == R)


def _field_runs(body: Any) -> set[Any]:
    """Runs of complex fields (``w:fldChar`` begin … end, codes and results), in body order;
    a field may run across paragraphs."""
    inside: set[Any] = set()
    depth = 0
    for run in body.iter(R):
        opened = depth > 0
        for child in run:
            if child.tag == _FIELD_CHAR:
                kind = child.get(qn("w:fldCharType"))
                if kind == "begin":
                    depth += 1
                elif kind == "end":
                    depth = max(depth - 1, 0)
                opened = True
            elif child.tag == _INSTR:
                opened = True
        if opened or depth > 0:
            inside.add(run)
    return inside


def _refusal(element: Any, fields: set[Any]) -> str | None:
    if element.tag != R:
        return EQUATION
    if element in fields:
        return FIELD
    for ancestor in element.iterancestors():
        if ancestor.tag == qn("w:p"):
            return None
        if ancestor.tag in _CHANGED:
            return _CHANGED[ancestor.tag]
    return None


class RunMap:
    """The review text of an opened document and every run's place in it."""

    def __init__(self, document: Any) -> None:
        self.document = document
        self.text, self.blocks = body_blocks(document)
        self._starts = [b.start for b in self.blocks]
        fields = _field_runs(document.element.body)
        self.runs = [self._runs(i, b, fields) for i, b in enumerate(self.blocks)]

    @staticmethod
    def _runs(index: int, block: BodyBlock, fields: set[Any]) -> list[RunSpan]:
        spans: list[RunSpan] = []
        offset = block.start + block.label
        for text, element in inline_pieces(block.paragraph):
            holder = element.getparent() if element.getparent().tag == R else element
            end = offset + len(text)
            if spans and spans[-1].element is holder:
                last = spans[-1]
                spans[-1] = RunSpan(holder, last.start, end, index, last.refusal)
            else:
                spans.append(RunSpan(holder, offset, end, index, _refusal(holder, fields)))
            offset = end
        return spans

    def block_at(self, offset: int) -> int:
        """The last block starting at or before ``offset`` (0 before the first)."""
        return max(bisect_right(self._starts, offset) - 1, 0)

    def blocks_touching(self, start: int, end: int) -> Iterator[int]:
        """The blocks from the one holding ``start`` to the last one starting before ``end``."""
        i = self.block_at(start)
        yield i
        i += 1
        while i < len(self.blocks) and self.blocks[i].start < end:
            yield i
            i += 1

    def all_runs(self) -> Iterator[RunSpan]:
        for spans in self.runs:
            yield from spans

    def refusal(self, start: int, end: int, inserts: bool) -> str | None:
        """Why ``[start, end)`` (replaced by text when ``inserts``) cannot be a tracked change
        in the file; None when it can."""
        if start == end:
            return self._insertion_refusal(start)
        for i in self.blocks_touching(start, end):
            block = self.blocks[i]
            if block.label and start < block.start + block.label and end > block.start:
                return "touches an automatic clause number (Word computes it; it is not text)"
            for span in self.runs[i]:
                if span.start < end and start < span.end and span.refusal:
                    return span.refusal
            if i + 1 < len(self.blocks):
                reason = self._gap_refusal(i, start, end)
                if reason:
                    return reason
        return None

    def _gap_refusal(self, i: int, start: int, end: int) -> str | None:
        block, following = self.blocks[i], self.blocks[i + 1]
        gap_start, gap_end = block.end, following.start
        if gap_start == gap_end or not (start < gap_end and gap_start < end):
            return None
        if start > gap_start or end < gap_end:
            return "cuts into the break between two paragraphs or table cells"
        if self.text[gap_start:gap_end] != "\n" or block.cell or following.cell:
            return "crosses a table cell or row boundary"
        if block.label or following.label:
            return "joins a numbered paragraph to its neighbour (Word would renumber the list)"
        if block.paragraph.find(f"{qn('w:pPr')}/{qn('w:sectPr')}") is not None:
            return "joins across a section break (page layout would change)"
        return None

    def _insertion_refusal(self, at: int) -> str | None:
        i = self.block_at(at)
        block = self.blocks[i] if self.blocks else None
        if block is None:
            return "the document has no paragraph to insert into"
        if block.label and block.start <= at < block.start + block.label:
            return "inside an automatic clause number (Word computes it; it is not text)"
        if at > block.end:
            return "inside the break between two paragraphs or table cells"
        for span in self.runs[i]:
            if span.start < at < span.end and span.refusal:
                return span.refusal
        return None

    def paragraph_marks(self, start: int, end: int) -> list[Any]:
        """The ``w:p`` whose ending break ``[start, end)`` covers."""
        marks = []
        for i in self.blocks_touching(start, end):
            if i + 1 < len(self.blocks):
                gap_start, gap_end = self.blocks[i].end, self.blocks[i + 1].start
                if gap_start < gap_end and start <= gap_start and gap_end <= end:
                    marks.append(self.blocks[i].paragraph)
        return marks
