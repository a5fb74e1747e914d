"""The context window: how many tokens a request needs, what the Ollama backend asks for
(``num_ctx``, ``keep_alive``), and that a prompt too long for ``--llm-ctx`` is split or refused,
never sent to be cut.

The backend cases run the real ``ollama`` client against ``FaultyOllamaServer``, which records
each request and reports the prompt count a script gives it.
"""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from pipeline.config import LLMSettings, ReflectionSettings, RunConfig
from pipeline.errors import LLMContextOverflowError
from pipeline.llm import LLMSession, Message, ScriptedLLM, SessionSettings, build_client
from pipeline.llm.context import context_window, prompt_tokens, text_tokens, tokens_needed
from pipeline.llm.ollama_backend import OllamaLLM, keep_alive_value
from pipeline.llm.select import session_settings
from pipeline.reviewing import review_file
from pipeline.stages.generate import Generate
from pipeline.stages.reflect_support.blocks import MIN_BLOCK_CHARS, fitting_blocks
from pipeline.testing.documents import single_page_document
from tests.ollama_server import FAULT_MODEL, FaultyOllamaServer, Reply
from tests.reflection.helpers import GOOD_DRAFT, write_contract

# -- the estimate and the window ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("", 0),
        ("违约金", 5),  # 3 CJK characters at 1.5: 4.5, rounded up
        ("（违约金）：", 9),  # full-width brackets and colon count as CJK: 6 x 1.5
        ("penalty", 3),  # 7 other characters at 1/3: 2.33, rounded up
        ("第5条 penalty", 6),  # 2 CJK (3.0) + 9 others (3.0)
        ("𠀀", 2),  # an ideograph outside the basic plane
    ],
)
def test_text_tokens_counts_cjk_high_and_other_text_at_a_third(text: str, tokens: int) -> None:
    assert text_tokens(text) == tokens


def test_a_prompt_counts_its_template_and_the_reply() -> None:
    messages = [Message(role="system", content="x" * 30), Message(role="user", content="违约")]
    assert prompt_tokens(messages) == (10 + 8) + (3 + 8)
    assert tokens_needed(messages, max_output_tokens=1024) == 29 + 1024


@pytest.mark.parametrize(
    ("needed", "limit", "window"),
    [
        (100, 16384, 4096),  # never less than Ollama's own default
        (4096, 16384, 4096),
        (4097, 16384, 6144),  # rounded up to the next step of 2,048
        (10241, 16384, 12288),
        (16000, 16384, 16384),
        (16384, 16384, 16384),
        (3000, 2048, 2048),  # a limit below the default wins
    ],
)
def test_the_window_is_rounded_up_floored_and_capped(needed: int, limit: int, window: int) -> None:
    assert context_window(needed, limit) == window


def test_a_chinese_clause_block_needs_more_than_ollamas_default_window() -> None:
    """The issue's case: a 6,000-character Chinese block and its reply do not fit 4,096 tokens,
    so a request that names no window is cut by the server."""
    block = "第二条 违约金为合同总额的百分之五十，乙方应于收货后三日内付清。\n" * 200
    messages = [Message(role="user", content=block[:6000])]
    needed = tokens_needed(messages, 1024)
    assert needed > 4096
    assert context_window(needed, 16384) >= needed


# -- the session: refuse what does not fit, and say so -----------------------------------------


class Verdict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: bool


def test_a_prompt_over_the_window_is_refused_before_it_is_sent() -> None:
    llm = ScriptedLLM(['{"ok": true}'])
    session = LLMSession(llm, SessionSettings(context_tokens=1500, max_output_tokens=1024))
    short = [Message(role="user", content="x" * 300)]  # 108 + 1024 tokens: fits
    long = [Message(role="user", content="违" * 400)]  # 608 + 1024 tokens: does not
    assert session.fits(short) and not session.fits(long)
    with pytest.raises(LLMContextOverflowError, match=r"1632 tokens.*1500 \(--llm-ctx\)"):
        session.ask("generate", long, Verdict, 0.1)
    assert llm.calls == [] and session.calls == []  # nothing was sent
    session.degrade(LLMContextOverflowError("x"))
    assert session.degrade_kind == "context_overflow"


def test_the_bundled_smollm2_is_never_given_more_than_its_trained_context() -> None:
    assert session_settings(LLMSettings(spec="llamacpp")).context_tokens == 8192
    assert session_settings(LLMSettings(spec="llamacpp", context_tokens=4096)).context_tokens == (
        4096
    )
    assert session_settings(LLMSettings(spec="llamacpp:/m.gguf")).context_tokens == 16384
    assert session_settings(LLMSettings(spec="ollama:x", context_tokens=32768)).context_tokens == (
        32768
    )


# -- clause blocks split to fit ----------------------------------------------------------------


