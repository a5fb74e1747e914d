"""The pipeline builder checks wiring; the runner wraps failures and records a trace."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pipeline.errors import PipelineBuildError, StageError
from pipeline.runner import Pipeline


class Upper:
    name = "upper"
    requires: tuple[str, ...] = ("text",)
    produces: dict[str, Any] = {"shout": str}
    deterministic = True

    def run(self, *, text: str) -> dict[str, Any]:
        return {"shout": text.upper()}


class Count:
    name = "count"
    requires: tuple[str, ...] = ("shout",)
    produces: dict[str, Any] = {"length": int}
    deterministic = True

    def run(self, *, shout: str) -> dict[str, Any]:
        return {"length": len(shout)}


class Broken:
    name = "broken"
    requires: tuple[str, ...] = ("text",)
    produces: dict[str, Any] = {"nothing": int}
    deterministic = True

    def run(self, *, text: str) -> dict[str, Any]:
        raise ZeroDivisionError("division by zero in a stage")


class Liar:
    name = "liar"
    requires: tuple[str, ...] = ("text",)
    produces: dict[str, Any] = {"promised": int}
    deterministic = True

    def run(self, *, text: str) -> dict[str, Any]:
        return {"something_else": 1}


def test_runs_stages_in_order_and_records_the_trace() -> None:
    pipeline = Pipeline.build([Upper(), Count()], {"text": str})
    result = pipeline.run({"text": "合同 abc"})
    assert result.artifacts["length"] == 6
    assert [r.stage for r in result.records] == ["upper", "count"]
    assert result.records[0].outputs == {"shout": "合同 ABC"}
    assert set(result.records[1].inputs) == {"shout"}
    assert all(r.wall_ms >= 0 for r in result.records)


def test_build_names_the_stage_that_needs_and_the_stage_that_produces_too_late() -> None:
    with pytest.raises(PipelineBuildError) as info:
        Pipeline.build([Count(), Upper()], {"text": str})
    assert "'count' requires 'shout'" in str(info.value)
    assert "'upper' produces it but runs later" in str(info.value)


def test_build_reports_a_requirement_nobody_produces() -> None:
    with pytest.raises(PipelineBuildError, match="'count' requires 'shout', but no stage"):
        Pipeline.build([Count()], {"text": str})


def test_build_refuses_two_producers_of_one_artifact() -> None:
    class Shouter(Upper):
        name = "shouter"

    with pytest.raises(PipelineBuildError, match="'shouter' produces 'shout', which 'upper'"):
        Pipeline.build([Upper(), Shouter()], {"text": str})


def test_build_refuses_two_stages_with_one_name() -> None:
    with pytest.raises(PipelineBuildError, match="two stages are named 'upper'"):
        Pipeline.build([Upper(), Upper()], {"text": str})


def test_stage_failure_is_wrapped_once_with_the_stage_name_and_cause() -> None:
    pipeline = Pipeline.build([Broken()], {"text": str})
    with pytest.raises(StageError) as info:
        pipeline.run({"text": "x"})
    assert info.value.stage == "broken"
    assert isinstance(info.value.__cause__, ZeroDivisionError)


def test_stage_returning_other_outputs_than_declared_fails() -> None:
    pipeline = Pipeline.build([Liar()], {"text": str})
    with pytest.raises(StageError, match="declares it produces"):
        pipeline.run({"text": "x"})


class Rounds:
    """Runs an inner pipeline once per round, as reflect does, and hands its records over."""

    name = "rounds"
    requires: tuple[str, ...] = ("text",)
    produces: dict[str, Any] = {"lengths": tuple[int, ...]}
    deterministic = True

    def __init__(self, inner: list[Any], rounds: int = 2) -> None:
        self.inner = Pipeline.build(inner, {"text": str})
        self.rounds = rounds
        self._records: list[Any] = []

    def take_inner_records(self) -> tuple[Any, ...]:
        records, self._records = tuple(self._records), []
        return records

    def run(self, *, text: str) -> dict[str, Any]:
        lengths = []
        for number in range(1, self.rounds + 1):
            result = self.inner.run_round({"text": text * number}, self.name, number)
            self._records += result.records
            lengths.append(result.artifacts["length"])
        return {"lengths": tuple(lengths)}


def test_inner_rounds_get_their_own_trace_lines_before_their_stage() -> None:
    pipeline = Pipeline.build([Upper(), Rounds([Upper(), Count()])], {"text": str})
    result = pipeline.run({"text": "ab"})
    assert result.artifacts["lengths"] == (2, 4)
    assert [(r.stage, getattr(r, "round", None)) for r in result.records] == [
        ("upper", None),
        ("rounds[1].upper", 1),
        ("rounds[1].count", 1),
        ("rounds[2].upper", 2),
        ("rounds[2].count", 2),
        ("rounds", None),
    ]
    assert result.records[4].outputs == {"length": 4}
    assert result.stages_run == ("upper", "rounds")
    assert "round" not in result.records[0].model_dump()  # top-level lines keep their shape


def test_an_inner_stage_failure_names_the_inner_stage_and_keeps_its_cause() -> None:
    pipeline = Pipeline.build([Rounds([Broken()])], {"text": str})
    with pytest.raises(StageError) as info:
        pipeline.run({"text": "x"})
    assert info.value.stage == "rounds[1].broken"
    assert isinstance(info.value.__cause__, ZeroDivisionError)


def test_inner_trace_lines_survive_the_trace_file(tmp_path: Path) -> None:
    from pipeline.config import RunConfig
    from pipeline.runner import InnerStageRecord
    from pipeline.trace_io import TraceHeader, dump_trace, load_trace

    result = Pipeline.build([Rounds([Upper(), Count()], 1)], {"text": str}).run({"text": "ab"})
    header = TraceHeader(
        run_id="r", tool_version="0", created_at="now", config=RunConfig(), inputs={"text": "ab"}
    )
    trace = tmp_path / "trace.jsonl"
    trace.write_text(dump_trace(header, result.records), "utf-8")
    _, records = load_trace(trace)
    assert records == list(result.records)
    assert [type(r) is InnerStageRecord for r in records] == [True, True, False]


def test_the_review_pipeline_builds() -> None:
    from pipeline.assembly import build_review_pipeline
    from pipeline.config import RunConfig

    stages = [s.name for s in build_review_pipeline(RunConfig()).stages]
    assert stages[0] == "intake"
