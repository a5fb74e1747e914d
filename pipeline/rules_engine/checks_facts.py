"""Checks over typed facts: a share of the price against the price, a per-period penalty
without a ceiling, a term against its own dates. They read what ParseEntities typed (an
amount's ``share_of_total``, a rate's ``period``, a duration's ``topic``, a date range), so they
hold whatever words stand between the figures.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta

from pydantic import Field

from pipeline.model import Entity
from pipeline.rules_engine.checks_consistency import add_months, money
from pipeline.rules_engine.checks_patterns import regex
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.contract_total import contract_total, insurance_floor
from pipeline.rules_engine.registry import Hit, Params, check


class ShareParams(Params):
    tolerance: float = Field(default=0.01, ge=0, description="relative difference allowed")


@check("share_amount_mismatch", ShareParams, fields=("share", "amount", "expected", "total"))
def share_amount_mismatch(ctx: RuleContext, params: ShareParams) -> Iterator[Hit]:
    """ "总价款的30%，即¥350,000" where 30% of the total is not ¥350,000."""
    total = contract_total(ctx) or _defined_fee(ctx)
    if total is None or not isinstance(total.value, float) or total.value <= 0:
        return
    seen: set[float] = set()
    for e in ctx.of_kind("amount"):
        share = e.attrs.get("share_of_total")
        if not isinstance(share, float) or not isinstance(e.value, float):
            continue
        if e.attrs.get("currency") not in (None, total.attrs.get("currency")):
            continue
        expected = share * total.value
        twin = e.attrs.get("twin_start")
        if abs(e.value - expected) <= params.tolerance * expected or twin in seen:
            continue
        seen.add(e.span.start)
        yield Hit(
            e.span,
            {
                "share": f"{share:.4g}".rstrip("0").rstrip(".") if share >= 1 else f"{share:.2%}",
                "amount": e.text,
                "expected": money(expected, total.attrs.get("currency")),
                "total": total.text,
            },
            (total.span,),
        )


_DEFINED_PRICE = re.compile(
    r"\((?:the|hereinafter(?: the)?)\s+[\"“](?:Fees?|Price|Contract Price|Contract Sum|Consideration"
    r"|Purchase Price|Total Fee)[\"”]\)"
)


def _defined_fee(ctx: RuleContext) -> Entity | None:
    """A fixed fee the contract defines as a term ('a fixed fee of £186,000 ... (the "Fee")'):
    the base of "25% of the Fee" where no amount is called the total price."""
    for e in ctx.of_kind("amount"):
        if e.attrs.get("form") == "figure" and _DEFINED_PRICE.search(ctx.entity_sentence(e)):
            return e
    return None


class UncappedParams(Params):
    sentence_words: str = Field(description="regex naming a penalty in the sentence")
    per_period: str = (
        r"每(?:逾期|延迟|迟延|迟交|超过)?(?:一|1)?[日天周月]|按日|按天|按周|按月|日(?:万|千)分之"
        # "每延误一日", "每迟延交货一天": any short verb before one day
        r"|每[\u4e00-\u9fff]{1,4}?(?:一|1)[日天周月]"
        r"|per (?:calendar |business )?(?:day|week|month)|for (?:each|every) (?:calendar |business )?"
        r"(?:day|week|month)|(?:day|week|month) of (?:delay|late)|daily"
        # "for each such Key Person and each calendar day of non-attendance"
        r"|\band (?:each|every) (?:calendar |business |working )?(?:day|week|month)\b"
    )
    cap_words: str = (
        r"(?:最高|最多|累计|总额|合计|总计)[^。；;]{0,20}(?:不超过|不得超过|以[^。；;]{0,20}为限)"
        r"|(?:不超过|不得超过|不应超过|不高于)[^。；;]{0,24}(?:总价|总额|价款|金额|租金|费用|\d)"
        r"|上限|封顶|为限|not (?:to )?(?:in (?:total|aggregate|the aggregate) )?exceed|capped|cap of"
        r"|maximum (?:aggregate )?(?:amount|of)"
        r"|in no event[^.;]{0,60}exceed|up to a maximum|limited to"
        # "0.05% of the overdue amount for each day of delay, up to 10% of the overdue amount"
        r"|\bup to\s+(?:\d[\d,.]*\s*(?:%|per ?cent)|(?:RMB|USD|US\$|£|\$|€|EUR|GBP)\s?\d)"
    )
    scope: str = Field(default="clause", description="where a cap counts: clause or sentence")
    min_yearly: float = Field(
        default=0.365, gt=0, description="flag from this yearly share of the base (0.1%/day)"
    )
    exclude_words: str | None = Field(
        default=None, description="regex: a sentence matching it is not a penalty (holdover rent)"
    )
    unknown_base: bool = Field(
        default=False,
        description="flag a fixed sum per period even when no contract price gives its base",
    )


# "不设上限" / "without any cap" say there is none: remove them before looking for a cap
_NO_CAP = re.compile(
    r"不设(?:置)?上限|无上限|没有上限|不封顶|不受[^，。；]{0,6}限制|without (?:any )?(?:cap|limit(?:ation)?)"
    r"|no (?:cap|limit|maximum)|uncapped|not (?:be )?(?:subject to|limited by) (?:any|a) (?:cap|limit)",
    re.I,
)
_PERIODIC_BASE = re.compile(
    r"(?:月|日|周|年)(?:租金|服务费|工资|薪酬|费用)|monthly|weekly|annual (?:rent|fee)", re.I
)
# "0.1% of the Monthly Hire for each day": the English base follows the rate
_PERIODIC_BASE_AFTER = re.compile(
    r"^\s*[)）]?\s*of\s+(?:the\s+|one\s+|a\s+)?(?:monthly|weekly|daily|month's|week's)\b", re.I
)
_UNIT_PER_YEAR = (("周", 52.0), ("week", 52.0), ("月", 12.0), ("month", 12.0))


def _periodic_base(ctx: RuleContext, rate: Entity) -> re.Match[str] | None:
    """The rate's base is a periodic sum (月租金, the Monthly Hire), not the whole price."""
    at = ctx.view_offset(rate.span.end)
    return _PERIODIC_BASE.search(ctx.sentence_before(rate)[-12:]) or _PERIODIC_BASE_AFTER.search(
        ctx.text[at : at + 40]
    )


