"""A named sum paid by a table that does not add up to it: 'a fixed fee of forty-eight thousand
pounds (£48,000) (the "Discovery Fee"), payable in the instalments set out in Part A of Schedule
3' while the table under "Part A - Discovery Fee" lists £14,400 + £19,200 + £12,000 = £45,600.

The heading ties the table to the sum: the table stands right under a heading that names one sum
the contract defines with a figure, and has no total row of its own (a total row is
``table_total_mismatch``'s matter). A column of every row's amount that adds up to the sum, in
any money column, settles it; a column headed as VAT-inclusive is not compared.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.model import Entity
from pipeline.rules_engine.checks_named_shares import DERIVED_FROM
from pipeline.rules_engine.checks_tables import is_total_row, off_by_more_than
from pipeline.rules_engine.computed_totals import MONEY_TOLERANCE
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import Cell, pipe_tables, two_column_tables
from pipeline.rules_engine.registry import Hit, NoParams, check

# '(£48,000) (the "Discovery Fee")': the name defined right after its figure
_DEFINED_AFTER = re.compile(
    r"^\s*\)?[^.;()]{0,40}\((?:the\s+)?[\"“](?P<name>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,4})[\"”]\)"
)
# '"Licence Fee" means £85,000' / 'the "Licence Fee" of £85,000'
_DEFINED_BEFORE = re.compile(
    r"[\"“](?P<name>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,4})[\"”]\s*(?:means|shall mean|of|is)\s+"
    r"(?:the (?:sum|amount) of\s+)?(?:[A-Z]{3}\s?|US\$|£|\$|€)?\s*$"
)
_GROSS_COLUMN = re.compile(r"\bincl|\binclusive\b|\bgross\b|\bVAT\b(?!\))|\btax\b|含税|税额", re.I)
_NET_COLUMN = re.compile(r"\bexcl|\bexclusive\b|\bnet\b|不含税", re.I)
_HEADING_LINES = 3


def _defined_sums(ctx: RuleContext) -> dict[str, Entity]:
    """Each sum the contract names in a definition, by name; a name defined twice is dropped."""
    found: dict[str, Entity] = {}
    twice: set[str] = set()
    for e in ctx.of_kind("amount"):
        if not isinstance(e.value, float) or e.attrs.get("form") not in (None, "figure"):
            continue
        start, end = ctx.view_offset(e.span.start), ctx.view_offset(e.span.end)
        m = _DEFINED_AFTER.match(ctx.text[end : end + 80]) or _DEFINED_BEFORE.search(
            ctx.text[max(0, start - 80) : start]
        )
        if m is None:
            continue
        name = m.group("name")
        if name in found and found[name].value != e.value:
            twice.add(name)
        found.setdefault(name, e)
    return {n: e for n, e in found.items() if n not in twice}


def _heading(text: str, table: list[list[Cell]]) -> str:
    """The nearest line above the table's header that is not blank."""
    at = text.rfind("\n", 0, table[0][0].start)
    for _ in range(_HEADING_LINES):
        if at <= 0:
            return ""
        start = text.rfind("\n", 0, at) + 1
        line = text[start:at].strip()
        if line:
            return "" if "|" in line else line
        at = start - 1
    return ""


def _money_columns(table: list[list[Cell]]) -> list[tuple[Cell, list[Cell]]]:
    """Each column after the first whose every body row holds a non-percent figure."""
    header, body = table[0], table[1:]
    width = min(len(r) for r in table)
    columns = []
    for j in range(1, width):
        cells = [r[j] for r in body]
        if (
            all(c.value is not None and not c.percent for c in cells)
            and max(c.value or 0.0 for c in cells) >= 100
        ):
            columns.append((header[j], cells))
    return columns


