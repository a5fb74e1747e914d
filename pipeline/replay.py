"""Replay a run from its trace, in one of two ways.

``replay_trace`` re-runs the deterministic stages and reuses the recorded outputs of the others.
``replay_with_recorded_replies`` re-runs every stage, LLM stages included, serving the LLM
replies recorded in the trace: each request gets the next recorded reply (with its recorded
token counts, so budget checks decide the same way), and recorded timeouts and connection
errors are raised again. A stage whose outputs differ from the trace (apart from call
latencies) points at non-determinism outside the model. The LLM is never called.

This lives above ``pipeline/llm/`` because it builds the whole pipeline; the LLM package
imports nothing of the pipeline but the data model and errors.

The lines of stages that ran inside another (reflect's rounds, ``reflect[N].<stage>``) are
reused with it by ``replay_trace``: reflect is an LLM stage, so its recorded outputs stand for
its rounds.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pipeline.assembly import RUN_INPUTS, build_review_pipeline
from pipeline.errors import ReplayError
from pipeline.llm.client import LLMReply, Message
from pipeline.llm.llamacpp_backend import SMOLLM2_NAME
from pipeline.llm.select import session_settings
from pipeline.llm.session import LLMCallRecord, LLMSession
from pipeline.model import StageRecord
from pipeline.runner import InnerStageRecord, digest, from_json_value, to_json_value
from pipeline.trace_io import load_trace

Outcome = Literal["same", "differs", "reused", "error"]


@dataclass(frozen=True)
class StageReplay:
    stage: str
    outcome: Outcome
    detail: str = ""


def _first_difference(recorded: Any, fresh: Any, path: str = "") -> str:
    if type(recorded) is not type(fresh):
        return f"{path or '<root>'}: type {type(recorded).__name__} -> {type(fresh).__name__}"
    if isinstance(recorded, dict):
        for key in sorted(set(recorded) | set(fresh)):
            if recorded.get(key) != fresh.get(key):
                return _first_difference(recorded.get(key), fresh.get(key), f"{path}.{key}")
    if isinstance(recorded, list):
        if len(recorded) != len(fresh):
            return f"{path}: {len(recorded)} items -> {len(fresh)} items"
        for i, (a, b) in enumerate(zip(recorded, fresh, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
    return f"{path or '<root>'}: {str(recorded)[:80]!r} -> {str(fresh)[:80]!r}"


def replay_trace(trace_path: Path) -> list[StageReplay]:
    header, records = load_trace(trace_path)
    pipeline = build_review_pipeline(header.config)
    stages = {s.name: s for s in pipeline.stages}
    artifacts: dict[str, Any] = {
        n: from_json_value(t, header.inputs[n]) for n, t in RUN_INPUTS.items()
    }
    results: list[StageReplay] = []
    for record in records:
        if isinstance(record, InnerStageRecord):
            detail = f"round {record.round}, inside a stage whose recorded outputs are reused"
            results.append(StageReplay(record.stage, "reused", detail))
            continue
        stage = stages.get(record.stage)
        if stage is None:
            raise ReplayError(
                f"{trace_path}: stage {record.stage!r} is not in this version's pipeline "
                f"({', '.join(stages)}). Fix: replay with the version that wrote the trace"
            )
        recorded = {n: from_json_value(stage.produces[n], v) for n, v in record.outputs.items()}
        if not record.deterministic:
            artifacts.update(recorded)
            results.append(StageReplay(stage.name, "reused", "recorded outputs reused"))
            continue
        kwargs = {n: artifacts[n] for n in stage.requires}
        try:
            fresh = stage.run(**kwargs)
        except Exception as exc:  # a replay reports failures instead of stopping
            artifacts.update(recorded)
            results.append(StageReplay(stage.name, "error", f"{type(exc).__name__}: {exc}"))
            continue
        diffs = []
        for name, tp in stage.produces.items():
            old, new = record.outputs[name], to_json_value(tp, fresh[name])
            if digest(old) != digest(new):
                diffs.append(f"{name}: {_first_difference(old, new)}")
        artifacts.update(recorded)
        results.append(StageReplay(stage.name, "differs" if diffs else "same", "; ".join(diffs)))
    return results


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
