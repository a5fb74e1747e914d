"""Which stages make up a review, in order. The one place that wires the pipeline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pipeline.config import RunConfig
from pipeline.llm.session import LLMSession
from pipeline.reflection.wiring import reflection_stages
from pipeline.runner import Pipeline, Stage
from pipeline.stages.evaluate_playbook import EvaluatePlaybook
from pipeline.stages.intake import Intake
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules

RUN_INPUTS: dict[str, Any] = {"source_path": str}


def review_stages(
    config: RunConfig, session: LLMSession | None = None, plumbing: bool = False
) -> list[Stage]:
    stages: list[Stage] = [
        Intake(config.intake),
        ParseEntities(),
        ValidateRules(side=config.rule_side),
    ]
    if config.playbook is not None:  # only then, so runs without one keep their stage list
        stages.append(EvaluatePlaybook(Path(config.playbook)))
    # LLM + reflection stages: Generate right after Intake; CrossCheckKB, Verifier, Revise
    # and the loop after the rules. Without a session they run in none mode.
    head, tail = reflection_stages(config, stages, session or LLMSession(None), plumbing)
    return stages[:1] + head + stages[1:] + tail


def build_review_pipeline(
    config: RunConfig, session: LLMSession | None = None, plumbing: bool = False
) -> Pipeline:
    return Pipeline.build(review_stages(config, session, plumbing), RUN_INPUTS)
