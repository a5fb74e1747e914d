"""Dates named as events (交割日, the Closing Date, the Expiration Date): one event must have one
date, and a term's stated length must agree with the date that ends it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta

from pipeline.entities.topics import DURATION_TOPICS
from pipeline.model import Entity
from pipeline.rules_engine.checks_consistency import add_months
from pipeline.rules_engine.checks_facts import TermDatesParams, days_off, whole_months
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.defined_dates import defined_by_period
from pipeline.rules_engine.registry import Hit, Params, check
from pipeline.rules_engine.signing_date import RUNS_FROM_SIGNING, signing_day

# A date that names one event: "交割日即2025年5月31日", "the Closing Date of March 17, 2025",
# "April 1, 2025 (the "Closing Date")". Generic dates (a payment date, a due date) recur with
# different values by design and are left out.
_ZH_EVENT = r"(?:基准日|生效日|交割日|签约日|开工日|竣工日|起租日|交房日|成交日|计租日|交付日|验收日|完工日|到期日)(?:期)?"
_ZH_NAMED_BEFORE = re.compile(
    rf"(?P<name>{_ZH_EVENT})[”\"]?(?:即|为|是|指|系|定为|确定为|：|:)?\s*$"
)
_EN_EVENT = (
    r"(?:Closing|Effective|Commencement|Completion|Expiration|Expiry|Termination|Handover"
    r"|Go-Live|Acceptance|Reference|Valuation|Rent Commencement) Date"
)
_EN_NAMED_BEFORE = re.compile(
    rf"(?:the\s+)?[\"“]?(?P<name>{_EN_EVENT})[\"”]?,?\s*(?:of|is|shall be|will be|means|on|:)?\s*$"
)
# a basic-terms item: "1.3 Commencement Date. March 1, 2025."
_EN_NAMED_ITEM = re.compile(rf"^\s*(?:\d+(?:\.\d+)*\.?\s+)?(?P<name>{_EN_EVENT})\s*[.:]\s*$")
_EN_NAMED_AFTER = re.compile(rf"^\s*\((?:the\s+)?[\"“](?P<name>{_EN_EVENT})[\"”]\)")
# an event named without "Date": in a milestone list ("Go-Live (the first day …), July 28, 2025")
# or scheduled ("the production cut-over (Go-Live) scheduled for August 25, 2025")
_EN_EVENT_WORD = (
    r"(?:Go-Live|Practical Completion|Substantial Completion|Completion|Closing|Handover|Cut-?over)"
)
_EN_EVENT_LISTED = re.compile(
    rf"\b(?P<name>{_EN_EVENT_WORD})[\"”]?\s*(?:\([^()]{{0,140}}\))?\s*[,:]\s*$"
)
_EN_EVENT_SCHEDULED = re.compile(
    rf"\(?(?P<name>{_EN_EVENT_WORD})\)?\s+(?:is\s+|shall be\s+|will be\s+)?"
    r"(?:scheduled|planned|set|fixed|expected)\s+(?:for|on)\s*$"
)
# "The Closing shall take place … on April 1, 2025": the event's date, a clause away
_EN_OCCURS = re.compile(
    r"\b(?P<name>Closing|Completion|Commencement|Handover)\b[\"”)]*[^.;]{0,120}?"
    r"\b(?:take place|occur|be held)\b[^.;]{0,100}?\bon\s*$"
)
# "the Commencement Date shall be the date of delivery": the event is another event's date
_EN_TIED = re.compile(
    rf"(?:the\s+)?(?P<name>{_EN_EVENT})\s+(?:shall be|is|will be|means)\s+the\s+(?:date|day)\s+"
    r"(?:of|on which|when)\b"
)
_ZH_TAKES_EFFECT = re.compile(r"^\s*(?:起|开始)?(?:正式)?生效")
_ZH_TIED = re.compile(rf"(?P<name>{_ZH_EVENT})(?:为|即|以)[^，。；]{{0,12}}(?:之日|当日|日期)")


# a schedule row that names the event in its first cell: "Completion of Subcontract Works |
# 28 February 2026", "竣工日期 | 2026年2月28日"
_EN_ROW_EVENT = re.compile(rf"^\s*(?:(?:Date|Time) (?:of|for) )?(?P<name>{_EN_EVENT_WORD})\b", re.I)
_ZH_ROW_EVENT = re.compile(
    r"^\s*(?:工程|项目)?(?P<name>竣工|完工|开工|交割|交房|起租)(?:日期|日|时间)?\s*$"
)
# an order form's rows: "Commencement Date | 1 March 2025", "Initial Term end date | 28 February
# 2027", "租赁期限届满日 | 2028年4月30日": the term's start and end, named by the row
_EN_ROW_NAMED = re.compile(rf"^\s*(?:the\s+)?(?P<name>{_EN_EVENT})\s*$", re.I)
_EN_ROW_TERM_END = re.compile(
    r"^\s*(?:(?:Initial|Minimum|Contract|Lease|Licen[cs]e|Subscription|Agreement)\s+)?Term\s+"
    r"(?:end|expiry|expiration)(?:\s+date)?\s*$"
    r"|^\s*(?:end|expiry|expiration) date of the (?:\w+\s+)?term\s*$"
    # "Off-hire date (end of Hire Period)", "End of the Lease Term"
    r"|^[^|]*\(\s*(?:end|expiry|expiration) of (?:the\s+)?(?:[\w-]+\s+){0,2}(?:term|period)\s*\)\s*$"
    r"|^\s*(?:end|expiry|expiration) of (?:the\s+)?(?:[\w-]+\s+){0,2}(?:term|period)\s*$",
    re.I,
)
_ZH_ROW_TERM_END = re.compile(
    r"^\s*(?:合同|租赁|服务|借款|许可)?(?:期限)?(?:届满|到期|期满)(?:日期|日)\s*$"
)
# "shall achieve Completion within 270 days …, that is, on or before 4 December 2025"
_EN_DUE = re.compile(
    rf"\b(?:achieve|attain|reach|effect)\s+(?:the\s+)?(?P<name>{_EN_EVENT_WORD})\b[^.;|]{{0,160}}?"
    r"\b(?:by|on or before|no later than|not later than)\s*$",
    re.I,
)


def _row_event(ctx: RuleContext, start: int) -> str | None:
    """The event a table row's first cell names, for a date in a later cell of that row."""
    line_start = ctx.text.rfind("\n", 0, start) + 1
    row_before = ctx.text[line_start:start]
    if row_before.count("|") < 1:
        return None
    first_cell = row_before.split("|", 1)[0]
    if ctx.language == "zh":
        if _ZH_ROW_TERM_END.match(first_cell):
            return "到期日"
        m = _ZH_ROW_EVENT.match(first_cell)
        return m.group("name") + "日" if m else None
    if _EN_ROW_TERM_END.match(first_cell):
        return "Expiry Date"
    named = _EN_ROW_NAMED.match(first_cell)
    if named:
        return named.group("name").title()
    m = _EN_ROW_EVENT.match(first_cell)
    return f"{m.group('name').title()} Date" if m else None


