"""Chinese article numerals, both ways: ``第五百八十五条`` <-> 585.

Statutes write article numbers in Chinese numerals; users cite them either way, and some
read the digits one by one (``第七三零条`` for 730). Parsing is strict: a string is accepted
only if it is a recognised spelling of its value, so a malformed numeral (``五百八五``,
``十十``) raises instead of being misread.

Accepted spellings of a value:
- the statute form :func:`int_to_cn` writes (``一千二百六十``);
- with ``两``/``兩`` for ``二`` before 百/千 and ``〇`` for ``零`` (``两千``, ``一千〇一``);
- ``一十`` for a leading or inner ``十`` (``一十二``, ``一百十`` = ``一百一十``);
- digit by digit, two or more digits and no unit (``七三零``, ``五八五``, ``一〇一``); this
  cannot collide with the forms above, which always carry a unit once past nine;
- Arabic digits, half or full width.
"""

from __future__ import annotations

_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5}
_DIGITS |= {"六": 6, "七": 7, "八": 8, "九": 9}
_UNITS = {"十": 10, "百": 100, "千": 1000}
_DIGIT_CHARS = "零一二三四五六七八九"

CN_NUMERAL_CHARS = "零〇一二两兩三四五六七八九十百千"


def cn_to_int(text: str) -> int:
    """Parse a Chinese (or Arabic) numeral below 10,000. Raises ValueError on anything else."""
    text = text.strip()
    if text.isdigit():
        return int(text)
    if not text or any(c not in _DIGITS and c not in _UNITS for c in text):
        raise ValueError(f"not a Chinese numeral: {text!r}")
    if not any(c in _UNITS for c in text):
        return _digit_by_digit(text)
    if any(c in "两兩" and text[i + 1 : i + 2] not in ("百", "千") for i, c in enumerate(text)):
        raise ValueError(f"两 stands only before 百 or 千 (两百, 两千): {text!r}")
    value = _positional(text)
    if _canonical(text) != int_to_cn(value):
        raise ValueError(
            f"not a well-formed Chinese numeral: {text!r}; write it as statutes do "
            "(五百八十五), digit by digit (五八五) or in digits (585)"
        )
    return value


def _digit_by_digit(text: str) -> int:
    """``七三零`` -> 730. One character is that digit (零 is 0, 两 is 2); no leading 零."""
    if len(text) > 1 and ("两" in text or "兩" in text):  # 两 alone is 2, never one digit of many
        raise ValueError(f"not a Chinese numeral: {text!r}")
    if len(text) > 1 and _DIGITS[text[0]] == 0:
        raise ValueError(f"a digit-by-digit numeral may not start with 零: {text!r}")
    if len(text) > 4:
        raise ValueError(f"numeral out of range (above 9999): {text!r}")
    value = 0
    for char in text:
        value = value * 10 + _DIGITS[char]
    return value


def _positional(text: str) -> int:
    total, digit = 0, None
    for char in text:
        if char in _DIGITS:
            digit = _DIGITS[char]
            continue
        # "十" with no digit (or 零) before it means one ten (十二 = 12, 一千零十 = 1010).
        total += (digit or 1) * _UNITS[char]
        digit = None
    value = total + (digit or 0)
    if not 0 < value < 10000:
        raise ValueError(f"numeral out of range (1-9999): {text!r}")
    return value


def _canonical(text: str) -> str:
    """Fold the accepted variants into the statute form, for comparison with int_to_cn."""
    folded = text.replace("〇", "零").replace("两", "二").replace("兩", "二")
    chars: list[str] = []
    for index, char in enumerate(folded):
        before = folded[index - 1] if index else ""
        # 一百十 -> 一百一十, 一千零十 -> 一千零一十 (an inner 十 with no digit 1-9 before it)
        if char == "十" and before and before not in _DIGIT_CHARS[1:]:
            chars.append("一")
        chars.append(char)
    canonical = "".join(chars)
    # 一十二 -> 十二: statutes drop the leading 一 of a leading ten
    return canonical[1:] if canonical.startswith("一十") else canonical


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
