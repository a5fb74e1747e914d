"""LLMSession guardrails, through the ScriptedLLM fake at the LLM boundary."""

from __future__ import annotations

import time
from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict

from pipeline.errors import LLMBudgetExceededError, LLMReplyError, LLMUnavailableError
from pipeline.llm import LLMSession, Message, ScriptedLLM, SessionSettings
from pipeline.llm.client import MalformedReplyError
from pipeline.llm.session import decoding_schema


class Verdict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: bool
    level: Literal["low", "high"]


ASK = [Message(role="user", content="check this")]
VALID = '{"ok": true, "level": "low"}'


def _session(llm: ScriptedLLM, **kw: object) -> tuple[LLMSession, list[float]]:
    slept: list[float] = []
    settings = SessionSettings(**kw)  # type: ignore[arg-type]
    return LLMSession(llm, settings, sleep=slept.append), slept


def test_valid_reply_is_parsed_and_recorded() -> None:
    llm = ScriptedLLM(['{"ok": true, "level": "low"}'])
    session, _ = _session(llm)
    assert session.ask("verifier", ASK, Verdict, 0.1) == Verdict(ok=True, level="low")
    (call,) = session.calls
    assert (call.stage, call.outcome, call.attempt) == ("verifier", "ok", 1)
    assert call.input_tokens > 0 and call.output_tokens > 0
    assert llm.calls[0].schema == decoding_schema(Verdict.model_json_schema())
    assert llm.calls[0].temperature == 0.1


def test_invalid_reply_is_sent_back_with_the_error_then_accepted() -> None:
    llm = ScriptedLLM(
        ['{"ok": true, "level": "low", "extra": 1}', '{"ok": false, "level": "high"}']
    )
    session, _ = _session(llm)
    assert session.ask("generate", ASK, Verdict, 0.4).level == "high"
    second = llm.calls[1].messages
    assert second[-2].content == '{"ok": true, "level": "low", "extra": 1}'
    assert "extra" in second[-1].content and "schema" in second[-1].content
    assert [c.outcome for c in session.calls] == ["invalid", "ok"]


def test_three_bad_replies_raise_a_typed_error_with_attempts_and_raw_reply() -> None:
    llm = ScriptedLLM(["nope", "{}", "still not json"])
    session, _ = _session(llm)
    with pytest.raises(LLMReplyError) as info:
        session.ask("verifier", ASK, Verdict, 0.1)
    assert info.value.attempts == 3
    assert info.value.raw_reply == "still not json"
    assert len(llm.calls) == 3


def test_timeouts_are_retried_with_backoff_then_unavailable() -> None:
    llm = ScriptedLLM([TimeoutError("slow"), TimeoutError("slow"), TimeoutError("slow")])
    session, slept = _session(llm, retries=2, backoff_s=0.5)
    with pytest.raises(LLMUnavailableError):
        session.ask("generate", ASK, Verdict, 0.4)
    assert slept == [0.5, 1.0]
    assert [c.outcome for c in session.calls] == ["timeout"] * 3


def test_a_transient_error_then_success() -> None:
    llm = ScriptedLLM([ConnectionError("reset"), '{"ok": true, "level": "low"}'])
    session, slept = _session(llm, retries=2, backoff_s=0.1)
    assert session.ask("generate", ASK, Verdict, 0.4).ok
    assert slept == [0.1]


def test_budget_is_checked_before_the_call() -> None:
    llm = ScriptedLLM(['{"ok": true, "level": "low"}'])
    session, _ = _session(llm, token_budget=100, max_output_tokens=200)
    with pytest.raises(LLMBudgetExceededError, match="--token-budget"):
        session.ask("generate", ASK, Verdict, 0.4)
    assert llm.calls == []


def test_degrade_switches_the_session_off_and_keeps_the_first_reason() -> None:
    session, _ = _session(ScriptedLLM())
    session.degrade(LLMBudgetExceededError("out of tokens"))
    session.degrade(LLMUnavailableError("later"))
    assert not session.active
    assert session.degrade_kind == "budget_exhausted"
    assert "out of tokens" in (session.degraded_reason or "")
    with pytest.raises(LLMUnavailableError):
        session.ask("generate", ASK, Verdict, 0.4)


def test_none_mode_session_is_inactive() -> None:
    session = LLMSession(None)
    assert not session.active and session.model_name == "none"


