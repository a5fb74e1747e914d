"""Which stages make up a review, in order. The one place that wires the pipeline.

Order: Intake → Generate → ParseEntities → ValidateRules (or ``rules_absent``) →
[EvaluatePlaybook] → Summarise → CrossCheckKB → Verifier → Revise → reflect. Generate only needs
the document, so it goes right after Intake. Without an LLM session the LLM stages run in none
mode. Reflect runs its rounds with the same Generate, CrossCheckKB, Verifier and Revise, and
re-checks a revised text with the stages that make ``rule_findings``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pipeline.config import RunConfig
from pipeline.kb_runtime import kb_runtime
from pipeline.llm.session import LLMSession
from pipeline.model import Document
from pipeline.rules_engine import rule_folders
from pipeline.runner import Pipeline, Stage
from pipeline.stages.cross_check_kb import CrossCheckKB
from pipeline.stages.evaluate_playbook import EvaluatePlaybook
from pipeline.stages.generate import Generate
from pipeline.stages.intake import Intake
from pipeline.stages.no_rule_findings import NoRuleFindings
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.reflect import Reflect
from pipeline.stages.revise import Revise
from pipeline.stages.summarise import Summarise
from pipeline.stages.validate_rules import ValidateRules
from pipeline.stages.verifier import Verifier

RUN_INPUTS: dict[str, Any] = {"source_path": str}


def rule_check_pipeline(stages: list[Stage]) -> Pipeline | None:
    """The deterministic stages that lead from a ``document`` to ``rule_findings``, as a
    Pipeline reflect runs on a revised text; None when no stage makes ``rule_findings``."""
    chain: list[Stage] = []
    available = {"document"}
    for stage in stages:
        if "document" in stage.produces or not stage.deterministic:
            continue
        if not all(name in available for name in stage.requires):
            continue
        chain.append(stage)
        available.update(stage.produces)
        if "rule_findings" in stage.produces:
            return Pipeline.build(chain, {"document": Document})
    return None


def review_stages(
    config: RunConfig, session: LLMSession | None = None, plumbing: bool = False
) -> list[Stage]:
    session = session or LLMSession(None)
    folders = rule_folders(config.rules.bundled, config.rules.dirs)
    # only with a playbook, so runs without one keep their stage list; its dispute_forum
    # position decides which of two conflicting forums the rules' fix deletes
    playbook = EvaluatePlaybook(Path(config.playbook)) if config.playbook is not None else None
    forum = playbook.playbook.forum if playbook is not None else None
    validate = ValidateRules(rules_dirs=folders, side=config.rule_side, forum=forum)
    rules: list[Stage] = [ParseEntities(), validate, *([playbook] if playbook is not None else [])]
    generate = Generate(session, config.llm)
    kb = kb_runtime(config.kb)
    cross_check = CrossCheckKB(kb.checker, kb.find, kb.info, kb.notices)
    verifier = Verifier(session, config.llm)
    revise = Revise(config.reflection)
    reflect = Reflect(
        session,
        generate,
        cross_check,
        verifier,
        revise,
        config.reflection,
        rule_check=rule_check_pipeline(rules),
        plumbing=plumbing,
    )
    absent: list[Stage] = (
        [] if any("rule_findings" in s.produces for s in rules) else [NoRuleFindings()]
    )
    return [
        Intake(config.intake, config.ocr),
        generate,
        *rules,
        *absent,
        Summarise(lambda: validate.rules),
        cross_check,
        verifier,
        revise,
        reflect,
    ]


def build_review_pipeline(
    config: RunConfig, session: LLMSession | None = None, plumbing: bool = False
) -> Pipeline:
    return Pipeline.build(review_stages(config, session, plumbing), RUN_INPUTS)
