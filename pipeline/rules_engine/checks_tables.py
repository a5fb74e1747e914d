"""Tables written as ``a | b | c`` lines: a total row or a total column must equal the sum of
the figures it totals. A payment schedule whose instalments do not add up to its stated total
leaves the price uncertain, however the rows are worded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import combinations

from pydantic import Field

from pipeline.rules_engine.computed_totals import MONEY_TOLERANCE
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.contract_total import stated_totals
from pipeline.rules_engine.pipe_tables import Cell, colon_lists, pipe_tables, two_column_tables
from pipeline.rules_engine.registry import Hit, Params, check

_PRE_TAX = (
    r"|^(?:the\s+)?(?:contract|total|net)\s+(?:sum|price|amount|value|total)\b[^|]*"
    r"\b(?:excluding|excl\.?|exclusive of|net of|before)\s+(?:VAT|tax|GST)\b"
    r"|^(?:合同)?(?:总价|价款|总额|金额|合计)[^|]{0,6}不含税|^不含税(?:合计|总价|价款|金额)"
)
_TOTAL_ROW = re.compile(
    r"^(?:合计|总计|共计|小计|(?:总额|总价|Total|Sum|Aggregate|Sub-?total)\b)"
    # "全年合计", "Contract total for both Service Years", "Grand Total"
    r"|^[\u4e00-\u9fff]{1,8}(?:合计|总计)(?:\s*[（(].*)?$"
    r"|^(?:grand|contract|overall|annual|aggregate)\s+total\b" + _PRE_TAX,
    re.I,
)
# "Contract Sum (excluding VAT)" above "VAT at 20%" and "Total including VAT": the pre-tax
# total is a subtotal of the rows above it
_SUBTOTAL_ROW = re.compile(r"^(?:小计|Sub-?total)" + _PRE_TAX, re.I)
# the total of one part of the price ("首付款合计（含定金）", "第一期合计"), not of the whole
_PART_TOTAL = re.compile(
    r"^(?:首付款?|首期款?|预付款?|定金|进度款|尾款|余款|质保金|保证金|贷款|按揭款?"
    r"|第[一二三四五六七八九十\d]{1,3}(?:期|批|阶段))[^|]{0,4}(?:合计|总计)"
)
_GROUP_SUBTOTAL = re.compile(r"小计$|\bsub-?total$", re.I)
_TOTAL_COLUMN = re.compile(
    r"合计|总计|共计|小计|总额|全年|\b(?:Total|Sum|Aggregate|Annual)\b", re.I
)


class TableParams(Params):
    tolerance: float = Field(
        default=0.005, ge=0, description="relative difference allowed for percentages"
    )
    # money adds up to the cent; a total rounded to the hundred still passes, a transposed
    # digit ("27,516,740" against parts that sum to 27,561,740, 0.16%) does not
    money_tolerance: float = Field(
        default=MONEY_TOLERANCE, ge=0, description="relative difference allowed for money"
    )
    min_rows: int = Field(default=2, ge=2, description="rows a total must sum")

    def allowed(self, cell: Cell) -> float:
        return self.tolerance if cell.percent else self.money_tolerance


def off_by_more_than(total: float, parts: float, tolerance: float) -> bool:
    return abs(total - parts) > tolerance * max(abs(total), 1.0)


@check("table_total_mismatch", TableParams, fields=("stated", "computed"))
def table_total_mismatch(ctx: RuleContext, params: TableParams) -> Iterator[Hit]:
    """A total row (合计 / Total) whose figure in a column is not the sum of the rows above it,
    or a total column (header 合计 / Total / Annual) not equal to the sum of its row."""
    # the document's own lines, not the search view: the view joins a header line to the row
    # below it when a page wrap cut that row, and rows are lines
    for table in pipe_tables(ctx.document.text):
        yield from _column_totals(ctx, table, params)
        yield from _row_totals(ctx, table, params)
    # a price summary as a list ("Item: £42,000") or a two-column table ("Item | £42,000") of
    # figures only (not a schedule of terms that a total row ends)
    text = ctx.document.text
    summaries = [t for t in two_column_tables(text) if all(r[-1].value for r in t[1:])]
    for listed in (*colon_lists(text), *summaries):
        yield from _column_totals(ctx, listed, params)


# a cell that is nothing but a total's name, after a group label ("Contract Year 1 | Annual total")
_TOTAL_CELL = re.compile(
    r"^(?:(?:annual|grand|contract|overall|aggregate|yearly|quarterly)\s+)?total$|^(?:合计|总计|小计)$"
    r"|^sub-?total$",
    re.I,
)


def is_total_row(row: list[Cell]) -> bool:
    """The row's label (its first text cell) says it totals the rows above, or a later label
    cell before the figures is a bare total ("Contract Year 1 | Annual total | 2,400,000")."""
    label = next((c for c in row if c.text), None)
    if label is None or label.value is not None:
        return False
    if _TOTAL_ROW.search(label.text):
        return True
    labels = []
    for cell in row:
        if cell.value is not None:
            break
        labels.append(cell.text.strip())
    return any(_TOTAL_CELL.match(text) for text in labels[1:])


def _subtotal_cell(row: list[Cell]) -> bool:
    """ "Party A | Subtotal | 30,000,000": a group's subtotal named after its label."""
    labels = []
    for cell in row:
        if cell.value is not None:
            break
        labels.append(cell.text.strip())
    return any(re.fullmatch(r"sub-?total|小计", text, re.I) for text in labels[1:])