def _event_name(ctx: RuleContext, date_entity: Entity) -> str | None:
    start = ctx.view_offset(date_entity.span.start)
    end = ctx.view_offset(date_entity.span.end)
    before = ctx.text[max(0, start - 40) : start]
    after = ctx.text[end : end + 40]
    row = _row_event(ctx, start)
    if row:
        return row
    if ctx.language == "zh":
        m = _ZH_NAMED_BEFORE.search(before)
        if m is None and _ZH_TAKES_EFFECT.match(after):
            return "生效日"  # "本合同…于2025年4月1日起生效"
        return m.group("name").rstrip("期") if m else None
    line = ctx.text[ctx.text.rfind("\n", 0, start) + 1 : start]
    m = (
        _EN_NAMED_BEFORE.search(before)
        or _EN_NAMED_AFTER.match(after)
        or _EN_NAMED_ITEM.match(line)
    )
    if m:
        return m.group("name").title()
    wide = ctx.text[max(0, start - 180) : start]
    listed = _EN_EVENT_LISTED.search(wide) or _EN_EVENT_SCHEDULED.search(wide)
    if listed:
        return f"{listed.group('name').title()} Date"
    reach = ctx.text[max(0, start - 240) : start]
    occurs = _EN_OCCURS.search(reach) or _EN_DUE.search(reach)
    return f"{occurs.group('name').title()} Date" if occurs else None


