"""Run loaded rules against a parsed contract and build Findings."""

from __future__ import annotations

from collections import defaultdict

from pipeline.entities.clauses import innermost
from pipeline.entities.governing_law import RULE_JURISDICTIONS
from pipeline.entities.textview import joined
from pipeline.model import Finding
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.loader import LoadedRule
from pipeline.rules_engine.registry import Hit

STAGE_NAME = "validate_rules"
MODEL_CHECK = "defect_model"
# A model's reading of a type also yields to a matched rule of a narrower type on the same
# clause: an exclusion of liability for injury or gross fault is void whoever drafted it
# (民法典506), which says more than that it may be an unfair standard term (497).
NARROWER: dict[str, tuple[str, ...]] = {"unfair_standard_term": ("invalid_exemption",)}


class _Defaults(defaultdict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(template: str, values: dict[str, str]) -> str:
    return template.format_map(_Defaults(str, values))


def applies(rule: LoadedRule, ctx: RuleContext) -> bool:
    """Whether ``rule`` runs on this contract: its language, a rule of the law assumed (a rule
    of another law does not run), and its subject (goods or services) where it has one."""
    spec = rule.spec
    if spec.language != ctx.language or spec.jurisdiction not in RULE_JURISDICTIONS[ctx.law.system]:
        return False
    return spec.subject in ("any", ctx.subject)


def run_rules(rules: tuple[LoadedRule, ...], ctx: RuleContext) -> tuple[Finding, ...]:
    """Findings of every rule in the contract's language and of its governing law (a rule of
    another law does not run), ordered by position then rule id."""
    findings: list[Finding] = []
    seen: set[tuple[str, int, int]] = set()
    # a model's reading comes after the rules, and only where no rule of its type already
    # reported that clause: a matched rule is the surer verdict, with its own fix
    for rule in sorted(rules, key=lambda r: r.check.name == MODEL_CHECK):
        if not applies(rule, ctx):
            continue
        for hit in rule.check.fn(ctx, rule.params):
            key = (rule.spec.type, hit.span.start, hit.span.end)
            if key in seen:
                continue  # two rules of one type on the same words: report it once
            if hit.confidence < 1.0 and _already_found(findings, rule.spec.type, hit, ctx):
                continue
            seen.add(key)
            quote = ctx.document.text[hit.span.start : hit.span.end]
            values = {"quote": joined(quote), **hit.values}
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
                    clause=clause_label(ctx, hit.span.start),
                    confidence=hit.confidence,
                )
            )
    return tuple(sorted(findings, key=lambda f: (f.span.start, f.rule_id or "")))


def _already_found(findings: list[Finding], kind: str, hit: Hit, ctx: RuleContext) -> bool:
    clause = clause_label(ctx, hit.span.start)
    narrower = NARROWER.get(kind, ())
    return any(
        (f.type == kind or (f.type in narrower and f.confidence >= 1.0))
        and (
            (f.span.start < hit.span.end and hit.span.start < f.span.end)
            or (clause is not None and f.clause == clause)
        )
        for f in findings
    )


def clause_label(ctx: RuleContext, offset: int) -> str | None:
    """How a lawyer names the clause at ``offset``, outermost first: "第九条 / 9.1",
    "附件二 / 二", "Section 7.1" (None in the preamble)."""
    clause = innermost(ctx.clauses, offset)
    by_id = ctx.clauses_by_id  # built once: rebuilding it per finding was quadratic
    path: list[str] = []
    while clause is not None and clause.id != "preamble":
        path.append(clause.id.split("#")[0])
        clause = by_id.get(clause.parent) if clause.parent else None
    return " / ".join(reversed(path)) or None
