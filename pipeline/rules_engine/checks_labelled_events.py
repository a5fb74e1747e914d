"""An event the text dates under a label ("演出时间：2025年10月18日", "Event date: 18 October
2025") that a schedule row dates otherwise ("2025年10月19日（星期日） | 19:30–22:00 | 正式演出"):
one event, two days, so the time of performance is uncertain (民法典 511).

The row is matched by a cell that names the event and nothing else ("正式演出" for 演出, "Main
event" for "Event"); a row for another step ("技术彩排") names something else.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.event_days import iso
from pipeline.rules_engine.pipe_tables import pipe_rows
from pipeline.rules_engine.registry import Hit, Params, check

_ZH_LABEL = re.compile(r"(?P<name>[\u4e00-\u9fff]{2,6})(?:时间|日期)\s*[：:]\s*$")
_EN_LABEL = re.compile(
    r"(?:^|\n)\s*(?:\d+(?:\.\d+)*\s+)?(?P<name>[A-Z][a-z]+(?: [a-z]+)?) date\s*:\s*$"
)
# "正式演出", "演出", "演出日": the event itself in a row's cell
_ZH_SAME = "(?:正式|主)?{name}(?:日|当日)?"
_EN_SAME = r"(?:the\s+)?(?:main\s+)?{name}(?:\s+day)?"


class LabelledEventParams(Params):
    pass


def _labelled(ctx: RuleContext) -> list[tuple[str, Entity]]:
    label = _ZH_LABEL if ctx.language == "zh" else _EN_LABEL
    out = []
    for d in ctx.of_kind("date"):
        at = ctx.view_offset(d.span.start)
        line = ctx.text[ctx.text.rfind("\n", 0, at) + 1 : at]
        m = label.search(ctx.text[max(0, at - 20) : at])
        if m is not None and "|" not in line and iso(d) is not None:
            out.append((m.group("name"), d))
    return out


@check("labelled_event_row_conflict", LabelledEventParams, fields=("event", "first", "second"))
def labelled_event_row_conflict(ctx: RuleContext, params: LabelledEventParams) -> Iterator[Hit]:
    """A labelled event's date against the one schedule row that names the same event."""
    same = _ZH_SAME if ctx.language == "zh" else _EN_SAME
    dates = [d for d in ctx.of_kind("date") if iso(d) is not None]
    for name, stated in _labelled(ctx):
        cell_name = re.compile(same.format(name=re.escape(name)), re.I)
        found = []
        for row in pipe_rows(ctx.text):
            if not any(cell_name.fullmatch(c.text.strip()) for c in row):
                continue
            start, end = row[0].start, row[-1].start + len(row[-1].text)
            found += [d for d in dates if start <= ctx.view_offset(d.span.start) < end]
        if len({d.value for d in found}) != 1:
            continue  # no row, or several (two performances): nothing one date contradicts
        other = found[0]
        if other.value != stated.value:
            yield Hit(
                other.span,
                {"event": name, "first": stated.text, "second": other.text},
                (stated.span,),
            )
            return