def row_label(row: list[Cell]) -> str:
    return next((c.text for c in row if c.text), "")


# "Amount of each Rental", "每期租金": each row's figure is one item's, repeated over the row's
# count ("Rentals 1 to 12"), so the column does not add up to the total
_EACH_COLUMN = re.compile(r"\beach\b|\bper\b|每|单价|单期", re.I)


def _per_item_column(header: list[Cell], j: int) -> bool:
    return j < len(header) and header[j].value is None and bool(_EACH_COLUMN.search(header[j].text))


def _sum_column(block: list[list[Cell]], j: int, cell: Cell, min_rows: int) -> float | None:
    """The sum of column ``j`` over ``block``, or None when it is no column of figures."""
    parts = [r[j] for r in block if j < len(r)]
    if len(parts) < min_rows or any(p.value is None or p.percent != cell.percent for p in parts):
        return None
    values = [p.value for p in parts if p.value is not None]
    if values == [float(k) for k in range(1, len(values) + 1)]:
        return None  # a serial-number column
    return sum(values)


def _column_totals(ctx: RuleContext, table: list[list[Cell]], params: TableParams) -> Iterator[Hit]:
    """A total row against the rows above it. Subtotals are read both ways: a "Subtotal" row
    stands for the rows above it ("Subtotal: One-off Fees", then the support fee, then the
    total); a "甲方现金小计" row groups rows by a category and is left out of the sum."""
    data: list[list[Cell]] = []  # the figure rows, subtotals left out
    stacked: list[list[Cell]] = []  # the rows above, a subtotal standing for those it sums
    for row in table:
        label = row_label(row)
        grouped = _GROUP_SUBTOTAL.search(label) is not None and not is_total_row(row)
        if not is_total_row(row):
            row = [_embedded(c) for c in row]
        if not is_total_row(row) and not grouped:
            if any(c.value is not None for c in row):
                data.append(row)
                stacked.append(row)
            continue
        if grouped:
            continue
        own_kind = _own_kind_rows(label, data)
        named = _named_rows(label, data)
        for j, cell in enumerate(row):
            if cell.value is None or _per_item_column(table[0], j):
                continue
            blocks = (data, stacked, *(b for b in (own_kind, named) if b))
            sums = [_sum_column(b, j, cell, params.min_rows) for b in blocks]
            known = [x for x in sums if x is not None]
            if known and all(off_by_more_than(cell.value, x, params.allowed(cell)) for x in known):
                if _tail_adds_up(data, j, cell.value, params.allowed(cell)):
                    continue  # "Gross Sales £18,500 / Fee at 6% £1,110 / Fee at 2% £370 / Total
                    # Fees £1,480": the rows after a base row are what the total adds up
                yield _hit(ctx, cell, known[0])
                return
        if _SUBTOTAL_ROW.search(label) or _subtotal_cell(row):
            stacked = [row]
        else:
            data, stacked = [], []


# one sum inside a cell's words ("定金372,000.00（已于签约时支付，抵作本期款项）"): the row's
# figure for that column, which leaving out would make the column seem short of its total
EMBEDDED_SUM = re.compile(
    r"(?<![\d.,])(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d\d)(?![\d.,]*\d|\s*[%％])"
)


_CURRENCY_WORDS = re.compile(r"人民币|RMB|CNY|US\$|[¥￥$£€]", re.I)
_LEAD_WORDS = 4  # "定金", "Deposit": a short name of what the sum is, no more


def _embedded(cell: Cell) -> Cell:
    """The cell with the one sum its words lead with, when it is a figure among words; a sum
    deep in a sentence ("月营业额的4%，每月不低于人民币15,000元") is a floor or a rule, not the
    row's figure."""
    if cell.value is not None:
        return cell
    sums = list(EMBEDDED_SUM.finditer(cell.text))
    if len(sums) != 1:
        return cell
    lead = _CURRENCY_WORDS.sub("", cell.text[: sums[0].start()]).strip()
    if len(lead) > _LEAD_WORDS or re.search(r"\d|每|per\b|each\b", lead, re.I):
        return cell
    return Cell(cell.text, cell.start, float(sums[0].group().replace(",", "")), False)


