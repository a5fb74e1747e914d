"""A whole review with real inference must really use the LLM.

A run that degraded to ``none`` still reports the rule findings, so a test that accepts a
degrade passes with a broken backend. These fail on any degrade: every call must be ``ok``,
and the report's mode must be the model's, not "(degraded to none)".

SmolLM2 only proves the plumbing. With llama.cpp's and Ollama's repeat penalty (1.1) and room
for 256 tokens it completes both replies for this contract (Generate about 90 tokens, the
Verifier about 160); with 128 tokens the Verifier's reply was cut off and the run degraded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pipeline.config import LLMSettings, ReflectionSettings, RunConfig
from pipeline.reviewing import ReviewOutcome, review_file
from tests.reflection.helpers import fix_fences, write_contract

pytestmark = [pytest.mark.integration, pytest.mark.slow]

# one array item, no re-ask and no retry: a bad reply or a timeout fails the test at once
REAL = {
    "max_output_tokens": 256,
    "max_decoded_items": 1,
    "max_reasks": 0,
    "retries": 0,
    "timeout_s": 600.0,
}


def _assert_the_llm_really_ran(outcome: ReviewOutcome, model: str) -> None:
    report = outcome.report
    assert report.mode == model, report.mode_note  # not "... (degraded to none)"
    reasons = {item.reason for item in report.human_review}
    assert not reasons & {"degraded", "budget_exhausted"}, report.human_review
    calls = outcome.llm_calls
    assert [(c.stage, c.outcome) for c in calls] == [("generate", "ok"), ("verifier", "ok")]
    assert all(c.model_name == model and c.output_tokens > 0 for c in calls)
    assert report.stages_run[-4:] == ("cross_check_kb", "verifier", "revise", "reflect")
    assert "penalty_excessive" in {f.type for f in report.findings}


def test_a_real_review_through_the_ollama_api_does_not_degrade(
    monkeypatch: pytest.MonkeyPatch, ollama_server: Any, tmp_path: Path
) -> None:
    config = RunConfig(
        llm=LLMSettings(spec="ollama:smollm2:135m", url=ollama_server.url, **REAL),
        reflection=ReflectionSettings(mode="light"),
    )
    contract = write_contract(tmp_path)
    fix_fences(monkeypatch, contract)
    before = len(ollama_server.requests), len(ollama_server.windows)
    outcome = review_file(contract, config)
    _assert_the_llm_really_ran(outcome, "ollama:smollm2:135m")
    # every request named its window and keep-alive, and no prompt was cut to fit one
    chats = [body for path, body in ollama_server.requests[before[0] :] if path == "/api/chat"]
    assert len(chats) == 2 and all(c["options"]["num_ctx"] >= 4096 for c in chats)
    assert {c["keep_alive"] for c in chats} == {"10m"}
    assert not [w for w in ollama_server.windows[before[1] :] if w.cut]


def test_a_real_review_with_the_embedded_llm_does_not_degrade(
    smollm2: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = RunConfig(
        llm=LLMSettings(spec="llamacpp", **REAL), reflection=ReflectionSettings(mode="light")
    )
    contract = write_contract(tmp_path)
    fix_fences(monkeypatch, contract)
    outcome = review_file(contract, config)
    _assert_the_llm_really_ran(outcome, "llamacpp:smollm2-135m")
    assert "PLUMBING MODE" in outcome.report.mode_note
