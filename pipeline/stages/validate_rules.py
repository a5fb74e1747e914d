"""ValidateRules: run the rule catalogue (``rules/*.yaml``) against the parsed contract.

requires: ``document`` (Document), ``entities`` (tuple[Entity, ...]), ``clauses``
produces: ``rule_findings`` (tuple[Finding, ...]), ``law_assumed`` (LawAssumed)

The rules that run are those of the law the contract's governing-law clause names
(:mod:`pipeline.entities.governing_law`), not of its language: an English-language contract
governed by PRC law is checked with the PRC rules.

Rules are loaded once, at ``warm_up`` or first run, from the folders the run names
(``RunConfig.rules``: the bundled catalogue and/or the user's), and every citation in them is
resolved through the KB's exact lookup (``kb.catalog``); a rule whose basis does not resolve to
an in-force article stops the load with an error naming the file and rule. Each finding carries
the resolved ``evidence_source``. Deterministic; no LLM.

``side`` (neutral, party_a/甲方, party_b/乙方, or a role word such as buyer or employee) applies
the rules' ``side_effects`` (:mod:`pipeline.rules_engine.side_effects`): the same finding is
more severe for the party it hurts and milder, with different wording, for the other one.
Neutral gives exactly the rule's own finding.

A rule with a ``fix`` (:mod:`pipeline.rules_engine.decided_fixes`) gives its finding the
deletion its evidence decides: a void exemption's sentence, or of two conflicting forums the one
``forum`` (the playbook's ``dispute_forum`` position) or ``side`` does not keep.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kb.types import CitationResolver
from pipeline.entities import Clause
from pipeline.model import Document, Entity, Finding, LawAssumed
from pipeline.rules_engine import LoadedRule, RuleContext, load_rules, run_rules
from pipeline.rules_engine.decided_fixes import Forum, decide_fixes
from pipeline.rules_engine.side_effects import apply_side


def default_resolver() -> CitationResolver:
    from kb.catalog import default_catalog

    return default_catalog()


class ValidateRules:
    name = "validate_rules"
    requires: tuple[str, ...] = ("document", "entities", "clauses")
    produces: dict[str, Any] = {"rule_findings": tuple[Finding, ...], "law_assumed": LawAssumed}
    deterministic = True

    def __init__(
        self,
        resolver: CitationResolver | None = None,
        rules_dirs: Sequence[Path] | None = None,
        side: str = "neutral",
        forum: Forum | None = None,
    ) -> None:
        self.resolver = resolver
        self.rules_dirs = rules_dirs  # None: the bundled catalogue
        self.side = side
        self.forum = forum
        self._rules: tuple[LoadedRule, ...] | None = None

    @property
    def rules(self) -> tuple[LoadedRule, ...]:
        if self._rules is None:
            self._rules = load_rules(self.resolver or default_resolver(), self.rules_dirs)
        return self._rules

    def warm_up(self) -> None:
        _ = self.rules

    def run(
        self, *, document: Document, entities: tuple[Entity, ...], clauses: tuple[Clause, ...]
    ) -> dict[str, Any]:
        ctx = RuleContext(document, entities, clauses)
        findings = run_rules(self.rules, ctx)
        findings = apply_side(findings, self.rules, document, entities, self.side)
        law = ctx.law
        return {
            "rule_findings": decide_fixes(
                findings, self.rules, ctx, entities, self.side, self.forum
            ),
            "law_assumed": LawAssumed(
                system=law.system, name=law.name, source=law.source, quote=law.quote,
                note=law.note,
            ),
        }  # fmt: skip
