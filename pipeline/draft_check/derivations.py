"""Figures a review works out from the contract's own: a ratio, a sum, a product with a rate
or a count, a rate annualised, a date plus a period, the time between two dates. A point's
figure that follows from the figures at hand by one such step is no misreading of the contract
(see :mod:`pipeline.draft_check.figures`)."""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Callable, Iterable, Sequence
from datetime import date, timedelta
from itertools import combinations

from kb.numerals import parse_cn_integer
from pipeline.draft_check.figures import (
    Figure,
    about_the_contract,
    clause_text,
    close_values,
    estimated,
)
from pipeline.entities.number_words import parse_en_words

_VAT_WORDS = re.compile(r"增值税|含税|VAT|tax[- ]inclusive|inclusive of (?:VAT|tax)", re.I)
_VAT_RATES = (0.13, 0.09, 0.06, 0.03)
_LAW_RATES = (0.2, 0.3)  # 定金 20% (民法典586), penalty 30% above the loss (通则解释65)
# the point shows arithmetic near the figure: 即, 按…计, ×, "comes to" (not "of" or "at", which
# nearly every English clause has: "cover of two million pounds" is no product of 10M x 20%)
_COMPUTES = re.compile(
    r"即|按|计算|合计|共计|折合|相当于|乘|[×xX*=＝]|\b(?:times|comes? to|amounts? to"
    r"|equals?|calculated|computed|works? out)\b",
    re.I,
)
# a multiple is arithmetic only where the point writes it as one: "of" or "at" alone ("cover of
# two million pounds") would excuse any double of any sum in the contract
_TIMES_SIGN = re.compile(r"[×xX*]\s*\d|乘以?|\bmultiplied\b")
_SO_IS = re.compile(r"即|折合|相当于|[=＝]")  # "定金的两倍，即人民币400,000元"
_MULTIPLIER = re.compile(r"[×xX*]\s*(\d{1,3})(?![\d,.%])")
_MULTIPLE_WORDS = re.compile(
    r"倍|double|twice|treble|triple|three times|four times|two times", re.I
)
_PERIOD_WORDS = re.compile(
    r"[年月日天周]|\b(?:years?|months?|weeks?|days?|annual\w*|per annum|yearly|monthly)\b", re.I
)
# "迟延满10个24小时（240小时）": a count of periods the point writes
_COUNT_OF_PERIODS = re.compile(r"(\d{1,3})\s*个\s*\d+\s*(?:小时|日|天|周|个月|月)")
_IN_DAYS = re.compile(r"[日天周]|星期|\b(?:days?|weeks?)\b", re.I)
_LAW_WORDS = re.compile(
    r"损失|标的额|通则解释|第\s*(?:65|586|五百八十六)\s*条|\bloss\b|Article\s+(?:65|586)\b", re.I
)


def _iso(value: float | str) -> date | None:
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        return None


