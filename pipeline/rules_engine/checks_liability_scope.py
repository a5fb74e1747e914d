"""Liability left unlimited: said in words, or by a cap that protects one side only.

Three shapes, whatever the wording: a sentence that says a liability has no limit (or, beside a
cap, a duty to make good every loss of the contract "in full"); a cap whose carve-out releases one
named party's liability for every claim about the contract (or for a run of clauses, or for the
clause that holds only that party's performance duties), so the "mutual" cap protects only the
other side; and a cap that says its limits apply only to one party. Narrow carve-outs (a party's
IP indemnity, fraud, confidentiality, the duty to pay fees) and carve-outs given to both parties
are the lawful twins and stay silent.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.entities.clauses import innermost
from pipeline.entities.parties import EN_ROLE_WORDS, preamble_end
from pipeline.rules_engine.cap_facts import clause_family_text, general_caps
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.registry import Hit, Params, check

_UNLIMITED = re.compile(
    # "an unlimited liability company" is a kind of company
    r"unlimited liability(?! (?:company|companies|corporation|partnership))"
    r"|liability[^.]{0,120}(?:is|are|shall be|will be) unlimited"
    # "nothing in this Agreement limits the amount or kind of damages for which X is liable"
    r"|nothing in this (?:Agreement|Contract)[^.;]{0,20}limits? the (?:amount|extent)[^.;]{0,60}"
    r"(?:liable|liability)"
    r"|without any limitation (?:of|on) (?:its )?liability"
    r"|no (?:limitation|cap) (?:on|of) (?:its |the )?liability"
    r"|without (?:any )?limit(?:ation)? as to (?:amount|kind)|without any limitation whatsoever"
    # the limit negated: "shall not be capped or restricted in amount", "without any ceiling"
    r"|(?:shall|will|is|are) not (?:be )?(?:capped|limited|restricted)(?: or (?:capped|limited"
    r"|restricted|excluded))? (?:in (?:any way|amount|kind)|whatsoever)"
    r"|without any (?:financial |monetary )?(?:ceiling|cap)\b"
    # "shall not be subject to any limitation or exclusion of any kind"
    r"|\bnot (?:be )?subject to any (?:financial |monetary )?"
    r"(?:limits?|limitations?|caps?|ceilings?|restrictions?)\b"
    # "the Developer shall be liable without limit for indirect and consequential loss"
    # ("basis of liability (including, without limitation, breach of contract …)" lists heads)
    r"|\b(?:liable|liability|responsible)\b[^.;]{0,20}(?<!including)(?<!including,)(?<!includes)"
    r"(?<!includes,)\s\s*without (?:any )?limit(?:ation)?\b(?! of)",
    re.I,
)
# the sentence is about a liability or a loss: "a third party which is not subject to any
# restriction on disclosure" (a confidentiality exception) leaves nobody unlimited
_LIABILITY_WORDS = re.compile(r"liab|responsib|damages|loss|compensat|indemn|claims?\b", re.I)
# an indemnity without a limit is indemnity_cap_conflict's matter, a mutual one is not one-sided,
# and liability under one named clause left unlimited is a narrow, market-standard carve-out
_NOT_ONE_SIDED_WHOLE = re.compile(
    r"indemni(?:f|ty|ties)|hold harmless|\b(?:each|either|neither|both) part(?:y|ies)\b"
    r"|liquidated damages",
    re.I,
)

# "whether for defects, indemnity, breach of warranty or otherwise" lists heads of one party's
# whole liability, and "Subject only to the cap on liquidated damages," keeps one sum capped:
# neither makes the sentence about an indemnity or liquidated damages alone
_WHETHER_LIST = re.compile(
    r"\bwhether (?:for|in|under|by way of)\b[^.;]{0,160}?\bor otherwise\b"
    r"|^\s*subject (?:only )?to\b[^,;]{0,100},",
    re.I,
)

# liability left open only for fraud, death or injury, wilful default and the like, or under one
# named clause ("The Licensor's liability under this Clause 10 is not subject to any financial
# limit"), is the usual carve-out, not an unlimited party; a sentence that also reaches the whole
# contract still counts
_NARROW_HEAD = re.compile(
    r"\b(?:liab\w*|claims?|loss\w*)\s+(?:for|in respect of|arising (?:from|out of)|caused by)\s+"
    r"(?:its |the |any )?(?:fraud|death|personal injury|wil(?:l)?ful|gross(?:ly)? neglig"
    r"|deliberate|breach of (?:its )?confidential|infringement)"
    r"|\b(?:liabilit\w*|obligations?)\s+(?:under|pursuant to|in respect of|for breach of)\s+"
    r"(?:this\s+)?(?:Clause|Section|Article|paragraph)\s+\d+(?:\.\d+)*\b",
    re.I,
)


# Beside a cap, a duty to make good every loss "in full" or "whatever their amount" is a
# liability without limit: "the Supplier shall reimburse the Customer in full for all Losses …
# as a result of any failure of the Services". It counts only where a cap exists (without one,
# full compensation is simply the law) and only for the whole contract (_WHOLE_CONTRACT).
_IN_FULL = re.compile(
    r"\b(?:liable|responsible|compensate|reimburse|make good)\b[^.;]{0,100}?"
    r"(?:\bin full\b|\bwithout (?:any )?(?:limit|limitation|ceiling)\b(?! of)"
    r"|\b(?:whatever|irrespective of|regardless of) (?:the |its |their )?(?:amount|size|extent)\b)",
    re.I,
)
# "for death or personal injury" and the like, wherever in the sentence the head stands
_NARROW_ANYWHERE = re.compile(
    r"\bfor (?:its |the |any )?(?:fraud|death|personal injury|wil(?:l)?ful|gross(?:ly)? neglig"
    r"|deliberate|breach of (?:its )?confidential)",
    re.I,
)


def _unlimited_match(ctx: RuleContext, sentence: Sentence) -> re.Match[str] | None:
    m = _UNLIMITED.search(sentence.text)
    if m and _LIABILITY_WORDS.search(sentence.text):
        return m
    full = _IN_FULL.search(sentence.text)
    if (
        full
        and _WHOLE_CONTRACT.search(sentence.text)
        and not _NARROW_ANYWHERE.search(sentence.text)
        and general_caps(ctx)
    ):
        return full
    return None


@check("liability_stated_unlimited", fields=("sentence",))
def liability_stated_unlimited(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """A sentence says one party's liability has no limit."""
    for sentence in ctx.sentences:
        m = _unlimited_match(ctx, sentence)
        if m and _NARROW_HEAD.search(sentence.text) and not _WHOLE_CONTRACT.search(sentence.text):
            continue
        if m and not _NOT_ONE_SIDED_WHOLE.search(_WHETHER_LIST.sub("", sentence.text)):
            if _carved_out_of_the_cap(ctx, sentence):
                continue  # an IP indemnity "not limited in amount" that the cap clause excludes
            yield Hit(ctx.match_span(sentence, m), {"sentence": sentence.text.strip()})


