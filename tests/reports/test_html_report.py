"""The HTML report escapes everything, shows hidden characters, and works in a real browser."""

from __future__ import annotations

import re
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from pipeline.model import (
    Document,
    DocumentInfo,
    Edit,
    EditType,
    EvidenceSource,
    Finding,
    HumanReviewItem,
    ReviewReport,
    Severity,
)
from pipeline.render_html import redline, render_html, segments
from pipeline.testing.documents import single_page_document

HOSTILE = (
    '第一条 甲方：<script>alert("pwned")</script>有限公司\n'
    '第二条 定金为合同总价款的30%" onmouseover="alert(1)\n'
    "第三条 乙方 \u202eevil\u202c 与\u200b零宽字符\n"
    "第四条 违约金为合同总价款的40%。"
)
CIVIL_CODE_586 = EvidenceSource(
    doc_id="cn.civil-code.586",
    law="中华人民共和国民法典",
    article="第五百八十六条",
    anchor="第五百八十六条",
    quote="定金的数额由当事人约定；但是，不得超过主合同标的额的百分之二十，超过部分不产生定金的效力。",
)


def _document(text: str) -> Document:
    return single_page_document(text, "hostile.txt")


def _finding(doc: Document, quote: str, ftype: str, severity: Severity) -> Finding:
    start = doc.text.index(quote)
    return Finding(
        type=ftype,
        severity=severity,
        span=doc.span(start, start + len(quote)),
        quote=quote,
        message=f"<b>{ftype}</b> message with \"quotes\" and 'apostrophes'",
        suggestion="将定金降至20%以内 <img src=x onerror=alert(2)>",
        evidence_source=(CIVIL_CODE_586,),
        stage="validate_rules",
        rule_id=f"zh.{ftype}",
    )


def _report(doc: Document) -> ReviewReport:
    deposit = _finding(
        doc, '定金为合同总价款的30%" onmouseover="alert(1)', "deposit_excessive", Severity.HIGH
    )
    penalty = _finding(doc, "违约金为合同总价款的40%", "penalty_excessive", Severity.MEDIUM)
    script = _finding(doc, '<script>alert("pwned")</script>', "party_inconsistency", Severity.LOW)
    start = doc.text.index("30%")
    edit = Edit(
        start=start,
        end=start + 3,
        replace_with="20%",
        type=EditType.REPLACE,
        evidence_source=(CIVIL_CODE_586,),
        confidence=0.9,
    )
    return ReviewReport(
        tool_version="test",
        run_id="r1",
        created_at="2026-11-30T00:00:00+00:00",
        document=DocumentInfo(
            source_path="<i>hostile</i>.txt",
            sha256="a" * 64,
            media_type="text",
            pages=1,
            characters=len(doc.text),
        ),
        mode="none",
        mode_note="rules and KB only",
        stages_run=("intake", "validate_rules"),
        findings=(deposit, penalty, script),
        edits=(edit,),
        needs_human_review=True,
        human_review=(HumanReviewItem(reason="low_confidence", detail="<script>x</script>"),),
    )


def test_segments_cover_the_text_exactly_and_know_their_findings() -> None:
    doc = _document(HOSTILE)
    report = _report(doc)
    parts = segments(doc.text, report)
    assert "".join(p.text for p in parts) == doc.text
    highlighted = {p.text: p.findings for p in parts if p.findings}
    assert highlighted["违约金为合同总价款的40%"] == (1,)
    assert all(p.severity is None for p in parts if not p.findings)


def test_redline_shows_deletion_and_insertion_in_place() -> None:
    doc = _document(HOSTILE)
    pieces = redline(doc.text, _report(doc).edits)
    kinds = [(p.kind, p.text) for p in pieces if p.kind != "same"]
    assert kinds == [("del", "30%"), ("ins", "20%")]
    rejected = "".join(p.text for p in pieces if p.kind != "ins")
    assert rejected == doc.text


def test_all_contract_text_is_escaped() -> None:
    doc = _document(HOSTILE)
    html = render_html(_report(doc), doc.text)
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(&#34;pwned&#34;)&lt;/script&gt;" in html
    assert '" onmouseover="alert(1)' not in html
    assert "<img src=x" not in html
    assert "<i>hostile</i>" not in html
    assert "\u202e" not in html and "\u200b" not in html
    assert "U+202E" in html and "U+200B" in html
    assert not re.search(r"https?://", html), "the page must not reference any network address"
    assert len(re.findall(r"<script>", html)) == 1  # only the report's own inline script


def test_page_works_in_a_real_browser(
    browser: WebDriver, tmp_path: Path, artifacts_dir: Path
) -> None:
    doc = _document(HOSTILE)
    page = tmp_path / "report.html"
    page.write_text(render_html(_report(doc), doc.text), "utf-8")
    browser.get(page.as_uri())

    assert browser.find_element(By.ID, "human-review").is_displayed()
    marks = browser.find_elements(By.CSS_SELECTOR, "#contract mark")
    assert {m.get_attribute("class") for m in marks} == {"sev-HIGH", "sev-MEDIUM", "sev-LOW"}
    cards = browser.find_elements(By.CSS_SELECTOR, "article.finding")
    assert len(cards) == 3 and all(c.is_displayed() for c in cards)  # messages are visible

    penalty_mark = next(m for m in marks if m.text == "违约金为合同总价款的40%")
    penalty_mark.click()
    card = browser.find_element(By.ID, "finding-1")
    assert "current" in (card.get_attribute("class") or "")
    assert "active" in (penalty_mark.get_attribute("class") or "")
    card.find_element(By.CSS_SELECTOR, "details.evidence summary").click()
    assert "cn.civil-code.586" in card.text
    assert "不得超过主合同标的额的百分之二十" in card.text

    browser.find_element(By.CSS_SELECTOR, '.finding-link[data-finding="0"]').click()
    assert "current" in (browser.find_element(By.ID, "finding-0").get_attribute("class") or "")
    assert "current" not in (card.get_attribute("class") or "")
    assert "active" not in (penalty_mark.get_attribute("class") or "")

    # The hostile markup is inert text: no alert fired, no injected element exists.
    assert (
        browser.execute_script("return document.querySelectorAll('img, [onmouseover]').length") == 0
    )
    assert '<script>alert("pwned")</script>' in browser.find_element(By.ID, "contract").text
    assert browser.find_element(By.ID, "redline").find_element(By.TAG_NAME, "ins").text == "20%"
    browser.save_screenshot(str(artifacts_dir / "report_html.png"))
    assert (artifacts_dir / "report_html.png").stat().st_size > 10_000


def test_playbook_verdicts_are_shown_and_escaped() -> None:
    from pipeline.model import PlaybookVerdict

    doc = _document(HOSTILE)
    start = doc.text.index("违约金为合同总价款的40%")
    span = doc.span(start, start + len("违约金为合同总价款的40%"))
    verdict = PlaybookVerdict(
        position_id="penalty",
        title="违约金 <b>≤ 20%</b>",
        verdict="RED",
        found=True,
        value="40.0%",
        standard="≤ 20%",
        evidence=(span,),
        quotes=(doc.quote(span),),
        escalation="escalate to the general counsel",
    )
    report = _report(doc).model_copy(update={"playbook": (verdict,)})
    html = render_html(report, doc.text)
    table = html.split('<table id="playbook">', 1)[1].split("</table>", 1)[0]
    assert 'class="pb-RED"' in table and "escalate to the general counsel" in table
    assert "&lt;b&gt;≤ 20%&lt;/b&gt;" in table and "<b>" not in table
    assert "违约金为合同总价款的40%" in table and "(第1页)" in table
