"""Facts about liability caps and indemnities that the cap checks compare.

A cap's stance towards an indemnity is one of: it takes it in (names it, or overrides
everything), it carves it out (except …, does not apply to …, nothing in this Agreement limits …,
subject to clause 8.4), or it says nothing. An indemnity's stance towards a cap is one of: it
escapes (not subject to, unlimited, notwithstanding …), it accepts (subject to the limitation),
or it says nothing. Which indemnity and which cap are meant is read from clause numbers: a
sentence's own leading number ("12.4 …", even where a whole clause sits on one line), and the
numbers a carve-out or an escape names.
"""

from __future__ import annotations

import re

from pipeline.entities.clause_refs import refs
from pipeline.entities.model import Clause
from pipeline.rules_engine.context import RuleContext, Sentence

# within a sentence: any character but a full stop or semicolon; a clause number's dot
# ("clause 10.2") does not end the sentence
IN = r"(?:[^.;]|\.(?=\d))"
# "shall not exceed", "shall not, in the aggregate, exceed", "shall in no circumstances exceed"
_NOT_EXCEED = (
    r"(?:shall|will|does|do|may|must)\s+(?:not|in no (?:event|case|circumstances))"
    r"(?:,?\s*(?:in (?:the )?aggregate|in total|in any (?:event|case)|under any circumstances),?)?"
    r"\s+exceed"
)
_CAP = re.compile(
    rf"liabilit{IN}{{0,300}}{_NOT_EXCEED}"
    rf"|liabilit{IN}{{0,120}}(?:is|are|shall be|will be) (?:limited|capped|restricted) (?:to|at)"
    # "total aggregate liability arising …, whether in contract, tort …, under any indemnity or
    # otherwise, shall be limited to the total Fees": a long list of heads, then a sum
    rf"|(?:total|aggregate|cumulative|maximum) liabilit{IN}{{120,260}}"
    r"(?:is|are|shall be|will be) (?:limited|capped|restricted) (?:to|at) "
    r"(?:the (?:total |aggregate )?(?:fees|charges|price|amount|sum|contract price|consideration)"
    r"|an amount|a sum|a maximum"
    r"|(?:US)?\$|£|€|¥|RMB|USD|EUR|GBP|\d)"
    rf"|in no (?:event|case|circumstances){IN}{{0,120}}liabilit{IN}{{0,160}}exceed"
    # "the aggregate amount of all Losses for which Seller shall be liable under Section 8.2
    # shall not exceed $727,500"
    rf"|(?:aggregate|total|maximum|cumulative) (?:amount|sum) of (?:all )?(?:Losses|losses|damages"
    rf"|claims)\b{IN}{{0,40}}\bliable\b{IN}{{0,120}}{_NOT_EXCEED}"
    # "shall not be liable for any amount in excess of the Fees"
    rf"|(?:shall|will) not be liable{IN}{{0,160}}(?:in excess of|exceeding|greater than|more than)"
    rf"|(?:maximum|aggregate|total|cumulative) liabilit{IN}{{0,160}}"
    r"(?:is|shall be|will be|equals?|shall equal)\s+(?:an amount equal to"
    r"|the (?:lesser|greater|lower|higher)|(?:US)?\$|£|€|¥|RMB|USD|EUR|GBP|\d)",
    re.I,
)
# a ceiling on one head of liability (liquidated damages, service credits), not a general cap
_HEAD_CAP = re.compile(
    r"liabilit\w*\s+(?:to pay\s+|for\s+|in respect of\s+)(?:any\s+|the\s+)?(?:liquidated damages"
    r"|service credits?|delay|late\b|interest)",
    re.I,
)
INDEMN = re.compile(r"indemnif|indemnit|hold harmless", re.I)
_ESCAPE = re.compile(
    r"(?:not|n't)\s+(?:be\s+)?(?:subject to|limited by|restricted by|bound by|capped by|reduced by"
    r"|affected by)|without (?:any )?limit(?:ation)?(?! of)|\bunlimited\b|\buncapped\b"
    # "shall not be limited or reduced by any other provision"
    r"|(?:not|n't)\s+(?:be\s+)?(?:limited|restricted|capped|reduced)\s+(?:or|and)\s+"
    r"(?:limited|restricted|capped|reduced)\s+by"
    r"|outside (?:the|any) (?:cap|limitation)|regardless of any (?:\w+ )?(?:cap|limit)"
    # "is not limited in amount", "without regard to any monetary limitation elsewhere"
    r"|(?:not|n't)\s+(?:be\s+)?(?:limited|capped) (?:in|as to) (?:amount|value|quantum)"
    r"|without regard to any (?:\w+ )?(?:cap|limit)"
    r"|notwithstanding (?:any|the) (?:limitation|cap|limit)"
    # "Notwithstanding any other provision …, the Supplier shall indemnify the Customer in full"
    r"|notwithstanding any(?:thing)? (?:other )?(?:provision|term|clause)"
    r"|(?:indemnif|reimburs)\w*[^.;]{0,40}\bin full\b"
    # "… which Provider shall bear in full whatever their amount"
    r"|\bwhatever (?:the|their|its|such) amounts?\b|\bin whatever amount\b"
    r"|\b(?:bear|borne)\s+(?:by\s+\w+\s+)?in full\b"
    # other words for "no ceiling": "without any financial limit", "shall not be capped",
    # "remain fully liable", "to the full extent of all Losses", "in any amount", "however large",
    # "does not count towards the cap", "excluded from the limitation", "no cap on"
    r"|without (?:any )?(?:financial |monetary |upper )(?:limit|cap|ceiling)"
    # ("…except for the kinds listed in 11.3, which is not capped" speaks of the carve-outs)
    r"|(?<!which )\b(?:is|are|shall|will)\s+not\s+(?:be\s+)?capped\b"
    r"|\bno (?:cap|limit|ceiling) (?:on|to|applies)\b"
    r"|\bremain(?:s)?\s+(?:fully|wholly)\s+liable\b"
    r"|\bto the full extent of (?:all |any |such |the )?(?:Losses|losses|loss|damages)\b"
    r"|\bin any amount\b|\bhowever (?:large|great)\b"
    r"|(?:not|n't)\s+(?:count|be counted|be included)\s+(?:towards?|against|in|within)\s+"
    r"(?:the|any)\s+(?:\w+\s+)?(?:cap|limit|aggregate)"
    r"|\b(?:excluded|exempt)\s+from\s+(?:the|any)\s+(?:\w+\s+)?(?:cap|limit|limitation)\b"
    r"|\b(?:irrespective|regardless) of (?:the |their |its )?(?:amount|quantum|size)\b"
    # "Buyer shall be entitled to recover … the full amount of all Losses it incurs"
    r"|\b(?:recover|indemnif\w*|reimburse)\b[^.;]{0,80}\bthe (?:full|entire|whole) amount of "
    r"(?:all |any )?(?:its |such )?(?:Losses|losses|loss|damages)\b",
    re.I,
)
_CARVE_OUT_HEAD = re.compile(
    r"\bexcept\b|\bother than\b|\bexcluding\b|\bsave (?:for)?|(?:does|do|shall|will) not apply to"
    r"|not (?:apply|extend) to"
    # "Neither the General Cap nor the Data Protection Cap applies to …"
    r"|\bnor\b[^.;]{0,60}?\b(?:appl(?:y|ies)|extends?) to"
    # a cap that defers: "Subject to Clauses 8.4 and 9.3, the aggregate liability …"
    r"|subject to (?=(?:Sections?|Clauses?|Articles?|§)\s*\d)"
    r"|nothing in this (?:Agreement|Contract|clause|section)[^.;]{0,40}?"
    r"(?:limits?|excludes?|restricts?)",
    re.I,
)
# a carve-out that opens a list ("does not apply to: (a) …; (b) …; or (c) …") runs to the full stop
_LIST_OPENS = re.compile(r"[^.;(]{0,80}?:?\s*\(\s*(?:a|i|1)\s*\)", re.I)
_LIST_BODY = re.compile(r"(?:[^.]|\.(?=\d)){0,700}")
_SHORT_BODY = re.compile(rf"{IN}{{0,100}}")
# "Except as provided in Sections 12.3 and 12.5, each party's total liability …": the carve-out
# ends where the main clause begins
_MAIN_CLAUSE = re.compile(
    r",\s+(?:each|the|its|their|any|neither|in no|no|all|such|[A-Z][\w-]*'s)\b", re.I
)
_NUMBERED_INDEMNITY = re.compile(
    r"indemnit\w*\s+(?:(?:in|under|given in|set out in)\s+)?(?:Sections?|Clauses?|Articles?)\s*\d",
    re.I,
)
_LISTING = re.compile(r"includ\w*,?\s*(?:but\s+)?(?:without limitation|not limited to),?", re.I)
_LEADING_NUMBER = re.compile(r"\s*(\d+(?:\.\d+)+)\s")


