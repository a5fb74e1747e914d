"""Acceptance against criteria "set out in Annex 2" when Annex 2, attached, sets out none of them:
"if it meets the detection performance indicators set out in Annex 2" while Annex 2 lists the
line speed, the defect types and the camera layout, and no detection rate. The quality standard
the work is accepted (and paid) against is then missing (民法典 510, 511(一); for English law an
uncertain standard of acceptance).

The annex must be in the text (a missing annex is another check's) and none of the words that
name the criteria may appear in it; an annex headed "Acceptance Criteria" for "the acceptance
criteria set out in Annex 2" is what it says.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_REFERENCE = re.compile(
    r"\b(?:meets?|meeting|satisf\w+|compl\w+ with|conform\w* (?:to|with)|achieves?|in accordance"
    r" with)\s+(?:all\s+)?(?:of\s+)?the\s+(?P<what>(?:[\w-]+\s){1,4}?(?:indicators|criteria|"
    r"specifications?|requirements|standards|KPIs|metrics|targets))\s+(?:set out|specified|"
    r"listed|stated|described|contained|defined)\s+in\s+(?P<annex>(?:Annex|Schedule|Appendix|"
    r"Exhibit)\s+[\dA-Z]{1,3})\b",
    re.I,
)
_GENERIC = frozenset(
    {
        "the", "all", "of", "and", "or", "technical", "acceptance", "test", "testing",
        "quality", "agreed", "applicable", "relevant", "such", "said", "contract",
        "agreement", "key", "main",
    }
)  # fmt: skip
_HEADING = re.compile(r"(?m)^\s*(?:Annex|Schedule|Appendix|Exhibit)\s+[\dA-Z]{1,3}\b", re.I)
_SIGNATURES = re.compile(
    r"(?m)^\s*(?:IN WITNESS|Signed\b|Authori[sz]ed (?:representative|signat))", re.I
)


def _annex_text(text: str, name: str) -> str | None:
    """The annex's own text: from its heading line to the next annex heading or signatures."""
    heads = [m for m in _HEADING.finditer(text) if m.group().strip().lower() == name.lower()]
    if not heads:
        return None
    start = heads[-1].start()
    ends = [m.start() for m in _HEADING.finditer(text, heads[-1].end())]
    ends += [m.start() for m in _SIGNATURES.finditer(text, heads[-1].end())]
    return text[start : min(ends, default=len(text))]


class AnnexCriteriaParams(Params):
    pass


@check("criteria_absent_from_annex", AnnexCriteriaParams, fields=("what", "annex"))
def criteria_absent_from_annex(ctx: RuleContext, params: AnnexCriteriaParams) -> Iterator[Hit]:
    """Work accepted against criteria in an annex that, attached, states none of them."""
    for sentence in ctx.sentences:
        m = _REFERENCE.search(sentence.text)
        if m is None:
            continue
        annex = _annex_text(ctx.text, re.sub(r"\s+", " ", m.group("annex")))
        if annex is None:
            continue
        words = [
            w for w in re.findall(r"[a-z]+", m.group("what").lower())[:-1] if w not in _GENERIC
        ]
        if not words or any(w[:5] in annex.lower() for w in words):
            continue
        yield Hit(
            ctx.match_span(sentence, m),
            {"what": m.group("what"), "annex": m.group("annex")},
        )
        return
