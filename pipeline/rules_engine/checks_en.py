"""Checks for English contracts that need the defined-term table."""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import Field

from pipeline.entities.number_words import EN_NUMBER_WORDS
from pipeline.entities.parties import CN_ROLES, EN_ROLE_WORDS
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_TERM = re.compile(
    r"(?<![.\n\"“(])\s(?P<term>(?:[A-Z][a-z]+)(?:\s+(?:of\s+|and\s+)?[A-Z][a-z]+){1,3})\b"
)
_ORG_WORDS = re.compile(
    r"\b(?:Inc|LLC|Ltd|Corporation|Company|Association|Court|Courts|County|State|States|University"
    r"|Bank|Republic|Kingdom|Commission|Act|Code|Rules|Street|Avenue|Road|Suite|Office|Officer"
    r"|Place|Drive|Boulevard|Lane|Plaza|Square|Building|Tower|Centre|Center|Park|Parkway|Highway"
    r"|Floor|Institution|Institute|Society|Council|Authority|Agency|Chamber|Federation|Ministry"
    r"|Index|Indices"
    r"|Department|Bureau|Limited|PLC|LLP|GmbH|Holdings|Group|Partners"
    r"|President|Director|Secretary|Manager|Member|Witness|Whereof|Delaware|York|California"
    r"|Co|Labs|Holdings|Partners|Group|Section|Article|Clause|Schedule|Exhibit|Annex"
    r"|Partner|Chairman|Treasurer|Counsel|Convention|Nations|Treaty)\b"
)


_LEAD_WORDS = re.compile(
    r"^(?:(?:Each|The|This|That|These|Any|All|No|Such|Every|If|In|Upon|Unless|Where|When|Our|Its"
    r"|Their|Either|Neither|Notwithstanding|Subject|Under|Pursuant)\s+)+"
)


class UndefinedTermParams(Params):
    ignore: list[str] = Field(default_factory=list, description="phrases never reported")
    stop_at: str = r"IN WITNESS WHEREOF|\n\s*SCHEDULE|\n\s*EXHIBIT"
    min_uses: int = Field(
        default=2, ge=1, description="a term used once is more often a name than a defined term"
    )


_NUMBER_WORDS = frozenset(w.capitalize() for w in EN_NUMBER_WORDS)
_HEADING_NUMBER = (
    r"(?:\d+(?:\.\d+)*\.?|(?:Section|Clause|Article)\s+[\dIVXL]+(?:\.\d+)*\.?|\([a-z]\))"
)


def _is_heading(body: str, term: str) -> bool:
    """The term (or its plural) is a clause heading somewhere ("12.3 Governing Law. This ...")."""
    name = re.escape(term) + "s?"
    pattern = rf"(?m)^[ \t]*(?:{_HEADING_NUMBER}[ \t]*)?{name}[ \t]*(?:[.:—-]|$)"
    # a flattened filing keeps its numbered headings mid-line: "…   9.1 Confidential Information."
    inline = rf"(?:^|\s)\d+\.\d+(?:\.\d+)*\s+{name}\s*[.:—]\s"
    return re.search(pattern, body) is not None or re.search(inline, body) is not None