def _base_per_year(base: str) -> float | None:
    """How many of a periodic base make a year: 月租金 12, daily 365."""
    lowered = base.lower()
    units = (*_UNIT_PER_YEAR, ("日", 365.0), ("daily", 365.0), ("年", 1.0), ("annual", 1.0))
    return next((n for word, n in units if word in lowered), None)


def _per_year(period_text: str) -> float:
    lowered = period_text.lower()
    return next((n for word, n in _UNIT_PER_YEAR if word in lowered), 365.0)


def _yearly_share(
    ctx: RuleContext, e: Entity, period_text: str, base: Entity | None
) -> float | None:
    """What the penalty comes to in a year, as a share of its base (the rate's base, or
    ``base`` for a fixed sum)."""
    if not isinstance(e.value, float):
        return None
    if e.kind == "rate":
        own = e.attrs.get("period")
        if own == "year":
            return None  # an annual rate is interest-like, judged elsewhere
        yearly = e.value * (
            365.0 if own == "day" else 12.0 if own == "month" else _per_year(period_text)
        )
        periodic = _periodic_base(ctx, e)
        if periodic is None:
            return yearly
        # 月租金的20%/日: measured against a year of that rent (1%/日 of it is about 30%)
        per_year = _base_per_year(periodic.group())
        return None if per_year is None else yearly / per_year
    if e.attrs.get("topic") not in ("penalty", None) or base is None:
        return None
    if not isinstance(base.value, float) or base.value <= 0:
        return None
    return e.value * _per_year(period_text) / base.value


def _largest_sum(ctx: RuleContext, penalty: Entity) -> Entity | None:
    """Where no contract price is named (a franchise fee, a service fee), the largest sum the
    contract states in the penalty's currency: a fixed daily sum that in a year passes even that
    sum has outgrown anything the contract is worth."""
    sums = [
        e for e in ctx.of_kind("amount")
        if e is not penalty and isinstance(e.value, float)
        and e.attrs.get("currency") == penalty.attrs.get("currency")
        # "liability cover of not less than RMB 5,000,000 per occurrence" is worth nothing to it
        and not insurance_floor(ctx.sentence_before(e))
    ]  # fmt: skip
    return max(sums, key=lambda e: float(e.value or 0), default=None)


