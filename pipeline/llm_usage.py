"""LLM usage per contract, for ``make bench``: calls, tokens, and LLM time vs the rest.

``usage_from_result`` reads the ``*_llm_calls`` artifacts of a pipeline run; ``non_llm_ms`` is
the pipeline's wall time minus the time spent waiting for the LLM (what the tool itself costs).
It sits above ``pipeline/llm/`` because it reads pipeline results and builds the pipeline.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.assembly import build_review_pipeline
from pipeline.config import RunConfig
from pipeline.llm.select import open_session
from pipeline.llm.session import LLMCallRecord
from pipeline.runner import PipelineResult, is_inner


@dataclass(frozen=True)
class LLMUsage:
    calls: int
    input_tokens: int
    output_tokens: int
    llm_ms: float
    total_ms: float
    calls_by_stage: dict[str, int] = field(default_factory=dict)

    @property
    def non_llm_ms(self) -> float:
        return max(self.total_ms - self.llm_ms, 0.0)

    def as_dict(self) -> dict[str, object]:
        return {
            "llm_calls": self.calls,
            "llm_input_tokens": self.input_tokens,
            "llm_output_tokens": self.output_tokens,
            "llm_ms": round(self.llm_ms, 1),
            "non_llm_ms": round(self.non_llm_ms, 1),
            "total_ms": round(self.total_ms, 1),
            "llm_calls_by_stage": dict(self.calls_by_stage),
        }


def summarise_calls(calls: Iterable[LLMCallRecord], total_ms: float) -> LLMUsage:
    calls = list(calls)
    by_stage: dict[str, int] = {}
    for call in calls:
        by_stage[call.stage] = by_stage.get(call.stage, 0) + 1
    return LLMUsage(
        calls=len(calls),
        input_tokens=sum(c.input_tokens for c in calls),
        output_tokens=sum(c.output_tokens for c in calls),
        llm_ms=sum(c.latency_ms for c in calls),
        total_ms=total_ms,
        calls_by_stage=by_stage,
    )


def calls_of(result: PipelineResult) -> tuple[LLMCallRecord, ...]:
    found: list[LLMCallRecord] = []
    for name, value in result.artifacts.items():
        if name.endswith("_llm_calls") and isinstance(value, tuple):
            found.extend(v for v in value if isinstance(v, LLMCallRecord))
    return tuple(found)


def usage_from_result(result: PipelineResult) -> LLMUsage:
    # reflect's round lines are inside reflect's own wall time: counting them too would double it
    top_level = (r for r in result.records if not is_inner(r))
    return summarise_calls(calls_of(result), sum(r.wall_ms for r in top_level))


def review_usage(path: Path, config: RunConfig) -> LLMUsage:
    """Review ``path`` with ``config.llm`` (e.g. ``spec="llamacpp"``) and summarise LLM usage.

    The model is loaded in warm-up, before the clock starts.
    """
    session, info = open_session(config.llm)
    pipeline = build_review_pipeline(config, session, info.plumbing)
    pipeline.warm_up()
    return usage_from_result(pipeline.run({"source_path": str(path)}))
