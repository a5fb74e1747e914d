"""One fee stated for two periods that do not scale: "合计每月人民币356,048.00元" and "每季度物业
服务费为人民币1,086,144.00元" (three months make 1,068,144.00); "a monthly Service Charge of
£4,250" and "an annual Service Charge of £52,000". The fee's name and each figure's period are
read as facts, so the check holds whichever clause states which.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.model import Entity
from pipeline.rules_engine.computed_totals import is_vat
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, NoParams, check

_ZH_PERIOD = re.compile(r"(?P<p>每月|月度|每个月|每季度|季度|每半年|每年|年度|全年)")
_EN_PERIOD = re.compile(
    r"\b(?P<p>per month|a month|monthly|per calendar month|per quarter|quarterly|per annum"
    r"|per year|a year|annual|annually|yearly|semi-annual)\b",
    re.I,
)
_MONTHS = {
    "每月": 1, "月度": 1, "每个月": 1, "每季度": 3, "季度": 3, "每半年": 6, "每年": 12, "年度": 12,
    "全年": 12, "per month": 1, "a month": 1, "monthly": 1, "per calendar month": 1,
    "per quarter": 3, "quarterly": 3, "per annum": 12, "per year": 12, "a year": 12,
    "annual": 12, "annually": 12, "yearly": 12, "semi-annual": 6,
}  # fmt: skip
# a unit price per thing, not the fee for the period: "每月每平方米6.80元", "per user per month"
_PER_THING = re.compile(
    r"每(?:平方米|㎡|人|台|件|个|吨|户|车|位|间|套)|/\s*(?:㎡|平方米|人|台)"
    r"|\bper (?:square|sq|unit|user|seat|head|vehicle|device|licen[cs]e|kg|tonne|hour|day)",
    re.I,
)
_ZH_FEE = re.compile(
    r"[\u4e00-\u9fff]{1,6}?(?:服务费|管理费|租金|使用费|许可费|维护费|运维费|费用)"
)
_EN_FEE = re.compile(r"(?:[A-Z][a-z]+ ){0,2}(?:Fee|Fees|Charge|Charges|Rent|Subscription)\b")
_BEFORE, _AFTER = 16, 12
_NEAR = 0.25


def _fee_and_period(ctx: RuleContext, e: Entity) -> tuple[str, int] | None:
    """The fee an amount states and the period it is for: the period words stand right before
    the fee's name ("每季度物业服务费为", "a monthly Service Charge of") or right around the
    figure ("合计每月人民币…", "£4,250 per month")."""
    before = ctx.sentence_before(e)
    names = list((_ZH_FEE if ctx.language == "zh" else _EN_FEE).finditer(before))
    if not names:
        return None
    name = names[-1]
    end = ctx.view_offset(e.span.end)
    after = re.split(r"[，,；;。]|\.\s", ctx.text[end : end + _AFTER])[0]
    around = before[max(0, name.start() - _BEFORE) :] + " " + after
    if _PER_THING.search(around[-_BEFORE - len(after) - 1 :]):
        return None
    pattern = _ZH_PERIOD if ctx.language == "zh" else _EN_PERIOD
    found = {_MONTHS[m.group("p").lower()] for m in pattern.finditer(around)}
    if len(found) != 1:
        return None
    fee = re.sub(r"^(?:每月|月度|每季度|季度|每年|年度|全年|每个月)", "", name.group())
    fee = re.sub(r"^(?:monthly|quarterly|annual|yearly)\s+", "", fee, flags=re.I).lower()
    return fee, found.pop()


@check("period_fee_mismatch", NoParams, fields=("fee", "first", "second", "expected"))
def period_fee_mismatch(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """The same fee for a month and for a quarter (or a year) whose figures do not scale."""
    del params
    by_fee: dict[str, dict[int, set[float]]] = {}
    first_of: dict[tuple[str, int], Entity] = {}
    order: list[tuple[Entity, str, int]] = []
    for e in ctx.of_kind("amount"):
        twin = e.attrs.get("twin_start")
        if not isinstance(e.value, float) or (isinstance(twin, int) and twin < e.span.start):
            continue
        read = _fee_and_period(ctx, e)
        if read is None:
            continue
        fee, months = read
        by_fee.setdefault(fee, {}).setdefault(months, set()).add(e.value)
        first_of.setdefault((fee, months), e)
        order.append((e, fee, months))
    for e, fee, months in order:
        periods = by_fee[fee]
        if any(len(v) != 1 for v in periods.values()) or len(periods) < 2:
            continue  # a fee with two figures for one period (tiers, years): no one rate
        other = min(m for m in periods if m != months)
        if first_of[(fee, other)].span.start > e.span.start:
            continue  # report the later statement against the earlier one
        base = next(iter(periods[other]))
        value = float(e.value) if isinstance(e.value, float) else 0.0
        expected = base * months / other
        off = abs(value - expected) > max(1.0, 0.0005 * expected)
        if (
            off
            and abs(value - expected) <= _NEAR * expected
            and not (is_vat(value, expected, 0.001) or is_vat(expected, value, 0.001))
        ):
            yield Hit(
                e.span,
                {
                    "fee": fee,
                    "first": first_of[(fee, other)].text,
                    "second": e.text,
                    "expected": f"{expected:,.2f}",
                },
                (first_of[(fee, other)].span,),
            )
