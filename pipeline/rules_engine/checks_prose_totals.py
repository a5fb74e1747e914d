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
from pipeline.rules_engine.computed_totals import is_vat
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import Cell, pipe_tables
from pipeline.rules_engine.registry import Hit, check

# the amount is said to be a total: "合计为人民币", "in an aggregate face amount of", "totalling"
_SAID_TOTAL = re.compile(
    # "作价人民币伍拾万元整": what the listed things are valued at, all together
    r"(?:合计|总计|共计|总额|合计金额|作价)(?:为|是|：|:)?\s*(?:人民币|RMB|CNY)?\s*$"
    r"|\b(?:(?:in|at|for) (?:the |an )?aggregate(?: [a-z]+){0,2} of|totall?ing|(?:a|the) total"
    r"(?: [a-z]+){0,2} of|aggregating)\s*(?:US\$|USD|RMB|CNY|£|€|\$)?\s*$",
    re.I,
)
# the sentence names a schedule: "附件一所列", "listed in Schedule 1"
_NAMES_SCHEDULE = re.compile(r"附件|附表|清单|明细表|\b(?:Schedule|Annex|Appendix|Exhibit)\b")
# which one: "附件二", "Schedule 2", "Annex B"
_SCHEDULE_ID = re.compile(
    r"(?:附件|附表)\s*(?P<zh>[一二三四五六七八九十\d]+)"
    r"|\b(?:Schedule|Annex|Appendix|Exhibit)\s+(?P<en>\d+|(?-i:[A-Z]\b|[IVX]+\b))",
    re.I,  # "SCHEDULE 2 - INITIAL ORDER"
)


def _schedule_ids(text: str) -> set[str]:
    return {m.group("zh") or m.group("en") for m in _SCHEDULE_ID.finditer(text)}


def _table_title(ctx: RuleContext, table: list[list[Cell]]) -> str:
    """The schedule heading above the table ("附件二：实物出资设备清单", "SCHEDULE 2 - …"): the
    nearest line above it that starts with a schedule's name. A clause that merely mentions a
    schedule ("详见附件一") is no heading."""
    above = ctx.text[max(0, table[0][0].start - 600) : table[0][0].start].split("\n")
    return next((line for line in reversed(above) if _SCHEDULE_HEADING.match(line)), "")


_SCHEDULE_HEADING = re.compile(
    r"^\s*(?:(?:附件|附表)\s*[一二三四五六七八九十\d]+|(?:Schedule|Annex|Appendix|Exhibit)\s+\w+)",
    re.I,
)


_BRACKETED = re.compile(r"[（(][^）)]*[）)]")


def _column_noun(header: Cell) -> str:
    """ "票面金额（人民币元）" -> "票面金额": the header without its unit."""
    return _BRACKETED.sub("", header.text).strip()


# a total before or after tax: "Total Initial Order (excl. VAT)", "exclusive of VAT", "含税总额"
_EXCL = re.compile(
    r"不含税|未税|税前|\bexcl|exclusive of (?:VAT|tax)|\bnet of (?:VAT|tax)|before (?:VAT|tax)",
    re.I,
)
_INCL = re.compile(r"含税|\bincl|inclusive of (?:VAT|tax)|including (?:VAT|tax)", re.I)
_SUBTOTAL = re.compile(r"^(?:小计|sub-?total)", re.I)


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
        if not is_total_row(row) or _SUBTOTAL.search(label) or j is None or j >= len(row):
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
        if _SAID_TOTAL.search(ctx.text[max(0, at - 40) : at]):
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
        clause = _clause_around(ctx, stated)
        named = _schedule_ids(sentence) or _schedule_ids(clause)
        if named:
            chosen = [(t, c) for t, c in totalled if named & _schedule_ids(_table_title(ctx, t))]
        else:
            chosen = totalled  # one totalled table in the contract, or none is meant
        if len(chosen) != 1:
            continue
        table, totals = chosen[0]
        j = money_column(table[0])
        assert j is not None
        noun = _column_noun(table[0][j])
        if not (named or _NAMES_SCHEDULE.search(sentence) or (len(noun) >= 2 and noun in sentence)):
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
    yield from _itemised_elsewhere(ctx, written, params)