def general_caps(ctx: RuleContext) -> list[Sentence]:
    return [s for s in ctx.sentences if _CAP.search(s.text) and not _HEAD_CAP.search(s.text)]


def clause_number(ctx: RuleContext, sentence: Sentence) -> str:
    """The sentence's own number: its leading "12.4" where it has one (a whole clause may sit
    on one line), else the innermost segmented clause."""
    lead = _LEADING_NUMBER.match(sentence.text)
    if lead:
        return lead.group(1)
    at = ctx.view.origin[sentence.start]
    inner = [c for c in ctx.clauses if c.span.start <= at < c.span.end and c.number]
    if not inner:
        return ""
    return min(inner, key=lambda c: c.span.end - c.span.start).number


def overlap(a: str, b: str) -> bool:
    """Clause 8 holds 8.2; 8.2 lies in clause 8."""
    return bool(a and b) and (a == b or a.startswith(b + ".") or b.startswith(a + "."))


def indemnity_numbers(ctx: RuleContext) -> set[str]:
    """The clauses that hold an indemnity: by heading, or by kind unless the clause is a cap
    that merely mentions one ("10.4 liability under the indemnity in clause 9.1")."""
    return {
        c.number
        for c in ctx.clauses
        if (INDEMN.search(c.heading[:60]) and not _CAP.search(c.heading))
        or ("indemnity" in c.kinds and "liability_cap" not in c.kinds)
        or (c.level >= 2 and _GIVES_INDEMNITY.search(ctx.clause_text(c)[:_OPENING]))
    }