def _carved_out_of_the_cap(ctx: RuleContext, sentence: Sentence) -> bool:
    """The sentence's numbered clause is one the cap clause says it does not reach ("Neither
    cap applies to … the Provider's obligations under Clause 7"): the two places agree."""
    clause = innermost(ctx.clauses, ctx.view.origin[sentence.start]) if ctx.clauses else None
    if clause is None:
        return False
    number = re.escape(clause.id.split(".")[0])
    # The release alternatives are grouped: ungrouped, a bare "except" anywhere would match.
    # a clause number's dot ("Clause 9.1; or (c) …") does not end the carve-out
    carve = re.compile(
        rf"(?:{_RELEASE.pattern})(?:[^.]|\.(?=\d)){{0,240}}?(?:Clauses?|Sections?|Articles?)\s+"
        rf"{number}\b(?!\.\d)",
        re.I,
    )
    return any(
        _CAP_WORD.search(_sentence_around(ctx.text, m.start()))
        and not _THE_CAPS_OWN_CLAUSE.search(m.group())
        for m in carve.finditer(ctx.text)
    )


# "the indemnity is not subject to the limits on liability in clause 12": clause 12 is where
# the cap is, not what it leaves out
_THE_CAPS_OWN_CLAUSE = re.compile(
    r"(?:limits?|limitations?|caps?)\b[^.;]{0,40}\bin\s+(?:Clauses?|Sections?|Articles?)\s+\S+$",
    re.I,
)


