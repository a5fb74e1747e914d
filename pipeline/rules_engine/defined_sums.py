"""A sum the contract names as a defined term ('an initial franchise fee of RMB 480,000 (the
"Initial Franchise Fee")'), so that "50% of the Initial Franchise Fee" has a figure behind it.
"""

from __future__ import annotations

import re

from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext

# "of the Initial Franchise Fee", "of the Licence Fee": a share of a capitalised sum's name
_OF_NAMED_SUM = re.compile(
    r"^\s*[)）]?\s*of\s+the\s+(?P<term>(?:[A-Z][\w-]*\s+){0,4}"
    r"(?:Fee|Price|Sum|Consideration|Charges?|Rent))\b"
)
# a periodic sum's share ("50% of the Monthly Fee") depends on how many periods there are
_PERIODIC = re.compile(r"\b(?:Monthly|Weekly|Daily|Annual|Yearly|Quarterly)\b")


def named_base(ctx: RuleContext, rate: Entity) -> str | None:
    """The defined term a rate is a share of, when it names one right after it."""
    at = ctx.view_offset(rate.span.end)
    m = _OF_NAMED_SUM.match(ctx.text[at : at + 80])
    if m is None or _PERIODIC.search(m.group("term")):
        return None
    return m.group("term")


def defined_sum(ctx: RuleContext, term: str) -> Entity | None:
    """The figure amount a sentence defines as ``term`` (the amount stands before the
    definition in the same sentence), or None when no sentence or several figures do."""
    definition = re.compile(
        rf"[(（]\s*(?:hereinafter\s+)?(?:the\s+)?[\"“]{re.escape(term)}[\"”]\s*[)）]", re.I
    )

    def find() -> Entity | None:
        found = {
            float(e.value): e
            for e in ctx.of_kind("amount")
            if e.attrs.get("form") == "figure" and isinstance(e.value, float)
            and (m := definition.search(ctx.entity_sentence(e))) is not None
            and ctx.sentence_before(e).find(m.group()) < 0  # the amount precedes its name
        }  # fmt: skip
        return next(iter(found.values())) if len(found) == 1 else None

    return ctx.memo(f"defined_sum:{term}", find)
