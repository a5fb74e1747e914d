"""A static staged pipeline: stages declare what they need and make; the builder checks the wiring.

A stage is any object with::

    name: str                         unique in the pipeline
    requires: tuple[str, ...]         artifact names it reads
    produces: dict[str, Any]          artifact name -> its type (used to (de)serialise the trace)
    deterministic: bool               replay re-runs deterministic stages and compares outputs
    run(**inputs) -> dict[str, Any]   returns exactly the artifacts in ``produces``

and optionally ``warm_up()``, and ``take_inner_records()`` for a stage that runs pipelines of
its own (reflect runs each round as one): the records of those runs, which the trace holds
just before the stage's own line. Artifacts are immutable values passed by name. The runner
alone wraps stage failures (``StageError``) and writes the trace.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pydantic import Field, TypeAdapter

from pipeline.errors import PipelineBuildError, StageError
from pipeline.model import StageRecord


@runtime_checkable
class Stage(Protocol):
    """Read-only members, so plain class attributes and methods satisfy it."""

    @property
    def name(self) -> str: ...
    @property
    def requires(self) -> tuple[str, ...]: ...
    @property
    def produces(self) -> dict[str, Any]: ...
    @property
    def deterministic(self) -> bool: ...
    @property
    def run(self) -> Callable[..., dict[str, Any]]: ...


class InnerStageRecord(StageRecord):
    """The trace line of a stage run inside another stage, in one of its rounds.

    ``stage`` names both, e.g. ``reflect[1].generate``; round 0 is the re-check of round 0's
    revision. Top-level records stay plain :class:`StageRecord` lines, without ``round``.
    """

    round: int = Field(ge=0)


def is_inner(record: StageRecord) -> bool:
    return isinstance(record, InnerStageRecord)


StageListener = Callable[[str, str], None]
"""Called with (stage, "start" or "end") so the CLI can show progress; the runner never prints."""


def _adapter(tp: Any) -> TypeAdapter[Any]:
    return TypeAdapter(tp)


def to_json_value(tp: Any, value: Any) -> Any:
    return _adapter(tp).dump_python(value, mode="json")


def from_json_value(tp: Any, value: Any) -> Any:
    return _adapter(tp).validate_python(value)


def digest(value: Any) -> str:
    payload = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class PipelineResult:
    artifacts: Mapping[str, Any]
    records: tuple[StageRecord, ...]

    @property
    def stages_run(self) -> tuple[str, ...]:
        """The pipeline's own stages, without the stages they ran inside themselves."""
        return tuple(r.stage for r in self.records if not is_inner(r))


class Pipeline:
    """An ordered, checked list of stages. Build it with :meth:`build`."""

    def __init__(self, stages: Sequence[Stage], inputs: Mapping[str, Any]) -> None:
        self.stages = tuple(stages)
        self.input_types = dict(inputs)

    @classmethod
    def build(cls, stages: Iterable[Stage], inputs: Mapping[str, Any]) -> Pipeline:
        """Check that every requirement is met by the run inputs or an earlier stage.

        ``inputs`` maps the names given to :meth:`run` to their types.
        """
        stages = list(stages)
        producer: dict[str, str] = {name: "<run input>" for name in inputs}
        seen: set[str] = set()
        for stage in stages:
            if stage.name in seen:
                raise PipelineBuildError(f"two stages are named {stage.name!r}")
            seen.add(stage.name)
            for need in stage.requires:
                if need not in producer:
                    later = [s.name for s in stages if need in s.produces and s is not stage]
                    where = (
                        f"stage {later[0]!r} produces it but runs later; move it before "
                        f"{stage.name!r}"
                        if later
                        else "no stage produces it"
                    )
                    raise PipelineBuildError(
                        f"stage {stage.name!r} requires {need!r}, but {where}. "
                        f"Available here: {sorted(producer)}"
                    )
            for made in stage.produces:
                if made in producer:
                    raise PipelineBuildError(
                        f"stage {stage.name!r} produces {made!r}, which {producer[made]!r} "
                        "already produces; artifacts are immutable, give it a new name"
                    )
                producer[made] = stage.name
        return cls(stages, inputs)

    def warm_up(self) -> None:
        for stage in self.stages:
            warm = getattr(stage, "warm_up", None)
            if callable(warm):
                warm()

    def run(
        self, inputs: Mapping[str, Any], listener: StageListener | None = None
    ) -> PipelineResult:
        return self._run(inputs, listener, None)

    def run_round(self, inputs: Mapping[str, Any], parent: str, number: int) -> PipelineResult:
        """Run as round ``number`` inside the stage ``parent``: the records are
        :class:`InnerStageRecord` lines named ``parent[number].stage``, for ``parent`` to hand
        to the runner (``take_inner_records``)."""
        return self._run(inputs, None, (parent, number))

    def _run(
        self,
        inputs: Mapping[str, Any],
        listener: StageListener | None,
        inside: tuple[str, int] | None,
    ) -> PipelineResult:
        missing = set(self.input_types) - set(inputs)
        if missing:
            raise PipelineBuildError(f"run inputs missing: {sorted(missing)}")
        artifacts: dict[str, Any] = dict(inputs)
        types: dict[str, Any] = dict(self.input_types)
        records: list[StageRecord] = []
        for stage in self.stages:
            label = stage.name if inside is None else f"{inside[0]}[{inside[1]}].{stage.name}"
            if listener:
                listener(stage.name, "start")
            kwargs = {name: artifacts[name] for name in stage.requires}
            began = time.perf_counter()
            try:
                out = stage.run(**kwargs)
            except StageError:
                raise  # from a pipeline the stage runs inside itself: names the inner stage
            except Exception as exc:
                raise StageError(label, exc) from exc
            wall_ms = (time.perf_counter() - began) * 1000.0
            if set(out) != set(stage.produces):
                raise StageError(
                    label,
                    ValueError(
                        f"returned {sorted(out)} but declares it produces {sorted(stage.produces)}"
                    ),
                )
            take_inner = getattr(stage, "take_inner_records", None)
            if callable(take_inner):
                records.extend(take_inner())
            for name, tp in stage.produces.items():
                types[name] = tp
            artifacts.update(out)
            fields: dict[str, Any] = {
                "stage": label,
                "deterministic": stage.deterministic,
                "wall_ms": round(wall_ms, 3),
                "inputs": {
                    n: digest(to_json_value(types[n], artifacts[n])) for n in stage.requires
                },
                "outputs": {n: to_json_value(tp, out[n]) for n, tp in stage.produces.items()},
            }
            records.append(
                StageRecord(**fields)
                if inside is None
                else InnerStageRecord(**fields, round=inside[1])
            )
            if listener:
                listener(stage.name, "end")
        return PipelineResult(artifacts=artifacts, records=tuple(records))
