"""An indemnity and a liability cap that each claim to govern the same liability.

The defect is the pair: a cap that reaches the indemnity (its words name indemnities, or the
indemnity's clause number, or it applies "notwithstanding anything to the contrary") and an
indemnity that says it escapes every limit ("shall not be limited by clause 13"). Either alone
is a clear bargain, and so is an escape the cap itself carves out ("except for the indemnities
in Section 9"); those lawful twins stay silent.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.registry import Hit, Params, check

_CAP = re.compile(
    r"liabilit[^.;]{0,200}(?:shall|will) not (?:in (?:the )?aggregate )?exceed"
    r"|liabilit[^.;]{0,120}(?:is|are|shall be) (?:limited|capped) (?:to|at)"
    r"|in no (?:event|case)[^.;]{0,120}liabilit[^.;]{0,160}exceed",
    re.I,
)
_INDEMN = re.compile(r"indemnif|indemnit|hold harmless", re.I)
_ESCAPE = re.compile(
    r"(?:not|n't)\s+(?:be\s+)?(?:subject to|limited by|restricted by|bound by|capped by|reduced by"
    r"|affected by)|without (?:any )?limit(?:ation)?(?! of)|\bunlimited\b|\buncapped\b"
    r"|outside (?:the|any) (?:cap|limitation)|regardless of any (?:cap|limit)"
    r"|notwithstanding (?:any|the) (?:limitation|cap|limit)",
    re.I,
)
_CARVE_OUT = re.compile(
    r"(?:except|other than|excluding|save (?:for)?|does not apply to|shall not apply to"
    r"|not (?:apply|extend) to)[^.;]{0,100}",
    re.I,
)
_LISTING = re.compile(r"includ\w*,?\s*(?:but\s+)?(?:without limitation|not limited to),?", re.I)
_REF = re.compile(r"(?:Section|Article|Clause|§)\s*(\d+(?:\.\d+)*)", re.I)


def _indemnity_numbers(ctx: RuleContext) -> set[str]:
    return {
        c.number for c in ctx.clauses if "indemnity" in c.kinds or _INDEMN.search(c.heading[:60])
    }


def _names_indemnity(text: str, numbers: set[str]) -> bool:
    if _INDEMN.search(text):
        return True
    return any(
        m.group(1) in numbers or m.group(1).split(".")[0] in numbers for m in _REF.finditer(text)
    )


def _carves_out(cap_clause: str, numbers: set[str]) -> bool:
    return any(_names_indemnity(m.group(), numbers) for m in _CARVE_OUT.finditer(cap_clause))


def _reaches(cap: str, numbers: set[str]) -> bool:
    """The cap sentence takes in the indemnity: by name, by its clause number, or by
    overriding everything else."""
    if re.search(r"notwithstanding anything", cap, re.I):
        return True
    outside_carve_out = _CARVE_OUT.sub("", cap)
    return _names_indemnity(outside_carve_out, numbers)


def _about_indemnity(ctx: RuleContext, sentence: Sentence, numbers: set[str]) -> bool:
    return _names_indemnity(sentence.text, numbers) or bool(
        _INDEMN.search(ctx.clause_of(sentence)[:400])
    )


def _escapes(sentence: str) -> bool:
    # "including without limitation" lists examples; it limits nothing
    return bool(_ESCAPE.search(_LISTING.sub(" ", sentence)))


@check("indemnity_escapes_cap", fields=("cap", "escape"))
def indemnity_escapes_cap(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """A cap that reaches the indemnity and an indemnity that escapes every cap."""
    numbers = _indemnity_numbers(ctx)
    caps = [s for s in ctx.sentences if _CAP.search(s.text)]
    if not caps or any(_carves_out(ctx.clause_of(c), numbers) for c in caps):
        return
    reaching = [c for c in caps if _reaches(c.text, numbers)]
    if not reaching:
        return
    for sentence in ctx.sentences:
        if sentence in caps or not _escapes(sentence.text):
            continue
        if not _about_indemnity(ctx, sentence, numbers):
            continue
        cap = reaching[0]
        yield Hit(
            ctx.sentence_span(sentence),
            {"cap": cap.text.strip(), "escape": sentence.text.strip()},
            related=(ctx.sentence_span(cap),),
        )
        return


_MENTIONS_LIMIT = re.compile(
    r"\bcap\b|limitation|limit(?:s|ed)? of liability|subject to (?:Section|Clause|Article|the)"
    r"|shall not exceed|maximum|aggregate liability|without limit|unlimited|uncapped",
    re.I,
)


def _clause_text_of(ctx: RuleContext, sentence: Sentence) -> str:
    """The whole top-level clause a sentence lies in (an indemnity's limits may sit in 9.4)."""
    by_id = {c.id: c for c in ctx.clauses}
    at = ctx.view.origin[sentence.start]
    inner = [c for c in ctx.clauses if c.span.start <= at < c.span.end]
    if not inner:
        return sentence.text
    clause = min(inner, key=lambda c: c.span.end - c.span.start)
    while clause.parent in by_id:
        clause = by_id[clause.parent]
    return ctx.clause_text(clause)


@check("indemnity_beside_silent_cap", fields=("cap", "indemnity"))
def indemnity_beside_silent_cap(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """A general liability cap and an indemnity for losses, and neither says whether the cap
    reaches the indemnity: the overlap is left to a court."""
    caps = [s for s in ctx.sentences if _CAP.search(s.text)]
    if not caps:
        return
    cap_clauses = [_clause_text_of(ctx, c) for c in caps]
    numbers = _indemnity_numbers(ctx)
    if any(_names_indemnity(text, numbers) for text in cap_clauses):
        return  # the cap clause deals with indemnities (by name or number), one way or the other
    for sentence in ctx.sentences:
        if not re.search(
            r"\b(?:shall|will|agrees? to)\s+(?:defend,?\s+)?(?:and\s+)?"
            r"(?:indemnify|hold harmless)",
            sentence.text,
            re.I,
        ):
            continue
        if _MENTIONS_LIMIT.search(_clause_text_of(ctx, sentence)):
            return  # the indemnity clause places itself inside or outside a limit
        yield Hit(
            ctx.sentence_span(sentence),
            {"cap": caps[0].text.strip(), "indemnity": sentence.text.strip()},
            related=(ctx.sentence_span(caps[0]),),
        )
        return
