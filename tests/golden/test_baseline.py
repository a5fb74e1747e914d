"""The llm-only baseline loop with the ScriptedLLM fake at the LLM boundary."""

from __future__ import annotations

import json
from pathlib import Path

from kb.catalog import default_catalog
from pipeline.eval.baseline import run_llm_only
from pipeline.eval.golden import score_system
from pipeline.eval.golden_labels import RULE_FINDING_TYPES, GoldContract, load_golden_set
from pipeline.eval.golden_report import system_summary
from pipeline.llm.scripted import ScriptedLLM


def _review(*findings: tuple[str, str, str]) -> str:
    return json.dumps(
        {
            "findings": [
                {"type": t, "severity": "HIGH", "quote": q, "citation": c} for t, q, c in findings
            ]
        },
        ensure_ascii=False,
    )


def _loan_only(small_set: Path) -> list[GoldContract]:
    return [c for c in load_golden_set(small_set) if c.id == "zh_06_loan_company"]


def test_generate_critique_rewrite_then_pass(small_set: Path) -> None:
    llm = ScriptedLLM(
        [
            _review(("excessive_interest", "借款年利率为24%", "民法典第1300条")),
            json.dumps({"verdict": "REVISE", "problems": ["missed the upfront deduction"]}),
            _review(
                ("excessive_interest", "借款年利率为24%", "民间借贷规定第25条"),
                ("interest_deducted_upfront", "一次性扣除前三个月的利息", "民法典第1300条"),
                ("usury", "年利率", ""),
            ),
            json.dumps({"verdict": "PASS", "problems": []}),
        ]
    )
    result = run_llm_only(_loan_only(small_set), llm, default_catalog())
    assert llm.remaining == 0
    assert "missed the upfront deduction" in llm.calls[2].prompt
    (run,) = result.runs
    assert run.error is None
    assert run.llm_calls == 4
    assert [p.type for p in run.predictions] == ["excessive_interest", "interest_deducted_upfront"]
    assert all(p.start >= 0 for p in run.predictions)
    score_system(result)
    summary = system_summary(result)
    assert summary["citations"]["total"] == 2
    assert summary["citations"]["fabricated"] == 1
    assert summary["citations"]["fabricated_examples"][0]["citation"] == "民法典第1300条"
    assert summary["kappa"]["cells"] == len(RULE_FINDING_TYPES)  # one contract × every type
    assert summary["overall"]["presence"]["tp"] == 2
    # the excessive-interest finding cites the gold article through a short alias
    assert summary["evidence"] == {"checked": 2, "correct": 1, "accuracy": 0.5}


def test_loop_stops_after_two_rounds(small_set: Path) -> None:
    revise = json.dumps({"verdict": "REVISE", "problems": ["again"]})
    draft = _review(("excessive_interest", "借款年利率为24%", ""))
    llm = ScriptedLLM([draft, revise, draft, revise, draft])
    result = run_llm_only(_loan_only(small_set), llm, default_catalog())
    assert result.runs[0].llm_calls == 5
    assert llm.remaining == 0
    assert "at most 2 rounds" in result.note
