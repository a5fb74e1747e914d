"""Deletions the evidence decides (a void exemption; the forum the playbook or --side does not
keep): which findings get one, exactly what they delete, and how Revise guards them. Real rule
catalogue, real ParseEntities; no LLM."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from pipeline.claims import Revision, VerifierResult
from pipeline.config import LLMSettings, RunConfig
from pipeline.errors import PlaybookLoadError
from pipeline.model import Edit, EditType, Finding
from pipeline.playbook import load_playbook
from pipeline.reviewing import review_file
from pipeline.rules_engine.decided_fixes import Forum
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.revise import Revise
from pipeline.stages.validate_rules import ValidateRules
from pipeline.stages.verifier import deterministic_edits
from pipeline.testing.documents import single_page_document

HEAD = (
    "设备买卖合同\n甲方（买方）：上海恒远精密机械有限公司\n乙方（卖方）：苏州博达数控设备有限公司\n"
)
EXEMPTION = "乙方对因设备缺陷造成甲方人员人身伤害的，不承担任何赔偿责任。"
MIXED = "乙方对货物的间接损失不承担责任，对因设备缺陷造成的人身伤害亦不承担任何赔偿责任。"
ARBITRATION = "协商不成的，提交上海仲裁委员会仲裁。"
COURT_A = "协商不成的，任何一方均可向甲方所在地人民法院提起诉讼。"
COURT_NEUTRAL = "协商不成的，任何一方均可向上海市浦东新区人民法院提起诉讼。"


def _contract(liability: str, court: str = COURT_A) -> str:
    return (
        f"{HEAD}第一条 价款\n1.1 合同总价款为人民币壹佰万元整（¥1,000,000.00）。\n"
        f"第二条 责任\n2.1 {liability}\n第三条 争议解决\n3.1 {ARBITRATION}\n3.2 {court}\n"
    )


@cache
def _stages(side: str, forum: Forum | None) -> tuple[ParseEntities, ValidateRules]:
    return ParseEntities(), ValidateRules(side=side, forum=forum)


def _findings(text: str, side: str = "neutral", forum: Forum | None = None) -> list[Finding]:
    parse, validate = _stages(side, forum)
    document = single_page_document(text)
    out = validate.run(document=document, **parse.run(document=document))
    return list(out["rule_findings"])


def _deleted(text: str, findings: list[Finding], rule: str) -> list[str]:
    return [
        text[span.start : span.end]
        for f in findings
        if f.rule_id == rule and f.fix is not None
        for span in f.fix.delete
    ]


def test_a_void_exemption_that_is_the_whole_sentence_is_deleted_without_its_number() -> None:
    text = _contract(EXEMPTION)
    findings = _findings(text)
    assert _deleted(text, findings, "cn.exemption.personal_injury") == [EXEMPTION]
    (finding,) = [f for f in findings if f.rule_id == "cn.exemption.personal_injury"]
    assert finding.fix is not None and "第五百零六条" in finding.fix.why
    assert finding.fix.delete[0].page == 1


def test_an_exemption_sentence_that_says_more_stays_a_comment() -> None:
    findings = _findings(_contract(MIXED))
    exemption = [f for f in findings if f.type == "invalid_exemption"]
    assert exemption and all(f.fix is None for f in exemption)


@pytest.mark.parametrize(
    ("side", "forum", "court", "deleted", "chosen"),
    [
        ("甲方", None, COURT_A, ARBITRATION, "the reviewing side's home court"),
        ("buyer", None, COURT_A, ARBITRATION, "the reviewing side's home court"),
        ("乙方", None, COURT_A, COURT_A, "the other side's home court"),
        ("甲方", "arbitration", COURT_A, COURT_A, "playbook"),
        ("neutral", "court", COURT_NEUTRAL, ARBITRATION, "playbook"),
        ("neutral", None, COURT_A, None, None),
        ("甲方", None, COURT_NEUTRAL, None, None),
    ],
    ids=[
        "A keeps its court", "buyer is A", "B keeps arbitration", "playbook over side",
        "playbook court", "neutral: undecided", "no home court: undecided",
    ],
)  # fmt: skip
def test_of_two_conflicting_forums_the_playbook_or_side_decides_which_goes(
    side: str, forum: Forum | None, court: str, deleted: str | None, chosen: str | None
) -> None:
    text = _contract(EXEMPTION, court)
    findings = _findings(text, side, forum)
    (conflict,) = [f for f in findings if f.rule_id == "cn.dispute.arbitration_and_litigation"]
    if deleted is None:
        assert conflict.fix is None
        return
    assert _deleted(text, findings, conflict.rule_id or "") == [deleted]
    assert conflict.fix is not None and chosen is not None and chosen in conflict.fix.chosen_by
    kept = court if deleted == ARBITRATION else ARBITRATION
    assert f"保留“{kept}”" in conflict.fix.why


def _revision(text: str, findings: list[Finding], edits: tuple[Edit, ...]) -> Revision:
    verification = VerifierResult(
        source="deterministic", no_errors_found=False, confidence=1.0, edits=edits
    )
    revision: Revision = Revise().run(
        document=single_page_document(text),
        verification=verification,
        claim_checks=(),
        rule_findings=tuple(findings),
    )["revision"]
    return revision


def test_in_none_mode_the_decided_deletions_are_applied_and_the_rest_stay_suggestions() -> None:
    text = _contract(EXEMPTION)
    findings = _findings(text, "甲方")
    edits = deterministic_edits(single_page_document(text), tuple(findings))
    applied = _revision(text, findings, edits).applied
    assert sorted(text[e.start : e.end] for e in applied) == sorted([EXEMPTION, ARBITRATION])
    assert all(e.type is EditType.DELETE and e.decided_by for e in applied)
    # the deletion is longer than the edit size cap (50 characters or half the span) allows an
    # LLM, and it deletes the text its own finding quotes: both fine for a decided fix
    suggestions = [e for e in edits if e.type is EditType.SUGGESTION]
    assert suggestions and {e.finding_type for e in suggestions}.isdisjoint(
        {"invalid_exemption", "dispute_resolution_conflict"}
    )


def test_a_deletion_that_claims_a_decision_no_finding_made_is_rejected() -> None:
    text = _contract(EXEMPTION)
    findings = _findings(text, "甲方")
    start = text.index("合同总价款")
    forged = Edit(
        start=start, end=start + 5, replace_with="", type=EditType.DELETE, confidence=1.0,
        decided_by="cn.exemption.personal_injury",
    )  # fmt: skip
    revision = _revision(text, findings, (forged,))
    assert revision.applied == ()
    assert "no finding of rule cn.exemption.personal_injury" in revision.rejected[0].reason


def test_an_undecided_deletion_of_a_findings_text_is_still_refused() -> None:
    text = _contract(MIXED)
    findings = _findings(text)
    (finding,) = [f for f in findings if f.rule_id == "cn.exemption.personal_injury"]
    start = text.index(MIXED)
    hiding = Edit(
        start=start, end=start + len(MIXED), replace_with="", type=EditType.DELETE, confidence=0.9
    )
    revision = _revision(text, findings, (hiding,))
    assert revision.applied == ()
    assert start <= finding.span.start and finding.span.end <= start + len(MIXED)
    assert "that a rule finding quotes" in revision.rejected[0].reason


FORUM_PLAYBOOK = """name: 买方立场
language: zh
positions:
  - id: forum
    title: 争议提交仲裁
    measure: dispute_forum
    allowed: [{allowed}]
    escalation: 约定诉讼的，报法务负责人。
