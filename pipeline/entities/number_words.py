"""English number words, both ways: ``parse_en_words("twenty-five thousand") == 25_000`` and
``en_words(25_000) == "twenty-five thousand"`` (the writer exists so the parser can be
round-trip tested). Chinese numerals are in :mod:`kb.numerals`.
"""

from __future__ import annotations

import re

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
