"""The trace file: JSON Lines, a header line for the run, then one line per stage.

A stage that ran inside another one (reflect's rounds) has a line with ``round`` too.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pipeline.config import RunConfig
from pipeline.errors import ReplayError
from pipeline.model import StageRecord
from pipeline.runner import InnerStageRecord


class TraceHeader(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str = "run"
    run_id: str
    tool_version: str
    created_at: str
    config: RunConfig
    inputs: dict[str, Any]
    load_ms: float | None = Field(
        default=None,
        description="Building the pipeline and loading its models, KB vectors and rules, "
        "before the first stage ran (none of it is in the stages' own times).",
    )


def dump_trace(header: TraceHeader, records: Iterable[StageRecord]) -> str:
    lines = [header.model_dump_json()]
    for record in records:
        line = {"type": "stage", **record.model_dump(mode="json")}
        lines.append(json.dumps(line, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def load_trace(path: Path) -> tuple[TraceHeader, list[StageRecord]]:
    try:
        raw = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    except (OSError, json.JSONDecodeError) as exc:
        raise ReplayError(f"{path}: not a readable trace ({exc}). Fix: give a trace.jsonl") from exc
    if not raw or raw[0].get("type") != "run":
        raise ReplayError(f"{path}: the first line is not a run header. Fix: give a trace.jsonl")
    try:
        header = TraceHeader.model_validate(raw[0])
        records = []
        for line in raw[1:]:
            line.pop("type", None)
            kind = InnerStageRecord if "round" in line else StageRecord
            records.append(kind.model_validate(line))
    except ValidationError as exc:
        raise ReplayError(f"{path}: malformed trace: {exc}") from exc
    return header, records
