"""Redline the user's own .docx: tracked changes inside its runs, comments on its spans.

The file is opened from its bytes in memory (the input file is never written). Its body is read
again exactly as Intake read it (:class:`~.run_map.RunMap`); the text must be the review's
text, character for character, or nothing is written in place (:class:`TextMismatch`).

Writing goes in three steps, so that no marker lands inside a change: every run is cut at each
edit and comment boundary (keeping its ``w:rPr``); comments are anchored on whole runs; then the
runs an edit covers move into ``w:del``, its replacement follows in ``w:ins`` with the
formatting of the text it replaces, and a paragraph break it covers becomes a deleted paragraph
mark. Accepting every change gives the review's revised text; rejecting every change gives the
original text.

An edit that cannot be written that way is refused with its reason (:meth:`InPlaceRedline.plan`):
it touches Word's automatic clause numbers, a field, an equation or someone else's tracked
change, crosses table cells, or joins numbered paragraphs (Word would renumber the list). The
caller turns a refused edit into a comment.
"""

from __future__ import annotations

import io
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from docx import Document as open_docx
from docx.oxml.ns import qn
from docx.text.run import Run

from pipeline.model import Edit, EditType
from pipeline.redline.ooxml import (
    Stamp,
    delete_paragraph_mark,
    first_free_id,
    inserted_run,
    split_run,
    wrap_deleted,
)
from pipeline.redline.run_map import RunMap, RunSpan
from pipeline.render_docx import AUTHOR, Comment, xml_safe

DEL = qn("w:del")


class TextMismatch(Exception):
    """The file does not read to the review's text (it changed, or the reader changed)."""


@dataclass(frozen=True)
class Refused:
    edit: Edit
    reason: str


def _target(edit: Edit) -> str:
    return edit.replace_with if edit.type is EditType.REPLACE else ""


class InPlaceRedline:
    """One redline of one document: :meth:`plan` the edits, then :meth:`write` once."""

    def __init__(self, data: bytes, text: str) -> None:
        self.document: Any = open_docx(io.BytesIO(data))
        self.map = RunMap(self.document)
        self._inserted: set[Any] = set()  # the w:ins this redline wrote
        if self.map.text != text:
            at = next(
                (i for i, (a, b) in enumerate(zip(self.map.text, text, strict=False)) if a != b),
                min(len(self.map.text), len(text)),
            )
            raise TextMismatch(f"the file reads differently from the reviewed text at {at}")

    def plan(self, edits: Iterable[Edit]) -> tuple[list[Edit], list[Refused]]:
        """The edits that can be tracked changes in this file, and the others with why."""
        ok: list[Edit] = []
        refused: list[Refused] = []
        text_length = len(self.map.text)
        for edit in sorted(edits, key=lambda e: (e.start, e.end)):
            target = _target(edit)
            reason: str | None = None
            if edit.type is EditType.SUGGESTION:
                reason = "a suggestion is never written into the text"
            elif not 0 <= edit.start <= edit.end <= text_length:
                reason = f"span [{edit.start}, {edit.end}) is outside the text"
            elif "\n" in target:
                reason = "the replacement adds a paragraph break"
            elif edit.start == edit.end and not target:
                reason = "the edit changes nothing"
            elif ok and edit.start < ok[-1].end:
                reason = f"overlaps the edit [{ok[-1].start}, {ok[-1].end})"
            else:
                reason = self.map.refusal(edit.start, edit.end, bool(target))
            if reason is None:
                ok.append(edit)
            else:
                refused.append(Refused(edit, reason))
        return ok, refused

    def write(
        self, edits: Sequence[Edit], comments: Sequence[Comment], when: datetime | None = None
    ) -> bytes:
        """The file with ``edits`` (from :meth:`plan`) as tracked changes and ``comments``."""
        stamp = Stamp(
            AUTHOR,
            (when or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ"),
            first_free_id(self.document.element),
        )
        cuts = {offset for e in edits for offset in (e.start, e.end)}
        cuts |= {offset for c in comments for offset in (c.start, c.end)}
        self._cut(cuts)
        self.map = RunMap(self.document)  # the runs as cut
        for comment in comments:
            self._comment(comment)
        # comment markers are in place: wrapping moves whole runs, so they stay outside changes
        for edit in edits:
            self._change(edit, stamp)
        buffer = io.BytesIO()
        self.document.save(buffer)
        return buffer.getvalue()

    def _cut(self, offsets: set[int]) -> None:
        ordered = sorted(offsets)
        for span in self.map.all_runs():
            if not span.is_run or span.refusal:
                continue  # a comment boundary inside a field widens to the whole run
            first = bisect_right(ordered, span.start)
            inside = ordered[first : bisect_left(ordered, span.end)]
            for at in reversed(inside):
                split_run(span.element, at - span.start)

    def _covered(self, start: int, end: int) -> list[RunSpan]:
        return [
            s
            for i in self.map.blocks_touching(start, end)
            for s in self.map.runs[i]
            if s.is_run and start <= s.start and s.end <= end and s.start < s.end
        ]

    def _comment(self, comment: Comment) -> None:
        runs = self._covered(comment.start, comment.end) or [
            s
            for s in self.map.all_runs()
            if s.is_run and s.start < comment.end and comment.start < s.end
        ]
        if not runs:  # an empty span, a clause number or an empty paragraph: the nearest run
            before = [s for s in self.map.all_runs() if s.is_run and s.start <= comment.start]
            after = [s for s in self.map.all_runs() if s.is_run and s.start > comment.start]
            runs = before[-1:] or after[:1]
        if not runs:
            return  # a document without a single run of text
        self.document.add_comment(
            [Run(runs[0].element, None), Run(runs[-1].element, None)],  # type: ignore[arg-type]
            text=xml_safe(comment.text),
            author=AUTHOR,
            initials="CR",
        )

    def _change(self, edit: Edit, stamp: Stamp) -> None:
        deleted = self._covered(edit.start, edit.end)
        wrappers = wrap_deleted([s.element for s in deleted], stamp)
        for paragraph in self.map.paragraph_marks(edit.start, edit.end):
            delete_paragraph_mark(paragraph, stamp)
        target = _target(edit)
        if not target:
            return
        if deleted:
            inserted = inserted_run(target, deleted[0].element, stamp)
            wrappers[-1].addnext(inserted)
        else:
            inserted = self._insert_at(edit.end, target, stamp)
        self._inserted.add(inserted)

    def _insert_at(self, at: int, target: str, stamp: Stamp) -> Any:
        block = self.map.block_at(at)
        runs = [s for s in self.map.runs[block] if s.is_run]
        ending = [s for s in runs if s.end == at]
        starting = [s for s in runs if s.start == at]
        if ending:
            inserted = inserted_run(target, ending[-1].element, stamp)
            self._after(ending[-1].element).addnext(inserted)
        elif starting:
            inserted = inserted_run(target, starting[0].element, stamp)
            self._outer(starting[0].element).addprevious(inserted)
        else:  # an empty paragraph
            inserted = inserted_run(target, None, stamp)
            self.map.blocks[block].paragraph.append(inserted)
        return inserted

    @staticmethod
    def _outer(run: Any) -> Any:
        """The run, or the w:del an earlier edit moved it into."""
        parent = run.getparent()
        return parent if parent.tag == DEL else run

    def _after(self, run: Any) -> Any:
        """What new text at the end of ``run`` follows: the run (or its w:del) and the text an
        earlier edit inserted right there, so edits keep their order."""
        anchor = self._outer(run)
        while (following := anchor.getnext()) is not None and following in self._inserted:
            anchor = following
        return anchor
