"""OCR of scanned PDF pages: pypdfium2 renders a page, tesseract (through pytesseract) reads it.

Which pages (``OcrSettings.mode``): ``auto`` reads each page whose text layer has fewer than
``IntakeLimits.min_chars_per_page`` visible characters and that holds an image; ``force``
reads every page with text or an image; ``never`` reads none, and lists the scanned pages of
an otherwise text PDF as unread (Intake refuses a PDF that is all scan). A page with neither
text nor an image is blank and stays as it is.

A page is rendered in grey at ``dpi`` (smaller if it would pass ``MAX_PIXELS``) and read once
by tesseract in ``languages`` (chi_sim+eng: a page may mix both), which writes the page's text
and its word table in the same run. The text loses the spaces OCR puts inside Chinese
(:mod:`.cjk_spacing`); the page's confidence is the mean of its words' confidences (0-100).
A page under ``min_confidence``, a page OCR read no word from and an unread page become
human-review items with their reason (:func:`ocr_review_items`), never passed silently.

Tesseract runs on one thread (``OMP_THREAD_LIMIT=1`` for its process only). Its OpenMP
threads spin when the cores are busy: on 2 shared cores one page took 3.4-3.8 s on one thread
and 35-59 s on two beside other work (2026-12-02), and about the same on either when quiet.

Nothing leaves the machine: tesseract is a local program. pytesseract hands it the page image
and reads its outputs through temporary files; they go to a private folder (0700), removed
when the pages are read. The PDF is only read.
"""

from __future__ import annotations

import csv
import io
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.config import OcrSettings
from pipeline.errors import MalformedInputError, OcrUnavailableError
from pipeline.model import Document, HumanReviewItem, OcrInfo, OcrPage, Span
from pipeline.stages.intake_support.cjk_spacing import join_cjk_spacing

MAX_PIXELS = 40_000_000  # about A3 at 300 dpi; a larger page is rendered at a lower dpi
WORD_LEVEL = "5"  # tesseract's TSV: 1 page, 2 block, 3 paragraph, 4 line, 5 word
THREAD_LIMIT_VAR = "OMP_THREAD_LIMIT"  # read by tesseract's OpenMP runtime when it starts
REASON_LOW_CONFIDENCE = "ocr_low_confidence"
REASON_NO_TEXT = "ocr_no_text"
REASON_UNREAD = "page_not_read"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PageRead:
    """What tesseract read on one page."""

    text: str
    confidence: float | None  # mean word confidence, 0-100; None when no word was read
    words: int
    note: str = ""


def visible_chars(text: str) -> int:
    return len("".join(text.split()))


def install_fix(languages: str) -> str:
    """How to install tesseract with the data for ``languages`` (chi_sim+eng)."""
    packages = ["tesseract-ocr"]
    packages += [f"tesseract-ocr-{lang.replace('_', '-')}" for lang in languages.split("+")]
    return (
        "install tesseract with its language data: make ocr "
        f"(or: apt-get install {' '.join(packages)})"
    )


def scanned_pages(
    visible: Sequence[int], min_chars: float, has_image: Callable[[int], bool]
) -> list[int]:
    """0-based indexes of the pages without a text layer that hold an image: scans."""
    return [i for i, n in enumerate(visible) if n < min_chars and has_image(i)]


def pages_to_read(
    mode: str, visible: Sequence[int], min_chars: float, has_image: Callable[[int], bool]
) -> list[int]:
    """0-based indexes of the pages OCR reads in ``mode`` (auto, force or never)."""
    if mode == "force":
        return [i for i, n in enumerate(visible) if n > 0 or has_image(i)]
    if mode == "auto":
        return scanned_pages(visible, min_chars, has_image)
    return []


def page_confidence(table: str) -> tuple[float | None, int]:
    """The mean confidence (0-100) of the words in tesseract's TSV word table, and their count.
    Rows that are not words (blocks, lines) and empty words carry no confidence."""
    rows = csv.DictReader(io.StringIO(table), delimiter="\t", quoting=csv.QUOTE_NONE)
    confidences = [
        float(row["conf"])
        for row in rows
        if row.get("level") == WORD_LEVEL
        and (row.get("text") or "").strip()
        and float(row["conf"]) >= 0
    ]
    if not confidences:
        return None, 0
    return round(sum(confidences) / len(confidences), 1), len(confidences)


