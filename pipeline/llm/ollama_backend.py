"""The ``ollama`` backend: the real ``ollama`` Python client against a configured host.

Structured output: the reply model's JSON schema goes in ``format``. Only the host the user
configured is contacted (``--llm-url`` or ``OLLAMA_HOST``); contract text goes nowhere else.
"""

from __future__ import annotations

import os
from typing import Any

import httpx
import ollama

from pipeline.errors import LLMUnavailableError
from pipeline.llm.client import LLMReply, Message

DEFAULT_HOST = "http://127.0.0.1:11434"


def configured_host(url: str | None) -> str:
    return url or os.environ.get("OLLAMA_HOST") or DEFAULT_HOST


def server_answers(host: str, timeout_s: float = 1.0) -> bool:
    """True when something speaking Ollama's API answers ``/api/version`` at ``host``."""
    try:
        with ollama.Client(host=host, timeout=timeout_s) as client:
            client._client.get("/api/version").raise_for_status()
        return True
    except (httpx.HTTPError, ConnectionError, OSError):
        return False


def available_models(host: str, timeout_s: float = 2.0) -> list[str]:
    with ollama.Client(host=host, timeout=timeout_s) as client:
        return [m.model for m in client.list().models if m.model]


class OllamaLLM:
    def __init__(self, host: str, model: str, timeout_s: float = 15.0) -> None:
        self.host = host
        self.model = model
        self._client = ollama.Client(host=host, timeout=timeout_s)

    @property
    def model_name(self) -> str:
        return f"ollama:{self.model}"

    def chat(
        self,
        messages: list[Message],
        *,
        schema: dict[str, Any] | None,
        temperature: float,
        max_tokens: int,
    ) -> LLMReply:
        try:
            response = self._client.chat(
                model=self.model,
                messages=[m.model_dump() for m in messages],
                format=schema,
                options={"temperature": temperature, "num_predict": max_tokens, "seed": 0},
            )
        except httpx.TimeoutException as exc:
            raise TimeoutError(f"{self.host}: no reply within the timeout") from exc
        except ollama.ResponseError as exc:
            if exc.status_code == 404:
                raise LLMUnavailableError(
                    f"{self.host}: model {self.model!r} is not available ({exc.error}). "
                    f"Fix: ollama pull {self.model}"
                ) from exc
            raise ConnectionError(f"{self.host}: HTTP {exc.status_code}: {exc.error}") from exc
        except httpx.HTTPError as exc:
            raise ConnectionError(f"{self.host}: {exc}") from exc
        return LLMReply(
            text=response.message.content or "",
            model_name=self.model_name,
            input_tokens=response.prompt_eval_count or 0,
            output_tokens=response.eval_count or 0,
        )

    def close(self) -> None:
        self._client.close()  # type: ignore[no-untyped-call]
