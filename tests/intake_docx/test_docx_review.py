"""`contract-review review contract.docx` end to end in rules-only mode (``--llm none``): the
planted problems are found and located by clause and paragraph (no pages), every report shows
those anchors, tracked changes are reviewed as accepted and said so, replay reproduces the
run, and ``check``, ``batch`` and the review queue handle a DOCX as well."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from docx import Document as open_docx
from typer.testing import CliRunner

from pipeline.batch import run_batch
from pipeline.cli.app import app
from pipeline.config import IntakeLimits
from pipeline.model import Document, HumanReviewItem, ReviewReport
from pipeline.render_md import md_escape
from pipeline.review_queue import queue_lines
from pipeline.stages.intake import read_document
from tests.intake_docx.builder import add_list, number, save, tracked_paragraph
from tests.intake_docx.conftest import ZH_FOOTER, ZH_HEADER, Built

runner = CliRunner()


@dataclass(frozen=True)
class Reviewed:
    path: Path
    built: Built
    out: Path
    exit_code: int
    report: ReviewReport
    document: Document


def _review(path: Path, built: Built, out: Path) -> Reviewed:
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    result = runner.invoke(app, ["review", str(path), "--out", str(out), "--llm", "none"])
    assert result.exit_code in (0, 1, 3), result.output
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before  # only ever read
    report = ReviewReport.model_validate_json((out / "report.json").read_text("utf-8"))
    return Reviewed(path, built, out, result.exit_code, report, read_document(path, IntakeLimits()))


@pytest.fixture(scope="module")
def zh(zh_sale: tuple[Path, Built], tmp_path_factory: pytest.TempPathFactory) -> Reviewed:
    return _review(*zh_sale, tmp_path_factory.mktemp("zh-review") / "out")


@pytest.fixture(scope="module")
def en(en_services: tuple[Path, Built], tmp_path_factory: pytest.TempPathFactory) -> Reviewed:
    return _review(*en_services, tmp_path_factory.mktemp("en-review") / "out")


def _one(report: ReviewReport, kind: str, rule: str | None = None) -> Any:
    found = [f for f in report.findings if f.type == kind and rule in (None, f.rule_id)]
    assert len(found) == 1, [(f.type, f.rule_id, f.span) for f in report.findings]
    return found[0]


def _spans(value: Any) -> Iterator[dict[str, Any]]:
    """Every span in a report.json value: the dicts with start, end and page."""
    if isinstance(value, dict):
        if {"start", "end", "page"} <= value.keys():
            yield value
        for item in value.values():
            yield from _spans(item)
    elif isinstance(value, list):
        for item in value:
            yield from _spans(item)


def test_zh_docx_review_finds_the_planted_deposit_by_clause(zh: Reviewed) -> None:
    assert zh.exit_code == (3 if zh.report.needs_human_review else 1)
    doc = zh.report.document
    assert (doc.media_type, doc.pages, doc.paragraphs) == ("docx", None, zh.built.count)
    deposit = _one(zh.report, "deposit_excessive")
    assert deposit.quote == "¥300,000.00" == zh.document.text[deposit.span.start : deposit.span.end]
    assert deposit.span.page is None and deposit.span.pages == ()
    assert deposit.span.anchor == f"第2.2条 ¶{zh.built.marks['deposit']}"
    assert deposit.clause == "第二条 / 2.2"
    assert "30.0%" in deposit.message


def test_zh_docx_table_is_checked_like_a_pdf_table(zh: Reviewed) -> None:
    """The payment table's instalments add up to 950,000.00, not its stated 1,000,000.00."""
    total = _one(zh.report, "amount_contradiction", "cn.amount.table_total")
    assert total.quote == "1,000,000.00"
    cell = zh.built.marks["table"] + 4 * 3 + 2  # row 5 (合计), cell 3 of a 3-column table
    assert total.span.anchor == f"第2.3条 ¶{cell}, table 1 row 5 cell 3"


def test_en_docx_review_finds_the_penalty_by_section(en: Reviewed) -> None:
    penalty = _one(
        en.report, "liquidated_damages_penalty", "en.liquidated_damages.penalty_services"
    )
    assert penalty.quote == "as a penalty"
    assert penalty.span.anchor == f"Section 3.1 ¶{en.built.marks['penalty']}"
    assert penalty.span.page is None
    assert en.report.law is not None and "New York" in en.report.law.name