# a sub-clause that gives an indemnity in its own words ("12.1 The Supplier shall defend the
# Customer … and shall indemnify the Customer against …"), whatever its kind was tagged
_GIVES_INDEMNITY = re.compile(
    r"\b(?:shall|will|agrees? to|undertakes? to)\s+(?:defend(?:,| and)?\s+)?(?:\w+\s+){0,12}?"
    r"(?:indemnify|hold\s+harmless)\b",
    re.I,
)
_OPENING = 600


def names_indemnity(text: str, numbers: set[str]) -> bool:
    if INDEMN.search(text):
        return True
    return any(_names_number(r, numbers) for r in refs(text))


def _names_number(ref: str, numbers: set[str]) -> bool:
    """A "clause 8.3" lies in an indemnity clause 8; "Article 9" names an article that opens with
    its indemnity (9.1), but not one that only mentions indemnities in a later sub-clause (an
    Article 10 on confidentiality whose 10.4 speaks of "indemnity payments")."""
    return any(ref == n or ref.startswith(n + ".") or n == ref + ".1" for n in numbers)


def carve_outs(text: str) -> list[str]:
    """Each carve-out with what it releases; a list carve-out keeps all its items."""
    found = []
    for m in _CARVE_OUT_HEAD.finditer(text):
        listed = _LIST_OPENS.match(text, m.end())
        tail = (_LIST_BODY if listed else _SHORT_BODY).match(text, m.end())
        body = tail.group() if tail else ""
        main = None if listed else _MAIN_CLAUSE.search(body)
        found.append(m.group() + (body[: main.start()] if main else body))
    return found