# Every quoted capitalised phrase introduces a term ("each a "Renewal Term" and, together ..."),
# and so does the title of an attachment: Annex 1 (Technical Specification).
_QUOTED = re.compile(r"[\"“](?P<term>[A-Z][^\"”\n]{0,60}?)[\"”]")
# a definition in brackets whose quote marks a scan mangled: (the *Initial Term"), ('Fees')
_BRACKETED = re.compile(
    r"\(\s*(?:the\s+|each\s+(?:a|an)\s+)?[*\"“”'‘’`]+(?P<term>[A-Z][\w\- ]{1,60}?)[*\"“”'‘’`]+\s*\)"
)
# a schedule line "Target Annual Net Sales: US$2,400,000" gives the term its value
_LABEL = re.compile(
    r"(?m)^[ \t]*(?:[-•*][ \t]*)?(?P<term>[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+){1,5})[ \t]*:[ \t]*\S"
)
# "Support Fee | per Contract Year | 37,200", "Base Year (Operating Expenses) | Calendar year
# 2025": a schedule's row states what the term is
_ROW_LABEL = re.compile(
    r"(?m)^[ \t]*\|?[ \t]*(?P<term>[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+){1,5})"
    r"[ \t]*(?:\([^()|\n]{0,40}\))?[ \t]*\|"
)
# "Availability means the percentage of minutes …": a schedule's definition without quotes
_BARE_MEANS = re.compile(r"(?m)^[ \t]*(?P<term>[A-Z][a-z]+(?: [A-Z][a-z]+){0,4}) means\b")
# "The Implementation Fee is a fixed fee of …", "The License Fee for each Renewal Term shall be
# US$180,000": a sentence that says what the term is
_STATED = re.compile(
    r"(?:^|[.:;]\s+|\n)The (?P<term>[A-Z][a-z]+(?: [A-Z][a-z]+){1,4}) (?:[^.;]{0,40}? )?"
    r"(?:is|are|means|shall be) "
)
# "Service Credits shall be calculated as set out in Schedule 2": the schedule defines the term
_BY_SCHEDULE = re.compile(
    r"(?P<term>[A-Z][a-z]+(?: [A-Z][a-z]+){1,4}) (?:shall be|are|is|will be) "
    r"(?:calculated|determined|set out|specified|described|defined)"
    r"(?: (?:as|in the manner))?(?: set out)? in (?:the )?"
    r"(?:Schedule|Annex|Appendix|Exhibit|Attachment)\s+[\dA-Z]{1,3}\b"
)
# a name that runs on to a company suffix within a few words
_COMPANY_AFTER = re.compile(
    r"[,\w&'\- ]{0,40}?\b(?:LLC|Inc|Ltd|Limited|Co\b|Corp|GmbH|L\.?P\b|LLP|PLC)\b"
)
# a name that runs on to a statute's title and year within a few words
_STATUTE_AFTER = re.compile(
    r"[,\w&'\- ]{0,60}?\b(?:Act|Code|Regulations|Rules|Order|Ordinance|Convention)"
    r"(?:\s+of)?\s+(?:19|20)\d{2}\b"
)
_ISSUES = r"(?:issue|issues|issued|prepare|prepares|deliver|delivers|submit|submits|sign|signs)"
# a schedule's own parts title their documents too: "Part 2 — Acceptable Use Policy"
_ATTACHMENT_TITLE = re.compile(
    r"(?:Annex|Schedule|Exhibit|Appendix|Attachment|Part)\s+[\dA-Z]{1,3}\s*(?:[(:\-–—]\s*)"
    r"(?:the\s+)?(?P<term>[A-Z][\w ]{2,60}?)\s*(?:[)\n.;,]|$)"
)
# A referenced document is a defined term even if it is named once: "in accordance with the
# Installation Specifications" binds a party to a text the contract never supplies.
_DOCUMENT_NOUN = re.compile(
    r"(?:Specifications?|Polic(?:y|ies)|Documents?|Criteria|Plan|Manual|Procedures?"
    r"|Guidelines|Requirements|Handbook|Schedule of Rates|Levels|Records)$"
)


# An undefined name matters when it fixes what is paid or when: "the Retainer Payment", "the
# Initial Distribution Period". Other capitalised names (the Nasdaq Global Market, Liability
# Insurance, Regulatory Authorities) are read as their ordinary words; a reviewer gains nothing.
_WEIGHTY_NOUN = re.compile(
    r"(?:Fees?|Charges?|Payments?|Prices?|Rent|Sum|Amounts?|Revenues?|Rates?|Royalt(?:y|ies)"
    r"|Commissions?|Deposit|Credits?|Discounts?|Period|Dates?|Term|Year|Milestones?|Deadline)$"
)


# the determiner or possessive just before a term that names one particular thing
_DEFINITE = re.compile(r"(?:\b(?:the|its|their|such|his|her|our|your)|'s|s')\s+$", re.I)
_DEFINED_ELSEWHERE = re.compile(
    r"^[^.;]{0,12}\(?\s*(?:as (?:such terms? (?:is|are) )?defined|has the meaning"
    r"|within the meaning)",
    re.I,
)


def _one_space(text: str) -> str:
    return " ".join(text.split())