# "The total liquidated damages shall not exceed 10% of the Contract Sum" (clause 5.4) caps the
# weekly rate a schedule states: the ceiling for all of them, wherever it is written
_AGGREGATE = re.compile(r"累计|总额|合计|总计|\btotal\b|\baggregate\b|in (?:the )?aggregate", re.I)


def _capped_elsewhere(ctx: RuleContext, words: re.Pattern[str], caps: re.Pattern[str]) -> bool:
    def find() -> bool:
        return any(
            words.search(s.text)
            and _AGGREGATE.search(s.text)
            and caps.search(_NO_CAP.sub("", s.text))
            for s in ctx.sentences
        )

    return ctx.memo(f"penalty_capped:{words.pattern}", find)


# the name the clause gives the sum it charges: "a Service Credit equal to", "a Delay Payment
# amounting to" (not "the Price of the whole Order", the base it is counted on)
_OWN_NAME = re.compile(
    r"\b(?:a|an)\s+(?P<name>(?:[A-Z][\w-]*\s+){0,2}[A-Z][\w-]*?)s?\s+"
    r"(?:equal to|amounting to|calculated at)\b"
)


def _named_charge(name: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(name)}s?\b")


# "This limit does not apply to … liquidated damages under Clause 10.1": a release, not a cap
_RELEASED = re.compile(
    r"(?:does|do|shall|will) not apply|\bexcept\b|\bother than\b|\bexcluding\b|not subject to"
    r"|in addition to",
    re.I,
)


def _capped_by_reference(ctx: RuleContext, number: str, caps: re.Pattern[str]) -> bool:
    """Another sentence caps the total under this clause by its number."""
    if not number:
        return False
    capping = re.compile(
        rf"(?:total|aggregate|cumulative)\b[^.;]{{0,60}}\b(?:under|pursuant to|in respect of|for)"
        rf"\s+(?:clause|section|article)\s*{re.escape(number)}(?![\d.])[^;]{{0,40}}?"
        r"(?:shall|will|may|must)\s+not\s+exceed",
        re.I,
    )
    return any(capping.search(s.text) and not _RELEASED.search(s.text) for s in ctx.sentences)


_MARKUP_ON_RATE = re.compile(
    r"\s*\)?\s*(?:of|above|over)\s+(?:that|the|such|this)\s+(?:[\w-]+\s+){0,4}rate\b", re.I
)


@check("per_period_penalty_uncapped", UncappedParams, fields=("penalty", "yearly", "base"))
def per_period_penalty_uncapped(ctx: RuleContext, params: UncappedParams) -> Iterator[Hit]:
    """A penalty that accrues per day/week/month, comes to at least ``min_yearly`` of its base
    in a year, and has no ceiling anywhere in its clause: it grows without limit."""
    words = regex(params.sentence_words)
    period = regex(params.per_period)
    caps = regex(params.cap_words)
    by_id = {c.id: c for c in ctx.clauses}
    done: set[str] = set()
    for e in ctx.entities:
        if e.kind not in ("rate", "amount") or e.attrs.get("share_of_total") is not None:
            continue
        end = ctx.view_offset(e.span.end)
        if e.kind == "rate" and _MARKUP_ON_RATE.match(ctx.text, end, end + 60):
            continue  # "LPR plus fifty per cent (50%) of that rate": a markup, not a rate per day
        sentence = ctx.entity_sentence(e)
        found = period.search(sentence)
        if found is None or not words.search(sentence):
            continue
        if params.exclude_words and regex(params.exclude_words).search(sentence):
            continue
        clause = by_id.get(e.clause or "")
        scope = sentence
        if params.scope == "clause" and clause is not None:
            scope = ctx.clause_body(clause)
        key = e.clause or sentence
        base = contract_total(ctx) if e.kind == "amount" else None
        yearly = _yearly_share(ctx, e, found.group(), base)
        if yearly is None and params.unknown_base and e.kind == "amount":
            yearly = float("inf")  # a fixed sum per day with no price to compare: no ceiling at all
        elif yearly is None and e.kind == "amount":
            base = _largest_sum(ctx, e)
            yearly = _yearly_share(ctx, e, found.group(), base)
        if yearly is None or yearly < params.min_yearly - 1e-9:
            continue
        if caps.search(_NO_CAP.sub("", scope)) or key in done:
            continue
        if clause is not None and _capped_by_reference(ctx, clause.number, caps):
            continue  # "The total reduction under clause 7.1 shall not exceed £92,130"
        # a schedule row restates a rate whose clause (and its ceiling) is elsewhere; a clause
        # that merely cites another clause keeps its own scope (another penalty's cap may be meant)
        if "|" in sentence and _capped_elsewhere(ctx, words, caps):
            continue
        own = _OWN_NAME.search(sentence)
        if own and _capped_elsewhere(ctx, _named_charge(own.group("name")), caps):
            continue  # "a Service Credit equal to 2% … for each Business Day" and, in 7.2, "The
            # total Service Credits for any one Order shall not exceed 10% of the Order Fee"
        done.add(key)
        shown = "an unbounded amount" if yearly == float("inf") else f"{yearly:.0%}"
        shown_base = base if yearly != float("inf") else None
        if shown_base is not None:
            named = shown_base.text
        elif e.kind == "rate" and _periodic_base(ctx, e) is not None:
            named = "该基数一年合计额" if ctx.language == "zh" else "a year's worth of its base"
        else:
            named = "基数" if ctx.language == "zh" else "its base"
        yield Hit(e.span, {"penalty": e.text, "yearly": shown, "base": named})


