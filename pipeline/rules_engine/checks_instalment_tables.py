"""A total paid in N instalments, with a schedule of N instalments that do not add up to it:
"租金总额为人民币9,460,000元，分十二期按季度支付，各期金额以附件二为准" beside a twelve-row table
whose amounts sum to 9,430,000. The count ties the table to the total, whatever either is called:
the total's sentence names N instalments and the table lists exactly N, so the one must be the
sum of the other.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from kb.numerals import parse_cn_integer
from pipeline.entities.number_words import parse_en_words
from pipeline.model import Entity
from pipeline.rules_engine.checks_tables import is_total_row, off_by_more_than
from pipeline.rules_engine.computed_totals import MONEY_TOLERANCE, is_vat
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import Cell, pipe_tables
from pipeline.rules_engine.registry import Hit, NoParams, check

_ZH_COUNT = re.compile(r"分\s*(?P<n>[一二三四五六七八九十两\d]{1,3})\s*期")
_EN_COUNT = re.compile(
    r"\bin (?P<n>[a-z-]+|\d{1,2})(?: \(\d{1,2}\))? (?:equal |consecutive )?"
    r"(?:monthly |quarterly |annual |yearly )?instal+ments\b",
    re.I,
)
_TOTAL_BEFORE = re.compile(r"总额|总价|总计|合计|\btotal\b|\baggregate\b", re.I)


def _count(sentence: str, language: str) -> int | None:
    m = (_ZH_COUNT if language == "zh" else _EN_COUNT).search(sentence)
    if m is None:
        return None
    raw = m.group("n")
    try:
        if raw.isdigit():
            return int(raw)
        return parse_cn_integer(raw) if language == "zh" else parse_en_words(raw)
    except (ValueError, KeyError):
        return None


def _column_sums(table: list[list[Cell]], rows: int) -> list[float]:
    """The sum of each money column of a table of exactly ``rows`` data rows and no total."""
    body = [r for r in table[1:] if any(c.value is not None for c in r)]
    if len(body) != rows or any(is_total_row(r) for r in table):
        return []
    width = min(len(r) for r in body)
    sums = []
    for j in range(1, width):
        cells = [r[j] for r in body]
        values = [c.value for c in cells if c.value is not None and not c.percent]
        if len(values) == rows and max(values) >= 100:
            sums.append(sum(values))
    return sums


def _stated_totals(ctx: RuleContext) -> Iterator[tuple[Entity, int]]:
    for e in ctx.of_kind("amount"):
        if not isinstance(e.value, float) or e.attrs.get("form") != "figure":
            continue
        sentence = ctx.entity_sentence(e)
        n = _count(sentence, ctx.language)
        if n is not None and n >= 2 and _TOTAL_BEFORE.search(ctx.sentence_before(e)[-16:]):
            yield e, n


@check("instalment_table_vs_total", NoParams, fields=("total", "count", "computed"))
def instalment_table_vs_total(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """'租金总额为人民币9,460,000元，分十二期…' and a twelve-row schedule summing to 9,430,000."""
    del params
    totals = list(_stated_totals(ctx))
    if not totals:
        return
    tables = list(pipe_tables(ctx.document.text))
    for total, n in totals:
        stated = float(total.value) if isinstance(total.value, float) else 0.0
        if stated <= 0:
            continue
        sums = [s for t in tables for s in _column_sums(t, n)]
        if not sums or any(
            not off_by_more_than(s, stated, MONEY_TOLERANCE)
            or is_vat(s, stated, 0.001)
            or is_vat(stated, s, 0.001)
            for s in sums
        ):
            continue  # no schedule of that many rows, or one that adds up (net or gross)
        near = [s for s in sums if 0.75 < s / stated < 1.25]
        if len(near) == 1:
            yield Hit(
                total.span,
                {"total": total.text, "count": str(n), "computed": f"{near[0]:,.2f}"},
            )
