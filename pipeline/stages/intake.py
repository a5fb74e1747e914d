"""Intake: read a PDF (pypdf) or a text file into a ``Document`` with a page map.

requires: ``source_path`` (str)
produces: ``document`` (Document)

PDF pages are extracted one by one and joined with a single newline; the page map records
where each page begins, so every character offset maps to a page. Text files are one page
per form feed (``\\f``). The only normalisation is CRLF -> LF in text files, done before the
page map is built, so ``text[start:end]`` is always exactly what the report quotes.

The input file is opened read-only and never modified.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.errors import FileNotDecryptedError, PdfReadError, PdfStreamError

from pipeline.config import IntakeLimits
from pipeline.errors import (
    EmptyInputError,
    EncryptedPdfError,
    InputNotFoundError,
    InputTooLargeError,
    MalformedInputError,
    NoTextLayerError,
    UnsupportedInputError,
)
from pipeline.model import Document, PageMap

PDF_SUFFIXES = {".pdf"}
TEXT_SUFFIXES = {".txt", ".md", ".text", ".markdown"}
PAGE_SEPARATOR = "\n"

log = logging.getLogger(__name__)


def _build_document(path: Path, data: bytes, media: str, pages: list[str]) -> Document:
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
    )


def _check_limit(
    path: Path, described: str, amount: int, limit: int, unit: str, option: str
) -> None:
    """Refuse an input over one of the ``IntakeLimits``; the fix names its ``--max-<option>``."""
    if amount > limit:
        raise InputTooLargeError(
            path,
            f"{described}, over the limit of {limit}",
            f"split the {unit}, or raise the limit with --max-{option}",
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
        _check_limit(path, f"the PDF has {count} pages", count, limits.max_pages, "PDF", "pages")
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


def _has_images(path: Path) -> bool:
    """A page with an image and no text is a scan; a page with neither is just blank."""
    try:
        reader = PdfReader(str(path), strict=False)
        if reader.is_encrypted:
            reader.decrypt("")
        return any(_page_has_image(page) for page in reader.pages)
    except (PdfReadError, PdfStreamError, ValueError, KeyError, TypeError, OSError):
        return True  # unreadable resources: keep the cautious "scanned" answer


def _page_has_image(page: Any) -> bool:
    resources = page.get("/Resources")
    xobjects = resources.get_object().get("/XObject") if resources is not None else None
    if xobjects is None:
        return False
    return any(
        ref.get_object().get("/Subtype") in ("/Image", "/Form")
        for ref in xobjects.get_object().values()
    )


def read_document(path: Path, limits: IntakeLimits) -> Document:
    """Extract ``path`` into a Document, or raise an ``InputError`` that says how to fix it."""
    if not path.is_file():
        raise InputNotFoundError(path, "no such file", "check the path")
    suffix = path.suffix.lower()
    if suffix not in PDF_SUFFIXES | TEXT_SUFFIXES:
        raise UnsupportedInputError(
            path,
            f"files of type {suffix or '(no extension)'!r} are not supported",
            "give a .pdf, .txt or .md file (convert Word files to PDF first)",
        )
    size = path.stat().st_size
    if size == 0:
        raise EmptyInputError(path, "the file is empty (0 bytes)", "give the contract file itself")
    _check_limit(path, f"the file is {size} bytes", size, limits.max_bytes, "file", "bytes")
    data = path.read_bytes()
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

    visible = sum(len("".join(p.split())) for p in pages)
    if visible == 0 and media == "text":
        raise EmptyInputError(path, "the file holds no text", "give the contract file itself")
    if visible == 0 and media == "pdf" and not _has_images(path):
        raise EmptyInputError(
            path, "the PDF has no text and no images (blank pages)", "give the contract file itself"
        )
    if media == "pdf" and visible < limits.min_chars_per_page * len(pages):
        raise NoTextLayerError(
            path,
            f"the PDF has almost no text layer ({visible} characters on {len(pages)} page(s)); "
            "it looks scanned",
            "run OCR first (for example: ocrmypdf --language chi_sim+eng in.pdf out.pdf)",
        )
    total = sum(len(p) for p in pages)
    described = f"the extracted text has {total} characters"
    _check_limit(path, described, total, limits.max_chars, "contract", "chars")
    return _build_document(path, data, media, pages)


class Intake:
    name = "intake"
    requires: tuple[str, ...] = ("source_path",)
    produces: dict[str, Any] = {"document": Document}
    deterministic = True

    def __init__(self, limits: IntakeLimits | None = None) -> None:
        self.limits = limits or IntakeLimits()

    def run(self, *, source_path: str) -> dict[str, Any]:
        document = read_document(Path(source_path), self.limits)
        log.info("intake: %s, %d pages", source_path, document.page_map.page_count)
        return {"document": document}
