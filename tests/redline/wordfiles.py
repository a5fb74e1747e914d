"""Small Word files for the redline tests, and the two ways of reading a redline back.

``accepted_text`` is Intake's own reading (tracked changes accepted). ``rejected_text`` undoes
every change the way Word's Reject All does (insertions removed, deletions restored, deleted
paragraph marks kept) and reads the result the same way; LibreOffice does the same for real in
the slow tests.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import docx
from docx.oxml.ns import qn

from pipeline.config import IntakeLimits
from pipeline.stages.intake_support.docx_reader import read_docx

Runs = Sequence[tuple[str, str]]  # (style, text): style "", "b", "i" or "bi"


def add_runs(paragraph: Any, runs: Runs) -> Any:
    for style, text in runs:
        run = paragraph.add_run(text)
        run.bold = "b" in style or None
        run.italic = "i" in style or None
    return paragraph


def word_file(paragraphs: Sequence[Runs]) -> bytes:
    document = docx.Document()
    for runs in paragraphs:
        add_runs(document.add_paragraph(), runs)
    return saved(document)


def saved(document: Any) -> bytes:
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def body_xml(data: bytes) -> str:
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        return package.read("word/document.xml").decode("utf-8")


def accepted_text(data: bytes) -> str:
    return read_docx(Path("redline.docx"), data, IntakeLimits()).text


def _rejected(data: bytes) -> bytes:
    document = docx.Document(io.BytesIO(data))
    body = document.element.body
    for inserted in list(body.iter(qn("w:ins"))):
        parent = inserted.getparent()
        if parent.tag == qn("w:rPr"):  # an inserted paragraph mark: not ours to undo here
            continue
        parent.remove(inserted)
    for deleted in list(body.iter(qn("w:del"))):
        parent = deleted.getparent()
        if parent.tag == qn("w:rPr"):  # a deleted paragraph mark: the mark stays
            parent.remove(deleted)
            continue
        for run in list(deleted):
            for text in run.iter(qn("w:delText")):
                text.tag = qn("w:t")
            deleted.addprevious(run)
        parent.remove(deleted)
    return saved(document)


def rejected_text(data: bytes) -> str:
    return accepted_text(_rejected(data))


def anchored_texts(data: bytes) -> dict[str, str]:
    """Each comment's text -> the document text between its range markers (as written, with
    deleted text included)."""
    document = docx.Document(io.BytesIO(data))
    bodies = {str(c.comment_id): c.text for c in document.comments}
    open_ranges: dict[str, list[str]] = {}
    done: dict[str, str] = {}
    for element in document.element.body.iter():
        tag = element.tag
        if tag == qn("w:commentRangeStart"):
            open_ranges[element.get(qn("w:id"))] = []
        elif tag == qn("w:commentRangeEnd"):
            key = element.get(qn("w:id"))
            done[bodies[key]] = "".join(open_ranges.pop(key))
        elif tag in (qn("w:t"), qn("w:delText")):
            for parts in open_ranges.values():
                parts.append(element.text or "")
    return done
