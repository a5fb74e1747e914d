"""A deadline counted from one event of a timetable, against the dates the timetable gives both:
"乙方应自第一阶段验收合格之日起四十五日内完成第二阶段开发并交付全部成果" while 附件二 dates
"第一阶段验收完成 | 2025年12月19日" and "第二阶段成果交付 | 2026年3月20日" (45 days end on
2 February); "deliver the Phase 2 Deliverables no later than thirty (30) days after the date of
Acceptance of Phase 1" while the Timetable dates Acceptance of Phase 1 on 31 July and Phase 2
delivery on 15 September. Both cannot hold, so the time of performance is uncertain (民法典 511).

Facts, not wording: each event is matched to a timetable row by its part (第二阶段, Phase 2)
and by what happens (acceptance, delivery, completion, payment), whatever the row calls it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date

from pipeline.model import Entity
from pipeline.rules_engine.checks_relative_rows import part_number
from pipeline.rules_engine.checks_schedule_dates import cell_dates
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.defined_dates import date_after
from pipeline.rules_engine.pipe_tables import pipe_rows
from pipeline.rules_engine.registry import Hit, Params, check

_ZH_PART = re.compile(r"第(?P<n>[一二三四五六七八九十\d]{1,3})(?P<unit>阶段|批|期|节点|里程碑)")
_EN_PART = re.compile(
    r"\b(?P<unit>Phase|Stage|Batch|Milestone|Lot|Release|Module|Shipment)\s+(?P<n>\d+|[A-Z])\b"
)
# what happens, most specific first: a row "第二阶段验收完成" is an acceptance, not a completion
_FAMILIES = (
    ("acceptance", re.compile(r"验收|accept", re.I)),
    ("payment", re.compile(r"支付|付款|\bpay", re.I)),
    ("delivery", re.compile(r"交付|交货|到货|发货|提交|deliver|ship|submi", re.I)),
    ("completion", re.compile(r"完成|完工|竣工|complet|finish", re.I)),
)
# "自第一阶段验收合格之日起四十五日内完成第二阶段开发并交付"
_ZH_DEADLINE = re.compile(
    r"(?:自|从|于|为)(?P<anchor>第[^，。；]{1,24}?)(?:之日|当日)(?:起|后)"
    r"(?P<period>[^，。；内]{1,12})内(?P<later>[^，。；]{0,40})"
)
# "deliver the Phase 2 Deliverables no later than thirty (30) days after the date of Acceptance
# of Phase 1"
_EN_DEADLINE = re.compile(
    r"(?P<later>[^.;]{4,90}?)\s+(?:no later than|not later than|within)\s+(?P<period>[^.;]{1,30}?)"
    r"\s+(?:after|following)\s+(?:the\s+)?(?:date\s+(?:of|on which)\s+)?(?P<anchor>[^.;,()]{4,60})"
)


_DUTY = re.compile(r"\b(?:shall|must|will|agrees? to|undertakes? to)\b|应当?|须")


@dataclass(frozen=True)
class Event:
    part: tuple[str, int]
    family: str


class TimelineParams(Params):
    pass


def _event(text: str, lang: str) -> Event | None:
    """The one part a text names and the most specific thing that happens to it."""
    parts = {
        (m.group("unit").lower(), n)
        for m in (_ZH_PART if lang == "zh" else _EN_PART).finditer(text)
        if (n := part_number(m.group("n"))) is not None
    }
    family = next((name for name, words in _FAMILIES if words.search(text)), None)
    if len(parts) != 1 or family is None:
        return None
    return Event(next(iter(parts)), family)


def _timeline(ctx: RuleContext, lang: str) -> dict[Event, tuple[Entity, date] | None]:
    """Each event a timetable row dates; None where two rows date it differently."""
    found: dict[Event, tuple[Entity, date] | None] = {}
    for row in pipe_rows(ctx.text):
        dated = [d for cell in row for d in cell_dates(ctx, cell)]
        label = " ".join(c.text for c in row if not cell_dates(ctx, c))
        event = _event(label, lang)
        if event is None or len(dated) != 1:
            continue
        seen = found.get(event, dated[0])
        found[event] = dated[0] if seen is not None and seen[1] == dated[0][1] else None
    return found


def _period(ctx: RuleContext, start: int, end: int) -> Entity | None:
    inside = [d for d in ctx.of_kind("duration") if start <= ctx.view_offset(d.span.start) < end]
    if len(inside) != 1 or inside[0].attrs.get("unit") in {"workday", "hour"}:
        return None
    return inside[0]


@check("timeline_row_after_deadline", TimelineParams, fields=("later", "later_date", "allowed"))
def timeline_row_after_deadline(ctx: RuleContext, params: TimelineParams) -> Iterator[Hit]:
    """A timetable row dated later than the period the contract allows after another row."""
    lang = "zh" if ctx.language == "zh" else "en"
    timeline = _timeline(ctx, lang)
    if len(timeline) < 2:
        return
    pattern = _ZH_DEADLINE if lang == "zh" else _EN_DEADLINE
    for m in pattern.finditer(ctx.text):
        # "… start work on Phase 2 as soon as Phase 1 is Accepted and shall deliver the Phase 2
        # Deliverables": the duty the period bounds is the last one before it
        later_text = _DUTY.split(m.group("later"))[-1]
        anchor, later = _event(m.group("anchor"), lang), _event(later_text, lang)
        period = _period(ctx, m.start("period"), m.end("period"))
        if anchor is None or later is None or period is None or anchor.part == later.part:
            continue
        early_row, late_row = timeline.get(anchor), timeline.get(later)
        if early_row is None or late_row is None:
            continue
        allowed = date_after(early_row[1], period)
        if allowed is None or late_row[1] <= allowed:
            continue
        late = late_row[0]
        yield Hit(
            late.span,
            {"later": later_text.strip(), "later_date": late.text,
             "allowed": allowed.isoformat()},
            (ctx.span(m.start(), m.end()), early_row[0].span),
        )  # fmt: skip
        return