def carves_out(cap_clause: str, numbers: set[str]) -> bool:
    return any(names_indemnity(c, numbers) for c in carve_outs(cap_clause))


def carved_targets(cap_clause: str, numbers: set[str]) -> set[str] | None:
    """The clause numbers a cap's carve-outs release; None when a carve-out releases
    indemnities by name, whichever clause holds them."""
    targets: set[str] = set()
    for carve_out in carve_outs(cap_clause):
        if not names_indemnity(carve_out, numbers):
            continue
        # "(A) a party's breach of Article 8, (B) Developer's indemnification obligations for
        # IP infringement": the numbered item is not the indemnity, the unnumbered one names it
        for item in _CARVE_ITEM.split(carve_out):
            if INDEMN.search(item) and not refs(item):
                return None
        named = refs(carve_out)
        if not named:
            return None
        targets |= named
    return targets


_CARVE_ITEM = re.compile(r";|\(\s*[a-z]{1,3}\s*\)|\(\s*\d{1,2}\s*\)", re.I)


def reaches(cap: str, numbers: set[str]) -> bool:
    """The cap sentence takes in the indemnity: by name, by its clause number, or by
    overriding everything else."""
    if re.search(r"notwithstanding anything", cap, re.I):
        return True
    outside = cap
    for carve_out in carve_outs(cap):
        outside = outside.replace(carve_out, " ")
    return names_indemnity(outside, numbers)


def reached_numbers(cap: str, numbers: set[str]) -> set[str] | None:
    """Which indemnities a reaching cap names by number; None when it names them all ("any
    indemnity", "notwithstanding anything")."""
    if re.search(r"notwithstanding anything", cap, re.I):
        return None
    named = {r for r in refs(cap) if any(overlap(r, n) for n in numbers)}
    # "including its liability under the indemnity in clause 13.2": that indemnity, not all
    numbered = _NUMBERED_INDEMNITY.search(cap)
    if INDEMN.search(cap) and not (numbered and named):
        return None
    return named


# "Notwithstanding any other provision …, the other party shall be entitled to equitable relief":
# an injunction or specific performance is no sum, so overriding the contract for it lifts no cap
_EQUITABLE_RELIEF = re.compile(
    r"equitable relief|injunctive relief|injunctions?\b|specific performance", re.I
)


def escape(sentence: str) -> re.Match[str] | None:
    # "including without limitation" lists examples; it limits nothing
    listed = _LISTING.sub(lambda m: " " * len(m.group()), sentence)
    relief = _EQUITABLE_RELIEF.search(sentence) is not None
    for m in _ESCAPE.finditer(listed):
        if not (relief and m.group().lower().startswith("notwithstanding")):
            return m
    return None


def _family(ctx: RuleContext, sentence: Sentence) -> list[Clause]:
    """The top-level clause a sentence lies in with all its sub-clauses (12.2 and 12.3 are
    one clause even where no "12." heading line made them siblings)."""
    by_id = {c.id: c for c in ctx.clauses}
    at = ctx.view.origin[sentence.start]
    inner = [c for c in ctx.clauses if c.span.start <= at < c.span.end]
    if not inner:
        return []
    clause = min(inner, key=lambda c: c.span.end - c.span.start)
    while clause.parent in by_id:
        clause = by_id[clause.parent]
    top = clause.number.split(".")[0]
    family = [c for c in ctx.clauses if c.number == top or c.number.startswith(top + ".")]
    return family if top and len(family) >= 2 else [clause]


def clause_family_text(ctx: RuleContext, sentence: Sentence) -> str:
    """The whole top-level clause a sentence lies in (an indemnity's limits may sit in 9.4)."""
    family = _family(ctx, sentence)
    if not family:
        return sentence.text
    # view text, as the sentences are: a PDF's line wraps are gone from it
    spans = [(ctx.view_offset(c.span.start), ctx.view_offset(c.span.end)) for c in family]
    return "\n".join(ctx.text[a:b] for a, b in spans)


