"""End to end with a recorded draft: an LLM claim whose quote is in the contract and whose
citation the KB finds supporting becomes a finding that carries that article as evidence; a
claim citing an invented article does not, and a finding says why."""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.assembly import build_review_pipeline
from pipeline.config import LLMSettings, RunConfig
from pipeline.llm.scripted import ScriptedLLM
from pipeline.llm.session import LLMSession, SessionSettings
from pipeline.reviewing import build_report

CONTRACT = Path(__file__).resolve().parents[2] / "golden_set/dev/contracts/zh_01_sale_equipment.pdf"
DRAFT = {
    "risk_points": [
        {
            "quote": "定金数额为合同总价款的百分之三十",
            "type": "deposit_excessive",
            "severity": "HIGH",
            "reasoning": "定金的数额不得超过主合同标的额的百分之二十，超过部分不产生定金的效力。",
            "suggested_fix": "定金降至合同总价的百分之二十以内。",
            "citations": ["民法典第586条"],
        },
        {
            "quote": "人民币壹佰贰拾万元整",
            "type": "amount_contradiction",
            "severity": "HIGH",
            "reasoning": "大写与小写金额不一致。",
            "suggested_fix": "统一大小写金额。",
            "citations": ["民法典第1300条"],
        },
    ]
}


def test_a_supported_claim_carries_its_article_and_a_fabricated_one_is_reported() -> None:
    replies: list[str | BaseException] = [json.dumps(DRAFT, ensure_ascii=False)]
    replies += [ConnectionError("recorded draft: no further replies")] * 12
    session = LLMSession(
        ScriptedLLM(replies, model_name="recorded-draft"),
        SessionSettings(retries=0),
        sleep=lambda _seconds: None,
    )
    pipeline = build_review_pipeline(RunConfig(llm=LLMSettings(spec="none")), session, False)
    pipeline.warm_up()
    report = build_report(
        pipeline.run({"source_path": str(CONTRACT)}), "t", "", "recorded-draft", ""
    )
    claims = [f for f in report.findings if f.stage == "generate"]
    (deposit,) = [f for f in claims if f.type == "deposit_excessive"]
    (evidence,) = deposit.evidence_source
    assert evidence.doc_id == "cn.civil-code.586" and "百分之二十" in evidence.quote
    assert evidence.anchor == "第五百八十六条"
    assert not [f for f in claims if f.type == "amount_contradiction"]  # its citation is invented
    fabricated = [f for f in report.findings if f.type == "fabricated_citation"]
    assert fabricated and fabricated[0].quote == "人民币壹佰贰拾万元整"
