"""Apply the rules' ``side_effects`` for the reviewing side (``--side``).

Neutral leaves every finding exactly as the rule wrote it. For party A or B, a finding whose
rule declares ``side_effects`` takes ``when_hurt`` if the hurt party is the reviewing side and
``when_helped`` otherwise: a new severity and a suffix on the message. Findings of rules
without ``side_effects``, or whose hurt party cannot be found in the text, stay unchanged.
"""

from __future__ import annotations

from pipeline.model import Document, Entity, Finding
from pipeline.rules_engine.loader import LoadedRule, SideAdjustment
from pipeline.side import Letter, contract_parties, hurt_party, resolve_side


def _adjust(finding: Finding, adjustment: SideAdjustment, party_label: str) -> Finding:
    suffix = adjustment.message_suffix.replace("{party}", party_label)
    return finding.model_copy(
        update={
            "severity": adjustment.severity or finding.severity,
            "message": finding.message + suffix,
        }
    )


def apply_side(
    findings: tuple[Finding, ...],
    rules: tuple[LoadedRule, ...],
    document: Document,
    entities: tuple[Entity, ...],
    side: str,
) -> tuple[Finding, ...]:
    if side == "neutral":
        return findings
    parties = contract_parties(entities)
    reviewing: Letter | None = resolve_side(side, parties, document.source_path)
    if reviewing is None:
        return findings
    effects = {r.spec.id: r.spec.side_effects for r in rules if r.spec.side_effects is not None}
    out: list[Finding] = []
    for finding in findings:
        effect = effects.get(finding.rule_id or "")
        hurt = hurt_party(effect.hurts, finding, document, parties) if effect else None
        if effect is None or hurt is None:
            out.append(finding)
            continue
        label = parties[hurt].label if hurt in parties else hurt
        adjustment = effect.when_hurt if hurt == reviewing else effect.when_helped
        out.append(_adjust(finding, adjustment, label))
    return tuple(out)
