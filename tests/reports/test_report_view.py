"""What the review report shows and in which order, in Markdown and HTML: the verdict first,
findings most severe first with plain names and clause numbers, confidence only for an LLM's
finding, 【建议删除】 for deletions, ``lang`` from the contract, Markdown escaped as Markdown."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from markdown_it import MarkdownIt

from pipeline.eval.golden_labels import FINDING_TYPES
from pipeline.model import (
    Document,
    DocumentInfo,
    EditType,
    Finding,
    KeyTerms,
    LawAssumed,
    PartyTerm,
    ReviewReport,
    ReviewScope,
    Severity,
    Span,
    StatedTerm,
)
from pipeline.render_html import render_html, segments
from pipeline.render_md import md_escape, render_markdown
from pipeline.report_view import build_view, clause_location
from pipeline.report_words import REASON_NAMES, TYPE_NAMES, WORDS, type_name
from pipeline.stages.intake_support.ocr import REASON_LOW_CONFIDENCE, REASON_NO_TEXT, REASON_UNREAD
from pipeline.stages.verifier import deterministic_edits
from pipeline.testing.documents import single_page_document

REPO = Path(__file__).resolve().parents[2]

ZH = (
    "设备买卖合同\n"
    "甲方（买方）：上海恒远精密机械有限公司\n"
    "第二条 价款\n"
    "2.1 合同总价款为人民币壹佰万元整（¥1,000,000.00）。\n"
    "第六条 违约责任\n"
    "6.1 乙方逾期交货的，每逾期一日按合同总价款的千分之五支付违约金。\n"
    "6.3 违约方应支付合同总价款40%的违约金。\n"
    "6.4 乙方对人身伤害不承担任何赔偿责任。\n"
    "第八条 争议解决\n"
    "8.2 提交上海仲裁委员会仲裁。\n"
    "8.3 任何一方均可向甲方所在地人民法院提起诉讼。\n"
)


def _finding(
    doc: Document,
    quote: str,
    ftype: str,
    severity: Severity,
    clause: str | None,
    stage: str = "validate_rules",
    suggestion: str = "",
    related: tuple[str, ...] = (),
) -> Finding:
    start = doc.text.index(quote)
    spans = tuple(doc.span(doc.text.index(r), doc.text.index(r) + len(r)) for r in related)
    return Finding(
        type=ftype,
        severity=severity,
        span=doc.span(start, start + len(quote)),
        quote=quote,
        message=f"{ftype} message",
        suggestion=suggestion,
        stage=stage,
        rule_id=f"cn.{ftype}" if stage == "validate_rules" else None,
        confidence=1.0 if stage == "validate_rules" else 0.42,
        clause=clause,
        related_spans=spans,
    )


def _key_terms(doc: Document, language: str) -> KeyTerms:
    start = max(doc.text.find("上海恒远"), 0)
    span = doc.span(start, start + 4)
    return KeyTerms(
        language=language,  # type: ignore[arg-type]
        parties=(PartyTerm(role="甲方（买方）", name="上海恒远精密机械有限公司", span=span),),
        price=(
            StatedTerm(
                kind="price",
                text=doc.quote(span),
                span=span,
                clause="第二条 / 2.1",
                amounts=(1_200_000.0, 1_250_000.0),
                words_figures_differ=True,
            ),
        ),
    )


def _report(doc: Document, findings: tuple[Finding, ...], language: str = "zh") -> ReviewReport:
    return ReviewReport(
        tool_version="test",
        run_id="r1",
        created_at="2026-12-01T00:00:00+00:00",
        document=DocumentInfo.of(doc),
        mode="none",
        mode_note="no LLM ran: run `ollama serve` to enable one",
        stages_run=("intake", "validate_rules"),
        findings=findings,
        edits=deterministic_edits(doc, findings),
        law=LawAssumed(system="prc", name="PRC law (中华人民共和国法律)", source="language"),
        key_terms=_key_terms(doc, language),
        scope=ReviewScope(rule_count=3, rule_types=("penalty_excessive", "invalid_exemption")),
    )


@pytest.fixture
def zh_report() -> ReviewReport:
    doc = single_page_document(ZH, "sale.txt")
    findings = (  # in text order, as the rules return them
        _finding(doc, "千分之五", "penalty_excessive", Severity.MEDIUM, "第六条 / 6.1"),
        _finding(doc, "40%", "penalty_excessive", Severity.HIGH, "第六条 / 6.3"),
        _finding(
            doc,
            "6.4 乙方对人身伤害不承担任何赔偿责任",
            "invalid_exemption",
            Severity.HIGH,
            "第六条 / 6.4",
            suggestion="删除该免责约定，或改为依法承担赔偿责任。",
        ),
        _finding(
            doc,
            "任何一方均可向甲方所在地人民法院提起诉讼",
            "dispute_resolution_conflict",
            Severity.HIGH,
            "第八条 / 8.3",
            suggestion="二者择一：保留仲裁或诉讼。",
            related=("提交上海仲裁委员会仲裁",),
        ),
        _finding(doc, "设备买卖合同", "llm_vague_title", Severity.LOW, None, stage="generate"),
    )
    return _report(doc, findings)


def _finding_order(html: str) -> list[str]:
    return re.findall(r'<article class="finding sev-\w+" id="finding-\d+" data-type="(\w+)"', html)


def test_findings_are_sorted_by_severity_then_position(zh_report: ReviewReport) -> None:
    html = render_html(zh_report, ZH)
    expected = [
        "penalty_excessive",  # 6.3 HIGH
        "invalid_exemption",  # 6.4 HIGH
        "dispute_resolution_conflict",  # 8.3 HIGH
        "penalty_excessive",  # 6.1 MEDIUM
        "llm_vague_title",  # LOW
    ]
    assert _finding_order(html) == expected
    markdown = render_markdown(zh_report)
    headings = re.findall(r"^### \d+\. 【(\S+?)】.+? `(\w+)`", markdown, re.M)
    assert [t for _, t in headings] == expected
    assert [s for s, _ in headings] == ["高风险", "高风险", "高风险", "中风险", "低风险"]


def test_findings_are_located_by_clause_number_not_characters(zh_report: ReviewReport) -> None:
    markdown = render_markdown(zh_report)
    assert "### 1. 【高风险】违约金过高 `penalty_excessive` — 第6.3条，第1页" in markdown
    assert "### 4. 【中风险】违约金过高 `penalty_excessive` — 第6.1条，第1页" in markdown
    assert "— 首部，第1页" in markdown  # the title lies before the first clause
    assert "chars" not in markdown and "393–403" not in markdown
    html = render_html(zh_report, ZH)
    assert '<span class="where">第6.3条</span><span class="place">第1页</span>' in html
    assert not re.search(r"chars \d+", html)


@pytest.mark.parametrize(
    ("clause", "language", "shown"),
    [
        ("第六条 / 6.3", "zh", "第6.3条"),
        ("第五条", "zh", "第五条"),
        ("1 / 1.2", "zh", "第1.2条"),
        ("4 / 4.1", "en", "Clause 4.1"),
        ("Section 7 / 7.1", "en", "Section 7.1"),
        ("第二章 / 第五条", "zh", "第五条"),
        (None, "en", "preamble"),
    ],
)
def test_clause_location(clause: str | None, language: str, shown: str) -> None:
    assert clause_location(clause, language) == shown  # type: ignore[arg-type]


def test_plain_type_names_sit_beside_the_ids(zh_report: ReviewReport) -> None:
    html = render_html(zh_report, ZH)
    assert (
        '<span class="name">违约金过高</span> <code class="type">penalty_excessive</code>' in html
    )
    assert "免责条款无效 `invalid_exemption`" in render_markdown(zh_report)
    english = zh_report.model_copy(
        update={"key_terms": zh_report.key_terms.model_copy(update={"language": "en"})}  # type: ignore[union-attr]
    )
    assert "[High] Penalty may be excessive `penalty_excessive`" in render_markdown(english)
    assert type_name("llm_vague_title", "en") == "llm vague title"  # an LLM's own type


def test_only_an_llm_finding_shows_a_confidence(zh_report: ReviewReport) -> None:
    html = render_html(zh_report, ZH)
    cards = re.findall(r'<article class="finding.*?</article>', html, re.S)
    shown = [("confidence" in c, re.search(r'data-type="(\w+)"', c).group(1)) for c in cards]  # type: ignore[union-attr]
    assert [t for has, t in shown if has] == ["llm_vague_title"]
    assert "大模型置信度 0.42" in html and "1.00" not in html
    markdown = render_markdown(zh_report)
    assert markdown.count("大模型置信度") == 1 and "1.00" not in markdown


def test_a_suggested_deletion_is_marked_as_one(zh_report: ReviewReport) -> None:
    by_type = {e.finding_type: e.replace_with for e in zh_report.edits}
    assert by_type["invalid_exemption"] == "【建议删除】删除该免责约定，或改为依法承担赔偿责任。"
    assert by_type["dispute_resolution_conflict"].startswith("【建议补充】")
    html = render_html(zh_report, ZH)
    suggestions = html.split('<ul id="suggestions">', 1)[1].split("</ul>", 1)[0]
    assert "【建议删除】删除该免责约定" in suggestions and "【建议补充】删除" not in suggestions
    assert "【建议删除】删除该免责约定" in render_markdown(zh_report)


def test_english_deletions_and_additions_are_marked_in_english() -> None:
    doc = single_page_document("10.1 Provider may amend this Agreement at any time.", "en.txt")
    delete = _finding(doc, "Provider may amend", "unilateral_amendment", Severity.HIGH, "10 / 10.1")
    add = _finding(doc, "at any time", "unilateral_amendment", Severity.HIGH, "10 / 10.1")
    edits = deterministic_edits(
        doc,
        (
            delete.model_copy(update={"suggestion": "Delete clause 10.1."}),
            add.model_copy(update={"suggestion": "Require written consent of both parties."}),
        ),
    )
    assert [e.replace_with for e in edits] == [
        "[Suggested deletion]Delete clause 10.1.",
        "[Suggested addition]Require written consent of both parties.",
    ]
    assert all(e.type == EditType.SUGGESTION for e in edits)


def test_lang_follows_the_contract(zh_report: ReviewReport) -> None:
    assert '<html lang="zh-Hans">' in render_html(zh_report, ZH)
    english = zh_report.model_copy(
        update={"key_terms": zh_report.key_terms.model_copy(update={"language": "en"})}  # type: ignore[union-attr]
    )
    page = render_html(english, ZH)
    assert '<html lang="en">' in page and "zh-Hans" not in page
    assert "<h2>Findings</h2>" in page and "<h2>审查意见</h2>" not in page
    # a report made before key terms were recorded: the text decides
    old = zh_report.model_copy(update={"key_terms": None})
    assert '<html lang="zh-Hans">' in render_html(old, ZH)
    assert '<html lang="en">' in render_html(old, "This Agreement is made between A and B.")


def test_the_verdict_and_key_terms_lead_and_run_details_come_last(
    zh_report: ReviewReport,
) -> None:
    markdown = render_markdown(zh_report)
    order = [
        markdown.index(h)
        for h in ("**结论**：", "## 关键条款", "## 审查范围", "## 审查意见", "## 运行信息")
    ]
    assert order == sorted(order)
    assert markdown.index("SHA-256") > markdown.index("## 运行信息")
    assert "发现 5 个问题：高风险 3 个，中风险 1 个，低风险 1 个。" in markdown
    assert "**无需人工复核**" in markdown
    assert "| **当事人** | 甲方（买方）：上海恒远精密机械有限公司 |" in markdown
    assert "大写与小写金额不一致（1,200,000.00 / 1,250,000.00）" in markdown
    assert "违约金过高、免责条款无效" in markdown  # what the rules looked for, by plain name
    assert "大模型审阅：未使用" in markdown  # what was not checked
    html = render_html(zh_report, ZH)
    ids = ["verdict", "key-terms", "scope", "findings", "contract", "run-details"]
    positions = [html.index(f'id="{i}"') for i in ids]
    assert positions == sorted(positions)
    run = html.split('<details id="run-details">', 1)[1]
    assert zh_report.document.sha256 in run and "ollama serve" in run
    assert zh_report.document.sha256 not in html.split('<details id="run-details">', 1)[0]


def test_the_markdown_renders_as_intended(zh_report: ReviewReport) -> None:
    html = MarkdownIt("commonmark").enable("table").render(render_markdown(zh_report))
    assert "<strong>结论</strong>：发现 5 个问题" in html
    assert "<strong>建议</strong>：删除该免责约定" in html and "<strong>依据</strong>" not in html
    assert "**" not in re.sub(r"<[^>]+>", "", html)  # every bold opened is closed
    assert (
        "<h3>1. 【高风险】违约金过高 <code>penalty_excessive</code> — 第6.3条，第1页</h3>" in html
    )
    assert "<td><strong>付款</strong></td>\n<td>合同未约定</td>" in html  # a term not stated


def test_every_related_span_is_marked_for_its_finding(zh_report: ReviewReport) -> None:
    index = next(
        i for i, f in enumerate(zh_report.findings) if f.type == "dispute_resolution_conflict"
    )
    parts = segments(ZH, zh_report)
    assert "".join(p.text for p in parts) == ZH
    own = [p.text for p in parts if index in p.findings]
    related = [p.text for p in parts if index in p.related]
    assert own == ["任何一方均可向甲方所在地人民法院提起诉讼"]
    assert related == ["提交上海仲裁委员会仲裁"]
    html = render_html(zh_report, ZH)
    assert f'data-related="{index}">提交上海仲裁委员会仲裁</mark>' in html


HOSTILE_MD = (
    '甲方 *bold* _it_ [link](http://evil.example) <script>x</script> &quot; "quoted" | pipe '
    "$5 and $6 ~~gone~~ `code` \\back"
)


def test_markdown_escapes_markdown_not_html() -> None:
    escaped = md_escape(HOSTILE_MD)
    assert "&quot;" not in escaped.replace("\\&quot;", "") and "&lt;" not in escaped
    assert '"quoted"' in escaped  # a quotation mark stays a quotation mark
    md = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    rendered = md.render(f"| a | b |\n|---|---|\n| {escaped} | x |\n")
    assert "<em>" not in rendered and "<strong>" not in rendered and "<a " not in rendered
    assert "<script>" not in rendered and "<s>" not in rendered and "<code>" not in rendered
    assert rendered.count("<td>") == 2  # the pipe did not split the cell
    # what the reader sees is the contract's text, character for character
    text = re.sub(r"<[^>]+>", "", rendered)
    unescaped = (
        text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&")
    )
    assert HOSTILE_MD in unescaped


@pytest.mark.parametrize("start", ["1. 第一条", "- 乙方", "+ x", "# 标题", "> 引用", "= under"])
def test_a_line_start_that_markdown_would_read_as_a_block_is_escaped(start: str) -> None:
    rendered = MarkdownIt("commonmark").render(md_escape(start))
    assert rendered.startswith("<p>") and start.split()[-1] in rendered


def test_report_markdown_quotes_contract_text_literally() -> None:
    text = '第一条 甲方 *甲* 与 [乙](x) 约定 "价款" & 费用 &quot;\n'
    doc = single_page_document(text, "q.txt")
    finding = _finding(
        doc, '[乙](x) 约定 "价款" & 费用 &quot;', "undefined_term", Severity.LOW, "第一条"
    )
    markdown = render_markdown(_report(doc, (finding,)))
    assert "&amp;" not in markdown and '"价款"' in markdown
    assert '> \\[乙\\](x) 约定 "价款" & 费用 \\&quot;' in markdown
    html = MarkdownIt("commonmark").render(markdown)
    assert '<a href="x">' not in html and "<em>甲</em>" not in html


def test_every_finding_type_and_reason_has_a_plain_name_in_both_languages() -> None:
    rule_types = {
        rule["type"]
        for path in (REPO / "rules").glob("*.yaml")
        for rule in yaml.safe_load(path.read_text("utf-8"))["rules"]
    }
    assert rule_types | set(FINDING_TYPES) <= set(TYPE_NAMES)
    assert TYPE_NAMES["penalty_excessive"] == ("违约金过高", "Penalty may be excessive")
    for zh, en in [*TYPE_NAMES.values(), *REASON_NAMES.values(), *WORDS.values()]:
        assert zh and en and zh != en
    reasons = {"conflicting_authority", "kb_fallback", "low_confidence", "figure_mismatch"}
    reasons |= {"model_finding"}
    assert reasons | {REASON_LOW_CONFIDENCE, REASON_NO_TEXT, REASON_UNREAD} <= set(REASON_NAMES)


def test_a_report_without_findings_says_so(zh_report: ReviewReport) -> None:
    empty = zh_report.model_copy(update={"findings": (), "edits": ()})
    view = build_view(empty, ZH)
    assert view.headline == "未发现规则可识别的问题。" and view.findings == ()
    assert "未发现问题。" in render_markdown(empty)
    assert 'id="no-findings"' in render_html(empty, ZH)


def test_a_docx_finding_is_located_by_its_anchor() -> None:
    doc = single_page_document(ZH, "sale.docx")
    finding = _finding(doc, "40%", "penalty_excessive", Severity.HIGH, "第六条 / 6.3")
    anchored = finding.model_copy(
        update={"span": Span(start=finding.span.start, end=finding.span.end, anchor="第6.3条 ¶7")}
    )
    markdown = render_markdown(_report(doc, (anchored,)))
    assert (
        "`penalty_excessive` — 第6.3条 ¶7\n" in markdown
        and "第1页" not in markdown.split("## 审查意见")[1].split("## 运行信息")[0]
    )
