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
    is_total_row,
    money_column,
    off_by_more_than,
    row_label,
    same_price,
)
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.itemised_sums import itemised_elsewhere, listed_schedules
from pipeline.rules_engine.pipe_tables import Cell, pipe_tables
from pipeline.rules_engine.registry import Hit, check
from pipeline.rules_engine.schedule_refs import (
    NAMES_SCHEDULE,
    SAID_TOTAL,
    SCHEDULE_HEADING,
    SUBTOTAL,
    clause_around,
    column_noun,
    schedule_ids,
)


def _table_title(ctx: RuleContext, table: list[list[Cell]]) -> str:
    """The schedule heading above the table ("附件二：实物出资设备清单", "SCHEDULE 2 - …"): the
    nearest line above it that starts with a schedule's name. A clause that merely mentions a
    schedule ("详见附件一") is no heading."""
    above = ctx.text[max(0, table[0][0].start - 600) : table[0][0].start].split("\n")
    return next((line for line in reversed(above) if SCHEDULE_HEADING.match(line)), "")


# a total before or after tax: "Total Initial Order (excl. VAT)", "exclusive of VAT", "含税总额"
_EXCL = re.compile(
    r"不含税|未税|税前|\bexcl|exclusive of (?:VAT|tax)|\bnet of (?:VAT|tax)|before (?:VAT|tax)",
    re.I,
)
_INCL = re.compile(r"含税|\bincl|inclusive of (?:VAT|tax)|including (?:VAT|tax)", re.I)


def _tax(text: str) -> str:
    return "excl" if _EXCL.search(text) else "incl" if _INCL.search(text) else ""


def _amount_tax(ctx: RuleContext, e: Entity) -> str:
    """ "RMB 7,200,000 (Seven Million … Yuan) exclusive of VAT", "含税设计费总额为…": the tax
    words around the amount, up to the next pause."""
    end = ctx.view_offset(e.span.end)
    after = re.split(r"[,，;；。]", ctx.text[end : end + 80], maxsplit=1)[0]
    start = ctx.view_offset(e.span.start)
    before = re.split(r"[,，;；。]", ctx.text[max(0, start - 24) : start])[-1]
    return _tax(after) or _tax(before)


def _schedule_totals(table: list[list[Cell]]) -> list[tuple[str, Cell]]:
    """(tax status, figure) of each total row of the table's money column."""
    j = money_column(table[0])
    found = []
    for row in table[1:] if j is not None else []:
        label = row_label(row)
        if not is_total_row(row) or SUBTOTAL.search(label) or j is None or j >= len(row):
            continue
        if row[j].value is not None and not row[j].percent:
            found.append((_tax(label), row[j]))
    return found


def _said_totals(ctx: RuleContext) -> list[Entity]:
    found = []
    for e in ctx.of_kind("amount"):
        at = ctx.view_offset(e.span.start)
        if "|" in ctx.text[ctx.row_start(at) : at] or not isinstance(e.value, int | float):
            continue
        if SAID_TOTAL.search(ctx.text[max(0, at - 40) : at]):
            found.append(e)
    return found


@check("schedule_total_restated", TableParams, fields=("stated", "schedule_total", "column"))
def schedule_total_restated(ctx: RuleContext, params: TableParams) -> Iterator[Hit]:
    """A prose total of a schedule's column that differs from the schedule's total row."""
    tables = [t for t in pipe_tables(ctx.text) if len(t) > 2]  # view offsets
    totalled = [(t, totals) for t in tables if (totals := _schedule_totals(t))]
    for stated in _said_totals(ctx):
        sentence = ctx.entity_sentence(stated)
        # the schedule may be named a sentence before ("其名称、规格、数量及作价详见附件二。…作价
        # 人民币伍拾万元整"): its clause says which
        clause = clause_around(ctx, stated)
        named = schedule_ids(sentence) or schedule_ids(clause)
        if named:
            chosen = [(t, c) for t, c in totalled if named & schedule_ids(_table_title(ctx, t))]
        else:
            chosen = totalled  # one totalled table in the contract, or none is meant
        if len(chosen) != 1:
            continue
        table, totals = chosen[0]
        j = money_column(table[0])
        assert j is not None
        noun = column_noun(table[0][j])
        if not (named or NAMES_SCHEDULE.search(sentence) or (len(noun) >= 2 and noun in sentence)):
            continue
        # before tax against before tax; a row that says nothing about tax meets any figure
        tax = _amount_tax(ctx, stated)
        same_basis = [c for t, c in totals if not t or not tax or t == tax]
        if len(same_basis) != 1:
            continue
        cell = same_basis[0]
        assert cell.value is not None
        value = float(stated.value)  # type: ignore[arg-type]
        if _SOME_ITEMS.search(_before_in_clause(ctx, stated)) or _a_row(table, j, value):
            continue  # "第1项、第2项…合计", "系统使用费…合同期内合计": a part, not the whole
        if _sums_the_figures_before(ctx, stated, value, cell.value):
            continue  # "已缴定金1,000元及第二期费用3,800元，共计4,800元": its own sum
        if off_by_more_than(value, cell.value, params.allowed(cell)) and not same_price(
            cell.value, value
        ):
            yield Hit(
                stated.span,
                {"stated": stated.text, "schedule_total": cell.text, "column": noun},
                (ctx.span(cell.start, cell.start + len(cell.text)),),
            )
            return
    # the document's own lines: the view joins a Chinese table's rows where a wrap cut them
    written = [t for t in pipe_tables(ctx.document.text) if len(t) > 2]
    yield from itemised_elsewhere(ctx, written + listed_schedules(ctx.document.text), params)


