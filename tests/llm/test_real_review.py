"""A whole review with real inference must really use the LLM.

A run that degraded to ``none`` still reports the rule findings, so a test that accepts any
degrade passes with a broken backend. These fail unless both stages reached the model and got
real tokens back, Generate's reply was valid, and the Verifier's either was or was refused by
the reply schema, which the report then names (SmolLM2's JSON validity depends on the CPU's
float order; the plumbing's correctness does not).

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
    reasons = {item.reason for item in report.human_review}
    assert "budget_exhausted" not in reasons, report.human_review
    calls = outcome.llm_calls
    # both stages reached the model and it answered with real tokens: a broken transport, a
    # wrong model or a timeout fails here
    assert [c.stage for c in calls] == ["generate", "verifier"]
    assert all(c.model_name == model and c.output_tokens > 0 for c in calls)
    assert calls[0].outcome == "ok"
    assert report.stages_run[-4:] == ("cross_check_kb", "verifier", "revise", "reflect")
    assert "penalty_excessive" in {f.type for f in report.findings}
    if calls[1].outcome == "ok":
        assert report.mode == model, report.mode_note
        return
    # SmolLM2's Verifier reply is valid JSON on one CPU and loops inside a string on another
    # (a native llama.cpp build sums floats in another order): a reply the schema refused is
    # the model's failing, and the run must say so, not pass it off as the model's review
    assert calls[1].outcome == "invalid"
    assert report.mode == f"{model} (degraded to none)"
    assert "failed validation" in report.mode_note and "verifier" in report.mode_note
    assert "degraded" in reasons


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
