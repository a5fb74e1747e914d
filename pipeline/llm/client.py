"""The one boundary every LLM backend implements, and the values that cross it.

A backend turns a list of chat messages (plus an optional JSON schema for structured output)
into a reply with token counts. Retries, budgets, validation and degrade live above it, in
``pipeline.llm.session``, so a backend stays a thin adapter.
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


@runtime_checkable
class LLMClient(Protocol):
    """``chat`` raises ``TimeoutError`` or ``ConnectionError`` for transient failures."""

    @property
    def model_name(self) -> str: ...

    def chat(
        self,
        messages: list[Message],
        *,
        schema: dict[str, Any] | None,
        temperature: float,
        max_tokens: int,
    ) -> LLMReply: ...


def estimate_tokens(text: str) -> int:
    """A cheap upper-side estimate for budget checks before a call (CJK ~1 token per char)."""
    cjk = sum(1 for ch in text if "\u3400" <= ch <= "\u9fff")
    return cjk + (len(text) - cjk) // 4 + 1
