"""Dates (2025年5月20日, 二〇二五年五月二十日, 2025-05-20, May 20, 2025, 20 May 2025) and
durations (三个月, 36个月, 十五日, 半年, twelve (12) months, one-year).

A date's ``value`` is its ISO form, or None when the calendar date does not exist (the
entity then has ``invalid=True``). A duration's ``value`` is its count; ``unit`` and the
approximate ``months`` let rules compare 6个月 with two (2) years.
"""

from __future__ import annotations

import re
from datetime import date

from kb.numerals import parse_cn_integer
from pipeline.entities.model import Match
from pipeline.entities.number_words import EN_NUMBER_WORDS, parse_en_words

_MONTHS = {
    m: i + 1
    for i, names in enumerate(
        [
            ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
            ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
            ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
            ("december", "dec"),
        ]
    )
    for m in names
}  # fmt: skip
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))
_CN_SMALL = "[一二三四五六七八九十]{1,3}"

_DATE_PATTERNS = (
    re.compile(r"(?P<y>\d{4})\s?年\s?(?P<m>\d{1,2})\s?月\s?(?P<d>\d{1,2})\s?[日号]"),
    re.compile(
        rf"(?P<cy>[〇○零一二三四五六七八九]{{4}})年(?P<cm>{_CN_SMALL})月(?P<cd>{_CN_SMALL})[日号]"
    ),
    re.compile(r"(?<![\d.])(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})(?![\d])"),
    re.compile(
        rf"\b(?P<mn>{_MONTH_RE})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y>\d{{4}})\b",
        re.I,
    ),
    re.compile(
        rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?(?P<mn>{_MONTH_RE})\.?,?\s+(?P<y>\d{{4}})\b",
        re.I,
    ),
)


def _date_parts(m: re.Match[str]) -> tuple[int, int, int]:
    groups = m.groupdict()
    if groups.get("cy"):
        year = int("".join(str(parse_cn_integer(c)) for c in groups["cy"]))
        return year, parse_cn_integer(groups["cm"]), parse_cn_integer(groups["cd"])
    month = _MONTHS[groups["mn"].lower()] if groups.get("mn") else int(groups["m"])
    return int(groups["y"]), month, int(groups["d"])


def find_dates(text: str) -> list[Match]:
    found: list[Match] = []
    taken: list[tuple[int, int]] = []
    for pattern in _DATE_PATTERNS:
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            year, month, day = _date_parts(m)
            try:
                value: str | None = date(year, month, day).isoformat()
            except ValueError:
                value = None
            taken.append((m.start(), m.end()))
            attrs = {"invalid": True} if value is None else {}
            found.append(Match("date", m.start(), m.end(), value, dict(attrs)))
    found.extend(_yearless_range_ends(text, found))
    found.extend(_yearless_list_items(text, found))
    return sorted(found, key=lambda d: d.start)


# "2025年9月9日、9月16日、10月21日": each item of a list of days written without its year takes
# the year before it (the next year when its month comes earlier)
_YEARLESS_ITEM = re.compile(r"\s*[、，,和及]\s*(?P<m>\d{1,2})\s?月\s?(?P<d>\d{1,2})\s?[日号]")


def _yearless_list_items(text: str, found: list[Match]) -> list[Match]:
    out: list[Match] = []
    for start in found:
        if not isinstance(start.value, str) or "年" not in text[start.start : start.end]:
            continue
        previous, at = date.fromisoformat(start.value), start.end
        while (m := _YEARLESS_ITEM.match(text, at, min(len(text), at + 16))) is not None:
            month, day = int(m.group("m")), int(m.group("d"))
            year = previous.year + (1 if month < previous.month else 0)
            try:
                previous = date(year, month, day)
            except ValueError:
                break
            out.append(Match("date", m.start("m"), m.end(), previous.isoformat(),
                             {"year_from_list": True}))  # fmt: skip
            at = m.end()
    return out


# "2025年10月24日至10月25日": a range's end written without its year takes the start's year
# (the next year when its month comes earlier: "2025年11月1日至3月31日")
_YEARLESS_END = re.compile(
    r"\s*(?:起)?\s*(?:至|到|—|–|~|～)\s*(?P<m>\d{1,2})\s?月\s?(?P<d>\d{1,2})\s?[日号]"
)


def _yearless_range_ends(text: str, found: list[Match]) -> list[Match]:
    out: list[Match] = []
    for start in found:
        if not isinstance(start.value, str) or "年" not in text[start.start : start.end]:
            continue
        m = _YEARLESS_END.match(text, start.end, min(len(text), start.end + 24))
        if m is None:
            continue
        first = date.fromisoformat(start.value)
        month, day = int(m.group("m")), int(m.group("d"))
        year = first.year + (1 if month < first.month else 0)
        try:
            value: str | None = date(year, month, day).isoformat()
        except ValueError:
            value = None
        at = m.start("m")
        key = "invalid" if value is None else "year_from_range"
        out.append(Match("date", at, m.end(), value, {key: True}))
    return out


