"""Intake's numbers against an independent renderer: LibreOffice computes the same lists from
the same numbering.xml, and its text export writes the numbers it shows.

Legal-style numbering (``w:isLgl``, 第一条 → 1.1) is left out: LibreOffice before 24.2 ignores
it (it shows 一.1), while Word honours it; ``test_docx_intake`` covers it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from pipeline.config import IntakeLimits
from pipeline.stages.intake import read_document
from tests.intake_docx.builder import add_list, new_document, numbered, restart_list, save


def _lists_document(path: Path) -> Path:
    doc = new_document()
    outline = add_list(doc, [("decimal", "%1."), ("lowerLetter", "(%2)"), ("lowerRoman", "(%3)")])
    for text, ilvl in [
        ("one", 0), ("a", 1), ("b", 1), ("i", 2), ("ii", 2), ("iii", 2), ("c", 1), ("i again", 2),
        ("two", 0), ("a under two", 1),
    ]:  # fmt: skip
        numbered(doc, text, outline, ilvl)
    again = restart_list(doc, outline)
    numbered(doc, "restarted", again, 0)
    numbered(doc, "after the restart", again, 0)
    dotted = add_list(doc, [("decimal", "%1."), ("decimal", "%1.%2"), ("decimal", "%1.%2.%3")])
    for text, ilvl in [("x", 0), ("x1", 1), ("x11", 2), ("x12", 2), ("x2", 1), ("y", 0), ("y1", 1)]:
        numbered(doc, text, dotted, ilvl)
    articles = add_list(doc, [("chineseCounting", "第%1条"), ("chineseCounting", "（%2）")])
    for k in range(1, 13):
        numbered(doc, f"条款{k}", articles, 0)
        if k in (1, 11):
            numbered(doc, "子项", articles, 1)
            numbered(doc, "子项", articles, 1)
    for fmt, text in [
        ("chineseCountingThousand", "%1、"), ("chineseLegalSimplified", "%1、"),
        ("upperLetter", "%1."), ("upperRoman", "%1."), ("ideographTraditional", "%1、"),
        ("decimalZero", "%1."), ("decimalEnclosedCircle", "%1"),
    ]:  # fmt: skip
        each = add_list(doc, [(fmt, text)])
        for k in range(3):
            numbered(doc, f"{fmt} {k}", each, 0)
    doc.add_paragraph("by style", style="List Number")
    doc.add_paragraph("by style again", style="List Number")
    doc.add_paragraph("not numbered")
    return save(doc, path)


@pytest.mark.slow
@pytest.mark.integration
def test_numbers_agree_with_libreoffice(tmp_path: Path) -> None:
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.fail("LibreOffice not found. Fix: `make browser` installs libreoffice-writer-nogui")
    path = _lists_document(tmp_path / "lists.docx")
    subprocess.run(
        [
            soffice,
            "--headless",
            f"-env:UserInstallation=file://{tmp_path}/lo",
            "--convert-to",
            "txt:Text (encoded):UTF8",
            "--outdir",
            str(tmp_path),
            str(path),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    rendered = (tmp_path / "lists.txt").read_text("utf-8-sig").splitlines()
    theirs = [line.strip() for line in rendered if line.strip()]
    ours = read_document(path, IntakeLimits()).text.split("\n")
    assert len(ours) == 59  # every paragraph above
    assert ours == theirs