def test_blocks_that_do_not_fit_are_split_at_line_ends_until_they_do() -> None:
    text = "".join(f"第{n}条 甲方应于收货后三日内付款。\n" for n in range(400))
    asked: list[tuple[int, int]] = []

    def fits(start: int, end: int) -> bool:
        asked.append((start, end))
        return end - start <= 1000

    blocks = fitting_blocks(text, 6000, fits)
    assert blocks[0][0] == 0 and blocks[-1][1] == len(text)
    assert all(a[1] == b[0] for a, b in pairwise(blocks))  # no gap
    assert all(end - start <= 1000 for start, end in blocks)
    assert all(text[end - 1] == "\n" for _, end in blocks)  # cut at line ends
    assert (0, 6000) not in blocks and len(asked) > len(blocks)


def test_a_block_is_not_split_below_the_floor() -> None:
    text = "甲" * 5000  # one long line: cut by size
    blocks = fitting_blocks(text, 6000, lambda start, end: False)
    assert all(end - start <= MIN_BLOCK_CHARS for start, end in blocks)
    assert sum(end - start for start, end in blocks) == len(text)


def test_generate_sends_one_prompt_per_fitting_block() -> None:
    """A small window makes Generate split a contract its 6,000-character blocks would send
    whole; every prompt sent fits, and together they hold the whole contract, in order."""
    text = "买卖合同\n" + "".join(f"第{n}条 乙方应于收货后三日内付清货款。\n" for n in range(120))
    llm = ScriptedLLM([json.dumps({"risk_points": []})] * 20)
    settings = LLMSettings(spec="none", context_tokens=3000, max_output_tokens=512)
    session = LLMSession(llm, session_settings(settings))
    assert Generate(session, settings).draft(single_page_document(text)) == ((), ())
    assert len(text) < settings.block_chars and len(llm.calls) > 1
    assert all(tokens_needed(list(c.messages), 512) <= 3000 for c in llm.calls)
    assert "".join(_contract_of(c.messages[1].content) for c in llm.calls) == text


def _contract_of(user_message: str) -> str:
    body = user_message.split(">>>\n", 1)[1]
    return body.rsplit("\n<<<END-CONTRACT-", 1)[0]


# -- the Ollama backend: num_ctx, keep_alive, a cut prompt seen and asked again -----------------


ASK = [Message(role="user", content="第二条 违约金为合同总额的百分之五十。Any errors?")]
ANSWER = '{"ok": true}'


def _chats(server: FaultyOllamaServer) -> list[dict[str, Any]]:
    return [body for path, body in server.requests if path == "/api/chat"]


def test_every_request_names_its_window_and_keep_alive() -> None:
    with FaultyOllamaServer(Reply.ok(ANSWER)) as server:
        backend = OllamaLLM(server.url, FAULT_MODEL, timeout_s=5, context_tokens=16384)
        session = LLMSession(backend, SessionSettings(max_output_tokens=5000))
        session.ask("generate", ASK, Verdict, 0.1)
        big = [Message(role="user", content="违约金" * 1000)]  # 4,508 + 5,000 tokens
        session.ask("generate", big, Verdict, 0.1)
        session.ask("generate", ASK, Verdict, 0.1)  # small again: the window stays
        backend.close()
        first, second, third = _chats(server)
    assert first["options"]["num_ctx"] == 6144  # 5,036 tokens needed, rounded up
    assert second["options"]["num_ctx"] == 10240  # 9,508 needed
    assert third["options"]["num_ctx"] == 10240  # never less: Ollama would reload the model
    assert first["options"]["num_predict"] == 5000
    assert {c["keep_alive"] for c in (first, second, third)} == {"10m"}


def test_keep_alive_goes_as_ollama_reads_it() -> None:
    assert keep_alive_value("10m") == "10m"
    assert keep_alive_value("1h30m") == "1h30m"
    assert keep_alive_value("-1") == -1  # a number of seconds: -1 keeps the model loaded
    assert keep_alive_value("300") == 300
    with FaultyOllamaServer(Reply.ok(ANSWER)) as server:
        backend = OllamaLLM(server.url, FAULT_MODEL, timeout_s=5, keep_alive="-1")
        LLMSession(backend).ask("generate", ASK, Verdict, 0.1)
        backend.close()
        (chat,) = _chats(server)
    assert chat["keep_alive"] == -1


