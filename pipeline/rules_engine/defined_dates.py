"""A date defined as a period from another ("'Long-Stop Date' means the date falling three (3)
months after the date of this Agreement", "最后期限日指本协议签署之日起三个月届满之日") that the
contract elsewhere gives as a calendar date ("by 30 June 2025 (being the Long-Stop Date)"): once
computed, the two must be the same day.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta

from pipeline.model import Entity
from pipeline.rules_engine.checks_consistency import add_months
from pipeline.rules_engine.checks_facts import days_off
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit
from pipeline.rules_engine.signing_date import agreement_date

_EN_DEFINED = re.compile(
    r"[\"“](?P<name>(?:[A-Z][\w-]*\s+){0,3}Date)[\"”]\s+(?:means|shall mean|is)\s+"
    r"(?:the\s+(?:date|day)\s+(?:falling|which is|that is|being|occurring)\s+)?"
    r"(?P<period>[^.;,\"“”]{1,40}?)\s+(?:after|following|from)\s+"
    r"(?P<anchor>the date (?:of this Agreement|hereof)|the\s+(?:[A-Z][\w-]*\s+){1,3}Date)"
)
_ZH_DEFINED = re.compile(
    r"(?P<name>[\u4e00-\u9fff]{2,8}日)[”\"]?(?:系|是)?指"
    r"(?P<anchor>本(?:合同|协议)(?:签署|签订|订立)(?:之)?日|[\u4e00-\u9fff]{2,6}日)"
    r"(?:起|后)(?:满)?(?P<period>[^，。；、]{1,12}?)(?:届满)?(?:之日|当日)"
)
_OWN_DATE = re.compile(r"the date (?:of this Agreement|hereof)|本(?:合同|协议)(?:签署|签订|订立)")


def _is_business_days(duration: Entity) -> bool:
    return duration.attrs.get("unit") in {"workday", "hour"}


def date_after(anchor: date, duration: Entity, sign: int = 1) -> date | None:
    """``anchor`` moved by ``duration`` (back with ``sign=-1``); None for working days or hours,
    which need a calendar this does not hold."""
    unit = duration.attrs.get("unit")
    count = duration.value
    if not isinstance(count, int | float) or not float(count).is_integer():
        return None
    if unit == "day":
        return anchor + timedelta(days=sign * int(count))
    if unit == "week":
        return anchor + timedelta(weeks=sign * int(count))
    months = duration.attrs.get("months")
    if unit in {"month", "year"} and isinstance(months, int | float):
        return add_months(anchor, sign * int(months))
    return None


def anchor_entity(ctx: RuleContext, anchor: str, fixed: dict[str, Entity]) -> Entity | None:
    """The date entity an anchor names: the contract's own date, or a named event's date."""
    if _OWN_DATE.match(anchor):
        return agreement_date(ctx)
    name = anchor.removeprefix("the").strip()
    return fixed.get(name if ctx.language == "zh" else name.title())


def _stated_as(ctx: RuleContext, name: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A calendar date given under ``name``: before it ("the Long-Stop Date (30 June 2025)",
    "截止日为2025年6月30日") or after it ("30 June 2025 (being the Long-Stop Date)")."""
    n = re.escape(name)
    if ctx.language == "zh":
        before = rf"{n}[”\"]?\s*(?:[（(]\s*)?(?:即|为|是|定为|：|:)?\s*$"
        after = rf"^\s*[（(]\s*(?:即|亦即)?\s*[“\"]?{n}"
    else:
        before = rf"\bthe\s+[\"“]?{n}[\"”]?\s*(?:,|:|\(|is|shall be|will be|of|on)?\s*$"
        after = rf"^\s*\(\s*(?:being|i\.e\.,?|that is,?|namely)?\s*(?:the\s+)?[\"“]?{n}[\"”]?\s*\)"
    return re.compile(before), re.compile(after)


@dataclass(frozen=True)
class DefinedByPeriod:
    """A date the contract defines as a period after another ("the date falling twenty-four
    (24) months after the Closing Date"), worked out from that date's calendar value."""

    name: str
    due: date
    period: Entity
    anchor: Entity
    match: re.Match[str]


def dates_defined_by_period(
    ctx: RuleContext, fixed: dict[str, Entity]
) -> Iterator[DefinedByPeriod]:
    defined = _ZH_DEFINED if ctx.language == "zh" else _EN_DEFINED
    durations = ctx.of_kind("duration")
    for m in defined.finditer(ctx.text):
        anchor = anchor_entity(ctx, m.group("anchor"), fixed)
        period = [
            d for d in durations
            if m.start("period") <= ctx.view_offset(d.span.start) < m.end("period")
        ]  # fmt: skip
        if anchor is None or len(period) != 1:
            continue
        if _is_business_days(period[0]) or not isinstance(anchor.value, str):
            continue
        due = date_after(date.fromisoformat(anchor.value), period[0])
        if due is not None:
            yield DefinedByPeriod(m.group("name"), due, period[0], anchor, m)


