"""An event contract whose event is never dated: "乙方应在活动日前一日14:00起进场搭建", "the second
instalment no later than 28 days before the first day of the Event", while no clause or schedule
row gives the event a calendar date (only "three consecutive days, Friday to Sunday", or
"具体举办日期以甲方另行书面通知为准"). In a contract to stage, serve or sponsor an event, its date
is the time of the main performance, and every deadline counted from it is open too (民法典 510,
511(四); for English law, uncertainty of a main term).

Facts, not wording: the title says the contract is about an event, its deadlines are counted from
the event's day at least twice, and no sentence or table row that names the event carries a
day of the calendar.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.rules_engine.checks_patterns import contract_title
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_EVENT_ZH = (
    r"(?:活动|演出|会议|展会|展览|开幕式?|开业|庆典|婚礼|赛事|比赛|发布会|论坛|年会|宴会|晚会|大会)"
)
_EVENT_EN = r"(?:Event|Festival|Conference|Show|Exhibition|Concert|Tournament|Ceremony|Gala|Summit)"
_TITLE = {
    "zh": re.compile(_EVENT_ZH + r"|赞助|承办|会务"),
    "en": re.compile(_EVENT_EN + r"|\bSponsorship\b|\bHospitality\b", re.I),
}
# a deadline counted from the event's day
_ANCHOR = {
    "zh": re.compile(
        _EVENT_ZH + r"(?:日|当日|当天|举办日|举行日|开始之?日|结束之?日)"
        r"(?:前|后|起|之前|之后|上午|下午|当天|\d)"
        r"|" + _EVENT_ZH + r"(?:开始|举办|举行|结束)?(?:前|后|之前|之后)(?![台期])"
    ),
    "en": re.compile(
        r"\b(?:first|last|opening|final|closing) day of the " + _EVENT_EN + r"\b"
        r"|\b" + _EVENT_EN + r" (?:Date|Day)s?\b"
        r"|\b(?:before|after|prior to) the (?:start of the )?" + _EVENT_EN + r"\b",
    ),
}
_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?"
)
_CALENDAR_DAY = {
    "zh": re.compile(
        r"\d{1,2}\s*月\s*\d{1,2}\s*日|[一二三四五六七八九十]{1,2}月[一二三四五六七八九十]{1,3}日"
    ),
    "en": re.compile(
        r"\b\d{1,2}(?:st|nd|rd|th)?(?:\s*(?:-|–|to|and)\s*\d{1,2}(?:st|nd|rd|th)?)?\s+"
        + _MONTH
        + r"|\b"
        + _MONTH
        + r"\s+\d{1,2}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b",
    ),
}
_NAMES_EVENT = {
    "zh": re.compile(_EVENT_ZH + r"|举办|举行|进场|搭建"),
    "en": re.compile(_EVENT_EN + r"|\b(?:take place|held|staged)\b", re.I),
}
# the contract's own date, not the event's: "This Agreement is made on 3 February 2025 between
# Harbour Events Ltd", "签订日期：2025年2月3日"
_SIGNING = {
    "zh": re.compile(r"签订|签署|签字|签章|盖章|订立|生效|日期[：:]"),
    "en": re.compile(
        r"\b(?:made|dated|entered into|signed|executed|effective)\b|^\s*Date\s*:", re.I
    ),
}
_MIN_ANCHORS = 2


class EventDateParams(Params):
    pass


def _dated(ctx: RuleContext, lang: str) -> bool:
    """Some sentence or table row that names the event gives a day of the calendar."""
    units = [s.text for s in ctx.sentences] + ctx.text.splitlines()
    return any(
        _NAMES_EVENT[lang].search(u) and _CALENDAR_DAY[lang].search(u)
        and not _SIGNING[lang].search(u)
        for u in units
    )  # fmt: skip


@check("event_never_dated", EventDateParams, fields=("anchor",))
def event_never_dated(ctx: RuleContext, params: EventDateParams) -> Iterator[Hit]:
    """An event contract that counts deadlines from the event's day and never dates it."""
    lang = "zh" if ctx.language == "zh" else "en"
    if not _TITLE[lang].search(contract_title(ctx)):
        return
    anchors = list(_ANCHOR[lang].finditer(ctx.text))
    if len(anchors) < _MIN_ANCHORS or _dated(ctx, lang):
        return
    first = anchors[0]
    yield Hit(ctx.span(first.start(), first.end()), {"anchor": first.group()})
