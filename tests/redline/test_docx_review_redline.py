"""`contract-review review contract.docx --side 甲方` in rules + KB mode (no LLM): the user's own
Word file comes back as ``revised.docx`` with the deletions the evidence decides as tracked
changes inside its runs, and as ``review-comments.docx`` with one comment per finding. In
LibreOffice, accept-all gives the revised text and reject-all the original."""

from __future__ import annotations

import io
import re
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path

import docx
import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.config import IntakeLimits
from pipeline.model import Document, EditType, ReviewReport
from pipeline.redline.files import CLIENT, REVISED, redline_files
from pipeline.stages.intake import read_document
from pipeline.stages.revise import apply_span_edits
from tests.redline.contracts import (
    ARBITRATION,
    EXEMPTION_BOLD,
    EXEMPTION_ITALIC,
    HEADER,
    build_sale,
)
from tests.redline.libreoffice import as_text, resolve_all
from tests.redline.wordfiles import accepted_text, anchored_texts, body_xml, rejected_text

runner = CliRunner()
EXEMPTION = EXEMPTION_BOLD + EXEMPTION_ITALIC
# what the review changes in the text: only these parts of the package may differ
CHANGED_PARTS = {
    "word/document.xml", "word/comments.xml", "word/_rels/document.xml.rels",
    "[Content_Types].xml",
}  # fmt: skip


@dataclass(frozen=True)
class Reviewed:
    source: Path
    out: Path
    report: ReviewReport
    document: Document

    @property
    def revised_text(self) -> str:
        applied = [e for e in self.report.edits if e.type is not EditType.SUGGESTION]
        return apply_span_edits(self.document.text, applied)

    def read(self, name: str) -> bytes:
        return (self.out / name).read_bytes()


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> Reviewed:
    folder = tmp_path_factory.mktemp("redline")
    source = build_sale(folder / "设备买卖合同.docx")
    before = (source.read_bytes(), source.stat().st_mtime_ns)
    out = folder / "out"
    args = ["review", str(source), "--out", str(out), "--llm", "none", "--side", "甲方"]
    result = runner.invoke(app, args)
    assert result.exit_code in (1, 3), result.output
    assert (source.read_bytes(), source.stat().st_mtime_ns) == before  # only ever read
    report = ReviewReport.model_validate_json((out / "report.json").read_text("utf-8"))
    return Reviewed(source, out, report, read_document(source, IntakeLimits()))


def test_the_review_anchors_findings_by_clause_and_decides_two_deletions(
    reviewed: Reviewed,
) -> None:
    by_rule = {f.rule_id: f for f in reviewed.report.findings}
    exemption = by_rule["cn.exemption.personal_injury"]
    forum = by_rule["cn.dispute.arbitration_and_litigation"]
    layout = reviewed.document.paragraph_map
    assert layout is not None
    for finding in reviewed.report.findings:
        assert finding.span.page is None
        assert finding.span.anchor == layout.anchor(finding.span.start, finding.span.end)
    assert exemption.span.anchor is not None and exemption.span.anchor.startswith("3.1 ¶")
    assert forum.span.anchor is not None and forum.span.anchor.startswith("4.2 ¶")
    deleted = sorted(
        reviewed.document.text[e.start : e.end]
        for e in reviewed.report.edits
        if e.type is EditType.DELETE
    )
    assert deleted == sorted([EXEMPTION, ARBITRATION])
    assert all(e.decided_by for e in reviewed.report.edits if e.type is EditType.DELETE)
    assert not [e for e in reviewed.report.edits if e.type is EditType.REPLACE]


def test_revised_docx_is_the_users_file_with_deletions_inside_its_runs(reviewed: Reviewed) -> None:
    revised = reviewed.read(REVISED)
    xml = body_xml(revised)
    deleted = re.findall(r"<w:del [^>]*>(.*?)</w:del>", xml, re.S)
    runs = [r for d in deleted for r in re.findall(r"<w:r>(.*?)</w:r>", d, re.S)]
    by_text = {"".join(re.findall(r"<w:delText[^>]*>(.*?)</w:delText>", r)): r for r in runs}
    assert "<w:b/>" in by_text[EXEMPTION_BOLD] and "<w:i/>" not in by_text[EXEMPTION_BOLD]
    assert "<w:i/>" in by_text[EXEMPTION_ITALIC] and "<w:b/>" not in by_text[EXEMPTION_ITALIC]
    assert "<w:b/>" in by_text["上海仲裁委员会"]  # the arbitration clause's bold words
    assert "<w:ins " not in xml  # none mode adds nothing
    assert xml.count("<w:numPr>") == body_xml(reviewed.source.read_bytes()).count("<w:numPr>")
    with (
        zipfile.ZipFile(io.BytesIO(revised)) as theirs,
        zipfile.ZipFile(reviewed.source) as ours,
    ):
        same = {n for n in ours.namelist() if n not in CHANGED_PARTS}
        assert same <= set(theirs.namelist())
        assert [n for n in sorted(same) if theirs.read(n) != ours.read(n)] == []
        assert any(HEADER in theirs.read(n).decode() for n in same if "header" in n)
    assert accepted_text(revised) == reviewed.revised_text
    assert rejected_text(revised) == reviewed.document.text


