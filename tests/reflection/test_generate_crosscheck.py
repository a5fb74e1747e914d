"""Generate anchors quotes strictly; CrossCheckKB checks citations against the real KB catalog."""

from __future__ import annotations

import json
from pathlib import Path

from kb.catalog import default_catalog
from kb.verify import CitationVerifier
from pipeline.config import IntakeLimits
from pipeline.llm import LLMSession, ScriptedLLM
from pipeline.llm.schemas import RiskPoint
from pipeline.stages.cross_check_kb import CrossCheckKB
from pipeline.stages.generate import Generate, anchor_claims, risk_type
from pipeline.stages.intake import read_document
from tests.reflection.helpers import (
    CONTRACT_ZH,
    GOOD_DRAFT,
    PENALTY_QUOTE,
    VERIFY_OK,
    risk,
    run_scripted,
    write_contract,
)


def point(quote: str) -> RiskPoint:
    return RiskPoint(quote=quote, type="x", severity="LOW", reasoning="r", suggested_fix="f")


def test_quotes_become_spans_by_exact_unique_match(tmp_path: Path) -> None:
    document = read_document(write_contract(tmp_path), IntakeLimits())
    claims, rejected = anchor_claims(
        document,
        [
            point(PENALTY_QUOTE),
            point("违约金为合同总额的 50%"),
            point("乙方"),
            point("不存在的文字"),
        ],
    )
    (claim,) = claims
    assert document.text[claim.finding.span.start : claim.finding.span.end] == PENALTY_QUOTE
    assert claim.finding.quote == PENALTY_QUOTE
    assert [(r.quote, r.reason) for r in rejected] == [
        ("违约金为合同总额的 50%", "not found in the contract"),  # no fuzzy matching
        ("乙方", "matches 2 times"),
        ("不存在的文字", "not found in the contract"),
    ]


def test_risk_types_are_snake_case() -> None:
    assert risk_type("Penalty Excessive!") == "penalty_excessive"
    assert risk_type("违约金过高") == "llm_risk"
    assert risk_type("3rd party") == "llm_3rd_party"


def test_generate_prompt_delimits_the_contract_as_data_and_uses_the_side(tmp_path: Path) -> None:
    document = read_document(write_contract(tmp_path), IntakeLimits())
    llm = ScriptedLLM([GOOD_DRAFT])
    from pipeline.config import LLMSettings

    session = LLMSession(llm)
    out = Generate(session, LLMSettings(side="party_b")).run(document=document)
    (call,) = llm.calls
    system, user = call.messages
    assert "Party B (乙方)" in system.content and "DATA" in system.content
    nonce = session.fence  # drawn for this call, recorded for replay
    assert len(nonce) == 16 and nonce != document.sha256[:16]
    assert out["generate_llm_calls"][0].fence == nonce
    assert user.content.startswith(f"<<<CONTRACT-{nonce}") and CONTRACT_ZH in user.content
    assert user.content.rstrip().endswith(f"<<<END-CONTRACT-{nonce}>>>")
    assert call.temperature == LLMSettings().temperature_generate
    assert len(out["llm_claims"]) == 1 and len(out["generate_llm_calls"]) == 1


def test_fabricated_and_repealed_citations_become_findings(tmp_path: Path) -> None:
    document = read_document(write_contract(tmp_path), IntakeLimits())
    catalog = default_catalog()
    points = [
        RiskPoint(
            quote=PENALTY_QUOTE, type="penalty", severity="HIGH",
            reasoning="依据合同法第114条，违约金过高。", suggested_fix="调低",
            citations=["民法典第9999条", "民法典第585条"],
        )
    ]  # fmt: skip
    claims, _ = anchor_claims(document, points)
    checker = CrossCheckKB(
        CitationVerifier(catalog), lambda t: [f.ref.raw for f in catalog.parser.find_all(t)]
    )
    findings, checks = checker.check_all((), tuple(claims))
    assert [(c.citation, c.status) for c in checks] == [
        ("民法典第9999条", "fabricated"),
        ("民法典第585条", "supported"),
        ("合同法第114条", "repealed"),  # found in the reasoning: an implied citation
    ]
    assert sorted(f.type for f in findings) == ["fabricated_citation", "repealed_citation"]
    for f in findings:
        assert f.quote == document.text[f.span.start : f.span.end] == PENALTY_QUOTE
    repealed = next(f for f in findings if f.type == "repealed_citation")
    assert "民法典" in repealed.message


def test_verifier_is_factored_it_never_sees_generates_reasoning(tmp_path: Path) -> None:
    secret = "推理过程：这是生成阶段的内部推理"
    draft = risk("民法典第585条", reasoning=secret)
    _, llm, _ = run_scripted(write_contract(tmp_path), [draft, VERIFY_OK], "light")
    generate_call, verifier_call = llm.calls
    assert secret not in verifier_call.prompt
    assert PENALTY_QUOTE in verifier_call.prompt  # it does see the claim itself
    assert "penalty_excessive" in verifier_call.prompt  # and the rule findings
    payload = verifier_call.prompt.split("REVIEW TO CHECK:\n", 1)[1].split("\n\n<<<")[0]
    assert json.loads(payload)["claims"][0]["citations"] == ["民法典第585条"]
    assert verifier_call.temperature < generate_call.temperature


def test_lookup_only_checker_and_no_kb(tmp_path: Path) -> None:
    from pipeline.stages.cross_check_kb import LookupChecker

    document = read_document(write_contract(tmp_path), IntakeLimits())
    points = [
        RiskPoint(
            quote=PENALTY_QUOTE, type="p", severity="LOW", reasoning="r", suggested_fix="f",
            citations=["民法典第585条", "合同法第114条", "某某条例第3条"],
        )
    ]  # fmt: skip
    claims, _ = anchor_claims(document, points)
    _, checks = CrossCheckKB(LookupChecker(default_catalog())).check_all((), tuple(claims))
    # 某某条例 is no law the registry of PRC law titles knows: invented, not merely unchecked
    assert [c.status for c in checks] == ["supported", "repealed", "fabricated"]
    _, none = CrossCheckKB(None).check_all((), tuple(claims))
    assert {c.status for c in none} == {"unchecked"}


def test_a_rules_citation_is_checked_once_however_often_the_rule_fires() -> None:
    from kb.types import CitationVerdict
    from pipeline.model import Finding, Severity, Span

    catalog = default_catalog()
    calls: list[str] = []

    class CountingChecker:
        def verify(
            self, citation: str, claim: str, search_conflicts: bool = True
        ) -> CitationVerdict:
            calls.append(citation)
            return CitationVerdict(lookup=catalog.lookup(citation))

    evidence = catalog.lookup("民法典第585条").evidence
    assert evidence is not None

    def fired(at: int, rule_id: str) -> Finding:
        return Finding(
            type="penalty_excessive", severity=Severity.HIGH, span=Span(start=at, end=at + 2, page=1),
            quote="违约", message=f"第{at}处违约金过高", evidence_source=(evidence,),
            stage="validate_rules", rule_id=rule_id,
        )  # fmt: skip

    findings = (*tuple(fired(i * 10, "cn.penalty.a") for i in range(5)), fired(99, "cn.penalty.b"))
    _, checks = CrossCheckKB(CountingChecker()).check_all(findings, ())
    assert len(calls) == 2  # one per (rule, citation), not one per finding
    assert [c.index for c in checks] == [0, 1, 2, 3, 4, 5]
    assert {c.status for c in checks} == {"supported"}
