"""A whole to be paid within a period after an event, and an instalment of it that falls due later
after the same event: "pay its Subscribed Capital in full within eighteen (18) months after the
Establishment Date" while the schedule has "Second instalment | … | On or before the second
anniversary of the Establishment Date"; "注册资本应于公司成立之日起两年内缴足" while "第二期出资
于公司成立之日起三年内缴纳". Both cannot hold, so when the last part is due is uncertain
(民法典 511). The event need not have a calendar date: both periods run from it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, NoParams, check

_EN_WHOLE = re.compile(
    r"\b(?:pay|paid|contribute|contributed|settle|settled)\b[^.;]{0,60}?\bin full\b[^.;]{0,20}?"
    r"\b(?:within|no later than|not later than)\s+(?P<period>[^.;]{1,40}?)\s+"
    r"(?:after|from|following)\s+(?:the\s+)?(?P<anchor>(?:[A-Z][\w-]*\s+){0,3}Date)\b"
)
_ZH_WHOLE = re.compile(
    r"(?P<anchor>[\u4e00-\u9fff]{2,12}?)之日起(?P<period>[^，。；]{1,10}?)内"
    r"(?:缴足|付清|全部缴纳|全额缴纳|足额缴纳|全部支付|支付完毕|缴纳完毕)"
)
_ZH_LEAD = re.compile(r"^.*(?:应于|应在|须于|自|从|于|在)")
_EN_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
# a part of the whole: an instalment, a tranche, a numbered payment
_PART = re.compile(r"instal+ment|tranche|第[一二三四五六七八九十\d]{1,2}期|首期|分期", re.I)
_DAYS = {"day": 1.0, "week": 7.0}
_MONTH_DAYS = 30.4375


def _days(duration: Entity) -> float | None:
    unit = duration.attrs.get("unit")
    if unit in _DAYS and isinstance(duration.value, int | float):
        return float(duration.value) * _DAYS[str(unit)]
    months = duration.attrs.get("months")
    if unit in {"month", "year"} and isinstance(months, int | float):
        return float(months) * _MONTH_DAYS
    return None


def _duration_in(ctx: RuleContext, lo: int, hi: int) -> Entity | None:
    found = [
        d for d in ctx.of_kind("duration") if lo <= ctx.view_offset(d.span.start) < hi
    ]  # fmt: skip
    return found[0] if len(found) == 1 else None


def _line(text: str, at: int) -> str:
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return text[start : end if end >= 0 else len(text)]


def _parts(ctx: RuleContext, anchor: str, skip: range) -> Iterator[tuple[int, int, float]]:
    """(start, end, days after the event) of each instalment the contract times from it."""
    a = re.escape(anchor)
    if ctx.language == "zh":
        later = re.compile(rf"{a}之日起(?P<period>[^，。；|]{{1,10}}?)内")
        anniversaries: re.Pattern[str] | None = None
    else:
        later = re.compile(
            rf"\b(?:within|no later than|not later than)\s+(?P<period>[^.;|]{{1,40}}?)\s+"
            rf"(?:after|from|following)\s+(?:the\s+)?{a}\b"
        )
        anniversaries = re.compile(
            rf"\b(?P<ord>{'|'.join(_EN_ORDINAL)})\s+anniversary\s+of\s+(?:the\s+)?{a}\b", re.I
        )
    for m in later.finditer(ctx.text):
        if m.start() in skip or not _PART.search(_line(ctx.text, m.start())):
            continue
        period = _duration_in(ctx, m.start("period"), m.end("period"))
        days = _days(period) if period is not None else None
        if days is not None:
            yield m.start(), m.end(), days
    for m in anniversaries.finditer(ctx.text) if anniversaries else ():
        if m.start() in skip or not _PART.search(_line(ctx.text, m.start())):
            continue
        yield m.start(), m.end(), _EN_ORDINAL[m.group("ord").lower()] * 12 * _MONTH_DAYS


@check("instalment_after_whole_deadline", NoParams, fields=("whole", "part"))
def instalment_after_whole_deadline(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """An instalment due later after an event than the whole it is part of."""
    del params
    whole = _ZH_WHOLE if ctx.language == "zh" else _EN_WHOLE
    for m in whole.finditer(ctx.text):
        period = _duration_in(ctx, m.start("period"), m.end("period"))
        limit = _days(period) if period is not None else None
        if limit is None:
            continue
        # "股东应于公司成立之日起": the event is what follows the verb
        anchor = _ZH_LEAD.sub("", m.group("anchor"))
        for start, end, days in _parts(ctx, anchor, range(m.start(), m.end())):
            if days > limit + 1:
                fields = {"whole": m.group().strip(), "part": ctx.text[start:end].strip()}
                yield Hit(ctx.span(start, end), fields, (ctx.span(m.start(), m.end()),))
                return
