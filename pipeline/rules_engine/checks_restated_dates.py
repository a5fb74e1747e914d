"""A period whose end the contract restates as a calendar date, and the arithmetic disagrees:
"甲方应于本合同签订之日起60日内（即2025年7月31日前）交付" signed on 16 May 2025 (60 days end on
15 July), "不迟于演出日前三十日（即2025年9月25日）" with the show on 18 October, "within ninety (90)
days after the Signing Date (i.e. 14 June 2026)". The period and the date name the same deadline
twice, so the deadline is uncertain.

Facts, not wording: the anchor's day comes from the contract itself (its signing date, or the
one calendar date the contract gives the named event), the end is computed, and only a date the
text expressly restates the period as ("即", "i.e.", "that is", "being") is compared.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta

from pipeline.model import Entity, Span
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.defined_dates import date_after
from pipeline.rules_engine.event_days import anchor_day, defined_day, iso
from pipeline.rules_engine.registry import Hit, Params, check

_RESTATES = {
    "zh": re.compile(r"[（(]\s*(?:即|亦即|也即|也就是)\s*(?:不迟于|不晚于|最迟)?\s*$"),
    "en": re.compile(
        r"(?:\(\s*(?:i\.e\.|that is|being|namely)|,\s*(?:i\.e\.|that is|namely))[,:\s]*"
        r"(?:by|on or before|no later than|not later than|on)?\s*$",
        re.I,
    ),
}
# what stands between the period and the restatement: "60日内（即", "三十日（即"
_ZH_TAIL = re.compile(r"^\s*(?:内|之内|以内|届满|期满)?\s*(?:之日|当日)?\s*$")
# the anchor and direction right before the period: "本合同签订之日起", "演出日前"
_ZH_ANCHOR = re.compile(
    r"(?P<anchor>[\u4e00-\u9fff]{2,14}?)(?:之日|当日|日)?\s*"
    r"(?P<dir>起|后|之后|以后|前|之前|以前)\s*(?:满|算)?\s*$"
)
_EN_ANCHOR = re.compile(
    r"^\s*(?P<dir>after|following|from|before|prior to)\s+(?:the\s+)?"
    r"(?P<anchor>date of this Agreement|date hereof|(?:[A-Z][\w-]*\s+){0,3}Date)\s*$"
)
# "within ninety (90) days after the Signing Date (the "Long-Stop Date")"
_EN_NAMES_PERIOD = re.compile(r"\(\s*the\s+[\"“](?P<name>(?:[A-Z][\w-]*\s+){0,3}Date)[\"”]\s*\)")
_BEFORE = re.compile(r"前|before|prior", re.I)
_REACH = 90
_SLACK_DAYS = 1  # counting the first day or not


class RestatedDateParams(Params):
    pass


def _period_before(ctx: RuleContext, lo: int, hi: int) -> Entity | None:
    """The last duration that ends inside the view range [lo, hi)."""
    inside = [
        p for p in ctx.of_kind("duration")
        if lo <= ctx.view_offset(p.span.start) and ctx.view_offset(p.span.end) <= hi
        and p.attrs.get("unit") not in {"workday", "hour"}
    ]  # fmt: skip
    return inside[-1] if inside else None


def _line_start(ctx: RuleContext, at: int) -> int:
    return max(0, at - _REACH, ctx.text.rfind("\n", 0, at) + 1)


def _deadline(
    ctx: RuleContext, lo: int, head_end: int, lang: str, exclude: Entity | None
) -> tuple[Entity, Entity, bool] | None:
    """The period ending the view range [lo, head_end), its anchor's date and whether it counts
    back: "本合同签订之日起60日内", "thirty (30) days before the Event Date"."""
    period = _period_before(ctx, lo, head_end)
    if period is None:
        return None
    p_start, p_end = ctx.view_offset(period.span.start), ctx.view_offset(period.span.end)
    if lang == "zh":
        if not _ZH_TAIL.match(ctx.text[p_end:head_end]):
            return None
        m = _ZH_ANCHOR.search(ctx.text[lo:p_start])
    else:
        m = _EN_ANCHOR.match(ctx.text[p_end:head_end])
    if m is None:
        return None
    anchor = anchor_day(ctx, m.group("anchor"), exclude)
    if anchor is None:
        return None
    return period, anchor, bool(_BEFORE.search(m.group("dir")))


def _computed(period: Entity, anchor: Entity, back: bool) -> date | None:
    anchor_day = iso(anchor)
    if anchor_day is None:
        return None
    if not back:
        return date_after(anchor_day, period)
    count = period.value
    if period.attrs.get("unit") != "day" or not isinstance(count, int | float):
        return None
    return anchor_day - timedelta(days=int(count))


def _restated(ctx: RuleContext, lang: str) -> Iterator[tuple[Entity, Entity, Entity, bool, Span]]:
    """(stated date, period, anchor, counts back, where to point) for each period the text
    restates as a date: in brackets after it, or by a name defined as a date elsewhere."""
    for d in ctx.of_kind("date"):
        start = ctx.view_offset(d.span.start)
        lo = _line_start(ctx, start)
        m = _RESTATES[lang].search(ctx.text[lo:start])
        found = _deadline(ctx, lo, lo + m.start(), lang, d) if m else None
        if found:
            yield d, *found, d.span
    if lang != "en":
        return
    for m in _EN_NAMES_PERIOD.finditer(ctx.text):
        stated = defined_day(ctx, m.group("name"))
        lo = _line_start(ctx, m.start())
        found = _deadline(ctx, lo, m.start(), lang, stated) if stated else None
        if stated and found:
            yield stated, *found, ctx.span(m.start(), m.end())


@check(
    "restated_date_mismatch", RestatedDateParams, fields=("period", "anchor", "expected", "stated")
)
def restated_date_mismatch(ctx: RuleContext, params: RestatedDateParams) -> Iterator[Hit]:
    """A period from a dated anchor, restated as a calendar date the period does not reach."""
    lang = "zh" if ctx.language == "zh" else "en"
    for stated, period, anchor, back, where in _restated(ctx, lang):
        expected = _computed(period, anchor, back)
        day = iso(stated)
        if expected is None or day is None or abs((day - expected).days) <= _SLACK_DAYS:
            continue
        yield Hit(
            where,
            {"period": period.text, "anchor": anchor.text, "expected": expected.isoformat(),
             "stated": stated.text},
            (period.span, anchor.span, stated.span),
        )  # fmt: skip
