"""``LLMSession``: one run's use of an LLM, with every guardrail in one place.

- a token budget, checked *before* every call (an estimate of the prompt plus the reply cap);
- the context window (``context_tokens``, ``--llm-ctx``), checked before every call too: a
  prompt that does not fit with its reply is refused (``LLMContextOverflowError``), never sent
  to be cut; ``fits`` lets a stage size its clause blocks to the window first;
- transient failures (``TimeoutError``, ``ConnectionError``) retried with exponential backoff;
- each reply parsed into a pydantic model with ``extra="forbid"``; a reply that fails
  validation, or that the backend could not read at all (``MalformedReplyError``: not JSON,
  not Ollama's reply shape), is sent back with the error, at most ``max_reasks`` times, then
  ``LLMReplyError`` carries the attempts and the last raw reply;
- an optional review deadline (``set_review_deadline``, a ``time.monotonic()`` time): every
  call is cut off there, and once it has passed every further call is refused by degrading
  the session (reason "review deadline reached");
- ``degrade(reason)`` switches the rest of the run to ``none`` mode;
- every call, good or bad, is recorded (``LLMCallRecord``) for the trace, metrics and replay.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pipeline.errors import (
    LLMBudgetExceededError,
    LLMContextOverflowError,
    LLMError,
    LLMReplyError,
    LLMUnavailableError,
)
from pipeline.llm.client import (
    LLMClient,
    LLMReply,
    MalformedReplyError,
    Message,
    estimate_tokens,
)
from pipeline.llm.context import tokens_needed

log = logging.getLogger(__name__)

T = TypeVar("T", bound=BaseModel)


class LLMCallRecord(BaseModel):
    """One LLM call, as the trace keeps it. ``reply`` lets replay reuse it without the LLM."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    stage: str
    model_name: str
    input_tokens: int = Field(ge=0)
    output_tokens: int = Field(ge=0)
    latency_ms: float = Field(ge=0)
    reflection_score: float | None = None
    attempt: int = Field(ge=1, description="1 for the first ask, 2+ for re-asks after errors.")
    outcome: Literal["ok", "invalid", "timeout", "error"]
    request_sha256: str
    reply: str = ""
    fence: str = Field(
        default="", description="The random fence around the contract text in this request."
    )


class SessionSettings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    retries: int = Field(default=2, ge=0, description="Retries of a transient failure.")
    backoff_s: float = Field(default=0.5, ge=0)
    max_reasks: int = Field(default=2, ge=0, le=2)
    token_budget: int = Field(default=60_000, ge=0)
    max_output_tokens: int = Field(default=1024, ge=16)
    max_decoded_items: int = Field(default=8, ge=1)
    context_tokens: int = Field(default=16384, ge=1, description="The context window's size.")


# The human-review reason for a degrade, by its cause; any other cause is "degraded".
_DEGRADE_KINDS: dict[type[BaseException], str] = {
    LLMBudgetExceededError: "budget_exhausted",
    LLMContextOverflowError: "context_overflow",
}

# A fence of the length ``new_fence`` draws, for sizing a prompt before it is built for real.
SIZING_FENCE = "0" * 16

# Length and range limits explode llama.cpp's schema grammar (and crash 0.3.36); pydantic
# still enforces them on the reply, and the prompt states them.
_GRAMMAR_UNSAFE = {"maxLength", "minLength", "minItems", "maximum", "minimum"}


def decoding_schema(schema: dict[str, Any], max_items: int = 8) -> dict[str, Any]:
    """The JSON schema sent as the structured-output format: limits removed, shape kept."""

    def strip(node: Any) -> Any:
        if isinstance(node, dict):
            kept = {k: strip(v) for k, v in node.items() if k not in _GRAMMAR_UNSAFE}
            if "maxItems" in kept:
                # a small array bound lets small models stop; pydantic allows more
                kept["maxItems"] = min(kept["maxItems"], max_items)
            return kept
        if isinstance(node, list):
            return [strip(v) for v in node]
        return node

    stripped: dict[str, Any] = strip(schema)
    return stripped


def _request_digest(messages: list[Message], schema: dict[str, object] | None) -> str:
    payload = "\x1e".join(f"{m.role}:{m.content}" for m in messages) + repr(schema)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


