"""Every bad input gives a clear message naming the file and the fix, and a distinct exit code."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader, PdfWriter
from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.testing.pdf import render_text_pdf
from tests.foundation.refusals import assert_refused_cleanly
from tests.intake_docx.test_docx_refusals import DOCX_REFUSALS

runner = CliRunner()
CONTRACT = "买卖合同\n第一条 甲方向乙方购买钢材一百吨，总价款为人民币伍拾万元整。\n" * 3


def _pdf(tmp: Path) -> Path:
    path = tmp / "good.pdf"
    render_text_pdf(CONTRACT, path)
    return path


def encrypted(tmp: Path) -> Path:
    writer = PdfWriter(clone_from=PdfReader(str(_pdf(tmp))))
    writer.encrypt(user_password="s3cret", owner_password="owner", algorithm="AES-256")
    path = tmp / "locked.pdf"
    with path.open("wb") as handle:
        writer.write(handle)
    return path


def scanned(tmp: Path) -> Path:
    path = tmp / "scan.pdf"
    canvas = Canvas(str(path), pagesize=A4)
    picture = ImageReader(Image.new("L", (200, 300), color=90))
    for _ in range(2):  # a page that is only a picture, like a scan
        canvas.drawImage(picture, 60, 60, width=400, height=600)
        canvas.showPage()
    canvas.save()
    return path


def blank_pdf(tmp: Path) -> Path:
    path = tmp / "blank.pdf"
    render_text_pdf(" \n \n", path)  # a text layer of spaces, no picture: not a scan
    return path


def no_pages(tmp: Path) -> Path:
    path = tmp / "no-pages.pdf"
    with path.open("wb") as handle:
        PdfWriter().write(handle)
    return path


def truncated(tmp: Path) -> Path:
    data = _pdf(tmp).read_bytes()
    path = tmp / "cut.pdf"
    path.write_bytes(data[: len(data) // 3])
    return path


def not_a_pdf(tmp: Path) -> Path:
    path = tmp / "fake.pdf"
    path.write_text("<html>this is a web page saved as .pdf</html>")
    return path


def empty(tmp: Path) -> Path:
    path = tmp / "empty.txt"
    path.write_bytes(b"")
    return path


def blank_text(tmp: Path) -> Path:
    path = tmp / "blank.md"
    path.write_text(" \n\t\n")
    return path


def odt_file(tmp: Path) -> Path:
    path = tmp / "contract.odt"  # OpenDocument: not read (Word .docx and .doc: tests/intake_docx)
    path.write_bytes(b"PK\x03\x04 an OpenDocument text")
    return path


def undecodable(tmp: Path) -> Path:
    path = tmp / "binary.txt"
    path.write_bytes(bytes(range(128, 256)) * 4)
    return path


def missing(tmp: Path) -> Path:
    return tmp / "no-such-contract.pdf"


CASES: list[tuple[str, Callable[[Path], Path], list[str], int, str, str]] = [
    # id, make file, extra CLI args, exit code, expected problem, expected fix
    ("encrypted", encrypted, [], 14, "encrypted", "remove the password"),
    ("scanned", scanned, ["--ocr", "never"], 15, "looks scanned, and OCR is off", "--ocr auto"),
    # OCR on (the default) reads a blank grey picture: no text, never an empty review
    ("scanned_unreadable", scanned, [], 15, "OCR read almost no text", "legible"),
    ("truncated", truncated, [], 13, "truncated or malformed", "re-export"),
    ("not_a_pdf", not_a_pdf, [], 13, "not a PDF", "real PDF"),
    ("empty", empty, [], 11, "empty (0 bytes)", "contract file"),
    ("blank", blank_text, [], 11, "holds no text", "contract file"),
    ("blank_pdf", blank_pdf, [], 11, "no text and no images", "contract file"),
    ("no_pages", no_pages, [], 11, "has no pages", "contract file"),
    ("unsupported", odt_file, [], 12, "'.odt' are not supported", "a .pdf, .docx, .txt or .md"),
    ("undecodable", undecodable, [], 13, "neither UTF-8 nor GB18030", "UTF-8"),
    ("missing", missing, [], 10, "no such file", "check the path"),
    ("too_many_bytes", _pdf, ["--max-bytes", "100"], 16, "over the limit of 100", "--max-bytes"),
    ("too_many_pages", scanned, ["--max-pages", "1"], 16, "2 pages, over the limit", "--max-pages"),
    (
        "too_many_chars",
        _pdf,
        ["--max-chars", "20"],
        16,
        "characters, over the limit",
        "--max-chars",
    ),
]


CASES += DOCX_REFUSALS


@pytest.mark.parametrize(
    ("make", "args", "code", "problem", "fix"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_bad_input_is_reported_cleanly(
    tmp_path: Path,
    make: Callable[[Path], Path],
    args: list[str],
    code: int,
    problem: str,
    fix: str,
) -> None:
    assert_refused_cleanly(make(tmp_path), tmp_path / "out", args, code, problem, fix)


def test_pdf_with_only_an_owner_password_opens(tmp_path: Path) -> None:
    writer = PdfWriter(clone_from=PdfReader(str(_pdf(tmp_path))))
    writer.encrypt(user_password="", owner_password="owner-only", algorithm="AES-128")
    path = tmp_path / "owner.pdf"
    with path.open("wb") as handle:
        writer.write(handle)
    result = runner.invoke(app, ["review", str(path), "--out", str(tmp_path / "out")])
    assert result.exit_code in (0, 1, 3), result.output
    assert (tmp_path / "out" / "report.json").exists()
