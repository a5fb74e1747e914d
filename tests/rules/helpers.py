"""Running the deterministic rule stages on a contract text, for the rule twin tests."""

from __future__ import annotations

from pipeline.model import Finding
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.entities.helpers import make_document

Stages = tuple[ParseEntities, ValidateRules]


def rule_findings(stages: Stages, text: str) -> tuple[Finding, ...]:
    parse, validate = stages
    document = make_document(text)
    found: tuple[Finding, ...] = validate.run(document=document, **parse.run(document=document))[
        "rule_findings"
    ]
    return found


def finding_types(stages: Stages, text: str) -> set[str]:
    return {f.type for f in rule_findings(stages, text)}


def rule_ids(stages: Stages, text: str) -> set[str]:
    """The ids of the rules that fire on ``text``."""
    return {f.rule_id or "" for f in rule_findings(stages, text)}