"""


def test_a_playbooks_dispute_forum_names_one_forum(tmp_path: Path) -> None:
    path = tmp_path / "playbook.yaml"
    path.write_text(FORUM_PLAYBOOK.format(allowed="court"), "utf-8")
    assert load_playbook(path).forum == "court"
    path.write_text(FORUM_PLAYBOOK.format(allowed="mediation"), "utf-8")
    with pytest.raises(PlaybookLoadError, match="dispute_forum takes one forum, one of: arb"):
        load_playbook(path)


def test_a_review_with_the_playbook_keeps_its_forum_and_flags_the_other(tmp_path: Path) -> None:
    contract = tmp_path / "sale.txt"
    contract.write_text(_contract(EXEMPTION, COURT_NEUTRAL), "utf-8")
    playbook = tmp_path / "playbook.yaml"
    playbook.write_text(FORUM_PLAYBOOK.format(allowed="arbitration"), "utf-8")
    config = RunConfig(llm=LLMSettings(spec="none"), playbook=str(playbook))
    report = review_file(contract, config).report
    text = contract.read_text("utf-8")
    deleted = {text[e.start : e.end] for e in report.edits if e.type is EditType.DELETE}
    assert deleted == {EXEMPTION, COURT_NEUTRAL}
    (verdict,) = report.playbook
    assert verdict.verdict == "RED" and verdict.quotes == ("上海市浦东新区人民法院",)


def test_an_english_contract_keeps_the_forum_its_playbook_allows() -> None:
    text = (
        Path(__file__).resolve().parents[2] / "examples" / "services_agreement_en.txt"
    ).read_text("utf-8")
    courts = (
        "The state and federal courts located in King County, Washington shall have exclusive "
        "jurisdiction over any dispute arising out of this Agreement."
    )
    assert courts in text
    undecided = _findings(text, "neutral", None)
    (conflict,) = [f for f in undecided if f.type == "dispute_resolution_conflict"]
    assert conflict.fix is None  # no playbook, and --side knows no English home court
    decided = _findings(text, "neutral", "arbitration")
    assert _deleted(text, decided, conflict.rule_id or "") == [courts]
    (fixed,) = [f for f in decided if f.rule_id == conflict.rule_id]
    assert fixed.fix is not None and "American Arbitration Association" in fixed.fix.why


def test_dropping_the_arbitration_clause_may_take_another_rules_finding_with_it() -> None:
    """甲方 keeps its court: the arbitration sentence goes, though another rule flags its unclear
    commission; the guard that stops an edit hiding a finding is for proposed edits."""
    unclear = "协商不成的，提交上海的仲裁机构仲裁。"
    text = _contract(EXEMPTION).replace(ARBITRATION, unclear)
    findings = _findings(text, "甲方")
    assert any(f.rule_id == "cn.dispute.arbitration_institution_unclear" for f in findings)
    edits = deterministic_edits(single_page_document(text), tuple(findings))
    applied = _revision(text, findings, edits).applied
    assert sorted(text[e.start : e.end] for e in applied) == sorted([EXEMPTION, unclear])
