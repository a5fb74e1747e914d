"""An indemnity whose own limit is larger than the aggregate cap that is to govern it.

Typed facts, not wording: the cap's sum (the one fixed amount after "shall not exceed",
"limited to" …) and the sum an indemnity says it may reach ("up to GBP 2,000,000 per claim").
Where the cap takes in the indemnity, or is silent about it and governs all liability, and the
indemnity's own limit is higher in the same currency, the two cannot both be applied. A cap
that carves the indemnity out, a cap stated as a multiple of the fees, and an indemnity limit
at or below the cap are the lawful twins.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.model import Entity
from pipeline.rules_engine.cap_facts import (
    about_indemnity,
    cap_clause_text,
    carved_targets,
    clause_number,
    general_caps,
    indemnity_numbers,
    overlap,
)
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.registry import Hit, Params, check

# the cap's own sum follows its limiting words; "the greater of" makes it no fixed sum
_CAP_SUM = re.compile(
    r"(?:exceed|limited to|capped at|maximum of|more than|in excess of)\s+"
    r"(?:the sum of\s+|an amount of\s+)?"
    r"(?P<sum>(?:[A-Z]{3}|US\$|[$£€¥])\s?[\d,]+(?:\.\d+)?|[\d,]+(?:\.\d+)?\s?[A-Z]{3})",
    re.I,
)
_NOT_FIXED = re.compile(r"\b(?:greater|higher|lesser|lower) of\b|\bwhichever\b", re.I)
# an indemnity's own ceiling: "up to GBP 2,000,000 per claim"
_OWN_LIMIT = re.compile(
    r"\b(?:up to|not exceeding|subject to a (?:maximum|limit|cap) of|capped at|limited to"
    r"|to a maximum of)\s+(?:the sum of\s+|an amount of\s+)?$",
    re.I,
)


def _amounts_in(ctx: RuleContext, sentence: Sentence) -> list[tuple[int, Entity]]:
    """The figures of a sentence (not words), each with its view offset."""
    found = []
    for e in ctx.of_kind("amount"):
        at = ctx.view_offset(e.span.start)
        if sentence.start <= at < sentence.end and e.attrs.get("form") == "figure":
            found.append((at, e))
    return found


def _cap_sum(ctx: RuleContext, cap: Sentence) -> Entity | None:
    if _NOT_FIXED.search(cap.text):
        return None
    m = _CAP_SUM.search(cap.text)
    if m is None:
        return None
    at = cap.start + m.start("sum")
    return next((e for pos, e in _amounts_in(ctx, cap) if abs(pos - at) <= 4), None)


def _own_limits(ctx: RuleContext, sentence: Sentence) -> Iterator[Entity]:
    for at, amount in _amounts_in(ctx, sentence):
        if _OWN_LIMIT.search(ctx.text[max(sentence.start, at - 60) : at]):
            yield amount


@check("indemnity_limit_above_cap", fields=("cap", "indemnity", "cap_sum", "indemnity_sum"))
def indemnity_limit_above_cap(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """An indemnity's own limit exceeds the fixed sum of a cap that governs it."""
    numbers = indemnity_numbers(ctx)
    caps = general_caps(ctx)
    cap_numbers = {clause_number(ctx, c) for c in caps} - {""}
    for cap in caps:
        cap_sum = _cap_sum(ctx, cap)
        if cap_sum is None or not isinstance(cap_sum.value, float):
            continue
        released = carved_targets(cap_clause_text(ctx, cap), numbers)
        if released is None:
            continue  # the cap releases every indemnity by name
        for sentence in ctx.sentences:
            own = clause_number(ctx, sentence)
            if sentence is cap or any(overlap(own, n) for n in cap_numbers):
                continue
            if any(overlap(own, r) for r in released) or not about_indemnity(
                ctx, sentence, numbers
            ):
                continue
            for limit in _own_limits(ctx, sentence):
                same_currency = limit.attrs.get("currency") == cap_sum.attrs.get("currency")
                if same_currency and isinstance(limit.value, float) and limit.value > cap_sum.value:
                    yield Hit(
                        ctx.sentence_span(sentence),
                        {
                            "cap": cap.text.strip(),
                            "indemnity": sentence.text.strip(),
                            "cap_sum": cap_sum.text,
                            "indemnity_sum": limit.text,
                        },
                        related=(ctx.sentence_span(cap),),
                    )
                    return