def derivable(
    figure: Figure,
    local: Iterable[Figure],
    contract: Iterable[Figure],
    point: Iterable[Figure],
    point_text: str = "",
) -> bool:
    """``figure`` follows by one step of arithmetic from figures at hand: the quoted clauses'
    (``local``) and the point's own, with any contract amount as a ratio's base (the price is
    often stated elsewhere). Only local figures may enter, so a figure that happens to equal
    some unrelated ratio of the contract's amounts is not excused by it."""
    said = [f for f in point if f is not figure]
    near = [*local, *said]
    everywhere = list(contract)
    money = [float(f.value) for f in near if f.kind == "amount"]
    bases = money + [float(f.value) for f in everywhere if f.kind == "amount"]
    rate_values = [float(f.value) for f in near if f.kind == "rate"]
    contract_rates = [float(f.value) for f in everywhere if f.kind == "rate"]
    if _run_sum(figure, said):
        return True  # 五期比例合计为105%（30%+25%+30%+15%+5%）
    if figure.kind == "rate":
        x = float(figure.value)
        tolerance = max(0.02 * x, 0.00005)  # a share rounded as reviews round (29.7% -> 30%)
        if any(abs(a / b - x) <= tolerance for a in money for b in bases if b and a != b):
            return True
        if any(abs((a / b - 1) - x) <= tolerance for a in money for b in bases if b and a > b):
            return True  # "exceeds the loss by 40%"
        # "10 points above the cap": the point's other rates against each other and the law's
        others = [float(f.value) for f in said if f.kind == "rate"]
        base = [*others, *_LAW_RATES]
        if any(abs(abs(r - s) - x) <= 1e-6 for r in others for s in base if r != s):
            return True
        if any(abs(r * k - x) <= tolerance for r in others for k in (2, 3, 4) if r != x):
            return True  # "LPR about 3%, four times that about 12%"
        if any(abs(x - law) <= 1e-6 for law in _LAW_RATES) and _LAW_WORDS.search(
            clause_text(point_text, figure.start, figure.end)
        ):
            return True  # "超过损失的30%": the law's test, not the contract's figure
        # "buys back at 70%": the other 30% is the loss; the 70% must be the contract's (the
        # quoted clause's), not another of the point's own figures
        local_rates = [float(f.value) for f in local if f.kind == "rate"]
        if any(abs((1 - r) - x) <= tolerance for r in local_rates if r < 1):
            return True
        return any(abs(r * k - x) <= tolerance for r in rate_values for k in (360, 365, 12))
    if figure.kind == "amount":
        x = float(figure.value)
        counts = [f.count for f in near if f.kind == "duration" and f.count]
        # months, for a period the point or clause states in months or years: "sixty days" is
        # no count of a monthly sum (two months' rent happens to equal 200% of one month's)
        counts += [
            float(f.value) for f in near if f.kind == "duration" and not _IN_DAYS.search(f.text)
        ]
        growth = [1 + r for r in rate_values] + [1 - r for r in rate_values if r < 1]
        factors = [*rate_values, *growth]  # 324,000 x 1.05
        around = clause_text(point_text, figure.start, figure.end)
        computes_here = bool(_COMPUTES.search(around))
        # a multiple or a count of periods is arithmetic only where the point says so ("双倍返还",
        # "12 months' rent", "×2"): a bare 400,000 where the contract says 200,000 is a misreading
        if _MULTIPLE_WORDS.search(around) or _TIMES_SIGN.search(around) or _SO_IS.search(around):
            factors += [2.0, 3.0, 4.0]
        if computes_here or _PERIOD_WORDS.search(around):
            factors += counts  # 12 x rent
        factors += _quantities(point_text)  # 2,040件 x 160元
        if _VAT_WORDS.search(clause_text(point_text, figure.start, figure.end)):
            factors += [1 + r for r in _VAT_RATES]  # the VAT-inclusive amount
        if any(worked_out(a * k, x) for a in bases for k in factors):
            return True
        # 15,000 x the 30% the contract sets elsewhere, when the point works it out (names the
        # rate or computes): a bare restatement ("限额不低于伍拾万元") that happens to be half of
        # the stated 壹佰万元 is a misreading, not arithmetic
        said_rates = [float(f.value) for f in said if f.kind == "rate"]
        computes = _COMPUTES.search(clause_text(point_text, figure.start, figure.end))
        if any(
            worked_out(a * r, x)
            for a in money
            for r in contract_rates
            if computes or any(abs(r - s) <= 1e-9 for s in said_rates)
        ):
            return True
        if any(worked_out(a / r, x) for a in money for r in rate_values if r > 0):
            return True  # a cap of 600,000 at 1.2% is reached at a price of 60,000,000
        if any(worked_out(a + b, x) or worked_out(abs(a - b), x)
               for a in money for b in bases if a != b):  # fmt: skip
            return True
        return _subset_sum(money, x)
    if figure.kind == "date":
        # a date plus a period at hand: the contract's dates, the quoted clause's periods
        target = _iso(figure.value)
        dated = [f for f in everywhere if f.kind == "date"]
        return target is not None and _date_from_period(target, [*near, *dated], _times(point_text))
    if figure.kind == "duration":
        days = [_iso(f.value) for f in near if f.kind == "date"]  # the term the clause sets
        valid = [d for d in days if d is not None]
        months = float(figure.value)
        if figure.count and any(  # a cap of 10% at 0.05% a day is reached in 200 days
            abs(big / small - figure.count) < 0.5
            for big in rate_values
            for small in rate_values
            if 0 < small < big
        ):
            return True
        # whole periods of a period at hand, by a multiplier the point writes ("12,400×10%×3"
        # for 3 days of "每迟延24小时") or by the steps to a cap (10% per 24 hours reaches 100%
        # in 240 hours); a period merely doubled is a misreading, not arithmetic
        steps = [big / small for big in rate_values for small in rate_values if 0 < small < big]
        steps += [float(k) for k in _MULTIPLIER.findall(point_text) if 1 < float(k) <= 366]
        steps += [float(k) for k in _COUNT_OF_PERIODS.findall(point_text) if 1 < float(k) <= 366]
        periods = [float(f.value) for f in near if f.kind == "duration" and float(f.value) > 0]
        if any(abs(months / p - k) <= 0.02 * k for p in periods for k in steps if months > p):
            return True
        if figure.count and _IN_DAYS.search(figure.text):  # "仅有七天": counted in days
            return any(
                abs(abs((a - b).days) - figure.count) <= 1 for a, b in combinations(valid, 2)
            )
        return any(
            abs(abs((a - b).days) / 30.4375 - months) <= max(0.5, 0.03 * months)
            for a, b in combinations(valid, 2)
        )
    return False


