"""``ScriptedLLM``: the in-package fake at the LLM boundary. It queues replies, records calls.

Queue a string to be returned, or an exception instance to be raised (to simulate timeouts,
connection errors and malformed wire replies). Running out of replies is a test bug and
raises ``AssertionError``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pipeline.llm.client import LLMReply, Message, estimate_tokens


@dataclass(frozen=True)
class RecordedCall:
    messages: tuple[Message, ...]
    schema: dict[str, Any] | None
    temperature: float
    max_tokens: int
    deadline: float | None = None

    @property
    def prompt(self) -> str:
        return "\n".join(m.content for m in self.messages)


class ScriptedLLM:
    def __init__(self, replies: Iterable[str | BaseException] = (), model_name: str = "scripted"):
        self._queue: deque[str | BaseException] = deque(replies)
        self._model_name = model_name
        self.calls: list[RecordedCall] = []

    @property
    def model_name(self) -> str:
        return self._model_name

    def queue(self, *replies: str | BaseException) -> None:
        self._queue.extend(replies)

    @property
    def remaining(self) -> int:
        return len(self._queue)

    def chat(
        self,
        messages: list[Message],
        *,
        schema: dict[str, Any] | None,
        temperature: float,
        max_tokens: int,
        deadline: float | None = None,
    ) -> LLMReply:
        self.calls.append(RecordedCall(tuple(messages), schema, temperature, max_tokens, deadline))
        if not self._queue:
            raise AssertionError(f"ScriptedLLM ran out of replies after {len(self.calls)} call(s)")
        reply = self._queue.popleft()
        if isinstance(reply, BaseException):
            raise reply
        prompt = "\n".join(m.content for m in messages)
        return LLMReply(
            text=reply,
            model_name=self._model_name,
            input_tokens=estimate_tokens(prompt),
            output_tokens=estimate_tokens(reply),
        )
