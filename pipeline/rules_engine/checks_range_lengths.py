"""A period stated both as a length and as dates that do not give that length, whatever the
period is (a term, a probation, a warranty, a free-rent or a storage period): "试用期为六个月，
自2025年9月1日起至2026年2月25日止", "服务期自2025年7月1日起至2026年6月27日止，共十二个月".
The length must stand right beside the range, before it ("…六个月，自") or after it ("止，共
十二个月", "(twelve (12) months)"), so a length said of something else in the sentence is not
compared.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator
from datetime import timedelta

from pipeline.model import Entity
from pipeline.rules_engine.checks_consistency import add_months
from pipeline.rules_engine.checks_facts import day_after_period, days_off, whole_months
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.event_days import iso
from pipeline.rules_engine.registry import Hit, NoParams, check

# "…六个月，自", "三个月的装修免租期，即", "twelve (12) months from"
_BEFORE = re.compile(
    r"^\s*(?:的[\u4e00-\u9fff]{1,8})?\s*[，,（(]?\s*"
    # "十八个月，即自2025年4月30日起": the restatement may open on 即 and then 自
    r"(?:(?:即|亦即)\s*(?:自|从)|自|从|由|即|from|commencing(?: on)?|starting(?: on)?"
    r"|beginning(?: on)?|being|i\.e\.,?)?\s*$",
    re.I,
)
_AFTER = re.compile(
    r"^\s*(?:止|为止|inclusive|\(inclusive\))?\s*[，,(（]?\s*"
    r"(?:共计?|合计|计|为期|即|总计|a period of|being|i\.e\.,?|that is)?\s*$",
    re.I,
)
# the term checks already compare a term's stated length with the range after it
_TERM_TOPICS = frozenset({"contract_term", "lease_term", "loan_term"})


def durations_within(ctx: RuleContext, lo: int, hi: int) -> list[tuple[int, int, Entity]]:
    """The durations starting in the view range ``[lo, hi)``, with their view offsets, found by
    bisection (a long contract holds thousands of dates and durations)."""
    placed = ctx.memo(
        "durations_by_view",
        lambda: sorted(
            (
                (ctx.view_offset(d.span.start), ctx.view_offset(d.span.end), d)
                for d in ctx.of_kind("duration")
            ),
            key=lambda p: (p[0], p[1]),
        ),
    )
    starts = [p[0] for p in placed]
    return placed[bisect_left(starts, lo) : bisect_left(starts, hi)]


def _length_beside(ctx: RuleContext, start: Entity, end: Entity) -> Entity | None:
    a, b = ctx.view_offset(start.span.start), ctx.view_offset(end.span.end)
    for ds, de, d in durations_within(ctx, a - 80, a) + durations_within(ctx, b, b + 17):
        if de <= a and a - de <= 16 and _BEFORE.match(ctx.text[de:a]):
            return None if d.attrs.get("topic") in _TERM_TOPICS else d
        if ds >= b and ds - b <= 16 and _AFTER.match(ctx.text[b:ds]):
            return d
    return None


@check("range_length_mismatch", NoParams, fields=("length", "start", "end", "expected"))
def range_length_mismatch(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """'自2025年7月1日起至2026年6月27日止，共十二个月': twelve months from 1 July end on
    30 June, not 27 June."""
    del params
    dates = {d.span.start: d for d in ctx.of_kind("date")}
    for start in dates.values():
        end = dates.get(start.attrs.get("range_end", -1))  # type: ignore[arg-type]
        if end is None or (begin := iso(start)) is None or (finish := iso(end)) is None:
            continue
        length = _length_beside(ctx, start, end)
        months = whole_months(length) if length is not None else None
        if length is not None and months is not None and months > 0:
            expected = day_after_period(begin, length, months)
            if days_off(finish, expected) > 1:
                yield Hit(
                    end.span,
                    {
                        "length": length.text,
                        "start": start.text,
                        "end": end.text,
                        "expected": (expected - timedelta(days=1)).isoformat(),
                    },
                    (length.span, start.span),
                )
        elif (year := _named_year(ctx, start)) is not None:
            expected = add_months(begin, 12)
            # a few days short or over is a slip; a short first year (a stub) is by design
            if 1 < days_off(finish, expected) <= _SLIP_DAYS:
                yield Hit(
                    end.span,
                    {
                        "length": year,
                        "start": start.text,
                        "end": end.text,
                        "expected": (expected - timedelta(days=1)).isoformat(),
                    },
                    (start.span,),
                )


# "第一服务年度为2025年3月1日至…", "首个计费年度为…", "Contract Year 1 (1 April 2025 - …)": a range
# named a year is twelve months long
_ZH_YEAR = re.compile(
    r"(?P<year>(?:第[一二三四五六七八九十\d]{1,3}个?|首个?)[\u4e00-\u9fff]{0,3}年度)"
    r"\s*(?:为|是|：|:|（|\(|\|)?\s*(?:自|从)?\s*$"
)
_EN_YEAR = re.compile(
    r"(?P<year>\b(?:Contract|Lease|Service|Licen[cs]e|Subscription|Support) Year \d{1,2})"
    r"\s*(?:is|:|\(|\|)?\s*(?:from)?\s*$"
)
_SLIP_DAYS = 15


def _named_year(ctx: RuleContext, start: Entity) -> str | None:
    at = ctx.view_offset(start.span.start)
    m = (_ZH_YEAR if ctx.language == "zh" else _EN_YEAR).search(ctx.text[max(0, at - 24) : at])
    return m.group("year") if m else None
