"""Whose money a forfeiture keeps. "The Licensee may terminate at any time …, in which case the
Initial Licence Fee shall not be refunded": the Licensee paid that fee, so leaving costs it its own
money and takes nothing from the other side. Only a right to leave that keeps the OTHER side's
money is one-sided (民法典 497: a standard term that restricts the other party's main rights).

Facts, not wording: the holder is the party the right is given to, the sum is what the sentence
says is not refunded, and its payer is read from the contract's own "X shall pay … <sum>"."""

from __future__ import annotations

import re

from pipeline.rules_engine.context import RuleContext

_HOLDER = re.compile(
    r"\b(?:[Tt]he\s+)?(?P<role>[A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\s+may\b[^.;]{0,80}?\b(?:terminat|cancel)"
)
# "the Initial Licence Fee shall not be refunded", "all Fees paid are non-refundable",
# "the Licensee forfeits the Deposit"
_KEPT = re.compile(
    r"\b(?:[Tt]he|[Aa]ny|[Aa]ll)\s+(?P<sum>(?:[A-Z][\w-]*\s+){0,3}(?:Fees?|Price|Deposit|Royalt(?:y|ies)"
    r"|Payments?|Premium|Charges?|Advance)|fees|sums|amounts)\b(?:\s+(?:already\s+)?paid)?"
    r"[^.;]{0,40}?\b(?:shall\s+not\s+be\s+refund|(?:is|are)\s+non-refundable|(?:is|are)\s+not\s+refund"
    r"|(?:shall\s+be\s+)?forfeit)",
)
_FORFEITS = re.compile(r"\bforfeits?\s+(?:the|any|all)\s+(?P<sum>(?:[A-Z][\w-]*\s+){0,3}[A-Za-z]+)")


_ROLE = r"(?:[Tt]he\s+)?(?P<role>[A-Z][a-z]+(?:\s[A-Z][a-z]+)?)"


def _payers(ctx: RuleContext, sum_name: str) -> set[str]:
    """Every party the contract says shall pay ``sum_name`` ("the Licensee shall pay the Licensor
    a lump-sum initial licence fee …"); a sum that only measures another ("5% of the Initial
    Licence Fee") is not that sum paid."""
    name = re.escape(sum_name)
    pay = re.compile(
        rf"\b{_ROLE}\s+shall\s+(?:\w+\s+){{0,2}}?pay\b(?P<gap>[^.;]{{0,60}}?)\b(?i:{name})"
    )
    paid_by = re.compile(rf"\b(?i:{name})\w*\s+(?:shall\s+be\s+|is\s+|are\s+)?paid\s+by\s+{_ROLE}")
    payers: set[str] = set()
    for m in pay.finditer(ctx.text):
        if not re.search(r"\bof\s+(?:the\s+)?$|%", m.group("gap")):
            payers.add(m.group("role"))
    payers |= {m.group("role") for m in paid_by.finditer(ctx.text)}
    return payers


def forfeits_own_payment(ctx: RuleContext, sentence: str, clause: str) -> bool:
    """The party given the right to leave is the only one the contract says pays the sum kept."""
    holder = _HOLDER.search(sentence)
    if holder is None:
        return False
    kept = _KEPT.search(sentence) or _KEPT.search(clause) or _FORFEITS.search(sentence)
    if kept is None:
        return False
    name = kept.group("sum").strip()
    # "all fees paid": the contract's fees in general ("fee" finds "fees" and "Fee")
    payers = _payers(ctx, name.rstrip("s") if name.islower() else name)
    return payers == {holder.group("role")}