class TermDatesParams(Params):
    topics: list[str] = Field(default_factory=lambda: ["contract_term", "lease_term", "loan_term"])
    slack_days: int = Field(default=1, ge=0)


def whole_months(duration: Entity) -> int | None:
    months = duration.attrs.get("months")
    if isinstance(months, int | float) and float(months).is_integer():
        return int(months)
    return None


@check("term_dates_mismatch", TermDatesParams, fields=("term", "start", "end", "expected"))
def term_dates_mismatch(ctx: RuleContext, params: TermDatesParams) -> Iterator[Hit]:
    """ "期限三年，自2025年1月1日起至2027年12月31日止": the dates give two years, not three.
    The end may be the anniversary or the day before it."""
    dates = {d.span.start: d for d in ctx.of_kind("date")}
    durations = ctx.of_kind("duration")
    for duration in durations:
        if duration.attrs.get("topic") not in params.topics:
            continue
        months = whole_months(duration)
        pair = _range_after(duration, dates, durations)
        if months is None or pair is None:
            continue
        start, end = pair
        begin, finish = date.fromisoformat(str(start.value)), date.fromisoformat(str(end.value))
        expected = day_after_period(begin, duration, months)
        if days_off(finish, expected) <= params.slack_days:
            continue
        yield Hit(
            duration.span,
            {"term": duration.text, "start": start.text, "end": end.text,
             "expected": (expected - timedelta(days=1)).isoformat()},
            (start.span, end.span),
        )  # fmt: skip


def days_off(end: date, day_after: date) -> int:
    """How many days a stated end misses a period ending the day before ``day_after`` (the
    start counted as day one) or on it (not counted): conventions differ by that day."""
    return min(abs((end - day_after).days), abs((end - (day_after - timedelta(days=1))).days))


def day_after_period(begin: date, duration: Entity, months: int) -> date:
    """The day after the term's last day: ninety days count days (1 March + 90 days), not the
    three months a day count is worth elsewhere."""
    if duration.attrs.get("unit") == "day" and isinstance(duration.value, int | float):
        return begin + timedelta(days=int(duration.value))
    return add_months(begin, months)


def _range_after(
    duration: Entity, dates: dict[int, Entity], durations: list[Entity]
) -> tuple[Entity, Entity] | None:
    """The first date range after ``duration`` in its sentence, with no other duration between
    ("期限三年，自…起至…止，其中试用期八个月，自…至…": the second range is the probation's)."""
    sentence = duration.attrs.get("sentence_start")
    for start in sorted(dates.values(), key=lambda d: d.span.start):
        end_at = start.attrs.get("range_end")
        if start.span.start < duration.span.end or start.attrs.get("sentence_start") != sentence:
            continue
        if any(duration.span.end <= d.span.start < start.span.start for d in durations):
            return None
        end = dates.get(end_at) if isinstance(end_at, int) else None
        if end is None or not isinstance(start.value, str) or not isinstance(end.value, str):
            return None
        return start, end
    return None
