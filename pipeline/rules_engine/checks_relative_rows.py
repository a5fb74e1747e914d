"""One schedule row due a period after another, against the dates the schedule gives both: "The
Manufacturer shall deliver Batch 2 within forty-five (45) days after the Batch 1 Delivery Date"
while Schedule 2 dates Batch 1 on 24 May 2025 and Batch 2 on 18 July 2025 (ten days past the
8 July the clause allows); "第二批货物应于第一批货物交付后30日内交付" against 交货计划表.

The later row may fall earlier than the clause allows, never later: both dates cannot hold, so the
time of performance is uncertain (民法典 511). The anchor must be the same event the schedule
dates (delivery, completion); a period after the earlier row's acceptance or payment is not
computed, since the schedule does not date those.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

from kb.numerals import parse_cn_integer
from pipeline.model import Entity
from pipeline.rules_engine.checks_schedule_dates import cell_dates
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.defined_dates import date_after
from pipeline.rules_engine.pipe_tables import pipe_tables
from pipeline.rules_engine.registry import Hit, Params, check

_EN_UNIT = r"Batch|Phase|Stage|Milestone|Lot|Shipment|Instalment|Installment|Delivery"
_EN_RELATIVE = re.compile(
    rf"\b(?P<unit>{_EN_UNIT})\s+(?P<later>\d+|[A-Z])\b[^.;]{{0,40}}?\bwithin\s+"
    r"(?P<period>[^.;]{1,40}?)\s+(?:after|following|of)\s+(?:the\s+)?"
    r"(?:(?:date\s+of\s+)?(?P<verb1>delivery|completion|dispatch)\s+of\s+(?:the\s+)?)?"
    rf"(?P=unit)\s+(?P<earlier>\d+|[A-Z])\b(?:\s+(?P<verb2>Delivery|Completion|Dispatch)\s+Date)?"
)
_ZH_UNIT = r"批|期|阶段"
_ZH_RELATIVE = re.compile(
    rf"第(?P<later>[一二三四五六七八九十\d]{{1,3}})(?P<unit>{_ZH_UNIT})[^，。；]{{0,20}}?"
    r"(?:应当|应|须)?(?:于|在|自)"
    rf"第(?P<earlier>[一二三四五六七八九十\d]{{1,3}})(?P=unit)[^，。；]{{0,12}}?"
    r"(?P<verb1>交付|交货|到货|发货|完工|完成)(?:之日|日)?(?:后|起)"
    r"(?P<period>[^，。；内]{1,12})内"
)
_EN_FAMILY = {"delivery": r"deliver|dispatch|ship", "completion": r"complet|finish"}
_ZH_FAMILY = {"delivery": r"交付|交货|到货|发货|供货", "completion": r"完工|完成|竣工"}


def part_number(token: str) -> int | None:
    """'2', 'B' (as 2), '二', '十二' as an integer."""
    if token.isdigit():
        return int(token)
    if len(token) == 1 and token.isupper():
        return ord(token) - ord("A") + 1
    try:
        return parse_cn_integer(token)
    except ValueError:
        return None


_EN_ROW = re.compile(rf"^\s*(?P<unit>{_EN_UNIT})\s+(?P<n>\d+|[A-Z])\b", re.I)
_ZH_ROW = re.compile(rf"^\s*第(?P<n>[一二三四五六七八九十\d]{{1,3}})(?P<unit>{_ZH_UNIT})")


def _row_dates(ctx: RuleContext, family: str) -> dict[tuple[str, int], tuple[Entity, date]]:
    """(unit, number) -> the date a schedule row gives it, in a column of ``family``'s event
    (a row label "Batch 2" / "第二批", a column headed "Delivery Date" / "交货时间")."""
    words = _ZH_FAMILY[family] if ctx.language == "zh" else _EN_FAMILY[family]
    row_label = _ZH_ROW if ctx.language == "zh" else _EN_ROW
    found: dict[tuple[str, int], tuple[Entity, date]] = {}
    for table in pipe_tables(ctx.text):
        header = table[0]
        columns = [i for i, c in enumerate(header) if re.search(words, c.text, re.I)]
        for row in table[1:]:
            label = row_label.match(row[0].text) if row else None
            n = part_number(label.group("n")) if label else None
            if label is None or n is None:
                continue
            for i in columns:
                dated = cell_dates(ctx, row[i]) if i < len(row) else []
                if len(dated) == 1:
                    found.setdefault((label.group("unit").lower(), n), dated[0])
    return found


def _period(ctx: RuleContext, start: int, end: int) -> Entity | None:
    durations = [d for d in ctx.of_kind("duration") if start <= ctx.view_offset(d.span.start) < end]
    return durations[0] if len(durations) == 1 else None


@check("row_after_relative_deadline", fields=("later", "later_date", "earlier", "allowed"))
def row_after_relative_deadline(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """A schedule row dated later than a period after the row the contract counts it from."""
    relative = _ZH_RELATIVE if ctx.language == "zh" else _EN_RELATIVE
    families = _ZH_FAMILY if ctx.language == "zh" else _EN_FAMILY
    for m in relative.finditer(ctx.text):
        verb = m.group("verb1") or m.groupdict().get("verb2") or ""
        sentence = ctx.sentence_at(m.start())
        context = sentence.text if sentence else m.group()
        family = next((f for f, w in families.items() if re.search(w, verb or context, re.I)), None)
        later, earlier = part_number(m.group("later")), part_number(m.group("earlier"))
        period = _period(ctx, m.start("period"), m.end("period"))
        if family is None or later is None or earlier is None or period is None:
            continue
        rows = _row_dates(ctx, family)
        unit = m.group("unit").lower()
        if (unit, later) not in rows or (unit, earlier) not in rows:
            continue
        (late_e, late_day), (_, early_day) = rows[(unit, later)], rows[(unit, earlier)]
        allowed = date_after(early_day, period)
        if allowed is None or late_day <= allowed:
            continue
        yield Hit(
            ctx.span(ctx.view_offset(late_e.span.start), ctx.view_offset(late_e.span.end)),
            {"later": f"{m.group('unit')} {m.group('later')}", "later_date": late_e.text,
             "earlier": f"{m.group('unit')} {m.group('earlier')}",
             "allowed": allowed.isoformat()},
            related=(ctx.span(m.start(), m.end()),),
        )  # fmt: skip
        return