def _sentence_around(text: str, at: int) -> str:
    starts = [m.end() for m in _SENTENCE_END.finditer(text, 0, at)]
    end = _SENTENCE_END.search(text, at)
    return text[starts[-1] if starts else 0 : end.start() if end else len(text)]


_SENTENCE_END = re.compile(r"\.(?=\s)|\n")
_CAP_WORD = re.compile(
    r"\b(?:caps?|limits?|limitations?|aggregate liability|shall not exceed)\b", re.I
)


_RELEASE = re.compile(
    r"(?:do|does|shall|will) not apply to|(?:are|is) not subject to|(?:excluded|carved out) from"
    r"|(?:nothing in|none of)(?:[^.]|\.(?=\d)){0,60}(?:limits?|restricts?|excludes?)"
    r"|\bexcept(?: for)?\b"
    r"|\bsave (?:for|in respect of)\b|\bother than\b"
    # "Neither the General Cap nor the Data Protection Cap applies to: … (c) … Clause 7"
    r"|\bnor\b[^.;]{0,80}\bappl(?:y|ies) to\b",
    re.I,
)
_EXCLUSIVE_REMEDY = re.compile(r"\bexclusive remed", re.I)
# the list ends at its sentence's end: "… under clause 5. Liability under clause 10.3 counts
# towards the limit" starts a new sentence, not a further carve-out
_LIST_END = re.compile(r"\.(?=\s*(?:\n|$))|\.(?=[ \t]+[A-Z][a-z])|\n\s*\d+(?:\.\d+)*\s")
_ITEM_SPLIT = re.compile(r";|\(\s*[a-z]{1,3}\s*\)|\(\s*\d{1,2}\s*\)", re.I)
_MUTUAL = re.compile(r"\b(?:a|either|each|any|both|neither|the relevant) part(?:y|ies)'?s?\b", re.I)
_WHOLE_CONTRACT = re.compile(
    r"(?:any|all)\s+(?:other\s+)?(?:claims?|liabilit\w*|loss\w*|obligations?|breach\w*)\b[^;]{0,60}?"
    r"(?:arising (?:out of|under|from)|relating to|in connection with|in respect of|of|under)\s+"
    r"(?:or relating to\s+)?"
    r"(?:the (?:performance|provision|supply|delivery)(?: or non-performance)? of\s+)?"
    r"(?:this Agreement|the (?:Services|Deliverables|Works?|Goods|Software"
    r"|Products|Equipment|Agreement|Contract))\b"
    # "any Losses suffered by Sponsor that arise out of or relate to any act or omission of
    # Institution … in connection with the Study": whatever that party does under the contract
    # (conduct at large only: "any breach of … under the Data Processing Addendum" is narrow)
    r"|\bany (?:acts?|omissions?|acts? or omissions?)\s+(?:of|by)\s+"
    r"[^;]{0,80}?\b(?:in connection with|under|in the performance of|in relation to)\s+"
    r"(?:this Agreement|the (?-i:[A-Z])\w+)\b",
    re.I,
)
# "any act or omission of Institution": the party whose conduct the carve-out leaves uncapped
_ACTOR = re.compile(
    r"\b(?:acts?|omissions?|breach\w*|default\w*|negligence)\s+(?:of|by)\s+(?:the\s+)?$"
)
_RANGE = re.compile(r"(?:Sections?|Clauses?|Articles?)\s+(\d+)\s+(?:through|to|–|-)\s+(\d+)", re.I)
# a list's later numbers ("Clauses 4, 7 and 9"), not a sum's thousands ("£1,000,000")
_NUMBER = re.compile(
    r"(?:Sections?|Clauses?|Articles?|§)\s*(\d+)|(?:,(?!\d)|\band|\bor)\s*(\d+)\b(?!,\d)", re.I
)


