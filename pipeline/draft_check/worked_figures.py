"""A point's own arithmetic, checked: a share it says one sum is of another ("RMB 8,475, which is
only 1.25% of the Annual Maintenance Fee of RMB 339,000"; "定金200,000元约占23.4%") and a count
of days it says lies between two dates ("only 30 days between 31 October and 31 December").

Only a relation the point writes out is checked, so a figure is never blamed for a computation
it does not claim; and one of the operands must be the contract's, so the verdict has a clause
to show. The comparison allows for the rounding the point's own digits show.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date

from pipeline.draft_check.figures import SENTENCE_END, Figure

# the share a point claims: "which is only 1.25% of", "represents 12% of", "约占23.4%"
_EN_SHARE_BEFORE = re.compile(
    r"\b(?:is|are|was|represents?|amounts? to|equals?|equal to|comes? to|i\.e\.)"
    r"(?:\s+(?:only|just|about|approximately|roughly|around|some|barely|nearly|almost))?\s*$",
    re.I,
)
_EN_OF_AFTER = re.compile(r"\s*of\b", re.I)
# "of the Annual Maintenance Fee of": a noun phrase up to the base, no verb and no second clause
_OF_PHRASE = re.compile(
    r"^\s*of\s+(?:(?!and\b|but\b|which\b|that\b|is\b|are\b|by\b|exceed)[^,;.\d]){0,60}$", re.I
)
# a base the sentence sets first: "以服务费总额933,000元计"
_ZH_BASE_BEFORE = re.compile(r"[以按][^，。；]{0,16}$")
_ZH_SHARE_BEFORE = re.compile(r"(?:约|仅|只)?占(?:[^，。；0-9]{0,12}?的)?(?:约|仅)?\s*$")
# a count of days between two dates: "30 days between", "相距30日"; or the two dates joined
# ("from 1 May to 30 June", "2025年5月1日至6月30日")
_BETWEEN = re.compile(r"\bbetween\b|相距|间隔|相隔|之间", re.I)
_JOINED = re.compile(r"^\s*(?:to|until|till|through|and|至|到|[-–—~～])\s*$", re.I)
_BUSINESS_DAYS = re.compile(r"business|working|banking|工作日|营业日", re.I)
_DAY_UNIT = re.compile(r"(?:日|天|days?)\s*$", re.I)


@dataclass(frozen=True)
class Worked:
    """A figure of the point that its own arithmetic contradicts."""

    said: Figure
    anchor: Figure  # the operand that is the contract's, in the point's text
    computed: str  # what the operands give, as the reason shows it


def _sentence_span(text: str, start: int, end: int) -> tuple[int, int]:
    cuts = [m.end() for m in SENTENCE_END.finditer(text, 0, start)]
    stop = SENTENCE_END.search(text, end)
    return (cuts[-1] if cuts else 0), (stop.start() if stop else len(text))


def _decimals(text: str) -> int:
    m = re.search(r"\d+(?:\.(\d+))?", text)
    return len(m.group(1)) if m and m.group(1) else 0


def _rounds_to(computed: float, said: Figure, scale: float) -> bool:
    """``said`` is ``computed`` as the point's digits round it (21.4% for 21.44%), or within
    2% of it (a point may round 2.497% to 2.5%)."""
    value = float(said.value)
    unit = 10.0 ** -_decimals(said.text) / scale
    return abs(computed - value) <= max(unit / 2, 0.02 * abs(value))


def shares(
    text: str, said: list[Figure], is_contracts: Callable[[Figure], bool]
) -> Iterator[Worked]:
    """Percentages the point states as the share of one of its sums in another."""
    amounts = [f for f in said if f.kind == "amount" and float(f.value) > 0]
    for rate in (f for f in said if f.kind == "rate" and float(f.value) > 0):
        left, _ = _sentence_span(text, rate.start, rate.end)
        before = text[left : rate.start]
        english = _EN_SHARE_BEFORE.search(before) and _EN_OF_AFTER.match(text, rate.end)
        chinese = _ZH_SHARE_BEFORE.search(before)
        if not (english or chinese):
            continue
        ahead = [a for a in amounts if left <= a.start and a.end <= rate.start]
        if not ahead:
            continue
        part = ahead[-1]  # the sum the share is of: the nearest before it
        if english:  # the base follows "of": "1.25% of the Annual Maintenance Fee of RMB 339,000"
            bases = [
                a
                for a in amounts
                if a.start > rate.end and _OF_PHRASE.match(text[rate.end : a.start])
            ]
        else:  # "占合同总价款1,000,000元的20%", "以服务费总额933,000元计，定金200,000元约占23.4%"
            bases = [a for a in amounts if part.end <= a.start and a.end <= rate.start]
            bases += [
                a
                for a in amounts
                if left <= a.start < part.start and _ZH_BASE_BEFORE.search(text[left : a.start])
            ]
        bases = [a for a in bases if a.value != part.value]  # "¥200,000，即贰拾万元" is one sum
        if not bases:
            continue
        base = bases[0]
        computed = float(part.value) / float(base.value)
        if _rounds_to(computed, rate, 100):
            continue
        anchor = part if is_contracts(part) else base if is_contracts(base) else None
        if anchor is None:
            continue
        yield Worked(
            rate,
            anchor,
            f"{part.text.strip()} / {base.text.strip()} = {computed * 100:.2f}%",
        )


def day_counts(
    text: str, said: list[Figure], is_contracts: Callable[[Figure], bool]
) -> Iterator[Worked]:
    """Counts of days the point states between two dates it names."""
    dates = [f for f in said if f.kind == "date" and isinstance(f.value, str)]
    for period in (f for f in said if f.kind == "duration" and f.count):
        if not _DAY_UNIT.search(period.text) or _BUSINESS_DAYS.search(
            text[period.start : period.end + 16]
        ):
            continue
        left, right = _sentence_span(text, period.start, period.end)
        pair = [d for d in dates if left <= d.start < right]
        joined = len(pair) == 2 and _JOINED.match(text[pair[0].end : pair[1].start])
        if not joined:
            if not _BETWEEN.search(text, left, right):
                continue
            pair = pair if len(pair) == 2 else dates if len(dates) == 2 else []
            if len(pair) != 2:
                continue
        first, last = (date.fromisoformat(str(d.value)) for d in pair)
        gap = abs((last - first).days)
        if abs(gap - period.count) <= 1:  # counted with or without the first day
            continue
        anchor = next((d for d in pair if is_contracts(d)), None)
        if anchor is None:
            continue
        yield Worked(
            period, anchor, f"{pair[0].text.strip()} to {pair[1].text.strip()} is {gap} days"
        )
