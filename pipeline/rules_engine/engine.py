"""Run loaded rules against a parsed contract and build Findings."""

from __future__ import annotations

from collections import defaultdict

from pipeline.model import Finding
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.loader import LoadedRule

STAGE_NAME = "validate_rules"


class _Defaults(defaultdict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(template: str, values: dict[str, str]) -> str:
    return template.format_map(_Defaults(str, values))


def run_rules(rules: tuple[LoadedRule, ...], ctx: RuleContext) -> tuple[Finding, ...]:
    """Findings of every rule in the contract's language, ordered by position then rule id."""
    findings: list[Finding] = []
    seen: set[tuple[str, int, int]] = set()
    for rule in rules:
        if rule.spec.language != ctx.language:
            continue
        for hit in rule.check.fn(ctx, rule.params):
            key = (rule.spec.type, hit.span.start, hit.span.end)
            if key in seen:
                continue  # two rules of one type on the same words: report it once
            seen.add(key)
            quote = ctx.document.text[hit.span.start : hit.span.end]
            values = {"quote": quote.replace("\n", ""), **hit.values}
            findings.append(
                Finding(
                    type=rule.spec.type,
                    severity=rule.spec.severity,
                    span=hit.span,
                    quote=quote,
                    message=_fill(rule.spec.message, values),
                    suggestion=_fill(rule.spec.suggestion, values),
                    evidence_source=rule.evidence,
                    stage=STAGE_NAME,
                    rule_id=rule.spec.id,
                    related_spans=hit.related,
                )
            )
    return tuple(sorted(findings, key=lambda f: (f.span.start, f.rule_id or "")))