def _tail_adds_up(rows: list[list[Cell]], j: int, total: float, tolerance: float) -> bool:
    values = [r[j].value for r in rows if j < len(r) and r[j].value is not None]
    return any(
        not off_by_more_than(total, sum(v for v in values[k:] if v is not None), tolerance)
        for k in range(1, len(values) - 1)
    )


# "开业前一次性款项合计（加盟费、履约保证金、首批设备及物料款）", "Total (Items 1 and 2)": the
# total names the rows it adds up
_NAMED_PARTS = re.compile(r"[（(](?P<parts>[^（）()]{2,80})[)）]\s*$")


def _named_rows(label: str, data: list[list[Cell]]) -> list[list[Cell]] | None:
    m = _NAMED_PARTS.search(label.strip())
    if m is None:
        return None
    parts = [
        p.strip() for p in re.split(r"[、，,/]|\band\b|及|和|与", m.group("parts")) if p.strip()
    ]
    rows = [r for r in data if row_label(r).strip() in parts]
    return rows if len(rows) >= 2 and len(rows) == len(parts) else None


# A total named for one kind of money ("利息合计", "Total Interest") sums the rows of that kind,
# not a row named for another kind listed among them ("本金 | 12,000,000.00" between the interest
# periods and the interest total). A row named by a bare word with no period or ordinal in it
# (本金, Principal, Deposit) is another kind; "第一期", "Year 1", "Phase 2" rows are the kind's.
_KIND_TOTAL = re.compile(
    r"^(?P<zh>[\u4e00-\u9fff]{2,6})(?:合计|总计|总额)$|^total\s+(?P<en>[a-z][a-z ]{2,30})$"
    r"|^(?P<en2>[a-z][a-z ]{2,30}?)\s+total$",
    re.I,
)
_BARE_KIND = re.compile(r"^(?:[\u4e00-\u9fff]{2,6}|[A-Za-z][A-Za-z ]{2,30})$")
_ORDINAL = re.compile(
    r"[第期年月日季度一二三四五六七八九十\d]|\b(?:year|month|quarter|phase|stage|period|instal)",
    re.I,
)


def _own_kind_rows(label: str, data: list[list[Cell]]) -> list[list[Cell]] | None:
    """The rows a total named for one kind sums, when other kinds' rows stand among them."""
    m = _KIND_TOTAL.match(label.strip())
    if m is None:
        return None
    kind = (m.group("zh") or m.group("en") or m.group("en2") or "").strip().lower()
    other = [
        r for r in data
        if _BARE_KIND.match(row_label(r).strip()) and not _ORDINAL.search(row_label(r))
        and kind not in row_label(r).lower() and row_label(r).strip().lower() not in kind
    ]  # fmt: skip
    return [r for r in data if r not in other] if other and len(other) < len(data) else None


def _row_totals(ctx: RuleContext, table: list[list[Cell]], params: TableParams) -> Iterator[Hit]:
    header = table[0]
    if not header or header[-1].value is not None or not _TOTAL_COLUMN.search(header[-1].text):
        return
    for row in table[1:]:
        if len(row) != len(header) or is_total_row(row):
            continue
        last = row[-1]
        parts = [c for c in row[1:-1] if c.value is not None and c.percent == last.percent]
        if last.value is None or len(parts) < params.min_rows:
            continue
        computed = sum(c.value for c in parts if c.value is not None)
        if _is_product(last.value, parts, params.tolerance):
            continue  # a value column: unit price x quantity (per 1,000 units), not a row sum
        if off_by_more_than(last.value, computed, params.allowed(last)):
            yield _hit(ctx, last, computed)
            return


def _is_product(value: float, parts: list[Cell], tolerance: float) -> bool:
    """Two or three of the row's figures multiply to it: unit price x quantity, or "2 台 x
    36,000 元/台·月 x 6 个月" in an equipment hire's subtotal."""
    figures = [c.value for c in parts if c.value is not None]
    products = [a * b for a, b in combinations(figures, 2)]
    products += [a * b * c for a, b, c in combinations(figures, 3)]
    return any(
        not off_by_more_than(value, product * scale, tolerance)
        for product in products
        for scale in (1.0, 1000.0, 0.001, 100.0, 0.01)
    )


def _hit(ctx: RuleContext, cell: Cell, computed: float) -> Hit:
    """``cell.start`` is an offset of the document's text; the span is made in view offsets."""
    shown = f"{computed:,.2f}".rstrip("0").rstrip(".")
    line_end = ctx.document.text.find("\n", cell.start)
    end = (
        cell.start + len(cell.text) if line_end < 0 else min(cell.start + len(cell.text), line_end)
    )
    span = ctx.span(ctx.view_offset(cell.start), ctx.view_offset(end))
    return Hit(span, {"stated": cell.text, "computed": shown})


