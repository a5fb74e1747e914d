"""One period's sum stated in the text and again in the schedule that sets out every period,
with two figures: "The Minimum Purchase Commitment for the first Contract Year is US$1,850,000"
against SCHEDULE C - MINIMUM PURCHASE COMMITMENT's row "Year 1 (…) | … | 1,800,000";
"第二年度租金为人民币126万元" against 附件 租金表's row "第二年 | 1,200,000".

The row is read only in a table whose heading or header row carries the sum's own name, so a
rent table never answers for a fee stated in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from kb.numerals import parse_cn_integer
from pipeline.model import Entity
from pipeline.rules_engine.checks_tables import TableParams, money_column, same_price
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import Cell, pipe_tables
from pipeline.rules_engine.registry import Hit, check

_EN_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
_EN_PROSE = re.compile(
    r"(?P<label>(?:[A-Z][A-Za-z\-]+\s+){1,4})(?:for|in|during)\s+(?:the\s+)?"
    r"(?P<ord>first|second|third|fourth|fifth|sixth)\s+(?:(?:Contract|Lease|Licen[cs]e|Agreement)\s+)?"
    r"Year\b[^.;]{0,20}?\b(?:is|shall be|will be|of|:)\s*(?:the sum of\s*)?$",
    re.I,
)
_ZH_PROSE = re.compile(
    r"第(?P<ord>[一二三四五六七八九十\d]{1,3})(?:个)?(?:合同|租赁|经营|服务|协议)?年度?(?:的|内|中)?"
    r"(?P<label>[\u4e00-\u9fff]{2,10}?)(?:为|是|：|:|共计|合计)\s*(?:人民币)?\s*$"
)
_EN_ROW = re.compile(r"^(?:(?:Contract|Lease|Licen[cs]e)\s+)?Year\s*(?P<n>\d{1,2})\b", re.I)
_ZH_ROW = re.compile(r"^第(?P<n>[一二三四五六七八九十\d]{1,3})(?:个)?(?:合同|租赁|经营|服务)?年")
_HEADING_LINES = 8
_TITLE = re.compile(
    r"(?:SCHEDULE|ANNEX|EXHIBIT|APPENDIX|Schedule|Annex|Exhibit|Appendix)\b|附件|附表"
)


def _number(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    if text.lower() in _EN_ORDINALS:
        return _EN_ORDINALS[text.lower()]
    try:
        return int(parse_cn_integer(text))
    except (ValueError, KeyError):
        return None


def _key(label: str) -> str:
    return re.sub(r"^the\s+", "", re.sub(r"\s+", " ", label).strip().lower())


def _prose_facts(ctx: RuleContext) -> list[tuple[str, int, Entity]]:
    """(name, period number, amount) for each period's sum the text states."""
    prose = _ZH_PROSE if ctx.language == "zh" else _EN_PROSE
    found: list[tuple[str, int, Entity]] = []
    for e in ctx.of_kind("amount"):
        twin = e.attrs.get("twin_start")
        if (isinstance(twin, int) and twin < e.span.start) or not isinstance(e.value, float):
            continue
        m = prose.search(ctx.sentence_before(e)[-80:])
        n = _number(m.group("ord")) if m else None
        if m and n:
            found.append((_key(m.group("label")), n, e))
    return found


def _heading(ctx: RuleContext, table: list[list[Cell]]) -> str:
    """The table's header row and, where a schedule's title stands a few lines above it, the
    title and what lies between: where the table's subject is named."""
    text = ctx.document.text
    start = table[0][0].start if table and table[0] else 0
    above = [line for line in text[:start].split("\n")[-_HEADING_LINES:] if line.strip()]
    titled = [k for k, line in enumerate(above) if _TITLE.match(line.strip())]
    kept = above[titled[-1] :] if titled else []
    return _key(" ".join([*kept, *(c.text for c in table[0])]))


def _period_rows(table: list[list[Cell]], zh: bool) -> Iterator[tuple[int, Cell]]:
    column = money_column(table[0])
    row_re = _ZH_ROW if zh else _EN_ROW
    for row in table[1:]:
        m = row_re.match(row[0].text) if row else None
        n = _number(m.group("n")) if m else None
        if not n:
            continue
        figures = [c for c in row[1:] if c.value is not None and not c.percent]
        cell = row[column] if column is not None and column < len(row) else None
        if cell is None or cell.value is None:
            cell = figures[-1] if figures else None
        if cell is not None and cell.value is not None and cell.value >= 100:
            yield n, cell


@check("period_sum_restated", TableParams, fields=("name", "period", "first", "second"))
def period_sum_restated(ctx: RuleContext, params: TableParams) -> Iterator[Hit]:
    """A period's sum in the text against that period's row of the table that sets it out."""
    facts = _prose_facts(ctx)
    if not facts:
        return
    for table in pipe_tables(ctx.document.text):
        heading = _heading(ctx, table)
        rows = dict(_period_rows(table, ctx.language == "zh"))
        for name, n, e in facts:
            cell = rows.get(n)
            if cell is None or cell.value is None or name not in heading:
                continue
            stated = float(e.value) if isinstance(e.value, float) else 0.0
            if abs(stated - cell.value) <= params.tolerance * max(stated, 1.0):
                continue
            if same_price(cell.value, stated):
                continue
            start = ctx.view_offset(cell.start)
            yield Hit(
                e.span,
                {"name": name, "period": str(n), "first": e.text, "second": cell.text},
                (ctx.span(start, start + len(cell.text)),),
            )
            return