@pytest.mark.parametrize("name", ["zh", "en"])
def test_every_span_in_report_json_is_anchored_not_paged(
    name: str, request: pytest.FixtureRequest
) -> None:
    reviewed: Reviewed = request.getfixturevalue(name)
    raw = json.loads((reviewed.out / "report.json").read_text("utf-8"))
    spans = list(_spans(raw))
    assert len(spans) >= len(reviewed.report.findings) >= 2
    layout = reviewed.document.paragraph_map
    assert layout is not None
    for span in spans:
        assert span["page"] is None and span["pages"] == []
        assert span["anchor"] == layout.anchor(span["start"], span["end"])
    for finding in reviewed.report.findings:
        span = finding.span
        assert reviewed.document.text[span.start : span.end] == finding.quote
        for ev in finding.evidence_source:
            if ev.basis_kind == "contract":
                assert ev.page is None and ev.anchor


def test_headers_and_footers_stay_out_of_the_review(zh: Reviewed) -> None:
    kept = [(hf.kind, hf.text) for hf in zh.report.document.headers_footers]
    assert kept == [("header", ZH_HEADER), ("footer", ZH_FOOTER)]
    for finding in zh.report.findings:
        assert finding.quote not in (ZH_HEADER, ZH_FOOTER)
        assert "第九条" not in (finding.clause or "") and "第九条" not in (
            finding.span.anchor or ""
        )
    markdown = (zh.out / "report.md").read_text("utf-8")
    assert "## 页眉页脚（单独保存，未作为条款审查）" in markdown
    assert f"- 页脚（第1节）：{md_escape(ZH_FOOTER)}" in markdown


def test_markdown_and_html_show_anchors_instead_of_pages(zh: Reviewed) -> None:
    anchor = f"第2.2条 ¶{zh.built.marks['deposit']}"
    markdown = (zh.out / "report.md").read_text("utf-8")
    assert f"`deposit_excessive` — {anchor}\n" in markdown
    assert f"(Word .docx, {zh.built.count} paragraphs," in markdown
    findings = markdown.split("## 审查意见")[1].split("## 运行信息")[0]
    assert "None" not in markdown and "页" not in findings and "page" not in findings
    html = (zh.out / "report.html").read_text("utf-8")
    assert f'<span class="where">{anchor}</span>' in html
    assert f"Word .docx, {zh.built.count} paragraphs" in html
    assert "page None" not in html and "None page" not in html
    assert 'id="tracked-changes"' not in html  # this file holds none


def test_revised_docx_is_the_users_file_with_its_header_kept_apart(zh: Reviewed) -> None:
    revised = open_docx(str(zh.out / "revised.docx"))
    body = "\n".join(p.text for p in revised.paragraphs)
    assert ZH_HEADER not in body  # still the header, not text of the body
    assert revised.sections[0].header.paragraphs[0].text == ZH_HEADER
    text = read_document(zh.out / "revised.docx", IntakeLimits()).text
    assert "2.2 本合同签订之日起" in text  # Word's own numbering, kept


def test_replay_reproduces_a_docx_review(zh: Reviewed) -> None:
    result = runner.invoke(app, ["replay", str(zh.out / "trace.jsonl")])
    assert result.exit_code == 0, result.output
    assert "intake" in result.output and "differs" not in result.output


def _deposit_changed(path: Path, deleted: str, inserted: str) -> Path:
    """A short sale contract whose 定金 was changed with tracked changes on."""
    from tests.intake_docx.builder import new_document

    doc = new_document()
    doc.add_paragraph("设备买卖合同")
    doc.add_paragraph("甲方（买方）：上海恒远精密机械有限公司")
    doc.add_paragraph("乙方（卖方）：苏州博达数控设备有限公司")
    clauses = add_list(doc, [("chineseCounting", "第%1条"), ("decimal", "%1.%2")], legal=True)
    for text, ilvl in [
        ("价款", 0),
        ("合同总价款为人民币壹佰万元整（¥1,000,000.00）。", 1),
        ("交货", 0),
        ("乙方应于2025年6月30日前交付设备。", 1),
    ]:
        number(doc.add_paragraph(text), clauses, ilvl)
    changed = tracked_paragraph(
        doc, [("", "甲方向乙方支付定金"), ("del", deleted), ("ins", inserted), ("", "。")]
    )
    number(changed, clauses, 1)
    return save(doc, path)