# a column of money, not of unit prices: "Amount (RMB)", "金额（元）", "总价", "Line Total"
_MONEY_COLUMN = re.compile(r"金额|价款|总价|合价|Amount|Total|Value|Price|Sum", re.I)
_UNIT_COLUMN = re.compile(r"单价|Unit|Rate|per\b|%|比例|Share", re.I)
# a total stated before or apart from tax, or the tax itself, is not the price stated again
_TAX_LABEL = re.compile(
    r"不含税|未税|税前|税额|增值税|\bexcl|\bnet\b|before tax|\bVAT\b(?! incl)", re.I
)
# VAT rates and 万元 columns: the same price shown another way
_SAME_PRICE_FACTORS = (1.0, 1.03, 1.06, 1.09, 1.13, 1 / 1.03, 1 / 1.06, 1 / 1.09, 1 / 1.13)
_SCALES = (1.0, 10_000.0)
_RENT = re.compile(r"租金|\brent\b|\blease payments?\b", re.I)


@check("table_total_vs_price", TableParams, fields=("stated", "price"))
def table_total_vs_price(ctx: RuleContext, params: TableParams) -> Iterator[Hit]:
    """A price table's total row that is not the contract price the text states ("the total
    price is RMB 941,000.00" against a schedule totalling 914,000.00)."""
    totals = stated_totals(ctx)
    values = {round(float(t.value), 2) for t in totals if isinstance(t.value, int | float)}
    if len(values) != 1:
        return  # no price stated, or stated twice differently (total_restated reports that)
    price = values.pop()
    if any(_RENT.search(ctx.entity_sentence(t)) for t in totals):
        return  # a rent total is not the price of the things a table lists (a finance lease)
    text = ctx.document.text
    grand = [cell for table in pipe_tables(text) for cell in grand_totals(table)]
    grand += [cell for listed in colon_lists(text) for cell in grand_totals(listed, column=1)]
    if len(grand) != 1:
        return  # several priced tables (rooms and meeting rooms, equipment and rent): parts
    cell = grand[0]
    assert cell.value is not None
    if off_by_more_than(cell.value, price, params.allowed(cell)) and not same_price(
        cell.value, price
    ):
        if _price_in_total_row(list(pipe_tables(text)), cell, price):
            return  # "Total | 100% | £486,000 | £97,200 | £583,200": the price before VAT is there
        hit = _hit(ctx, cell, price)
        yield Hit(hit.span, {"stated": cell.text, "price": totals[0].text}, (totals[0].span,))


def _price_in_total_row(tables: list[list[list[Cell]]], cell: Cell, price: float) -> bool:
    """Another money cell of the total row holds the price (a table with columns before and
    after VAT, whose last column is the gross)."""
    for table in tables:
        for row in table:
            if any(c.start == cell.start for c in row):
                return any(
                    c.start != cell.start and c.value is not None and not c.percent
                    and abs(float(c.value) - price) <= 0.01
                    for c in row
                )  # fmt: skip
    return False


def grand_totals(table: list[list[Cell]], column: int | None = None) -> list[Cell]:
    """The money figure of each total row (not a subtotal, not a tax line) of a table; a list
    of "label: figure" lines has no header and its figures in ``column``."""
    listed = column is not None
    column = column if listed else money_column(table[0])
    if column is None:
        return []
    found: list[Cell] = []
    for row in table if listed else table[1:]:
        label = row_label(row)
        if (
            not is_total_row(row)
            or _SUBTOTAL_ROW.search(label)
            or _TAX_LABEL.search(label)
            or _PART_TOTAL.search(label)
        ):
            continue
        cell = row[column] if column < len(row) else None
        if cell is not None and cell.value is not None and not cell.percent:
            found.append(cell)
    return found


def same_price(shown: float, price: float) -> bool:
    """The table shows the price in 万元, or before VAT: equal to the yuan once scaled or taxed
    (a taxed figure rounds to the unit, so a chance near-match at 3% is not taken for VAT)."""
    return any(
        abs(shown * scale * factor - price) <= 1.0
        for scale in _SCALES
        for factor in _SAME_PRICE_FACTORS
    )


def money_column(header: list[Cell]) -> int | None:
    """The last header cell that names an amount of money (not a unit price)."""
    found = [
        j for j, c in enumerate(header)
        if c.value is None and _MONEY_COLUMN.search(c.text) and not _UNIT_COLUMN.search(c.text)
    ]  # fmt: skip
    return found[-1] if found else None
