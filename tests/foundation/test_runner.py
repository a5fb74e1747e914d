"""The pipeline builder checks wiring; the runner wraps failures and records a trace."""

from __future__ import annotations

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


def test_the_review_pipeline_builds() -> None:
    from pipeline.assembly import build_review_pipeline
    from pipeline.config import RunConfig

    stages = [s.name for s in build_review_pipeline(RunConfig()).stages]
    assert stages[0] == "intake"
