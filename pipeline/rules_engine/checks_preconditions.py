"""An act the contract schedules before the event it may not come before: "no Product shall be
shipped to Customer, before First Article Approval" while Schedule 3 dates First Article
Approval on 23 May 2025 and Clause 6.2 delivers Lot 1 on or before 16 May 2025. Both cannot
hold, so the time of performance is uncertain (民法典 511; at common law, construction of
inconsistent terms).

Facts, not wording: the precondition's event is dated by a schedule row that names it (or by
its definition), the act by the dates the contract gives that kind of act (deliveries,
shipments, the start of production).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.event_days import defined_day, iso
from pipeline.rules_engine.registry import Hit, Params, check

# "shall not start series production …, and no Product shall be shipped …, before First Article
# Approval has been given"; "may not deliver any Goods prior to the Acceptance Date"
_EN_NOT_BEFORE = re.compile(
    r"\b(?:shall|may|will|must)\s+not\b(?P<acts>[^.;]{0,160}?)\b(?:before|prior to)\s+"
    r"(?:the\s+)?(?P<event>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,4})"
)
# what the forbidden act is, and which dates the contract gives it
_ACTS = {
    "delivery": re.compile(r"\b(?:ship|deliver|despatch|dispatch)\w*", re.I),
    "production": re.compile(r"\b(?:series production|mass production|manufactur)\w*", re.I),
}
_ROW_ACT = {
    # the goods' own deliveries: "Lot 1", "Shipment 2", "Delivery of the Products" (not "3D data
    # delivered", a step of the other side)
    "delivery": re.compile(
        r"\b(?:Lot|Batch|Shipment|Consignment)\s*\d+\b"
        r"|\b(?:delivery|shipment|despatch|dispatch) of (?:the )?(?:Products?|Goods|Equipment)\b",
        re.I,
    ),
    "production": re.compile(
        r"\b(?:start of (?:series |mass )?production|production start)\b", re.I
    ),
}


_SOME_TIME_BEFORE = re.compile(
    r"\b(?:days?|weeks?|months?|hours?|Business Days?|Working Days?)\s*$|\bearlier than\s*$", re.I
)


class PreconditionParams(Params):
    pass


def _row_date(ctx: RuleContext, name: str) -> Entity | None:
    """The one date of the schedule rows whose first cell names the event."""
    found = []
    for d in ctx.of_kind("date"):
        at = ctx.view_offset(d.span.start)
        line = ctx.text[ctx.text.rfind("\n", 0, at) + 1 : at]
        if "|" in line and line.split("|", 1)[0].strip().lower().startswith(name.lower()):
            found.append(d)
    return found[0] if found and len({d.value for d in found}) == 1 else None


def _act_dates(ctx: RuleContext, act: str) -> list[tuple[Entity, date]]:
    """Dates the contract gives an act of this kind: a delivery date, or a schedule row for it."""
    out = []
    for d in ctx.of_kind("date"):
        when = iso(d)
        if when is None:
            continue
        at = ctx.view_offset(d.span.start)
        line = ctx.text[ctx.text.rfind("\n", 0, at) + 1 : at]
        row = line.split("|", 1)[0] if "|" in line else ""
        if (act == "delivery" and d.attrs.get("role") == "delivery" and "|" not in line) or (
            row and _ROW_ACT[act].search(row)
        ):
            out.append((d, when))
    return out


@check("act_before_its_precondition", PreconditionParams, fields=("act", "event", "day", "when"))
def act_before_its_precondition(ctx: RuleContext, params: PreconditionParams) -> Iterator[Hit]:
    """A delivery or a start of production the contract dates before the event it says must
    come first."""
    if ctx.language != "en":
        return
    for sentence in ctx.sentences:
        for m in _EN_NOT_BEFORE.finditer(sentence.text):
            event = m.group("event").strip()
            marker = _row_date(ctx, event) or defined_day(ctx, event)
            first = iso(marker) if marker is not None else None
            if marker is None or first is None:
                continue
            if _SOME_TIME_BEFORE.search(m.group("acts")):
                continue  # "not deliver more than 14 days before the Delivery Date": a window
            for act, words in _ACTS.items():
                if not words.search(m.group("acts")):
                    continue
                early = [(d, when) for d, when in _act_dates(ctx, act) if when < first]
                if early:
                    d = min(early, key=lambda pair: pair[1])[0]
                    yield Hit(
                        d.span,
                        {"act": act, "event": event, "day": marker.text, "when": d.text},
                        (ctx.span(sentence.start + m.start(), sentence.start + m.end()),),
                    )
                    return
