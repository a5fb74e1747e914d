"""The ``--playbook`` file: standard positions, each with an acceptable range and an escalation.

```yaml
name: Sale contracts, buyer side
language: zh            # optional: positions apply to contracts in this language only
positions:
  - id: deposit_cap
    title: 定金不超过合同总价的20%
    measure: deposit_ratio          # ratios are fractions: 0.20 = 20%
    green: {max: 0.20}              # acceptable
    yellow: {max: 0.30}             # negotiable; anything else is RED
    escalation: 超过30%报法务负责人审批
  - id: governing_law
    title: Governing law is PRC or New York
    measure: governing_law
    allowed: ["中华人民共和国", "PRC", "New York"]
    tolerated: ["Delaware"]
  - id: dispute_forum
    title: 争议提交仲裁
    measure: dispute_forum
    allowed: [arbitration]          # or [court]; one forum
```

``dispute_forum`` also decides a conflict: where a contract chooses arbitration and the courts
together, the review deletes the forum this position does not allow (a tracked change).

Loaded with ``safe_load`` (libyaml) into models with ``extra="forbid"``; every error is a
``PlaybookLoadError`` naming the file and the field (``positions -> 1 -> green -> max``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, get_args

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from kb.safe_yaml import safe_load
from pipeline.errors import PlaybookLoadError

Colour = Literal["GREEN", "YELLOW", "RED"]
NumericMeasure = Literal["deposit_ratio", "penalty_ratio", "payment_days", "liability_cap_months"]
Measure = NumericMeasure | Literal["governing_law", "dispute_forum"]
FORUM_KINDS = ("arbitration", "court")
NUMERIC_MEASURES: tuple[str, ...] = get_args(NumericMeasure)
RATIO_MEASURES = ("deposit_ratio", "penalty_ratio")


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Bound(_Strict):
    """An inclusive range; give ``min``, ``max`` or both."""

    min: float | None = None
    max: float | None = None

    @model_validator(mode="after")
    def _some_limit(self) -> Bound:
        if self.min is None and self.max is None:
            raise ValueError("give 'min', 'max' or both")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self

    def holds(self, value: float) -> bool:
        return (self.min is None or value >= self.min - 1e-9) and (
            self.max is None or value <= self.max + 1e-9
        )


class Position(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    title: str = Field(min_length=1)
    measure: Measure
    green: Bound | None = None
    yellow: Bound | None = None
    allowed: list[str] = Field(default_factory=list)
    tolerated: list[str] = Field(default_factory=list)
    escalation: str = ""
    if_missing: Colour = Field(default="YELLOW", description="The verdict when nothing is found.")

    @model_validator(mode="after")
    def _fits_measure(self) -> Position:
        if self.measure in NUMERIC_MEASURES:
            if self.green is None:
                raise ValueError(f"measure {self.measure!r} needs a 'green' range")
            if self.allowed or self.tolerated:
                raise ValueError(f"measure {self.measure!r} takes ranges, not 'allowed'")
            if self.measure in RATIO_MEASURES:
                for name, bound in (("green", self.green), ("yellow", self.yellow)):
                    for end in ("min", "max"):
                        limit = getattr(bound, end) if bound else None
                        if limit is not None and not 0 <= limit <= 1:
                            raise ValueError(
                                f"{name} -> {end}: {self.measure} is a fraction: "
                                f"write 0.2 for 20%, not {limit:g}"
                            )
        else:
            if not self.allowed:
                raise ValueError(f"measure {self.measure!r} needs an 'allowed' list")
            if self.green or self.yellow:
                raise ValueError(f"measure {self.measure!r} takes 'allowed', not ranges")
        if self.measure == "dispute_forum" and (
            len(self.allowed) != 1 or self.allowed[0] not in FORUM_KINDS or self.tolerated
        ):
            raise ValueError(
                f"allowed: dispute_forum takes one forum, one of: {', '.join(FORUM_KINDS)}"
            )
        return self


class Playbook(_Strict):
    name: str = Field(min_length=1)
    language: Literal["zh", "en"] | None = None
    positions: list[Position] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_ids(self) -> Playbook:
        ids = [p.id for p in self.positions]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ValueError(f"duplicate position id(s): {', '.join(duplicates)}")
        return self

    @property
    def forum(self) -> Literal["arbitration", "court"] | None:
        """The forum the ``dispute_forum`` position allows, if the playbook has one."""
        position = next((p for p in self.positions if p.measure == "dispute_forum"), None)
        if position is None:
            return None
        return "court" if position.allowed[0] == "court" else "arbitration"


def load_playbook(path: Path) -> Playbook:
    if not path.is_file():
        raise PlaybookLoadError(path, "", "no such file. Fix: pass the path of a playbook YAML")
    try:
        raw = safe_load(path.read_text("utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise PlaybookLoadError(path, "", f"not valid UTF-8 YAML ({exc})") from exc
    try:
        return Playbook.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = " -> ".join(str(part) for part in first["loc"])
        problem = first["msg"].removeprefix("Value error, ")
        raise PlaybookLoadError(path, where, problem) from exc