_UNIT_MONTHS = {
    "hour": 1 / 720, "day": 1 / 30, "workday": 1 / 21, "week": 7 / 30, "month": 1.0, "year": 12.0,
}  # fmt: skip
_CN_UNITS = {
    "小时": "hour", "个工作日": "workday", "工作日": "workday", "日": "day", "天": "day",
    "周": "week", "星期": "week", "个月": "month", "年": "year", "个自然年": "year",
    "个日历日": "day", "日历日": "day", "个自然日": "day", "自然日": "day",
    "个日历天": "day", "日历天": "day",
}  # fmt: skip
_CN_DURATION = re.compile(
    # not 最后一日 / 下一日 / 首尾两日 (the last day, the next day, both end days): days named,
    # not counted
    r"(?<![\d年月.下尾])(?<!最后)(?P<num>\d+|[零一二两三四五六七八九十百壹贰叁肆伍陆柒捌玖拾佰]+)\s?(?P<unit>个工作日|工作日|小时|个月|个自然年"
    r"|个日历日|日历日|个日历天|日历天|个自然日|自然日|日|天|周|星期|年)(?![\d月])"
)
_CN_HALF = re.compile(r"半年|半个月")
_CN_YEARS_MONTHS = re.compile(
    r"(?<![\d年月.])(?P<y>\d{1,2}|[一二两三四五六七八九十壹贰叁肆伍陆柒捌玖拾]+)\s?年(?:零|又)?"
    r"(?P<m>\d{1,2}|[一二两三四五六七八九十壹贰叁肆伍陆柒捌玖拾]+)\s?个月"
)
_EN_UNITS = {
    "hour": "hour", "business day": "workday", "working day": "workday", "day": "day",
    "calendar day": "day", "week": "week", "month": "month", "year": "year",
}  # fmt: skip
_WORD = "|".join(sorted(EN_NUMBER_WORDS, key=len, reverse=True))
_EN_DURATION = re.compile(
    rf"\b(?:(?P<words>(?:{_WORD})(?:[\s\-]+(?:{_WORD}))*)\s*\((?P<fig>\d+)\)|(?P<num>\d+)"
    rf"|(?P<only>(?:{_WORD})(?:[\s\-]+(?:{_WORD}))*))"
    # "eight (8) Hire Months", "two Contract Years": a unit the contract defines on the calendar
    r"[\s\-]+(?:(?:full|complete|consecutive|successive|calendar|hire|rental|lease|contract"
    r"|billing|service|subscription|licen[cs]e)\s+){0,2}"
    r"(?P<unit>business days?|working days?|calendar days?|days?|weeks?|months?|years?"
    r"|hours?)\b",
    re.I,
)


def _duration(start: int, end: int, count: float, unit: str, extra: dict[str, int]) -> Match:
    months = count * _UNIT_MONTHS[unit]
    attrs: dict[str, str | float | int | bool | None] = {"unit": unit, "months": round(months, 4)}
    attrs.update(extra)
    return Match("duration", start, end, count, attrs)


# "每月11日至15日为对账期": days of the month, a span of the calendar, not two durations
_CN_DAY_RANGE = re.compile(
    r"(?<![\d.])\d{1,2}\s?[日号]\s?(?:至|到|—|–|-|~|～)\s?\d{1,2}\s?[日号](?![内间])"
)


def find_durations(text: str, dates: list[Match]) -> list[Match]:
    taken = [(d.start, d.end) for d in dates]
    taken += [(m.start(), m.end()) for m in _CN_DAY_RANGE.finditer(text)]
    found: list[Match] = []
    # 二十年零六个月 / 两年十一个月: one duration (246 / 35 months), or a 20-year lease limit
    # would see only the years (and the month count after 年 looks like a date to _CN_DURATION)
    for m in _CN_YEARS_MONTHS.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        try:
            years, months = (
                int(g) if g.isdigit() else parse_cn_integer(g) for g in (m.group("y"), m.group("m"))
            )
        except ValueError:
            continue
        found.append(_duration(m.start(), m.end(), years * 12 + months, "month", {}))
        taken.append((m.start(), m.end()))
    for m in _CN_DURATION.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        num = m.group("num")
        try:
            count = int(num) if num.isdigit() else parse_cn_integer(num)
        except ValueError:
            continue
        unit = _CN_UNITS[m.group("unit")]
        if unit == "year" and count > 100:
            continue  # a year number, not a duration
        found.append(_duration(m.start(), m.end(), count, unit, {}))
    for m in _CN_HALF.finditer(text):
        unit, count = ("month", 6) if m.group() == "半年" else ("day", 15)
        found.append(_duration(m.start(), m.end(), count, unit, {}))
    for m in _EN_DURATION.finditer(text):
        extra: dict[str, int] = {}
        try:
            if m.group("fig"):
                count = int(m.group("fig"))
                extra["words_value"] = parse_en_words(m.group("words"))
            elif m.group("num"):
                count = int(m.group("num"))
            else:
                count = parse_en_words(m.group("only"))
        except ValueError:
            continue
        unit_text = m.group("unit").lower().rstrip("s")
        found.append(_duration(m.start(), m.end(), count, _EN_UNITS[unit_text], extra))
    return sorted(found, key=lambda d: d.start)
