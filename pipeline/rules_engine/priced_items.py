"""A contract price that is never stated as one figure: the sum of unit price x quantity over
the priced lines of a price list ("单价7.20元/公斤｜约定数量60,000公斤", "数量120套，单价人民币
壹仟陆佰元"). A deposit or a share of the price is then measured against that sum.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from pipeline.entities.amounts import cn_lower_number
from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext

_QUANTITY = re.compile(
    r"数量(?:为|共|合计)?\s*[:：]?\s*(?P<n>\d[\d,]*(?:\.\d+)?|[零〇一二两三四五六七八九十百千万]+)"
)
_UNIT_PRICE = re.compile(r"单价")
_SUBTOTAL = re.compile(r"小计|合计|总价|总额|。|；")
_PRICE_REACH = 12  # 单价为每套人民币…: the amount follows the word closely
_ROW_REACH = 40  # 数量2台，单价¥…: a row's quantity stands this near its unit price


def _number(raw: str) -> float | None:
    if raw[0].isdigit():
        return float(raw.replace(",", ""))
    value = cn_lower_number(raw)
    return float(value) if value is not None else None


def _between(text: str, a: re.Match[str], b: re.Match[str]) -> str:
    return text[min(a.start(), b.start()) : max(a.end(), b.end())]


def priced_total(ctx: RuleContext) -> Entity | None:
    """Σ unit price x quantity over the lines that state both (Chinese contracts), as an amount
    entity on the first such line; None when there is no such line or a line states its own
    subtotal (then the stated figures decide)."""
    return ctx.memo("priced_total", lambda: _compute(ctx))


def _compute(ctx: RuleContext) -> Entity | None:
    if ctx.language != "zh":
        return None
    amounts = sorted(
        ((ctx.view_offset(e.span.start), e) for e in ctx.of_kind("amount")),
        key=lambda pair: pair[0],
    )
    starts = [at for at, _ in amounts]
    # a PDF's reflow may join the rows of a price list into one line, so rows are found by
    # pairing each unit price with the nearest unused quantity, not line by line
    quantities = [q for q in _QUANTITY.finditer(ctx.text) if not _SUBTOTAL.search(q.group())]
    used: set[int] = set()
    total = 0.0
    first: Entity | None = None
    currency: object = None
    for word in _UNIT_PRICE.finditer(ctx.text):
        i = bisect_left(starts, word.end())
        if i >= len(amounts) or amounts[i][0] - word.end() > _PRICE_REACH:
            continue
        price = amounts[i][1]
        near = [
            q for q in quantities
            if q.start() not in used and abs(q.start() - word.start()) <= _ROW_REACH
            and not _SUBTOTAL.search(_between(ctx.text, q, word))
        ]  # fmt: skip
        if not near or not isinstance(price.value, float):
            continue
        quantity = min(near, key=lambda q: abs(q.start() - word.start()))
        count = _number(quantity.group("n"))
        if count is None:
            continue
        used.add(quantity.start())
        total += price.value * count
        first = first or price
        currency = currency or price.attrs.get("currency")
    if first is None or total <= 0:
        return None
    text = f"{total:,.2f}（单价×数量之和）"
    attrs = {"currency": currency if isinstance(currency, str) else "CNY", "form": "figure",
             "topic": "total_price", "computed": True}  # fmt: skip
    return Entity(kind="amount", span=first.span, text=text, value=total, attrs=attrs)
