"""Load a statute file into text, with page offsets for PDFs.

Markdown and TXT are read as UTF-8. PDFs are read page by page with pypdf; the pages are joined
with a newline and each page's [start, end) offsets are kept so a chunk maps to its page.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader
from pypdf.errors import PdfReadError

from kb.values import (
    EmptyInputError,
    EncryptedPdfError,
    InputNotFoundError,
    MalformedInputError,
    NoTextLayerError,
    UnsupportedInputError,
)

TEXT_SUFFIXES = (".md", ".markdown", ".txt")
SUFFIXES = (*TEXT_SUFFIXES, ".pdf")


@dataclass(frozen=True)
class LoadedSource:
    path: Path
    text: str
    file_hash: str  # sha256 of the file's bytes
    pages: tuple[tuple[int, int], ...] = ()  # [start, end) of page i+1 in ``text``; empty for text

    def page_at(self, offset: int) -> int | None:
        for number, (start, end) in enumerate(self.pages, start=1):
            if start <= offset < end:
                return number
        return len(self.pages) if self.pages else None


def load_source(path: Path) -> LoadedSource:
    if not path.is_file():
        raise InputNotFoundError(path, "no such statute file", "check the path")
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise UnsupportedInputError(
            path, f"unsupported statute file type {suffix!r}", f"use one of {', '.join(SUFFIXES)}"
        )
    data = path.read_bytes()
    if not data:
        raise EmptyInputError(path, "the file is empty", "ingest a file with statute text")
    file_hash = hashlib.sha256(data).hexdigest()
    if suffix == ".pdf":
        return _load_pdf(path, file_hash)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MalformedInputError(
            path, f"not UTF-8 text ({exc.reason})", "re-save it as UTF-8"
        ) from exc
    return LoadedSource(path, text, file_hash)


def _load_pdf(path: Path, file_hash: str) -> LoadedSource:
    try:
        reader = PdfReader(str(path))
    except (PdfReadError, OSError, ValueError) as exc:
        raise MalformedInputError(path, f"not a readable PDF ({exc})", "re-export the PDF") from exc
    if reader.is_encrypted:
        raise EncryptedPdfError(path, "the PDF is encrypted", "save an unencrypted copy")
    parts: list[str] = []
    pages: list[tuple[int, int]] = []
    offset = 0
    for page in reader.pages:
        text = (page.extract_text() or "") + "\n"
        parts.append(text)
        pages.append((offset, offset + len(text)))
        offset += len(text)
    full = "".join(parts)
    if not full.strip():
        raise NoTextLayerError(path, "the PDF has no text layer", "OCR it first")
    return LoadedSource(path, full, file_hash, tuple(pages))