def grounded_operands(
    figure: Figure,
    said: list[Figure],
    suspects: Iterable[Figure],
    local: list[Figure],
    contract: list[Figure],
    point_text: str,
    written: Callable[[Figure], bool],
    cites: Callable[[str], list[str]] | None = None,
) -> list[Figure]:
    """The point's other figures that may enter the arithmetic excusing ``figure``: those the
    contract writes (``written``), the law's, those no contract figure contradicts (not among
    ``suspects``) that follow from no other figure of the point, ``figure`` included, and what
    follows from all these without ``figure``. A wrong figure and the sums worked out from it
    agree with each other ("capped at 3% … an increase of GBP 5,580, to GBP 191,580" where the
    clause says 5%), so none of them may vouch for it."""
    others = [f for f in said if f is not figure]
    suspect = list(suspects)
    operands = [
        f
        for f in others
        if written(f)
        or (not about_the_contract(point_text, f, cites) and not estimated(point_text, f))
        or (f not in suspect and not derivable(f, local, contract, said, point_text))
    ]
    rest = [f for f in others if f not in operands]
    while rest:
        reached = [f for f in rest if derivable(f, local, contract, operands, point_text)]
        if not reached:
            break
        operands = sorted([*operands, *reached], key=lambda f: f.start)  # runs are in order
        rest = [f for f in rest if f not in reached]
    return operands


_QUANTITY = re.compile(
    r"(\d[\d,]*(?:\.\d+)?)\s*(?:件|个|台|套|吨|公斤|千克|平方米|㎡|辆|批|份"
    r"|units?\b|pieces?\b|pcs\b|items?\b|tons?\b|tonnes?\b|square (?:metres|meters|feet))",
    re.I,
)


def _quantities(text: str) -> list[float]:
    """Counts of things the point states (2,040件, 120 units): factors of a total it works out."""
    found = []
    for m in _QUANTITY.finditer(text):
        try:
            found.append(float(m.group(1).replace(",", "")))
        except ValueError:
            continue
    return found


def worked_out(computed: float, said: float) -> bool:
    """``said`` is ``computed`` as a review writes it: exact to the figure's last stated digit
    (4,500 for 4,500.00; 1.39 for 1.389), not merely within half a percent (63,810 is no
    rounding of 63,882.50)."""
    text = f"{abs(said):.2f}".rstrip("0").rstrip(".")
    if "." in text:
        unit = 10.0 ** -len(text.split(".")[1])
    else:
        unit = 10.0 ** (len(text) - len(text.rstrip("0")))
    return abs(computed - said) <= max(min(unit / 2, 0.005 * abs(said)), 0.01)


def _run_sum(figure: Figure, said: list[Figure]) -> bool:
    """Some consecutive figures of the point, of the figure's kind, add up to it: a total the
    point works out from the parts it lists (repeats included, which a subset sum drops)."""
    values = [
        float(f.value) for f in said if f.kind == figure.kind and f.kind in ("rate", "amount")
    ]
    return any(
        close_values(figure.kind, sum(values[i:j]), float(figure.value))
        for i in range(len(values))
        for j in range(i + 2, len(values) + 1)
    )


def _subset_sum(values: list[float], target: float, limit: int = 12) -> bool:
    """Some 2–4 of the amounts add up to ``target`` (instalments, a price and its tax)."""
    pool = sorted(set(values))[:limit] if len(set(values)) > limit else sorted(set(values))
    return any(
        worked_out(sum(group), target) for size in (2, 3, 4) for group in combinations(pool, size)
    )


# "最多续展两次", "renewed up to three times": how many periods the point counts
_TIMES = re.compile(
    r"(\d|[二两三四五])\s*次|\b(twice|two|three|four|five)\s+(?:times|(?:further\s+)?renewals?)\b",
    re.I,
)


def _times(text: str) -> list[int]:
    """The counts of periods a point states ("续展两次": 2), for a date it counts by them."""
    found = []
    for m in _TIMES.finditer(text):
        if m.group(1):
            word = m.group(1)
            found.append(int(word) if word.isdigit() else parse_cn_integer(word))
        else:
            word = m.group(2).lower()
            found.append(2 if word == "twice" else parse_en_words(word))
    return [k for k in found if k > 1]


def _date_from_period(target: date, known: list[Figure], times: Sequence[int] = ()) -> bool:
    starts = [d for d in (_iso(f.value) for f in known if f.kind == "date") if d is not None]
    if any(abs((target - start).days) == 1 for start in starts):
        return True  # "delay runs from 1 October": the day after the final date
    periods = [f for f in known if f.kind == "duration"]
    # "自动续展一年，最多续展两次，最长可延续至2028年3月31日": two years after the term's end
    periods += [
        Figure(p.kind, float(p.value) * k, p.text, p.start, p.end, p.count * k)
        for p in list(periods)
        for k in times
    ]
    for start in starts:
        for period in periods:
            months = float(period.value)
            whole = round(months)
            # counted forward (a term's end) or back (the last day for notice before it)
            for sign in (1, -1):
                if abs(months - whole) < 1e-6:
                    shifted = add_months(start, sign * whole)
                else:
                    shifted = start + sign * timedelta(days=round(months * 30.4375))
                if shifted is not None and abs((shifted - target).days) <= 2:
                    return True
    return False


def add_months(start: date, months: int) -> date | None:
    """The same day ``months`` later (or earlier), the month's last day where it is shorter
    (31 March less three months is 31 December; 31 May plus one month is 30 June)."""
    year, month = divmod(start.month - 1 + months, 12)
    year, month = start.year + year, month + 1
    if not 1 <= year <= 9999:
        return None
    return date(year, month, min(start.day, monthrange(year, month)[1]))
