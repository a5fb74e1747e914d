"""Dates named as events (交割日, the Closing Date, the Expiration Date): one event must have one
date. A term's length against its end date is ``checks_term_expiry``'s matter.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.defined_dates import defined_by_period, due_before_named_date
from pipeline.rules_engine.defined_periods import period_end_restated
from pipeline.rules_engine.registry import Hit, Params, check

# A date that names one event: "交割日即2025年5月31日", "the Closing Date of March 17, 2025",
# "April 1, 2025 (the "Closing Date")". Generic dates (a payment date, a due date) recur with
# different values by design and are left out.
_ZH_EVENT = r"(?:基准日|生效日|交割日|签约日|开工日|竣工日|起租日|交房日|成交日|计租日|交付日|验收日|完工日|到期日)(?:期)?"
_ZH_NAMED_BEFORE = re.compile(
    rf"(?P<name>{_ZH_EVENT})[”\"]?(?:即|为|是|指|系|定为|确定为|：|:)?\s*$"
)
# "起租日为甲方向出卖人支付设备价款之日，即2025年4月1日": the day of an event, then its date
_ZH_NAMED_AS_DAY_OF = re.compile(
    rf"(?P<name>{_ZH_EVENT})(?:为|是|指|系|确定为)[^。；，,]{{1,30}}?之日[，,]\s*即\s*$"
)
_EN_EVENT = (
    r"(?:Closing|Effective|Commencement|Completion|Expiration|Expiry|Termination|Handover"
    r"|Go-Live|Acceptance|Reference|Valuation|Rent Commencement) Date"
)
_EN_NAMED_BEFORE = re.compile(
    rf"(?:the\s+)?[\"“]?(?P<name>{_EN_EVENT})[\"”]?,?\s*(?:of|is|shall be|will be|means|on|:)?\s*$"
)
# any quoted definition of a date: '"Event Date" means Wednesday 5 November 2025'
_EN_DEFINED_BEFORE = re.compile(
    r"[\"“](?P<name>(?:[A-Z][\w-]*\s+){1,3}Date)[\"”]\s+(?:means|shall mean)\s+"
    r"(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+)?$"
)
# a basic-terms item: "1.3 Commencement Date. March 1, 2025."
_EN_NAMED_ITEM = re.compile(rf"^\s*(?:\d+(?:\.\d+)*\.?\s+)?(?P<name>{_EN_EVENT})\s*[.:]\s*$")
# a date named in a quoted definition right after it: any "… Date" ("the "Event Start Date"")
_EN_NAMED_AFTER = re.compile(r"^\s*\((?:the\s+)?[\"“](?P<name>(?:[A-Z][\w-]*\s+){0,3}Date)[\"”]\)")
# "… by December 19, 2025, which is the Scheduled Completion Date"
_EN_NAMED_WHICH = re.compile(
    r"^\s*,?\s*(?:which is|which shall be|being)\s+the\s+[\"“]?(?P<name>(?:[A-Z][\w-]*\s+){0,3}Date)\b"
)
# an event named without "Date": in a milestone list ("Go-Live (the first day …), July 28, 2025")
# or scheduled ("the production cut-over (Go-Live) scheduled for August 25, 2025")
_EN_EVENT_WORD = (
    r"(?:Go-Live|Practical Completion|Substantial Completion|Completion|Closing|Handover|Cut-?over)"
)
_EN_EVENT_LISTED = re.compile(
    rf"\b(?P<name>{_EN_EVENT_WORD})[\"”]?\s*(?:\([^()]{{0,140}}\))?\s*[,:]\s*$"
)
_EN_EVENT_SCHEDULED = re.compile(
    rf"\(?(?P<name>{_EN_EVENT_WORD})\)?\s+(?:is\s+|shall be\s+|will be\s+)?"
    r"(?:scheduled|planned|set|fixed|expected)\s+(?:for|on)\s*$"
)
# "The Closing shall take place … on April 1, 2025": the event's date, a clause away
_EN_OCCURS = re.compile(
    r"\b(?P<name>Closing|Completion|Commencement|Handover)\b[\"”)]*[^.;]{0,120}?"
    # "at 10.00 am on 29 May 2026": a time's dot does not end the sentence
    r"\b(?:take place|occur|be held)\b(?:[^.;]|(?<=\d)\.(?=\d)){0,100}?\bon\s*$"
)
# "the Commencement Date shall be the date of delivery": the event is another event's date
_EN_TIED = re.compile(
    rf"(?:the\s+)?(?P<name>{_EN_EVENT})\s+(?:shall be|is|will be|means)\s+the\s+(?:date|day)\s+"
    r"(?:of|on which|when)\b"
)
_ZH_TAKES_EFFECT = re.compile(r"^\s*(?:起|开始)?(?:正式)?生效")
_ZH_TIED = re.compile(rf"(?P<name>{_ZH_EVENT})(?:为|即|以)[^，。；]{{0,12}}(?:之日|当日|日期)")


# a schedule row that names the event in its first cell: "Completion of Subcontract Works |
# 28 February 2026", "竣工日期 | 2026年2月28日"
_EN_ROW_EVENT = re.compile(rf"^\s*(?:(?:Date|Time) (?:of|for) )?(?P<name>{_EN_EVENT_WORD})\b", re.I)
_ZH_ROW_EVENT = re.compile(
    r"^\s*(?:工程|项目)?(?P<name>竣工|完工|开工|交割|交房|起租)(?:日期|日|时间)?\s*$"
)
# an order form's rows: "Commencement Date | 1 March 2025", "Initial Term end date | 28 February
# 2027", "租赁期限届满日 | 2028年4月30日": the term's start and end, named by the row
_EN_ROW_NAMED = re.compile(rf"^\s*(?:the\s+)?(?P<name>{_EN_EVENT})\s*$", re.I)
_EN_ROW_TERM_END = re.compile(
    r"^\s*(?:(?:Initial|Minimum|Contract|Lease|Licen[cs]e|Subscription|Agreement)\s+)?Term\s+"
    r"(?:end|expiry|expiration)(?:\s+date)?\s*$"
    r"|^\s*(?:end|expiry|expiration) date of the (?:\w+\s+)?term\s*$"
    # "Off-hire date (end of Hire Period)", "End of the Lease Term"
    r"|^[^|]*\(\s*(?:end|expiry|expiration) of (?:the\s+)?(?:[\w-]+\s+){0,2}(?:term|period)\s*\)\s*$"
    r"|^\s*(?:end|expiry|expiration) of (?:the\s+)?(?:[\w-]+\s+){0,2}(?:term|period)\s*$",
    re.I,
)
_ZH_ROW_TERM_END = re.compile(
    r"^\s*(?:合同|租赁|服务|借款|许可)?(?:期限)?(?:届满|到期|期满)(?:日期|日)\s*$"
)
# "shall achieve Completion within 270 days …, that is, on or before 4 December 2025"
_EN_DUE = re.compile(
    rf"\b(?:achieve|attain|reach|effect)\s+(?:the\s+)?(?P<name>{_EN_EVENT_WORD})\b[^.;|]{{0,160}}?"
    r"\b(?:by|on or before|no later than|not later than)\s*$",
    re.I,
)


def _row_event(ctx: RuleContext, start: int) -> str | None:
    """The event a table row's first cell names, for a date in a later cell of that row."""
    line_start = ctx.text.rfind("\n", 0, start) + 1
    row_before = ctx.text[line_start:start]
    if row_before.count("|") < 1:
        return None
    first_cell = row_before.split("|", 1)[0]
    if ctx.language == "zh":
        if _ZH_ROW_TERM_END.match(first_cell):
            return "到期日"
        m = _ZH_ROW_EVENT.match(first_cell)
        return m.group("name") + "日" if m else None
    if _EN_ROW_TERM_END.match(first_cell):
        return "Expiry Date"
    named = _EN_ROW_NAMED.match(first_cell)
    if named:
        return named.group("name").title()
    m = _EN_ROW_EVENT.match(first_cell)
    return f"{m.group('name').title()} Date" if m else None


