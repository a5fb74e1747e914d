"""Which pages OCR reads, a page's confidence from tesseract's word table, and the decision
that sends a page to human review (with its reason and the page's span)."""

from __future__ import annotations

import pytest

from pipeline.model import Document, OcrInfo, OcrPage, PageMap
from pipeline.stages.intake_support.ocr import (
    REASON_LOW_CONFIDENCE,
    REASON_NO_TEXT,
    REASON_UNREAD,
    install_fix,
    ocr_review_items,
    page_concern,
    page_confidence,
    pages_to_read,
)

HEADER = (
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"
)


def _tsv(*rows: tuple[int, float, str]) -> str:
    lines = [HEADER]
    for level, conf, text in rows:
        lines.append(f"{level}\t1\t1\t1\t1\t1\t0\t0\t10\t10\t{conf}\t{text}")
    return "\n".join(lines) + "\n"


def test_confidence_is_the_mean_over_words_only() -> None:
    table = _tsv(
        (1, -1, ""),  # page, block, paragraph and line rows carry -1 and no text
        (2, -1, ""),
        (4, -1, ""),
        (5, 96.5, "合同"),
        (5, 90.0, "总价款"),
        (5, 30.5, "¥1,250,000.00"),
        (5, 95.0, " "),  # an empty word says nothing about the page
        (5, -1, "x"),
    )
    assert page_confidence(table) == (round((96.5 + 90.0 + 30.5) / 3, 1), 3)


def test_a_page_without_words_has_no_confidence() -> None:
    assert page_confidence(_tsv((1, -1, ""), (2, -1, ""))) == (None, 0)
    assert page_confidence(HEADER + "\n") == (None, 0)


@pytest.mark.parametrize(
    ("confidence", "words", "note", "reason"),
    [
        (91.7, 464, "", None),
        (80.0, 300, "", None),  # at the threshold: fine
        (79.9, 300, "", REASON_LOW_CONFIDENCE),
        (36.1, 216, "", REASON_LOW_CONFIDENCE),
        (None, 0, "", REASON_NO_TEXT),
        (None, 0, "tesseract timed out after 300 s", REASON_NO_TEXT),
    ],
)
def test_confidence_decides_human_review(
    confidence: float | None, words: int, note: str, reason: str | None
) -> None:
    page = OcrPage(page=2, confidence=confidence, words=words, note=note)
    concern = page_concern(page, min_confidence=80.0)
    if reason is None:
        assert concern is None
        return
    assert concern is not None
    assert concern[0] == reason
    assert concern[1].startswith("page 2")
    if reason == REASON_LOW_CONFIDENCE:
        assert f"{confidence:.1f} is below 80" in concern[1]
    if note:
        assert note in concern[1]


def _document(ocr: OcrInfo) -> Document:
    pages = ["第一页文字", "第二页扫描", "第三页扫描内容"]
    text = "\n".join(pages)
    starts = (0, len(pages[0]) + 1, len(pages[0]) + len(pages[1]) + 2)
    return Document(
        source_path="scan.pdf",
        sha256="0" * 64,
        media_type="pdf",
        text=text,
        page_map=PageMap(page_starts=starts, text_length=len(text)),
        ocr=ocr,
    )


def test_review_items_name_the_page_and_span_it() -> None:
    info = OcrInfo(
        mode="auto",
        engine="tesseract 5.3.0",
        languages="chi_sim+eng",
        dpi=300,
        min_confidence=80.0,
        pages=(
            OcrPage(page=2, confidence=91.0, words=5),
            OcrPage(page=3, confidence=55.2, words=7),
        ),
    )
    document = _document(info)
    items = ocr_review_items(document)
    assert [(i.reason, i.span.page if i.span else None) for i in items] == [
        (REASON_LOW_CONFIDENCE, 3)
    ]
    span = items[0].span
    assert span is not None and document.text[span.start : span.end] == "第三页扫描内容"


def test_unread_pages_go_to_human_review() -> None:
    info = OcrInfo(
        mode="never",
        engine=None,
        languages="chi_sim+eng",
        dpi=300,
        min_confidence=80.0,
        unread_pages=(2,),
    )
    document = _document(info)
    items = ocr_review_items(document)
    assert [(i.reason, i.span.page if i.span else None) for i in items] == [(REASON_UNREAD, 2)]
    span = items[0].span
    assert span is not None and document.text[span.start : span.end] == "第二页扫描"
    assert "--ocr auto" in items[0].detail


def test_no_ocr_no_items() -> None:
    document = _document(
        OcrInfo(mode="auto", engine=None, languages="eng", dpi=300, min_confidence=80.0)
    )
    assert ocr_review_items(document) == ()
    assert ocr_review_items(document.model_copy(update={"ocr": None})) == ()


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        ("auto", [1, 3]),  # no text layer and an image: a scan
        ("force", [0, 1, 3, 4]),  # every page with something to read; page 3 is blank
        ("never", []),
    ],
)
def test_which_pages_ocr_reads(mode: str, expected: list[int]) -> None:
    visible = [600, 0, 0, 3, 580]  # page 4 has 3 characters (a page number) over its scan
    images = {1, 3, 4}  # page 5 holds a logo beside its text
    assert pages_to_read(mode, visible, 5.0, lambda i: i in images) == expected


def test_the_fix_names_the_make_target_and_the_packages() -> None:
    fix = install_fix("chi_sim+eng")
    assert "make ocr" in fix
    assert "apt-get install tesseract-ocr tesseract-ocr-chi-sim tesseract-ocr-eng" in fix
