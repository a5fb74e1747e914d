"""A sum whose clause says a schedule itemises it ("a monthly fixed charge of RMB 236,300 …
made up of the items listed in Part A of Schedule 2"), against what that schedule lists: its total
row, or, where it has none, the sum of its money column. Part of ``schedule_total_restated``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.model import Entity
from pipeline.rules_engine.checks_tables import (
    EMBEDDED_SUM,
    TableParams,
    is_total_row,
    off_by_more_than,
    row_label,
    same_price,
)
from pipeline.rules_engine.computed_totals import is_vat
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import Cell
from pipeline.rules_engine.registry import Hit
from pipeline.rules_engine.schedule_refs import (
    SAID_TOTAL,
    SCHEDULE_HEADING,
    SUBTOTAL,
    clause_around,
    column_noun,
    schedule_ids,
)

# the clause says a schedule itemises the sum: "各服务模块的费用构成详见附件三", "being the sum of
# the Minimum Annual Volumes multiplied by the Tolling Fees" (Schedule B), "as itemized in"
# "allocated among the Phases as set out in Schedule B": the schedule's rows share it out
_MADE_UP = re.compile(
    r"构成|组成|明细|分项|\bsum of\b|\bmade up of\b|\bitemi[sz]ed\b|\bbroken down\b|\bbreakdown\b"
    r"|\b(?:allocated|apportioned|split|divided)\s+(?:among|between|across)\b",
    re.I,
)
# "Part A of Schedule 2", "Schedule 2, Part A": which table of a schedule with several
_PART_OF = re.compile(
    r"\bPart\s+(?P<part>[A-Z\d]{1,3})\s+of\s+(?:the\s+)?(?:Schedule|Annex|Appendix|Exhibit)\b"
    r"|\b(?:Schedule|Annex|Appendix|Exhibit)\s+\w{1,3},?\s+Part\s+(?P<part2>[A-Z\d]{1,3})\b",
    re.I,
)
_PART_HEADING = re.compile(r"^\s*Part\s+(?P<part>[A-Z\d]{1,3})\b", re.I)
# a column whose every figure carries a currency is money, whatever its header ("Phase
# allocation | $1,150,000.00")
_CURRENCY = re.compile(r"US\$|RMB|CNY|USD|GBP|EUR|HK\$|[¥￥$£€]|元")
_MONEY_HEADER = re.compile(
    r"元|金额|价|费|租金|US\$|RMB|GBP|£|\$|\b(?:amount|total|fees?|charges?|price|rent|sum)\b",
    re.I,
)
_NEAR = 0.25  # a slip or a wrong row, not a sum of something else


def _money_totals(table: list[list[Cell]]) -> list[tuple[str, float]]:
    """(column, total) for each money column: its total row's figure, or, with no total row,
    the sum of a column every row fills."""
    header = table[0]
    body = [r for r in table[1:] if not is_total_row(r)]
    money = [
        j for j, c in enumerate(header)
        if j > 0 and c.value is None and not _UNIT_HEADER.search(c.text)
        and (_MONEY_HEADER.search(c.text) or _priced_in_every_row(body, j))
    ]  # fmt: skip
    totals = [r for r in table[1:] if is_total_row(r) and not SUBTOTAL.search(row_label(r))]
    out: list[tuple[str, float]] = []
    for j in money:
        noun = column_noun(header[j])
        if totals:
            out += [
                (noun, v) for r in totals
                if j < len(r) and (v := r[j].value) and not r[j].percent
            ]  # fmt: skip
            continue
        values = [r[j].value for r in body if j < len(r) and not r[j].percent]
        if len(body) >= 2 and len(values) == len(body) and all(values):
            out.append((noun, sum(v for v in values if v is not None)))
    return out


def _priced_in_every_row(body: list[list[Cell]], j: int) -> bool:
    cells = [r[j] for r in body if j < len(r)]
    return len(cells) == len(body) >= 2 and all(
        c.value is not None and not c.percent and _CURRENCY.search(c.text) for c in cells
    )


def _clause_agrees(ctx: RuleContext, stated: Entity, totals: list[float]) -> bool:
    return any(
        isinstance(e.value, int | float) and abs(float(e.value) - t) <= 0.01
        for e in ctx.of_kind("amount")
        if e.clause == stated.clause
        for t in totals
    )


def _lines_above(ctx: RuleContext, table: list[list[Cell]]) -> list[str]:
    """The document's lines in the 600 characters above the table, nearest first."""
    start = table[0][0].start
    return ctx.document.text[max(0, start - 600) : start].split("\n")[::-1]


def _written_title(ctx: RuleContext, table: list[list[Cell]]) -> str:
    """The schedule heading above a table read from the document's own lines."""
    return next((line for line in _lines_above(ctx, table) if SCHEDULE_HEADING.match(line)), "")


