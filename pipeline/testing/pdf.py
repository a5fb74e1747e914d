"""Render plain text to a PDF with a real text layer (reportlab), for fixtures and samples.

Chinese uses the CID font STSong-Light, which needs no font file. Lines are wrapped by width;
a form feed (``\\f``) forces a new page. pypdf extracts each rendered line as one line.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen.canvas import Canvas

CJK_FONT = "STSong-Light"
FONT_SIZE = 11
LEADING = 16
MARGIN = 56


def _ensure_font() -> None:
    if CJK_FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(UnicodeCIDFont(CJK_FONT))


def wrap_line(line: str, width: float) -> list[str]:
    """Split ``line`` so each piece fits ``width`` points; prefer breaking at spaces."""
    pieces: list[str] = []
    current = ""
    for char in line:
        trial = current + char
        if pdfmetrics.stringWidth(trial, CJK_FONT, FONT_SIZE) <= width:
            current = trial
            continue
        cut = current.rfind(" ")
        if cut > 0 and char != " ":
            pieces.append(current[:cut])
            current = current[cut + 1 :] + char
        else:
            pieces.append(current)
            current = char.lstrip(" ")
    pieces.append(current)
    return pieces


def _layout(text: str, usable: float, top: float) -> list[list[tuple[float, str]]]:
    """The lines of each page with their baselines; a form feed starts a new page."""
    pages: list[list[tuple[float, str]]] = [[]]
    y = top
    for block in text.split("\f"):
        if y != top:
            pages.append([])
            y = top
        for raw in block.split("\n"):
            for line in wrap_line(raw, usable) if raw else [""]:
                if y < MARGIN:
                    pages.append([])
                    y = top
                if line:
                    pages[-1].append((y, line))
                y -= LEADING
    return pages


def render_text_pdf(
    text: str,
    path: Path,
    title: str = "contract",
    header: str | None = None,
    footer: str | None = None,
) -> int:
    """Write ``text`` to ``path`` as a PDF; return the number of pages. ``header`` and
    ``footer`` repeat on every page in the margins, with ``{page}`` and ``{pages}`` filled in
    ("第{page}页 共{pages}页")."""
    _ensure_font()
    canvas = Canvas(str(path), pagesize=A4, invariant=1)
    canvas.setTitle(title)
    width, height = A4
    pages = _layout(text, width - 2 * MARGIN, height - MARGIN)
    for number, lines in enumerate(pages, start=1):
        if number > 1:
            canvas.showPage()
        canvas.setFont(CJK_FONT, FONT_SIZE)
        if header is not None:
            canvas.drawString(
                MARGIN, height - MARGIN / 2, header.format(page=number, pages=len(pages))
            )
        for y, line in lines:
            canvas.drawString(MARGIN, y, line)
        if footer is not None:
            canvas.drawString(MARGIN, MARGIN / 2, footer.format(page=number, pages=len(pages)))
    canvas.save()
    return len(pages)
