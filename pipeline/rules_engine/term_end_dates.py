"""Which dates end a contract's term: a named end date (Expiration Date, 到期日), a date
followed by 届满/到期 or preceded by "expires on", and the end a date counted back from it
implies ("2025年12月30日（即租赁期限届满前六十日）"). Shared by the term checks."""

from __future__ import annotations

import re
from datetime import date, timedelta

from kb.numerals import parse_cn_integer
from pipeline.model import Entity
from pipeline.rules_engine.checks_consistency import add_months
from pipeline.rules_engine.checks_named_dates import event_name
from pipeline.rules_engine.context import RuleContext

_END_EVENTS = ("Expiration Date", "Expiry Date", "Termination Date", "到期日", "届满日")


# "于2027年3月31日仓储期限届满", "expires on": the date the term ends, however it is named
_ZH_ENDS_AFTER = re.compile(r"^[^，。；,;\n|]{0,8}?(?:期限|期间|期)?(?:届满|到期)")
# "租赁期满（即2028年4月30日）", "合同到期日为…": the end named right before its date
_ZH_ENDS_BEFORE = re.compile(r"(?:期满|届满|到期)(?:之日|日)?\s*[（(]?\s*(?:即|为|是|系)?\s*$")
_EN_ENDS_BEFORE = re.compile(
    r"\b(?:expir\w*|terminat\w*|end\w*)\s+(?:at\s+\d{1,2}[:.]\d{2}(?:\s*(?:hours|hrs))?\s+)?"
    r"(?:on|at the end of)\s*$"
    # "This Agreement shall commence … and … shall continue until 30 June 2027"
    r"|\b(?:continues?|remains? in (?:full )?force(?: and effect)?)\s+until(?: and including)?\s*$"
    # a schedule's label: "Expiration Date of Base Term: March 31, 2028"
    r"|\b(?:Expiration|Expiry|End) Date of (?:the )?(?:[A-Z][a-z]+ )?Term\s*[:：]\s*$"
    # "At the end of the Contractual Term on 31 March 2031"
    r"|\b(?:end|expiry|expiration) of the (?:\w+ ){0,2}(?:Term|term|Lease|lease|Period|period)"
    r"\s+(?:on|,)\s*$"
    # a schedule's row: "Agreement expiration date | June 30, 2028", "Expiry of the Term: …"
    r"|^\s*(?:(?:Agreement|Contract|Term|Initial Term) (?:expiration|expiry|end) date"
    r"|(?:Expiry|Expiration|End)(?: date)? of (?:the |this )?"
    r"(?:Agreement|Contract|(?:Initial )?Term))\s*[|:：]\s*$",
    re.I | re.M,
)
# "2025年12月30日（即租赁期限届满前六十日）": a day counted back from the end, which it implies
_ZH_BEFORE_END = re.compile(
    r"\s*[（(]?\s*即?[^，。；）)]{0,12}?(?:届满|到期|期满)(?:之日)?(?:之|以)?前"
    r"(?:\s*(?P<n>\d+|[一二两三四五六七八九十百]+)\s*(?P<unit>日|天|个月|月|年)(?!度))?"
)


def implied_end(ctx: RuleContext, end: Entity, finish: date) -> date | None:
    """The end a date implies: itself, or itself plus the period it is said to precede the end
    by; None when that period cannot be counted (working days)."""
    if ctx.language != "zh":
        return finish
    at = ctx.view_offset(end.span.end)
    m = _ZH_BEFORE_END.match(ctx.text, at, at + 32)
    if m is None:
        return finish
    if m.group("n") is None:
        return None
    try:
        n = int(m.group("n")) if m.group("n").isdigit() else parse_cn_integer(m.group("n"))
    except ValueError:
        return None
    unit = m.group("unit")
    if unit in ("日", "天"):
        return finish + timedelta(days=n)
    return add_months(finish, n * (12 if unit == "年" else 1))


def ends_the_term(ctx: RuleContext, d: Entity) -> bool:
    """A date that ends the contract's term: a named end date, a date followed by 届满/到期
    or preceded by "expires on"."""
    if event_name(ctx, d) in _END_EVENTS:
        return True
    start = ctx.view_offset(d.span.start)
    end = ctx.view_offset(d.span.end)
    if ctx.language == "zh" and (
        _ZH_ENDS_AFTER.match(ctx.text[end : end + 16])
        or _ZH_ENDS_BEFORE.search(ctx.text[max(0, start - 12) : start])
    ):
        return True
    if ctx.language == "en" and _ANOTHER_CONTRACT.search(ctx.text[max(0, start - 90) : start]):
        return False  # "an incumbent supplier under a contract expiring on 30 June 2025"
    return ctx.language == "en" and bool(
        _EN_ENDS_BEFORE.search(ctx.text[max(0, start - 50) : start])
        or _EN_ENDS_AFTER.match(ctx.text[end : end + 60])
    )


# the end of another contract than this one: a recital's "under a contract expiring on", "the
# existing lease, which expires on"
_ANOTHER_CONTRACT = re.compile(
    r"\b(?:a|an|another|the existing|the current|the incumbent|the prior|the previous|its "
    r"existing|its current|a separate)\s+(?:[\w-]+\s+){0,3}?(?:contract|agreement|lease|licen[cs]e"
    r"|arrangement|tenancy)s?\b[^.;]{0,40}?\b(?:expir\w*|end\w*|terminat\w*)\s+(?:on\s*)?$"
)


# "before 31 March 2026, the last day of the Initial Term": the date named as the term's end
_EN_ENDS_AFTER = re.compile(
    r"\s*,?\s*(?:being |which is )?the (?:last|final|expiry) day of the (?:[A-Z][a-z]+ )?"
    r"(?:Term|term|Lease|lease)\b"
)
