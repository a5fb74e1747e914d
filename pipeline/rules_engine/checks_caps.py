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

# within a sentence: any character but a full stop or semicolon; a clause number's dot
# ("clause 10.2") does not end the sentence
_IN = r"(?:[^.;]|\.(?=\d))"
_CAP = re.compile(
    rf"liabilit{_IN}{{0,300}}(?:shall|will) not (?:in (?:the )?aggregate )?exceed"
    rf"|liabilit{_IN}{{0,120}}(?:is|are|shall be) (?:limited|capped) (?:to|at)"
    rf"|in no (?:event|case){_IN}{{0,120}}liabilit{_IN}{{0,160}}exceed",
    re.I,
)
_INDEMN = re.compile(r"indemnif|indemnit|hold harmless", re.I)
_ESCAPE = re.compile(
    r"(?:not|n't)\s+(?:be\s+)?(?:subject to|limited by|restricted by|bound by|capped by|reduced by"
    r"|affected by)|without (?:any )?limit(?:ation)?(?! of)|\bunlimited\b|\buncapped\b"
    r"|outside (?:the|any) (?:cap|limitation)|regardless of any (?:cap|limit)"
    r"|notwithstanding (?:any|the) (?:limitation|cap|limit)"
    # "Notwithstanding any other provision …, the Supplier shall indemnify the Customer in full"
    r"|notwithstanding any(?:thing)? (?:other )?(?:provision|term|clause)"
    r"|indemnif\w*[^.;]{0,40}\bin full\b",
    re.I,
)
_CARVE_OUT = re.compile(
    r"(?:except|other than|excluding|save (?:for)?|does not apply to|shall not apply to"
    rf"|not (?:apply|extend) to){_IN}{{0,100}}",
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
    # 12.2 and 12.3 are one clause even where no "12." heading line made them siblings
    top = clause.number.split(".")[0]
    family = [c for c in ctx.clauses if c.number == top or c.number.startswith(top + ".")]
    if not top or len(family) < 2:
        return ctx.clause_text(clause)
    return "\n".join(ctx.clause_text(c) for c in family)


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


_CARVED_REFERENCE = re.compile(
    rf"indemni\w*{_IN}{{0,40}}?(?:under|in|pursuant to|set out in)\s+"
    r"(?:Section|Article|Clause|§)\s*(\d+(?:\.\d+)*)",
    re.I,
)


@check("cap_carve_out_misses_indemnity", fields=("carve_out", "target"))
def cap_carve_out_misses_indemnity(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """The cap carves out "the indemnification obligations under Section 8.1", but Section 8.1
    holds no indemnity while the indemnities sit elsewhere: whether they escape the cap is
    unclear."""
    numbers = _indemnity_numbers(ctx)
    if not numbers:
        return
    for sentence in ctx.sentences:
        # the carve-out may be one item of a list ("(b) ...;"): its clause says what it limits
        clause = ctx.clause_of(sentence)
        if not re.search(r"limitation|\bcap\b|shall not apply|not apply to|exceed", clause, re.I):
            continue
        for m in _CARVED_REFERENCE.finditer(sentence.text):
            target = m.group(1)
            if target in numbers or target.split(".")[0] in numbers:
                continue
            if not any(c.number == target or c.number == target.split(".")[0] for c in ctx.clauses):
                continue  # a number the segmenter did not see: do not guess
            start = sentence.start + m.start()
            yield Hit(
                ctx.span(start, sentence.start + m.end()),
                {"carve_out": m.group().strip(), "target": target},
            )
            return