# the clause says a schedule itemises the sum: "各服务模块的费用构成详见附件三", "being the sum of
# the Minimum Annual Volumes multiplied by the Tolling Fees" (Schedule B), "as itemized in"
_MADE_UP = re.compile(
    r"构成|组成|明细|分项|\bsum of\b|\bmade up of\b|\bitemi[sz]ed\b|\bbroken down\b|\bbreakdown\b",
    re.I,
)
_MONEY_HEADER = re.compile(
    r"元|金额|价|费|租金|US\$|RMB|GBP|£|\$|\b(?:amount|total|fees?|charges?|price|rent|sum)\b",
    re.I,
)
_NEAR = 0.25  # a slip or a wrong row, not a sum of something else


def _money_totals(table: list[list[Cell]]) -> list[tuple[str, float]]:
    """(column, total) for each money column: its total row's figure, or, with no total row,
    the sum of a column every row fills."""
    header = table[0]
    money = [
        j for j, c in enumerate(header)
        if j > 0 and c.value is None and _MONEY_HEADER.search(c.text)
        and not _UNIT_HEADER.search(c.text)
    ]  # fmt: skip
    body = [r for r in table[1:] if not is_total_row(r)]
    totals = [r for r in table[1:] if is_total_row(r) and not _SUBTOTAL.search(row_label(r))]
    out: list[tuple[str, float]] = []
    for j in money:
        noun = _column_noun(header[j])
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


def _clause_agrees(ctx: RuleContext, stated: Entity, totals: list[float]) -> bool:
    return any(
        isinstance(e.value, int | float) and abs(float(e.value) - t) <= 0.01
        for e in ctx.of_kind("amount")
        if e.clause == stated.clause
        for t in totals
    )


def _written_title(ctx: RuleContext, table: list[list[Cell]]) -> str:
    """:func:`_table_title` for a table read from the document's own lines."""
    text = ctx.document.text
    above = text[max(0, table[0][0].start - 600) : table[0][0].start].split("\n")
    return next((line for line in reversed(above) if _SCHEDULE_HEADING.match(line)), "")


def _names_a_money_column(table: list[list[Cell]], sentence: str) -> bool:
    nouns = [
        _column_noun(c) for c in table[0]
        if c.value is None and _MONEY_HEADER.search(c.text) and not _UNIT_HEADER.search(c.text)
    ]  # fmt: skip
    return any(len(n) >= 3 and n in sentence for n in nouns)


_UNIT_HEADER = re.compile(r"单价|\bunit\b|\bper\b|每|/\s*(?:kg|吨|件|台|月)|%|比例|share", re.I)


def _itemised_elsewhere(
    ctx: RuleContext, tables: list[list[list[Cell]]], params: TableParams
) -> Iterator[Hit]:
    """A sum whose clause says a named schedule itemises it, against that schedule's total (its
    total row, or its column's sum where it has none), when the two are near but not equal."""
    for stated in ctx.of_kind("amount"):
        at = ctx.view_offset(stated.span.start)
        if not isinstance(stated.value, int | float) or "|" in ctx.text[ctx.row_start(at) : at]:
            continue
        clause = _clause_around(ctx, stated)
        named = _schedule_ids(clause)
        if named and _MADE_UP.search(clause):
            chosen = [t for t in tables if named & _schedule_ids(_written_title(ctx, t))]
        elif _SAID_TOTAL.search(ctx.text[max(0, at - 40) : at]):
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
    """One row of the column holds the figure: the text restates that item's amount."""
    figures = [row[j].value for row in table[1:] if j < len(row) and not is_total_row(row)]
    return any(v is not None and abs(v - value) <= 0.01 for v in figures)


def _clause_around(ctx: RuleContext, e: Entity) -> str:
    """The numbered clause the amount stands in, as view text (its sentence when none)."""
    clause = next((c for c in ctx.clauses if c.id == e.clause), None)
    return ctx.clause_text(clause) if clause is not None else ctx.entity_sentence(e)


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
        if is_total_row(row) and not _SUBTOTAL.search(row_label(row)) and j < len(row)
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
        if m is None or not (named := _schedule_ids(m.group("base"))):
            continue
        for table in tables:
            if not named & _schedule_ids(_table_title(ctx, table)):
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
