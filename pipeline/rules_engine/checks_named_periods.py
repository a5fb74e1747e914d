"""A named period of the contract dated two ways: "第一个租赁年度为2025年6月1日至2026年5月31日" in
the clause while the rent table gives "第一租赁年度 | 2025年6月1日至2025年12月31日"; or a period the
contract defines by its length ("租赁年度指自起租日起每满十二个月", "Contract Year means each
period of twelve (12) months") laid out in a schedule with other lengths. Both cannot hold, so
which rent or fee applies when is uncertain (民法典 511).

A last period shorter than the defined length is a stub the term ends in, not a contradiction.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta

from kb.numerals import int_to_cn
from pipeline.model import Entity
from pipeline.rules_engine.checks_consistency import add_months
from pipeline.rules_engine.checks_relative_rows import part_number
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import Cell, pipe_tables
from pipeline.rules_engine.registry import Hit, Params, check

_ZH_PERIOD = re.compile(
    r"第(?P<n>[一二三四五六七八九十\d]{1,3})个?"
    r"(?P<unit>(?:租赁|合同|服务|许可|计费|结算|运营|承包|经营|托管|使用)(?:年度|季度|周期|期间))"
)
_ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth")
_EN_ORDINALS = {w: i for i, w in enumerate(_ORDINAL_WORDS, 1)}
_EN_UNIT = r"(?:Contract|Lease|Service|Licen[cs]e|Billing|Agreement|Operating|Subscription)"
_EN_PERIOD = re.compile(
    rf"\b(?P<unit>{_EN_UNIT} (?:Year|Quarter|Period))\s+(?P<n>\d{{1,2}})\b"
    rf"|\b(?P<ord>{'|'.join(_EN_ORDINALS)}) (?P<unit2>{_EN_UNIT} (?:Year|Quarter|Period))\b",
    re.I,
)
# between the period's name and its first date: "为", "：", a table bar, "shall be", "from"
_ZH_GAP = re.compile(
    r"^[”\"」）)]?\s*(?:的起止(?:期间|日期)?)?(?:为|是|：|:|\||自|从|即)?\s*(?:\|\s*)?$"
)
_EN_GAP = re.compile(
    r"^[\"”]?\s*(?:\((?:the )?[^)]{0,30}\)\s*)?(?::|\||shall (?:be|run)|is|means|will be|runs?"
    r"|commenc\w+ on|(?:shall )?(?:run )?from|being)?\s*(?:the period )?(?:from )?(?:\|\s*)?$",
    re.I,
)
# the length a period is defined by: "租赁年度”指自起租日起每满十二个月的期间"
_ZH_DEFINED = re.compile(
    r"(?P<unit>(?:租赁|合同|服务|许可|计费|结算|运营|承包|经营|托管|使用)(?:年度|季度|周期))[”\"」]?"
    r"[，,]?\s*(?:是|系)?指[^。；]{0,24}?每(?:满|连续)?(?P<n>[一二三四五六七八九十\d]{1,3})个(?:自然)?月"
)
_EN_DEFINED = re.compile(
    rf"[\"“](?P<unit>{_EN_UNIT} (?:Year|Quarter|Period))[\"”] means (?:each|every|a)"
    r"(?: successive| consecutive)? (?:period of )?(?:[a-z\-]+ )?\(?(?P<n>\d{1,2})\)? "
    r"(?:calendar |consecutive )?months?\b",
    re.I,
)


@dataclass(frozen=True)
class Dated:
    key: tuple[str, int]
    at: int  # view offset of the range's first date
    first: date
    last: date
    end: Entity  # the range's closing date, where a hit points


def _iso(e: Entity) -> date | None:
    return date.fromisoformat(e.value) if isinstance(e.value, str) else None


def _ranges(ctx: RuleContext) -> list[tuple[int, date, date, Entity]]:
    """(view offset of the start, first day, last day, end entity) of every date range."""
    dates = {e.span.start: e for e in ctx.of_kind("date")}
    out = []
    for e in dates.values():
        start = dates.get(e.attrs.get("range_start", -1))  # type: ignore[arg-type]
        if start is None:
            continue
        first, last = _iso(start), _iso(e)
        if first is not None and last is not None and first <= last:
            out.append((ctx.view_offset(start.span.start), first, last, e))
    return sorted(out, key=lambda r: r[0])


def _unit_key(unit: str) -> str:
    return re.sub(r"\s+", " ", unit).casefold()


def _named(ctx: RuleContext) -> Iterator[tuple[int, int, tuple[str, int]]]:
    """(start, end, key) of each "第一租赁年度" / "Contract Year 2" / "the first Lease Year"."""
    if ctx.language == "zh":
        for m in _ZH_PERIOD.finditer(ctx.text):
            n = part_number(m.group("n"))
            if n:
                yield m.start(), m.end(), (_unit_key(m.group("unit")), n)
        return
    for m in _EN_PERIOD.finditer(ctx.text):
        unit = m.group("unit") or m.group("unit2")
        n = int(m.group("n")) if m.group("n") else _EN_ORDINALS[m.group("ord").lower()]
        yield m.start(), m.end(), (_unit_key(unit), n)


def _dated_periods(ctx: RuleContext) -> list[Dated]:
    ranges = _ranges(ctx)
    gap = _ZH_GAP if ctx.language == "zh" else _EN_GAP
    found = []
    for _, end, key in _named(ctx):
        following = next((r for r in ranges if r[0] >= end), None)
        if following is None or following[0] - end > 40:
            continue
        between = ctx.text[end : following[0]]
        if "\n" in between or not gap.match(between):
            continue
        found.append(Dated(key, following[0], following[1], following[2], following[3]))
    return found


def _defined_lengths(ctx: RuleContext) -> dict[str, int]:
    pattern = _ZH_DEFINED if ctx.language == "zh" else _EN_DEFINED
    lengths: dict[str, int] = {}
    for m in pattern.finditer(ctx.text):
        n = part_number(m.group("n"))
        if n:
            lengths.setdefault(_unit_key(m.group("unit")), n)
    return lengths


# a period defined on the calendar: "“计费周期”指自然季度", '"Billing Period" means each calendar
# quarter'
_ZH_CALENDAR = re.compile(
    r"(?P<unit>[\u4e00-\u9fff]{2,6}(?:周期|期间|年度|季度))[”\"」]?[，,]?\s*(?:是|系)?指(?:每一?个?)?"
    r"(?P<cal>自然季度|自然月|自然年度?|日历季度|日历月|日历年度?)"
)
_EN_CALENDAR = re.compile(
    r"[\"“](?P<unit>[A-Z][\w ]{2,30}?)[\"”] means (?:each|every|a) "
    r"(?P<cal>calendar (?:quarter|month|year))",
    re.I,
)
_CAL_MONTHS = {"季": 3, "月": 1, "年": 12, "quarter": 3, "month": 1, "year": 12}


def _calendar_unit(ctx: RuleContext) -> tuple[str, int] | None:
    m = (_ZH_CALENDAR if ctx.language == "zh" else _EN_CALENDAR).search(ctx.text)
    if m is None:
        return None
    months = next(v for k, v in _CAL_MONTHS.items() if k in m.group("cal").lower())
    return m.group("unit").strip(), months


def _on_boundary(day: date, months: int, end: bool) -> bool:
    if end:
        day = day + timedelta(days=1)
    return day.day == 1 and (day.month - 1) % months == 0


def _off_calendar_row(ctx: RuleContext) -> Iterator[tuple[str, int, int, date, date, Entity]]:
    """A row of the table headed by the calendar-defined unit whose period ends (or, after the
    first row, starts) off the unit's calendar boundaries; the last row may end early."""
    found = _calendar_unit(ctx)
    if found is None:
        return
    unit, months = found
    for table in pipe_tables(ctx.text):
        if unit.lower() not in table[0][0].text.lower():
            continue
        rows = [r for row in table[1:] if (r := _row_range(ctx, row))]
        for i, (at, first, last, end) in enumerate(rows):
            starts_ok = i == 0 or _on_boundary(first, months, end=False)
            ends_ok = i == len(rows) - 1 or _on_boundary(last, months, end=True)
            if not (starts_ok and ends_ok):
                yield unit, months, at, first, last, end
                return