def _part_title(ctx: RuleContext, table: list[list[Cell]]) -> str:
    """The part of a schedule the table stands in ("Part A - Monthly Fixed Charge"): the
    nearest "Part …" line above it, unless a schedule heading comes first."""
    for line in _lines_above(ctx, table):
        if SCHEDULE_HEADING.match(line):
            return ""
        if m := _PART_HEADING.match(line):
            return m.group("part").upper()
    return ""


def _named_parts(clause: str) -> set[str]:
    return {(m.group("part") or m.group("part2")).upper() for m in _PART_OF.finditer(clause)}


# a schedule of lines, each a label and one sum ("第01期 支付日2026年01月15日 租金802,000.00")
_RATE_LINE = re.compile(r"单价|每|\bper\b|\bunit\b|/\s*(?:小时|hour|kg|吨|件|台|月)", re.I)


def listed_schedules(text: str) -> list[list[list[Cell]]]:
    """Each schedule written as lines of a label and one sum, as a two-column table under a
    header made of the schedule's heading ("附件二：租金支付表（单位：人民币元）")."""
    out: list[list[list[Cell]]] = []
    offset, heading = 0, None
    rows: list[list[Cell]] = []

    def close() -> None:
        if heading is not None and len(rows) >= 2:
            first = rows[0][0].start
            out.append([[Cell("", first, None, False), Cell(heading, first, None, False)], *rows])

    for line in text.split("\n"):
        if SCHEDULE_HEADING.match(line):
            close()
            heading, rows = line.strip(), []
        elif heading is not None and "|" not in line and not _RATE_LINE.search(line):
            sums = list(EMBEDDED_SUM.finditer(line))
            if len(sums) == 1 and re.search(r"[^\d\s.,]", line[: sums[0].start()]):
                m = sums[0]
                value = float(m.group().replace(",", ""))
                rows.append([Cell(line[: m.start()].strip(), offset, None, False),
                             Cell(m.group(), offset + m.start(), value, False)])  # fmt: skip
        offset += len(line) + 1
    close()  # the last schedule runs to the end of the text
    return out


def _names_a_money_column(table: list[list[Cell]], sentence: str) -> bool:
    nouns = [
        column_noun(c) for c in table[0]
        if c.value is None and _MONEY_HEADER.search(c.text) and not _UNIT_HEADER.search(c.text)
    ]  # fmt: skip
    return any(len(n) >= 3 and n in sentence for n in nouns)


_UNIT_HEADER = re.compile(r"单价|\bunit\b|\bper\b|每|/\s*(?:kg|吨|件|台|月)|%|比例|share", re.I)


def itemised_elsewhere(
    ctx: RuleContext, tables: list[list[list[Cell]]], params: TableParams
) -> Iterator[Hit]:
    """A sum whose clause says a named schedule itemises it, against that schedule's total (its
    total row, or its column's sum where it has none), when the two are near but not equal."""
    for stated in ctx.of_kind("amount"):
        at = ctx.view_offset(stated.span.start)
        if not isinstance(stated.value, int | float) or "|" in ctx.text[ctx.row_start(at) : at]:
            continue
        clause = clause_around(ctx, stated)
        named = schedule_ids(clause)
        if named and _MADE_UP.search(clause):
            chosen = [
                t for t in tables
                if named & schedule_ids(_written_title(ctx, t)) and _money_totals(t)
            ]  # fmt: skip
            parts = _named_parts(clause)
            if len(chosen) > 1 and parts:
                chosen = [t for t in chosen if _part_title(ctx, t) in parts]
        elif SAID_TOTAL.search(ctx.text[max(0, at - 40) : at]):
            # "各发布点位月发布费合计为…": the total of the one column its sentence names
            sentence = ctx.entity_sentence(stated)
            chosen = [t for t in tables if _names_a_money_column(t, sentence)]
        else:
            continue
        if len(chosen) != 1:
            continue
        value = float(stated.value)
        totals = _money_totals(chosen[0])
        if not totals or any(
            not off_by_more_than(value, t, params.money_tolerance)
            or same_price(t, value)
            or is_vat(t, value, 0.001)
            or is_vat(value, t, 0.001)
            for _, t in totals
        ):
            continue  # the schedule's total, before or after tax
        if any(abs((c.value or 0) - value) <= 0.01 for row in chosen[0] for c in row):
            continue  # one row's figure
        if _clause_agrees(ctx, stated, [t for _, t in totals]):
            continue  # "$130,650.00, consisting of $120,000.00 before tax and …": the clause
            # gives the schedule's total too; its other figures are parts of it
        near = [(noun, t) for noun, t in totals if abs(t - value) <= _NEAR * value]
        if len(near) == 1:
            noun, total = near[0]
            yield Hit(
                stated.span,
                {"stated": stated.text, "schedule_total": f"{total:,.2f}", "column": noun},
            )
            return
