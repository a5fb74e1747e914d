"""LLM faults in a real review: the real ``ollama`` client against a scripted fault server.

Each case runs ``review_file`` with ``--llm ollama:MODEL`` pointed at ``FaultyOllamaServer``.
Whatever the server does, the review finishes, degrades to ``none`` with the reason in the
report, needs human review (exit 3), and a call the server stalls ends at ``--llm-timeout``:
the call record's latency and the server's own log (when the client hung up) both say so.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from pipeline.config import LLMSettings, ReflectionSettings, RunConfig
from pipeline.errors import LLMUnavailableError
from pipeline.llm import LLMSession, Message, SessionSettings, build_client
from pipeline.llm.ollama_backend import OllamaLLM
from pipeline.reviewing import EXIT_HUMAN_REVIEW, review_file
from tests.ollama_server import FAULT_MODEL, FaultyOllamaServer, Reply
from tests.reflection.helpers import GOOD_DRAFT, VERIFY_OK, write_contract

pytestmark = pytest.mark.integration

TIMEOUT_S = 1.0
MARGIN_S = 0.5  # thread start-up and a loaded CI machine; the cut itself is immediate
RETRIES = 1


def _config(url: str) -> RunConfig:
    llm = LLMSettings(
        spec=f"ollama:{FAULT_MODEL}",
        url=url,
        timeout_s=TIMEOUT_S,
        retries=RETRIES,
        backoff_s=0.05,
    )
    return RunConfig(llm=llm, reflection=ReflectionSettings(mode="light"))


@dataclass(frozen=True)
class FaultCase:
    reply: Reply
    outcomes: tuple[str, ...]  # what the session records, in order
    reason: str  # in the degrade reason the report gives
    stalls: bool  # the server never finishes in time: the client must hang up at the deadline


STALL = TIMEOUT_S * 5  # far longer than the timeout: only the deadline can end these calls
CASES = {
    # a body that is not JSON: invalid, re-asked twice (max_reasks=2), then LLMReplyError
    "not_json": FaultCase(
        Reply.not_json(), ("invalid",) * 3, "LLMReplyError: stage 'generate'", False
    ),
    # valid JSON in OpenAI's shape, not Ollama's: the same path
    "wrong_shape": FaultCase(
        Reply.wrong_shape(), ("invalid",) * 3, "not Ollama's reply shape", False
    ),
    # one byte every 0.25 s: httpx's per-read timeout alone would never fire
    "trickle": FaultCase(
        Reply.trickle(0.25, GOOD_DRAFT), ("timeout",) * (1 + RETRIES), "no complete reply", True
    ),
    # the whole reply, but only after 5 s
    "slow": FaultCase(
        Reply.slow(STALL, GOOD_DRAFT), ("timeout",) * (1 + RETRIES), "no complete reply", True
    ),
    "http_500": FaultCase(Reply.http_500(), ("error",) * (1 + RETRIES), "HTTP 500", False),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_faulty_server_degrades_the_review_with_a_flag(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    with FaultyOllamaServer(case.reply) as server:
        outcome = review_file(write_contract(tmp_path), _config(server.url))
        chats = list(server.chats)

    report = outcome.report
    assert report.mode == f"ollama:{FAULT_MODEL} (degraded to none)"
    assert report.needs_human_review and outcome.exit_code == EXIT_HUMAN_REVIEW == 3
    (degraded,) = [item for item in report.human_review if item.reason == "degraded"]
    assert case.reason in degraded.detail and case.reason in report.mode_note
    # the rules still ran and reported: a degrade costs the LLM's part only
    assert "penalty_excessive" in {f.type for f in report.findings}
    assert [c.outcome for c in outcome.llm_calls] == list(case.outcomes)
    assert {c.stage for c in outcome.llm_calls} == {"generate"}  # nothing asked after it
    assert [c.kind for c in chats] == [case.reply.kind] * len(case.outcomes)

    if case.stalls:
        for call, chat in zip(outcome.llm_calls, chats, strict=True):
            assert TIMEOUT_S - 0.05 <= call.latency_ms / 1000 <= TIMEOUT_S + MARGIN_S, call
            # the connection was closed at the deadline, not left to run on
            assert chat.client_hung_up, chat
            assert chat.ended - chat.began <= TIMEOUT_S + MARGIN_S, chat
        if case.reply.kind == "trickle":
            assert all(chat.bytes_sent <= 1 + TIMEOUT_S / 0.25 + 2 for chat in chats)
    if case.reply.kind in ("not_json", "wrong_shape"):
        assert all(c.reply.startswith(("<html>", '{"id"')) for c in outcome.llm_calls)


def test_a_malformed_reply_then_a_good_one_does_not_degrade(tmp_path: Path) -> None:
    with FaultyOllamaServer(Reply.ok(VERIFY_OK)) as server:
        server.script(Reply.not_json(), Reply.ok(GOOD_DRAFT))
        outcome = review_file(write_contract(tmp_path), _config(server.url))
    assert outcome.report.mode == f"ollama:{FAULT_MODEL}"
    assert [(c.stage, c.outcome, c.attempt) for c in outcome.llm_calls] == [
        ("generate", "invalid", 1),
        ("generate", "ok", 2),
        ("verifier", "ok", 1),
    ]
    assert "degraded" not in {item.reason for item in outcome.report.human_review}


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    no_errors_found: bool
    confidence: float


ASK = [Message(role="user", content="Any errors?")]


def test_the_review_deadline_cuts_a_call_and_refuses_the_rest() -> None:
    with FaultyOllamaServer(Reply.slow(STALL, '{"no_errors_found": true, "confidence": 1}')) as s:
        backend = OllamaLLM(s.url, FAULT_MODEL, timeout_s=STALL)  # its own timeout: far off
        session = LLMSession(backend, SessionSettings(retries=2), sleep=lambda _: None)
        began = time.monotonic()
        session.set_review_deadline(began + TIMEOUT_S)
        with pytest.raises(LLMUnavailableError, match="review deadline reached"):
            session.ask("generate", ASK, Answer, 0.4)
        elapsed = time.monotonic() - began
        chats = list(s.chats)
        backend.close()
    assert elapsed <= TIMEOUT_S + MARGIN_S
    (call,) = session.calls  # cut at the review deadline; no retry started after it
    assert call.outcome == "timeout" and "the review's deadline" in call.reply
    assert chats[0].client_hung_up
    assert not session.active and "review deadline reached" in (session.degraded_reason or "")


def test_auto_mode_with_a_server_that_cannot_list_its_models_runs_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with FaultyOllamaServer(Reply.ok("{}")) as server:
        monkeypatch.setattr(server, "_tag", lambda: "not a model entry")
        client, info = build_client(LLMSettings(url=server.url, ollama_model=FAULT_MODEL))
    assert client is None and info.mode == "none"
    assert "did not list its models" in info.note and "Ollama's reply shape" in info.note


def test_the_ollama_client_raw_sees_the_faults(tmp_path: Path) -> None:
    """The faults are what they claim to be, seen by the real client without our backend."""
    import json

    import httpx

    with FaultyOllamaServer(Reply.not_json()) as server:
        server.script(Reply.wrong_shape(), Reply.http_500())
        post: dict[str, Any] = {"model": FAULT_MODEL, "messages": [], "stream": False}
        with httpx.Client(base_url=server.url, timeout=5) as http:
            wrong = http.post("/api/chat", json=post)
            failed = http.post("/api/chat", json=post)
            garbage = http.post("/api/chat", json=post)
    assert "message" not in wrong.json() and wrong.json()["choices"]
    assert failed.status_code == 500
    with pytest.raises(json.JSONDecodeError):
        garbage.json()


def test_review_deadline_from_the_command_line(tmp_path: Path) -> None:
    """`review --deadline 1.5` with a server that would take a minute: the review ends in
    seconds, degraded and flagged, and says the deadline was the reason."""
    from typer.testing import CliRunner

    from pipeline.cli.app import app
    from pipeline.model import ReviewReport

    contract = write_contract(tmp_path)
    out = tmp_path / "out"
    with FaultyOllamaServer(Reply.slow(STALL * 12, GOOD_DRAFT)) as server:
        began = time.monotonic()
        result = CliRunner().invoke(
            app,
            ["review", str(contract), "--out", str(out), "--llm", f"ollama:{FAULT_MODEL}",
             "--llm-url", server.url, "--llm-timeout", str(STALL * 12), "--deadline", "1.5"],
        )  # fmt: skip
        elapsed = time.monotonic() - began
    assert result.exit_code == EXIT_HUMAN_REVIEW, result.output
    report = ReviewReport.model_validate_json((out / "report.json").read_text("utf-8"))
    assert report.mode.endswith("(degraded to none)")
    assert "review deadline reached" in report.mode_note
    assert elapsed < STALL * 3  # cut at the deadline, not at the 60 s per-call timeout
