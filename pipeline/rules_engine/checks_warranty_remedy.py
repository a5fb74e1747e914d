"""A warranty's remedy put on the party it protects: "Supplier warrants to Distributor that each
Product …" and then "If any Product fails to conform …, Distributor shall repair or replace the
non-conforming Product or credit Supplier". The one who warrants is the one who makes good; a
remedy clause that names the other side leaves who owes it uncertain.

Read from facts, not wording: the warranty sentence gives the two roles (warrantor, beneficiary);
a later sentence of the same clause that is about non-conformity and obliges the beneficiary to
repair, replace, re-perform, refund or credit is the swap."""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.rules_engine.cap_facts import clause_number
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_ROLE = r"[A-Z][a-z]+(?: [A-Z][a-z]+)?"
_WARRANTS = re.compile(
    rf"\b(?:the\s+)?(?P<giver>{_ROLE})\s+(?:hereby\s+)?(?:represents and\s+)?warrants\s+to\s+"
    rf"(?:the\s+)?(?P<taker>{_ROLE})\b"
)
_NONCONFORMING = re.compile(
    r"non-?conform|fails? to conform|defect|breach of (?:the |this |that )?warrant", re.I
)
_REMEDY = r"(?:repair|replace|re-?perform|refund|credit|rectify|remedy)"


def _top_clause(ctx: RuleContext, offset: int) -> str:
    """The top-level number of the clause holding ``offset`` ("9.2" -> "9")."""
    sentence = ctx.sentence_at(offset)
    return clause_number(ctx, sentence).split(".")[0] if sentence else ""


@check("warranty_remedy_on_beneficiary", fields=("warrantor", "beneficiary", "sentence"))
def warranty_remedy_on_beneficiary(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """The party a warranty protects is made to repair, replace or refund under it."""
    parties = {
        str(p.attrs.get("term") or p.attrs.get("role") or p.value) for p in ctx.of_kind("party")
    }
    for w in _WARRANTS.finditer(ctx.text):
        giver, taker = w.group("giver"), w.group("taker")
        if giver == taker or not {giver, taker} <= parties:
            continue
        head = _top_clause(ctx, w.start())
        swapped = re.compile(
            rf"\b(?:the\s+)?{re.escape(taker)}\s+shall\b[^.;]{{0,60}}?\b{_REMEDY}\w*"
        )
        for sentence in ctx.sentences:
            if sentence.start <= w.start() or sentence.start - w.end() > 2000:
                continue
            if head and _top_clause(ctx, sentence.start) != head:
                continue  # another clause: the beneficiary's own duties elsewhere
            m = swapped.search(sentence.text)
            if m and _NONCONFORMING.search(sentence.text):
                yield Hit(
                    ctx.sentence_span(sentence),
                    {"warrantor": giver, "beneficiary": taker,
                     "sentence": " ".join(sentence.text.split())[:200]},
                    related=(ctx.span(w.start(), w.end()),),
                )  # fmt: skip
                return
