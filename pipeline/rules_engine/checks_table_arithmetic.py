"""A table's own arithmetic, learned from its rows: where most rows obey one relation between
their columns (net + VAT = gross, quantity x unit price = amount) and a row does not, that row
is wrong, whatever the columns are called. Likewise a total row that adds up its columns in
some columns but not in another.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from pipeline.rules_engine.checks_tables import is_total_row
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import Cell, pipe_tables
from pipeline.rules_engine.registry import Hit, NoParams, check


@dataclass(frozen=True)
class _Relation:
    target: int
    left: int
    right: int
    op: str  # "+" or "x"

    def computed(self, row: dict[int, float]) -> float:
        a, b = row[self.left], row[self.right]
        return a + b if self.op == "+" else a * b

    def involves(self, row: dict[int, float]) -> bool:
        """The row holds all three figures, none of them one that proves nothing (0 + x = x,
        1 x x = x)."""
        cols = (self.target, self.left, self.right)
        if not all(c in row for c in cols) or any(row[c] == 0 for c in cols):
            return False
        return self.op == "+" or 1 not in (row[self.left], row[self.right])


def _figures(row: list[Cell]) -> dict[int, float]:
    return {i: c.value for i, c in enumerate(row) if c.value is not None and not c.percent}


def _holds(rel: _Relation, row: dict[int, float]) -> bool:
    return abs(rel.computed(row) - row[rel.target]) <= 0.011 + 1e-9 * abs(row[rel.target])


def _relations(width: int) -> Iterator[_Relation]:
    for target, (left, right) in (
        (t, pair) for t in range(width) for pair in combinations(range(width), 2) if t not in pair
    ):
        yield _Relation(target, left, right, "+")
        yield _Relation(target, left, right, "x")


_HIDDEN = re.compile(r"^\s*\d[\d,.]*\s*[^\d\s,.]")
_DATE = re.compile(r"^\s*(?:\d{4}\s*[年/-]|\d{1,2}\s*[月/-]|\d{1,2}\s+[A-Z][a-z]+)")


def _texty(cell: Cell) -> bool:
    """A number with words after it ("10（扣除免租期2个月）", "6 units"): a factor the
    arithmetic cannot read, so a row or column holding one proves nothing. A serial number
    ("NV85-24117") is no such factor."""
    hidden = cell.value is None and _HIDDEN.match(cell.text) is not None
    return hidden and not _DATE.match(cell.text)


def _row_breaks(table: list[list[Cell]]) -> Iterator[tuple[list[Cell], _Relation, float]]:
    rows = [(r, _figures(r)) for r in table if not any(_texty(c) for c in r)]
    width = max((len(r) for r in table), default=0)
    best: tuple[int, int, _Relation] | None = None
    for rel in _relations(width):
        involved = [f for _, f in rows if rel.involves(f)]
        ok = sum(_holds(rel, f) for f in involved)
        if ok >= 2 and (best is None or ok > best[0]):
            best = (ok, len(involved) - ok, rel)
    if best is None or not best[1] or best[0] < 2 * best[1]:
        return
    rel = best[2]
    for row, figures in rows:
        if rel.involves(figures) and not _holds(rel, figures) and not _third_factor(rel, figures):
            yield row, rel, rel.computed(figures)


def _third_factor(rel: _Relation, figures: dict[int, float]) -> bool:
    """Another figure of the row completes the sum or the product ("6 units | 6,500 per unit
    per week | 12 | 468,000": the other rows hold 1 unit, so they hid the third factor)."""
    target = figures[rel.target]
    computed = rel.computed(figures)
    others = [v for c, v in figures.items() if c not in (rel.target, rel.left, rel.right)]
    joined = [computed * v if rel.op == "x" else computed + v for v in others]
    return any(abs(j - target) <= 0.011 + 1e-9 * abs(target) for j in joined)


def _column_breaks(table: list[list[Cell]]) -> Iterator[tuple[Cell, float]]:
    """A total row that sums its other columns but not this one."""
    block: list[dict[int, float]] = []
    unreadable: set[int] = set()
    for row in table:
        figures = _figures(row)
        if not is_total_row(row):
            block.append(figures)
            unreadable |= {i for i, c in enumerate(row) if _texty(c)}
            continue
        sums = {c: sum(f[c] for f in block if c in f) for c in figures}
        counted = {c: sum(c in f for f in block) * (c not in unreadable) for c in figures}
        good = [c for c in figures if counted[c] >= 2 and abs(sums[c] - figures[c]) <= 0.011]
        if good:
            for c in figures:
                if counted[c] >= 2 and c not in good and 0.5 < sums[c] / figures[c] < 1.5:
                    yield row[c], sums[c]
        block, unreadable = [], set()


@check("table_arithmetic_breaks", NoParams, fields=("row", "computed"))
def table_arithmetic_breaks(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """'Contract Year 2 | £510,000 | £102,000 | £622,000' where every other row's third figure
    is the sum of the first two; or a total row that adds up in every column but one."""
    del params
    for table in pipe_tables(ctx.text):
        breaks = [(row, row[rel.target], computed) for row, rel, computed in _row_breaks(table)]
        for cell, computed in _column_breaks(table):
            breaks.append((next(r for r in table if cell in r), cell, computed))
        seen: set[int] = set()
        for row, cell, computed in breaks:
            if cell.start in seen:
                continue
            seen.add(cell.start)
            yield Hit(
                ctx.span(cell.start, cell.start + len(cell.text)),
                {"row": " | ".join(c.text for c in row), "computed": f"{computed:,.2f}"},
            )
