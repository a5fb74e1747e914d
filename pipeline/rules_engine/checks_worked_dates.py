"""A date the contract works out for the reader and gets wrong: "no later than 60 days before
the Event Date, that is by 15 April 2026", "租赁期限届满前六十日（即不迟于2026年12月27日）",
"自本合同签订之日起四十五日内，即于2025年11月2日前". The period, its direction and its
anchor are read as facts: the anchor is a date the contract gives (its own date, a named
event's one date, the end of its term), and the worked date must be that anchor moved by the
period, give or take the one day counting conventions differ by.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

from pipeline.model import Entity
from pipeline.rules_engine.checks_facts import days_off
from pipeline.rules_engine.checks_range_lengths import durations_within
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.defined_dates import date_after
from pipeline.rules_engine.event_days import anchor_day, defined_day, iso
from pipeline.rules_engine.registry import Hit, NoParams, check

# "…, that is by", "（即不迟于", "，即于"
_WORKED = re.compile(
    r"(?:that is|i\.e\.|being|namely|即|亦即|也就是)[\s,，:：]*"
    r"(?:no later than|not later than|by|on|不迟于|不晚于|于|在)?\s*$",
    re.I,
)
_EN_SIDE = re.compile(
    r"^\s*(?P<dir>before|prior to|after|following|from)\s+(?P<anchor>.{3,60}?)\s*[,;(（]?\s*$",
    re.I,
)
_ZH_ANCHOR = re.compile(
    r"(?P<anchor>[\u4e00-\u9fff]{2,14}?)(?:之日)?(?P<dir>前|起|后|以后|之后)\s*(?:至少|不少于|不超过)?\s*$"
)
_OWN_TERM = re.compile(r"期限|租期|本合同|\bTerm\b|this Agreement", re.I)
_OTHER_PERIOD = re.compile(r"质保|保修|试用|免租|warranty|probation|rent-free|defects", re.I)
_TERM_END = re.compile(r"届满|期满|终止|expiry|expiration|end of the (?:Initial )?Term", re.I)


def _ranged(d: Entity) -> bool:
    """The end of a range stated in its own sentence (自…起至…止), not a date the parser paired
    with one in an earlier sentence."""
    start = d.attrs.get("range_start")
    return (
        d.attrs.get("role") == "end"
        and isinstance(start, int)
        and (
            start >= d.attrs.get("sentence_start", start + 1)  # type: ignore[operator]
        )
    )


def _contract_term_end(ctx: RuleContext, worked: Entity) -> date | None:
    """The one end date of the contract's term ranges (自…起至…止 in a clause on its 期限)."""
    ends = set()
    for d in ctx.of_kind("date"):
        if d is worked or not _ranged(d) or (day := iso(d)) is None:
            continue
        sentence = ctx.entity_sentence(d)
        if re.search(r"期限|租期|\bTerm\b", sentence) and not re.search(r"试用期|免租", sentence):
            ends.add(day)
    return ends.pop() if len(ends) == 1 else None


def _anchor_date(ctx: RuleContext, anchor: str, worked: Entity) -> date | None:
    if _TERM_END.search(anchor):
        # the contract's own term only: a warranty or probation period ends on another day
        own = _OWN_TERM.search(anchor) and not _OTHER_PERIOD.search(anchor)
        return _contract_term_end(ctx, worked) if own else None
    name = re.sub(r"^(?:the|本)\s*", "", anchor.strip(), flags=re.I)
    found = anchor_day(ctx, name, worked)
    if found is None and ctx.language == "en":
        found = defined_day(ctx, name)  # '"Event Date" means Thursday 11 June 2026'
    return iso(found) if found is not None and found is not worked else None


def _period_before(ctx: RuleContext, worked: Entity) -> tuple[Entity, str, str] | None:
    """The period, its direction and anchor text that the worked date follows in its sentence."""
    start = ctx.view_offset(worked.span.start)
    sentence = ctx.sentence_at(start)
    if sentence is None:
        return None
    head = ctx.text[sentence.start : start]
    marker = _WORKED.search(head)
    if marker is None:
        return None
    durations = [
        p
        for p in durations_within(ctx, sentence.start, sentence.start + marker.start())
        if p[1] <= sentence.start + marker.start()
    ]
    if not durations:
        return None
    ds, de, d = durations[-1]
    if ctx.language == "zh":
        m = _ZH_ANCHOR.search(ctx.text[max(sentence.start, ds - 16) : ds])
        if m is None or sentence.start + marker.start() - de > 6:
            return None
        direction = "before" if m.group("dir") == "前" else "after"
        return d, direction, m.group("anchor")
    m = _EN_SIDE.match(ctx.text[de : sentence.start + marker.start()])
    if m is None:
        return None
    direction = "before" if m.group("dir").lower() in ("before", "prior to") else "after"
    return d, direction, m.group("anchor")


@check("worked_date_wrong", NoParams, fields=("period", "anchor", "expected"))
def worked_date_wrong(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """'60 days before the Event Date (20 June 2026), that is by 15 April 2026': 60 days before
    20 June is 21 April."""
    del params
    dates = {d.span.start: d for d in ctx.of_kind("date")}
    for worked in dates.values():
        day = iso(worked)
        found = _period_before(ctx, worked) if day is not None else None
        if found is None or day is None or _ranged(worked):
            continue
        duration, direction, anchor = found
        base = _anchor_date(ctx, anchor, worked)
        sign = -1 if direction == "before" else 1
        expected = date_after(base, duration, sign) if base else None
        if expected is None:
            continue
        end = dates.get(worked.attrs.get("range_end", -1))  # type: ignore[arg-type]
        if end is not None:
            # "三个月为磨合期，即2025年6月1日至2025年8月31日": the range is the period itself
            last = iso(end)
            if last is None or days_off(last, expected) <= 1:
                continue
            worked = end
        elif abs((day - expected).days) <= 1:
            continue
        yield Hit(
            worked.span,
            {"period": duration.text, "anchor": anchor.strip(), "expected": expected.isoformat()},
            (duration.span,),
        )