def event_name(ctx: RuleContext, date_entity: Entity) -> str | None:
    start = ctx.view_offset(date_entity.span.start)
    end = ctx.view_offset(date_entity.span.end)
    before = ctx.text[max(0, start - 40) : start]
    after = ctx.text[end : end + 40]
    row = _row_event(ctx, start)
    if row:
        return row
    if ctx.language == "zh":
        m = _ZH_NAMED_BEFORE.search(before) or _ZH_NAMED_AS_DAY_OF.search(
            ctx.text[max(0, start - 60) : start]
        )
        if m is None and _ZH_TAKES_EFFECT.match(after):
            return "生效日"  # "本合同…于2025年4月1日起生效"
        return m.group("name").rstrip("期") if m else None
    line = ctx.text[ctx.text.rfind("\n", 0, start) + 1 : start]
    m = (
        _EN_NAMED_BEFORE.search(before)
        or _EN_DEFINED_BEFORE.search(before)
        or _EN_NAMED_AFTER.match(after)
        or _EN_NAMED_WHICH.match(after)
        or _EN_NAMED_ITEM.match(line)
    )
    if m:
        return m.group("name").title()
    wide = ctx.text[max(0, start - 180) : start]
    listed = _EN_EVENT_LISTED.search(wide) or _EN_EVENT_SCHEDULED.search(wide)
    if listed:
        return f"{listed.group('name').title()} Date"
    reach = ctx.text[max(0, start - 240) : start]
    occurs = _EN_OCCURS.search(reach) or _EN_DUE.search(reach)
    return f"{occurs.group('name').title()} Date" if occurs else None


