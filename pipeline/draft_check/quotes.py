"""Find a review's quote in the contract: verbatim, up to layout.

"Verbatim" allows what a PDF's layout changes and nothing else: whitespace (a line wrap inside
a sentence, a wrapped CJK line with no space at all) and the style of quotation marks. A
changed word, digit or punctuation mark is not the contract's text. When the quote is not
found, the closest passage is offered as a hint for the reader, never as the point's anchor.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass

import Levenshtein

_SPACE = re.compile(r"\s+")
_QUOTE_MARKS = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "「": '"', "」": '"'})
# A hint below this similarity is noise, not "the passage the review probably meant".
MIN_HINT_RATIO = 0.6
_HINT_STARTS = re.compile(r"(?:^|(?<=[\n。；;.!?！？：:]))\s*")


@dataclass(frozen=True)
class Folded:
    """``text`` without whitespace and with quotation marks unified; ``origin[i]`` is where
    the i-th folded character sits in the original text."""

    text: str
    origin: tuple[int, ...]

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        return self.origin[start], self.origin[end - 1] + 1


def fold(text: str) -> Folded:
    kept: list[str] = []
    origin: list[int] = []
    for i, char in enumerate(text.translate(_QUOTE_MARKS)):
        if not char.isspace():
            kept.append(char)
            origin.append(i)
    return Folded("".join(kept), tuple(origin))


@dataclass(frozen=True)
class QuoteMatch:
    quote: str
    start: int | None = None  # in the contract's text (the first occurrence)
    end: int | None = None
    count: int = 0
    hint: str | None = None  # the closest passage, when not found
    hint_ratio: float = 0.0

    @property
    def found(self) -> bool:
        return self.count > 0


class QuoteFinder:
    """Locates quotes in one contract; the folded text is built once."""

    def __init__(self, contract_text: str) -> None:
        self.text = contract_text
        self.folded = fold(contract_text)

    def locate(self, quote: str) -> QuoteMatch:
        needle = fold(quote).text
        if not needle:
            return QuoteMatch(quote)
        haystack = self.folded.text
        first = haystack.find(needle)
        if first == -1:
            hint, ratio = self.closest(quote)
            return QuoteMatch(quote, hint=hint, hint_ratio=ratio)
        start, end = self.folded.original_span(first, first + len(needle))
        return QuoteMatch(quote, start, end, haystack.count(needle))

    def closest(self, quote: str) -> tuple[str | None, float]:
        """The passage most like ``quote``: windows of its length from each line or sentence
        start, scored by Levenshtein ratio on folded text."""
        needle = fold(quote).text
        haystack = self.folded.text
        width = len(needle)
        best, best_at = 0.0, -1
        starts = {self._folded_index(m.end()) for m in _HINT_STARTS.finditer(self.text)}
        for at in sorted(s for s in starts if s is not None):
            window = haystack[at : at + width]
            ratio = Levenshtein.ratio(needle, window)
            if ratio > best:
                best, best_at = ratio, at
        # the quote may start mid-sentence: slide around the best start in small steps
        if best_at >= 0:
            for at in range(max(0, best_at - width), min(len(haystack), best_at + width)):
                ratio = Levenshtein.ratio(needle, haystack[at : at + width])
                if ratio > best:
                    best, best_at = ratio, at
        if best < MIN_HINT_RATIO or best_at < 0:
            return None, round(best, 3)
        start, end = self.folded.original_span(best_at, min(len(haystack), best_at + width))
        return " ".join(self.text[start:end].split()), round(best, 3)

    def _folded_index(self, original: int) -> int | None:
        i = bisect_left(self.folded.origin, original)
        return i if i < len(self.folded.origin) else None
