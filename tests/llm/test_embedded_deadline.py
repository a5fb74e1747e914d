"""The embedded backend's deadline, with real inference (SmolLM2 through llama-cpp-python).

``--llm-timeout`` bounds the whole call: waiting for the model's lock, reading the prompt and
generating. llama.cpp's abort callback ends a decode within milliseconds of the deadline, and
the model answers normally afterwards.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from pipeline.config import LLMSettings, ReflectionSettings, RunConfig
from pipeline.llm import Message
from pipeline.reviewing import EXIT_HUMAN_REVIEW, review_file
from tests.reflection.helpers import write_contract

pytestmark = [pytest.mark.integration, pytest.mark.slow]

MARGIN_S = 1.0  # a loaded machine: one graph node of a decode, plus Python around it
# a prompt long enough that reading it alone takes longer than the deadlines below
LONG = [
    Message(role="system", content="You check contracts. Reply with JSON only."),
    Message(role="user", content="Contract: " + "The buyer pays USD 100 within 30 days. " * 120),
]
SHORT = [Message(role="user", content="Say hello.")]


def test_an_embedded_call_ends_at_its_timeout_and_the_model_still_answers(
    smollm2: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(smollm2, "timeout_s", 0.3)
    began = time.monotonic()
    with pytest.raises(TimeoutError, match=r"--llm-timeout 0\.3"):
        smollm2.chat(LONG, schema=None, temperature=0.1, max_tokens=512)
    assert time.monotonic() - began <= 0.3 + MARGIN_S

    monkeypatch.setattr(smollm2, "timeout_s", 600.0)
    reply = smollm2.chat(SHORT, schema=None, temperature=0.1, max_tokens=8)
    assert reply.text.strip() and 0 < reply.output_tokens <= 8


def test_the_review_deadline_cuts_an_embedded_call(smollm2: Any) -> None:
    began = time.monotonic()
    with pytest.raises(TimeoutError, match="the review's deadline"):
        smollm2.chat(LONG, schema=None, temperature=0.1, max_tokens=512, deadline=began + 0.2)
    assert time.monotonic() - began <= 0.2 + MARGIN_S


def test_waiting_for_the_model_counts_toward_the_deadline(
    smollm2: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(smollm2, "timeout_s", 0.2)
    began = time.monotonic()
    with smollm2.lock, pytest.raises(TimeoutError, match="still waiting for the model"):
        smollm2.chat(SHORT, schema=None, temperature=0.1, max_tokens=8)
    assert 0.15 <= time.monotonic() - began <= 0.2 + MARGIN_S


def test_a_review_whose_embedded_calls_time_out_degrades_with_a_flag(tmp_path: Path) -> None:
    timeout = 0.1  # far too short for any real call: every call must be cut off
    config = RunConfig(
        llm=LLMSettings(spec="llamacpp", timeout_s=timeout, retries=1, backoff_s=0.0),
        reflection=ReflectionSettings(mode="light"),
    )
    outcome = review_file(write_contract(tmp_path), config)
    report = outcome.report
    assert report.mode == "llamacpp:smollm2-135m (degraded to none)"
    assert report.needs_human_review and outcome.exit_code == EXIT_HUMAN_REVIEW
    (degraded,) = [item for item in report.human_review if item.reason == "degraded"]
    assert "--llm-timeout 0.1" in degraded.detail
    assert [(c.stage, c.outcome) for c in outcome.llm_calls] == [("generate", "timeout")] * 2
    assert all(c.latency_ms / 1000 <= timeout + MARGIN_S for c in outcome.llm_calls)
