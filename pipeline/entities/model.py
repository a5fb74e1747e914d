"""Value types of the entities package: raw matches on the text view, and clauses."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from pipeline.model import Frozen, Span

Language = Literal["zh", "en"]
AttrValue = str | float | int | bool | None


@dataclass(frozen=True)
class Match:
    """A parser's hit on the text view, before it is mapped to a document Span."""

    kind: str
    start: int
    end: int
    value: str | float | int | None
    attrs: dict[str, AttrValue] = field(default_factory=dict)


class Clause(Frozen):
    """A numbered clause (第六条, 6.3, Section 9, Schedule A) and what it is about.

    ``span`` covers the clause and its sub-clauses; ``body`` ends where the first
    sub-clause begins. ``types`` are the keyword tags of what the clause *mentions* (deposit,
    penalty, arbitration ...); ``kinds`` are what it *does* legally, from the clause-kind
    classifier (:mod:`pipeline.entities.clause_kinds`), empty when no model is built.
    """

    id: str
    number: str
    level: int = Field(ge=0)
    heading: str
    span: Span
    body: Span
    parent: str | None = None
    types: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
