"""The main consideration left to later agreement (民法典 470, 510; an agreement to agree).

A sentence says the price, fee, rent or commission *is to be agreed* (另行协商确定, "to be set by
mutual written agreement", TBD) and names no figure, and nowhere else in the contract is that
same term given a figure or a method. Whatever the contract type, the main bargain is then
uncertain. Lawful deferrals are left alone: a renewal's rent, extra or changed work, a fallback
for items without a unit rate, anything conditional, costs to be shared, and prices set by each
order under a framework.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import Field

from pipeline.rules_engine.checks_essentials import BY_METHOD, TITLE_CHARS, fixed_near
from pipeline.rules_engine.checks_patterns import contract_title, regex
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.registry import Hit, Params, check

# a sum or a rate in the sentence itself means the term is fixed there ("经协商确定为¥…")
FIGURE_HERE = re.compile(
    r"\d[\d,，.]*\s*(?:万?元|%|％)|[¥￥$£€]\s*\d|[壹贰叁肆伍陆柒捌玖拾佰仟萬万亿]{2,}(?:元|圆)"
    r"|\b(?:RMB|CNY|USD|US\$|EUR|GBP|HKD)\s?\d|百分之|千分之|万分之|\bper cent\b|\bpercent\b",
    re.I,
)


# what fixes the term elsewhere: a figure or a way to compute it, not a pointer to a schedule
# (the schedule may be where it is deferred)
_FIXED_ELSEWHERE = re.compile(
    FIGURE_HERE.pattern + "|" + BY_METHOD + r"|\bper (?:unit|hour|day|month"
    r"|annum|year|seat|user|licen[cs]e)\b|\bat the rates?\b|\blist prices?\b|\brate card\b",
    re.I,
)


_QUOTE_CHARS = 160


class DeferredParams(Params):
    defer: str = Field(description="regex: the term is left to later agreement")
    term: str = Field(description="regex: the main consideration's name (one named group 'name')")
    unless: list[str] = Field(
        default_factory=list,
        description="regexes: a lawful deferral (renewal, extra work, a fallback, a condition)",
    )
    clause_unless: list[str] = Field(
        default_factory=list,
        description="regexes on the sentence's clause: it is about a future, separate agreement",
    )
    title: list[str] = Field(
        default_factory=list, description="regexes: the title must match one (none: any type)"
    )
    fixed: str | None = Field(
        default=None,
        description="regex: what fixes the term elsewhere, near its name (default: a figure)",
    )
    back_reference: str | None = Field(
        default=None,
        description="regex: a sentence that opens by pointing back (上述要求) takes the term's "
        "name from its clause",
    )
    later_period: str | None = Field(
        default=None,
        description="regex: the sentence defers the term for a later part of the term (自第四个"
        "流转年度起): a figure for the earlier part does not fix it",
    )
    fixed_by_annex: str | None = Field(
        default=None,
        description="regex: a pointer to an annex, which fixes the term unless the deferral "
        "itself stands in an annex",
    )


def _deferrals(ctx: RuleContext, params: DeferredParams) -> Iterator[tuple[Sentence, str]]:
    defer, term = regex(params.defer), regex(params.term)
    for sentence in ctx.sentences_matching(defer):
        named = term.search(sentence.text)
        if (
            named is None
            and params.back_reference
            and regex(params.back_reference).match(sentence.text)
        ):
            named = term.search(ctx.clause_of(sentence))
        if named is None or FIGURE_HERE.search(sentence.text):
            continue
        if any(regex(p).search(sentence.text) for p in params.unless):
            continue
        clause = ctx.clause_of(sentence)
        if any(regex(p).search(clause) for p in params.clause_unless):
            continue
        yield sentence, named.group("name")


def _masked(text: str, sentences: list[Sentence]) -> str:
    """The contract with the deferring sentences blanked: only the rest can fix the term."""
    chars = list(text)
    for s in sentences:
        chars[s.start : s.end] = " " * (s.end - s.start)
    return "".join(chars)


_ANNEX_HEADING = re.compile(
    r"(?m)^\s*(?:附件|附表|SCHEDULE|Schedule|ANNEX|Annex|EXHIBIT|Exhibit|APPENDIX|Appendix)"
    r"\s*[一二三四五六七八九十\dA-Z]"
)


def _fixing(ctx: RuleContext, params: DeferredParams, sentence: Sentence) -> re.Pattern[str]:
    """What fixes the term elsewhere. "以附件一的技术指标作为验收依据" fixes nothing when 附件一
    is where the 技术指标 are left to later agreement."""
    if not params.fixed:
        return _FIXED_ELSEWHERE
    in_annex = bool(_ANNEX_HEADING.search(ctx.text, 0, sentence.start))
    if params.fixed_by_annex and not in_annex:
        return regex(f"{params.fixed}|{params.fixed_by_annex}")
    return regex(params.fixed)


@check("deferred_main_term", DeferredParams, fields=("term", "sentence"))
def deferred_main_term(ctx: RuleContext, params: DeferredParams) -> Iterator[Hit]:
    """The price, fee or rent is left to later agreement and fixed nowhere else."""
    if params.title:
        title = contract_title(ctx).strip()[:TITLE_CHARS]
        if not any(regex(p).search(title) for p in params.title):
            return
    found = list(_deferrals(ctx, params))
    if not found:
        return
    rest = _masked(ctx.text, [s for s, _ in found])
    reported: set[str] = set()
    for sentence, name in found:
        key = name.casefold()
        fixing = _fixing(ctx, params, sentence)
        later = params.later_period is not None and regex(params.later_period).search(sentence.text)
        if key in reported or (
            not later and fixed_near(rest, re.escape(name), ctx.language, fixing)
        ):
            continue
        reported.add(key)
        quoted = sentence.text.strip()
        if len(quoted) > _QUOTE_CHARS:
            quoted = quoted[:_QUOTE_CHARS] + "…"
        yield Hit(ctx.sentence_span(sentence), {"term": name, "sentence": quoted})
