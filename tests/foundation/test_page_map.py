"""Property-based tests of the offset -> page map."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from pipeline.model import Document, PageMap

page_texts = st.lists(st.text(min_size=0, max_size=40), min_size=1, max_size=12)


def _document(pages: list[str]) -> Document:
    starts, offset = [], 0
    for i, page in enumerate(pages):
        starts.append(offset)
        offset += len(page) + (1 if i < len(pages) - 1 else 0)
    text = "\n".join(pages)
    return Document(
        source_path="x.txt",
        sha256="0" * 64,
        media_type="text",
        text=text,
        page_map=PageMap(page_starts=tuple(starts), text_length=len(text)),
    )


@given(page_texts)
def test_each_character_maps_to_the_page_it_was_built_from(pages: list[str]) -> None:
    doc = _document(pages)
    expected: list[int] = []
    for number, page in enumerate(pages, start=1):
        expected.extend([number] * len(page))
        if number < len(pages):
            expected.append(number)  # the separator belongs to the page it ends
    assert [doc.page_map.page_of(i) for i in range(len(doc.text))] == expected


@given(page_texts, st.data())
def test_span_pages_are_the_pages_of_its_characters(pages: list[str], data: st.DataObject) -> None:
    doc = _document(pages)
    start = data.draw(st.integers(0, len(doc.text)))
    end = data.draw(st.integers(start, len(doc.text)))
    span = doc.span(start, end)
    assert doc.quote(span) == doc.text[start:end]
    if end > start:
        touched = sorted({doc.page_map.page_of(i) for i in range(start, end)})
        assert list(span.pages) == list(range(touched[0], touched[-1] + 1))
        assert span.page == touched[0]


def test_offsets_outside_the_text_are_rejected() -> None:
    doc = _document(["abc", "def"])
    with pytest.raises(ValueError, match="outside"):
        doc.page_map.page_of(len(doc.text) + 1)
    with pytest.raises(ValueError, match="outside"):
        doc.span(2, len(doc.text) + 1)


def test_page_map_must_start_at_zero_and_cover_the_text() -> None:
    with pytest.raises(ValidationError):
        PageMap(page_starts=(1,), text_length=5)
    with pytest.raises(ValidationError):
        PageMap(page_starts=(0, 4, 2), text_length=5)
    with pytest.raises(ValidationError):
        Document(
            source_path="x",
            sha256="0" * 64,
            media_type="text",
            text="abc",
            page_map=PageMap(page_starts=(0,), text_length=2),
        )
