"""Percentages and rates: 30%, 百分之三十, 千分之五, 日万分之五, 年利率24%, 1.5% per month.

``value`` is the fraction (百分之三十 -> 0.3); ``period`` is day/month/year when the text says
so (日万分之五, per annum), else absent.
"""

from __future__ import annotations

import re

from kb.numerals import CN_DIGITS, parse_cn_integer
from pipeline.entities.model import Match

CN_NUM = "[" + "".join(CN_DIGITS) + "十百千点]+"
_CN_RATE = re.compile(rf"(?P<base>百|千|万)分之(?P<num>{CN_NUM}|\d+(?:\.\d+)?)")
_PERCENT = re.compile(r"(?P<num>\d+(?:\.\d+)?)\s?(?:%|％|\s?percent\b|\s?per cent\b)", re.I)
_BASES = {"百": 100, "千": 1000, "万": 10000}
_PERIOD_BEFORE = re.compile(
    r"(?P<p>日|每日|每天|按日|月|每月|按月|年|每年|按年|年化)(?:利率|息|费率|利息)?(?:为|按)?$"
)
_PERIOD_AFTER = re.compile(
    r"^\s?(?:(?P<day>per day|a day|daily|each day|/day|每日|每天|/日)"
    r"|(?P<month>per month|a month|monthly|/month|每月|/月)"
    r"|(?P<year>per annum|per year|a year|annually|annual|/year|p\.a\.|每年|/年))",
    re.I,
)
_PERIOD_WORDS = {
    "日": "day", "每日": "day", "每天": "day", "按日": "day",
    "月": "month", "每月": "month", "按月": "month",
    "年": "year", "每年": "year", "按年": "year", "年化": "year",
}  # fmt: skip


def cn_decimal(text: str) -> float:
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        return float(text)
    whole, _, frac = text.partition("点")
    value = float(parse_cn_integer(whole)) if whole else 0.0
    if frac:
        digits = "".join(str(CN_DIGITS[c]) for c in frac if c in CN_DIGITS)
        value += float(f"0.{digits}") if digits else 0.0
    return value


def _period(text: str, start: int, end: int) -> str | None:
    before = _PERIOD_BEFORE.search(text[max(0, start - 6) : start])
    if before:
        return _PERIOD_WORDS[before.group("p")]
    after = _PERIOD_AFTER.match(text[end : end + 14])
    if after:
        return next(k for k in ("day", "month", "year") if after.group(k))
    return None


def find_rates(text: str) -> list[Match]:
    found: list[Match] = []
    for m in _CN_RATE.finditer(text):
        try:
            number = cn_decimal(m.group("num"))
        except (ValueError, KeyError):
            continue
        value = number / _BASES[m.group("base")]
        period = _period(text, m.start(), m.end())
        start = (
            m.start() - 1 if period and text[m.start() - 1 : m.start()] in "日月年" else m.start()
        )
        found.append(Match("rate", start, m.end(), value, {"period": period, "form": "chinese"}))
    for m in _PERCENT.finditer(text):
        value = float(m.group("num")) / 100
        found.append(
            Match("rate", m.start(), m.end(), value, {"period": _period(text, m.start(), m.end())})
        )
    return sorted(found, key=lambda r: r.start)


def annual_rate(value: float, period: str | None) -> float:
    """The yearly equivalent (simple interest, 360-day year as PRC courts count it)."""
    return value * {"day": 360.0, "month": 12.0}.get(period or "year", 1.0)
