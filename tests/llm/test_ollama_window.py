"""The context window with real inference: the real ``ollama`` client against the Ollama-API
test server backed by SmolLM2, which keeps a window as Ollama does and cuts a longer prompt
without a word.

The server's default window is lowered to 512 tokens here (as ``OLLAMA_CONTEXT_LENGTH`` would),
so a prompt of about 700 tokens shows the cut a 6,000-character clause block meets in Ollama's
default 4,096, at a fraction of the inference.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import ollama
import pytest
from pydantic import BaseModel, ConfigDict

from pipeline.llm import LLMSession, Message, SessionSettings
from pipeline.llm.ollama_backend import OllamaLLM
from tests.ollama_server import MODEL_NAME

pytestmark = [pytest.mark.integration, pytest.mark.slow]

SERVER_DEFAULT = 512
ASK = [
    Message(role="system", content="You check contracts. Reply with JSON only."),
    Message(role="user", content="第二条 违约金为合同总额的百分之五十。" * 16 + " Any errors?"),
]


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    no_errors_found: bool


@pytest.fixture()
def small_default(ollama_server: Any) -> Iterator[Any]:
    ollama_server.default_num_ctx = SERVER_DEFAULT
    try:
        yield ollama_server
    finally:
        ollama_server.default_num_ctx = 4096


def test_a_request_without_num_ctx_is_cut_silently(small_default: Any) -> None:
    """What the issue reports: the server answers as usual, from part of the prompt."""
    client = ollama.Client(host=small_default.url, timeout=600)
    reply = client.chat(
        model=MODEL_NAME,
        messages=[m.model_dump() for m in ASK],
        format=Answer.model_json_schema(),
        options={"num_predict": 16},
    )
    window = small_default.windows[-1]
    assert window.asked is None and window.window == SERVER_DEFAULT
    assert window.prompt_tokens > SERVER_DEFAULT and window.cut
    assert reply.prompt_eval_count == SERVER_DEFAULT  # all a caller could see of it


def test_the_backend_asks_for_the_window_its_prompt_needs(small_default: Any) -> None:
    backend = OllamaLLM(small_default.url, MODEL_NAME, timeout_s=600, keep_alive="2m")
    session = LLMSession(backend, SessionSettings(max_output_tokens=16, retries=0))
    before = len(small_default.requests)
    session.ask("verifier", ASK, Answer, 0.1)
    backend.close()
    (request,) = [body for _, body in small_default.requests[before:]]
    assert request["options"]["num_ctx"] == 4096 and request["keep_alive"] == "2m"
    window = small_default.windows[-1]
    assert window.asked == 4096 and not window.cut
    (call,) = session.calls
    assert call.outcome == "ok" and call.input_tokens == window.prompt_tokens
