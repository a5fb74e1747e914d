"""A point's own arithmetic, checked: a share it says one sum is of another ("RMB 8,475, which is
only 1.25% of the Annual Maintenance Fee of RMB 339,000"; "定金200,000元约占23.4%"), a count of
days it says lies between two dates ("only 30 days between 31 October and 31 December"), a date
it counts from another ("by 4 April 2025, thirty days after the Effective Date of 3 March
2025") and the days a daily charge takes to reach its cap ("逾期约80日即达到上限").

Only a relation the point writes out is checked, so a figure is never blamed for a computation
it does not claim; and one of the operands must be the contract's, so the verdict has a clause
to show. The comparison allows for the rounding the point's own digits show.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date

from pipeline.draft_check.figures import Figure, sentence_bounds

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
BUSINESS_DAYS = re.compile(r"business|working|banking|工作日|营业日", re.I)
_DAY_UNIT = re.compile(r"(?:日|天|days?)\s*$", re.I)


@dataclass(frozen=True)
class Worked:
    """A figure of the point that its own arithmetic contradicts."""

    said: Figure
    anchor: Figure  # the operand that is the contract's, in the point's text
    computed: str  # what the operands give, as the reason shows it


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
        left, _ = sentence_bounds(text, rate.start, rate.end)
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
        if not _DAY_UNIT.search(period.text) or BUSINESS_DAYS.search(
            text[period.start : period.end + 16]
        ):
            continue
        left, right = sentence_bounds(text, period.start, period.end)
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


# "thirty days after the Effective Date of 3 March 2025", "届满前六十日": counted from a date
_COUNTED = re.compile(r"\s*(?:之)?(?:前|后|以前|以后|before|after|prior to|following)", re.I)
_COUNTED_BEFORE = re.compile(r"(?:前|后)\s*$")  # "届满前六十日"
# "逾期约80日即达到上限", "the cap is reached after 100 days"
_TO_CAP = re.compile(r"达到|触及|reach|hit", re.I)
_CAP_WORDS = re.compile(r"上限|封顶|cap\b|ceiling|limit|maximum|不超过|at most", re.I)
_DAILY_BEFORE = re.compile(r"(?:每日|每天|日|per day|a day|daily)[^，。；,;\d]{0,12}$", re.I)
_DAILY_AFTER = re.compile(r"\s*(?:/\s*(?:日|天|day)|per day|a day|每日)", re.I)
_CAP_BEFORE = re.compile(rf"(?:{_CAP_WORDS.pattern})[^，。；,;\d]{{0,12}}$", re.I)


def days_of(period: Figure) -> float | None:
    return period.count if _DAY_UNIT.search(period.text) else None


def counted_dates(
    text: str, said: list[Figure], is_contracts: Callable[[Figure], bool]
) -> Iterator[Worked]:
    """A date the point counts from another by a period it states ("by 4 April 2025, thirty
    days after the Effective Date of 3 March 2025"): the date that is not the contract's must be
    the other plus or minus the period."""
    dates = [f for f in said if f.kind == "date" and isinstance(f.value, str)]
    for period in (f for f in said if f.kind == "duration" and f.count):
        days = days_of(period)
        if days is None:
            continue
        if not (_COUNTED.match(text, period.end) or _COUNTED_BEFORE.search(text, 0, period.start)):
            continue
        if BUSINESS_DAYS.search(text[period.start : period.end + 16]):
            continue
        left, right = sentence_bounds(text, period.start, period.end)
        pair = [d for d in dates if left <= d.start < right]
        if len(pair) != 2:
            continue
        known = [d for d in pair if is_contracts(d)]
        if len(known) != 1:
            continue
        base, counted = known[0], next(d for d in pair if d is not known[0])
        gap = abs(
            (date.fromisoformat(str(counted.value)) - date.fromisoformat(str(base.value))).days
        )
        if abs(gap - days) <= 1:
            continue
        yield Worked(
            counted,
            base,
            f"{counted.text.strip()} is {gap} days from {base.text.strip()}, "
            f"not {period.text.strip()}",
        )


def days_to_cap(
    text: str, said: list[Figure], is_contracts: Callable[[Figure], bool]
) -> Iterator[Worked]:
    """The days a daily charge takes to reach its cap ("每日违约金为23,435元，累计上限为
    2,343,500元，逾期约80日即达到上限"): the cap over the daily sum, or rate."""
    for period in (f for f in said if f.kind == "duration" and f.count):
        days = days_of(period)
        if days is None:
            continue
        left, right = sentence_bounds(text, period.start, period.end)
        if not (_TO_CAP.search(text, left, right) and _CAP_WORDS.search(text, left, right)):
            continue
        for kind in ("amount", "rate"):
            figures = [f for f in said if f.kind == kind and left <= f.start < right]
            daily = [
                f
                for f in figures
                if _DAILY_BEFORE.search(text[left : f.start]) or _DAILY_AFTER.match(text, f.end)
            ]
            caps = [f for f in figures if _CAP_BEFORE.search(text[left : f.start])]
            if len(daily) != 1 or len(caps) != 1 or float(daily[0].value) <= 0:
                continue
            needed = float(caps[0].value) / float(daily[0].value)
            if abs(needed - days) <= max(1.0, 0.05 * needed):
                continue
            anchor = next((f for f in (caps[0], daily[0]) if is_contracts(f)), None)
            if anchor is None:
                continue
            yield Worked(
                period,
                anchor,
                f"{caps[0].text.strip()} / {daily[0].text.strip()} a day takes {needed:g} days",
            )