class LLMSession:
    def __init__(
        self,
        client: LLMClient | None,
        settings: SessionSettings | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        fences: Iterable[str] | None = None,
    ) -> None:
        self.client = client
        self.settings = settings or SessionSettings()
        self.calls: list[LLMCallRecord] = []
        self.degraded_reason: str | None = None
        self.degrade_kind: str | None = None
        self.review_deadline: float | None = None
        self.fence = ""
        self._recorded_fences: list[str] | None = list(fences) if fences is not None else None
        self._sleep = sleep
        self._clock = clock

    def _record_failure(
        self,
        stage: str,
        began: float,
        attempt: int,
        outcome: Literal["invalid", "timeout", "error"],
        digest: str,
        reply: str,
    ) -> None:
        """A call that brought no usable reply: no tokens, its outcome and what came back."""
        self.calls.append(
            LLMCallRecord(
                stage=stage,
                model_name=self.model_name,
                input_tokens=0,
                output_tokens=0,
                latency_ms=round((time.perf_counter() - began) * 1000.0, 3),
                attempt=attempt,
                outcome=outcome,
                request_sha256=digest,
                fence=self.fence,
                reply=reply,
            )
        )

    def new_fence(self) -> str:
        """A fresh random fence for the next request's untrusted-data delimiters, so a contract
        cannot guess it and close the fence early. Replay serves the recorded fences in order,
        so the replayed requests are the recorded ones."""
        if self._recorded_fences:
            self.fence = self._recorded_fences.pop(0)
        else:
            self.fence = secrets.token_hex(8)
        return self.fence

    def fits(self, messages: list[Message]) -> bool:
        """True when ``messages`` and the longest reply fit the context window: counted by the
        model's own tokenizer when the backend has one (the embedded model), else estimated
        high (:mod:`pipeline.llm.context`)."""
        return self.window_needed(messages) <= self.settings.context_tokens

    def window_needed(self, messages: list[Message]) -> int:
        """The prompt's tokens and the longest reply's."""
        count = getattr(self.client, "count_tokens", None)
        if callable(count) and self.active:
            return int(count(messages)) + self.settings.max_output_tokens
        return tokens_needed(messages, self.settings.max_output_tokens)

    def set_review_deadline(self, deadline: float | None) -> None:
        """Give the whole review a deadline: an absolute ``time.monotonic()`` time (``None``
        removes it). A call still running there is cut off (the backend raises
        ``TimeoutError``); after it, every ``ask`` degrades the session to ``none`` mode with
        the reason "review deadline reached" and raises ``LLMUnavailableError``."""
        self.review_deadline = deadline

    @property
    def active(self) -> bool:
        return self.client is not None and self.degraded_reason is None

    @property
    def model_name(self) -> str:
        return self.client.model_name if self.client is not None else "none"

    @property
    def tokens_used(self) -> int:
        return sum(c.input_tokens + c.output_tokens for c in self.calls)

    def degrade(self, exc: BaseException) -> None:
        """Switch the rest of the run to ``none`` mode; the first reason is kept."""
        if self.degraded_reason is None:
            self.degrade_kind = _DEGRADE_KINDS.get(type(exc), "degraded")
            self.degraded_reason = f"{type(exc).__name__}: {exc}"
            log.warning("LLM degraded to none mode: %s", self.degraded_reason)

    def warm_up(self) -> None:
        """Load an embedded model up front, so its load time is not counted as call latency."""
        load = getattr(self.client, "load", None)
        if callable(load) and self.active:
            load()

    def mark(self) -> int:
        return len(self.calls)

    def calls_since(self, mark: int) -> tuple[LLMCallRecord, ...]:
        return tuple(self.calls[mark:])

    def set_reflection_score(self, mark: int, score: float) -> None:
        for i in range(mark, len(self.calls)):
            self.calls[i] = self.calls[i].model_copy(update={"reflection_score": score})

    def _check_deadline(self, stage: str) -> None:
        if self.review_deadline is None or self._clock() < self.review_deadline:
            return
        exc = LLMUnavailableError(
            f"stage {stage!r}: review deadline reached; no further LLM call was made and the "
            "rest of the review ran without the LLM. Fix: raise --deadline"
        )
        self.degrade(exc)
        raise exc

    def _check_budget(self, stage: str, messages: list[Message]) -> None:
        prompt = sum(estimate_tokens(m.content) for m in messages)
        needed = prompt + self.settings.max_output_tokens
        left = self.settings.token_budget - self.tokens_used
        if needed > left:
            raise LLMBudgetExceededError(
                f"stage {stage!r}: the next call needs up to {needed} tokens but only {left} of "
                f"the run's budget of {self.settings.token_budget} are left. "
                "Fix: raise --token-budget"
            )

    def _check_context(self, stage: str, messages: list[Message]) -> None:
        if self.fits(messages):
            return
        needed = self.window_needed(messages)
        raise LLMContextOverflowError(
            f"stage {stage!r}: the prompt and its reply need up to {needed} tokens, more than "
            f"the context window of {self.settings.context_tokens} (--llm-ctx); it was not "
            "sent, since a server would cut it and the model would read part of it. Fix: "
            "raise --llm-ctx as far as the model allows"
        )

    def _call_once(
        self,
        stage: str,
        attempt: int,
        messages: list[Message],
        schema: dict[str, object] | None,
        temperature: float,
    ) -> LLMReply:
        assert self.client is not None
        digest = _request_digest(messages, schema)
        failures = 0
        while True:
            self._check_deadline(stage)
            began = time.perf_counter()
            try:
                reply = self.client.chat(
                    messages,
                    schema=schema,
                    temperature=temperature,
                    max_tokens=self.settings.max_output_tokens,
                    deadline=self.review_deadline,
                )
            except MalformedReplyError as exc:
                self._record_failure(stage, began, attempt, "invalid", digest, exc.raw)
                raise
            except (TimeoutError, ConnectionError) as exc:
                outcome: Literal["timeout", "error"] = (
                    "timeout" if isinstance(exc, TimeoutError) else "error"
                )
                self._record_failure(stage, began, attempt, outcome, digest, str(exc))
                if failures >= self.settings.retries:
                    raise LLMUnavailableError(
                        f"stage {stage!r}: {self.model_name} failed {failures + 1} time(s): {exc}. "
                        "Fix: check the server (--llm-url) or raise --llm-timeout"
                    ) from exc
                self._sleep(self._backoff(failures))
                failures += 1
                continue
            elapsed = (time.perf_counter() - began) * 1000.0
            self.calls.append(
                LLMCallRecord(
                    stage=stage,
                    model_name=reply.model_name,
                    input_tokens=reply.input_tokens,
                    output_tokens=reply.output_tokens,
                    latency_ms=round(elapsed, 3),
                    attempt=attempt,
                    outcome="ok",
                    request_sha256=digest,
                    fence=self.fence,
                    reply=reply.text,
                )
            )
            return reply

    def _backoff(self, failures: int) -> float:
        """The pause before a retry, never past the review deadline."""
        pause: float = self.settings.backoff_s * 2.0**failures
        if self.review_deadline is not None:
            pause = min(pause, max(0.0, self.review_deadline - self._clock()))
        return pause

    def ask(
        self,
        stage: str,
        messages: list[Message],
        reply_model: type[T],
        temperature: float,
    ) -> T:
        """Ask for a reply that validates as ``reply_model``; raise ``LLMError`` otherwise."""
        if not self.active:
            raise LLMUnavailableError(f"stage {stage!r}: no LLM is active ({self.model_name})")
        self._check_deadline(stage)
        schema = decoding_schema(reply_model.model_json_schema(), self.settings.max_decoded_items)
        conversation = list(messages)
        attempts = 1 + self.settings.max_reasks
        last_raw, problem = "", ""
        for attempt in range(1, attempts + 1):
            self._check_budget(stage, conversation)
            self._check_context(stage, conversation)
            try:
                reply = self._call_once(stage, attempt, conversation, schema, temperature)
            except MalformedReplyError as exc:  # recorded as "invalid" by _call_once
                last_raw, problem = exc.raw, str(exc)
            else:
                last_raw = reply.text
                try:
                    return reply_model.model_validate_json(reply.text)
                except ValidationError as exc:
                    problem = _short_errors(exc)
                    self.calls[-1] = self.calls[-1].model_copy(update={"outcome": "invalid"})
            log.info("stage %s: invalid reply (attempt %d): %s", stage, attempt, problem)
            if attempt < attempts:
                conversation = [
                    *conversation,
                    Message(role="assistant", content=last_raw),
                    Message(
                        role="user",
                        content=(
                            "Your reply did not match the required JSON schema: "
                            f"{problem}. Reply again with JSON only, matching the schema."
                        ),
                    ),
                ]
        raise LLMReplyError(stage, attempts, last_raw, problem)


def _short_errors(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = " -> ".join(str(p) for p in err["loc"]) or "<root>"
        parts.append(f"{where}: {err['msg']}")
    return "; ".join(parts)


__all__ = ["LLMCallRecord", "LLMError", "LLMSession", "SessionSettings"]
