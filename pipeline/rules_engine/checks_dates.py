"""A deadline that falls before the event it runs from: "自设备运抵之日起安排安装…应于2026年5月18
日前全部完成" while delivery is fixed for 2026年5月25日; "在第一期发布期届满…之日起十个工作日内支付
…最迟付款日为2026年6月15日" while that period ends on 2026年6月30日. The performance cannot be
done in time, so the time of performance is uncertain (民法典 511).
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