# defined terms a party parser may take for a party's name ("the Purchase Price")
# (whole words: "Contractor" and "Subcontractor" are parties)
_NOT_A_PARTY = re.compile(
    r"\b(?:Price|Date|Fees?|Amount|Term|Agreement|Contract|Goods|Services|Products|Site"
    r"|Premises)\b"
)


# an item that sets its own ceiling ("… shall not exceed 30% of the price") releases nothing
_CAPS_ITSELF = re.compile(
    r"shall not exceed|will not exceed|limited to|capped at"
    r"|subject (?:instead )?to (?:the |a |its )?(?:separate|own|specific) (?:\w+ )?(?:limit|cap)",
    re.I,
)


def _roles(ctx: RuleContext) -> list[str]:
    """The parties' defined names. A name bracketed after a company in the recitals or the
    definitions ("the Business", "Inventory") is a defined term, not a party: when the
    parties block names parties, only those and the usual role words count."""
    parties = ctx.of_kind("party")
    end = preamble_end(ctx.document.text)
    named = [p for p in parties if p.span.start < end or p.attrs.get("term") in EN_ROLE_WORDS]
    roles = {str(p.attrs.get("term") or "") for p in (named or parties)}
    kept = (r for r in roles if r and r[0].isupper() and len(r) > 2 and not _NOT_A_PARTY.search(r))
    return sorted(kept, key=len, reverse=True)


def _wide(item: str) -> bool:
    """The released liability is the whole contract, or a run of four or more clauses."""
    if _WHOLE_CONTRACT.search(item):
        return True
    for m in _RANGE.finditer(item):
        if int(m.group(2)) - int(m.group(1)) >= 3:
            return True
    numbers = {a or b for a, b in _NUMBER.findall(item)}
    return len(numbers) >= 4


def _one_party(item: str, roles: list[str]) -> str | None:
    if _MUTUAL.search(item):
        return None
    # a contract in capitals names "DISTRIBUTOR"
    flags = re.I if item.isupper() else 0
    named = [
        (m.start(), r) for r in roles
        for m in re.finditer(rf"\b{re.escape(r)}\b", item, flags)
    ]  # fmt: skip
    acting = [r for at, r in named if _ACTOR.search(item[:at])]
    return acting[0] if acting else next((r for r in roles if any(r == n for _, n in named)), None)


# "liability for any failure to comply with clause 5", "arising from any failure or delay in
# performing the obligations in Clause 5": the carve-out releases the duties of a clause
_FAILS_CLAUSE = re.compile(
    r"\b(?:fail\w*|delay\w*|breach\w*|default\w*|non-?performance|perform\w*|compl\w+)\b"
    r"[^;]{0,80}?\b(?:Clauses?|Sections?|Articles?)\s+(?P<number>\d+)\b(?!\.\d)",
    re.I,
)
# the clause kinds whose release is the usual narrow carve-out, or a duty to pay
_NARROW_KINDS = {
    "indemnity", "confidentiality", "ip", "non_compete", "price_payment", "liability_cap",
    "exemption", "deposit", "interest", "penalty",
}  # fmt: skip
_DUTY = re.compile(r"\b(?:the\s+)?(?P<actor>[A-Z][A-Za-z]+)\s+(?:shall|must|will|undertakes)\b")


