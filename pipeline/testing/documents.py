"""Build an in-memory one-page ``Document`` for tests that need no file on disk."""

from __future__ import annotations

import hashlib

from pipeline.model import Document, PageMap


def single_page_document(text: str, source_path: str = "contract.txt") -> Document:
    return Document(
        source_path=source_path,
        sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        media_type="text",
        text=text,
        page_map=PageMap(page_starts=(0,), text_length=len(text)),
    )
