"""A lease that says when it begins but never when it ends: "The lease period of the Premises runs
from the Commencement Date", "The Term … ends on the date stated in a Redevelopment Notice",
"租赁期限自交付之日起计算". Under PRC law a lease whose term cannot be fixed is a lease of no fixed
term, which either side may end at any time (民法典 707, 730); under English law a lease must be
for a term certain (Prudential Assurance v London Residuary Body [1992] 2 AC 386).

The term is fixed by a length (三年, five (5) years) or an end date in a sentence about the term.
Sentences about renewal, notice, rent review or extension do not fix it, nor does a repeating
unit ("each period of twelve months … is a Lease Year"). A lease that chooses to run from month
to month, or says it has no fixed term (不定期), is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.model import Entity
from pipeline.rules_engine.checks_patterns import contract_title
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.registry import Hit, Params, check

_TITLE = {
    "zh": re.compile(r"^(?!.*(?:融资租赁|转租|终止|解除|补充|变更)).*(?:租赁|租用)"),
    "en": re.compile(
        r"^(?!.*(?:finance lease|sub-?lease|terminat|surrender|amendment|addendum|assignment))"
        r".*(?:\blease\b|tenancy|\bhire agreement)",
        re.I,
    ),
}
_TERM_NOUN = {
    "zh": re.compile(r"租赁期限|租赁期间|租期|租赁期"),
    "en": re.compile(r"\b(?:lease period|lease term|term of (?:the|this) lease|the Term)\b", re.I),
}
_STARTS = {
    "zh": re.compile(r"自[^。；]{0,30}?起|起租|开始计算|起算"),
    "en": re.compile(r"\b(?:runs? from|begins?|commences?|starts?)\b", re.I),
}
_NOT_THE_TERM = {
    "zh": re.compile(r"续租|续期|延长|通知|提前|调整|递增|届满后"),
    "en": re.compile(r"\b(?:renew\w*|extend\w*|extension|notice|review|option)\b", re.I),
}
_CHOSEN_OPEN = {
    "zh": re.compile(r"不定期"),
    "en": re.compile(r"\b(?:month[- ]to[- ]month|from month to month|periodic tenancy)\b", re.I),
}
_REPEATING = re.compile(r"(?:each|every|per|每|各)\s*(?:successive\s+)?(?:period of\s*)?$", re.I)
# "within 28 days after the end of the Term", "届满后30日内": a period counted from the term
_OFFSET = re.compile(
    r"^\s*(?:after|before|prior to|following|from the (?:date|end)|of (?:the )?(?:end|expiry)"
    r"|后|前|内|以内|之内)",
    re.I,
)
_MIN_DAYS = 28
_REACH = 250


def _fixes_length(ctx: RuleContext, d: Entity) -> bool:
    unit, value = d.attrs.get("unit"), d.value
    if not isinstance(value, int | float):
        return False
    long_enough = unit in ("month", "year") or (unit == "day" and value >= _MIN_DAYS)
    at, end = ctx.view_offset(d.span.start), ctx.view_offset(d.span.end)
    return (
        long_enough
        and not _REPEATING.search(ctx.text[max(0, at - 24) : at])
        and not _OFFSET.match(ctx.text[end : end + 16])
    )


def _ends(ctx: RuleContext, d: Entity) -> bool:
    return d.attrs.get("role") == "end" or "range_start" in d.attrs


class LeaseTermParams(Params):
    pass


@check("lease_without_end", LeaseTermParams, fields=("sentence",))
def lease_without_end(ctx: RuleContext, params: LeaseTermParams) -> Iterator[Hit]:
    """A lease whose term has a start and no length or end anywhere."""
    lang = "zh" if ctx.language == "zh" else "en"
    if not _TITLE[lang].search(contract_title(ctx)) or _CHOSEN_OPEN[lang].search(ctx.text):
        return
    noun, not_term = _TERM_NOUN[lang], _NOT_THE_TERM[lang]
    starts = _STARTS[lang]
    # a sentence that says when the term begins is about the term, whatever else it names
    about_term = [
        s
        for s in ctx.sentences
        if noun.search(s.text) and (starts.search(s.text) or not not_term.search(s.text))
    ]
    if not about_term:
        return  # no term clause at all: the essentials table reports a missing term
    # a PDF can break the sentence at a wrapped "Section⏎3.3": read a little past its end
    inside = [(s.start, max(s.end, s.start + _REACH)) for s in about_term]

    def in_term_sentence(e: Entity) -> bool:
        at = ctx.view_offset(e.span.start)
        own = ctx.sentence_at(at)
        if own is not None and not_term.search(own.text) and not starts.search(own.text):
            return False  # a renewal or notice sentence within reach fixes nothing
        return any(a <= at < b for a, b in inside)

    if any(_fixes_length(ctx, d) for d in ctx.of_kind("duration") if in_term_sentence(d)):
        return
    if any(_ends(ctx, d) for d in ctx.of_kind("date") if in_term_sentence(d)):
        return
    start: Sentence | None = next((s for s in about_term if starts.search(s.text)), None)
    if start is None:
        return
    quoted = start.text.strip()
    yield Hit(ctx.sentence_span(start), {"sentence": quoted[:160]})