def _core_duty_party(ctx: RuleContext, item: str, roles: list[str]) -> tuple[str, str] | None:
    """The one party whose performance duties make up a clause the item releases, with the part
    of the item that names it: a carve-out of "any failure to comply with clause 5", where every
    duty of clause 5 is the Contractor's, lifts the cap from the Contractor's whole service."""
    for part in re.split(r",\s*(?=(?:or |and )?(?:to |for )?(?:any )?liabilit)", item):
        for m in _FAILS_CLAUSE.finditer(part):
            top = m.group("number")
            # by id: a schedule's own "5." is "5#2", not the body's clause 5
            family = [c for c in ctx.clauses if c.id == top or c.id.startswith(top + ".")]
            if not family or any(_NARROW_KINDS & set(c.kinds) for c in family):
                continue
            text = "\n".join(ctx.clause_text(c) for c in family)
            actors = [a.group("actor") for a in _DUTY.finditer(text) if a.group("actor") in roles]
            if len(actors) >= 3 and len(set(actors)) == 1:
                return actors[0], part
    return None


@check("cap_released_for_one_party", fields=("party", "carve_out"))
def cap_released_for_one_party(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """A cap whose carve-out releases one party's liability for the whole contract (or a run
    of its clauses): that party's liability is in effect unlimited, the other's capped."""
    roles = _roles(ctx)
    if not roles:
        return
    # a carve-out list runs over semicolons, so read the cap's whole clause, not its sentences
    for family in dict.fromkeys(clause_family_text(ctx, c) for c in general_caps(ctx)):
        for m in _RELEASE.finditer(family):
            around = _sentence_around(family, m.start())
            if _EXCLUSIVE_REMEDY.search(around) and not _CAP_WORD.search(around):
                continue  # "Except for fraud, … are the sole and exclusive remedy": no cap's
            end = _LIST_END.search(family, m.end())
            for item in _ITEM_SPLIT.split(family[m.end() : end.start() if end else None]):
                party = _one_party(item, roles)
                wide = party is not None and _wide(item)
                if party is None and not _MUTUAL.search(item):
                    core = _core_duty_party(ctx, item, roles)
                    if core is not None:
                        (party, item), wide = core, True
                quote = re.sub(r"[\s,;:.]*(?:\b(?:or|and))?[\s,;:.]*$", "", item).strip()
                at = ctx.text.find(quote)
                if party and wide and at >= 0 and not _CAPS_ITSELF.search(item):
                    yield Hit(ctx.span(at, at + len(quote)), {"party": party, "carve_out": quote})
                    return


_ONLY_ONE = re.compile(
    r"(?:limitations?|exclusions?|caps?|limits?)\b(?:[^.]|\.(?=\d)){0,100}\b"
    r"(?:(?:apply|applies|shall apply|operate|are for the benefit of|benefit)\s+"
    r"(?:only|solely|exclusively)\s+(?:to|for|in favour of)?\s*(?:the benefit of\s+)?"
    r"|(?:are|is|shall be) for the (?:sole|exclusive) benefit of\s+"
    # "The limitations in Clause 13(a) are personal to Contractor"
    r"|(?:are|is|shall be) personal to\s+)"
    r"(?:the\s+)?(?P<party>[A-Z][A-Za-z]+)"
    # "The limitations and exclusions in clauses 12.2 and 12.3 apply to the Licensor only"
    r"|(?:limitations?|exclusions?|caps?|limits?)\b(?:[^.]|\.(?=\d)){0,100}\b(?:apply|applies"
    r"|shall apply|operate)"
    r"\s+(?:to|for|in favour of)\s+(?:the\s+)?(?P<party_only>[A-Z][A-Za-z]+)\s+(?:only|alone)\b",
    re.I,
)


@check("cap_for_one_party_only", fields=("party", "sentence"))
def cap_for_one_party_only(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """The cap says its limits protect one party only, leaving the other's liability open."""
    roles = set(_roles(ctx))
    for sentence in ctx.sentences:
        m = _ONLY_ONE.search(sentence.text)
        party = m and (m.group("party") or m.group("party_only"))
        if m and party in roles:
            fields = {"party": party, "sentence": sentence.text.strip()}
            yield Hit(ctx.match_span(sentence, m), fields)
            return
