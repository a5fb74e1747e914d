"""A deadline that falls before the event it runs from: "自设备运抵之日起安排安装…应于2026年5月18
日前全部完成" while delivery is fixed for 2026年5月25日; "在第一期发布期届满…之日起十个工作日内支付
…最迟付款日为2026年6月15日" while that period ends on 2026年6月30日. The performance cannot be
done in time, so the time of performance is uncertain (民法典 511).

The same holds where the event's date is one the contract schedules by name ("计划竣工日期：
2026年6月27日", "the Delivery Date is …", "shall achieve Completion on or before …") and the
deadline sits in a table row or sentence conditioned on that event ("竣工验收合格后二十八日内 |
2026年5月31日前", "within 30 days after Acceptance and no later than 1 March").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

# the event a performance runs from, named before the deadline in the same sentence
_RUNS_FROM = re.compile(
    r"(?:自|在|于|从)(?P<what>[^，。；]{0,24}?)(?P<event>运抵|交货|交付|到货|届满)"
    r"[^。；]{0,40}?(?:之日|后|以后)"
)
_DEADLINE_AFTER = re.compile(r"^[^，。；]{0,3}(?:前|之前|以前)")
_DEADLINE_BEFORE = re.compile(r"(?:最迟|最晚|不迟于|截止)[^，。；]{0,10}$")
_PERIOD_NAME = re.compile(r"(?P<name>[\u4e00-\u9fff]{1,4}期)$")


def _iso(e: Entity) -> date | None:
    return date.fromisoformat(e.value) if isinstance(e.value, str) else None


def _is_deadline(ctx: RuleContext, e: Entity) -> bool:
    end = ctx.view_offset(e.span.end)
    return bool(
        _DEADLINE_AFTER.match(ctx.text[end : end + 6])
        or _DEADLINE_BEFORE.search(ctx.sentence_before(e))
    )


def _event_dates(ctx: RuleContext, event: str, what: str) -> list[Entity]:
    dates = [d for d in ctx.of_kind("date") if _iso(d) is not None]
    if event != "届满":
        return [
            d for d in dates if d.attrs.get("role") == "delivery" and "range_end" not in d.attrs
        ]
    # a named period's end: 发布期届满 -> the range ends in sentences that name 发布期
    named = _PERIOD_NAME.search(what)
    if named is None:
        return []
    return [
        d
        for d in dates
        if "range_start" in d.attrs and named.group("name") in ctx.entity_sentence(d)
    ]


@check("deadline_before_trigger", fields=("deadline", "event", "event_date"))
def deadline_before_trigger(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    if ctx.language != "zh":
        return
    for d in ctx.of_kind("date"):
        when = _iso(d)
        if when is None or not _is_deadline(ctx, d):
            continue
        trigger = None
        for m in _RUNS_FROM.finditer(ctx.sentence_before(d)):
            trigger = m
        if trigger is None:
            continue
        events = _event_dates(ctx, trigger.group("event"), trigger.group("what"))
        earliest = min(events, key=lambda e: _iso(e) or date.max, default=None)
        first = _iso(earliest) if earliest is not None else None
        if earliest is None or first is None or when >= first:
            continue
        yield Hit(
            d.span,
            {
                "deadline": d.text.replace("\n", ""),
                "event": (trigger.group("what") + trigger.group("event")).strip(),
                "event_date": earliest.text.replace("\n", ""),
            },
            (earliest.span,),
        )


# each event: its Chinese and English names
_EVENTS = {
    "completion": r"竣工|完工|(?:Practical |Substantial )?Completion",
    "acceptance": r"验收|Acceptance",
    "delivery": r"交付|交货|Delivery",
    "handover": r"交房|移交|Handover",
    "go_live": r"上线|Go-Live",
}
# "计划竣工日期：2026年6月27日", "the Delivery Date is 3 May 2025", "Completion Date: …"
_SCHEDULED = r"(?:计划|预计|约定)?(?:{e})(?:日期|日|时间)?\s*(?:为|是|定为|：|:)\s*$"
_SCHEDULED_EN = (
    r"(?:scheduled |planned |target )?(?:{e}) Date[\"”)]*\s*(?:is|shall be|will be|means|:|of)?\s*$"
)
# "shall achieve Completion on or before 4 December 2025"
_DUE_EN = (
    r"(?:achieve|complete|effect|make)\s+(?:the\s+)?(?:{e})[^.;]{{0,40}}?"
    r"(?:by|on or before|no later than)\s*$"
)
# the deadline's condition: "竣工验收合格后", "after Acceptance", "following Delivery"
_AFTER_ZH = r"(?:{e})[^，。；|]{{0,12}}?(?:后|以后|之后|之日起)"
_AFTER_EN = r"(?:after|following|upon|from)\s+(?:the\s+)?(?:date of\s+)?(?:{e})"
# the deadline itself: "2026年5月31日前", "no later than 1 March 2026"
_BY_ZH = re.compile(r"^\s*(?:前|之前|以前)")
_BY_EN = re.compile(r"(?:by|on or before|no later than|not later than)\s*$", re.I)


def _context(ctx: RuleContext, e: Entity) -> tuple[str, str, str]:
    """Text before the date in its phrase, after it, and its whole table row or sentence."""
    at, end = ctx.view_offset(e.span.start), ctx.view_offset(e.span.end)
    line_start = ctx.text.rfind("\n", 0, at) + 1
    line_end = ctx.text.find("\n", end)
    line = ctx.text[line_start : line_end if line_end >= 0 else len(ctx.text)]
    if line.count("|") >= 2:
        row_before = ctx.text[line_start:at]
        return row_before[row_before.rfind("|") + 1 :], ctx.text[end : end + 10], line
    return ctx.sentence_before(e), ctx.text[end : end + 10], ctx.entity_sentence(e)


def _scheduled(ctx: RuleContext, dates: list[tuple[Entity, date]]) -> dict[str, date]:
    """The earliest date the contract schedules for each event."""
    found: dict[str, date] = {}
    for e, when in dates:
        before, _, _ = _context(ctx, e)
        tail = before[-60:]
        for event, names in _EVENTS.items():
            patterns = (
                _SCHEDULED.format(e=names),
                _SCHEDULED_EN.format(e=names),
                _DUE_EN.format(e=names),
            )
            if any(re.search(p, tail, re.I) for p in patterns):
                found[event] = min(found.get(event, when), when)
    return found


@check("deadline_before_scheduled_event", fields=("deadline", "event_date", "event"))
def deadline_before_scheduled_event(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """A date by which something must happen after an event, earlier than the date the
    contract schedules for that event: the deadline cannot be met."""
    dates = [(e, d) for e in ctx.of_kind("date") if (d := _iso(e)) is not None]
    scheduled = _scheduled(ctx, dates)
    if not scheduled:
        return
    for e, when in dates:
        before, after, phrase = _context(ctx, e)
        if not (_BY_ZH.match(after) or _BY_EN.search(before[-25:])):
            continue
        for event, event_date in scheduled.items():
            names = _EVENTS[event]
            conditioned = re.search(_AFTER_ZH.format(e=names), phrase) or re.search(
                _AFTER_EN.format(e=names), phrase, re.I
            )
            if conditioned and when < event_date:
                yield Hit(
                    e.span,
                    {"deadline": e.text, "event_date": event_date.isoformat(),
                     "event": conditioned.group()},
                )  # fmt: skip
                return
