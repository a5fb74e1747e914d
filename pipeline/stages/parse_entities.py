"""ParseEntities: clauses and typed entities, found by regex and spaCy (no LLM).

requires: ``document`` (Document)
produces: ``entities`` (tuple[Entity, ...]), ``clauses`` (tuple[Clause, ...])

Entities are amounts (figures, 大写, words; twins paired), rates, dates (with a role),
durations (with a topic), parties and defined terms, and English named entities. Each has an
exact span, its clause id and its sentence bounds. Deterministic: the same document gives
the same output.
"""

from __future__ import annotations

from typing import Any

from pipeline.entities import Clause, parse_contract
from pipeline.entities.nlp import chinese, english
from pipeline.model import Document, Entity


class ParseEntities:
    name = "parse_entities"
    requires: tuple[str, ...] = ("document",)
    produces: dict[str, Any] = {"entities": tuple[Entity, ...], "clauses": tuple[Clause, ...]}
    deterministic = True

    def warm_up(self) -> None:
        english()
        chinese()

    def run(self, *, document: Document) -> dict[str, Any]:
        parsed = parse_contract(document)
        return {"entities": parsed.entities, "clauses": parsed.clauses}
