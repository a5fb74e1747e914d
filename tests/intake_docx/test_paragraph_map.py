"""The data model's side of a DOCX: a span is located by page or by anchor, never by neither,
and a document has exactly the layout map its kind calls for."""

from __future__ import annotations

import hashlib

import pytest
from pydantic import ValidationError

from pipeline.model import Document, PageMap, ParagraphMap, Span

TEXT = "第一条 价款\n1.1 总价100元。\n甲 | 乙"
# blocks: ¶1 "第一条 价款\n", ¶2 "1.1 总价100元。\n", cells ¶3 "甲 | " and ¶4 "乙"
STARTS = (0, 7, 19, 23)


def _map(**changes: object) -> ParagraphMap:
    fields: dict[str, object] = {
        "block_starts": STARTS,
        "paragraphs": (1, 2, 3, 4),
        "cells": (None, None, (1, 1, 1), (1, 1, 2)),
        "clause_starts": (0, 7),
        "clause_labels": ("第一条", "第1.1条"),
        "paragraph_count": 4,
        "text_length": len(TEXT),
        **changes,
    }
    return ParagraphMap.model_validate(fields)


def _docx(layout: ParagraphMap) -> Document:
    return Document(
        source_path="c.docx",
        sha256=hashlib.sha256(TEXT.encode()).hexdigest(),
        media_type="docx",
        text=TEXT,
        paragraph_map=layout,
        line_breaks="paragraph",
    )


def test_every_offset_maps_to_its_block() -> None:
    layout = _map()
    assert TEXT[19:23] == "甲 | " and TEXT[23:] == "乙"
    expected = [1] * 7 + [2] * 12 + [3] * 4 + [4] * 1
    assert [layout.paragraph_of(i) for i in range(len(TEXT))] == expected
    assert layout.paragraph_of(len(TEXT)) == 4  # the end offset maps to the last block
    assert layout.cell_of(21) == (1, 1, 1) and layout.cell_of(23) == (1, 1, 2)
    assert layout.clause_at(0) == "第一条" and layout.clause_at(8) == "第1.1条"
    with pytest.raises(ValueError, match="outside the text"):
        layout.paragraph_of(len(TEXT) + 1)


def test_document_spans_carry_anchors_not_pages() -> None:
    document = _docx(_map())
    assert document.span(4, 6) == Span(start=4, end=6, anchor="第一条 ¶1")
    assert document.span(7, 20).anchor == "第1.1条 ¶2–3"
    assert document.span(23, 24).anchor == "第1.1条 ¶4, table 1 row 1 cell 2"
    assert document.span(7, 10).place == "第1.1条 ¶2"
    assert document.pages is None


def test_page_spans_say_their_pages() -> None:
    assert Span(start=0, end=1, page=2, pages=(2,)).place == "page 2"
    assert Span(start=0, end=1, page=2, pages=(2, 3)).place == "pages 2, 3"


def test_a_span_needs_a_page_or_an_anchor() -> None:
    with pytest.raises(ValidationError, match="needs a page"):
        Span(start=0, end=1)


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"block_starts": (1, 7, 19, 23)}, "start at offset 0"),
        ({"block_starts": (0, 19, 7, 23)}, "must not decrease"),
        ({"paragraphs": (1, 2, 3)}, "one paragraph number"),
        ({"clause_labels": ("第一条",)}, "one label"),
        ({"paragraph_count": 3}, "beyond the paragraph count"),
    ],
)
def test_a_broken_paragraph_map_is_refused(changes: dict[str, object], problem: str) -> None:
    with pytest.raises(ValidationError, match=problem):
        _map(**changes)


def test_a_document_has_the_layout_its_kind_needs() -> None:
    pages = PageMap(page_starts=(0,), text_length=len(TEXT))
    digest = hashlib.sha256(TEXT.encode()).hexdigest()
    with pytest.raises(ValidationError, match="paragraph map and no page map"):
        Document(source_path="c.docx", sha256=digest, media_type="docx", text=TEXT, page_map=pages)
    with pytest.raises(ValidationError, match="paragraph map and no page map"):
        Document(
            source_path="c.pdf", sha256=digest, media_type="pdf", text=TEXT, paragraph_map=_map()
        )
    with pytest.raises(ValidationError, match="exactly one"):
        Document(source_path="c.txt", sha256=digest, media_type="text", text=TEXT)
