"""What each playbook measure reads from the parsed contract: values with exact spans.

Each measure returns every occurrence it finds (a value, a display text and a document span);
the verdict is the worst occurrence, so one 35% penalty among several 10% ones counts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pipeline.model import Entity, Span
from pipeline.rules_engine.checks_shares import RatioParams, ratio_hits
from pipeline.rules_engine.context import RuleContext


@dataclass(frozen=True)
class Observation:
    value: float | str
    shown: str
    span: Span


_RATIO_WORDS = {"deposit_ratio": ("deposit", "定金"), "penalty_ratio": ("penalty", "违约金")}
_DAYS = {"day": 1.0, "workday": 7 / 5, "week": 7.0, "month": 30.0}
_PAYMENT = re.compile(r"支付|付款|付清|结算|价款|货款|\bpa(?:y|id|yment)|invoice", re.I)
_NOT_A_TERM = re.compile(
    r"逾期|迟延|延迟|违约|利息|定金|责任|\blate\b|overdue|interest|deposit|liabilit", re.I
)
_CAP_CONTEXT = (
    re.compile(r"liabilit|责任|赔偿", re.I),
    re.compile(r"fees|费用|价款|服务费|amounts?\s+(?:paid|payable)|paid|payable|支付", re.I),
    re.compile(r"preceding|prior|previous|前|此前|之前", re.I),
)
_UNLIMITED = re.compile(
    r"unlimited liability|liability[^.]{0,60}(?:is|are|shall be|will be) unlimited"
    r"|责任不设上限|赔偿责任不受(?:任何)?限额",
    re.I,
)


def _ratio(ctx: RuleContext, measure: str) -> list[Observation]:
    topic, words = _RATIO_WORDS[measure]
    params = RatioParams(topic=topic, max_ratio=1.0, sentence_words=words)
    return [Observation(ratio, f"{ratio:.1%}", e.span) for e, ratio, _ in ratio_hits(ctx, params)]


def _sentence_span(ctx: RuleContext, e: Entity) -> Span:
    start, end = e.attrs.get("sentence_start"), e.attrs.get("sentence_end")
    if not isinstance(start, int) or not isinstance(end, int):
        return e.span
    text = ctx.document.text[start:end]
    lead = len(text) - len(text.lstrip())
    return ctx.document.span(start + lead, start + len(text.rstrip()))


def _payment_days(ctx: RuleContext, _: str) -> list[Observation]:
    out: list[Observation] = []
    for e in ctx.of_kind("duration"):
        unit = e.attrs.get("unit")
        sentence = ctx.entity_sentence(e)
        if unit not in _DAYS or not isinstance(e.value, int | float):
            continue
        if _PAYMENT.search(sentence) and not _NOT_A_TERM.search(sentence):
            days = e.value * _DAYS[str(unit)]
            out.append(Observation(days, f"{days:g} days", _sentence_span(ctx, e)))
    return out


def _liability_cap_months(ctx: RuleContext, _: str) -> list[Observation]:
    out: list[Observation] = []
    for e in ctx.of_kind("duration"):
        months = e.attrs.get("months")
        sentence = ctx.entity_sentence(e)
        if isinstance(months, int | float) and all(p.search(sentence) for p in _CAP_CONTEXT):
            out.append(Observation(float(months), f"{months:g} months", _sentence_span(ctx, e)))
    for s in ctx.sentences_matching(_UNLIMITED):
        out.append(Observation(0.0, "unlimited", ctx.sentence_span(s)))
    return out


def _governing_law(ctx: RuleContext, _: str) -> list[Observation]:
    return [Observation(e.text, e.text, e.span) for e in ctx.of_kind("governing_law")]


def _dispute_forum(ctx: RuleContext, _: str) -> list[Observation]:
    return [
        Observation(str(e.attrs["forum"]), f"{e.text} ({e.attrs['forum']})", e.span)
        for e in ctx.of_kind("forum")
        if e.attrs.get("forum") in ("arbitration", "court")
    ]


MEASURES: dict[str, Callable[[RuleContext, str], list[Observation]]] = {
    "deposit_ratio": _ratio,
    "penalty_ratio": _ratio,
    "payment_days": _payment_days,
    "liability_cap_months": _liability_cap_months,
    "governing_law": _governing_law,
    "dispute_forum": _dispute_forum,
}


def observe(ctx: RuleContext, measure: str) -> list[Observation]:
    return MEASURES[measure](ctx, measure)