def test_usage_summary_for_the_benchmark(tmp_path: object) -> None:
    from pathlib import Path

    from pipeline.llm_usage import usage_from_result
    from tests.reflection.helpers import GOOD_DRAFT, VERIFY_OK, run_scripted, write_contract

    result, llm, session = run_scripted(
        write_contract(Path(str(tmp_path))), [GOOD_DRAFT, VERIFY_OK], "light"
    )
    usage = usage_from_result(result)
    assert usage.calls == len(llm.calls) == 2
    assert usage.calls_by_stage == {"generate": 1, "verifier": 1}
    assert usage.input_tokens == sum(c.input_tokens for c in session.calls) > 0
    assert usage.total_ms >= usage.llm_ms and usage.non_llm_ms == usage.total_ms - usage.llm_ms
    assert usage.as_dict()["llm_calls"] == 2


# -- malformed wire replies and the review deadline ----------------------------------------


def test_a_malformed_wire_reply_counts_as_an_invalid_reply_and_is_re_asked() -> None:
    llm = ScriptedLLM(
        [MalformedReplyError("host: the reply is not JSON", "<html>502</html>"), VALID]
    )
    session, _ = _session(llm)
    assert session.ask("generate", ASK, Verdict, 0.4) == Verdict(ok=True, level="low")
    assert [(c.outcome, c.attempt) for c in session.calls] == [("invalid", 1), ("ok", 2)]
    assert session.calls[0].reply == "<html>502</html>"  # the evidence is in the trace
    second = llm.calls[1].messages
    assert second[-2].content == "<html>502</html>" and "not JSON" in second[-1].content


def test_malformed_wire_replies_until_the_re_asks_run_out_raise_the_typed_error() -> None:
    llm = ScriptedLLM([MalformedReplyError("host: not Ollama's reply shape", "{}")] * 3)
    session, slept = _session(llm)
    with pytest.raises(LLMReplyError) as info:
        session.ask("verifier", ASK, Verdict, 0.1)
    assert info.value.attempts == 3 and "reply shape" in info.value.problem
    assert [c.outcome for c in session.calls] == ["invalid"] * 3
    assert slept == []  # not a transient failure: no backoff, no retry beyond the re-asks


def test_the_review_deadline_is_passed_to_every_call() -> None:
    llm = ScriptedLLM([VALID])
    session, _ = _session(llm)
    deadline = time.monotonic() + 3600
    session.set_review_deadline(deadline)
    session.ask("generate", ASK, Verdict, 0.4)
    assert llm.calls[0].deadline == deadline


def test_after_the_review_deadline_every_call_is_refused_by_degrading() -> None:
    now = [100.0]
    llm = ScriptedLLM([VALID])
    session = LLMSession(llm, SessionSettings(), sleep=lambda s: None, clock=lambda: now[0])
    session.set_review_deadline(100.0)  # reached: the clock says 100.0
    with pytest.raises(LLMUnavailableError, match="review deadline reached"):
        session.ask("generate", ASK, Verdict, 0.4)
    assert llm.calls == [] and session.calls == []
    assert not session.active and session.degrade_kind == "degraded"
    assert "review deadline reached" in (session.degraded_reason or "")
    with pytest.raises(LLMUnavailableError):  # and it stays refused
        session.ask("verifier", ASK, Verdict, 0.1)


def test_no_retry_starts_after_the_review_deadline_and_backoff_stops_there() -> None:
    now = [0.0]
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    llm = ScriptedLLM([TimeoutError("cut off"), VALID])
    session = LLMSession(
        llm, SessionSettings(retries=2, backoff_s=5.0), sleep=sleep, clock=lambda: now[0]
    )
    session.set_review_deadline(2.0)
    with pytest.raises(LLMUnavailableError, match="review deadline reached"):
        session.ask("generate", ASK, Verdict, 0.4)
    assert slept == [2.0]  # the 5 s backoff was cut to the 2 s left
    assert [c.outcome for c in session.calls] == ["timeout"] and llm.remaining == 1
    assert "review deadline reached" in (session.degraded_reason or "")


def test_a_deadline_still_ahead_changes_nothing() -> None:
    session, _ = _session(ScriptedLLM([VALID]))
    session.set_review_deadline(time.monotonic() + 3600)
    assert session.ask("generate", ASK, Verdict, 0.4).ok and session.active
    session.set_review_deadline(None)
    assert session.review_deadline is None
