"""A date and the weekday written beside it that disagree: "Wednesday, October 14, 2025" (a
Tuesday), "2025年10月18日（星期五）" (a Saturday). One of the two is wrong, so the day of
performance is uncertain whatever the clause is about.

Facts, not wording: the weekday is computed from the calendar; only a weekday written right next
to a date with its own year is read, so "the first Monday after 1 July 2025" is not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_EN_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_ZH_DAYS = "一二三四五六日"
_EN_DAY = r"(?P<day>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
_ZH_DAY = r"(?:星期|周|礼拜)(?P<day>[一二三四五六日天])"
_AFTER = {
    "en": re.compile(r"^\s*[(（,]?\s*" + _EN_DAY + r"\b[)）]?"),
    "zh": re.compile(r"^\s*[（(，,]?\s*" + _ZH_DAY + r"[)）]?"),
}
_BEFORE = {
    "en": re.compile(r"\b" + _EN_DAY + r",?\s*(?:the\s+)?$"),
    "zh": re.compile(_ZH_DAY + r"[，,\s]*$"),
}


class WeekdayParams(Params):
    pass


def _weekday_index(lang: str, word: str) -> int:
    if lang == "en":
        return _EN_DAYS.index(word)
    return 6 if word == "天" else _ZH_DAYS.index(word)


def _day_name(lang: str, index: int) -> str:
    return _EN_DAYS[index] if lang == "en" else "星期" + _ZH_DAYS[index]


def _stated_weekday(ctx: RuleContext, d: Entity, lang: str) -> tuple[re.Match[str], int] | None:
    start, end = ctx.view_offset(d.span.start), ctx.view_offset(d.span.end)
    after = _AFTER[lang].match(ctx.text[end : end + 12])
    if after:
        return after, end
    before = _BEFORE[lang].search(ctx.text[max(0, start - 16) : start])
    if before:
        return before, max(0, start - 16)
    return None


@check("weekday_mismatch", WeekdayParams, fields=("date_text", "stated", "actual"))
def weekday_mismatch(ctx: RuleContext, params: WeekdayParams) -> Iterator[Hit]:
    """A date whose written weekday is not the day the calendar gives it."""
    lang = "zh" if ctx.language == "zh" else "en"
    seen: set[str] = set()
    for d in ctx.of_kind("date"):
        if not isinstance(d.value, str) or d.attrs.get("year_from_range") or d.attrs.get("invalid"):
            continue
        stated = _stated_weekday(ctx, d, lang)
        if stated is None:
            continue
        m, base = stated
        actual = date.fromisoformat(d.value).weekday()
        if _weekday_index(lang, m.group("day")) == actual or d.value in seen:
            continue
        seen.add(d.value)
        start = min(ctx.view_offset(d.span.start), base + m.start("day"))
        end = max(ctx.view_offset(d.span.end), base + m.end())
        yield Hit(
            ctx.span(start, end),
            {
                "date_text": ctx.text[ctx.view_offset(d.span.start) : ctx.view_offset(d.span.end)],
                "stated": m.group(0).strip(" \t(（)）,，"),
                "actual": _day_name(lang, actual),
            },
        )