def event_dates(ctx: RuleContext) -> dict[str, Entity]:
    """Each named event's first calendar date ("Closing Date" means June 30, 2025)."""
    seen: dict[str, Entity] = {}
    for d in ctx.of_kind("date"):
        name = event_name(ctx, d)
        if name is not None and isinstance(d.value, str):
            seen.setdefault(name, d)
    return seen


@check("named_date_conflict", fields=("name", "first", "second"))
def named_date_conflict(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """One event (the Closing Date, 基准日) given two different dates."""
    seen: dict[str, Entity] = {}
    reported: set[str] = set()
    for d in ctx.of_kind("date"):
        name = event_name(ctx, d)
        if name is None or not isinstance(d.value, str):
            continue
        first = seen.setdefault(name, d)
        if first.value != d.value and name not in reported:
            reported.add(name)
            yield Hit(d.span, {"name": name, "first": first.text, "second": d.text}, (first.span,))
    yield from _tied_to_another_date(ctx, seen, reported)
    yield from defined_by_period(ctx, seen, reported)
    yield from period_end_restated(ctx, seen, reported)
    yield from due_before_named_date(ctx, seen, reported)


def _tied_to_another_date(
    ctx: RuleContext, fixed: dict[str, Entity], reported: set[str]
) -> Iterator[Hit]:
    """An event fixed on one date and also defined as another event's day, in a sentence that
    gives that other event a different date ("commencing on December 1 (the Commencement
    Date)" against "delivered on or before December 15, and the Commencement Date shall be
    the date of delivery")."""
    tied = _ZH_TIED if ctx.language == "zh" else _EN_TIED
    for sentence in ctx.sentences:
        m = tied.search(sentence.text)
        if not m:
            continue
        name = m.group("name")
        name = name.rstrip("期") if ctx.language == "zh" else name.title()
        first = fixed.get(name)
        if first is None or name in reported:
            continue
        for d in ctx.of_kind("date"):
            start = ctx.view_offset(d.span.start)
            inside = sentence.start <= start < sentence.end
            if inside and isinstance(d.value, str) and d.value != first.value:
                reported.add(name)
                yield Hit(
                    d.span, {"name": name, "first": first.text, "second": d.text}, (first.span,)
                )
                break
