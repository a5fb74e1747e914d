"""Table-driven scenarios of the whole loop, through the real pipeline and a scripted LLM.

Each row: the scripted replies, the routing, and what must come out — LLM calls, round
verdicts, human-review reasons and which finding types reach the report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from pipeline.llm.client import estimate_tokens
from pipeline.llm.prompts import generate_messages
from pipeline.llm.schemas import GenerateReply
from tests.reflection.helpers import (
    CONTRACT_ZH,
    EMPTY_DRAFT,
    FABRICATED_DRAFT,
    GOOD_DRAFT,
    PENALTY_QUOTE,
    VERIFY_OK,
    more_edits,
    risk,
    run_scripted,
    verify,
    write_contract,
)

PENALTY_START = CONTRACT_ZH.index(PENALTY_QUOTE)
LOW_CONFIDENCE_EDIT = {
    "start": PENALTY_START,
    "end": PENALTY_START + len(PENALTY_QUOTE),
    "replace_with": "违约金为合同总额的30%",
    "type": "replace",
    "evidence_source": "民法典第585条",
    "confidence": 0.5,
    "reason": "过高",
}


@dataclass(frozen=True)
class Scenario:
    name: str
    replies: list[str | BaseException]
    reflection: str
    calls: int
    verdicts: list[str]
    review: list[str]
    report_types: set[str]
    budget: int | None = None
    not_in_report: set[str] = field(default_factory=set)


def _generate_prompt_tokens() -> int:
    sha = __import__("hashlib").sha256(CONTRACT_ZH.encode()).hexdigest()
    msgs = generate_messages(CONTRACT_ZH, sha[:12], "neutral", GenerateReply)
    return sum(estimate_tokens(m.content) for m in msgs)


SCENARIOS = [
    Scenario(
        "pass at round 0",
        [GOOD_DRAFT, VERIFY_OK],
        "full",
        calls=2,
        verdicts=["pass"],
        review=[],
        report_types={"penalty_excessive"},
    ),
    Scenario(
        "improvement then pass",
        [FABRICATED_DRAFT, VERIFY_OK, GOOD_DRAFT, VERIFY_OK],
        "standard",
        calls=4,
        verdicts=["stopped", "pass"],
        review=[],
        report_types={"penalty_excessive"},
        not_in_report={"fabricated_citation"},
    ),
    Scenario(
        "unrelated citation -> redraft -> pass",
        [risk("民法典第1条"), VERIFY_OK, GOOD_DRAFT, VERIFY_OK],
        "standard",
        calls=4,
        verdicts=["stopped", "pass"],
        review=[],
        report_types={"penalty_excessive"},
    ),
    Scenario(
        "no improvement -> exit at once",
        [FABRICATED_DRAFT, VERIFY_OK, FABRICATED_DRAFT, VERIFY_OK],
        "full",
        calls=4,
        verdicts=["stopped", "no_improvement"],
        review=["no_improvement", "low_reflection_score"],
        report_types={"penalty_excessive", "fabricated_citation"},
    ),
    Scenario(
        "budget exhausted -> fallback",
        [GOOD_DRAFT],
        "full",
        calls=1,
        verdicts=["pass"],
        review=["budget_exhausted"],
        report_types={"penalty_excessive"},
        budget=-1,  # computed: room for Generate only
    ),
    Scenario(
        "low confidence -> queued",
        [GOOD_DRAFT, verify(edits=[LOW_CONFIDENCE_EDIT])],
        "light",
        calls=2,
        verdicts=["pass"],
        review=["low_confidence"],
        report_types={"penalty_excessive"},
    ),
    Scenario(
        "malformed reply -> re-ask -> typed error -> degrade",
        ["not json at all", "{}", '{"risk_points": 5}'],
        "full",
        calls=3,
        verdicts=["pass"],
        review=["degraded"],
        report_types={"penalty_excessive"},
    ),
    Scenario(
        "another fabricated citation is no improvement",
        [
            FABRICATED_DRAFT,
            VERIFY_OK,
            FABRICATED_DRAFT.replace("9999", "9998").replace("过高", "过高了"),
            VERIFY_OK,
        ],
        "standard",
        calls=4,
        verdicts=["stopped", "no_improvement"],
        review=["no_improvement", "low_reflection_score"],
        report_types={"penalty_excessive", "fabricated_citation"},
    ),
    Scenario(
        # every round improves and none passes: only the cap (full = 2 rounds) stops the loop
        "rounds exhausted",
        [GOOD_DRAFT, more_edits(3), more_edits(2), more_edits(1)],
        "full",
        calls=4,
        verdicts=["stopped", "improved", "improved"],
        review=["loop_exhausted", "low_reflection_score"],
        report_types={"penalty_excessive"},
    ),
]


@pytest.mark.parametrize("case", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_loop_scenario(case: Scenario, tmp_path: Path) -> None:
    budget = 60_000
    if case.budget == -1:
        budget = _generate_prompt_tokens() + 1024 + 20
    path = write_contract(tmp_path)
    result, llm, _ = run_scripted(path, case.replies, case.reflection, budget)
    art = result.artifacts

    assert len(llm.calls) == case.calls
    assert llm.remaining == 0
    rounds = art["reflection_rounds"]
    assert [r.verdict for r in rounds] == case.verdicts
    assert len(llm.calls) <= 1 + 2 * len(rounds) or case.review == ["degraded"]
    assert sorted(i.reason for i in art["human_review"]) == sorted(case.review)
    types = {f.type for f in art["report_findings"]}
    assert case.report_types <= types
    assert not (case.not_in_report & types)
    # rule findings always reach the report, whatever the LLM said
    assert set(art["rule_findings"]) <= set(art["report_findings"])


def test_typical_pass_uses_at_most_three_calls(tmp_path: Path) -> None:
    result, llm, _ = run_scripted(write_contract(tmp_path), [GOOD_DRAFT, VERIFY_OK], "auto")
    assert len(llm.calls) <= 3
    assert result.artifacts["route"].name in ("light", "standard", "full")


def test_low_confidence_edit_is_not_applied_but_queued_with_its_span(tmp_path: Path) -> None:
    replies = [GOOD_DRAFT, verify(edits=[LOW_CONFIDENCE_EDIT])]
    result, _, _ = run_scripted(write_contract(tmp_path), replies, "light")
    art = result.artifacts
    assert art["revised_text"] == CONTRACT_ZH
    (item,) = art["human_review"]
    assert item.span is not None and item.span.start == PENALTY_START


def test_confident_edit_is_applied_and_preserves_the_rest(tmp_path: Path) -> None:
    edit = dict(LOW_CONFIDENCE_EDIT, confidence=0.95)
    replies = [GOOD_DRAFT, verify(edits=[edit])]
    result, _, _ = run_scripted(write_contract(tmp_path), replies, "light")
    art = result.artifacts
    assert art["revised_text"] == CONTRACT_ZH.replace("总额的50%", "总额的30%")
    assert any(e.replace_with == "违约金为合同总额的30%" for e in art["applied_edits"])
    (record,) = art["reflection_rounds"]
    assert 0.9 < record.signals.pres_lev < 1.0


def test_none_mode_skips_generate_and_suggests_rule_fixes(tmp_path: Path) -> None:
    result, llm, _ = run_scripted(write_contract(tmp_path), [], "full", none_mode=True)
    art = result.artifacts
    assert llm.calls == [] and art["llm_claims"] == () and art["human_review"] == ()
    (edit,) = art["applied_edits"]
    (finding,) = art["rule_findings"]
    assert (edit.type.value, edit.start, edit.end) == (
        "suggestion",
        finding.span.start,
        finding.span.end,
    )
    assert edit.replace_with.startswith("【建议补充】") and art["revised_text"] == CONTRACT_ZH


def test_empty_draft_passes_without_llm_findings(tmp_path: Path) -> None:
    result, llm, _ = run_scripted(write_contract(tmp_path), [EMPTY_DRAFT, VERIFY_OK], "full")
    assert len(llm.calls) == 2
    assert {f.stage for f in result.artifacts["report_findings"]} == {"validate_rules"}


def test_long_contracts_are_drafted_and_verified_per_clause_block(tmp_path: Path) -> None:
    from pipeline.stages.reflect_support.blocks import clause_blocks

    filler = "".join(f"第{n}款 双方应当诚信履行本合同约定的各项义务。\n" for n in range(60))
    text = CONTRACT_ZH.replace("第二条", filler + "第二条")
    blocks = clause_blocks(text, 600)
    assert len(blocks) >= 3 and all(e - s <= 600 for s, e in blocks)
    assert blocks[-1][0] <= text.index(PENALTY_QUOTE) and blocks[-1][1] == len(text)
    replies = [EMPTY_DRAFT] * (len(blocks) - 1) + [GOOD_DRAFT, VERIFY_OK]
    result, llm, _ = run_scripted(write_contract(tmp_path, text), replies, "light", block_chars=600)
    prompts = [c.prompt for c in llm.calls]
    assert [("REVIEW TO CHECK" in p) for p in prompts] == [False] * len(blocks) + [True]
    # the one Verifier call covers only the block holding the claim and the rule finding
    assert PENALTY_QUOTE in prompts[-1] and "第0款" not in prompts[-1]
    (claim,) = result.artifacts["llm_claims"]
    assert text[claim.finding.span.start : claim.finding.span.end] == PENALTY_QUOTE
