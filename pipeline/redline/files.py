"""The two Word files of a review: ``revised.docx`` (counterparty) and ``review-comments.docx``
(client), from the review's document, findings and edits.

A .docx input is redlined in place: both files are the user's own document (styles, numbering,
tables, headers and footers), read again from the file the review read, which must still be
that file (same SHA-256) and read to the same text. If it is not, both files are rebuilt from
the reviewed text, as for a PDF, and their first comment says why. A PDF or text input is
rebuilt into paragraphs first (:mod:`.paragraphs`), A4 for a Chinese contract.

An applied edit that cannot be a tracked change (a clause number, a field, across table cells,
inside a page header …) is proposed in a comment in ``revised.docx`` and reported, with the
reason, in the client's comment on its finding. Suggestions (additions) are never written into
the text: the client reads them in the finding's comment.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pipeline.entities.parse import detect_language
from pipeline.model import Document, Edit, EditType, Finding
from pipeline.redline.in_place import InPlaceRedline, Refused, TextMismatch
from pipeline.redline.notes import change_note, client_note, proposal_note
from pipeline.redline.paragraphs import Rebuilt, rebuild_paragraphs
from pipeline.render_docx import Comment, PageSize, build_redline, capped, suggestion_comment

REVISED = "revised.docx"
CLIENT = "review-comments.docx"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RedlineFiles:
    revised: bytes
    comments: bytes
    written: tuple[Edit, ...]
    refused: tuple[Refused, ...]

    def files(self) -> list[tuple[str, bytes]]:
        return [(REVISED, self.revised), (CLIENT, self.comments)]


def _split(edits: Sequence[Edit]) -> tuple[list[Edit], list[Edit]]:
    tracked = [e for e in edits if e.type is not EditType.SUGGESTION]
    # a rule's suggestion is its finding's own, already in the finding's comment
    loose = [e for e in edits if e.type is EditType.SUGGESTION and e.finding_type is None]
    return tracked, loose


def redline_files(
    document: Document, findings: Sequence[Finding], edits: Sequence[Edit]
) -> RedlineFiles:
    if document.media_type == "docx":
        data, why_not = _source(document)
        if data is not None:
            try:
                return _in_place(document, data, findings, edits)
            except TextMismatch as exc:
                why_not = f"{exc}"
        log.warning("redline: %s; the Word files are rebuilt from the reviewed text", why_not)
        note = (
            f"This copy is rebuilt from the reviewed text, not the original file: {why_not}. "
            "Review the file again for a redline of the original."
        )
        return _rebuilt(document, findings, edits, note)
    return _rebuilt(document, findings, edits)


def _source(document: Document) -> tuple[bytes | None, str]:
    path = Path(document.source_path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, f"{path} cannot be read again ({exc.strerror})"
    if hashlib.sha256(data).hexdigest() != document.sha256:
        return None, f"{path} changed after it was reviewed"
    return data, ""


def _in_place(
    document: Document, data: bytes, findings: Sequence[Finding], edits: Sequence[Edit]
) -> RedlineFiles:
    text = document.text
    tracked, loose = _split(edits)
    counterparty = InPlaceRedline(data, text)
    written, refused = counterparty.plan(tracked)
    notes = [Comment(e.start, e.end, note) for e in written if (note := change_note(e))]
    notes += [
        Comment(r.edit.start, r.edit.end, proposal_note(r.edit, text[r.edit.start : r.edit.end]))
        for r in refused
    ]
    revised = counterparty.write(written, capped(notes))
    pairs = [(r.edit, r.reason) for r in refused]
    comments = [client_note(f, written, pairs, text) for f in findings]
    comments += [suggestion_comment(e) for e in loose]
    client = InPlaceRedline(data, text).write([], capped(comments))
    return RedlineFiles(revised, client, tuple(written), tuple(refused))


def page_size(text: str) -> PageSize:
    return "A4" if detect_language(text) == "zh" else "Letter"


def _mapped(rebuilt: Rebuilt, comment: Comment) -> Comment:
    start, end = rebuilt.span(comment.start, comment.end)
    return Comment(start, end, comment.text)


def _rebuilt(
    document: Document, findings: Sequence[Finding], edits: Sequence[Edit], note: str = ""
) -> RedlineFiles:
    text = document.text
    rebuilt = rebuild_paragraphs(document)
    tracked, loose = _split(edits)
    written: list[Edit] = []
    moved: list[Edit] = []  # the same edits, on the rebuilt text
    refused: list[Refused] = []
    for edit in sorted(tracked, key=lambda e: (e.start, e.end)):
        start, end = rebuilt.span(edit.start, edit.end)
        if start == end and edit.start < edit.end:
            refused.append(Refused(edit, "lies in a page header or footer, which is not kept"))
        elif moved and start < moved[-1].end:
            refused.append(Refused(edit, "overlaps another edit once the lines are joined"))
        else:
            written.append(edit)
            moved.append(edit.model_copy(update={"start": start, "end": end}))
    head = [Comment(0, 0, note)] if note else []
    notes = [Comment(e.start, e.end, n) for e in written if (n := change_note(e))]
    notes += [
        Comment(r.edit.start, r.edit.end, proposal_note(r.edit, text[r.edit.start : r.edit.end]))
        for r in refused
    ]
    pairs = [(r.edit, r.reason) for r in refused]
    comments = [client_note(f, written, pairs, text) for f in findings]
    comments += [suggestion_comment(e) for e in loose]
    page = page_size(rebuilt.text)
    revised = build_redline(
        rebuilt.text, moved, capped(head + [_mapped(rebuilt, c) for c in notes]), page=page
    )
    client = build_redline(
        rebuilt.text, [], capped(head + [_mapped(rebuilt, c) for c in comments]), page=page
    )
    return RedlineFiles(revised, client, tuple(written), tuple(refused))
