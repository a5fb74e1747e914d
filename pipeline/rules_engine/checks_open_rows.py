"""A schedule row that leaves a main term open (民法典 470, 510; an agreement to agree).

The body sends the reader to a schedule for the price, a royalty rate or a share of costs, and
the schedule's row says it is to be agreed later or leaves a blank: "提成比例 | 由双方…另行协商
确定", "第三阶段 | 另行协商确定" under a fee column, "Tenant's Proportionate Share | [  ]% - to be
settled". Only a row whose label, column or table names a main term counts, and a lawful
deferral (extra work, a renewal, an option) is left alone. A row that only sends the reader back
to the clause that sent them here ("Subscription Fee | the annual charge payable under clause 6",
clause 6 saying "the amount set out in Schedule 2") is as open: the figure is in neither place.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import Field

from pipeline.entities.clause_refs import clause_refs
from pipeline.rules_engine.checks_annexes import ANNEX_REF
from pipeline.rules_engine.checks_deferred_terms import FIGURE_HERE
from pipeline.rules_engine.checks_essentials import fixed_near
from pipeline.rules_engine.checks_patterns import regex
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import Cell, pipe_tables, two_column_tables
from pipeline.rules_engine.registry import Hit, Params, check

# a blank left to fill in: "[  ]%", "【  】", "____", "（ ）"; a redaction ("[***]") is no blank
_BLANK = re.compile(r"\[\s*\]|【\s*】|_{3,}|＿{2,}|[（(]\s+[）)]")
_BLANK_REACH = 24
# a blank with a unit after it ("______%") is a figure to fill, whatever else the cell says
_FIGURE_SLOT = re.compile("(?:" + _BLANK.pattern + ")" + r"\s*(?:%|％|‰|万?元|per ?cent)", re.I)
_SIGNING = re.compile(r"签字|签章|盖章|签名|代表|seal|sign|representative|witness", re.I)
_WORDS = re.compile(r"[A-Za-z]{2,}|[\u4e00-\u9fff]")


class OpenRowParams(Params):
    defer: str = Field(description="regex: the cell leaves the value to later agreement")
    term: str = Field(description="regex: a main term's name, in the row's label or column")
    unless: list[str] = Field(
        default_factory=list,
        description="regexes on the row's label and cell: a lawful deferral (extra work, renewal)",
    )


def _fixed_in_another_row(tables: list[list[list[Cell]]], row: list[Cell], column: int) -> bool:
    """Another row with the same label gives the column a figure (a table restated)."""
    label = row[0].text
    return any(
        other is not row and other[0].text == label and column < len(other)
        and other[column].value is not None
        for table in tables for other in table[1:]
    )  # fmt: skip


def _masked(text: str, cell: Cell) -> str:
    line_start = text.rfind("\n", 0, cell.start) + 1
    line_end = text.find("\n", cell.start)
    line_end = len(text) if line_end < 0 else line_end
    return text[:line_start] + " " * (line_end - line_start) + text[line_end:]


def _no_figure_in(row: list[Cell]) -> bool:
    return all(c.value is None and not FIGURE_HERE.search(c.text) for c in row[1:])


def _points_back(ctx: RuleContext, cell: Cell) -> bool:
    """The cell names a clause whose sentences refer to an annex or schedule for a sum, and none
    of those sentences states a figure: each sends the reader to the other."""
    numbers = clause_refs(cell.text)
    if not numbers:
        return False
    annex_ref = ANNEX_REF["zh" if ctx.language == "zh" else "en"]
    for clause in ctx.clauses:
        if clause.number not in numbers:
            continue
        start, end = ctx.view_offset(clause.span.start), ctx.view_offset(clause.span.end)
        inside = [s for s in ctx.sentences if start <= s.start < end]
        referring = [s for s in inside if annex_ref.search(s.text)]
        if referring and not any(FIGURE_HERE.search(s.text) for s in referring):
            return True
    return False


@check("open_schedule_row", OpenRowParams, fields=("term", "row"))
def open_schedule_row(ctx: RuleContext, params: OpenRowParams) -> Iterator[Hit]:
    """A schedule row whose main-term value is left to later agreement or blank."""
    defer, term = regex(params.defer), regex(params.term)
    unless = [regex(p) for p in params.unless]
    text = ctx.document.text
    tables = [*pipe_tables(text), *two_column_tables(text)]
    for table in tables:
        header = table[0]
        for row in table[1:]:
            if not _WORDS.search(row[0].text):
                continue  # a blank form's row ("____ | ____ | ____"): nothing agreed yet
            for j, cell in enumerate(row[1:], start=1):
                if cell.value is not None or FIGURE_HERE.search(cell.text):
                    continue
                # a blank fills the cell ("[  ]%"); a signature line's blank is no term
                head = cell.text[:_BLANK_REACH]
                blank = _FIGURE_SLOT.search(head) or (
                    _BLANK.search(head) and not _SIGNING.search(cell.text)
                )
                circular = _no_figure_in(row) and _points_back(ctx, cell)
                if not (defer.search(cell.text) or blank or circular):
                    continue
                said = f"{row[0].text} {cell.text}"
                if any(p.search(said) for p in unless):
                    continue
                in_label = term.search(row[0].text)
                named = in_label or (term.search(header[j].text) if j < len(header) else None)
                if named is None or _fixed_in_another_row(tables, row, j):
                    continue
                if in_label and fixed_near(
                    _masked(text, cell), re.escape(row[0].text), ctx.language, FIGURE_HERE
                ):
                    continue
                start = ctx.view_offset(cell.start)
                name = row[0].text if in_label and len(row[0].text) <= 30 else named.group()
                yield Hit(
                    ctx.span(start, start + len(cell.text)),
                    {"term": name, "row": " | ".join(c.text for c in row)[:160]},
                )
                return
