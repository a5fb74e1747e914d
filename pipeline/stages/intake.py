"""Intake: read a PDF (pypdf), a Word .docx (python-docx) or a text file into a ``Document``.

requires: ``source_path`` (str)
produces: ``document`` (Document)

PDF pages are extracted one by one and joined with a single newline; the page map records
where each page begins, so every character offset maps to a page. Text files are one page
per form feed (``\\f``). The only normalisation is CRLF -> LF in text files, done before the
page map is built, so ``text[start:end]`` is always exactly what the report quotes.

A scanned PDF page (no text layer, an image) is read by OCR as ``OcrSettings.mode`` says
(:mod:`pipeline.stages.intake_support.ocr`: auto reads only such pages, force every page,
never refuses an all-scanned PDF with exit 15). An OCR'd page's text takes its place in the
page list, so the page map puts it on its own page number; ``Document.ocr`` records which
pages OCR read and how sure it was.

A .docx has no pages: its paragraphs, numbering, tables and tracked changes are read as
:mod:`pipeline.stages.intake_support.docx_reader` describes (headers and footers are kept
apart from the text), and a paragraph map sends every offset to its paragraph (¶), its table
cell and the clause it lies in, so its spans carry an anchor ("第2.2条 ¶9") instead of a page.
An old binary Word file (.doc) is refused with the way to convert it.

The input file is opened read-only and never modified. The limits apply to every kind: the
file's size (for a .docx also the XML it unpacks to), the PDF's pages, the text's characters.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.errors import FileNotDecryptedError, PdfReadError, PdfStreamError

from pipeline.config import IntakeLimits, OcrSettings
from pipeline.entities.clause_names import clause_name
from pipeline.entities.clauses import heading_paths
from pipeline.errors import (
    EmptyInputError,
    EncryptedPdfError,
    InputNotFoundError,
    InputTooLargeError,
    MalformedInputError,
    NoTextLayerError,
    UnsupportedInputError,
)
from pipeline.model import Document, OcrInfo, PageMap, ParagraphMap
from pipeline.stages.intake_support.docx_reader import read_docx
from pipeline.stages.intake_support.limits import check_limit
from pipeline.stages.intake_support.ocr import ocr_pdf_pages, pdf_has_images, visible_chars

PDF_SUFFIXES = {".pdf"}
DOCX_SUFFIXES = {".docx"}
TEXT_SUFFIXES = {".txt", ".md", ".text", ".markdown"}
WORD_BINARY_SUFFIXES = {".doc"}  # Word 97-2003: refused, with the way to convert it
SUPPORTED_SUFFIXES = PDF_SUFFIXES | DOCX_SUFFIXES | TEXT_SUFFIXES
_ZIP_MAGIC = b"PK\x03\x04"

PAGE_SEPARATOR = "\n"

log = logging.getLogger(__name__)


def _build_document(
    path: Path, data: bytes, media: str, pages: list[str], ocr: OcrInfo | None = None
) -> Document:
    starts: list[int] = []
    offset = 0
    for i, page in enumerate(pages):
        starts.append(offset)
        offset += len(page) + (len(PAGE_SEPARATOR) if i < len(pages) - 1 else 0)
    text = PAGE_SEPARATOR.join(pages)
    return Document(
        source_path=str(path),
        sha256=hashlib.sha256(data).hexdigest(),
        media_type="pdf" if media == "pdf" else "text",
        text=text,
        page_map=PageMap(page_starts=tuple(starts), text_length=len(text)),
        ocr=ocr,
    )


def _decode_text(path: Path, data: bytes) -> str:
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise MalformedInputError(
        path,
        "the text file is neither UTF-8 nor GB18030",
        "re-save it as UTF-8 (for example: iconv -f <encoding> -t UTF-8)",
    )


def _read_pdf_pages(path: Path, limits: IntakeLimits) -> list[str]:
    try:
        reader = PdfReader(str(path), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            raise EncryptedPdfError(
                path,
                "the PDF is encrypted and the empty password does not open it",
                "remove the password (for example: qpdf --decrypt --password=PW in.pdf out.pdf) "
                "and review the decrypted copy",
            )
        count = len(reader.pages)
        if count == 0:
            raise EmptyInputError(path, "the PDF has no pages", "give the contract file itself")
        check_limit(path, f"the PDF has {count} pages", count, limits.max_pages, "PDF", "pages")
        return [page.extract_text() or "" for page in reader.pages]
    except (EncryptedPdfError, InputTooLargeError, EmptyInputError):
        raise
    except FileNotDecryptedError as exc:
        raise EncryptedPdfError(
            path, f"the PDF cannot be decrypted ({exc})", "remove the password and try again"
        ) from exc
    except (PdfReadError, PdfStreamError, ValueError, KeyError, TypeError, OSError) as exc:
        raise MalformedInputError(
            path,
            f"the PDF is truncated or malformed ({type(exc).__name__}: {exc})",
            "re-export or re-download the PDF; check that it opens in a PDF viewer",
        ) from exc


def _refuse_binary_word(path: Path) -> None:
    with path.open("rb") as handle:
        is_docx = handle.read(4) == _ZIP_MAGIC
    if is_docx:
        raise UnsupportedInputError(
            path,
            "the file is named .doc but is a Word .docx package",
            f"rename it to {path.stem}.docx and review that",
        )
    raise UnsupportedInputError(
        path,
        "it is an old binary Word document (.doc, Word 97-2003), which cannot be read",
        "open it in Word or LibreOffice and save it as .docx (for example: "
        f"libreoffice --headless --convert-to docx {path.name}), or export it to PDF",
    )


def _docx_document(path: Path, data: bytes, limits: IntakeLimits) -> Document:
    docx = read_docx(path, data, limits)
    if not "".join(docx.text.split()) and docx.alt_chunks:
        raise EmptyInputError(
            path,
            f"the .docx body is {docx.alt_chunks} embedded HTML/RTF chunk(s) (w:altChunk) that "
            "only Word converts, and no text of its own",
            "open it in Word and save it again as .docx (Word then stores the text itself)",
        )
    if not "".join(docx.text.split()):
        apart = " (its headers and footers are not reviewed)" if docx.headers_footers else ""
        raise EmptyInputError(
            path,
            f"the .docx holds no text in its body{apart}",
            "give the contract file itself; a scan pasted into Word needs OCR first",
        )
    total = len(docx.text)
    described = f"the extracted text has {total} characters"
    check_limit(path, described, total, limits.max_chars, "contract", "chars")
    headings = heading_paths(docx.text)  # a DOCX's text is its own view: no wraps to join
    return Document(
        source_path=str(path),
        sha256=hashlib.sha256(data).hexdigest(),
        media_type="docx",
        text=docx.text,
        paragraph_map=ParagraphMap(
            block_starts=docx.block_starts,
            paragraphs=docx.paragraphs,
            cells=docx.cells,
            clause_starts=tuple(h.start for h in headings),
            clause_labels=tuple(clause_name(h.labels, h.numbers) for h in headings),
            paragraph_count=docx.paragraph_count,
            text_length=total,
        ),
        line_breaks="paragraph",
        tracked_changes=docx.tracked_changes,
        headers_footers=docx.headers_footers,
    )


def _ocr_scans(
    path: Path, pages: list[str], limits: IntakeLimits, ocr: OcrSettings
) -> tuple[list[str], OcrInfo | None]:
    """The PDF's pages with their scans read by OCR; refuses a scanned PDF when OCR is off,
    and one OCR read almost nothing from."""
    visible = sum(visible_chars(p) for p in pages)
    if ocr.mode == "never" and visible < limits.min_chars_per_page * len(pages):
        raise NoTextLayerError(
            path,
            f"the PDF has almost no text layer ({visible} characters on {len(pages)} page(s)); "
            "it looks scanned, and OCR is off (--ocr never)",
            "review it with --ocr auto (the default), which reads the scanned pages with "
            "tesseract (install it once with: make ocr)",
        )
    pages, info = ocr_pdf_pages(path, pages, ocr, limits.min_chars_per_page)
    visible = sum(visible_chars(p) for p in pages)
    if info is not None and visible < limits.min_chars_per_page * len(pages):
        raise NoTextLayerError(
            path,
            f"the PDF has no text layer and OCR read almost no text from it ({visible} "
            f"characters on {len(pages)} page(s))",
            "check that the scan is legible and upright (300 dpi or more), or give a PDF with "
            "a text layer",
        )
    return pages, info


def read_document(path: Path, limits: IntakeLimits, ocr: OcrSettings | None = None) -> Document:
    """Extract ``path`` into a Document, or raise an ``InputError`` that says how to fix it.
    ``ocr``: how scanned PDF pages are read (default: auto, only the pages without text)."""
    if not path.is_file():
        raise InputNotFoundError(path, "no such file", "check the path")
    suffix = path.suffix.lower()
    if suffix in WORD_BINARY_SUFFIXES:
        _refuse_binary_word(path)
    if suffix not in SUPPORTED_SUFFIXES:
        raise UnsupportedInputError(
            path,
            f"files of type {suffix or '(no extension)'!r} are not supported",
            "give a .pdf, .docx, .txt or .md file (save other Word formats as .docx)",
        )
    size = path.stat().st_size
    if size == 0:
        raise EmptyInputError(path, "the file is empty (0 bytes)", "give the contract file itself")
    check_limit(path, f"the file is {size} bytes", size, limits.max_bytes, "file", "bytes")
    data = path.read_bytes()
    if suffix in DOCX_SUFFIXES:
        return _docx_document(path, data, limits)
    if suffix in PDF_SUFFIXES:
        if not data.lstrip()[:5].startswith(b"%PDF-"):
            raise MalformedInputError(
                path, "the file has a .pdf name but is not a PDF", "check that it is a real PDF"
            )
        pages = _read_pdf_pages(path, limits)
        media = "pdf"
    else:
        pages = _decode_text(path, data).replace("\r\n", "\n").split("\f")
        media = "text"

    visible = sum(visible_chars(p) for p in pages)
    if visible == 0 and media == "text":
        raise EmptyInputError(path, "the file holds no text", "give the contract file itself")
    if visible == 0 and media == "pdf" and not pdf_has_images(path):
        raise EmptyInputError(
            path, "the PDF has no text and no images (blank pages)", "give the contract file itself"
        )
    ocr_info = None
    if media == "pdf":
        pages, ocr_info = _ocr_scans(path, pages, limits, ocr or OcrSettings())
    total = sum(len(p) for p in pages)
    described = f"the extracted text has {total} characters"
    check_limit(path, described, total, limits.max_chars, "contract", "chars")
    return _build_document(path, data, media, pages, ocr_info)


class Intake:
    name = "intake"
    requires: tuple[str, ...] = ("source_path",)
    produces: dict[str, Any] = {"document": Document}
    deterministic = True

    def __init__(self, limits: IntakeLimits | None = None, ocr: OcrSettings | None = None) -> None:
        self.limits = limits or IntakeLimits()
        self.ocr = ocr or OcrSettings()

    def run(self, *, source_path: str) -> dict[str, Any]:
        document = read_document(Path(source_path), self.limits, self.ocr)
        layout = document.paragraph_map
        if layout is not None:
            log.info("intake: %s, %d paragraphs", source_path, layout.paragraph_count)
        else:
            log.info("intake: %s, %d pages", source_path, document.pages)
        if document.ocr is not None and document.ocr.pages:
            log.info("intake: OCR read pages %s", document.ocr.page_numbers)
        return {"document": document}