# the total is of some items only: "附件一第1项、第2项设备采购款合计", "Items 1 and 2 total"
_SOME_ITEMS = re.compile(
    r"第\s*[\d一二三四五六七八九十]+\s*(?:项|行)[^。；;]{0,30}$|其中[^。；;]{0,20}$"
    r"|\b(?:items?|lines?|rows?)\s+\d+\s*(?:,|and|to|through|-)\s*\d+[^.;]{0,40}$",
    re.I,
)


def _before_in_clause(ctx: RuleContext, e: Entity) -> str:
    """The text before the amount, back to the last pause that ends a part (；, ;, 。)."""
    at = ctx.view_offset(e.span.start)
    before = ctx.text[max(0, at - 80) : at]
    return re.split(r"[；;。]", before)[-1]


def _sums_the_figures_before(
    ctx: RuleContext, stated: Entity, value: float, column_total: float = 0.0
) -> bool:
    """The last two or more figures just before the total, in the same part, add up to it; or,
    with the schedule's column total, the last ones do ("定金86,400.00元…与上表实付金额合计为
    432,000.00元": the deposit and the column together)."""
    at = ctx.view_offset(stated.span.start)
    start = at - len(_before_in_clause(ctx, stated))
    parts = [
        float(e.value)
        for e in ctx.of_kind("amount")
        if start <= ctx.view_offset(e.span.start) < at and isinstance(e.value, int | float)
    ]
    if any(abs(sum(parts[-n:]) - value) <= 0.01 for n in range(2, len(parts) + 1)):
        return True
    return bool(column_total) and any(
        abs(sum(parts[-n:]) + column_total - value) <= 0.01 for n in range(1, len(parts) + 1)
    )


def _a_row(table: list[list[Cell]], j: int, value: float) -> bool:
    """One row of the column holds the figure: the text restates that item's amount, or a
    subtotal's ("小计 | 定作物价款 | … | 2,332,400.00" under a 合计 of the whole)."""
    figures = [
        row[j].value
        for row in table[1:]
        if j < len(row) and (not is_total_row(row) or SUBTOTAL.search(row_label(row)))
    ]
    return any(v is not None and abs(v - value) <= 0.01 for v in figures)


# "人民币2,200,000.00元（大写：…），即附件一所列预计年度运费（不含税）的80%", "US$480,000, being
# 80% of the estimated annual charges in Schedule 1": a sum said to be a share of a schedule's total
_ZH_SHARE_OF = re.compile(
    r"^[^。；]{0,24}?(?:即|为|系|相当于|占)(?P<base>[^。；，]{2,50}?)的\s*(?P<pct>\d+(?:\.\d+)?)\s*[%％]"
)
_EN_SHARE_OF = re.compile(
    r"^[^.;]{0,60}?\b(?:being|equal to|representing|which is)\s+(?P<pct>\d+(?:\.\d+)?)\s*"
    r"(?:%|per ?cent\.?)\s+of\s+(?:the\s+)?(?P<base>[^.;]{2,80})",
    re.I,
)
_TAX_WORDS = re.compile(r"[（(][^）)]*[）)]|\b(?:excl|incl)\w*\.?\s*(?:of\s+)?(?:VAT|tax)\b", re.I)


def _column_for(header: list[Cell], base: str) -> int | None:
    """The column the base names by its heading ("预计年度运费（不含税，元）" for "预计年度运费
    （不含税）"), on the same tax basis; None unless exactly one does."""
    tax = _tax(base)
    found = [
        j
        for j, cell in enumerate(header)
        if (noun := _TAX_WORDS.sub("", cell.text).strip())
        and len(noun) >= 2
        and noun.lower() in base.lower()
        and (not tax or _tax(cell.text) in ("", tax))
    ]
    return found[0] if len(found) == 1 else None


def _column_total(table: list[list[Cell]], j: int) -> Cell | None:
    totals = [
        row[j] for row in table[1:]
        if is_total_row(row) and not SUBTOTAL.search(row_label(row)) and j < len(row)
        and row[j].value is not None and not row[j].percent
    ]  # fmt: skip
    return totals[0] if len(totals) == 1 else None


@check("share_of_schedule_total", TableParams, fields=("stated", "share", "base", "expected"))
def share_of_schedule_total(ctx: RuleContext, params: TableParams) -> Iterator[Hit]:
    """A sum said to be a share of a schedule column's total that is not that share."""
    share_of = _ZH_SHARE_OF if ctx.language == "zh" else _EN_SHARE_OF
    tables = [t for t in pipe_tables(ctx.text) if len(t) > 2]
    for e in ctx.of_kind("amount"):
        if not isinstance(e.value, int | float):
            continue
        end = ctx.view_offset(e.span.end)
        m = share_of.match(ctx.text[end : end + 140])
        if m is None or not (named := schedule_ids(m.group("base"))):
            continue
        for table in tables:
            if not named & schedule_ids(_table_title(ctx, table)):
                continue
            j = _column_for(table[0], m.group("base"))
            total = _column_total(table, j) if j is not None else None
            if total is None or total.value is None:
                continue
            expected = float(m.group("pct")) / 100 * total.value
            if abs(float(e.value) - expected) > max(1.0, 0.001 * expected):
                yield Hit(
                    e.span,
                    {
                        "stated": e.text,
                        "share": f"{m.group('pct')}%",
                        "base": m.group("base").strip(),
                        "expected": f"{expected:,.2f}",
                    },
                    (ctx.span(total.start, total.start + len(total.text)),),
                )
                return
