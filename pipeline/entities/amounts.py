"""Money amounts: figures (¥1,250,000.00, 36万元, US$52,000), 大写 (壹佰贰拾万元整) and
English words (Twenty-Five Thousand Dollars), each with its normalised value and currency.

A 大写 or words amount is paired with its figure twin when the twin stands in brackets right
after it (or before it): both get ``twin_value`` so a rule can compare them.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from kb.numerals import CN_DIGITS, CN_FIGURE_CHARS, parse_cn_amount, parse_cn_integer
from pipeline.entities.model import Match
from pipeline.entities.number_words import EN_NUMBER_WORDS, parse_en_words

_CURRENCY_PREFIX = {
    "¥": "CNY", "￥": "CNY", "RMB": "CNY", "人民币": "CNY", "CNY": "CNY",
    "USD": "USD", "US$": "USD", "$": "USD", "U.S.$": "USD",
    "EUR": "EUR", "€": "EUR", "£": "GBP", "GBP": "GBP", "HK$": "HKD", "HKD": "HKD",
}  # fmt: skip
_PREFIX = "|".join(re.escape(p) for p in sorted(_CURRENCY_PREFIX, key=len, reverse=True))
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"

FIGURE = re.compile(
    rf"(?P<cur>{_PREFIX})?\s?(?P<num>{_NUMBER})\s?"
    r"(?P<unit>亿元|万元|元|亿|万|million|billion|thousand)?"
    r"(?P<suffix>\s?(?:美元|港元|欧元|元|U\.S\. dollars|US dollars|dollars|USD|RMB|EUR))?",
    re.IGNORECASE,
)
_SCALE = {
    "亿元": 10**8, "亿": 10**8, "万元": 10**4, "万": 10**4, "元": 1,
    "million": 10**6, "billion": 10**9, "thousand": 10**3,
}  # fmt: skip
_SUFFIX_CURRENCY = {"美元": "USD", "港元": "HKD", "欧元": "EUR", "元": "CNY", "rmb": "CNY"}

CAPITAL = re.compile(
    r"(?:(?P<cur>人民币|RMB|¥|￥)\s?)?(?:[（(]?大写[）)]?[:：]?\s?)?"
    r"(?P<amount>[" + CN_FIGURE_CHARS + r"]+[元圆](?:[" + "".join(CN_DIGITS) + r"]角)?"
    r"零?(?:[" + "".join(CN_DIGITS) + r"]分)?[整正]?)"
)
_WORD = r"(?:" + "|".join(sorted(EN_NUMBER_WORDS, key=len, reverse=True)) + r")"
WORDS = re.compile(
    # "one million, two hundred and eighty-four thousand, six hundred pounds": a comma after a
    # scale word goes on with the same number
    rf"\b(?P<words>{_WORD}(?:(?:[\s\-]+|\s+and\s+|(?:(?<=thousand)|(?<=million)|(?<=billion)),\s*){_WORD})*)\s+"
    r"(?P<cur>(?:U\.S\.\s+|US\s+|United\s+States\s+)?dollars|euros|pounds|yuan|renminbi)\b"
    # "nine dollars and eighty cents", "ten pounds and fifty pence"; "Four Yuan, Six Jiao and
    # Five Fen", "Four Yuan and Sixty Fen" (a jiao is a tenth of a yuan, a fen a hundredth)
    rf"(?:,?\s+(?:and\s+)?(?P<jiao>{_WORD})\s+jiao)?"
    rf"(?:,?\s+and\s+(?P<cents>{_WORD}(?:[\s\-]+{_WORD})*)\s+(?:cents?|pence|penny|fen))?",
    re.IGNORECASE,
)
# "pounds of Products", "per pound": the text weighs in pounds, so words before "pounds" are a
# weight unless sterling is named
_POUND_WEIGHT = re.compile(r"\bpounds? of\b|\bper pound\b|\b(?:a|each|the) pound\b", re.I)
_STERLING = re.compile(r"£|\bsterling\b|\bGBP\b", re.I)
_WORD_CURRENCY = {"dollars": "USD", "euros": "EUR", "pounds": "GBP", "yuan": "CNY"}
# between a figure and its words: "（大写：", " (", and the currency the words open with
# ("RMB 1,050,000 (Renminbi One Million and Fifty Thousand Yuan)")
_TWIN_GAP = re.compile(
    r"^\s?[（(]?\s?(?:大写|小写)?[:：]?\s?"
    r"(?:(?:人民币|Renminbi|RMB|(?:US |Hong Kong |Singapore )?Dollars|Euros?|Pounds(?: Sterling)?)"
    r"\s?)?$",
    re.I,
)
_TWIN_REACH = 24


def _figure_currency(match: re.Match[str], language: str) -> str | None:
    cur = match.group("cur")
    if cur:
        return _CURRENCY_PREFIX.get(cur.upper(), _CURRENCY_PREFIX.get(cur))
    suffix = (match.group("suffix") or "").strip().lower()
    if suffix:
        if "dollar" in suffix or suffix == "usd":
            return "USD"
        return _SUFFIX_CURRENCY.get(suffix, suffix.upper())
    unit = match.group("unit") or ""
    if unit.endswith("元"):
        return "CNY"
    return None


def find_figures(text: str, language: str) -> list[Match]:
    found: list[Match] = []
    for m in FIGURE.finditer(text):
        currency = _figure_currency(m, language)
        unit = m.group("unit") or ""
        if currency is None:
            continue  # a bare number is not an amount
        try:
            number = Decimal(m.group("num").replace(",", ""))
        except InvalidOperation:
            continue
        value = number * _SCALE.get(unit.lower(), _SCALE.get(unit, 1))
        start = m.start("cur") if m.group("cur") else m.start("num")
        end = m.end()
        while end > start and text[end - 1].isspace():
            end -= 1
        found.append(
            Match(
                "amount",
                start,
                end,
                float(value),
                {"currency": currency, "form": "figure", "decimal": str(value)},
            )
        )
    return found


def find_capitals(text: str) -> list[Match]:
    found: list[Match] = []
    for m in CAPITAL.finditer(text):
        amount = m.group("amount")
        try:
            value = parse_cn_amount(amount)
        except ValueError:
            continue
        start = m.start("cur") if m.group("cur") else m.start("amount")
        found.append(
            Match(
                "amount",
                start,
                m.end(),
                float(value),
                {"currency": "CNY", "form": "capital", "decimal": str(value)},
            )
        )
    return found


_SCALE_WORDS = {"hundred", "thousand", "million", "billion"}


def find_words(text: str) -> list[Match]:
    found: list[Match] = []
    weighs = _POUND_WEIGHT.search(text) is not None and _STERLING.search(text) is None
    for m in WORDS.finditer(text):
        if m.group("words").split()[0].lower() in _SCALE_WORDS:
            continue  # "three (3) million dollars": the scale of a number written before it
        cur = m.group("cur").lower().split()[-1]
        if cur == "pounds" and weighs:
            continue  # "forty-eight thousand pounds at $9.80 per pound": a weight
        try:
            value = Decimal(parse_en_words(m.group("words")))
            if m.group("jiao"):
                value += Decimal(parse_en_words(m.group("jiao"))) / 10
            if m.group("cents"):
                value += Decimal(parse_en_words(m.group("cents"))) / 100
        except ValueError:
            continue
        found.append(
            Match(
                "amount",
                m.start(),
                m.end(),
                float(value),
                {
                    "currency": _WORD_CURRENCY.get(cur, "USD"),
                    "form": "words",
                    "decimal": str(value),
                },
            )
        )
    return found


def find_amounts(text: str, language: str) -> list[Match]:
    """Every money amount in ``text``, figures and spelled-out forms, with twins paired."""
    spelled = find_capitals(text) + find_words(text)
    figures = [
        f
        for f in find_figures(text, language)
        if not any(s.start <= f.start < s.end for s in spelled)
    ]
    out: list[Match] = []
    paired: dict[int, Match] = {}
    for s in spelled:
        twin = next(
            (
                f
                for f in figures
                if (0 <= f.start - s.end <= _TWIN_REACH and _TWIN_GAP.match(text[s.end : f.start]))
                or (0 <= s.start - f.end <= _TWIN_REACH and _TWIN_GAP.match(text[f.end : s.start]))
            ),
            None,
        )
        if twin is None:
            out.append(s)
            continue
        s_attrs = {**s.attrs, "twin_value": twin.value, "twin_start": twin.start}
        t_attrs = {**twin.attrs, "twin_value": s.value, "twin_start": s.start}
        out.append(Match(s.kind, s.start, s.end, s.value, s_attrs))
        paired[id(twin)] = Match(twin.kind, twin.start, twin.end, twin.value, t_attrs)
    out.extend(paired.get(id(f), f) for f in figures)
    return sorted(out, key=lambda m: m.start)


def cn_lower_number(text: str) -> int | None:
    """A small helper for other parsers: a Chinese or Arabic integer, or None."""
    if text.isdigit():
        return int(text)
    try:
        return parse_cn_integer(text)
    except ValueError:
        return None
