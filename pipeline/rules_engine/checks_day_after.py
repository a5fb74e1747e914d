"""A date defined as the day after another event, which the contract dates otherwise: "Provider
shall commence full operational Services on the day immediately following the end of the
Transition Period (the "Go-Live Date")" while the Transition Period ends on September 30, 2025
and Schedule 1 gives "Go-Live Date | August 15, 2025". The day after September 30 is October 1;
both cannot hold, so every period that runs from that date is uncertain.

Facts, not wording: the earlier event's day is the one the contract gives it (a period's end
named in brackets after it, or a named date), and the defined date's own calendar value comes
from wherever the contract states it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta

from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.event_days import defined_day, iso
from pipeline.rules_engine.registry import Hit, Params, check

_NAME = r"(?:[A-Z][\w-]*\s+){0,3}"
_DAY_AFTER = re.compile(
    r"\bthe (?:day|date|Business Day) (?:immediately )?(?:following|after|next after)\s+"
    rf"(?:the (?:end|expiry|expiration|last day) of\s+)?the (?P<anchor>{_NAME}(?:Period|Date|Term))"
    rf"\s*\(the\s+[\"“](?P<name>{_NAME}Date)[\"”]\)"
)


class DayAfterParams(Params):
    pass


_ENDING_ON = re.compile(r"\b(?:ending|ends|end|expiring|until|through|to)\s+(?:on\s+)?$", re.I)


def _period_end(ctx: RuleContext, name: str) -> Entity | None:
    """The last day of a named period: the date that ends a range, or follows "ending on",
    right before '(the "Transition Period")'."""
    named = re.compile(rf"^\s*\(the\s+[\"“]{re.escape(name)}[\"”]\)")
    ends = []
    for d in ctx.of_kind("date"):
        start, end = ctx.view_offset(d.span.start), ctx.view_offset(d.span.end)
        if iso(d) is None or not named.match(ctx.text[end : end + 60]):
            continue
        if "range_start" in d.attrs or _ENDING_ON.search(ctx.text[max(0, start - 20) : start]):
            ends.append(d)
    return ends[0] if len({d.value for d in ends}) == 1 else None


@check("day_after_mismatch", DayAfterParams, fields=("name", "anchor", "expected", "stated"))
def day_after_mismatch(ctx: RuleContext, params: DayAfterParams) -> Iterator[Hit]:
    """A date defined as the day after an event the contract dates, stated as another day."""
    if ctx.language == "zh":
        return
    for m in _DAY_AFTER.finditer(ctx.text):
        anchor_name, name = m.group("anchor").strip(), m.group("name").strip()
        anchor = (
            _period_end(ctx, anchor_name)
            if not anchor_name.endswith("Date")
            else defined_day(ctx, anchor_name)
        )
        stated = defined_day(ctx, name)
        before, day = (iso(anchor) if anchor else None), (iso(stated) if stated else None)
        if before is None or day is None or stated is None or anchor is None:
            continue
        expected = before + timedelta(days=1)
        if day != expected:
            yield Hit(
                stated.span,
                {"name": name, "anchor": anchor.text, "expected": expected.isoformat(),
                 "stated": stated.text},
                (ctx.span(m.start(), m.end()), anchor.span),
            )  # fmt: skip
            return
