"""A date the text says is the one a schedule lists, restated as another: "融资到期日与附件一所列
应收账款的到期日一致，即2025年10月15日" while 附件一's column 应收账款到期日 gives 2025年11月15日
in every row; "the Expiry Date, being the Maturity Date set out in Schedule 1, that is 30 June
2026" against a schedule that says 31 July 2026. Both cannot hold, so the time of performance is
uncertain (民法典 511).

Facts, not wording: the column is found by the name the text gives it (its header ends with that
name), and only a column whose rows all give one date is compared.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

from pipeline.rules_engine.checks_schedule_dates import cell_dates
from pipeline.rules_engine.checks_tables import is_total_row
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import Cell, pipe_tables
from pipeline.rules_engine.registry import Hit, NoParams, check

_ZH_SAME_AS = re.compile(
    r"与(?:本合同)?(?P<annex>附件[一二三四五六七八九十\d]{1,3}|附表[一二三四五六七八九十\d]{0,3})"
    r"(?:中)?(?:所列|列明|载明|记载)?的?(?P<name>[\u4e00-\u9fff]{2,12}?)(?:相同|一致)[，,]\s*"
    r"(?:即|亦即|也就是)\s*$"
)
_EN_SAME_AS = re.compile(
    r"\b(?:being|which is|equal to|the same as)\s+the\s+(?P<name>(?:[A-Z][\w-]*\s+){0,3}Date)\s+"
    r"(?:set out|stated|listed|shown|specified)\s+in\s+(?P<annex>(?:Schedule|Annex|Appendix)\s+\w+)"
    r"\s*,?\s*(?:that is|i\.e\.,?|namely)\s*(?:on\s+)?$",
    re.I,
)


def _column_dates(ctx: RuleContext, name: str) -> tuple[Cell, set[date]] | None:
    """The one table column headed by ``name`` (its header ends with it) and its rows' dates."""
    key = name.replace("的", "").casefold()  # "应收账款的到期日" heads "应收账款到期日"
    found = []
    for table in pipe_tables(ctx.text):
        for j, head in enumerate(table[0]):
            if not head.text.strip().replace("的", "").casefold().endswith(key):
                continue
            rows = [r for r in table[1:] if j < len(r) and not is_total_row(r)]
            days = [cell_dates(ctx, r[j]) for r in rows if r[j].text.strip(" —-–/")]
            if days and all(len(d) == 1 for d in days):
                found.append((head, {d[0][1] for d in days}))
    return found[0] if len(found) == 1 else None


@check("restated_schedule_date", NoParams, fields=("name", "stated", "listed"))
def restated_schedule_date(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """A date said to be a schedule column's date, where that column gives another."""
    pattern = _ZH_SAME_AS if ctx.language == "zh" else _EN_SAME_AS
    for d in ctx.of_kind("date"):
        if not isinstance(d.value, str):
            continue
        start = ctx.view_offset(d.span.start)
        m = pattern.search(ctx.text[max(0, start - 80) : start])
        column = _column_dates(ctx, m.group("name")) if m else None
        if m is None or column is None:
            continue
        head, listed = column
        stated = date.fromisoformat(d.value)
        if len(listed) != 1 or stated in listed:
            continue
        yield Hit(
            d.span,
            {"name": m.group("name"), "stated": d.text, "listed": next(iter(listed)).isoformat()},
            (ctx.span(head.start, head.start + len(head.text)),),
        )
        return
