"""A period the contract defines by its length and start ('"Restricted Period" means the period
of three years beginning on the Completion Date', "“保密期”指自本合同终止之日起两年") that a
clause elsewhere says ends on a calendar date ("during the Restricted Period, which ends on 30
June 2027"). Once the start is a date the contract gives, the end follows; a restated end that
falls elsewhere leaves the period's length uncertain.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta

from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.defined_dates import anchor_entity, date_after
from pipeline.rules_engine.registry import Hit

_EN_PERIOD = re.compile(
    r"[\"“](?P<name>(?:[A-Z][\w-]*\s+){0,3}(?:Period|Term))[\"”]\s+(?:means|shall mean)\s+"
    r"(?:the\s+)?(?:period|term)\s+of\s+(?P<period>[^.;\"“”]{1,40}?)\s+"
    r"(?:beginning|starting|commencing|running)\s+(?:on|with|from)\s+"
    r"(?P<anchor>the date (?:of this Agreement|hereof)|the\s+(?:[A-Z][\w-]*\s+){0,3}Date)"
)
# the same, defined where the clause runs it: "begins on the Commencement Date and … continues
# for a period of nine months (the "Engagement Period")"
_EN_INLINE_PERIOD = re.compile(
    r"\b(?:begins?|commences?|starts?|runs?|beginning|commencing|starting|running)\s+(?:on|from)\s+"
    r"(?P<anchor>the date (?:of this Agreement|hereof)|the\s+(?:[A-Z][\w-]*\s+){0,3}Date)\b"
    r"[^.;\"“”]{0,100}?\bfor\s+(?:a\s+(?:period|term)\s+of\s+)?(?P<period>[^.;\"“”()]{1,40}?)\s*"
    r"\(\s*(?:the\s+)?[\"“](?P<name>(?:[A-Z][\w-]*\s+){0,3}(?:Period|Term))[\"”]\s*\)"
)
_ZH_PERIOD = re.compile(
    r"[“\"](?P<name>[\u4e00-\u9fff]{1,8}期(?:间|限)?)[”\"]\s*(?:系指|是指|指)\s*自"
    r"(?P<anchor>本(?:合同|协议)(?:签署|签订|订立)(?:之)?日|[\u4e00-\u9fff]{2,6}日)起"
    r"(?:满|计算的?|的)?(?P<period>[^，。；、“”]{1,10}?)(?:期间|期限|内)?[。；，]"
)


def _restated_end(ctx: RuleContext, name: str) -> re.Pattern[str]:
    """The text before a date that says the named period ends on it, or that lays the period
    out from one date to this one ("Engagement Period: 1 April 2025 to 30 November 2025",
    "服务期：2025年4月1日至2025年11月30日")."""
    n = re.escape(name)
    if ctx.language == "zh":
        return re.compile(
            rf"{n}[”\"]?[^，。；\d]{{0,6}}(?:至|到|截至|截止于?|于)\s*$"
            rf"|{n}[”\"]?\s*(?:为|：|:|\||[（(])\s*{_ZH_DATE}\s*(?:起)?(?:至|到)\s*$"
        )
    return re.compile(
        rf"\b{n}[\"”]?\s*,?\s*(?:\(\s*)?(?:which|that)?\s*(?:ends|expires|ending|expiring"
        r"|will end|shall end|will expire|shall expire)\s+(?:on\s+)?$"
        rf"|\b{n}[\"”]?\s*(?::|\||\(|is|runs from|shall run from|from)\s*(?:from\s+)?{_EN_DATE}\s*"
        r"(?:to|until|through|till|-|–|—)\s*$"
    )


_ZH_DATE = r"\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日"
_EN_DATE = (
    r"(?:\d{1,2}(?:st|nd|rd|th)?\s+[A-Z][a-z]+,?\s+\d{4}|[A-Z][a-z]+\s+\d{1,2}(?:st|nd|rd|th)?,?"
    r"\s+\d{4})"
)


# "2025年4月1日至": the end of a period laid out from one date to another needs no 止
_ZH_DATE_BEFORE = re.compile(r"日\s*(?:起)?(?:至|到)\s*$")
_ZH_END_AFTER = re.compile(r"^\s*(?:止|届满|结束|到期|为止)")


def period_end_restated(
    ctx: RuleContext, fixed: dict[str, Entity], reported: set[str]
) -> Iterator[Hit]:
    """The defined period's end, worked out, against a clause that dates its end."""
    defined = [_ZH_PERIOD] if ctx.language == "zh" else [_EN_PERIOD, _EN_INLINE_PERIOD]
    durations = ctx.of_kind("duration")
    for m in (m for pattern in defined for m in pattern.finditer(ctx.text)):
        name = m.group("name")
        anchor = anchor_entity(ctx, m.group("anchor"), fixed)
        period = [
            d for d in durations
            if m.start("period") <= ctx.view_offset(d.span.start) < m.end("period")
        ]  # fmt: skip
        if name in reported or anchor is None or len(period) != 1:
            continue
        if not isinstance(anchor.value, str) or period[0].attrs.get("unit") in {"workday", "hour"}:
            continue
        after = date_after(date.fromisoformat(anchor.value), period[0])
        if after is None:
            continue
        last = after - timedelta(days=1)  # three years beginning 30 June 2025 end 29 June 2028
        ends = _restated_end(ctx, name)
        for d in ctx.of_kind("date"):
            start, end = ctx.view_offset(d.span.start), ctx.view_offset(d.span.end)
            if not isinstance(d.value, str) or m.start() <= start < m.end():
                continue
            if not ends.search(ctx.text[max(0, start - 60) : start]):
                continue
            laid_out = _ZH_DATE_BEFORE.search(ctx.text[max(0, start - 20) : start])
            if (
                ctx.language == "zh"
                and not laid_out
                and not _ZH_END_AFTER.match(ctx.text[end : end + 6])
            ):
                continue
            stated = date.fromisoformat(d.value)
            if min(abs((stated - last).days), abs((stated - after).days)) > 1:
                reported.add(name)
                first = f"{last.isoformat()} ({m.group('period').strip()} from {anchor.text})"
                if ctx.language == "zh":
                    first = f"{last.isoformat()}（自{anchor.text}起{m.group('period').strip()}）"
                label = f"{name}的届满日" if ctx.language == "zh" else f"end of the {name}"
                fields = {"name": label, "first": first, "second": d.text}
                yield Hit(d.span, fields, (period[0].span,))
                break
