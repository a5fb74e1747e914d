"""The calendar day the contract itself gives an event it counts periods from: its own signing
date ("本合同签订之日", "the date of this Agreement"), the day it takes effect on signing, or the
one date it gives the named event ("演出日期：2025年10月18日", "乙方应于2025年6月1日进场",
'"Long-Stop Date" means 30 June 2026'). None where it gives no date or two different ones.
"""

from __future__ import annotations

import re
from datetime import date

from pipeline.model import Entity
from pipeline.rules_engine.checks_named_dates import event_dates
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.signing_date import agreement_date, signing_day, text_before

_OWN_DAY = re.compile(r"签订|签署|签约|订立|date of this Agreement|date hereof|Signing Date")
_TAKES_EFFECT = re.compile(r"生效|Effective Date")


def iso(e: Entity) -> date | None:
    if not isinstance(e.value, str) or e.attrs.get("year_from_range") or e.attrs.get("invalid"):
        return None
    return date.fromisoformat(e.value)


def _after(ctx: RuleContext, d: Entity, width: int) -> str:
    end = ctx.view_offset(d.span.end)
    return ctx.text[end : end + width]


def _named_day(ctx: RuleContext, name: str, exclude: Entity | None) -> Entity | None:
    """The one calendar date the contract gives the event ``name`` ("演出日期：2025年10月18日")."""
    if ctx.language == "en":
        found = event_dates(ctx).get(name.title())
        return found if found is not exclude else None
    # "演出日期：…", "开工日为…", and "计划竣工验收日期2026年9月30日" (日期 needs no verb)
    label = re.compile(
        re.escape(name) + r"(?:(?:日期|时间)\s*(?:为|是|定于|：|:)?|日?\s*(?:为|是|定于|：|:))\s*$"
    )
    # "乙方应于2025年6月1日进场": the date the event's verb follows
    verb = re.compile(
        r"^\s*(?:前|之前|当日)?\s*"
        + re.escape(name)
        # "2025年6月10日（以下简称“放款日”）": the date named in brackets after it
        + r"|^\s*[（(]\s*(?:以下简称|以下称|下称|简称|即)?\s*[“\"]?"
        + re.escape(name)
    )
    dates = [
        d for d in ctx.of_kind("date")
        if d is not exclude and iso(d) is not None
        and (label.search(text_before(ctx, d, 16)) or verb.match(_after(ctx, d, 12)))
    ]  # fmt: skip
    return dates[0] if dates and len({d.value for d in dates}) == 1 else None


def defined_day(ctx: RuleContext, name: str) -> Entity | None:
    """The calendar date a name is given: '"Long-Stop Date" means 30 June 2026', or as the
    contract's named events are read ("the Closing Date (June 30, 2025)")."""
    means = re.compile(
        rf"[\"“]{re.escape(name)}[\"”]\s+(?:means|shall mean|is)\s+(?:the\s+(?:date|day)\s+)?"
        r"(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+)?$"
    )
    for d in ctx.of_kind("date"):
        if iso(d) is not None and means.search(text_before(ctx, d, 60)):
            return d
    return event_dates(ctx).get(name.title())


def anchor_day(ctx: RuleContext, anchor: str, exclude: Entity | None) -> Entity | None:
    if ctx.language == "zh":
        # "不迟于演出" -> "演出": the shortest tail the contract dates; "竣工验收合格之日" is
        # the day of 竣工验收, and not of any other 验收 (初步验收日期)
        passed = anchor.endswith("合格")
        anchor = anchor.removesuffix("合格")
        for k in range(min(4, len(anchor)) if passed else 2, len(anchor) + 1):
            found = _one_anchor(ctx, anchor[-k:], exclude)
            if found is not None:
                return found
        return None
    return _one_anchor(ctx, anchor, exclude)


def _one_anchor(ctx: RuleContext, anchor: str, exclude: Entity | None) -> Entity | None:
    if _OWN_DAY.search(anchor):
        named = _named_day(ctx, anchor, exclude) if ctx.language == "en" else None
        return named or agreement_date(ctx)
    if _TAKES_EFFECT.search(anchor):
        dates = [d for d in ctx.of_kind("date") if isinstance(d.value, str)]
        return signing_day(ctx, dates) or _named_day(ctx, anchor, exclude)
    found = _named_day(ctx, anchor, exclude)
    if found is None and ctx.language == "zh":
        found = _defined_act_day(ctx, anchor, exclude)
    return found


# "“放款日”指甲方依第六条将保理融资款划入乙方收款账户之日": a day defined by an act
_ZH_DEFINED_ACT = '[“"]{name}日?[”"]\\s*(?:指|是指|系指)(?P<act>[^；。”“"]{{4,80}}?)之日'
# "甲方应于2025年3月18日将保理融资款一次性划入…": the act the date is given for, up to a stop
_ACT_AFTER = re.compile(r"^[^，。；]{4,40}")
_SHARED = 5  # characters the act and the dated clause must share: "将保理融资款"


def _defined_act_day(ctx: RuleContext, name: str, exclude: Entity | None) -> Entity | None:
    """The one date given for the act that defines ``name``: "“放款日”指甲方…将保理融资款划入
    乙方收款账户之日" and "甲方应于2025年3月18日将保理融资款一次性划入…"."""
    m = re.search(_ZH_DEFINED_ACT.format(name=re.escape(name)), ctx.text)
    if m is None:
        return None
    act = m.group("act")
    pieces = {act[i : i + _SHARED] for i in range(len(act) - _SHARED + 1)}
    pieces = {p for p in pieces if re.fullmatch(r"[\u4e00-\u9fff]+", p)}
    dates = []
    for d in ctx.of_kind("date"):
        after = _ACT_AFTER.match(_after(ctx, d, 40))
        if (
            d is not exclude
            and iso(d) is not None
            and after
            and any(p in after.group() for p in pieces)
        ):
            dates.append(d)
    return dates[0] if dates and len({d.value for d in dates}) == 1 else None


# "自乙方按照第六条约定进场之日起计算", "自放款日起算": a period that runs from a named event
_ZH_FROM_EVENT = re.compile(r"自(?P<event>[\u4e00-\u9fff]{2,20}?)(?:之日|当日|日)?起")


def start_event_day(ctx: RuleContext, sentence: str) -> Entity | None:
    """The day of the event a Chinese sentence counts a period from, where the contract dates it."""
    m = _ZH_FROM_EVENT.search(sentence) if ctx.language == "zh" else None
    return anchor_day(ctx, m.group("event"), None) if m else None
