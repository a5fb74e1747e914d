"""How a review point's own words place its figures: the clauses it names (not the laws it
cites), the parts of the contract clause numbers do not name, a period it counts a date by, and
a list of figures it runs through."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from pipeline.draft_check.figures import Figure

# "ninety days before the end", "届满前三十日": a period the point counts a date by
COUNTS_BY = re.compile(
    r"\s*(?:'s)?\s*(?:之)?(?:前|后|以前|以后|before|after|prior to|following)", re.I
)
# a part of the contract that clause numbers do not name
OTHER_PART = re.compile(
    r"\b(?:Schedules?|Exhibits?|Annex(?:es)?|Appendix|Appendices|Attachments?)\b"
    r"|附件|附表|附录",
    re.I,
)
_LIST_GAP = re.compile(r"\s*(?:、|,|，|/|and|or|和|及|与|,\s*and)\s*", re.I)
MIN_LIST = 3  # figures in a run before it is a list the point runs through
_CITED_ARTICLE = re.compile(
    r"(?:》|法|典|解释|条例|规定|办法)\s*第[^条]{1,8}条"
    r"|(?:Code|Act|Law)[^.;]{0,20}Article\s*\d+"
    r"|Article\s*\d+\s+of\s+the\s+[^.;]{0,40}(?:Code|Act|Law)"
)


def without_law(text: str, cites: Callable[[str], list[str]] | None) -> str:
    """The point's text with its citations of law blanked (民法典第585条 names no clause)."""
    for citation in cites(text) if cites else []:
        text = text.replace(citation, " " * len(citation))
    return _CITED_ARTICLE.sub(" ", text)


def run_length(point_text: str, figure: Figure, said: Sequence[Figure]) -> int:
    """How many figures of ``figure``'s kind stand in a list with it ("四期付款比例为30%、25%、
    20%、25%"; "30%, 25%, 20% and 25%"): 1 when it stands alone."""
    count = 1
    at = said.index(figure)
    for step in (-1, 1):
        i = at
        while 0 <= i + step < len(said):
            a, b = sorted((said[i], said[i + step]), key=lambda f: f.start)
            if said[i + step].kind != figure.kind or not _LIST_GAP.fullmatch(
                point_text[a.end : b.start]
            ):
                break
            i += step
            count += 1
    return count