@pytest.mark.parametrize(
    ("deleted", "inserted", "flagged"),
    [
        ("人民币壹拾万元整（¥100,000.00）", "人民币叁拾万元整（¥300,000.00）", True),
        ("人民币叁拾万元整（¥300,000.00）", "人民币壹拾万元整（¥100,000.00）", False),
    ],
    ids=["raised_to_30_percent", "lowered_to_10_percent"],
)
def test_tracked_changes_are_reviewed_as_accepted_and_said_so(
    tmp_path: Path, deleted: str, inserted: str, flagged: bool
) -> None:
    path = _deposit_changed(tmp_path / "tracked.docx", deleted, inserted)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    out = tmp_path / "out"
    result = runner.invoke(app, ["review", str(path), "--out", str(out), "--llm", "none"])
    assert result.exit_code in (0, 1, 3), result.output
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    report = ReviewReport.model_validate_json((out / "report.json").read_text("utf-8"))
    changes = report.document.tracked_changes
    assert changes is not None
    assert (changes.insertions, changes.deletions, changes.moves) == (1, 1, 0)
    deposits = [f for f in report.findings if f.type == "deposit_excessive"]
    if flagged:  # the inserted 30% is what the contract says once the changes are accepted
        (deposit,) = deposits
        # 第一条 价款 (1.1), 第二条 交货 (2.1), then the changed 2.2: the 8th paragraph
        assert deposit.quote == "¥300,000.00" and deposit.span.anchor == "第2.2条 ¶8"
    else:  # the deleted 30% is gone: nothing to flag
        assert deposits == []
    markdown = (out / "report.md").read_text("utf-8")
    assert "## 已接受修订" in markdown
    assert "reviewed as if all of them were accepted" in markdown
    assert "插入 1 处、删除 1 处、移动 0 处" in markdown
    html = (out / "report.html").read_text("utf-8")
    assert 'id="tracked-changes"' in html and "已接受修订。" in html
    raw = json.loads((out / "report.json").read_text("utf-8"))
    assert raw["document"]["tracked_changes"]["insertions"] == 1


def test_check_anchors_contract_evidence_by_clause(
    zh_sale: tuple[Path, Built], tmp_path: Path
) -> None:
    path, built = zh_sale
    draft = tmp_path / "review.md"
    draft.write_text(
        "# 审查意见\n\n## 1. 定金\n\n> 甲方向乙方支付定金人民币叁拾万元整（¥300,000.00）\n\n"
        "定金为合同总价款的百分之三十，超过法定上限。法律依据：民法典第586条。\n",
        "utf-8",
    )
    out = tmp_path / "check"
    result = runner.invoke(app, ["check", str(path), "--draft", str(draft), "--out", str(out)])
    assert result.exit_code in (0, 1), result.output
    raw = json.loads((out / "report.json").read_text("utf-8"))
    assert raw["contract"]["media_type"] == "docx" and raw["contract"]["pages"] is None
    (point,) = raw["draft_checks"]
    anchor = f"第2.2条 ¶{built.marks['deposit']}"
    assert point["span"]["anchor"] == anchor and point["span"]["page"] is None
    contract = [e for e in point["evidence_source"] if e["basis_kind"] == "contract"]
    assert contract and all(e["anchor"] == anchor and e["page"] is None for e in contract)
    assert f"({anchor})" in (out / "report.md").read_text("utf-8")
    assert f"Word .docx, {built.count} paragraphs" in (out / "report.html").read_text("utf-8")


def test_review_queue_lines_carry_the_anchor(zh_sale: tuple[Path, Built]) -> None:
    path, built = zh_sale
    document = read_document(path, IntakeLimits())
    at = document.text.index("¥300,000.00")
    item = HumanReviewItem(reason="low_confidence", span=document.span(at, at + 11))
    (line,) = queue_lines("run", document.sha256, str(path), [item]).splitlines()
    span = json.loads(line)["span"]
    assert span["page"] is None and span["anchor"] == f"第2.2条 ¶{built.marks['deposit']}"


def test_batch_reviews_a_docx_and_refuses_a_doc(
    zh_sale: tuple[Path, Built], tmp_path: Path
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "sale.docx").write_bytes(zh_sale[0].read_bytes())
    (folder / "old.doc").write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512))
    summary = run_batch(folder, tmp_path / "out")
    by_file = {r.file: r for r in summary.results}
    assert by_file["sale.docx"].status == "reviewed"
    assert by_file["old.doc"].status == "failed" and by_file["old.doc"].exit_code == 12
    assert "save it as .docx" in (by_file["old.doc"].error or "")
    assert summary.findings_by_type.get("deposit_excessive") == 1
