"""Summarise: the key terms of the contract and what the rules looked for.

requires: ``document`` (Document), ``entities`` (tuple[Entity, ...]), ``clauses``
produces: ``key_terms`` (KeyTerms), ``review_scope`` (ReviewScope)

The key terms (parties, price, payment, term, governing law, forum) are picked from the typed
entities (:mod:`pipeline.key_terms`). The scope names the finding types the loaded rules can
report for this contract: those of its language and of the law assumed, as the rule engine
chooses them (:func:`pipeline.rules_engine.engine.applies`), so a report can say what was
checked and what was not. Deterministic; no LLM.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pipeline.entities import Clause
from pipeline.key_terms import key_terms
from pipeline.model import Document, Entity, KeyTerms, ReviewScope
from pipeline.rules_engine import LoadedRule, RuleContext
from pipeline.rules_engine.engine import applies


class Summarise:
    name = "summarise"
    requires: tuple[str, ...] = ("document", "entities", "clauses")
    produces: dict[str, Any] = {"key_terms": KeyTerms, "review_scope": ReviewScope}
    deterministic = True

    def __init__(self, rules: Callable[[], tuple[LoadedRule, ...]] | None = None) -> None:
        self.rules = rules  # the rules ValidateRules loaded; None when no rules run

    def run(
        self, *, document: Document, entities: tuple[Entity, ...], clauses: tuple[Clause, ...]
    ) -> dict[str, Any]:
        ctx = RuleContext(document, entities, clauses)
        rules = [r for r in (self.rules() if self.rules else ()) if applies(r, ctx)]
        scope = ReviewScope(
            rule_count=len(rules), rule_types=tuple(sorted({r.spec.type for r in rules}))
        )
        return {"key_terms": key_terms(ctx), "review_scope": scope}