def test_revised_docx_explains_each_change_without_internal_notes(reviewed: Reviewed) -> None:
    revised = reviewed.read(REVISED)
    notes = anchored_texts(revised)
    assert sorted(notes.values()) == sorted([EXEMPTION, ARBITRATION])
    for note in notes:
        assert "依据 / Basis:" in note and "删除本句" in note
        assert not re.search(r"\[(HIGH|MEDIUM|LOW)\]|cn\.[a-z-]+\.\d+|建议|confidence", note)
    assert any("第五百零六条" in note for note in notes)


def test_review_comments_docx_has_one_comment_per_finding_with_its_evidence(
    reviewed: Reviewed,
) -> None:
    client = reviewed.read(CLIENT)
    comments = [c.text for c in docx.Document(io.BytesIO(client)).comments]
    findings = reviewed.report.findings
    assert len(comments) == len(findings) >= 3
    for finding, comment in zip(findings, comments, strict=True):
        assert comment.startswith(f"[{finding.severity.value}] {finding.type}: {finding.message}")
        for evidence in finding.evidence_source:
            assert evidence.doc_id in comment and (evidence.article or "") in comment
            assert evidence.quote[:40] in comment
    exemption = next(c for c in comments if "invalid_exemption" in c)
    assert f"revised.docx: 修订 / tracked change: 删除 “{EXEMPTION}”" in exemption
    forum = next(c for c in comments if "dispute_resolution_conflict" in c)
    assert "the reviewing side's home court" in forum
    assert "<w:del " not in body_xml(client) and "<w:ins " not in body_xml(client)
    assert accepted_text(client) == reviewed.document.text
    anchored = anchored_texts(client)
    assert len(anchored) == len(findings)
    for finding in findings:
        (words,) = [a for c, a in anchored.items() if finding.message in c]
        # the comment covers the quote's words; Word's automatic clause number is no text
        assert finding.quote.endswith(words) and len(finding.quote) - len(words) <= len("3.1 ")


def test_both_word_files_are_private(reviewed: Reviewed) -> None:
    for name in (REVISED, CLIENT):
        assert stat.S_IMODE((reviewed.out / name).stat().st_mode) == 0o600


def test_a_file_changed_since_the_review_is_redlined_from_the_reviewed_text(
    tmp_path: Path,
) -> None:
    source = build_sale(tmp_path / "contract.docx")
    document = read_document(source, IntakeLimits())
    source.write_bytes(source.read_bytes() + b"\0")  # not the file the review read any more
    files = redline_files(document, (), ())
    comments = [c.text for c in docx.Document(io.BytesIO(files.revised)).comments]
    assert comments and "changed after it was reviewed" in comments[0]
    paragraphs = [p.text for p in docx.Document(io.BytesIO(files.revised)).paragraphs]
    assert paragraphs == document.text.split("\n")


@pytest.mark.slow
@pytest.mark.integration
def test_libreoffice_accepts_to_the_revised_text_and_rejects_to_the_original(
    reviewed: Reviewed, tmp_path: Path
) -> None:
    revised = tmp_path / "revised.docx"
    revised.write_bytes(reviewed.read(REVISED))
    client = tmp_path / "client.docx"
    client.write_bytes(reviewed.read(CLIENT))
    original = tmp_path / "original.docx"
    original.write_bytes(reviewed.source.read_bytes())
    resolved = resolve_all(revised, tmp_path)
    # Intake reads LibreOffice's files as it read the user's
    assert read_document(resolved.accepted, IntakeLimits()).text == reviewed.revised_text
    assert read_document(resolved.rejected, IntakeLimits()).text == reviewed.document.text
    # and LibreOffice's own text export agrees, numbers and table included
    base, accepted, rejected, commented = as_text(
        [original, resolved.accepted, resolved.rejected, client], tmp_path
    )
    assert rejected == base and commented == base
    without = base.replace(EXEMPTION, "").replace(ARBITRATION, "")
    assert accepted == "\n".join(line.strip() for line in without.split("\n"))
    assert EXEMPTION_BOLD in base and "第一期" in base and "3.2 乙方迟延交货" in accepted
