"""Render every golden-set contract text to ``<id>.pdf`` with a real text layer.

``contract-review dev golden-pdfs golden_set/`` (re)writes the PDFs; the renderer is
deterministic (reportlab ``invariant=1``), so an unchanged text gives a byte-identical PDF.
"""

from __future__ import annotations

from pathlib import Path

from pipeline.eval.golden_labels import load_golden_set
from pipeline.testing.pdf import render_text_pdf


def render_golden_pdfs(root: Path) -> dict[str, int]:
    """Render each contract; return id -> page count."""
    pages: dict[str, int] = {}
    for contract in load_golden_set(root):
        text = contract.text_path.read_text(encoding="utf-8")
        pages[contract.id] = render_text_pdf(text, contract.pdf_path, title=contract.id)
    return pages