def page_concern(page: OcrPage, min_confidence: float) -> tuple[str, str] | None:
    """Why an OCR'd page needs a human (reason, detail), or None when it read well enough."""
    if page.confidence is None or page.words == 0:
        why = page.note or "tesseract read no word on it"
        return (
            REASON_NO_TEXT,
            f"page {page.page} is a scan and OCR read no text from it ({why}): check whether "
            "it is blank; anything on it was not reviewed",
        )
    if page.confidence < min_confidence:
        return (
            REASON_LOW_CONFIDENCE,
            f"page {page.page}: mean OCR word confidence {page.confidence:.1f} is below "
            f"{min_confidence:g} ({page.words} words): check this page's text against the scan; "
            "figures and names on it may be misread, and a finding may be missing",
        )
    return None


def _page_span(document: Document, page: int) -> Span:
    assert document.page_map is not None  # OCR is for PDFs, which have pages
    starts = document.page_map.page_starts
    start = starts[page - 1]
    end = starts[page] - 1 if page < len(starts) else len(document.text)  # less the separator
    return document.span(start, max(start, end))


def ocr_review_items(document: Document) -> tuple[HumanReviewItem, ...]:
    """The human-review items of a document's OCR: each page read below the confidence
    threshold or with no word, and each scanned page left unread (``--ocr never``)."""
    info = document.ocr
    if info is None or document.page_map is None:
        return ()
    items: list[HumanReviewItem] = []
    for page in info.pages:
        concern = page_concern(page, info.min_confidence)
        if concern is not None:
            reason, detail = concern
            span = _page_span(document, page.page)
            items.append(HumanReviewItem(reason=reason, detail=detail, span=span))
    for number in info.unread_pages:
        detail = (
            f"page {number} has no text layer (a scanned page?) and OCR was off (--ocr never): "
            "it was not reviewed; review with --ocr auto to read it"
        )
        span = _page_span(document, number)
        items.append(HumanReviewItem(reason=REASON_UNREAD, detail=detail, span=span))
    return tuple(items)


@contextmanager
def _tesseract_session() -> Iterator[None]:
    """While pages are read: pytesseract's temporary files (the page image, tesseract's
    outputs) go to a folder only this user can read, removed afterwards, since they hold
    contract text; and the tesseract processes it starts (with this environment) run on one
    thread. Both are restored after."""
    folder = tempfile.mkdtemp(prefix="contract-review-ocr-")  # mode 0700
    previous_dir = tempfile.tempdir
    previous_limit = os.environ.get(THREAD_LIMIT_VAR)
    tempfile.tempdir = folder
    os.environ[THREAD_LIMIT_VAR] = "1"
    try:
        yield
    finally:
        tempfile.tempdir = previous_dir
        if previous_limit is None:
            os.environ.pop(THREAD_LIMIT_VAR, None)
        else:
            os.environ[THREAD_LIMIT_VAR] = previous_limit
        shutil.rmtree(folder, ignore_errors=True)


def check_tesseract(path: Path, settings: OcrSettings, needed: int) -> str:
    """The engine's name and version, or OcrUnavailableError naming the fix when tesseract or
    one of ``settings.languages`` is missing. ``needed``: how many pages wait for OCR."""
    import pytesseract

    pytesseract.pytesseract.tesseract_cmd = settings.tesseract_cmd
    fix = install_fix(settings.languages)
    wanting = f"{needed} page(s) have no text layer and need OCR"
    try:
        available = set(pytesseract.get_languages())
        version = pytesseract.get_tesseract_version()
    except (pytesseract.TesseractNotFoundError, SystemExit):
        problem = (
            f"{wanting}, but tesseract ({settings.tesseract_cmd}) is not installed or not on PATH"
        )
        raise OcrUnavailableError(path, problem, fix) from None
    missing = [lang for lang in settings.languages.split("+") if lang not in available]
    if missing:
        problem = f"{wanting}, but tesseract has no language data for {'+'.join(missing)}"
        raise OcrUnavailableError(path, problem, fix)
    return f"tesseract {version}"


def read_page(image: Any, settings: OcrSettings) -> PageRead:
    """Run tesseract once on ``image``: its text (CJK spacing joined) and word confidences.
    Raises pytesseract's TesseractError when tesseract fails."""
    import pytesseract

    try:
        text, table = pytesseract.run_and_get_multiple_output(
            image,
            extensions=["txt", "tsv"],
            lang=settings.languages,
            timeout=settings.page_timeout_s,
        )
    except pytesseract.TesseractError:
        raise
    except RuntimeError as exc:  # pytesseract's "Tesseract process timeout"
        if "timeout" not in str(exc):
            raise
        return PageRead("", None, 0, f"tesseract timed out after {settings.page_timeout_s:g} s")
    confidence, words = page_confidence(table)
    return PageRead(join_cjk_spacing(text).strip(), confidence, words)


