"""A periodic schedule that runs on past the contract's own term: a rent table whose 第4期 covers
2026年4月8日至2026年7月7日 while the lease runs 自2025年7月8日起至2026年4月7日止; a fee schedule
billing a quarter that begins after the Term ends. The rows before it lie inside the term, so the
table is the term's own series; a period wholly after the end cannot be owed under this
contract, and the number of periods and the sum due are uncertain (民法典 511).

A row named as a renewal, an extension, holdover or a charge for late return is lawful after
the term, as are rows that by nature come after it (settlement, deposit return, warranty).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

from pipeline.model import Entity
from pipeline.rules_engine.checks_named_dates import event_dates
from pipeline.rules_engine.checks_schedule_dates import _AFTER_THE_WHOLE, _iso, _term_ranges
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import Cell, pipe_rows, pipe_tables
from pipeline.rules_engine.registry import Hit, Params, check
from pipeline.rules_engine.signing_date import agreement_date
from pipeline.rules_engine.term_end_dates import ends_the_term

_AFTER_BY_NAME = re.compile(
    r"续|延期|延长|展期|顺延|超期|逾期|占用|退还|返还|清算"
    r"|holdover|hold-over|renew|extend|extension|option|overstay|return|refund",
    re.I,
)


def _row_ranges(ctx: RuleContext, row: list[Cell]) -> list[tuple[date, date, Entity]]:
    """(first, last, end entity) of each date range written in the row."""
    begin, finish = row[0].start, row[-1].start + len(row[-1].text)
    dates = {e.span.start: e for e in ctx.of_kind("date")}
    out = []
    for e in dates.values():
        start = dates.get(e.attrs.get("range_start", -1))  # type: ignore[arg-type]
        if start is None or not begin <= ctx.view_offset(start.span.start) < finish:
            continue
        first, last = _iso(start), _iso(e)
        if first is not None and last is not None:
            out.append((first, last, e))
    # a list of single days in one cell ("2025年9月9日、9月16日、10月21日"): each is a day of
    # performance, a period of its own
    in_ranges = {d.span.start for _, _, d in out} | {
        v for d in dates.values() if isinstance(v := d.attrs.get("range_start"), int)
    }
    for cell in row:
        days = [
            e for e in dates.values()
            if cell.start <= ctx.view_offset(e.span.start) < cell.start + len(cell.text)
            and e.span.start not in in_ranges and _iso(e) is not None
        ]  # fmt: skip
        if len(days) >= 2:
            out.extend((d, d, e) for e in days if (d := _iso(e)) is not None)
    return out


def _term_by_its_end(ctx: RuleContext) -> list[tuple[date, Entity]]:
    """ "shall commence on the Commencement Date and … continue until 30 June 2027": the term's
    one stated end, from the day the contract itself starts or is dated."""
    ends = [d for d in ctx.of_kind("date") if _iso(d) is not None and ends_the_term(ctx, d)]
    if len({d.value for d in ends}) != 1:
        return []
    named = event_dates(ctx)
    start = named.get("Commencement Date") or named.get("Effective Date") or agreement_date(ctx)
    begin = _iso(start) if start is not None else None
    last = _iso(ends[0])
    return [(begin, ends[0])] if begin is not None and last is not None and begin < last else []


class TermRowParams(Params):
    pass


@check("period_row_after_term", TermRowParams, fields=("part", "part_period", "term_end"))
def period_row_after_term(ctx: RuleContext, params: TermRowParams) -> Iterator[Hit]:
    """A schedule row's period that begins after the term ends, in a table whose earlier rows
    lie inside the term."""
    terms = _term_ranges(ctx) or _term_by_its_end(ctx)
    if len({(b, _iso(e)) for b, e in terms}) != 1:
        return  # no term range, or two different ones
    begin, term_end = terms[0]
    last = _iso(term_end)
    assert last is not None
    for table in pipe_tables(ctx.text):
        inside = False
        for row in table[1:]:
            label = row[0].text
            for first, end, e in _row_ranges(ctx, row):
                if begin <= first and end <= last:
                    inside = True
                elif (
                    first > last
                    and inside
                    and not (_AFTER_BY_NAME.search(label) or _AFTER_THE_WHOLE.search(label))
                ):
                    yield Hit(
                        ctx.span(row[0].start, ctx.view_offset(e.span.end)),
                        {
                            "part": label,
                            "part_period": f"{first.isoformat()}–{end.isoformat()}",
                            "term_end": term_end.text,
                        },
                        (term_end.span,),
                    )
                    return


# "Service period | 1 August 2025 to 31 July 2026": a schedule row that restates the term itself
_TERM_ROW_LABEL = re.compile(
    r"^\s*(?:the\s+)?(?:initial\s+)?(?:(?:services?|contract|agreement|lease|hire|rental"
    r"|licen[cs]e|subscription|engagement)\s+)?(?:term|period)\s*$"
    r"|^\s*(?:合同|服务|租赁|委托|承包|许可|合作|派遣)?(?:期限|期间)\s*$|^\s*租期\s*$",
    re.I,
)


_ZH_PERIOD_NOUN = re.compile(r"[\u4e00-\u9fff]{2,6}(?:期限|期间)")


@check("term_row_dated_otherwise", TermRowParams, fields=("period", "first", "second"))
def term_row_dated_otherwise(ctx: RuleContext, params: TermRowParams) -> Iterator[Hit]:
    """A schedule row that restates the term ("Service period | 1 August 2025 to 31 July 2026")
    with other dates than the term's own ("twelve (12) months starting on the Commencement Date
    and ending … on 30 June 2026", the Commencement Date being 1 July 2025)."""
    terms = _term_ranges(ctx) or _term_by_its_end(ctx)
    if len({(b, _iso(e)) for b, e in terms}) != 1:
        return
    begin, term_end = terms[0]
    last = _iso(term_end)
    assert last is not None
    for row in pipe_rows(ctx.text):  # two-column rows too: "Item | Description"
        label = row[0].text.strip()
        # "仓储期限 | …" where the term's own sentence is "仓储期限为十二个月，自…起至…止"
        own_name = _ZH_PERIOD_NOUN.fullmatch(label) and label in ctx.entity_sentence(term_end)
        if len(row) < 2 or not (_TERM_ROW_LABEL.match(label) or own_name):
            continue
        for first, end, e in _row_ranges(ctx, row):
            # the end decides: the term's start may be read from the signing date, while
            # its end is always one the contract names
            if first == end or abs((end - last).days) <= 1:
                continue
            yield Hit(
                ctx.span(row[0].start, ctx.view_offset(e.span.end)),
                {
                    "period": row[0].text.strip(),
                    "first": f"{begin.isoformat()}–{last.isoformat()}",
                    "second": f"{first.isoformat()}–{end.isoformat()}",
                },
                (term_end.span,),
            )
            return
