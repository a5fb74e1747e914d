"""Priced items listed in one line that do not add up to the contract's total: "（1）立式加工中心
4台，单价268,000元，小计1,072,000元；（2）数控车床…小计579,000元；（3）安装调试及培训服务，
人民币48,000元" (1,699,000) against "合同总价款为人民币壹佰柒拾叁万玖仟元整（¥1,739,000.00）". Each
item contributes its subtotal (or its only amount, never a unit price); a list that pays (an
instalment schedule: instalments_vs_total's matter), charges a penalty or deposit, or marks an
item optional is not a breakdown of the price. A difference that is exactly VAT is not a
contradiction.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.model import Entity
from pipeline.rules_engine.checks_consistency import ToleranceParams, money
from pipeline.rules_engine.computed_totals import is_vat
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.contract_total import contract_total
from pipeline.rules_engine.registry import Hit, check

_MARKER = re.compile(r"[（(]\s*(\d{1,2})\s*[）)]")
_SUBTOTAL = re.compile(r"(?:小计|合计|金额|共计|subtotal|sub-total|total|amount)\D{0,8}$", re.I)
_UNIT = re.compile(
    r"(?:单价|每(?:台|套|件|个|吨|米|平方米|人|次|月|年|天|日)|/|\bper\b|\beach\b|unit price"
    r"|\bat\b)\D{0,10}$",
    re.I,
)
# a line that prices the subject, not one that pays, penalises or prices options
_PRICE_LINE = re.compile(
    r"单价|小计|数量|价款|价格|费用|\bunit price\b|\bquantity\b|\bprice\b", re.I
)
_NOT_A_BREAKDOWN = re.compile(
    r"支付|付款|预付|进度款|尾款|结算|违约金|定金|保证金|质保金|利息|可选|选购|另行计价|另计|不含|不包括"
    r"|\bpa(?:y|id|yable|yment)\b|\binstal+ments?\b|deposit|penalt|liquidated|\binterest\b"
    r"|optional|excluded|excluding",
    re.I,
)
_TAX = re.compile(r"增值税|税|\bVAT\b|\bGST\b|\btax", re.I)


def _item_amount(ctx: RuleContext, segment: tuple[int, int], currency: object) -> Entity | None:
    """The item's subtotal, else its only amount that is not a unit price (None if unclear)."""
    start, end = segment
    amounts = [
        e
        for e in ctx.of_kind("amount")
        if start <= e.span.start < end
        and isinstance(e.value, float)
        and e.attrs.get("currency") == currency
        and not (e.attrs.get("form") != "figure" and e.attrs.get("twin_start") is not None)
    ]
    subtotals = [e for e in amounts if _SUBTOTAL.search(_before(ctx, e))]
    if len(subtotals) == 1:
        return subtotals[0]
    plain = [e for e in amounts if not _UNIT.search(_before(ctx, e))]
    return plain[0] if len(plain) == 1 else None


def _before(ctx: RuleContext, e: Entity) -> str:
    at = ctx.view_offset(e.span.start)
    return ctx.text[max(0, at - 14) : at]


def _item_lists(text: str) -> Iterator[list[tuple[int, int]]]:
    """Per line, the spans of items (1), (2), (3) … numbered in order from 1."""
    offset = 0
    for line in text.split("\n"):
        marks = list(_MARKER.finditer(line))
        if len(marks) >= 2 and [int(m.group(1)) for m in marks] == list(range(1, len(marks) + 1)):
            ends = [m.start() for m in marks[1:]] + [len(line)]
            yield [(offset + m.end(), offset + e) for m, e in zip(marks, ends, strict=True)]
        offset += len(line) + 1


@check("itemised_total_mismatch", ToleranceParams, fields=("parts", "parts_sum", "total"))
def itemised_total_mismatch(ctx: RuleContext, params: ToleranceParams) -> Iterator[Hit]:
    total = contract_total(ctx)
    if total is None or not isinstance(total.value, float) or total.value <= 0:
        return
    # the view's lines: a PDF wrap inside the list ("小计人民币1,072,000⏎元；（2）…") is no line end
    price, currency, text = total.value, total.attrs.get("currency"), ctx.text
    for in_view in _item_lists(text):
        line = text[in_view[0][0] : in_view[-1][1]]
        if not _PRICE_LINE.search(line) or _NOT_A_BREAKDOWN.search(line):
            continue
        items = [ctx.view.to_original(a, b) for a, b in in_view]
        if items[0][0] <= total.span.start < items[-1][1]:
            continue
        parts = [_item_amount(ctx, item, currency) for item in items]
        found = [p for p in parts if p is not None]
        if len(found) != len(parts):
            continue
        summed = sum(float(p.value) for p in found if isinstance(p.value, float))
        if max(float(p.value or 0) for p in found) >= price or abs(summed - price) <= (
            params.tolerance * price
        ):
            continue
        if _TAX.search(text) and (
            is_vat(summed, price, params.tolerance) or is_vat(price, summed, params.tolerance)
        ):
            continue
        yield Hit(
            total.span,
            {
                "parts": " + ".join(p.text.replace("\n", "") for p in found),
                "parts_sum": money(summed, currency),
                "total": total.text.replace("\n", ""),
            },
            tuple(p.span for p in found),
        )
        return
