"""Build a Document from text, as Intake would for a .txt file."""

from __future__ import annotations

import hashlib

from pipeline.model import Document, PageMap


def make_document(text: str, name: str = "contract.txt") -> Document:
    pages = text.split("\f")
    starts, offset = [], 0
    for page in pages:
        starts.append(offset)
        offset += len(page) + 1
    joined = "\n".join(pages)
    return Document(
        source_path=name,
        sha256=hashlib.sha256(text.encode()).hexdigest(),
        media_type="text",
        text=joined,
        page_map=PageMap(page_starts=tuple(starts), text_length=len(joined)),
    )
