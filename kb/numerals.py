"""Chinese article numerals, both ways: ``第五百八十五条`` <-> 585.

Statutes write article numbers in Chinese numerals; users cite them either way.
"""

from __future__ import annotations

_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6}
_DIGITS |= {"七": 7, "八": 8, "九": 9}
_UNITS = {"十": 10, "百": 100, "千": 1000}
_DIGIT_CHARS = "零一二三四五六七八九"

CN_NUMERAL_CHARS = "零〇一二两三四五六七八九十百千"


def cn_to_int(text: str) -> int:
    """Parse a Chinese (or Arabic) numeral below 10,000. Raises ValueError on anything else."""
    text = text.strip()
    if text.isdigit():
        return int(text)
    if not text or any(c not in _DIGITS and c not in _UNITS for c in text):
        raise ValueError(f"not a Chinese numeral: {text!r}")
    total, digit = 0, None
    for char in text:
        if char in _DIGITS:
            digit = _DIGITS[char]
            continue
        unit = _UNITS[char]
        # "十" alone at the start means one ten (十二 = 12).
        total += (1 if digit is None else digit) * unit
        digit = None
    return total + (digit or 0)


def int_to_cn(number: int) -> str:
    """Write ``number`` (1-9999) as statutes do: 10 -> 十, 101 -> 一百零一, 1260 -> 一千二百六十."""
    if not 0 < number < 10000:
        raise ValueError(f"article number out of range: {number}")
    parts: list[str] = []
    units = ((1000, "千"), (100, "百"), (10, "十"), (1, ""))
    pending_zero = False
    for value, unit in units:
        digit = number // value % 10
        if digit == 0:
            if parts:
                pending_zero = True
            continue
        if pending_zero:
            parts.append("零")
            pending_zero = False
        if not (value == 10 and digit == 1 and not parts):
            parts.append(_DIGIT_CHARS[digit])
        parts.append(unit)
    return "".join(parts)


def cn_article_label(number: int) -> str:
    return f"第{int_to_cn(number)}条"
