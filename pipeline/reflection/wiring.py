"""Build the LLM and reflection stages for ``pipeline.assembly``, after the stages before them.

Order: Generate → (the rules stages already listed) → CrossCheckKB → Verifier → Revise →
reflect. Generate only needs the document, so it goes right after Intake.
"""

from __future__ import annotations

import logging
from typing import Any

from kb.catalog import default_catalog
from kb.verify import CitationVerifier
from pipeline.config import RunConfig
from pipeline.errors import ContractReviewError
from pipeline.llm.session import LLMSession
from pipeline.model import Document, Finding
from pipeline.reflection.loop import ReflectionLoop, RuleChecker
from pipeline.runner import Stage
from pipeline.stages.cross_check_kb import CitationChecker, CrossCheckKB
from pipeline.stages.generate import Generate
from pipeline.stages.revise import Revise
from pipeline.stages.verifier import Verifier

log = logging.getLogger(__name__)


class NoRuleFindings:
    """Stands in only while no rules stage is wired: an honest, empty ``rule_findings``."""

    name = "rules_absent"
    requires: tuple[str, ...] = ("document",)
    produces: dict[str, Any] = {"rule_findings": tuple[Finding, ...]}
    deterministic = True

    def run(self, *, document: Document) -> dict[str, Any]:
        return {"rule_findings": ()}


def make_rule_checker(stages: list[Stage]) -> RuleChecker | None:
    """Re-run the deterministic stages that lead to ``rule_findings`` on a revised document."""
    chain = [s for s in stages if "document" not in s.produces and s.deterministic]
    if not any("rule_findings" in s.produces for s in chain):
        return None

    def check(document: Document) -> tuple[Finding, ...]:
        artifacts: dict[str, Any] = {"document": document}
        for stage in chain:
            if not all(name in artifacts for name in stage.requires):
                continue
            artifacts.update(stage.run(**{n: artifacts[n] for n in stage.requires}))
            if "rule_findings" in artifacts:
                found: tuple[Finding, ...] = artifacts["rule_findings"]
                return found
        return ()

    return check


def kb_checker() -> tuple[CitationChecker | None, Any]:
    try:
        catalog = default_catalog()
    except ContractReviewError as exc:  # a broken corpus must not stop a review
        log.warning("CrossCheckKB runs without a KB: %s", exc)
        return None, None

    def find(text: str) -> list[str]:
        return [found.ref.raw for found in catalog.parser.find_all(text)]

    # lexical support scoring only: deterministic, and no embedding model to load
    return CitationVerifier(catalog), find


def reflection_stages(
    config: RunConfig, before: list[Stage], session: LLMSession, plumbing: bool = False
) -> tuple[list[Stage], list[Stage]]:
    """Returns (stages to put right after Intake, stages to append at the end)."""
    generate = Generate(session, config.llm)
    head: list[Stage] = [generate]
    tail: list[Stage] = []
    if not any("rule_findings" in s.produces for s in before):
        tail.append(NoRuleFindings())
    checker, find = kb_checker()
    cross_check = CrossCheckKB(checker, find)
    verifier = Verifier(session, config.llm)
    revise = Revise(config.reflection)
    loop = ReflectionLoop(
        session,
        generate,
        cross_check,
        verifier,
        revise,
        config.reflection,
        rule_checker=make_rule_checker(before),
        plumbing=plumbing,
    )
    tail += [cross_check, verifier, revise, loop]
    return head, tail
