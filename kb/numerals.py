"""Chinese numerals, both ways: the one module kb (citations) and the entities (amounts, dates,
rates, clause numbers) share.

Two parsers, because the two uses need different care:

- :func:`cn_to_int` reads **article numbers** (``第五百八十五条`` -> 585), strictly: a string is
  accepted only if it is a recognised spelling of its value, so a malformed numeral
  (``五百八五``, ``十十``) raises instead of being misread as a citation. Accepted spellings:

  - the statute form :func:`int_to_cn` writes (``一千二百六十``);
  - with ``两``/``兩`` for ``二`` before 百/千 and ``〇`` for ``零`` (``两千``, ``一千〇一``);
  - ``一十`` for a leading or inner ``十`` (``一十二``, ``一百十`` = ``一百一十``);
  - digit by digit, two or more digits and no unit (``七三零``, ``五八五``, ``一〇一``); this
    cannot collide with the forms above, which always carry a unit once past nine;
  - Arabic digits, half or full width.

- :func:`parse_cn_integer` and :func:`parse_cn_amount` read **figures in a contract**
  leniently: 小写 and 大写 (``壹佰贰拾万``), ``万``/``亿``, digit runs (``二〇二五``).

The writers (:func:`int_to_cn`, :func:`cn_integer`, :func:`cn_amount`) exist so the parsers can
be round-trip tested, and so a citation or a message can show the statute or 大写 form.
"""

from __future__ import annotations

import re
from decimal import Decimal

# --- article numbers (strict) ---------------------------------------------------------------

_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5}
_DIGITS |= {"六": 6, "七": 7, "八": 8, "九": 9}
_UNITS = {"十": 10, "百": 100, "千": 1000}
_DIGIT_CHARS = "零一二三四五六七八九"

CN_NUMERAL_CHARS = "零〇一二两兩三四五六七八九十百千"  # the characters of an article number


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
    text = cn_integer(number)
    # statutes drop the leading 一 of a leading ten (十二, not 一十二)
    return text[1:] if text.startswith("一十") else text


def cn_article_label(number: int) -> str:
    return f"第{int_to_cn(number)}条"


# --- figures in a contract (lenient: 小写 and 大写, 万 and 亿) ---------------------------------

CN_DIGITS = {
    "零": 0, "〇": 0, "○": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5,
    "六": 6, "七": 7, "八": 8, "九": 9, "壹": 1, "贰": 2, "貳": 2, "叁": 3, "參": 3,
    "肆": 4, "伍": 5, "陆": 6, "陸": 6, "柒": 7, "捌": 8, "玖": 9,
}  # fmt: skip
CN_SMALL_UNITS = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
# every character of a figure: 小写 and 大写 digits and units, 万/萬, 亿/億
CN_FIGURE_CHARS = "".join(CN_DIGITS) + "".join(CN_SMALL_UNITS) + "万萬亿億"

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
    digits_chars, units = (_UPPER, _UPPER_UNITS) if capital else (_DIGIT_CHARS, _LOWER_UNITS)
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
    r"^(?P<int>[" + CN_FIGURE_CHARS + r"]*)[元圆](?:(?P<jiao>[" + "".join(CN_DIGITS) + r"])角)?"
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
