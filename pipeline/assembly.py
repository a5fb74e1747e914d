"""Which stages make up a review, in order. The one place that wires the pipeline."""

from __future__ import annotations

from typing import Any

from pipeline.config import RunConfig
from pipeline.runner import Pipeline, Stage
from pipeline.stages.intake import Intake
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules

RUN_INPUTS: dict[str, Any] = {"source_path": str}


def review_stages(config: RunConfig) -> list[Stage]:
    return [Intake(config.intake), ParseEntities(), ValidateRules()]


def build_review_pipeline(config: RunConfig) -> Pipeline:
    return Pipeline.build(review_stages(config), RUN_INPUTS)
