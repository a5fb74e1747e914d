"""A figure of a point that the contract contradicts, and how its reason reads."""

from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass

from pipeline.draft_check.figures import SENTENCE_END, Figure
from pipeline.entities.model import Clause
from pipeline.entities.textview import TextView


@dataclass(frozen=True)
class Mismatch:
    said: Figure  # in the point's text
    stated: Figure  # in the contract (original offsets)
    clause: Clause | None
    worked: str = ""  # the point's own arithmetic, redone ("8,475 / 339,000 = 2.50%")

    def reason(self, view: TextView) -> str:
        """Said as the page reads: a figure a PDF line wrap cut ("8,26⏎8.52") is shown whole."""
        where = (
            f"clause {self.clause.number}" if self.clause and self.clause.number else "the contract"
        )
        start, end = view_range(view, self.stated.start, self.stated.end)
        sentence = sentence_of(view.text, start, end)
        stated = shown(view, self.stated)
        said = self.said.describe()
        if self.worked:  # the operands' clause, whichever of its figures the sum came from
            return f"the point states {said}, but {self.worked}; {where}: “{sentence}”"
        return f"the point states {said}, but {where} states {stated}: “{sentence}”"


def closeness(said: Figure, stated: Figure) -> float:
    """Of two figures the point's words fit as well, the nearer in size is the one it restates
    (a cap of 1,578,087 misstates the cap of 1,378,087, not the daily 8,268.52)."""
    a, b = said.value, stated.value
    if not isinstance(a, int | float) or not isinstance(b, int | float) or a <= 0 or b <= 0:
        return 0.0
    return -abs(math.log(a / b))


def view_range(view: TextView, start: int, end: int) -> tuple[int, int]:
    return bisect_left(view.origin, start), bisect_left(view.origin, end)


def shown(view: TextView, figure: Figure) -> str:
    """The contract figure as the reader sees it, its wrap joined."""
    start, end = view_range(view, figure.start, figure.end)
    return view.text[start:end].strip() or figure.text.strip()


def sentence_of(text: str, start: int, end: int, limit: int = 160) -> str:
    cuts = [m.end() for m in SENTENCE_END.finditer(text, 0, start)]
    left = cuts[-1] if cuts else 0
    stop = SENTENCE_END.search(text, end)
    flat = " ".join(text[left : stop.end() if stop else len(text)].split())
    return flat if not limit or len(flat) <= limit else flat[: limit - 1] + "…"
