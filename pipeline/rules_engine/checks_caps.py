"""An indemnity and a liability cap that each claim to govern the same liability.

The defect is a pair of stances that contradict each other (see ``cap_facts``): a cap that takes
the indemnity in and an indemnity that escapes every limit; a cap that carves the indemnity out
and an indemnity that says it is subject to that cap; or a cap and an indemnity that both say
nothing about each other. A consistent pair (a carve-out and an escape, a cap that names the
indemnity and an indemnity that accepts it, an escape from one cap into a separate cap) is a
clear bargain, and those lawful twins stay silent.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.entities.clause_refs import refs
from pipeline.rules_engine.cap_facts import (
    about_indemnity,
    cap_clause_text,
    carve_outs,
    carved_targets,
    carves_out,
    clause_family_text,
    clause_number,
    escape,
    general_caps,
    indemnity_numbers,
    names_indemnity,
    names_indemnity_itself,
    overlap,
    reached_numbers,
    reaches,
)
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.registry import Hit, Params, check

# "for breach of this Agreement, in tort or otherwise": every liability, not one indemnity
_WHOLE_LIABILITY = re.compile(
    r"breach of this (?:Agreement|Contract)|\bor otherwise\b|under this (?:Agreement|Contract)"
    r"(?! (?:is|are|shall))",
    re.I,
)
# "any other limitation", "any limit of liability": the escape is from every cap, named or not
_EVERY_LIMIT = re.compile(r"\bany (?:other )?(?:limit|cap|limitation|restriction)", re.I)


def _escaped_caps(
    ctx: RuleContext, sentence: Sentence, caps: list[Sentence], reaching: list[Sentence]
) -> list[Sentence]:
    """The reaching caps an escape sentence escapes: those of the caps it names after its
    escape words ("not subject to the limit in clause 10.3"), or all of them when it names no
    cap (a clause number after "notwithstanding" may be the breach, not a cap)."""
    m = escape(sentence.text)
    if m is None:
        return []
    after = sentence.text[m.start() :]
    named = [c for c in caps if any(overlap(n, clause_number(ctx, c)) for n in refs(after))]
    if not named or _EVERY_LIMIT.search(after):
        return reaching
    return [c for c in reaching if c in named]


def _carved(ctx: RuleContext, caps: list[Sentence], numbers: set[str]) -> set[str] | None:
    """The indemnity clauses the caps release; None when a carve-out releases every indemnity
    (it names them without a clause number)."""
    carved: set[str] = set()
    for cap in caps:
        targets = carved_targets(cap_clause_text(ctx, cap), numbers)
        if targets is None:
            return None
        carved |= targets
    return carved


def _released(carved: set[str], own: set[str]) -> bool:
    """The cap itself releases this indemnity (or may: its clause number is unknown). Only the
    most specific numbers count: "11.2 …" in clause 11 is 11.2, and a carve-out of 11.1 does
    not release it."""
    specific = {o for o in own if not any(p != o and p.startswith(o + ".") for p in own)}
    return bool(carved) and (not own or any(overlap(t, o) for t in carved for o in specific))


# the cap of the clause the sentence stands in: "this limit", "the foregoing cap"
_THIS_CAP = re.compile(
    r"\b(?:this|that|such|the (?:foregoing|above|preceding))\s+"
    r"(?:(?:aggregate|overall|liability)\s+)?(?:limit|limitation|cap|ceiling|maximum)\b",
    re.I,
)


def _own_numbers(ctx: RuleContext, sentence: Sentence, cap_numbers: set[str]) -> set[str]:
    return ({clause_number(ctx, sentence)} | refs(sentence.text)) - cap_numbers - {""}


_REIMBURSEMENT = re.compile(r"\breimbursement (?:obligations?|undertakings?)\b", re.I)
_REIMBURSES = re.compile(r"\b(?:shall|will|must)\s+reimburse\b", re.I)


@check("indemnity_escapes_cap", fields=("cap", "escape"))
def indemnity_escapes_cap(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """A cap that reaches the indemnity and an indemnity that escapes that cap."""
    numbers = indemnity_numbers(ctx)
    caps = general_caps(ctx)
    carved = _carved(ctx, caps, numbers)
    if carved is None:
        return
    reaching = [c for c in caps if reaches(c.text, numbers)]
    cap_numbers = {clause_number(ctx, c) for c in caps} - {""}
    # a cap that names reimbursement obligations takes in every promise to reimburse
    reimbursing = any(_REIMBURSEMENT.search(c.text) for c in reaching)
    for sentence in ctx.sentences:
        if sentence in caps:
            continue
        about = about_indemnity(ctx, sentence, numbers) or (
            reimbursing and bool(_REIMBURSES.search(sentence.text))
        )
        # a right to the full loss, anywhere, for a matter an indemnity covers
        shared = _shared_matter(ctx, sentence, numbers) if escape(sentence.text) else set()
        if not about and not shared:
            continue
        own = (_own_numbers(ctx, sentence, cap_numbers) if about else set()) | shared
        if _released(carved, own):
            continue
        for cap in _escaped_caps(ctx, sentence, caps, reaching):
            reached = reached_numbers(cap.text, numbers)
            if reached is not None and own and not any(overlap(r, o) for r in reached for o in own):
                continue  # the cap takes in another indemnity than this one
            yield Hit(
                ctx.sentence_span(sentence),
                {"cap": cap.text.strip(), "escape": sentence.text.strip()},
                related=(ctx.sentence_span(cap),),
            )
            return


def _shared_matter(ctx: RuleContext, sentence: Sentence, numbers: set[str]) -> set[str]:
    """The indemnity clauses that name a defined matter of several words the sentence also
    names ("Pre-Closing Environmental Liabilities"): a full-recovery right for that matter
    and the capped indemnity govern the same loss, unless a cap leaves the matter out."""
    terms = {str(e.value) for e in ctx.of_kind("defined_term") if isinstance(e.value, str)}
    shared = [t for t in terms if len(t.split()) >= 2 and t in sentence.text]
    caps = general_caps(ctx)
    released = " ".join(c for cap in caps for c in carve_outs(cap_clause_text(ctx, cap)))
    shared = [t for t in shared if t not in released]
    if not shared:
        return set()
    return {
        c.number
        for c in ctx.clauses
        if c.number in numbers and any(t in ctx.clause_text(c) for t in shared)
    }


@check("indemnity_escapes_general_cap", fields=("cap", "escape"))
def indemnity_escapes_general_cap(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """A general cap that neither names nor carves out the indemnity, and an indemnity that says
    no limit at all applies to it without naming the cap: the two clauses are left to fight."""
    numbers = indemnity_numbers(ctx)
    caps = general_caps(ctx)
    carved = _carved(ctx, caps, numbers)
    if not caps or carved is None:
        return
    if any(reaches(c.text, numbers) for c in caps):
        return  # indemnity_escapes_cap's matter
    cap_numbers = {clause_number(ctx, c) for c in caps} - {""}
    for sentence in ctx.sentences:
        if sentence in caps or escape(sentence.text) is None:
            continue
        if _released(carved, _own_numbers(ctx, sentence, cap_numbers)):
            continue
        if any(overlap(n, c) for n in refs(sentence.text) for c in cap_numbers):
            continue  # "not subject to the limit in clause 10.3": the escape names the cap
        if clause_number(ctx, sentence) in cap_numbers and _THIS_CAP.search(sentence.text):
            continue  # "… are not subject to this limit", in the cap's own clause: it names it
        if _WHOLE_LIABILITY.search(sentence.text):
            continue  # all of a party's liability left open: unlimited_liability's matter
        if names_indemnity_itself(ctx, sentence, numbers):
            yield Hit(
                ctx.sentence_span(sentence),
                {"cap": caps[0].text.strip(), "escape": sentence.text.strip()},
                related=(ctx.sentence_span(caps[0]),),
            )
            return


_INSIDE = re.compile(
    r"(?<!not )(?<!not be )(?<!n't be )subject to (?:the )?(?:(?:limitations?|caps?|limits?)"
    r"(?: (?:of|on) liability)?|exclusions and limitations)\b"
    r"|(?<!not )(?<!n't )(?:counts?|shall count) (?:towards?|against)\b"
    r"|(?:within|under) the (?:cap|limit|aggregate cap)\b"
    r"|(?:included|taken into account) (?:in|within) (?:the )?(?:cap|limit|aggregate)"
    r"|(?:are|is) limited by",
    re.I,
)
_SUBJECT_TO_CLAUSE = re.compile(
    r"(?<!not )(?<!not be )subject to (?:the (?:limitations?|caps?|limits?) (?:in|of|set out in) )?"
    r"(?:Section|Article|Clause|§)\s*(\d+(?:\.\d+)*)",
    re.I,
)
_SEGMENT = re.compile(r"[,;:]|\band\b|\bbut\b")


def _inside_segment(sentence: str, cap_numbers: set[str]) -> str | None:
    """The part of the sentence that puts an indemnity inside a cap ("the indemnity in Section
    11.1 is subject to that limit"), or None."""
    if escape(sentence):
        return None
    for m in [*_INSIDE.finditer(sentence), *_SUBJECT_TO_CLAUSE.finditer(sentence)]:
        if m.re is _SUBJECT_TO_CLAUSE and not any(overlap(m.group(1), n) for n in cap_numbers):
            continue
        cuts = [c.end() for c in _SEGMENT.finditer(sentence, 0, m.start())]
        return sentence[(cuts[-1] if cuts else 0) : m.end()]
    return None


@check("indemnity_inside_carved_cap", fields=("cap", "inside"))
def indemnity_inside_carved_cap(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """The cap carves the indemnity out ("except for the indemnity in clause 8"), yet the
    indemnity says it is subject to that cap: each clause says the other governs."""
    caps = general_caps(ctx)
    cap_numbers = {clause_number(ctx, c) for c in caps} - {""}
    # "subject to Clause 12" names the cap's clause, not an indemnity, even where clause 12
    # also mentions one
    numbers = indemnity_numbers(ctx) - cap_numbers - {n.split(".")[0] for n in cap_numbers}
    for cap in caps:
        clause = cap_clause_text(ctx, cap)
        if not carves_out(clause, numbers):
            continue
        targets = carved_targets(clause, numbers)
        for sentence in ctx.sentences:
            if sentence in caps or not names_indemnity_itself(ctx, sentence, numbers):
                continue
            segment = _inside_segment(sentence.text, cap_numbers)
            if segment is None:
                continue
            own = (
                (refs(segment) - cap_numbers)
                or (refs(sentence.text) - cap_numbers)
                or {clause_number(ctx, sentence)}
            )
            if targets is not None and not any(overlap(t, o) for t in targets for o in own):
                continue  # another indemnity than the one carved out
            yield Hit(
                ctx.sentence_span(sentence),
                {"cap": cap.text.strip(), "inside": sentence.text.strip()},
                related=(ctx.sentence_span(cap),),
            )
            return


_MENTIONS_LIMIT = re.compile(
    r"\bcap\b|limitation|limit(?:s|ed)? of liability|subject to (?:Section|Clause|Article|the)"
    r"|shall not exceed|maximum|aggregate liability|without limit|unlimited|uncapped",
    re.I,
)
# "shall indemnify", "undertakes to fully indemnify", "shall keep the Client indemnified"
_INDEMNITY_PROMISE = re.compile(
    r"\b(?:shall|will|must|agrees? to|undertakes? to)\s+(?:(?:promptly|fully|on demand|defend,?"
    r"|and|at its (?:own )?(?:cost|expense),?)\s+){0,3}(?:indemnify|hold\b[^.;]{0,60}\bharmless"
    r"|keep\b[^.;]{0,60}\bindemnified)|\bindemnifies\b|\bhereby indemnif",
    re.I,
)


@check("indemnity_beside_silent_cap", fields=("cap", "indemnity"))
def indemnity_beside_silent_cap(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """A general liability cap and an indemnity for losses, and neither says whether the cap
    reaches the indemnity: the overlap is left to a court."""
    caps = general_caps(ctx)
    if not caps:
        return
    numbers = indemnity_numbers(ctx)
    if any(names_indemnity(clause_family_text(ctx, c), numbers) for c in caps):
        return  # the cap clause deals with indemnities (by name or number), one way or the other
    capped = _capped_parties(caps)
    for sentence in ctx.sentences:
        if not _INDEMNITY_PROMISE.search(sentence.text):
            continue
        if _MENTIONS_LIMIT.search(clause_family_text(ctx, sentence)):
            return  # the indemnity clause places itself inside or outside a limit
        giver = _INDEMNITOR.search(sentence.text)
        if capped and giver and giver.group("party") not in capped:
            continue  # the cap limits the other party's liability: it never reaches this one
        yield Hit(
            ctx.sentence_span(sentence),
            {"cap": caps[0].text.strip(), "indemnity": sentence.text.strip()},
            related=(ctx.sentence_span(caps[0]),),
        )
        return


# "the Owner's total liability … shall not exceed": a cap on one party; "each party's" caps both
_CAPPED = re.compile(
    r"\b(?:the\s+)?(?P<party>[A-Z][\w-]+)(?:'s|’s)\s+(?:(?:total|aggregate|entire|maximum"
    r"|cumulative|overall)\s+){0,2}liability"
)
_INDEMNITOR = re.compile(
    r"\b(?:the\s+)?(?P<party>[A-Z][\w-]+)\s+(?:shall|will|agrees to|hereby agrees to"
    r"|undertakes to)\s+(?:\w+\s+){0,2}indemnif"
)
# "Party's liability", "Its total liability": a cap whose words name no one side
_BOTH_SIDES = {"Party", "Parties", "Its", "Their"}


_EITHER_PARTY = re.compile(
    r"\b(?:each|either|neither|any|a) party|\bthe parties|\bparties['’]", re.I
)


def _capped_parties(caps: list[Sentence]) -> set[str]:
    """The parties whose liability the caps limit, or none when some cap limits both sides or
    names no one (then it may reach every indemnity)."""
    capped: set[str] = set()
    for cap in caps:
        named = {m.group("party") for m in _CAPPED.finditer(cap.text)}
        if not named or named & _BOTH_SIDES or _EITHER_PARTY.search(cap.text):
            return set()
        capped |= named
    return capped


# "the indemnification obligations under Section 8.1": the words name the indemnity they mean
_CARVED_REFERENCE = re.compile(
    r"indemni\w*(?:\s+(?:obligations?|given|provided|contained|liabilit\w+))?"
    r"\s+(?:under|in|pursuant to|set out in)\s+(?:Section|Article|Clause|§)\s*(\d+(?:\.\d+)*)",
    re.I,
)


@check("cap_carve_out_misses_indemnity", fields=("carve_out", "target"))
def cap_carve_out_misses_indemnity(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """The cap carves out "the indemnification obligations under Section 8.1", but Section 8.1
    holds no indemnity while the indemnities sit elsewhere: whether they escape the cap is
    unclear."""
    numbers = indemnity_numbers(ctx)
    if not numbers:
        return
    for sentence in ctx.sentences:
        # the carve-out may be one item of a list ("(b) ...;"): its clause says what it limits
        clause = ctx.clause_of(sentence)
        if not re.search(r"limitation|\bcap\b|shall not apply|not apply to|exceed", clause, re.I):
            continue
        for m in _CARVED_REFERENCE.finditer(sentence.text):
            target = m.group(1)
            if any(overlap(target, n) for n in numbers):
                continue
            if not any(c.number == target or c.number == target.split(".")[0] for c in ctx.clauses):
                continue  # a number the segmenter did not see: do not guess
            start = sentence.start + m.start()
            yield Hit(
                ctx.span(start, sentence.start + m.end()),
                {"carve_out": m.group().strip(), "target": target},
            )
            return
