"""Rows of a payment table whose share and amount disagree with the other rows: "30% | RMB
720,000", "45% | RMB 1,080,000" and "25% | RMB 720,000" put the whole at RMB 2.4 million twice
and at RMB 2.88 million once, so one instalment is wrong whatever the total row says.

The check reads figures, not wording: in each row that holds one percentage and one sum, the
sum divided by the share is the whole that row assumes. When every row but one (or a few)
assume the same whole, the rows that assume another are the contradiction. Tiered rates and
cumulative shares never agree on one whole, so they are never read as instalments.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.rules_engine.checks_tables import is_total_row, money_column, row_label
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import Cell, pipe_tables
from pipeline.rules_engine.registry import Hit, Params, check

_PERCENT = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d+)?)\s*[%％]")
_NUMBER = re.compile(r"\d")
# a tax, a discount or a rate row measures another base than the instalments
_OTHER_BASE = re.compile(
    r"税|折扣|利率|费率|违约金|滞纳金|罚息|VAT|\btax\b|discount|interest|rate\b|penalt|late", re.I
)
_AGREE = 0.003  # two rows assume the same whole when their wholes differ by under 0.3%
_MIN_ROWS = 3


def _share(cell: Cell) -> float | None:
    """The cell's one percentage ("25%", "合同总价的25%"), when it holds no other figure."""
    found = _PERCENT.findall(cell.text)
    if len(found) != 1:
        return None
    if _NUMBER.search(_PERCENT.sub("", cell.text)):
        return None
    share = float(found[0])
    return share if 0 < share < 100 else None


def _row_figures(row: list[Cell], column: int | None) -> tuple[Cell, float, Cell] | None:
    """The row's share cell, its share and its sum cell, when the row has exactly one of each."""
    shares = [(c, s) for c in row if (s := _share(c)) is not None]
    if len(shares) != 1:
        return None
    if column is not None:
        sums = [row[column]] if column < len(row) else []
    else:
        sums = [c for c in row if c.value is not None and not c.percent]
    sums = [c for c in sums if c.value is not None and not c.percent and c.value >= 100]
    if len(sums) != 1:
        return None
    return shares[0][0], shares[0][1], sums[0]


def _name(row: list[Cell]) -> str:
    """What the row is ("Third", "需求确认"): its first cell that is not a figure or a serial."""
    return next((c.text for c in row if c.text and c.value is None), row_label(row))


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= _AGREE * max(a, b)


@check("share_rows_disagree", Params, fields=("row", "share", "stated", "expected", "whole"))
def share_rows_disagree(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """A row whose sum is not its share of the whole that the table's other rows agree on."""
    for table in pipe_tables(ctx.document.text):
        column = money_column(table[0])
        rows = []
        for row in table[1:]:
            if is_total_row(row) or _OTHER_BASE.search(row_label(row)):
                continue
            figures = _row_figures(row, column)
            if figures is not None:
                rows.append((row, *figures))
        if len(rows) < _MIN_ROWS:
            continue
        wholes = [s.value / (share / 100) for _, _, share, s in rows if s.value is not None]
        best = max(wholes, key=lambda w: sum(_same(w, o) for o in wholes))
        agreeing = sum(_same(best, w) for w in wholes)
        outliers = len(wholes) - agreeing
        if agreeing < 2 or outliers == 0 or outliers * 3 > len(wholes):
            continue
        for (row, share_cell, share, sum_cell), whole in zip(rows, wholes, strict=True):
            if _same(best, whole):
                continue
            start = ctx.view_offset(min(share_cell.start, sum_cell.start))
            end_cell = max(share_cell, sum_cell, key=lambda c: c.start)
            end = ctx.view_offset(end_cell.start + len(end_cell.text))
            yield Hit(
                ctx.span(start, end),
                {
                    "row": _name(row),
                    "share": f"{share:g}%",
                    "stated": sum_cell.text,
                    "expected": f"{best * share / 100:,.2f}".rstrip("0").rstrip("."),
                    "whole": f"{best:,.2f}".rstrip("0").rstrip("."),
                },
            )
