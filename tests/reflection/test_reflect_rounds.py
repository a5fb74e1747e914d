"""Reflect runs each round as a Pipeline: every inner stage has its trace line and the runner's
StageError wrapping, and the rule re-check of a revised text runs through the runner too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pipeline.errors import StageError
from pipeline.runner import PipelineResult, is_inner
from pipeline.stages.revise import Revise
from tests.reflection.helpers import (
    CONTRACT_ZH,
    FABRICATED_DRAFT,
    GOOD_DRAFT,
    VERIFY_OK,
    more_edits,
    run_scripted,
    verify,
    write_contract,
)

PENALTY_AT = CONTRACT_ZH.index("50%")
LOWER_PENALTY = {
    "start": PENALTY_AT,
    "end": PENALTY_AT + 3,
    "replace_with": "20%",
    "type": "replace",
    "evidence_source": "contract",
    "confidence": 0.95,
    "reason": "违约金过高",
}


def _lines(result: PipelineResult) -> list[tuple[str, int | None]]:
    return [(r.stage, getattr(r, "round", None)) for r in result.records]


def test_a_redraft_round_runs_its_four_stages_before_reflect(tmp_path: Path) -> None:
    replies = [FABRICATED_DRAFT, verify(False), GOOD_DRAFT, VERIFY_OK]
    result, _, _ = run_scripted(write_contract(tmp_path), replies, "standard")
    assert _lines(result)[-5:] == [
        ("reflect[1].generate", 1),
        ("reflect[1].cross_check_kb", 1),
        ("reflect[1].verifier", 1),
        ("reflect[1].revise", 1),
        ("reflect", None),
    ]
    redraft = next(r for r in result.records if r.stage == "reflect[1].generate")
    assert [c["citations"] for c in redraft.outputs["llm_claims"]] == [["民法典第585条"]]
    checks = next(r for r in result.records if r.stage == "reflect[1].cross_check_kb")
    assert [c["status"] for c in checks.outputs["claim_checks"] if c["source"] == "claim"] == [
        "supported"
    ]
    # LLM calls are reported once, by reflect: a replay serves each recorded reply once
    inner = [r for r in result.records if is_inner(r)]
    assert not [n for r in inner for n in r.outputs if n.endswith("_llm_calls")]
    assert result.stages_run[-4:] == ("cross_check_kb", "verifier", "revise", "reflect")
    rounds = result.artifacts["reflection_rounds"]
    assert [(r.round, r.verdict) for r in rounds] == [(0, "stopped"), (1, "pass")]


def test_a_round_without_a_redraft_verifies_the_kept_claims_again(tmp_path: Path) -> None:
    replies = [GOOD_DRAFT, more_edits(3), more_edits(1), VERIFY_OK]
    result, _, _ = run_scripted(write_contract(tmp_path), replies, "full")
    assert [line for line in _lines(result) if line[1] is not None] == [
        ("reflect[1].verifier", 1),
        ("reflect[1].revise", 1),
        ("reflect[2].verifier", 2),
        ("reflect[2].revise", 2),
    ]
    verdicts = [r.verdict for r in result.artifacts["reflection_rounds"]]
    assert verdicts == ["stopped", "improved", "pass"]


def test_the_rule_recheck_of_a_revised_text_has_trace_lines(tmp_path: Path) -> None:
    replies = [FABRICATED_DRAFT, verify(False, [LOWER_PENALTY])]
    replies += [GOOD_DRAFT, verify(True, [LOWER_PENALTY])]
    result, _, _ = run_scripted(write_contract(tmp_path), replies, "full")
    recheck = [r for r in result.records if r.stage == "reflect[0].validate_rules"]
    assert len(recheck) == 1
    assert recheck[0].outputs["rule_findings"] == []  # 20% is no excessive penalty
    assert ("reflect[1].validate_rules", 1) in _lines(result)
    open_violations = [r.signals.open_violations for r in result.artifacts["reflection_rounds"]]
    assert open_violations == [0, 0]


def test_an_inner_stage_failure_is_wrapped_by_the_runner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    original = Revise.revise

    def revise_once(self: Revise, *args: Any) -> Any:
        calls.append(1)
        if len(calls) > 1:
            raise RuntimeError("revise broke in round 1")
        return original(self, *args)

    monkeypatch.setattr(Revise, "revise", revise_once)
    replies = [FABRICATED_DRAFT, verify(False), GOOD_DRAFT, VERIFY_OK]
    with pytest.raises(StageError) as info:
        run_scripted(write_contract(tmp_path), replies, "standard")
    assert info.value.stage == "reflect[1].revise"
    assert isinstance(info.value.__cause__, RuntimeError)


def test_usage_counts_a_round_once_inside_reflect_not_again_on_its_own_lines(
    tmp_path: Path,
) -> None:
    from pipeline.llm_usage import usage_from_result

    replies = [FABRICATED_DRAFT, verify(False), GOOD_DRAFT, VERIFY_OK]
    result, _, _ = run_scripted(write_contract(tmp_path), replies, "standard")
    assert any(is_inner(r) for r in result.records)
    top_level = sum(r.wall_ms for r in result.records if not is_inner(r))
    assert usage_from_result(result).total_ms == pytest.approx(top_level)
