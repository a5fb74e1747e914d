"""revised.docx: real tracked changes that accept to the revised text and reject to the original."""

from __future__ import annotations

import io
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from pipeline.model import (
    Document,
    Edit,
    EditType,
    EvidenceSource,
    Finding,
    Severity,
)
from pipeline.redline.files import redline_files
from pipeline.redline.paragraphs import rebuild_paragraphs
from pipeline.render_docx import (
    AUTHOR,
    build_redline,
    finding_comment,
    read_tracked,
    suggestion_comment,
    xml_safe,
)
from pipeline.testing.documents import single_page_document

TEXT = (
    "设备买卖合同\n"
    "第二条 甲方向乙方支付定金人民币叁拾陆万元整（¥360,000.00）。\n"
    "第六条 违约方应向守约方支付相当于合同总价款40%的违约金。\n"
    "\n"
    "8.2 The courts of King County shall have exclusive jurisdiction.\tEnd."
)
EVIDENCE = EvidenceSource(
    doc_id="cn.civil-code.585",
    law="中华人民共和国民法典",
    article="第五百八十五条",
    anchor="第五百八十五条",
    quote="约定的违约金过分高于造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以适当减少。",
)


def _doc(text: str) -> Document:
    return single_page_document(text, "c.txt")


def _edit(text: str, old: str, new: str, kind: EditType = EditType.REPLACE) -> Edit:
    start = text.index(old)
    return Edit(
        start=start,
        end=start + len(old),
        replace_with=new,
        type=kind,
        evidence_source=(EVIDENCE,),
        confidence=0.9,
        reason="test",
    )


def _apply(text: str, edits: list[Edit]) -> str:
    out, cursor = [], 0
    for e in sorted(edits, key=lambda e: e.start):
        out += [text[cursor : e.start], e.replace_with]
        cursor = e.end
    return "".join(out) + text[cursor:]


def test_tracked_changes_round_trip_both_ways() -> None:
    edits = [
        _edit(TEXT, "40%", "20%"),
        _edit(TEXT, "exclusive ", ""),
        _edit(TEXT, "叁拾陆万元整（¥360,000.00）", "贰拾肆万元整（¥240,000.00）"),
    ]
    tracked = read_tracked(build_redline(TEXT, edits, []))
    assert tracked.rejected == TEXT
    assert tracked.accepted == _apply(TEXT, edits)
    assert sorted(tracked.deletions) == sorted(e.end and TEXT[e.start : e.end] for e in edits)
    assert sorted(tracked.insertions) == sorted(e.replace_with for e in edits if e.replace_with)


def test_changes_carry_author_and_date_and_findings_become_comments() -> None:
    doc = _doc(TEXT)
    quote = "相当于合同总价款40%的违约金"
    start = TEXT.index(quote)
    finding = Finding(
        type="penalty_excessive",
        severity=Severity.HIGH,
        span=doc.span(start, start + len(quote)),
        quote=quote,
        message="违约金超过合同总价款的30%",
        suggestion="降至实际损失的130%以内",
        evidence_source=(EVIDENCE,),
        stage="validate_rules",
    )
    suggestion = _edit(TEXT, "End.", "【建议补充】争议解决条款", EditType.SUGGESTION)
    comments = [finding_comment(finding), suggestion_comment(suggestion)]
    data = build_redline(TEXT, [_edit(TEXT, "40%", "20%")], comments)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        body = z.read("word/document.xml").decode()
        comments = z.read("word/comments.xml").decode()
    assert f'w:author="{AUTHOR}"' in body
    assert body.count("<w:ins ") == 1 and body.count("<w:del ") == 1
    assert "w:date=" in body
    assert body.count("<w:commentRangeStart") == 2
    assert "第五百八十五条" in comments and "penalty_excessive" in comments
    assert "【建议补充】争议解决条款" in comments
    # the unapplied suggestion is a comment only, never text in the document
    assert read_tracked(data).accepted == _apply(TEXT, [_edit(TEXT, "40%", "20%")])


def test_a_suggestion_passed_as_applied_is_still_only_a_comment() -> None:
    suggestion = _edit(TEXT, "End.", "【建议补充】仲裁条款", EditType.SUGGESTION)
    files = redline_files(_doc(TEXT), [], [suggestion])
    text = rebuild_paragraphs(_doc(TEXT)).text
    assert read_tracked(files.revised).accepted == text == read_tracked(files.comments).accepted
    with zipfile.ZipFile(io.BytesIO(files.comments)) as z:
        assert "【建议补充】仲裁条款" in z.read("word/comments.xml").decode()


def test_insertion_at_the_start_of_a_paragraph_stays_there() -> None:
    at = TEXT.index("第六条")
    edit = Edit(start=at, end=at, replace_with="【新】", type=EditType.REPLACE, confidence=0.9)
    tracked = read_tracked(build_redline(TEXT, [edit], []))
    assert tracked.accepted.splitlines()[2].startswith("【新】第六条")
    assert tracked.rejected == TEXT


def test_overlapping_edits_are_refused() -> None:
    with pytest.raises(ValueError, match="overlapping"):
        build_redline(TEXT, [_edit(TEXT, "40%", "x"), _edit(TEXT, "0%的", "y")], [])


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_non_overlapping_edits_round_trip(data: st.DataObject) -> None:
    text = data.draw(st.text(alphabet="甲乙方元条\n ab1%", min_size=1, max_size=60))
    cuts = sorted(data.draw(st.lists(st.integers(0, len(text)), max_size=6)))
    edits = []
    for start, end in zip(cuts[::2], cuts[1::2], strict=False):
        if edits and start < edits[-1].end:
            continue
        new = data.draw(st.text(alphabet="丙XY", max_size=4))
        if start == end and not new:
            continue
        edits.append(
            Edit(start=start, end=end, replace_with=new, type=EditType.REPLACE, confidence=1)
        )
    tracked = read_tracked(build_redline(text, edits, []))
    assert tracked.rejected == xml_safe(text)
    assert tracked.accepted == xml_safe(_apply(text, edits))


@pytest.mark.slow
@pytest.mark.integration
def test_libreoffice_opens_the_redline(tmp_path: Path) -> None:
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.fail("LibreOffice not found. Fix: `make browser` installs libreoffice-writer-nogui")
    docx = tmp_path / "revised.docx"
    docx.write_bytes(build_redline(TEXT, [_edit(TEXT, "40%", "20%")], []))
    subprocess.run(
        [
            soffice,
            "--headless",
            f"-env:UserInstallation=file://{tmp_path}/lo",
            "--convert-to",
            "pdf",
            "--outdir",
            str(tmp_path),
            str(docx),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    text = "".join(p.extract_text() for p in PdfReader(str(tmp_path / "revised.pdf")).pages)
    assert "King County" in text
    assert "违约金" in text
