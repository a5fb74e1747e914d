"""The end a Chinese contract names for a period it measures: "缺陷责任期届满（即2027年9月30日）"
restating a 缺陷责任期 of twenty-four months, "于2027年4月30日派遣期限届满" ending a 派遣期限 of
二十四个月, "2025年8月17日（即融资到期日）" ending a 融资期限 of 六个月. Read by
:mod:`pipeline.rules_engine.checks_term_expiry`, which measures the period from its start.
"""

from __future__ import annotations

import re

from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext

# "缺陷责任期届满（即2027年9月30日）", "质保期到期日为…": a named period's end, restated
_ZH_PERIOD_END = re.compile(
    r"(?P<name>[\u4e00-\u9fff]{2,6}期)(?:届满|到期)(?:之日|日)?\s*[（(]?\s*(?:即|为|是)\s*$"
)


def zh_period_ends(ctx: RuleContext, duration: Entity, dates: list[Entity]) -> list[Entity]:
    """Dates named as the end of a period ("…期届满（即…）") that the duration's own sentence
    names too (by the period's last three or more characters: 缺陷责任期, 保修期), or that
    end the period the duration measures under its own name ("派遣期限为二十四个月" and
    "于2027年4月30日派遣期限届满"; "融资期限为六个月" and "2025年8月17日（即融资到期日）")."""
    sentence = ctx.entity_sentence(duration)
    # months and years only: a period in days is read here as whole months (90日 as three
    # months), a day or two off the exact end a contract may state for it
    by_name = duration.attrs.get("unit") in ("month", "year")
    measured = _zh_measured_stem(ctx, duration) if by_name else ""
    found = []
    for d in dates:
        if not isinstance(d.value, str):
            continue
        start = ctx.view_offset(d.span.start)
        m = _ZH_PERIOD_END.search(ctx.text[max(0, start - 20) : start])
        named = m is not None and any(
            m.group("name")[-n:] in sentence for n in range(len(m.group("name")), 2, -1)
        )
        if named or (measured and _same_stem(measured, _zh_ended_stem(ctx, d))):
            found.append(d)
    return found


# "派遣期限为二十四个月": the period's noun right before the length it is given
_ZH_MEASURED = re.compile(r"(?P<run>[\u4e00-\u9fff]{2,12})(?:期限|期间)(?:为|是|共|计|：|:)?\s*$")
# "2027年4月30日派遣期限届满", "2025年8月17日（即融资到期日）": the period a date ends, named
# after it; "融资到期日为2025年8月17日", "派遣期限届满之日（即…）": named before it
_ZH_ENDED_AFTER = re.compile(
    r"^[ \t]*[（(]?[ \t]*(?:即|为|系|是)?[ \t]*(?P<run>[\u4e00-\u9fff]{2,12}?)(?:期限|期间|期)?"
    r"(?:届满|到期|期满)"
)
_ZH_ENDED_BEFORE = re.compile(
    r"(?P<run>[\u4e00-\u9fff]{2,12}?)(?:期限|期间|期)?(?:届满|到期|期满)(?:之日|日)?"
    r"[ \t]*[（(]?[ \t]*(?:即|为|是|系|：|:)?[ \t]*$"
)


def _zh_measured_stem(ctx: RuleContext, duration: Entity) -> str:
    start = ctx.view_offset(duration.span.start)
    m = _ZH_MEASURED.search(ctx.text[max(0, start - 14) : start])
    return _last_word(m.group("run")) if m else ""


def _zh_ended_stem(ctx: RuleContext, d: Entity) -> str:
    start = ctx.view_offset(d.span.start)
    end = ctx.view_offset(d.span.end)
    m = _ZH_ENDED_AFTER.match(ctx.text[end : end + 16]) or _ZH_ENDED_BEFORE.search(
        ctx.text[max(0, start - 16) : start]
    )
    return _last_word(m.group("run")) if m else ""


def _last_word(run: str) -> str:
    """ "本协议项下的派遣" -> "派遣": the name after the last particle."""
    return re.split(r"[的之即为]", run)[-1]


def _same_stem(measured: str, ended: str) -> bool:
    """ "派遣" and "派遣", "保理融资" and "融资": one name ends the other, in two or more
    characters; "免费服务" and "合同服务" are two periods."""
    short, long = sorted((measured, ended), key=len)
    return len(short) >= 2 and long.endswith(short)
