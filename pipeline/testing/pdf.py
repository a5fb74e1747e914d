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


def render_text_pdf(text: str, path: Path, title: str = "contract") -> int:
    """Write ``text`` to ``path`` as a PDF; return the number of pages."""
    _ensure_font()
    canvas = Canvas(str(path), pagesize=A4, invariant=1)
    canvas.setTitle(title)
    width, height = A4
    usable = width - 2 * MARGIN
    pages = 1
    y = height - MARGIN
    canvas.setFont(CJK_FONT, FONT_SIZE)
    for block in text.split("\f"):
        if y != height - MARGIN:
            canvas.showPage()
            canvas.setFont(CJK_FONT, FONT_SIZE)
            pages += 1
            y = height - MARGIN
        for raw in block.split("\n"):
            for line in wrap_line(raw, usable) if raw else [""]:
                if y < MARGIN:
                    canvas.showPage()
                    canvas.setFont(CJK_FONT, FONT_SIZE)
                    pages += 1
                    y = height - MARGIN
                if line:
                    canvas.drawString(MARGIN, y, line)
                y -= LEADING
    canvas.save()
    return pages