@check("named_sum_table_mismatch", NoParams, fields=("name", "stated", "computed"))
def named_sum_table_mismatch(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """A table headed by a defined sum's name whose amounts do not add up to that sum."""
    sums = _defined_sums(ctx)
    if not sums:
        return
    text = ctx.document.text
    for table in pipe_tables(text):
        if len(table) < 3 or any(is_total_row(r) for r in table):
            continue
        heading = _heading(text, table)
        named = [n for n in sums if re.search(rf"\b{re.escape(n)}\b", heading)]
        if len(named) != 1:
            continue
        total = sums[named[0]]
        columns = [
            (head, cells) for head, cells in _money_columns(table)
            if _NET_COLUMN.search(head.text) or not _GROSS_COLUMN.search(head.text)
        ]  # fmt: skip
        if not columns or not isinstance(total.value, float):
            continue
        sums_of = [sum(c.value or 0.0 for c in cells) for _, cells in columns]
        if any(not off_by_more_than(total.value, s, MONEY_TOLERANCE) for s in sums_of):
            continue
        cells = columns[0][1]
        start = ctx.view_offset(cells[-1].start)
        yield Hit(
            ctx.span(start, start + len(cells[-1].text)),
            {"name": named[0], "stated": total.text, "computed": f"{sums_of[0]:,.2f}"},
            (total.span,),
        )
        return


# "a booking deposit of 20 per cent. of the Hire Fee": a sum named by a share of a defined sum
_EN_SHARE_NAMED = re.compile(
    r"\b(?:an?|the)\s+(?P<name>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+"
    r"(?:of|equal to|amounting to)\s+(?:[a-z-]+\s+)?\(?\s*(?P<pct>\d+(?:\.\d+)?)\s*\)?\s*"
    r"(?:%|per ?cent\.?)\s*\)?\s+of\s+(?:the\s+)?"
    r"(?P<base>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,4})"
)


def _row_figure(text: str, name: str) -> Cell | None:
    """The first money cell of the one table row whose label is ``name`` (any case)."""
    rows = [
        row for table in pipe_tables(text) for row in table[1:]
        if row[0].text.strip().casefold() == name.casefold()
    ]  # fmt: skip
    if len(rows) != 1:
        return None
    return next((c for c in rows[0][1:] if c.value is not None and not c.percent), None)


@check("share_row_mismatch", NoParams, fields=("name", "share", "base", "expected", "stated"))
def share_row_mismatch(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """A sum the text fixes as a share of a defined sum, given another figure in its table row."""
    if ctx.language == "zh":
        return
    sums = _defined_sums(ctx)
    for m in _EN_SHARE_NAMED.finditer(ctx.text):
        base = sums.get(m.group("base"))
        cell = _row_figure(ctx.document.text, m.group("name"))
        if base is None or cell is None or not isinstance(base.value, float) or not cell.value:
            continue
        expected = float(m.group("pct")) / 100 * base.value
        if not off_by_more_than(expected, cell.value, MONEY_TOLERANCE):
            continue
        start = ctx.view_offset(cell.start)
        yield Hit(
            ctx.span(start, start + len(cell.text)),
            {"name": m.group("name"), "share": f"{m.group('pct')}%", "base": base.text,
             "expected": f"{expected:,.2f}", "stated": cell.text},
            (ctx.span(m.start(), m.end()),),
        )  # fmt: skip
        return


# a row that says how its figure is made: "Annual Fixed Charge (12 x Fixed Monthly Charge) |
# 61,380.00"
_ROW_FORMULA = re.compile(
    r"\(\s*(?P<n>\d+(?:\.\d+)?)\s*[x×*]\s*(?:the\s+)?(?P<name>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,4})\s*\)"
)


def _text_before(ctx: RuleContext, e: Entity, width: int) -> str:
    start = ctx.view_offset(e.span.start)
    return ctx.text[max(0, start - width) : start]


def _named_figure(ctx: RuleContext, name: str) -> Entity | None:
    """The one figure the contract gives ``name``: its definition, or "the {name} of £5,265.00"."""
    defined = _defined_sums(ctx).get(name)
    if defined is not None:
        return defined
    stated = re.compile(
        rf"\b{re.escape(name)}\s+(?:of|is|shall be|:)\s*(?:[A-Z]{{3}}\s?|US\$|£|\$|€)?\s*$"
    )
    found = []
    for e in ctx.of_kind("amount"):
        if not isinstance(e.value, float) or e.attrs.get("form") not in (None, "figure"):
            continue
        before = _text_before(ctx, e, 120)
        m = stated.search(before)
        if m and not DERIVED_FROM.search(before[: m.start()]):
            found.append(e)
    return found[0] if len({e.value for e in found}) == 1 else None


@check("row_formula_mismatch", NoParams, fields=("label", "stated", "expected"))
def row_formula_mismatch(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """A schedule row's figure that is not what its own label says it is (N x a named sum)."""
    if ctx.language == "zh":
        return
    text = ctx.document.text
    for table in [*pipe_tables(text), *two_column_tables(text)]:
        for row in table:
            m = _ROW_FORMULA.search(row[0].text)
            cell = next((c for c in row[1:] if c.value is not None and not c.percent), None)
            base = _named_figure(ctx, m.group("name")) if m else None
            if m is None or cell is None or base is None or not isinstance(base.value, float):
                continue
            expected = float(m.group("n")) * base.value
            if not off_by_more_than(expected, float(cell.value or 0.0), MONEY_TOLERANCE):
                continue
            start = ctx.view_offset(cell.start)
            yield Hit(
                ctx.span(start, start + len(cell.text)),
                {"label": row[0].text.strip(), "stated": cell.text, "expected": f"{expected:,.2f}"},
                (base.span,),
            )
            return


# "an annual fixed service fee of RMB 216,000": a yearly sum, named
_EN_ANNUAL = re.compile(
    r"\b(?:an?|the)\s+(?:annual|yearly)\s+(?P<name>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+of\s+$"
)
_PER_PERIOD = (
    (12, re.compile(r"\bper (?:calendar )?month\b|\bmonthly\b|/\s*month\b|每月|/月", re.I)),
    (4, re.compile(r"\bper quarter\b|\bquarterly\b|/\s*quarter\b|每季|/季", re.I)),
)


def _periods_a_year(row: list[Cell]) -> int | None:
    said = " ".join(c.text for c in row[1:])
    return next((n for n, words in _PER_PERIOD if words.search(said)), None)


@check("periodic_row_vs_annual", NoParams, fields=("name", "annual", "stated", "expected"))
def periodic_row_vs_annual(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """A yearly sum whose schedule row gives a monthly (or quarterly) figure that does not make
    it: "an annual fixed service fee of RMB 216,000" and "Fixed service fee | per month |
    16,000"."""
    if ctx.language == "zh":
        return
    text = ctx.document.text
    rows = [row for table in pipe_tables(text) for row in table[1:]]
    for e in ctx.of_kind("amount"):
        if not isinstance(e.value, float) or e.attrs.get("form") not in (None, "figure"):
            continue
        m = _EN_ANNUAL.search(_text_before(ctx, e, 80))
        if m is None:
            continue
        named = [r for r in rows if r[0].text.strip().casefold() == m.group("name").casefold()]
        if len(named) != 1:
            continue
        periods = _periods_a_year(named[0])
        cell = next((c for c in named[0][1:] if c.value is not None and not c.percent), None)
        if periods is None or cell is None or cell.value is None:
            continue
        expected = e.value / periods
        if not off_by_more_than(expected, cell.value, MONEY_TOLERANCE):
            continue
        start = ctx.view_offset(cell.start)
        yield Hit(
            ctx.span(start, start + len(cell.text)),
            {"name": m.group("name"), "annual": e.text, "stated": cell.text,
             "expected": f"{expected:,.2f}"},
            (e.span,),
        )  # fmt: skip
        return
