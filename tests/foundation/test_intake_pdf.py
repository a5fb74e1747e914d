"""Intake on real PDFs: exact text, and every offset maps to the page it came from."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline.config import IntakeLimits
from pipeline.stages.intake import read_document
from tests.foundation.conftest import EN_PAGES, ZH_PAGES


def _per_page_text(path: Path) -> list[str]:
    return [p.extract_text() for p in PdfReader(str(path)).pages]


@pytest.mark.parametrize(("fixture", "pages"), [("zh_pdf", ZH_PAGES), ("en_pdf", EN_PAGES)])
def test_every_offset_maps_to_its_source_page(
    request: pytest.FixtureRequest, fixture: str, pages: list[str]
) -> None:
    path: Path = request.getfixturevalue(fixture)
    doc = read_document(path, IntakeLimits())
    assert doc.media_type == "pdf"
    assert doc.page_map.page_count == len(pages)
    for page_no, page_text in enumerate(_per_page_text(path), start=1):
        start = doc.page_map.page_starts[page_no - 1]
        assert doc.text[start : start + len(page_text)] == page_text
        for offset in range(start, start + len(page_text)):
            assert doc.page_map.page_of(offset) == page_no


@pytest.mark.parametrize(
    ("fixture", "quote", "page"),
    [
        ("zh_pdf", "北京瑞丰置业有限公司", 1),
        ("zh_pdf", "人民币捌仟伍佰元整（¥8,500.00）", 2),
        ("zh_pdf", "押金人民币壹万柒仟元整（¥17,000.00）", 3),
        ("zh_pdf", "北京仲裁委员会", 3),
        ("en_pdf", "USD 120,000", 1),
        ("en_pdf", "the laws of the State of New York", 2),
        ("en_pdf", "All notices shall be in writing.", 3),
    ],
)
def test_quotes_extract_exactly_with_their_page(
    request: pytest.FixtureRequest, fixture: str, quote: str, page: int
) -> None:
    doc = read_document(request.getfixturevalue(fixture), IntakeLimits())
    start = doc.text.index(quote)
    assert doc.text.count(quote) == 1
    span = doc.span(start, start + len(quote))
    assert doc.quote(span) == quote
    assert span.page == page
    assert span.pages == (page,)


def test_span_across_a_page_break_lists_both_pages(zh_pdf: Path) -> None:
    doc = read_document(zh_pdf, IntakeLimits())
    second = doc.page_map.page_starts[1]
    span = doc.span(second - 5, second + 5)
    assert span.page == 1
    assert span.pages == (1, 2)


def test_text_file_pages_split_on_form_feed(tmp_path: Path) -> None:
    path = tmp_path / "c.txt"
    path.write_bytes("第一条 甲方\r\n乙方\f第二条 价款".encode())
    doc = read_document(path, IntakeLimits())
    assert doc.text == "第一条 甲方\n乙方\n第二条 价款"
    assert doc.page_map.page_count == 2
    assert doc.span(doc.text.index("第二条"), len(doc.text)).page == 2


def test_gb18030_text_file_is_decoded(tmp_path: Path) -> None:
    path = tmp_path / "gbk.txt"
    path.write_bytes("借款合同 第一条 借款金额为人民币伍万元整。".encode("gb18030"))
    doc = read_document(path, IntakeLimits())
    assert "伍万元整" in doc.text


def test_the_input_file_is_not_modified(zh_pdf: Path) -> None:
    before = zh_pdf.read_bytes(), zh_pdf.stat().st_mtime_ns
    read_document(zh_pdf, IntakeLimits())
    assert (zh_pdf.read_bytes(), zh_pdf.stat().st_mtime_ns) == before
