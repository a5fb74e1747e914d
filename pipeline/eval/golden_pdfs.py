"""Render every golden-set contract text to ``<id>.pdf`` with a real text layer.

``python -m pipeline.eval.golden_pdfs golden_set/`` (re)writes the PDFs; the renderer is
deterministic (reportlab ``invariant=1``), so an unchanged text gives a byte-identical PDF.
"""

from __future__ import annotations

import sys
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


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0]) if args else Path("golden_set")
    pages = render_golden_pdfs(root)
    long_ones = sorted(cid for cid, n in pages.items() if n >= 3)
    print(f"rendered {len(pages)} PDFs; {len(long_ones)} span 3+ pages: {', '.join(long_ones)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