def family_sentences(ctx: RuleContext, sentence: Sentence) -> list[Sentence]:
    """The sentences of that whole top-level clause, by offset (a page break inside it leaves
    its text unlike any one sentence)."""
    spans = [
        (ctx.view_offset(c.span.start), ctx.view_offset(c.span.end)) for c in _family(ctx, sentence)
    ]
    if not spans:
        return [sentence]
    return [s for s in ctx.sentences if any(a <= s.start < b for a, b in spans)]


def _line_of(ctx: RuleContext, sentence: Sentence) -> str:
    start = ctx.text.rfind("\n", 0, sentence.start) + 1
    end = ctx.text.find("\n", sentence.end)
    return ctx.text[start : end if end >= 0 else len(ctx.text)]


# an exclusion of indirect loss, whose own exceptions ("except damages payable under an
# indemnity") say nothing about the cap
_EXCLUSION = re.compile(
    r"indirect|consequential|special|punitive|lost profits|loss of profit", re.I
)
_CAP_WORDS = re.compile(r"\blimit|\bcap\b|exceed|aggregate", re.I)
_LIABLE_EXCLUSION = re.compile(
    r"\b(?:(?:shall|will)\s+not\s+be|(?:is|are)\s+not"
    r"|(?:neither|no)\s+party\s+(?:is|shall\s+be|will\s+be))\s+liable|\bno\s+liability\b",
    re.I,
)
_CLAUSE_REF = re.compile(r"(?:Section|Clause|Article)s?\s*(\d+(?:\.\d+)*)", re.I)


def _speaks_of_the_cap(text: str, own: str) -> bool:
    """A sentence about the cap: cap words, or the cap's own clause number ("Section 12.2 does
    not apply to …"); an exclusion of indirect loss that merely cites other sections is not."""
    if _CAP_WORDS.search(text):
        return True
    if _LIABLE_EXCLUSION.search(text):
        return False  # "… neither party shall be liable for indirect loss": the exclusion itself
    return bool(own) and any(overlap(m.group(1), own) for m in _CLAUSE_REF.finditer(text))


def cap_clause_text(ctx: RuleContext, cap: Sentence) -> str:
    """The cap's clause without its exclusions of indirect loss: where the cap's own
    carve-outs are read."""
    own = clause_number(ctx, cap)
    kept = [
        s.text
        for s in family_sentences(ctx, cap)
        if not (_EXCLUSION.search(s.text) and not _speaks_of_the_cap(s.text, own))
    ]
    return " ".join([*kept, *definitions_used(ctx, cap.text)]) or cap.text


_TERM = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)+\b")


def definitions_used(ctx: RuleContext, text: str) -> list[str]:
    """The definitions of the capitalised terms a cap uses ("Capped Liabilities" means …):
    a carve-out may sit there."""
    found = []
    for term in dict.fromkeys(_TERM.findall(text)):
        m = re.search(
            rf"[\"“]{re.escape(term)}[\"”]\s+(?:means|shall mean|has the meaning)"
            r"[^.]*(?:\.\d[^.]*)*",
            ctx.text,
        )
        if m:
            found.append(m.group())
    return found


def about_indemnity(ctx: RuleContext, sentence: Sentence, numbers: set[str]) -> bool:
    """The sentence names an indemnity, or lies in a clause (or a paragraph line) that does."""
    return (
        names_indemnity(sentence.text, numbers)
        or bool(INDEMN.search(ctx.clause_of(sentence)[:400]))
        or bool(INDEMN.search(_line_of(ctx, sentence)[:1500]))
    )


def names_indemnity_itself(ctx: RuleContext, sentence: Sentence, numbers: set[str]) -> bool:
    """The sentence is about an indemnity: it names one, or says "these obligations" inside an
    indemnity clause (a liability rule beside an indemnity is not enough)."""
    if names_indemnity(sentence.text, numbers):
        return True
    return bool(
        re.search(r"\bth(?:is|ese) (?:obligations?|clause|section|article)\b", sentence.text, re.I)
        and any(overlap(clause_number(ctx, sentence), n) for n in numbers)
    )
