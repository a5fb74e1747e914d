"""The key terms a lawyer reads first, from the typed entities ParseEntities found: parties and
their roles, price, payment, term, governing law and forum.

Nothing here extracts anew: parties, amounts (with their topic and 大写/figure twin),
durations (with their topic), date ranges and forums are entities already, and the governing
law is the one the rules follow (:mod:`pipeline.entities.governing_law`). This module only
picks the entities that state a key term and returns the sentence each stands in, with its
span, so a report can quote the contract and point at it. No LLM.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import TypeGuard

from pipeline.model import Entity, KeyTerms, PartyTerm, StatedKind, StatedTerm
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.engine import clause_label

# What the contract is for, in order of preference: the price of the whole contract, else
# the periodic consideration (rent, fee, salary), else a loan's principal.
PRICE_TOPICS = ("total_price", "rent", "fee", "salary", "principal")
# A duration with one of these topics states how long the contract runs.
TERM_TOPICS = frozenset({"contract_term", "lease_term", "loan_term", "renewal"})
MAX_PAYMENT_SENTENCES = 6
MAX_TERM_SENTENCES = 6

_PAY = re.compile(
    r"支付|付款|付清|预付|结清|缴纳|\bpa(?:y|ys|ying|yable|id|yment|yments)\b|\bdue\b", re.I
)
# a sentence about paying damages, interest, a refund or a cap is not a payment term
_NOT_PAYMENT = re.compile(
    r"违约金|逾期|迟延|延迟|利息|赔偿|滞纳|罚|退还|返还|扣除"
    r"|\blate\b|overdue|interest|damages|penalt|liabilit|indemnif|refund|withh[oe]ld",
    re.I,
)
# a term sentence says how long the contract (or lease, loan) runs, not when money is returned
_NOT_TERM = re.compile(r"支付|付款|退还|返还|结清|\bpa(?:y|id)\b|refund", re.I)
_RENEWS = re.compile(r"续租|续签|续订|续约|续期|\brenew", re.I)
_RUNS_FOR = re.compile(
    r"(?:this|the) (?:agreement|contract|lease)\b[^.]{0,80}"
    r"\b(?:continues?|remains? in (?:force|effect)|runs?|expires?|terminates?) (?:for|on|after)",
    re.I,
)
# when the contract itself takes effect (not an amendment or a notice)
_EFFECTIVE = re.compile(
    r"(?:合同|协议)[^。；]{0,30}(?:起|后)生效|(?:合同|协议)自[^。；]{0,30}生效"
    r"|(?:this|the) (?:agreement|contract)\b[^.]{0,60}"
    r"(?:takes? effect|becomes? effective|comes? into (?:force|effect)"
    r"|(?:begins|commences|starts) on)",
    re.I,
)
_LEADING_NUMBER = re.compile(r"^\s*(?:第[^条\s]{1,8}条|\d+(?:\.\d+)*)[.、．]?\s*")


def key_terms(ctx: RuleContext) -> KeyTerms:
    """The key terms of the contract behind ``ctx``."""
    price = _price(ctx)
    taken = {t.span.start for t in price}
    return KeyTerms(
        language=ctx.language,
        parties=tuple(_parties(ctx)),
        price=price,
        payment=tuple(_payment(ctx, taken)),
        term=tuple(_term(ctx)),
        governing_law=_governing_law(ctx),
        forum=tuple(_forums(ctx)),
    )


def _parties(ctx: RuleContext) -> Iterator[PartyTerm]:
    found = ctx.of_kind("party")
    # the signature block repeats the parties; use it only when the opening names none
    opening = [e for e in found if not e.attrs.get("signature_block")] or found
    seen: set[tuple[str, str]] = set()
    for e in opening:
        role, name = _role_and_name(e)
        if (role, name) in seen or not name:
            continue
        seen.add((role, name))
        yield PartyTerm(role=role, name=name, span=e.span)


def _role_and_name(e: Entity) -> tuple[str, str]:
    """Chinese: the words before the name (甲方（买方）); English: the defined term (Provider)
    and the name before it."""
    english_name = e.attrs.get("name")  # "Northwind Analytics, Inc., ... ("Provider")"
    if english_name:
        return str(e.attrs.get("term") or e.value or ""), str(english_name)
    name_start = e.attrs.get("name_start")
    if isinstance(name_start, int) and e.span.start <= name_start <= e.span.end:
        role = e.text[: name_start - e.span.start].strip().rstrip("：:").strip()
    else:
        role = str(e.attrs.get("role") or "")
    return role, str(e.value or "")


def _sentence_at(ctx: RuleContext, original: int) -> Sentence | None:
    return ctx.sentence_at(ctx.view_offset(original))


def _stated(ctx: RuleContext, kind: StatedKind, sentence: Sentence, **extra: object) -> StatedTerm:
    """A term whose words are its sentence, without the clause number it may open with."""
    lead = _LEADING_NUMBER.match(sentence.text)
    start = sentence.start + (lead.end() if lead else 0)
    body = Sentence(start, sentence.end, ctx.text[start : sentence.end])
    span = ctx.sentence_span(body)
    return StatedTerm(
        kind=kind,
        text=ctx.document.quote(span),
        span=span,
        clause=clause_label(ctx, span.start),
        **extra,
    )


def _price(ctx: RuleContext) -> tuple[StatedTerm, ...]:
    amounts = [
        e
        for e in ctx.of_kind("amount")
        if e.attrs.get("topic") in PRICE_TOPICS and "share_of_total" not in e.attrs
    ]
    for topic in PRICE_TOPICS:
        stated = [e for e in amounts if e.attrs.get("topic") == topic]
        if not stated:
            continue
        first = stated[0]
        twin = ctx.twin_of(first)
        values = tuple(e.value for e in (first, twin) if e is not None and _num(e.value))
        sentence = _sentence_at(ctx, first.span.start)
        if sentence is None:
            continue
        differ = len(set(values)) > 1
        term = _stated(ctx, "price", sentence, amounts=values, words_figures_differ=differ)
        return (term,)
    return ()


def _num(value: object) -> TypeGuard[float]:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _figures(ctx: RuleContext) -> list[Entity]:
    kinds = ("amount", "rate", "duration", "date")
    return sorted((e for k in kinds for e in ctx.of_kind(k)), key=lambda e: e.span.start)


def _sentences_of(ctx: RuleContext, entities: Iterable[Entity]) -> Iterator[Sentence]:
    """Each sentence holding one of ``entities``, once, in text order."""
    seen: set[int] = set()
    for e in entities:
        sentence = _sentence_at(ctx, e.span.start)
        if sentence is not None and sentence.start not in seen:
            seen.add(sentence.start)
            yield sentence


def _payment(ctx: RuleContext, taken: set[int]) -> Iterator[StatedTerm]:
    """Sentences that say who pays what and when: a payment word and a figure, and not about
    damages, interest or refunds."""
    count = 0
    for sentence in _sentences_of(ctx, _figures(ctx)):
        if not _PAY.search(sentence.text) or _NOT_PAYMENT.search(sentence.text):
            continue
        term = _stated(ctx, "payment", sentence)
        if term.span.start in taken:
            continue  # the price sentence ("shall pay a monthly fee of ...") is shown as price
        yield term
        count += 1
        if count == MAX_PAYMENT_SENTENCES:
            return


def _term(ctx: RuleContext) -> Iterator[StatedTerm]:
    """How long the contract runs (a term, a date range, a renewal) and when it takes effect."""
    found: dict[int, StatedTerm] = {}
    for e in ctx.of_kind("duration"):
        sentence = _sentence_at(ctx, e.span.start)
        if sentence is None or sentence.start in found or _NOT_TERM.search(sentence.text):
            continue
        topic = e.attrs.get("topic")
        if topic in TERM_TOPICS or _RUNS_FOR.search(sentence.text):
            renews = topic == "renewal" or _RENEWS.search(sentence.text)
            kind: StatedKind = "renewal" if renews else "term"
            found[sentence.start] = _stated(ctx, kind, sentence)
    for e in ctx.of_kind("date"):
        sentence = _sentence_at(ctx, e.span.start)
        ranged = e.attrs.get("role") == "start" and "range_end" in e.attrs
        if ranged and sentence is not None and sentence.start not in found:
            found[sentence.start] = _stated(ctx, "term", sentence)
    for sentence in ctx.sentences_matching(_EFFECTIVE):
        if sentence.start not in found:
            found[sentence.start] = _stated(ctx, "effective", sentence)
            break  # the first statement of when the contract takes effect
    return iter(sorted(found.values(), key=lambda t: t.span.start)[:MAX_TERM_SENTENCES])


def _governing_law(ctx: RuleContext) -> StatedTerm | None:
    """The sentence of the governing-law clause the rules followed, if the contract has one."""
    law = ctx.law
    if law.source != "clause" or law.start is None:
        return None
    sentence = ctx.sentence_at(law.start)
    return _stated(ctx, "governing_law", sentence) if sentence is not None else None


def _forums(ctx: RuleContext) -> Iterator[StatedTerm]:
    seen: set[tuple[str, str]] = set()
    for e in ctx.of_kind("forum"):
        kind = e.attrs.get("forum")
        key = (str(kind), str(e.value))
        if kind not in ("arbitration", "court") or key in seen:
            continue
        seen.add(key)
        forum: StatedKind = "arbitration" if kind == "arbitration" else "court"
        yield StatedTerm(
            kind=forum, text=e.text, span=e.span, clause=clause_label(ctx, e.span.start)
        )