def test_a_reply_whose_prompt_filled_the_window_is_asked_again_with_twice_the_window() -> None:
    """The server counted more prompt tokens than leave room for the reply: the prompt may
    have been cut. The reply is set aside and the request sent again in a larger window, and
    later requests are sized by what the server counted."""
    with FaultyOllamaServer(Reply.ok(ANSWER, prompt_tokens=20)) as server:
        server.script(Reply.ok('{"ok": false}', prompt_tokens=3500))  # 3,500 + 1,024 > 4,096
        backend = OllamaLLM(server.url, FAULT_MODEL, timeout_s=5, context_tokens=16384)
        session = LLMSession(backend, SessionSettings(max_output_tokens=1024))
        assert session.ask("generate", ASK, Verdict, 0.1) == Verdict(ok=True)
        backend.close()
        windows = [c["options"]["num_ctx"] for c in _chats(server)]
    assert windows == [4096, 8192]
    (call,) = session.calls  # one call for the session, both exchanges' tokens counted
    assert call.input_tokens == 3520 and call.outcome == "ok"
    assert backend.ratio == pytest.approx(3500 / prompt_tokens(ASK))


def test_a_prompt_that_fills_even_the_largest_window_is_an_overflow(tmp_path: Path) -> None:
    """At --llm-ctx there is no larger window: the review degrades with the reason
    ``context_overflow`` and goes to human review; it never keeps a reply to a cut prompt."""
    with FaultyOllamaServer(Reply.ok(GOOD_DRAFT, prompt_tokens=4000)) as server:
        llm = LLMSettings(
            spec=f"ollama:{FAULT_MODEL}",
            url=server.url,
            timeout_s=5,
            context_tokens=4096,
            max_output_tokens=512,
        )
        config = RunConfig(llm=llm, reflection=ReflectionSettings(mode="light"))
        outcome = review_file(write_contract(tmp_path), config)
        windows = [c["options"]["num_ctx"] for c in _chats(server)]
    assert windows == [4096]  # asked once: 4,096 was already the limit
    report = outcome.report
    assert report.mode.endswith("(degraded to none)")
    (item,) = [i for i in report.human_review if i.reason == "context_overflow"]
    assert "counted 4000 prompt tokens" in item.detail and "--llm-ctx" in item.detail
    assert not [f for f in report.findings if f.stage == "generate"]


def test_a_prompt_the_learnt_ratio_puts_over_the_limit_is_not_sent() -> None:
    with FaultyOllamaServer(Reply.ok(ANSWER, prompt_tokens=200)) as server:
        backend = OllamaLLM(server.url, FAULT_MODEL, timeout_s=5, context_tokens=4096)
        session = LLMSession(backend, SessionSettings(max_output_tokens=1024, context_tokens=4096))
        session.ask("generate", ASK, Verdict, 0.1)  # the server counts ~6x the estimate
        long = [Message(role="user", content="违约金" * 300)]  # 1,358 + 1,024: fits the estimate
        assert session.fits(long)
        with pytest.raises(LLMContextOverflowError, match="was not sent"):
            session.ask("generate", long, Verdict, 0.1)
        backend.close()
        assert len(_chats(server)) == 1


# -- the model: --llm ollama:MODEL, then $CONTRACT_REVIEW_MODEL, then the default ---------------


def test_the_model_comes_from_the_option_then_the_environment_then_the_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CONTRACT_REVIEW_MODEL", raising=False)
    assert LLMSettings().ollama_model == "qwen2.5:7b-instruct"
    monkeypatch.setenv("CONTRACT_REVIEW_MODEL", FAULT_MODEL)
    with FaultyOllamaServer(Reply.ok(ANSWER)) as server:
        from_env, info = build_client(LLMSettings(spec="ollama", url=server.url))
        auto, auto_info = build_client(LLMSettings(spec="auto", url=server.url))
        named, _ = build_client(LLMSettings(spec="ollama:other:1b", url=server.url))
        assert isinstance(from_env, OllamaLLM) and isinstance(named, OllamaLLM)
        LLMSession(from_env).ask("generate", ASK, Verdict, 0.1)
        (chat,) = _chats(server)
    assert chat["model"] == FAULT_MODEL and info.mode == f"ollama:{FAULT_MODEL}"
    assert auto is not None and auto_info.mode == f"ollama:{FAULT_MODEL}"  # auto finds it
    assert named.model == "other:1b"  # the option wins


def test_a_bad_model_or_keep_alive_in_the_environment_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pydantic import ValidationError

    monkeypatch.setenv("CONTRACT_REVIEW_MODEL", "qwen 7b")
    with pytest.raises(ValidationError, match=r"CONTRACT_REVIEW_MODEL.*Fix"):
        LLMSettings()
    monkeypatch.delenv("CONTRACT_REVIEW_MODEL")
    monkeypatch.setenv("CONTRACT_REVIEW_KEEP_ALIVE", "ten minutes")
    with pytest.raises(ValidationError, match=r"CONTRACT_REVIEW_KEEP_ALIVE.*10m"):
        LLMSettings()
    monkeypatch.setenv("CONTRACT_REVIEW_KEEP_ALIVE", "1h")
    assert LLMSettings().keep_alive == "1h"
