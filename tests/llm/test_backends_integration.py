"""Real inference: the ollama client against the Ollama-API test server, and llama.cpp in-process."""

from __future__ import annotations

import socket
from typing import Any

import ollama
import pytest
from pydantic import BaseModel, ConfigDict

from pipeline.config import LLMSettings
from pipeline.errors import LLMConfigError, LLMUnavailableError
from pipeline.llm import LLMSession, Message, SessionSettings, build_client
from pipeline.llm.ollama_backend import OllamaLLM, available_models, server_answers

pytestmark = [pytest.mark.integration, pytest.mark.slow]


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    no_errors_found: bool
    confidence: float


ASK = [
    Message(role="system", content="You check contracts. Reply with JSON only."),
    Message(role="user", content="Contract: The buyer pays USD 100. Any errors?"),
]


def test_raw_ollama_client_chat_with_schema_format(ollama_server: Any) -> None:
    client = ollama.Client(host=ollama_server.url, timeout=60)
    reply = client.chat(
        model="smollm2:135m",
        messages=[m.model_dump() for m in ASK],
        format=Answer.model_json_schema(),
        options={"temperature": 0.1, "num_predict": 64},
    )
    Answer.model_validate_json(reply.message.content or "")
    assert (reply.eval_count or 0) > 0
    path, body = ollama_server.requests[-1]
    assert path == "/api/chat" and body["format"] == Answer.model_json_schema()


def test_raw_ollama_client_streams_chat_and_generate(ollama_server: Any) -> None:
    client = ollama.Client(host=ollama_server.url, timeout=60)
    parts = list(
        client.chat(
            model="smollm2:135m",
            messages=[{"role": "user", "content": "Say hello."}],
            stream=True,
            options={"num_predict": 8},
        )
    )
    assert len(parts) >= 2 and parts[-1].done and not parts[0].done
    assert "".join(p.message.content or "" for p in parts).strip()
    gen = list(
        client.generate(model="smollm2:135m", prompt="Hi", stream=True, options={"num_predict": 4})
    )
    assert gen[-1].done and "".join(g.response for g in gen[:-1])


def test_tags_show_and_version(ollama_server: Any) -> None:
    client = ollama.Client(host=ollama_server.url, timeout=10)
    assert available_models(ollama_server.url) == ["smollm2:135m"]
    assert client.show("smollm2:135m").details.family == "llama"  # type: ignore[union-attr]
    assert server_answers(ollama_server.url)


def test_ollama_backend_through_the_session(ollama_server: Any) -> None:
    backend = OllamaLLM(ollama_server.url, "smollm2:135m", timeout_s=60)
    session = LLMSession(backend, SessionSettings(max_output_tokens=96))
    answer = session.ask("verifier", ASK, Answer, 0.1)
    assert isinstance(answer.no_errors_found, bool)
    (call,) = session.calls
    assert call.model_name == "ollama:smollm2:135m" and call.output_tokens > 0


def test_unknown_model_is_unavailable_not_retried(ollama_server: Any) -> None:
    backend = OllamaLLM(ollama_server.url, "qwen2.5:7b-instruct", timeout_s=10)
    session = LLMSession(backend)
    with pytest.raises(LLMUnavailableError, match="ollama pull"):
        session.ask("generate", ASK, Answer, 0.4)


def test_client_timeout_is_retried_then_unavailable(ollama_server: Any) -> None:
    backend = OllamaLLM(ollama_server.url, "smollm2:135m", timeout_s=0.2)
    session = LLMSession(backend, SessionSettings(retries=1), sleep=lambda s: None)
    ollama_server.delay_s = 0.5
    try:
        with pytest.raises(LLMUnavailableError):
            session.ask("generate", ASK, Answer, 0.4)
    finally:
        ollama_server.delay_s = 0.0
    assert [c.outcome for c in session.calls] == ["timeout", "timeout"]


def test_auto_mode_finds_the_server_or_falls_back(ollama_server: Any) -> None:
    found, info = build_client(LLMSettings(url=ollama_server.url, ollama_model="smollm2:135m"))
    assert isinstance(found, OllamaLLM) and info.mode == "ollama:smollm2:135m"
    missing, info = build_client(LLMSettings(url=ollama_server.url))
    assert missing is None and info.mode == "none" and "qwen2.5:7b-instruct" in info.note
    with socket.socket() as sock:  # a free loopback port where nothing listens
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    nothing, info = build_client(LLMSettings(url=f"http://127.0.0.1:{port}"))
    assert nothing is None and "no Ollama server answered" in info.note and "--llm" in info.note


def test_llamacpp_backend_in_process(smollm2: Any) -> None:
    session = LLMSession(smollm2, SessionSettings(max_output_tokens=96))
    answer = session.ask("verifier", ASK, Answer, 0.1)
    assert isinstance(answer.confidence, float)
    (call,) = session.calls
    assert call.model_name == "llamacpp:smollm2-135m"
    assert call.input_tokens > 20 and call.output_tokens > 0


def test_the_embedded_model_counts_a_prompt_with_its_own_tokenizer(smollm2: Any) -> None:
    """SmolLM2 spends about two tokens on a Chinese character, more than the high estimate
    allows: a prompt the estimate passes is refused by llama.cpp, so the session counts with
    the model's tokenizer and splits the block instead."""
    from pipeline.llm.context import prompt_tokens

    chinese = [Message(role="user", content="甲方应于合同签订之日起五日内支付定金。" * 200)]
    counted = smollm2.count_tokens(chinese)
    assert counted > prompt_tokens(chinese)  # the estimate is low for this tokenizer
    settings = SessionSettings(context_tokens=prompt_tokens(chinese) + 600, max_output_tokens=512)
    session = LLMSession(smollm2, settings)
    assert not session.fits(chinese)  # the estimate alone would say it fits
    english = [Message(role="user", content="The Buyer shall pay the deposit. " * 100)]
    assert session.fits(english)


def test_bad_specs_are_config_errors(tmp_path: Any) -> None:
    with pytest.raises(LLMConfigError, match="Valid: auto, none"):
        build_client(LLMSettings(spec="gpt4"))
    with pytest.raises(LLMConfigError, match="no such GGUF"):
        build_client(LLMSettings(spec=f"llamacpp:{tmp_path / 'missing.gguf'}"))


def test_socket_guard_blocks_non_loopback() -> None:
    with socket.socket() as sock, pytest.raises(AssertionError, match="socket guard"):
        sock.connect(("192.0.2.1", 9))
