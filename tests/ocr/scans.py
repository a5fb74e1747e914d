"""Make image-only ("scanned") PDFs from real PDFs, as a scanner would: each page rendered to a
grey picture at 300 dpi (pypdfium2), the pictures assembled into a PDF with no text (Pillow)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image
from pypdf import PdfReader, PdfWriter

from pipeline.model import Document

DPI = 300
CJK_FONT = Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc")


def render_pages(pdf: Path, dpi: int = DPI) -> list[Image.Image]:
    """Every page of ``pdf`` as a grey picture. The golden PDFs use the CID font STSong-Light,
    which they do not embed: pdfium draws it with the system's CJK font (fonts-wqy-zenhei,
    installed by make browser, which make test runs)."""
    assert CJK_FONT.exists(), f"{CJK_FONT} is missing: run make browser (fonts-wqy-zenhei)"
    document = pdfium.PdfDocument(str(pdf))
    try:
        return [
            document[i].render(scale=dpi / 72, grayscale=True).to_pil()
            for i in range(len(document))
        ]
    finally:
        document.close()


def image_only_pdf(images: list[Image.Image], path: Path, dpi: int = DPI) -> Path:
    images[0].save(path, save_all=True, append_images=images[1:], resolution=dpi)
    return path


def scan(pdf: Path, path: Path) -> Path:
    """``pdf`` as an image-only PDF at ``path``."""
    return image_only_pdf(render_pages(pdf), path)


def degrade(image: Image.Image, dpi: int = 40) -> Image.Image:
    """A page scanned at ``dpi`` and blown up again: OCR reads it poorly (about 36 mean word
    confidence at 40 dpi, against about 90 at 300)."""
    small = image.resize((image.width * dpi // DPI, image.height * dpi // DPI))
    return small.resize(image.size)


def combine(path: Path, *pages: tuple[Path, int]) -> Path:
    """A PDF of the given (file, 0-based page) pairs, in order."""
    writer = PdfWriter()
    for source, index in pages:
        writer.add_page(PdfReader(str(source)).pages[index])
    with path.open("wb") as handle:
        writer.write(handle)
    return path


def page_of_quote(document: Document, quote: str) -> int:
    """The page of the text layer where ``quote`` starts, up to line wraps and spaces."""
    keep = [i for i, ch in enumerate(document.text) if not ch.isspace()]
    flat = "".join(document.text[i] for i in keep)
    at = flat.find("".join(quote.split()))
    assert at >= 0, f"the label's quote is not in the contract: {quote!r}"
    assert document.page_map is not None
    return document.page_map.page_of(keep[at])
