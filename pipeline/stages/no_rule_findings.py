"""rules_absent: an honest, empty ``rule_findings`` while no rules stage is wired.

requires: ``document``
produces: ``rule_findings`` (always empty)
"""

from __future__ import annotations

from typing import Any

from pipeline.model import Document, Finding


class NoRuleFindings:
    name = "rules_absent"
    requires: tuple[str, ...] = ("document",)
    produces: dict[str, Any] = {"rule_findings": tuple[Finding, ...]}
    deterministic = True

    def run(self, *, document: Document) -> dict[str, Any]:
        return {"rule_findings": ()}
