"""Replay a whole run, LLM stages included, by serving the LLM replies recorded in the trace.

Every stage runs again; the LLM is never called: each request gets the next recorded reply
(with its recorded token counts, so budget checks decide the same way), and recorded timeouts
and connection errors are raised again. A stage whose outputs differ from the trace (apart
from call latencies) points at non-determinism outside the model.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any

from pipeline.assembly import build_review_pipeline
from pipeline.errors import ReplayError
from pipeline.llm.client import LLMReply, Message
from pipeline.llm.llamacpp_backend import SMOLLM2_NAME
from pipeline.llm.select import session_settings
from pipeline.llm.session import LLMCallRecord, LLMSession
from pipeline.model import StageRecord
from pipeline.replay import StageReplay, _first_difference
from pipeline.runner import digest
from pipeline.trace_io import load_trace


def recorded_calls(records: list[StageRecord]) -> list[LLMCallRecord]:
    calls: list[LLMCallRecord] = []
    for record in records:
        for name, value in record.outputs.items():
            if name.endswith("_llm_calls"):
                calls.extend(LLMCallRecord.model_validate(v) for v in value)
    return calls


class RecordedLLM:
    """Serves recorded replies in order; running out means the run diverged."""

    def __init__(self, calls: list[LLMCallRecord]) -> None:
        self._calls = deque(calls)
        self._model_name = calls[0].model_name if calls else "none"
        self.served = 0

    @property
    def model_name(self) -> str:
        return self._model_name

    def chat(
        self,
        messages: list[Message],
        *,
        schema: dict[str, Any] | None,
        temperature: float,
        max_tokens: int,
        deadline: float | None = None,
    ) -> LLMReply:
        if not self._calls:
            raise ReplayError("the replayed run asked the LLM more often than the recorded run")
        call = self._calls.popleft()
        self.served += 1
        if call.outcome == "timeout":
            raise TimeoutError(call.reply)
        if call.outcome == "error":
            raise ConnectionError(call.reply)
        return LLMReply(
            text=call.reply,
            model_name=call.model_name,
            input_tokens=call.input_tokens,
            output_tokens=call.output_tokens,
        )


def _without_latency(name: str, value: Any) -> Any:
    if name.endswith("_llm_calls") and isinstance(value, list):
        return [{k: v for k, v in c.items() if k != "latency_ms"} for c in value]
    return value


def replay_with_recorded_replies(trace_path: Path) -> list[StageReplay]:
    header, records = load_trace(trace_path)
    calls = recorded_calls(records)
    client = RecordedLLM(calls) if calls else None
    # one fence per ask: its re-asks and retries repeat it, and fresh fences never repeat
    fences = [c.fence for i, c in enumerate(calls) if i == 0 or c.fence != calls[i - 1].fence]
    session = LLMSession(
        client, session_settings(header.config.llm), sleep=lambda s: None, fences=fences
    )
    plumbing = bool(calls) and calls[0].model_name.endswith(SMOLLM2_NAME)
    pipeline = build_review_pipeline(header.config, session, plumbing)
    result = pipeline.run(header.inputs)
    fresh = {r.stage: r for r in result.records}
    replays: list[StageReplay] = []
    for record in records:
        again = fresh.get(record.stage)
        if again is None:
            replays.append(StageReplay(record.stage, "error", "the stage did not run again"))
            continue
        diffs = []
        for name, old in record.outputs.items():
            old_v = _without_latency(name, old)
            new_v = _without_latency(name, again.outputs.get(name))
            if digest(old_v) != digest(new_v):
                diffs.append(f"{name}: {_first_difference(old_v, new_v)}")
        replays.append(StageReplay(record.stage, "differs" if diffs else "same", "; ".join(diffs)))
    return replays
