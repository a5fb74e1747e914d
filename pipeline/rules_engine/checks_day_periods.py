"""A period counted in days or weeks from one date that is said to end on another: "计划开工日期
2025年7月1日；计划竣工日期2026年5月31日；工期总日历天数365天", "commence on July 1, 2025 and
achieve Substantial Completion within 300 calendar days, that is, by May 31, 2026". Start plus
period must reach the end, give or take the day that counting conventions differ by.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from datetime import date, timedelta

from pydantic import Field

from pipeline.model import Entity
from pipeline.rules_engine.checks_facts import days_off
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

# the end is named as the end of this period: 竣工/届满/截止 before it, "that is, by" in English
_ENDS = re.compile(
    r"(?:竣工|完工|届满|到期|截止|期满|即)[^，。；\d]{0,10}$"
    r"|(?:that is|i\.e\.|namely)[,\s]*(?:by|on or before|no later than|on)?\s*$"
    r"|(?:Completion|Expiry|Expiration) Date[\"”]?\s*(?:is|shall be|:)?\s*$",
    re.I,
)
# two dates joined as a range are term_dates_mismatch's matter
_RANGE = re.compile(r"^\s*(?:起)?\s*(?:至|到|—|–|-|~|to|until|through)\s*$", re.I)
_DAYS = {"day": 1, "week": 7}
# a period counted back from a later date ("not less than sixty (60) days before the Expiry
# Date", "届满前六十日") does not run forward from the line's first date
_BACK_AFTER = re.compile(
    r"^\s*(?:\([^)]{0,20}\)\s*)?(?:\w+\s+){0,2}?(?:before|prior to|preceding|in advance of)\b", re.I
)
_BACK_BEFORE = re.compile(r"前\s*$")


class DayPeriodParams(Params):
    slack_days: int = Field(default=1, ge=0, description="counting the first day or not")


def _by_line(
    ctx: RuleContext, line_starts: list[int], entities: Iterable[Entity]
) -> dict[int, list[Entity]]:
    """Entities grouped by the view line they start on, in text order."""
    grouped: dict[int, list[Entity]] = {}
    for e in entities:
        grouped.setdefault(bisect_right(line_starts, ctx.view_offset(e.span.start)) - 1, []).append(
            e
        )
    return grouped


def _iso(e: Entity) -> date | None:
    return date.fromisoformat(e.value) if isinstance(e.value, str) else None


@check("day_period_vs_end", DayPeriodParams, fields=("period", "start", "end", "expected"))
def day_period_vs_end(ctx: RuleContext, params: DayPeriodParams) -> Iterator[Hit]:
    """One paragraph with a start date, one period in days or weeks, and an end date named as
    the period's end that start + period does not reach."""
    line_starts = [0] + [i + 1 for i, ch in enumerate(ctx.text) if ch == "\n"]
    dates = _by_line(ctx, line_starts, ctx.of_kind("date"))
    periods = _by_line(
        ctx, line_starts, [p for p in ctx.of_kind("duration") if p.attrs.get("unit") in _DAYS]
    )
    for k, lo in enumerate(line_starts):
        if len(dates.get(k, [])) != 2 or len(periods.get(k, [])) != 1:
            continue
        first, last = dates[k]
        start, end = _iso(first), _iso(last)
        between = ctx.text[ctx.view_offset(first.span.end) : ctx.view_offset(last.span.start)]
        before_end = ctx.text[lo : ctx.view_offset(last.span.start)]
        if start is None or end is None or _RANGE.match(between) or not _ENDS.search(before_end):
            continue
        period = periods[k][0]
        count = period.value if isinstance(period.value, int | float) else None
        after = ctx.text[ctx.view_offset(period.span.end) :][:60]
        ahead = ctx.text[: ctx.view_offset(period.span.start)][-4:]
        if not count or _BACK_AFTER.match(after) or _BACK_BEFORE.search(ahead):
            continue
        expected = start + timedelta(days=float(count) * _DAYS[str(period.attrs["unit"])])
        if days_off(end, expected) > params.slack_days:
            yield Hit(
                last.span,
                {"period": period.text, "start": first.text, "end": last.text,
                 "expected": (expected - timedelta(days=1)).isoformat()},
                (period.span, first.span),
            )  # fmt: skip
            return


# the agreement form of a works contract lists the three apart: "计划开工日期：2025年4月1日",
# "计划竣工日期：2026年3月31日", "工期总日历天数：300天" (counted inclusive of both days)
_WORKS_START = re.compile(r"开工日期\s*[：:为]?\s*$")
_WORKS_END = re.compile(r"竣工日期\s*[：:为]?\s*$")
# no label, a deadline for the whole works: "乙方应于2025年7月31日前完成承包范围内全部工程"
_WORKS_END_AFTER = re.compile(
    r"(?:之前|以前|前)\s*(?:竣工|完工|完成(?:[^，。；]{0,12}?全部工程|全部[^，。；]{0,8}?工程"
    r"|[^，。；]{0,12}?竣工))"
)
_WORKS_PERIOD = re.compile(r"工期(?:总日历天数|总天数|天数)?\s*[：:为]?\s*(?:共计?|总计)?\s*$")


def _labelled(ctx: RuleContext, entities: Iterable[Entity], label: re.Pattern[str]) -> list[Entity]:
    out = []
    for e in entities:
        at = ctx.view_offset(e.span.start)
        line = ctx.text[ctx.text.rfind("\n", 0, at) + 1 : at]
        if label.search(line[-16:]):
            out.append(e)
    return out


@check("works_period_vs_dates", DayPeriodParams, fields=("period", "start", "end", "days"))
def works_period_vs_dates(ctx: RuleContext, params: DayPeriodParams) -> Iterator[Hit]:
    """A works contract's total period in calendar days against its planned start and
    completion dates, each stated once."""
    if ctx.language != "zh":
        return
    dates = [d for d in ctx.of_kind("date") if _iso(d) is not None]
    starts = _labelled(ctx, dates, _WORKS_START)
    ends = _labelled(ctx, dates, _WORKS_END) or [
        d for d in dates if _WORKS_END_AFTER.match(ctx.text, ctx.view_offset(d.span.end))
    ]
    periods = _labelled(
        ctx, (p for p in ctx.of_kind("duration") if p.attrs.get("unit") == "day"), _WORKS_PERIOD
    )
    if any(len({e.value for e in group}) != 1 for group in (starts, ends, periods)):
        return
    start, end = _iso(starts[0]), _iso(ends[0])
    count = periods[0].value
    if start is None or end is None or not isinstance(count, int | float):
        return
    days = (end - start).days + 1
    if abs(days - float(count)) > params.slack_days:
        yield Hit(
            periods[0].span,
            {"period": periods[0].text, "start": starts[0].text, "end": ends[0].text,
             "days": str(days)},
            (starts[0].span, ends[0].span),
        )  # fmt: skip