@check("named_date_conflict", fields=("name", "first", "second"))
def named_date_conflict(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """One event (the Closing Date, 基准日) given two different dates."""
    seen: dict[str, Entity] = {}
    reported: set[str] = set()
    for d in ctx.of_kind("date"):
        name = _event_name(ctx, d)
        if name is None or not isinstance(d.value, str):
            continue
        first = seen.setdefault(name, d)
        if first.value != d.value and name not in reported:
            reported.add(name)
            yield Hit(d.span, {"name": name, "first": first.text, "second": d.text}, (first.span,))
    yield from _tied_to_another_date(ctx, seen, reported)
    yield from defined_by_period(ctx, seen, reported)


def _tied_to_another_date(
    ctx: RuleContext, fixed: dict[str, Entity], reported: set[str]
) -> Iterator[Hit]:
    """An event fixed on one date and also defined as another event's day, in a sentence that
    gives that other event a different date ("commencing on December 1 (the Commencement
    Date)" against "delivered on or before December 15, and the Commencement Date shall be
    the date of delivery")."""
    tied = _ZH_TIED if ctx.language == "zh" else _EN_TIED
    for sentence in ctx.sentences:
        m = tied.search(sentence.text)
        if not m:
            continue
        name = m.group("name")
        name = name.rstrip("期") if ctx.language == "zh" else name.title()
        first = fixed.get(name)
        if first is None or name in reported:
            continue
        for d in ctx.of_kind("date"):
            start = ctx.view_offset(d.span.start)
            inside = sentence.start <= start < sentence.end
            if inside and isinstance(d.value, str) and d.value != first.value:
                reported.add(name)
                yield Hit(
                    d.span, {"name": name, "first": first.text, "second": d.text}, (first.span,)
                )
                break


_END_EVENTS = ("Expiration Date", "Expiry Date", "Termination Date", "到期日", "届满日")
_START_EVENT = re.compile(r"(?:Commencement|Effective|Rent Commencement) Date|起租日|生效日", re.I)


# "于2027年3月31日仓储期限届满", "expires on": the date the term ends, however it is named
_ZH_ENDS_AFTER = re.compile(r"^[^，。；,;\n|]{0,8}?(?:期限|期间|期)?(?:届满|到期)")
# "租赁期满（即2028年4月30日）", "合同到期日为…": the end named right before its date
_ZH_ENDS_BEFORE = re.compile(r"(?:期满|届满|到期)(?:之日|日)?\s*[（(]?\s*(?:即|为|是|系)?\s*$")
# "自甲方将该房屋交付乙方之日起算": the term runs from an event; a date in that sentence is its day
_RUNS_FROM_EVENT = re.compile(
    r"自[^，。；]{1,30}?之日起|commenc\w+ on the date (?:of|on which)|from the date (?:of|on which)",
    re.I,
)
_EN_ENDS_BEFORE = re.compile(
    r"\b(?:expir\w*|terminat\w*|end\w*)\s+(?:on|at the end of)\s*$"
    # a schedule's label: "Expiration Date of Base Term: March 31, 2028"
    r"|\b(?:Expiration|Expiry|End) Date of (?:the )?(?:[A-Z][a-z]+ )?Term\s*[:：]\s*$"
    # "At the end of the Contractual Term on 31 March 2031"
    r"|\b(?:end|expiry|expiration) of the (?:\w+ ){0,2}(?:Term|term|Lease|lease|Period|period)"
    r"\s+(?:on|,)\s*$",
    re.I,
)
_TERM_WORDS = re.compile(
    DURATION_TOPICS["contract_term"] + "|" + DURATION_TOPICS["lease_term"], re.I
)


# "自第二条约定的交付日起算", "from the date of delivery": the term runs from the handover,
# dated in another clause
_RUNS_FROM_DELIVERY = re.compile(
    r"自[^，。；]{0,20}?(?:交付|交房|移交)(?:之)?日起"
    r"|\b(?:from|commenc\w+ on|starting on|beginning on) the (?:date of )?(?:delivery|handover)\b",
    re.I,
)


def _the_delivery_date(dates: list[Entity]) -> list[Entity]:
    """The one date the contract gives for delivery; none when deliveries have several dates."""
    delivered = [
        d for d in dates
        if d.attrs.get("role") == "delivery" and isinstance(d.value, str)
        and "range_start" not in d.attrs and "range_end" not in d.attrs
    ]  # fmt: skip
    return delivered[:1] if len({d.value for d in delivered}) == 1 else []


def _ends_the_term(ctx: RuleContext, d: Entity) -> bool:
    """A date that ends the contract's term: a named end date, a date followed by 届满/到期
    or preceded by "expires on"."""
    if _event_name(ctx, d) in _END_EVENTS:
        return True
    start = ctx.view_offset(d.span.start)
    end = ctx.view_offset(d.span.end)
    if ctx.language == "zh" and (
        _ZH_ENDS_AFTER.match(ctx.text[end : end + 16])
        or _ZH_ENDS_BEFORE.search(ctx.text[max(0, start - 12) : start])
    ):
        return True
    return ctx.language == "en" and bool(
        _EN_ENDS_BEFORE.search(ctx.text[max(0, start - 50) : start])
    )


def _range_is_the_term(
    dates: list[Entity], start: Entity, months: int, params: TermDatesParams
) -> bool:
    """ "租赁期限为五年，自2025年7月1日起至2030年6月30日止": a range that spans the term itself
    starts it; another range in the sentence (a rent-free period) does not."""
    end = next((d for d in dates if d.span.start == start.attrs["range_end"]), None)
    if end is None or not isinstance(end.value, str) or not isinstance(start.value, str):
        return False
    expected = add_months(date.fromisoformat(start.value), months)
    return days_off(date.fromisoformat(end.value), expected) <= params.slack_days


def _names_the_same_term(ctx: RuleContext, duration: Entity, end: Entity) -> bool:
    """ "租赁期限为五年…" and "租赁期限届满之日（即…）": the end is named by the term's own noun."""
    before = ctx.sentence_before(duration)
    nouns = [m.group() for m in _TERM_WORDS.finditer(before)]
    if not nouns:
        return False
    start = ctx.view_offset(end.span.start)
    return nouns[-1].casefold() in ctx.text[max(0, start - 30) : start].casefold()


# the sentence that gives the period names the event it ends on
_EN_ENDS_AS = re.compile(
    r"\b(?:the last day of which (?:is|shall be)|ending on|expiring on|ends? on|expires? on"
    r"|until) the (?P<name>(?:[A-Z]\w+ ){1,2}Date)\b"
)


_ROW_DATE_LABEL = re.compile(r"^\s*(?:the\s+)?(?P<name>(?:[A-Z][\w-]*\s+){1,3}Date)\s*\|")


def _row_label(ctx: RuleContext, d: Entity) -> str | None:
    """ "Return Date | Friday 13 June 2025": the date a schedule's row names."""
    start = ctx.view_offset(d.span.start)
    line = ctx.text[ctx.text.rfind("\n", 0, start) + 1 : start]
    m = _ROW_DATE_LABEL.match(line)
    return m.group("name").title() if m else None


def _ends_another_term(
    ctx: RuleContext, end: Entity, duration: Entity, params: TermDatesParams
) -> bool:
    """The end date's own sentence states another period before it ("the planned Hire Period
    is ten (10) months; … it therefore ends on 30 June 2026"): the date ends that period. A
    period after the date ("届满之日前至少六十日") counts back from it and owns nothing."""
    sentence = end.attrs.get("sentence_start")
    return any(
        d.attrs.get("sentence_start") == sentence
        and d.span.start < end.span.start
        and d.span.start != duration.span.start
        and d.attrs.get("topic") in params.topics
        and whole_months(d) is not None
        for d in ctx.of_kind("duration")
    )


# "three (3) Contract Years of the Initial Term": a count of the term's own years
_OF_THE_TERM = re.compile(r"^\s*(?:of|in) the (?:[Ii]nitial )?(?:Term|Lease Term|term)\b")
_THE_WHOLE = re.compile(r"\b(?:each of|all(?: of)?|for|in|during)?\s*the\s+$", re.I)


def _counts_the_term(ctx: RuleContext, duration: Entity) -> bool:
    if duration.attrs.get("unit") not in ("year", "month"):
        return False
    start = ctx.view_offset(duration.span.start)
    end = ctx.view_offset(duration.span.end)
    # "the first six months of the Term" is a part of it; "the three (3) Contract Years of
    # the Initial Term" is all of it
    whole = _THE_WHOLE.search(ctx.text[max(0, start - 20) : start])
    return bool(whole and _OF_THE_TERM.match(ctx.text[end : end + 30]))


def _term_start(ctx: RuleContext, dates: list[Entity], ends: list[Entity]) -> list[Entity]:
    """The start the term's own clause gives ("begins on the Effective Date and … ends on
    February 28, 2027"): the date of the event that sentence names."""
    for end in ends:
        named = _START_EVENT.search(ctx.entity_sentence(end))
        if named:
            title = named.group().title()
            return [d for d in dates if _event_name(ctx, d) == title and isinstance(d.value, str)][
                :1
            ]
    return []


def _whole_weeks(duration: Entity) -> int | None:
    """A period counted in weeks ("twelve (12) consecutive weeks")."""
    count = duration.value
    if duration.attrs.get("unit") != "week" or not isinstance(count, int | float):
        return None
    return int(count) if float(count).is_integer() and count > 0 else None


@check("term_vs_expiry", TermDatesParams, fields=("term", "start", "end", "expected"))
def term_vs_expiry(ctx: RuleContext, params: TermDatesParams) -> Iterator[Hit]:
    """ "A 62-month Term commencing July 1, 2025" against "the Expiration Date is June 30, 2030"
    stated elsewhere: the start plus the term must reach the named end date."""
    dates = ctx.of_kind("date")
    stated = [d for d in dates if isinstance(d.value, str) and _ends_the_term(ctx, d)]
    # a range end counts only where no date names the end, and only when its own sentence
    # gives no term of its own (that is a second period, not the end of this one)
    with_terms = {d.attrs.get("sentence_start") for d in ctx.of_kind("duration")}
    ranged = [
        d for d in dates
        if isinstance(d.value, str) and "range_start" in d.attrs
        and d.attrs.get("sentence_start") not in with_terms
        and _TERM_WORDS.search(ctx.entity_sentence(d))
    ]  # fmt: skip
    ends = stated or ranged  # "License Term: March 1, 2025 through February 28, 2027"
    term_sentences = {
        d.attrs.get("sentence_start")
        for d in ctx.of_kind("duration")
        if d.attrs.get("topic") in params.topics and whole_months(d)
    }
    for duration in ctx.of_kind("duration"):
        months = whole_months(duration)
        weeks = _whole_weeks(duration)
        counts_term = _counts_the_term(ctx, duration)
        if months is None and weeks is None:
            continue
        if duration.attrs.get("topic") not in params.topics and not counts_term:
            continue
        # "continues for twelve (12) weeks …, the last day of which is the Return Date"
        named_end = _EN_ENDS_AS.search(ctx.entity_sentence(duration))
        own_ends = [
            d for d in dates
            if named_end and isinstance(d.value, str)
            and named_end.group("name").title() in (_event_name(ctx, d), _row_label(ctx, d))
        ]  # fmt: skip
        if not ends and not own_ends:
            continue
        sentence = duration.attrs.get("sentence_start")
        starts = [
            d for d in dates
            if d.attrs.get("sentence_start") == sentence and isinstance(d.value, str)
            and d.attrs.get("role") in ("start", "effective")
            and ("range_end" not in d.attrs
                 or (months is not None and _range_is_the_term(dates, d, months, params)))
        ]  # fmt: skip
        if not starts and _RUNS_FROM_EVENT.search(ctx.entity_sentence(duration)):
            # "自…交付之日起算，双方确认交付日为2025年4月1日": the one date of that sentence
            in_sentence = [
                d for d in dates
                if d.attrs.get("sentence_start") == sentence and isinstance(d.value, str)
                and "range_start" not in d.attrs and "range_end" not in d.attrs
            ]  # fmt: skip
            starts = in_sentence if len(in_sentence) == 1 else []
        if not starts:  # "beginning on the Commencement Date": the date named elsewhere
            named = _START_EVENT.search(ctx.entity_sentence(duration))
            starts = [d for d in dates if named and _event_name(ctx, d) == named.group().title()
                      and isinstance(d.value, str)][:1]  # fmt: skip
        if not starts and _RUNS_FROM_DELIVERY.search(ctx.entity_sentence(duration)):
            starts = _the_delivery_date(dates)
        if not starts and counts_term:  # "the three (3) Contract Years of the Initial Term"
            starts = _term_start(ctx, dates, stated)
        if not starts and RUNS_FROM_SIGNING.search(ctx.entity_sentence(duration)):
            signed = signing_day(ctx, dates)  # "自本合同生效之日起", effective on signing
            starts = [signed] if signed else []
        if not starts:
            continue
        begin = date.fromisoformat(str(starts[0].value))
        expected = (
            add_months(begin, months) if months is not None else begin + timedelta(weeks=weeks or 0)
        )
        # a term whose own sentence spans it (自…起至…止) meets only an end named as the term's
        # end, in a sentence that gives no length of its own (another term, a renewal); the
        # contract's other ranges are other periods (免租期, a guarantee's validity)
        spanned = "range_end" in starts[0].attrs
        compared = [
            e for e in stated
            if e.attrs.get("sentence_start") not in term_sentences
            and _names_the_same_term(ctx, duration, e)
        ]  # fmt: skip
        for end in compared if spanned else [*ends, *own_ends]:
            if end.attrs.get("sentence_start") == sentence and "range_start" in end.attrs:
                continue  # a range in the term's own sentence: term_dates_mismatch checks it
            if _ends_another_term(ctx, end, duration, params):
                continue  # "is ten (10) months; … it therefore ends on": that term's own end
            finish = date.fromisoformat(str(end.value))
            off = days_off(finish, expected)
            if off > params.slack_days:
                yield Hit(
                    end.span,
                    {"term": duration.text, "start": starts[0].text, "end": end.text,
                     "expected": (expected - timedelta(days=1)).isoformat()},
                    (duration.span, starts[0].span),
                )  # fmt: skip
                return
