"""A defined price term that nothing fixes: '"Reseller Discount" means the discount from List
Price that applies to Reseller', and no clause, schedule row or formula ever gives the discount a
figure. The price the contract charges is then open, however carefully the rest is drafted.

The check reads facts, not wording: a defined term named like a price (Discount, Fee, Rate,
Commission, Royalty, Rent, Margin), whose definition states no figure and points to no source
(a schedule, a price list, an order, an index, another section), used again outside its
definition, and never stated with a figure anywhere else in the contract."""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

# the defined term's last word says it is (part of) what is paid
_PRICE_NOUN = (
    r"(?:Discount|Fees?|Rate|Commission|Royalt(?:y|ies)|Rent|Margin|Mark-?up|Price|Charges?)"
)
_DEFINITION = re.compile(
    rf"[\"“](?P<term>(?:[A-Z][\w-]*\s){{0,3}}{_PRICE_NOUN})[\"”]\s*(?:shall\s+)?means?\b"
    r"(?P<body>[^\n]{0,400})"
)
# a figure: digits, a currency sign, a redaction, a percentage, or a number in words
_FIGURE = re.compile(
    r"\d|[$€£¥]|\[\*+\]|per ?cent|%|\b(?:one|two|three|four|five|six|seven|eight|nine|ten"
    r"|twenty|thirty|forty|fifty|hundred|thousand|half|quarter)\b",
    re.I,
)
# where a figure may live instead: an attachment, a list, an order, a formula, another clause
_SOURCE = re.compile(
    r"\b(?:Schedule|Exhibit|Annex|Appendix|Attachment|Section|Clause|Article|Paragraph"
    r"|price ?list|list of prices|rate card|tariff|Purchase Order|Order Form|order|quotation|quote"
    r"|invoice|Statement of Work|SOW|formula|index|calculated|computed|determined by|published"
    r"|then[- ]current|prevailing|market|notified|notice|agreed in writing|set out|specified"
    r"|(?<!this )Agreements?|third part(?:y|ies)|determined"
    # a sum measured from what happens (the fee "actually paid by a Subscriber"), not agreed
    r"|actual(?:ly)?|received|charged|collected|billed|invoiced|paid by"
    # a formula over other terms: those terms are what must be fixed
    r"|less|plus|minus|multiplied|times|sum|aggregate|total)\b",
    re.I,
)


def _sentences_with(text: str, term: str) -> Iterator[str]:
    """The lines (clauses, schedule rows) that name ``term``."""
    for line in text.split("\n"):
        if re.search(rf"\b{re.escape(term)}\b", line):
            yield line


# "any fees … payable to a Collection Agent", "all net Recoveries, late fees …", "Subscription
# Fees that include …": a class of sums, or another defined term, not one price left blank
_CATEGORY = re.compile(
    r"[\s,:]*(?:for [^,]{1,40},\s*)?(?:any|all|each|every|such)\b|[\s,:]*(?!(?:The|A|An)\b)[A-Z]"
)


@check("open_price_term", fields=("term", "definition"))
def open_price_term(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """A price term defined with no figure and no source, and given a figure nowhere else."""
    text = ctx.text
    for m in _DEFINITION.finditer(text):
        term, body = m.group("term"), m.group("body")
        if _FIGURE.search(body) or _SOURCE.search(body) or _CATEGORY.match(body):
            continue
        lines = [line for line in _sentences_with(text, term) if m.group(0) not in line]
        if not lines:
            continue  # defined and never used: nothing is priced by it
        if any(_FIGURE.search(_after(line, term)) for line in lines):
            continue  # "the Reseller Discount is 30%", "Reseller Discount | 30%"
        yield Hit(
            ctx.span(m.start("term"), m.end("term")),
            {"term": term, "definition": " ".join(body.split())[:160]},
        )
        return


def _after(line: str, term: str) -> str:
    """What a line says from the term on (a figure before it belongs to something else)."""
    at = re.search(rf"\b{re.escape(term)}\b", line)
    return line[at.start() :] if at else ""
