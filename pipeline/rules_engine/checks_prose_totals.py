"""A total the text states for what a schedule lists, against the schedule's own total row:
"转让的应收账款票面金额合计为人民币壹仟贰佰伍拾叁万元整（¥12,530,000.00）" while 附件一's 合计 row
in its 票面金额 column reads 12,350,000.00; "the Receivables listed in Schedule 1 in an aggregate
face amount of US$4,860,000" against a Schedule 1 total of US$4,680,000. Which figure binds is
uncertain (民法典 510-511; at common law, construction of inconsistent terms).

The contract price has its own check (table_total_vs_price); this one reads any total that names
the schedule or the column it totals, whatever the sum is of.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.model import Entity
from pipeline.rules_engine.checks_tables import (
    TableParams,
    grand_totals,
    money_column,
    off_by_more_than,
    same_price,
)
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import Cell, pipe_tables
from pipeline.rules_engine.registry import Hit, check

# the amount is said to be a total: "合计为人民币", "in an aggregate face amount of", "totalling"
_SAID_TOTAL = re.compile(
    r"(?:合计|总计|共计|总额|合计金额)(?:为|是|：|:)?\s*(?:人民币|RMB|CNY)?\s*$"
    r"|\b(?:in (?:the |an )?aggregate(?: [a-z]+){0,2}(?: amount)? of|totall?ing|(?:a|the) total"
    r"(?: [a-z]+){0,2} of|aggregating)\s*(?:US\$|USD|RMB|CNY|£|€|\$)?\s*$",
    re.I,
)
# the sentence names a schedule: "附件一所列", "listed in Schedule 1"
_NAMES_SCHEDULE = re.compile(r"附件|附表|清单|明细表|\b(?:Schedule|Annex|Appendix|Exhibit)\b")
_BRACKETED = re.compile(r"[（(][^）)]*[）)]")


def _column_noun(header: Cell) -> str:
    """ "票面金额（人民币元）" -> "票面金额": the header without its unit."""
    return _BRACKETED.sub("", header.text).strip()


def _said_totals(ctx: RuleContext) -> list[Entity]:
    found = []
    for e in ctx.of_kind("amount"):
        at = ctx.view_offset(e.span.start)
        if "|" in ctx.text[ctx.row_start(at) : at] or not isinstance(e.value, int | float):
            continue
        if _SAID_TOTAL.search(ctx.text[max(0, at - 40) : at]):
            found.append(e)
    return found


@check("schedule_total_restated", TableParams, fields=("stated", "schedule_total", "column"))
def schedule_total_restated(ctx: RuleContext, params: TableParams) -> Iterator[Hit]:
    """A prose total of a schedule's column that differs from the schedule's total row."""
    tables = [t for t in pipe_tables(ctx.text) if len(t) > 2]  # view offsets
    columns: list[tuple[str, Cell]] = []
    for table in tables:
        j = money_column(table[0])
        if j is None:
            continue
        columns += [(_column_noun(table[0][j]), cell) for cell in grand_totals(table)]
    if len(columns) != 1:
        return  # no schedule total, or several: which one the text means is not known
    noun, cell = columns[0]
    assert cell.value is not None
    for stated in _said_totals(ctx):
        sentence = ctx.entity_sentence(stated)
        if not (_NAMES_SCHEDULE.search(sentence) or (len(noun) >= 2 and noun in sentence)):
            continue
        value = float(stated.value)  # type: ignore[arg-type]
        if off_by_more_than(value, cell.value, params.allowed(cell)) and not same_price(
            cell.value, value
        ):
            yield Hit(
                stated.span,
                {"stated": stated.text, "schedule_total": cell.text, "column": noun},
                (ctx.span(cell.start, cell.start + len(cell.text)),),
            )
            return