def _open_pdf(path: Path) -> Any:
    import pypdfium2 as pdfium

    try:
        return pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        raise MalformedInputError(
            path,
            f"the PDF's pages cannot be rendered for OCR ({exc})",
            "re-export or re-download the PDF; check that it opens in a PDF viewer",
        ) from exc


def _has_image(pdf: Any, index: int) -> bool:
    """An image on the page, inline or in a form XObject: pdfium walks them all."""
    import pypdfium2.raw as pdfium_c

    objects = pdf[index].get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE])
    return next(objects, None) is not None


def pdf_has_images(path: Path) -> bool:
    """A PDF without text but with an image is a scan; one with neither is blank. A PDF pdfium
    cannot open keeps the cautious "scanned" answer (OCR then says what is wrong)."""
    try:
        pdf = _open_pdf(path)
    except MalformedInputError:
        return True
    try:
        return any(_has_image(pdf, i) for i in range(len(pdf)))
    finally:
        pdf.close()


def render_page(pdf: Any, index: int, dpi: int) -> Any:
    """Page ``index`` (0-based) as a grey PIL image at ``dpi``, at most ``MAX_PIXELS``."""
    page = pdf[index]
    width, height = page.get_size()  # points, 1/72 inch
    scale = dpi / 72
    pixels = width * height * scale * scale
    if pixels > MAX_PIXELS:
        scale *= (MAX_PIXELS / pixels) ** 0.5
    return page.render(scale=scale, grayscale=True).to_pil()


def ocr_pdf_pages(
    path: Path, texts: list[str], settings: OcrSettings, min_chars: float
) -> tuple[list[str], OcrInfo | None]:
    """The PDF's page texts with the scanned pages read by OCR (as ``settings.mode`` says),
    and what OCR did; ``texts`` are the text layer's, page by page."""
    visible = [visible_chars(t) for t in texts]
    if settings.mode != "force" and all(n >= min_chars for n in visible):
        return texts, None  # every page has its text layer: nothing to render
    pdf = _open_pdf(path)
    try:
        if len(pdf) != len(texts):
            raise MalformedInputError(
                path,
                f"the PDF's page count is unclear ({len(texts)} or {len(pdf)} pages)",
                "re-export or re-download the PDF; check that it opens in a PDF viewer",
            )
        info = OcrInfo(
            mode=settings.mode,
            engine=None,
            languages=settings.languages,
            dpi=settings.dpi,
            min_confidence=settings.min_confidence,
        )
        if settings.mode == "never":
            unread = scanned_pages(visible, min_chars, lambda i: _has_image(pdf, i))
            unread_info = info.model_copy(update={"unread_pages": tuple(i + 1 for i in unread)})
            return texts, unread_info if unread else None
        targets = pages_to_read(settings.mode, visible, min_chars, lambda i: _has_image(pdf, i))
        if not targets:
            return texts, None
        engine = check_tesseract(path, settings, len(targets))
        out = list(texts)
        pages: list[OcrPage] = []
        with _tesseract_session():
            for index in targets:
                out[index], page = _read_one(path, pdf, index, settings)
                pages.append(page)
        return out, info.model_copy(update={"engine": engine, "pages": tuple(pages)})
    finally:
        pdf.close()


def _read_one(path: Path, pdf: Any, index: int, settings: OcrSettings) -> tuple[str, OcrPage]:
    import pytesseract

    started = time.perf_counter()
    image = render_page(pdf, index, settings.dpi)
    try:
        read = read_page(image, settings)
    except pytesseract.TesseractError as exc:
        raise OcrUnavailableError(
            path,
            f"tesseract failed on page {index + 1} ({exc.message or exc.status})",
            f"check the tesseract installation; {install_fix(settings.languages)}",
        ) from exc
    log.info(
        "ocr: page %d, %d words, mean confidence %s, %.1f s",
        index + 1,
        read.words,
        read.confidence,
        time.perf_counter() - started,
    )
    page = OcrPage(page=index + 1, confidence=read.confidence, words=read.words, note=read.note)
    return read.text, page
