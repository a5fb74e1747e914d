"""Replay a run from its trace: re-run deterministic stages, reuse recorded outputs otherwise.

The lines of stages that ran inside another (reflect's rounds, ``reflect[N].<stage>``) are
reused with it: reflect is an LLM stage, so its recorded outputs stand for its rounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pipeline.assembly import RUN_INPUTS, build_review_pipeline
from pipeline.errors import ReplayError
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