def _uses(body: str, term: str) -> int:
    return len(re.findall(r"\b" + r"\s+".join(map(re.escape, term.split())) + r"\b", body))


@check("undefined_term", UndefinedTermParams, fields=("term",))
def undefined_term(ctx: RuleContext, params: UndefinedTermParams) -> Iterator[Hit]:
    """A capitalised multi-word term used mid-sentence that the contract never defines: a
    document an obligation points to, or a sum or period named more than once."""
    defined = {str(e.value) for e in ctx.entities if e.kind in ("defined_term", "party")}
    defined |= {m.group("term").strip() for m in _QUOTED.finditer(ctx.text)}
    defined |= {m.group("term").strip() for m in _BRACKETED.finditer(ctx.text)}
    defined |= {m.group("term").strip() for m in _ATTACHMENT_TITLE.finditer(ctx.text)}
    defined |= {m.group("term") for m in _LABEL.finditer(ctx.text)}
    defined |= {m.group("term") for m in _STATED.finditer(ctx.text)}
    defined |= {m.group("term") for m in _ROW_LABEL.finditer(ctx.text)}
    defined |= {m.group("term") for m in _BARE_MEANS.finditer(ctx.text)}
    defined |= {m.group("term") for m in _BY_SCHEDULE.finditer(ctx.text)}
    # spaCy's small model calls many defined-looking phrases ORG; only trust place and person names.
    named = {
        e.text.replace("\n", " ")
        for e in ctx.entities
        if e.kind == "named_entity" and e.value in ("PERSON", "GPE", "LOC", "FAC", "NORP", "LAW")
    }
    named |= {
        str(e.attrs["name"]) for e in ctx.entities if e.kind == "party" and e.attrs.get("name")
    }
    if not defined:
        return  # a contract with no defined terms at all does not use the convention
    stop = re.search(params.stop_at, ctx.text)
    body = ctx.text[: stop.start()] if stop else ctx.text
    # Names introduced in the preamble (the parties, their affiliates) are proper names.
    first_clause = next((c for c in ctx.clauses if c.id != "preamble"), None)
    preamble = ctx.text[: ctx.view_offset(first_clause.span.start)] if first_clause else ""
    reported: set[str] = set()
    defined |= {_one_space(d) for d in defined}  # "Disclosing     Party" in a flattened filing
    for m in _TERM.finditer(body):
        if re.search(r"\n[ \t]*\n", m.group("term")):
            continue  # a heading and the next paragraph's first word, not one phrase
        term = _one_space(_LEAD_WORDS.sub("", m.group("term")))
        if " " not in term:
            continue
        if term in reported or term in defined or term in params.ignore or term in preamble:
            continue
        before = body[max(0, m.start("term") - 16) : m.start("term")]
        lead = _LEAD_WORDS.match(m.group("term"))
        if not _DEFINITE.search(before + (lead.group(0) if lead else "")):
            continue  # an obligation binds to *the* Installation Specifications, a named thing
        if re.search(rf"{_HEADING_NUMBER}\s*$", before):
            continue  # an inline clause heading: "9.1 Confidential Information. Each Party …"
        if " and " in term and not _DOCUMENT_NOUN.search(term):
            continue  # "its Affiliates and Subcontractors": a list of things, not one term
        if _DEFINED_ELSEWHERE.search(body[m.end() : m.end() + 60]):
            continue  # "(as defined in the Commercial License Agreement)"
        if any(term in n or n in term for n in named) or _ORG_WORDS.search(term):
            continue
        if _ORG_WORDS.search(body[max(0, m.start() - 40) : m.start()]):
            continue  # the tail of a longer proper name (Convention on … Sale of Goods)
        if re.search(r"\b[A-Z]{2,6}\s+$", body[max(0, m.start("term") - 8) : m.start("term")]):
            continue  # "CEDR Model Mediation Procedure", "ICC Rules": an institution's own name
        singular = " ".join(w[:-1] if w.endswith("s") else w for w in term.split())
        if any(term in d or d in term.split() or singular == d for d in defined):
            continue
        if any(" " in d and re.search(rf"\b{re.escape(d)}\b", term) for d in defined):
            continue  # "Practical Completion Certificate": a defined term's own document
        if re.search(rf"\b(?:an?|any|each)\s+{re.escape(term)}\b", body):
            continue  # "shall issue a Certificate of Making Good": the clause creates the thing
        if term.split()[-1] in ("Title", "Name", "By", "Date", "Signature", "Address"):
            continue  # a signature block label
        if _NUMBER_WORDS & set(term.split()) or _is_heading(body, term):
            continue  # an amount in words, or a clause heading
        if not _DOCUMENT_NOUN.search(term) and (
            _uses(body, term) < params.min_uses or not _WEIGHTY_NOUN.search(term)
        ):
            continue
        if _COMPANY_AFTER.match(body[m.end() :]):
            continue  # a company name ("Caledon Print & Mail Limited"); party_name_variant's
        if _STATUTE_AFTER.match(body[m.end() :]):
            continue  # a statute's title: "Housing Grants, Construction and Regeneration Act 1996"
        if re.search(rf"\b{_ISSUES}\s+(?:the|a|an)\s+{re.escape(term)}\b", body):
            continue  # "shall issue the Final Statement": the clause creates the document
        line_start = body.rfind("\n", 0, m.start()) + 1
        if body[line_start : m.start()].strip() == "" or body[line_start:].split("\n")[0].isupper():
            continue  # a heading or line start, not a use in running text
        # Followed by a defining bracket: Master Services Agreement (the "Agreement").
        if re.match(r"\s*\(", body[m.end() : m.end() + 3]):
            continue
        reported.add(term)
        yield Hit(ctx.span(m.end("term") - len(term), m.end("term")), {"term": term})


