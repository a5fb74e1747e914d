"""The end of a period the quoted clause sets, as a point dates it: "If Go-Live takes place on
17 November 2025, the Warranty Period ends on 15 January 2026", where the clause gives a
Warranty Period of ninety days from Go-Live (15 February 2026).

Checked only where nothing else could explain the date: the point's sentence speaks of an end,
names one other date that the contract writes and no period of its own, and the quoted clause
sets exactly one period.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from datetime import date, timedelta

from pipeline.draft_check.derivations import add_months
from pipeline.draft_check.figures import Figure, sentence_bounds
from pipeline.draft_check.worked_figures import BUSINESS_DAYS, Worked, days_of

_ENDS = re.compile(
    r"\b(?:ends?|ending|expires?|expiry|lapses?|runs? (?:out|until))\b|届满|到期|截止|终止于",
    re.I,
)
SLACK_DAYS = 2  # counted with or without the first day, or to the day before


def _end_of(start: date, period: Figure) -> date | None:
    if BUSINESS_DAYS.search(period.text):
        return None  # working days need a calendar of holidays
    days = days_of(period)
    if days:
        return start + timedelta(days=round(days))
    months = float(period.value)
    if abs(months - round(months)) > 1e-6:
        return None
    return add_months(start, round(months))


def period_ends(
    text: str,
    said: Sequence[Figure],
    local: Sequence[Figure],
    is_contracts: Callable[[Figure], bool],
) -> Iterator[Worked]:
    """Dates the point gives for the end of the quoted clause's only period, counted from the
    other date of its sentence."""
    periods = {(p.value, p.text.strip()): p for p in local if p.kind == "duration"}
    if len({value for value, _ in periods}) != 1:
        return
    (period,) = list(periods.values())[:1]
    dates = [f for f in said if f.kind == "date" and not f.inferred]
    for end in dates:
        left, right = sentence_bounds(text, end.start, end.end)
        if not _ENDS.search(text, left, right) or is_contracts(end):
            continue
        if any(f.kind == "duration" and left <= f.start < right for f in said):
            continue  # the point counts by a period of its own: counted_dates reads it
        others = [d for d in dates if d is not end and left <= d.start < right]
        if len(others) != 1 or not is_contracts(others[0]):
            continue
        start = others[0]
        computed = _end_of(date.fromisoformat(str(start.value)), period)
        if computed is None:
            continue
        if abs((date.fromisoformat(str(end.value)) - computed).days) <= SLACK_DAYS:
            continue
        yield Worked(
            end,
            start,
            f"{start.text.strip()} plus the clause's {period.text.strip()} is "
            f"{computed.isoformat()}",
        )
