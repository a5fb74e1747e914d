"""The one boundary every LLM backend implements, and the values that cross it.

A backend turns a list of chat messages (plus an optional JSON schema for structured output)
into a reply with token counts. Retries, budgets, validation and degrade live above it, in
``pipeline.llm.session``, so a backend stays a thin adapter.

What a backend's ``chat`` may raise, and what the session makes of it:

- ``TimeoutError``: no complete reply before the deadline (retried, then unavailable);
- ``ConnectionError``: the server failed (refused, reset, HTTP 5xx; retried, then unavailable);
- ``MalformedReplyError``: a reply arrived but is not the backend's wire format (not JSON, or
  not Ollama's reply shape). It counts as an invalid reply, like one that fails the schema: the
  session re-asks, then raises ``LLMReplyError``;
- ``LLMUnavailableError``/``LLMConfigError``: a problem no retry can fix.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

Role = Literal["system", "user", "assistant"]


class Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    role: Role
    content: str


class LLMReply(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    text: str
    model_name: str
    input_tokens: int = Field(default=0, ge=0)
    output_tokens: int = Field(default=0, ge=0)


# What a malformed wire reply keeps as evidence: enough to see what came back, no more.
RAW_EVIDENCE_CHARS = 1000


class MalformedReplyError(ValueError):
    """A backend got a reply that is not its wire format; ``raw`` is the start of the body."""

    def __init__(self, message: str, raw: str) -> None:
        super().__init__(message)
        self.raw = raw[:RAW_EVIDENCE_CHARS]


@runtime_checkable
class LLMClient(Protocol):
    """``deadline`` is an absolute ``time.monotonic()`` time the call must not outlast (the
    review's deadline); a backend ends the call at its own timeout or there, whichever is first.
    """

    @property
    def model_name(self) -> str: ...

    def chat(
        self,
        messages: list[Message],
        *,
        schema: dict[str, Any] | None,
        temperature: float,
        max_tokens: int,
        deadline: float | None = None,
    ) -> LLMReply: ...


def estimate_tokens(text: str) -> int:
    """A cheap upper-side estimate for budget checks before a call (CJK ~1 token per char)."""
    cjk = sum(1 for ch in text if "\u3400" <= ch <= "\u9fff")
    return cjk + (len(text) - cjk) // 4 + 1