class RoleParams(Params):
    roles: list[str] = Field(default_factory=lambda: [*EN_ROLE_WORDS, *CN_ROLES])


def _quoted_anywhere(text: str, role: str) -> bool:
    """The contract defines the role itself somewhere ("(the 'Distributor')",
    "hereinafter referred to as Distributor"), though the party reader missed whose it is."""
    r = re.escape(role)
    return bool(
        re.search(rf"[\"“'‘]\s*{r}\s*[\"”'’]", text)
        or re.search(rf"\bhereinafter (?:called|referred to as|the)\s+(?:the\s+)?{r}\b", text)
    )


@check("undefined_party_role", RoleParams, fields=("role", "defined"))
def undefined_party_role(ctx: RuleContext, params: RoleParams) -> Iterator[Hit]:
    """A party role word used as a party (the Supplier shall …) that no party was given."""
    parties = [e for e in ctx.entities if e.kind == "party"]
    if len(parties) < 2:
        return
    defined: set[str] = set()
    for p in parties:
        defined.update(str(v) for v in (p.value, p.attrs.get("role"), p.attrs.get("alias")) if v)
    # a parties block may introduce a role as a label: "Contractor: Mesa Ridge Builders, Inc."
    defined.update(m.group(1) for m in re.finditer(r"(?m)^[ \t]*([A-Z][a-z]+)[ \t]*:", ctx.text))
    defined_text = "、".join(sorted(defined))
    unknown = [r for r in params.roles if r not in defined and not _quoted_anywhere(ctx.text, r)]
    if not unknown:
        return
    if ctx.language == "zh":
        # Only a third or fourth party label can be used without being introduced.
        extra = [r for r in unknown if r in ("丙方", "丁方")]
        pattern = re.compile("(?P<role>" + "|".join(extra) + ")") if extra else None
    else:
        words = [r for r in unknown if r.isascii()]
        pattern = re.compile(
            r"\b(?:the\s+)?(?P<role>" + "|".join(words) + r")\s+(?:shall|will|may|must|agrees)\b"
        )
    if pattern is None:
        return
    for m in pattern.finditer(ctx.text):
        # "the Escrow Agent shall" is another defined term ending in a role word
        prev = re.search(
            r"([A-Za-z][\w'’-]*)\s+$", ctx.text[max(0, m.start("role") - 30) : m.start("role")]
        )  # "the Employer's Agent shall": a possessive makes another defined term
        if prev and prev.group(1)[0].isupper() and prev.group(1).lower() != "the":
            continue
        yield Hit(
            ctx.span(m.start("role"), m.end("role")),
            {"role": m.group("role"), "defined": defined_text},
        )
        return
