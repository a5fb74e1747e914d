"""Render the bundled sample contracts (.txt) to PDF. Run: python examples/make_samples.py"""

from pathlib import Path

from pipeline.testing.pdf import render_text_pdf

HERE = Path(__file__).parent

if __name__ == "__main__":
    for source in sorted(HERE.glob("*.txt")):
        pages = render_text_pdf(source.read_text("utf-8"), source.with_suffix(".pdf"), source.stem)
        print(f"{source.with_suffix('.pdf').name}: {pages} pages")
