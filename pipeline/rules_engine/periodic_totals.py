"""A contract's subject amount built from its recurring and per-unit fees when no total is written
down: 月租金 × 租期 (a lease), 品牌使用费 "每一授权门店每年¥20,000" × 2 stores × 3 years, 加盟费
"单店¥120,000" × 2 stores, a storage rate "per Pallet Position per month" × 1,800 positions × 12
months. A 定金 is measured against it (民法典 586: 20% of the subject amount).

Only committed figures count: a fee with no period and no unit is a one-off item counted once;
a rate per unit counts only where the contract fixes how many units there are.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from pipeline.entities.amounts import cn_lower_number
from pipeline.model import Entity, Span
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import pipe_tables

# the fees a subject amount is made of (not a deposit, a penalty, interest or a cap)
_FEE_TOPICS = ("rent", "fee")
_PERIOD_MONTHS = {"月": 1, "季": 3, "季度": 3, "年": 12, "month": 1, "quarter": 3, "year": 12,
                  "annum": 12}  # fmt: skip
_ZH_PERIOD = r"每(?:个)?(?P<p>月|季度|季|年)"
_EN_PERIOD = r"(?:per|a|each|every)\s+(?:calendar\s+|contract\s+)?(?P<p>month|quarter|year|annum)"
# the unit a fee is charged by: 每一授权门店 / 单店 / per Pallet Position
_ZH_UNIT = re.compile(
    r"(?:每一?(?:个|家|间|处)?|单)(?P<u>[\u4e00-\u9fff]{1,6}?)(?=每|加盟费|使用费|管理费|费|的|[，,：:为]|人民币|¥|￥)"
)
_EN_UNIT = re.compile(
    r"\bper\s+(?P<u>[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2}|[a-z]+(?:\s+[a-z]+)?)"
    r"(?=\s+per\b|\s*[,;|]|\s*$)"
)
_ZH_COUNT = (
    r"(?P<n>\d[\d,]*|[两二三四五六七八九十百千]+)\s*(?:个|家|间|处)?[\u4e00-\u9fff]{{0,4}}{unit}"
)
_EN_COUNT = r"\b(?P<n>\d[\d,]*)\s+(?:\([^)]{{0,30}}\)\s+)?(?:[A-Z][a-z]+\s+){{0,2}}?{unit}s?\b"


@dataclass(frozen=True)
class Item:
    span: Span  # where the fee is stated
    value: float
    months: int | None  # the period the value is charged for; None: once
    unit: str | None
    in_text: bool  # stated in a sentence (a table's rates may be optional extras)


# "maximum 200 Pallet Positions", "不超过三家门店": a limit, not the number committed
_LIMIT_BEFORE = re.compile(
    r"(?:maximum|max\.?|up to|not exceeding|no more than|at most|最多|不超过|不得超过|以内)"
    r"(?:\s+of)?\s*$",
    re.I,
)


def _count(ctx: RuleContext, unit: str) -> float | None:
    """How many units the contract fixes ("两个授权门店", "1,800 Pallet Positions"): the one
    figure stated, or the one stated most often; never a limit."""
    if ctx.language == "zh":
        pattern = _ZH_COUNT.format(unit=re.escape(unit[-2:] if len(unit) > 1 else unit))
    else:
        pattern = _EN_COUNT.format(unit=re.escape(unit.rstrip("s")))
    found: Counter[float] = Counter()
    for m in re.finditer(pattern, ctx.text):
        if _LIMIT_BEFORE.search(ctx.text[max(0, m.start() - 16) : m.start()]):
            continue
        raw = m.group("n")
        n = float(raw.replace(",", "")) if raw[0].isdigit() else cn_lower_number(raw)
        if n is not None and n > 1:
            found[float(n)] += 1
    ranked = found.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


# the term's own statement: "特许经营期限为三年", "for a term of twelve (12) months"
_TERM_STATED = re.compile(
    r"(?:期限|租期|期间|\bterm)\s*(?:为|是|：|:|of|is|shall be)?\s*(?:a period of\s*)?$", re.I
)


def _term_months(ctx: RuleContext) -> int | None:
    """The contract's term in months: the one value its term durations give, or the one its
    sentences stating the term give (a non-compete's 12个月 may also read as a term)."""
    terms = [
        d for d in ctx.of_kind("duration")
        if d.attrs.get("topic") in ("lease_term", "contract_term")
        and isinstance(m := d.attrs.get("months"), int | float) and float(m).is_integer() and m > 0
    ]  # fmt: skip
    for chosen in (terms, [d for d in terms if _TERM_STATED.search(ctx.sentence_before(d))]):
        values = {int(float(d.attrs["months"])) for d in chosen}  # type: ignore[arg-type]
        if len(values) == 1:
            return values.pop()
    return None


def _period(before: str, after: str, zh: bool) -> int | None:
    near = before[-16:] + " " + after[:16]
    m = re.search(_ZH_PERIOD if zh else _EN_PERIOD, near, re.I)
    return _PERIOD_MONTHS[m.group("p").lower()] if m else None


def _unit(before: str, after: str, zh: bool) -> str | None:
    if zh:
        m = _ZH_UNIT.search(before[-20:])
        return m.group("u") if m else None
    m = _EN_UNIT.search(before[-60:] + after[:40])
    return m.group("u") if m else None


def _items_from_text(ctx: RuleContext) -> list[Item]:
    zh = ctx.language == "zh"
    items: dict[float, Item] = {}
    for e in ctx.of_kind("amount"):
        if e.attrs.get("form") != "figure" or not isinstance(e.value, float):
            continue
        if e.attrs.get("topic") not in _FEE_TOPICS or e.attrs.get("share_of_total"):
            continue
        before = ctx.sentence_before(e)
        end = ctx.view_offset(e.span.end)
        after = ctx.text[end : end + 40]
        item = Item(e.span, e.value, _period(before, after, zh), _unit(before, after, zh), True)
        items.setdefault(e.value, item)  # a fee restated is one fee
    return list(items.values())


_OPTIONAL = re.compile(
    r"\b(?:additional|extra|optional|excess|ad[- ]hoc|on request|overtime|further)\b"
    r"|额外|增加|超出|另行",
    re.I,
)


def _items_from_tables(ctx: RuleContext) -> list[Item]:
    """Rate tables: "Storage | per Pallet Position per month | 45.00"."""
    found: list[Item] = []
    for table in pipe_tables(ctx.text):
        for row in table[1:]:
            if _OPTIONAL.search(row[0].text):
                continue  # "Additional Pallet Positions": charged only if ordered
            basis = next((c.text for c in row[1:] if c.value is None and "per " in c.text), None)
            rate = next((c for c in reversed(row) if c.value is not None and not c.percent), None)
            if basis is None or rate is None or rate.value is None:
                continue
            months = _period(basis, "", False)
            unit = _unit(basis, "", False)
            if months is not None and unit is not None:
                span = ctx.span(rate.start, rate.start + len(rate.text))
                found.append(Item(span, rate.value, months, unit, False))
    return found


def fee_schedule_total(ctx: RuleContext) -> Entity | None:
    """Σ of the committed fees: each periodic fee over the term, each per-unit fee times the
    units fixed, each other fee once. None when a fee stated in the text runs per period with no
    term, or per unit with no fixed count: then the subject amount is not known."""
    term = _term_months(ctx)
    items = _items_from_text(ctx) + (_items_from_tables(ctx) if ctx.language != "zh" else [])
    total = 0.0
    counted: list[Item] = []
    for item in items:
        units = 1.0
        if item.unit is not None:
            count = _count(ctx, item.unit)
            if count is None and item.in_text:
                return None
            if count is None:
                continue  # a table's optional rate (additional positions, handling per pallet)
            units = count
        periods = 1.0
        if item.months is not None:
            if term is None:
                return None
            periods = term / item.months
        if not item.in_text and item.unit is None:
            continue
        total += item.value * units * periods
        counted.append(item)
    # one plain fee is the price itself (contract_total's business), not a schedule of fees
    if not any(i.unit is not None or i.months is not None for i in counted):
        return None
    zh = ctx.language == "zh"
    text = (
        f"{total:,.2f}（按各项费用、期限和数量计算）"
        if zh
        else f"{total:,.2f} (fees over the term and units)"
    )
    currencies = Counter(e.attrs.get("currency") for e in ctx.of_kind("amount"))
    currency = currencies.most_common(1)[0][0] if currencies else None
    attrs = {"currency": currency, "form": "figure", "topic": "total_price", "computed": True}
    return Entity(kind="amount", span=counted[0].span, text=text, value=total, attrs=attrs)
