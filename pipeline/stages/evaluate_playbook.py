"""EvaluatePlaybook: judge the contract against a ``--playbook`` file's standard positions.

requires: ``document`` (Document), ``entities`` (tuple[Entity, ...]), ``clauses``
produces: ``playbook_verdicts`` (tuple[PlaybookVerdict, ...])

Only in the pipeline when a playbook is configured. The file is loaded at ``warm_up`` (or
first run), so a bad playbook stops the review before anything runs, with an error naming
the file and field. One GREEN/YELLOW/RED verdict per position, with exact evidence spans or
``found=False``. Deterministic; no LLM.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pipeline.entities import Clause
from pipeline.model import Document, Entity, PlaybookVerdict
from pipeline.playbook import Playbook, evaluate_playbook, load_playbook
from pipeline.rules_engine import RuleContext


class EvaluatePlaybook:
    name = "evaluate_playbook"
    requires: tuple[str, ...] = ("document", "entities", "clauses")
    produces: dict[str, Any] = {"playbook_verdicts": tuple[PlaybookVerdict, ...]}
    deterministic = True

    def __init__(self, path: Path) -> None:
        self.path = path
        self._playbook: Playbook | None = None

    @property
    def playbook(self) -> Playbook:
        if self._playbook is None:
            self._playbook = load_playbook(self.path)
        return self._playbook

    def warm_up(self) -> None:
        _ = self.playbook

    def run(
        self, *, document: Document, entities: tuple[Entity, ...], clauses: tuple[Clause, ...]
    ) -> dict[str, Any]:
        ctx = RuleContext(document, entities, clauses)
        return {"playbook_verdicts": evaluate_playbook(self.playbook, ctx)}
