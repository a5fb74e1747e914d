"""Sums stated as shares of one base must imply that base.

"first instalment 14,405 (25%); second instalment 28,810 (50%); balance 15,405 (25%)": two of
the pairs imply a base of 57,620, which the contract states; the third implies 61,620, which
it states nowhere. Only the numbers are read (a share beside a sum), so the check holds for
instalments, milestones, retentions and VAT lines alike, in either language.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

from pipeline.entities.amounts import CAPITAL
from pipeline.rules_engine.checks_worked_sums import COUNTED, CURRENCY, figure_value
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, NoParams, check
from pipeline.rules_engine.share_named_bases import base_label, named_value

_SUM = re.compile(
    rf"(?:{CURRENCY}\s?)(?P<a>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?)(?P<w>\s?万)?"
    r"|(?P<b>\d{1,3}(?:,\d{3})+(?:\.\d+)?)(?P<v>\s?万)?"
)
_SHARE = re.compile(r"(?P<n>\d{1,3}(?:\.\d{1,3})?)\s?(?:%|％|per\s?cent\b)")
# a share of a period or a rate, not of a sum: "5% per annum", "0.05% per day", "年利率6%"
_RATE = re.compile(r"^\s?(?:per|a|each|p\.a\.|/)\s?(?:annum|year|month|day|week)|^\s?(?:年|月|日)")
_RATE_BEFORE = re.compile(r"(?:年|月|日)(?:利率|息|化)?\s?$|interest|利率|利息|rate of\s?$", re.I)
_REACH = 24
# "成交价的1.2%，但最高不超过¥600,000": a limit on the share, not the share itself
_LIMIT = re.compile(
    r"最高|最低|不超过|不低于|不少于|上限|下限|封顶|\bup to\b|\bexceed|\bat (?:most|least)\b"
    r"|\bmaximum\b|\bminimum\b|\bcap(?:ped)?\b",
    re.I,
)
_OF_NAME = re.compile(r"^\s*\)?\s*of\s+(?:the\s+)?(?:[A-Z][\w-]*\s+){0,3}[A-Z][\w-]*")
_WINDOW = 120  # characters either side searched for the sum: the reach, a capital twin, a figure
_TAX = re.compile(r"税|\bVAT\b|\btax\b|\bGST\b", re.I)
# how far a wrong share may sit from the base the other shares agree on: a typo or a wrong
# figure, not a share of something else
_NEAR = Decimal("0.25")


@dataclass(frozen=True)
class _Pair:
    share: Decimal
    amount: Decimal
    places: int
    start: int  # view offsets of the amount
    end: int
    share_text: str
    tax: bool  # the share is named a tax rate (增值税, VAT)
    share_start: int  # view offsets of the share
    share_end: int

    def fits(self, base: Decimal) -> bool:
        return abs(self.share * base - self.amount) <= Decimal(1).scaleb(-self.places)


def _sum_value(m: re.Match[str]) -> tuple[Decimal, int] | None:
    read = figure_value(m.group("a") or m.group("b"))
    if read is None:
        return None
    value, places = read
    if m.group("w") or m.group("v"):
        return value * 10000, max(places - 4, 0)
    return value, places


def _is_money(text: str, m: re.Match[str]) -> bool:
    """A bare figure is no sum where it counts or measures things ("68,500平方米相差不超过3%")."""
    return bool(m.group("a")) or not COUNTED.match(text[m.end() :])


def _pairs(text: str) -> list[_Pair]:
    """A share and the sum beside it (before or after), nothing numeric between them."""
    sums = [
        (m, v)
        for m in _SUM.finditer(text)
        if _is_money(text, m) and (v := _sum_value(m)) is not None
    ]
    starts = [m.start() for m, _ in sums]
    out: list[_Pair] = []
    used: set[int] = set()
    for s in _SHARE.finditer(text):
        before = text[max(0, s.start() - 8) : s.start()]
        if _RATE.match(text[s.end() :]) or _RATE_BEFORE.search(before):
            continue
        near = []
        # only sums within reach (with room for a capital-numeral twin) are looked at: a long
        # contract holds thousands of shares and tens of thousands of sums
        lo = bisect_left(starts, s.start() - _WINDOW)
        hi = bisect_right(starts, s.end() + _WINDOW)
        for m, (value, places) in sums[lo:hi]:
            gap = text[s.end() : m.start()] if m.start() >= s.end() else text[m.end() : s.start()]
            # the capital-numeral twin before the figure does not part them:
            # "的10%，即人民币捌佰叁拾陆万元整（¥8,360,000.00）"
            gap = CAPITAL.sub("", gap)
            # nor does the name of the base: "5% of the Product Price, being RMB 259,900"
            gap = _OF_NAME.sub("", gap) if m.start() >= s.end() else gap
            # a limit beside a share parts them, unless the share is itself that limit
            # ("不超过当月物业服务费的10%，即不超过人民币37,100.00元")
            limited = _LIMIT.search(text[max(0, s.start() - 24) : s.start()])
            parted = re.search(r"\d|\n|[;；。]", gap) or (_LIMIT.search(gap) and not limited)
            if len(gap) <= _REACH and not parted:
                near.append((len(gap), m, value, places))
        if not near:
            continue
        _, m, value, places = min(near, key=lambda x: x[0])
        if m.start() in used:
            continue
        used.add(m.start())
        share = Decimal(s.group("n")) / 100
        if 0 < share < 1:
            around = text[max(0, min(s.start(), m.start()) - 12) : max(s.end(), m.end())]
            tax = _TAX.search(around) is not None
            out.append(
                _Pair(share, value, places, m.start(), m.end(), s.group(), tax, s.start(), s.end())
            )
    return out


def _applied_to_it(p: _Pair, stated: set[Decimal]) -> bool:
    """The share is a rate on the sum beside it: "420,000.00 | 13% | 474,600.00" (the tax on
    it, or the sum with the tax, on the same line)."""
    tolerance = Decimal("0.011")
    made = (p.amount * p.share, p.amount * (1 + p.share))
    return any(abs(m - b) <= tolerance * max(Decimal(1), b / 1000) for m in made for b in stated)


def _within(stated: list[Decimal], value: Decimal, slack: Decimal) -> list[Decimal]:
    """The stated sums within ``slack`` of ``value`` (``stated`` sorted): a long contract
    states thousands of sums, so each pair looks its base up rather than trying them all."""
    return stated[bisect_left(stated, value - slack) : bisect_right(stated, value + slack)]


def _fitting(stated: list[Decimal], p: _Pair) -> list[Decimal]:
    """The stated sums ``p`` is exactly its share of."""
    slack = Decimal(1).scaleb(-p.places) / p.share
    return [b for b in _within(stated, p.amount / p.share, slack) if p.fits(b)]


def _line_sums(text: str, at: int) -> set[Decimal]:
    start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
    return _stated(text[start : end if end >= 0 else len(text)])


def _stated(text: str) -> set[Decimal]:
    return {v[0] for m in _SUM.finditer(text) if (v := _sum_value(m)) is not None}


def _paragraph_bases(
    text: str, pairs: list[_Pair], fitting: list[list[Decimal]]
) -> list[set[Decimal]]:
    """Per pair, the sums its own paragraph states that another share of that paragraph is
    exactly of: "a fee of RMB 360,000 … in two instalments: 40%, being RMB 154,000, …; and 60%,
    being RMB 216,000" (one share agrees with the base the paragraph names, so the other
    should)."""
    out: list[set[Decimal]] = [set() for _ in pairs]
    starts = [p.start for p in pairs]
    at = 0
    for line in text.split("\n"):
        inside = range(bisect_left(starts, at), bisect_left(starts, at + len(line)))
        if len(inside) >= 2:
            named = _stated(line)
            for i in inside:
                out[i] = {b for j in inside if j != i for b in fitting[j] if b in named}
        at += len(line) + 1
    return out


def _named_base(ctx: RuleContext, p: _Pair) -> list[Decimal]:
    label = base_label(ctx, p.share_start, p.share_end)
    named = named_value(ctx, label) if label else None
    return [named] if named is not None else []


@check("share_base_disagrees", NoParams, fields=("share", "amount", "base", "expected"))
def share_base_disagrees(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """'25% … 15,405' where every other share of the contract's 57,620 agrees: the odd sum."""
    del params
    pairs = ctx.memo("share_pairs", lambda: _pairs(ctx.text))
    stated = sorted(_stated(ctx.text))
    fitting = [_fitting(stated, p) for p in pairs]
    counts: dict[Decimal, int] = {}
    for found in fitting:
        for b in found:
            counts[b] = counts.get(b, 0) + 1
    # with only two shares in the contract, one agreeing and one not, nothing says which is odd
    bases = [b for b, n in counts.items() if n >= 2] if len(pairs) >= 3 else []
    in_paragraph = _paragraph_bases(ctx.text, pairs, fitting)
    for p, found, own in zip(pairs, fitting, in_paragraph, strict=True):
        if found or _applied_to_it(p, _line_sums(ctx.text, p.start)):
            continue  # a share of some sum the contract states, or a rate on this sum
        implied = p.amount / p.share
        slack = Decimal(1).scaleb(-p.places) / p.share
        if p.tax and _within(stated, implied + p.amount, slack):
            continue  # a tax on the net of a stated gross ("增值税（税率9%）")
        # the nearest evidence first: a base the share's own paragraph agrees on, then one the
        # contract's shares agree on, then the sum the share's base is named for
        near: list[Decimal] = []
        for candidates in (own, bases, _named_base(ctx, p)):
            near = [b for b in candidates if abs(implied - b) <= _NEAR * b]
            if near:
                break
        if len(near) != 1:
            continue
        base = near[0]
        yield Hit(
            ctx.span(p.start, p.end),
            {
                "share": p.share_text,
                "amount": ctx.text[p.start : p.end],
                "base": f"{base:,}",
                "expected": f"{(p.share * base).quantize(Decimal(1).scaleb(-p.places)):,}",
            },
        )
