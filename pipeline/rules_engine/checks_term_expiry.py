"""A term's stated length against the date that ends it: "A 62-month Term commencing July 1,
2025" against "the Expiration Date is June 30, 2030" stated elsewhere; "租赁期限为三十六个月"
against "租赁期满（即2028年4月30日）".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta

from pipeline.entities.topics import DURATION_TOPICS
from pipeline.model import Entity
from pipeline.rules_engine.checks_consistency import add_months
from pipeline.rules_engine.checks_facts import TermDatesParams, days_off, whole_months
from pipeline.rules_engine.checks_named_dates import event_name
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.event_days import defined_day, start_event_day
from pipeline.rules_engine.registry import Hit, check
from pipeline.rules_engine.signing_date import RUNS_FROM_SIGNING, signing_day
from pipeline.rules_engine.term_end_dates import ends_the_term, implied_end
from pipeline.rules_engine.zh_period_ends import zh_period_ends

_START_EVENT = re.compile(r"(?:Commencement|Effective|Rent Commencement) Date|起租日|生效日", re.I)
# "自甲方将该房屋交付乙方之日起算": the term runs from an event; a date in that sentence is its day
_RUNS_FROM_EVENT = re.compile(
    r"自[^，。；]{1,30}?之日起"
    r"|commenc\w+ on the date (?:of|on which)|from the date (?:of|on which)",
    re.I,
)
TERM_WORDS = re.compile(
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
    nouns = [m.group() for m in TERM_WORDS.finditer(before)]
    if not nouns:
        return False
    start = ctx.view_offset(end.span.start)
    return nouns[-1].casefold() in ctx.text[max(0, start - 30) : start].casefold()


# the sentence that gives the period names the event it ends on
_EN_ENDS_AS = re.compile(
    r"\b(?:the last day of which (?:is|shall be)|ending on|expiring on|ends? on|expires? on"
    r"|until) the (?P<name>(?:[A-Z]\w+ ){1,2}Date)\b"
)


# "… twenty-four (24) months beginning on the Commencement Date (the "Minimum Hire Period")"
# and "Minimum Hire Period ends | 31 May 2027": a period named where its length is given, and
# the date it is said to end under that name
_EN_PERIOD_NAMED = re.compile(
    r"\(the\s+[\"“](?P<name>(?:[A-Z][\w-]*\s+){0,3}(?:Period|Term))[\"”]\)"
)


_RUNS_FROM_ITS_START = re.compile(r"^\s*(?:beginning|commencing|starting|running|from)\b", re.I)
_BEGUN_ON = re.compile(
    r"\b(?:commence|begin|start)s?\s+on\s+the\s+(?P<name>(?:[A-Z][\w-]*\s+){1,2}Date)\b"
)
# "The Services shall commence on the Commencement Date and shall continue for a period of
# twenty (20) months (the "Services Period")": the start is given before the length
_STARTED_BEFORE = re.compile(
    r"\b(?:commence|begin|start)s?\s+on\s+the\s+(?:[A-Z][\w-]*\s+){1,2}Date\b"
    r"[^.;]{0,80}\b(?:continue|run|last)\s+for\s+(?:a\s+(?:period|term)\s+of\s+)?$"
)


def _named_period_ends(ctx: RuleContext, duration: Entity, dates: list[Entity]) -> list[Entity]:
    sentence = ctx.entity_sentence(duration)
    named = _EN_PERIOD_NAMED.search(sentence) if ctx.language == "en" else None
    if named is None:
        return []
    name = re.escape(named.group("name"))
    ends = re.compile(
        rf"(?:the\s+)?{name}\s+(?:ends|expires|shall end|shall expire"
        r"|end date|expiry date|expiration date)(?:\s+on)?\s*[|:：]?\s*$"
        rf"|^\s*(?:Expiry|Expiration|End)(?:\s+date)?\s+of\s+(?:the\s+)?{name}\s*[|:：]\s*$",
        re.I,
    )
    found = []
    for d in dates:
        start = ctx.view_offset(d.span.start)
        line = ctx.text[ctx.text.rfind("\n", 0, start) + 1 : start]
        if isinstance(d.value, str) and ends.search(line[-80:]):
            found.append(d)
    return found


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


_RENEWAL = re.compile(r"\brenew|\badditional\b|\bextension\b|\bextend|续|延长|延期|展期", re.I)


def _ends_a_renewal(ctx: RuleContext, end: Entity, start: Entity) -> bool:
    """The end date's own sentence begins another period on a later day than the term and
    calls it a renewal or an extension: it ends that period, not the term."""
    if not _RENEWAL.search(ctx.entity_sentence(end)):
        return False
    sentence = end.attrs.get("sentence_start")
    return any(
        d.attrs.get("sentence_start") == sentence and d is not end
        and isinstance(d.value, str) and isinstance(start.value, str)
        and start.value < d.value < str(end.value)
        for d in ctx.of_kind("date")
    )  # fmt: skip


_FURTHER = re.compile(r"\bfurther\b", re.I)


def _is_a_renewal(ctx: RuleContext, duration: Entity) -> bool:
    sentence = ctx.entity_sentence(duration)
    return bool(_RENEWAL.search(sentence) or _FURTHER.search(sentence))


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
            return [d for d in dates if event_name(ctx, d) == title and isinstance(d.value, str)][
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
    stated = [d for d in dates if isinstance(d.value, str) and ends_the_term(ctx, d)]
    # a range end counts only where no date names the end, and only when its own sentence
    # gives no term of its own (that is a second period, not the end of this one)
    with_terms = {d.attrs.get("sentence_start") for d in ctx.of_kind("duration")}
    ranged = [
        d for d in dates
        if isinstance(d.value, str) and "range_start" in d.attrs
        and d.attrs.get("sentence_start") not in with_terms
        and TERM_WORDS.search(ctx.entity_sentence(d))
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
        # "a fixed period of thirty-six (36) months … (the "Hire Period")": a period the
        # contract names where it gives its length is a term, whatever its topic words
        # (only when the length runs from its start: "… three (3) years after the First Release
        # Date (the "Promotional Period")" is counted from another event)
        after = ctx.text[ctx.view_offset(duration.span.end) :][:24]
        names_period = (
            ctx.language == "en"
            and _EN_PERIOD_NAMED.search(ctx.entity_sentence(duration))
            and (
                _RUNS_FROM_ITS_START.match(after)
                or _STARTED_BEFORE.search(ctx.sentence_before(duration))
            )
        )
        # "缺陷责任期…期限为二十四个月" and "缺陷责任期届满（即2027年9月30日）": a period the
        # contract names, measured only against the end it names for that period
        zh_ends = zh_period_ends(ctx, duration, dates) if ctx.language == "zh" else []
        only_own = duration.attrs.get("topic") not in params.topics and not (
            counts_term or names_period
        )
        if only_own and not zh_ends:
            continue
        # "continues for twelve (12) weeks …, the last day of which is the Return Date"
        named_end = _EN_ENDS_AS.search(ctx.entity_sentence(duration))
        own_ends = [
            d for d in dates
            if named_end and isinstance(d.value, str)
            and named_end.group("name").title() in (event_name(ctx, d), _row_label(ctx, d))
        ]  # fmt: skip
        own_ends += _named_period_ends(ctx, duration, dates) + zh_ends
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
            starts = [d for d in dates if named and event_name(ctx, d) == named.group().title()
                      and isinstance(d.value, str)][:1]  # fmt: skip
        if not starts and names_period:  # "shall begin on the Go-Live Date": any named day
            begun = _BEGUN_ON.search(ctx.sentence_before(duration))
            found = defined_day(ctx, begun.group("name")) if begun else None
            starts = [found] if found is not None and isinstance(found.value, str) else []
        if not starts and _RUNS_FROM_DELIVERY.search(ctx.entity_sentence(duration)):
            starts = _the_delivery_date(dates)
        if not starts and counts_term:  # "the three (3) Contract Years of the Initial Term"
            starts = _term_start(ctx, dates, stated)
        if not starts and RUNS_FROM_SIGNING.search(ctx.entity_sentence(duration)):
            signed = signing_day(ctx, dates)  # "自本合同生效之日起", effective on signing
            starts = [signed] if signed else []
        if not starts:  # "自乙方按照第六条约定进场之日起计算" and "乙方应于2025年6月1日进场"
            found = start_event_day(ctx, ctx.entity_sentence(duration))
            starts = [found] if found is not None else []
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
        for end in compared if spanned else own_ends if only_own else [*ends, *own_ends]:
            if end.attrs.get("sentence_start") == sentence and "range_start" in end.attrs:
                continue  # a range in the term's own sentence: term_dates_mismatch checks it
            if _ends_another_term(ctx, end, duration, params):
                continue  # "is ten (10) months; … it therefore ends on": that term's own end
            if _ends_a_renewal(ctx, end, starts[0]):
                continue  # "one (1) additional five year period that shall begin on January 1,
                # 2005 and end on December 31, 2009": a renewal period's own end
            finish = date.fromisoformat(str(end.value))
            if finish < begin and _is_a_renewal(ctx, duration):
                continue  # "extended … for a further twelve (12) months from 1 March 2027":
                # a period that starts after the term has ended is its renewal
            implied = implied_end(ctx, end, finish)
            if implied is None:
                continue
            shown = (
                end.text if implied == finish else f"{end.text}（据其推算为{implied.isoformat()}）"
            )
            off = days_off(implied, expected)
            if off > params.slack_days:
                yield Hit(
                    end.span,
                    {"term": duration.text, "start": starts[0].text, "end": shown,
                     "expected": (expected - timedelta(days=1)).isoformat()},
                    (duration.span, starts[0].span),
                )  # fmt: skip
                return
