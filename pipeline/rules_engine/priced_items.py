"""A contract price that is never stated as one figure: the sum of unit price x quantity over
the priced lines of a price list ("单价7.20元/公斤｜约定数量60,000公斤", "数量120套，单价人民币
壹仟陆佰元"). A deposit or a share of the price is then measured against that sum.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from pipeline.entities.amounts import cn_lower_number
from pipeline.model import Entity
from pipeline.rules_engine.computed_totals import (
    MONEY_TOLERANCE,
    count_times_unit_price,
    fee_over_term,
    is_vat,
    largest_security,
    rent_over_term,
)
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import Cell, pipe_tables

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
    return (
        _from_table(ctx)
        or _declared_sum(ctx)
        or _total_row(ctx)
        or _from_lines(ctx)
        or count_times_unit_price(ctx)
        or rent_over_term(ctx)
        or fee_over_term(ctx)
    )


# "以上各项金额之和为本合同服务费总额", "The sum of the amounts above is the Contract Price"
_DECLARES_SUM = re.compile(
    r"^\s*(?:以上|上述|上列)各项(?:金额|费用|价款)?(?:之和|合计|总和)(?:即|为|构成|是)"
    r"|^\s*the (?:sum|total) of the (?:amounts|figures|items) (?:above|in this table)",
    re.I,
)


def _declared_sum(ctx: RuleContext) -> Entity | None:
    """A table of items whose last column is each item's amount, followed by a sentence saying
    their sum is the contract price."""
    doc = ctx.document.text
    for table in pipe_tables(doc):
        rows = [row for row in table if any(c.value is not None for c in row)]
        if not rows:
            continue
        last = table[-1][-1]
        if not _DECLARES_SUM.search(doc[last.start + len(last.text) :].lstrip("\n")[:60]):
            continue
        figures = [_figure(row[-1]) for row in rows]
        if any(f is None for f in figures):
            continue
        first = rows[0][-1]
        return _entity(ctx, first, sum(float(f or 0) for f in figures))
    return None


# a schedule's closing row or line: "合计 | | 960,000.00", "Total for the Contract Year: RMB
# 4,800,000"; a subtotal or a rate is not the whole
_TOTAL_HEAD = re.compile(
    r"^(?:(?:grand|overall|contract)\s+)?total\b|^(?:合计|总计|共计|总价|总金额|价款合计)"
    r"|^(?:contract|total) (?:price|sum)\b|^合同(?:总价|价款|总金额)",
    re.I,
)
_NOT_WHOLE = re.compile(r"sub-?total|小计|\bper\b|每|/\s*(?:月|年|month|year)", re.I)
_TOTAL_LINE = re.compile(
    r"^\s*(?:(?:grand|overall|contract)\s+)?total\b[^.;:\n|]{0,50}:\s*"
    r"|^\s*(?:合计|总计|共计)[^。；：:\n|]{0,20}[:：]\s*",
    re.I,
)
_CURRENCY_LEAD = re.compile(r"(?:人民币|RMB|CNY|USD|US\$|EUR|GBP|HK\$|[¥￥$€£])?\s*$", re.I)


def _total_row(ctx: RuleContext) -> Entity | None:
    """The figure a schedule states as its total, where no clause states the price and every
    total row agrees."""
    doc = ctx.document.text
    found: list[tuple[float, Entity]] = []
    for table in pipe_tables(doc):
        for row in table[1:]:
            first = next((c for c in row if c.text), None)
            if first is None or not _TOTAL_HEAD.match(first.text) or _NOT_WHOLE.search(first.text):
                continue
            cell = _total_cell(table[0], row)
            if cell is not None:
                value = float(_figure(cell) or 0)
                found.append((value, _entity(ctx, cell, value, stated=True)))
    for e in ctx.of_kind("amount"):
        if e.attrs.get("form") != "figure" or not isinstance(e.value, float):
            continue
        line = doc[doc.rfind("\n", 0, e.span.start) + 1 : e.span.start]
        label = _TOTAL_LINE.match(line)
        if label and not _NOT_WHOLE.search(line) and _CURRENCY_LEAD.fullmatch(line[label.end() :]):
            attrs = {**e.attrs, "topic": "total_price", "computed": True}
            found.append((e.value, e.model_copy(update={"attrs": attrs})))
    values = sorted({round(value, 2) for value, _ in found})
    if len(values) == 2 and is_vat(values[0], values[1], MONEY_TOLERANCE):
        found = [f for f in found if round(f[0], 2) == values[1]]  # the price with its VAT
    elif len(values) != 1:
        return None  # none, or schedules that total different things (a budget, a payment plan)
    value, entity = found[0]
    return entity if value > largest_security(ctx) else None


_PER_ONE_HEAD = re.compile(r"单价|/\s*(?:年|月|台|件)|每|Unit|\bper\b|Rate|%|比例|Share", re.I)


def _total_cell(header: list[Cell], row: list[Cell]) -> Cell | None:
    """The total row's figure under the amount column, or its only figure: a row with figures in
    several columns (加盟费 | 品牌使用费/年) has no one total."""
    figures = [(j, c) for j, c in enumerate(row) if j > 0 and _figure(c) is not None]
    if len(header) == len(row):
        amount_columns = [
            j for j, c in enumerate(header)
            if _AMOUNT_HEAD.search(c.text) and not _PER_ONE_HEAD.search(c.text)
        ]  # fmt: skip
        under = [c for j, c in figures if j in amount_columns]
        if len(under) == 1:
            return under[0]
    return figures[0][1] if len(figures) == 1 else None


def _entity(ctx: RuleContext, cell: Cell, total: float, stated: bool = False) -> Entity:
    span = ctx.span(ctx.view_offset(cell.start), ctx.view_offset(cell.start + len(cell.text)))
    attrs = {"currency": "CNY" if ctx.language == "zh" else None, "form": "figure",
             "topic": "total_price", "computed": True}  # fmt: skip
    zh, en = ("附表合计行", "the schedule's total row") if stated else ("各项之和", "sum of items")
    text = f"{total:,.2f}（{zh}）" if ctx.language == "zh" else f"{total:,.2f} ({en})"
    return Entity(kind="amount", span=span, text=text, value=total, attrs=attrs)


_QTY_HEAD = re.compile(r"数量|\bQty\b|Quantity|No\. of units|Number of units", re.I)
_PRICE_HEAD = re.compile(
    r"单价|Unit (?:Price|Rate)|每(?:台|件|套|辆|个)"
    r"|(?:price|rate|charge|fee|rent)s? (?:per|for each|each) (?:unit|item|set)",
    re.I,
)
# "Monthly rate per unit" with a "Hire Months" column: the price of one unit for one month
_MONTHLY_HEAD = re.compile(r"monthly|per month|/\s*月|每月|月租|月单价", re.I)
_MONTHS_HEAD = re.compile(r"\bmonths\b|\bhire months?\b|月数|租期|期限|租赁月", re.I)
# a list that prices its own lines (金额, Amount) is checked by table_total_mismatch instead
_AMOUNT_HEAD = re.compile(r"金额|小计|合计|总价|总额|Amount|Total|Extended", re.I)


def _figure(cell: Cell) -> float | None:
    if cell.value is None or cell.percent:
        return None
    return cell.value * (10_000 if "万" in cell.text else 1)


def _from_table(ctx: RuleContext) -> Entity | None:
    """Σ quantity x unit price over a price table with 数量 and 单价 columns and no amount
    column ("4台 | 386,000.00元/台")."""
    for table in pipe_tables(ctx.document.text):
        header = table[0]
        q = next((j for j, c in enumerate(header) if _QTY_HEAD.search(c.text)), None)
        p = next((j for j, c in enumerate(header) if _PRICE_HEAD.search(c.text)), None)
        if q is None or p is None or any(_AMOUNT_HEAD.search(c.text) for c in header):
            continue
        rows = [row for row in table[1:] if len(row) == len(header)]
        months = _months_column(header, p)
        if _MONTHLY_HEAD.search(header[p].text) and months is None:
            continue  # a monthly rate with no number of months: no whole price to add up
        lines = [
            (_figure(row[q]), _figure(row[p]), _figure(row[months]) if months is not None else 1.0,
             row[p])
            for row in rows
        ]  # fmt: skip
        if not lines or any(None in (count, price, n) for count, price, n, _ in lines):
            continue  # a row without every figure: not a price list we can add up
        total = sum(float(c or 0) * float(pr or 0) * float(n or 0) for c, pr, n, _ in lines)
        return _entity(ctx, lines[0][3], total)
    return None


def _months_column(header: list[Cell], price: int) -> int | None:
    """The column counting each line's months, when the unit price is a monthly one."""
    if not _MONTHLY_HEAD.search(header[price].text):
        return None
    return next(
        (j for j, c in enumerate(header) if j != price and _MONTHS_HEAD.search(c.text)
         and not _PRICE_HEAD.search(c.text)),
        None,
    )  # fmt: skip


def _from_lines(ctx: RuleContext) -> Entity | None:
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