def defined_by_period(
    ctx: RuleContext, fixed: dict[str, Entity], reported: set[str]
) -> Iterator[Hit]:
    for found in dates_defined_by_period(ctx, fixed):
        name, due, m, anchor = found.name, found.due, found.match, found.anchor
        if name in reported:
            continue
        before, after = _stated_as(ctx, name)
        for d in ctx.of_kind("date"):
            start, end = ctx.view_offset(d.span.start), ctx.view_offset(d.span.end)
            if not isinstance(d.value, str) or m.start() <= start < m.end():
                continue
            named = before.search(ctx.text[max(0, start - 40) : start]) or after.match(
                ctx.text[end : end + 60]
            )
            if named and days_off(date.fromisoformat(d.value), due) > 0:
                reported.add(name)
                first = f"{m.group('period').strip()} after {anchor.text} ({due.isoformat()})"
                if ctx.language == "zh":
                    first = f"{anchor.text}起{m.group('period').strip()}（{due.isoformat()}）"
                fields = {"name": name, "first": first, "second": d.text}
                yield Hit(d.span, fields, (found.period.span,))
                break


# "Client shall notify … the Final Guest Count no later than fourteen (14) days before the Event
# Start Date" against a timetable row "Final Guest Count due | Friday, October 3, 2025"
# "the balance of the Hire Fee, plus VAT, not later than 28 days before the Event Date": the row
# label may spell the same step with a capital ("Balance of the Hire Fee | … | 15 October 2025")
_EN_DUE_BEFORE = re.compile(
    r"(?:\bthe\s+)?(?P<what>(?:[a-z][\w-]*\s+of\s+(?:the\s+)?)?"
    r"(?P<name>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,4}))"
    r"(?:,?\s+(?:plus|together with)\s+(?:any\s+)?(?:VAT|tax(?:es)?)\s*,?)?\s+"
    r"(?:(?:shall|must) be \w+\s+)?"
    r"(?:no|not)\s+later\s+than\s+(?P<period>[^.;]{1,40}?)\s+(?:before|prior to)\s+(?:the\s+)?"
    r"(?P<anchor>(?:[A-Z][\w-]*\s+){0,3}Date)\b"
)


def _row_date(ctx: RuleContext, what: str) -> Entity | None:
    """The one date of the timetable row whose first cell names ``what``."""
    label = re.compile(rf"^\s*{re.escape(what)}\b[^|]*\|", re.I)
    found = []
    for d in ctx.of_kind("date"):
        at = ctx.view_offset(d.span.start)
        line_start = ctx.text.rfind("\n", 0, at) + 1
        line_end = ctx.text.find("\n", at)
        line = ctx.text[line_start : line_end if line_end >= 0 else len(ctx.text)]
        if label.match(line) and isinstance(d.value, str):
            found.append(d)
    return found[0] if len({d.value for d in found}) == 1 else None


def due_before_named_date(
    ctx: RuleContext, fixed: dict[str, Entity], reported: set[str]
) -> Iterator[Hit]:
    """A step due a period before a named date, dated later in the timetable."""
    if ctx.language != "en":
        return
    durations = ctx.of_kind("duration")
    for m in _EN_DUE_BEFORE.finditer(ctx.text):
        what, anchor = m.group("what"), fixed.get(m.group("anchor").title())
        period = [
            d for d in durations
            if m.start("period") <= ctx.view_offset(d.span.start) < m.end("period")
        ]  # fmt: skip
        if anchor is None or len(period) != 1 or period[0].attrs.get("unit") not in {"day", "week"}:
            continue
        row = _row_date(ctx, what)
        if row is None and what != m.group("name"):
            what = m.group("name")  # "notify … in writing of the Final Guest Count"
            row = _row_date(ctx, what)
        if row is None or what in reported or not isinstance(anchor.value, str):
            continue
        count = period[0].value
        if not isinstance(count, int | float):
            continue
        days = int(count) * (7 if period[0].attrs.get("unit") == "week" else 1)
        latest = date.fromisoformat(anchor.value) - timedelta(days=days)
        if date.fromisoformat(str(row.value)) > latest:
            reported.add(what)
            first = f"{m.group('period').strip()} before {anchor.text} ({latest.isoformat()})"
            yield Hit(
                row.span, {"name": what, "first": first, "second": row.text}, (period[0].span,)
            )