def _row_range(ctx: RuleContext, row: list[Cell]) -> tuple[int, date, date, Entity] | None:
    begin, finish = row[0].start, row[-1].start + len(row[-1].text)
    for at, first, last, end in _ranges(ctx):
        if begin <= at < finish:
            return at, first, last, end
    return None


class NamedPeriodParams(Params):
    pass


def _two_ranges(periods: list[Dated]) -> Iterator[tuple[Dated, Dated]]:
    seen: dict[tuple[str, int], Dated] = {}
    for p in periods:
        first = seen.setdefault(p.key, p)
        if (first.first, first.last) != (p.first, p.last):
            yield first, p
            return


def _wrong_length(periods: list[Dated], lengths: dict[str, int]) -> Iterator[tuple[int, Dated]]:
    for unit, months in lengths.items():
        ofunit = [p for p in periods if p.key[0] == unit]
        if not ofunit:
            continue
        final = max(p.key[1] for p in ofunit)
        for p in ofunit:
            full_end = add_months(p.first, months) - timedelta(days=1)
            stub = p.key[1] == final and p.last < full_end
            if p.last != full_end and not stub:
                yield months, p
                return


@check("named_period_dated_twice", NamedPeriodParams, fields=("period", "first", "second"))
def named_period_dated_twice(ctx: RuleContext, params: NamedPeriodParams) -> Iterator[Hit]:
    """The same named period (第一租赁年度, Contract Year 1) given two different ranges, or a
    range that does not have the length the contract defines the period by."""
    periods = _dated_periods(ctx)
    for earlier, later in _two_ranges(periods):
        yield Hit(
            ctx.span(later.at, ctx.view_offset(later.end.span.end)),
            {
                "period": _label(ctx, later),
                "first": f"{earlier.first.isoformat()}–{earlier.last.isoformat()}",
                "second": f"{later.first.isoformat()}–{later.last.isoformat()}",
            },
            (earlier.end.span,),
        )
        return
    for unit, months, at, first, last, end in _off_calendar_row(ctx):
        yield Hit(
            ctx.span(at, ctx.view_offset(end.span.end)),
            {
                "period": unit,
                "first": _calendar_words(ctx, months),
                "second": f"{first.isoformat()}–{last.isoformat()}",
            },
        )
        return
    for months, p in _wrong_length(periods, _defined_lengths(ctx)):
        expected = add_months(p.first, months) - timedelta(days=1)
        yield Hit(
            ctx.span(p.at, ctx.view_offset(p.end.span.end)),
            {
                "period": _label(ctx, p),
                "first": f"{p.first.isoformat()}–{expected.isoformat()}" + _by_length(ctx, months),
                "second": f"{p.first.isoformat()}–{p.last.isoformat()}",
            },
        )
        return


def _label(ctx: RuleContext, p: Dated) -> str:
    unit, n = p.key
    return f"第{int_to_cn(n)}个{unit}" if ctx.language == "zh" else f"{unit.title()} {n}"


def _by_length(ctx: RuleContext, months: int) -> str:
    if ctx.language == "zh":
        return f"（按其定义每{months}个月）"
    return f" (by its defined {months} months)"


def _calendar_words(ctx: RuleContext, months: int) -> str:
    zh = {1: "自然月", 3: "自然季度", 12: "自然年度"}
    en = {1: "calendar months", 3: "calendar quarters", 12: "calendar years"}
    return (zh if ctx.language == "zh" else en)[months]
