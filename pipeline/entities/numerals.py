"""Chinese numerals (小写 and 大写) and English number words, both ways.

``parse_cn_integer("壹佰贰拾万") == 1_200_000`` and ``cn_integer(1_200_000, capital=True) ==
"壹佰贰拾万"``; ``parse_en_words("twenty-five thousand") == 25_000``. The writers exist so
the parsers can be round-trip tested, and so a message can show the 大写 form of a figure.
"""

from __future__ import annotations

import re
from decimal import Decimal

CN_DIGITS = {
    "零": 0, "〇": 0, "○": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5,
    "六": 6, "七": 7, "八": 8, "九": 9, "壹": 1, "贰": 2, "貳": 2, "叁": 3, "參": 3,
    "肆": 4, "伍": 5, "陆": 6, "陸": 6, "柒": 7, "捌": 8, "玖": 9,
}  # fmt: skip
CN_SMALL_UNITS = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
CN_NUMERAL_CHARS = "".join(CN_DIGITS) + "".join(CN_SMALL_UNITS) + "万萬亿億"

_LOWER = "零一二三四五六七八九"
_UPPER = "零壹贰叁肆伍陆柒捌玖"
_LOWER_UNITS = ("", "十", "百", "千")
_UPPER_UNITS = ("", "拾", "佰", "仟")
_BIG_UNITS = ("", "万", "亿")
MAX_CN_INTEGER = 10**12 - 1


def _parse_small(text: str) -> int:
    """A number below 10,000 written with 千百十 units (or plain digits, e.g. 二〇二五)."""
    if text and all(ch in CN_DIGITS for ch in text):
        if len(text) == 1:
            return CN_DIGITS[text]
        return int("".join(str(CN_DIGITS[ch]) for ch in text))
    total = 0
    digit: int | None = None
    for ch in text:
        if ch in CN_DIGITS:
            digit = CN_DIGITS[ch]
        elif ch in CN_SMALL_UNITS:
            total += (1 if digit is None else digit) * CN_SMALL_UNITS[ch]
            digit = None
        else:
            raise ValueError(f"{ch!r} is not a Chinese numeral")
    return total + (digit or 0)


def parse_cn_integer(text: str) -> int:
    """Parse a Chinese integer numeral such as 三十六, 壹佰贰拾万, 一亿零一, 二〇二五."""
    text = text.replace("萬", "万").replace("億", "亿")
    if not text:
        raise ValueError("empty numeral")
    if "亿" in text:
        head, _, tail = text.rpartition("亿")
        return parse_cn_integer(head) * 10**8 + (parse_cn_integer(tail) if tail else 0)
    if "万" in text:
        head, _, tail = text.rpartition("万")
        return parse_cn_integer(head) * 10**4 + (_parse_small(tail) if tail else 0)
    return _parse_small(text)


def cn_integer(value: int, *, capital: bool = False) -> str:
    """Write ``value`` in standard Chinese numerals (大写 when ``capital``)."""
    if not 0 <= value <= MAX_CN_INTEGER:
        raise ValueError(f"{value} is outside 0..{MAX_CN_INTEGER}")
    digits_chars, units = (_UPPER, _UPPER_UNITS) if capital else (_LOWER, _LOWER_UNITS)
    if value == 0:
        return digits_chars[0]
    digits = str(value)
    out: list[str] = []
    pending_zero = False
    for idx, ch in enumerate(digits):
        power = len(digits) - 1 - idx
        d = int(ch)
        if d == 0:
            pending_zero = bool(out)
        else:
            if pending_zero:
                out.append(digits_chars[0])
                pending_zero = False
            out.append(digits_chars[d])
            out.append(units[power % 4])
        if power % 4 == 0 and power > 0 and int(digits[max(0, idx - 3) : idx + 1]) > 0:
            out.append(_BIG_UNITS[power // 4])
            pending_zero = False  # zeros closing a group are not read aloud
    return "".join(out)


_CAPITAL_AMOUNT = re.compile(
    r"^(?P<int>[" + CN_NUMERAL_CHARS + r"]*)[元圆](?:(?P<jiao>[" + "".join(CN_DIGITS) + r"])角)?"
    r"零?(?:(?P<fen>[" + "".join(CN_DIGITS) + r"])分)?[整正]?$"
)


def parse_cn_amount(text: str) -> Decimal:
    """Parse a 大写 amount such as 壹佰贰拾万元整 or 叁仟元零伍角陆分 into yuan."""
    match = _CAPITAL_AMOUNT.match(text.replace("零角", "").replace("圆", "元"))
    if not match:
        raise ValueError(f"{text!r} is not a Chinese money amount")
    integer = match.group("int").rstrip("零")
    yuan = parse_cn_integer(integer) if integer else 0
    jiao = CN_DIGITS[match.group("jiao")] if match.group("jiao") else 0
    fen = CN_DIGITS[match.group("fen")] if match.group("fen") else 0
    return Decimal(yuan) + Decimal(jiao) / 10 + Decimal(fen) / 100


def cn_amount(value: Decimal) -> str:
    """Write yuan in 大写, e.g. Decimal("1200000") -> 壹佰贰拾万元整."""
    cents = int((value * 100).to_integral_value())
    yuan, rest = divmod(cents, 100)
    jiao, fen = divmod(rest, 10)
    text = cn_integer(yuan, capital=True) + "元"
    if not jiao and not fen:
        return text + "整"
    if jiao:
        text += _UPPER[jiao] + "角"
    if fen:
        text += ("零" if not jiao else "") + _UPPER[fen] + "分"
    return text


_ONES = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9}
EN_NUMBER_WORDS = frozenset(_ONES) | frozenset(_TENS[2:]) | {"hundred", *_SCALES}
MAX_EN_INTEGER = 10**12 - 1


def parse_en_words(text: str) -> int:
    """Parse English number words: 'one million two hundred thousand and five' -> 1200005."""
    words = [w for w in re.split(r"[\s,\-]+", text.lower().strip()) if w and w != "and"]
    if not words:
        raise ValueError("no number words")
    total = 0
    current = 0
    for word in words:
        if word in _ONES:
            current += _ONES.index(word)
        elif word in _TENS[2:]:
            current += _TENS.index(word) * 10
        elif word == "hundred":
            current = (current or 1) * 100
        elif word in _SCALES:
            total += (current or 1) * _SCALES[word]
            current = 0
        else:
            raise ValueError(f"{word!r} is not a number word")
    return total + current


def _below_thousand(n: int) -> list[str]:
    words: list[str] = []
    hundreds, rest = divmod(n, 100)
    if hundreds:
        words += [_ONES[hundreds], "hundred"]
    if rest >= 20:
        tens, ones = divmod(rest, 10)
        words.append(_TENS[tens] + (f"-{_ONES[ones]}" if ones else ""))
    elif rest:
        words.append(_ONES[rest])
    return words


def en_words(value: int) -> str:
    """Write ``value`` in English words: 25000 -> 'twenty-five thousand'."""
    if not 0 <= value <= MAX_EN_INTEGER:
        raise ValueError(f"{value} is outside 0..{MAX_EN_INTEGER}")
    if value == 0:
        return "zero"
    words: list[str] = []
    for name, scale in (("billion", 10**9), ("million", 10**6), ("thousand", 10**3)):
        chunk, value = divmod(value, scale)
        if chunk:
            words += [*_below_thousand(chunk), name]
    words += _below_thousand(value)
    return " ".join(words)
