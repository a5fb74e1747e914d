"""A stated last day for a notice that must come a period before the term ends: "notice of
non-renewal at least ninety (90) days before the expiry of the Initial Term" against "Last day for
receipt of notice of non-renewal … | October 15, 2026" (77 days); "应于租赁期限届满前九十日…
提出书面续租申请" against "续租书面申请最迟送达日 | 2027年3月15日". Both cannot hold, so
whether a late notice stops the renewal is uncertain (民法典 511)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta

from pipeline.rules_engine.checks_term_expiry import TERM_WORDS
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check
from pipeline.rules_engine.term_end_dates import ends_the_term

# "unless either party gives … notice at least ninety (90) days before the expiry of the Initial
# Term" against "Last day for receipt of notice of non-renewal … | October 15, 2026": the stated
# last day leaves fewer days than the notice period before the term's end
_EN_NOTICE_BEFORE_END = re.compile(
    r"\b(?:at least|not less than|no fewer than|no later than)\s+(?P<period>[^.;]{1,40}?)\s+"
    r"(?:before|prior to)\s+(?:the\s+)?(?:expiry|expiration|end)\s+of\s+the\s+"
    r"(?:(?:Initial|Renewal|then-current|current)\s+)?(?:Term|term)\b"
)
_NOTICE_KIND = re.compile(
    r"\bnotice of (non-renewal|renewal|termination|cancellation|expiry)", re.I
)
_EN_NOTICE_DEADLINE = re.compile(
    r"\b(?:last day|deadline|latest date|no later than)\b[^|\n]{0,60}\bnotice\b"
    r"|\bnotice\b[^|\n]{0,60}\b(?:last day|deadline|latest date|no later than)\b",
    re.I,
)


# "应于租赁期限届满前九十日向甲方提出书面续租申请" against "续租书面申请最迟送达日 | 2027年3月15日"
_ZH_NOTICE_BEFORE_END = re.compile(
    r"(?:期限|租期|期)(?:届满|到期|期满)(?:之日|日)?前(?P<period>[^，。；前]{1,8}?日)"
    r"[^，。；]{0,16}?(?:提出|提交|递交|发出|送达|通知|告知)"
)
_ZH_NOTICE_DEADLINE = re.compile(r"(?:最迟|最晚|截止|不晚于)[^\n]{0,16}$")
_ZH_NOTICE_KIND = re.compile(r"续租|续约|续期|解除|终止|退租")


@check("notice_deadline_after_window", fields=("period", "end", "deadline", "latest"))
def notice_deadline_after_window(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """A stated last day for a notice that must come a period before the term ends, later than
    that period allows."""
    zh = ctx.language == "zh"
    notice_before = _ZH_NOTICE_BEFORE_END if zh else _EN_NOTICE_BEFORE_END
    deadline_words = _ZH_NOTICE_DEADLINE if zh else _EN_NOTICE_DEADLINE
    kinds_re = _ZH_NOTICE_KIND if zh else _NOTICE_KIND
    dates = ctx.of_kind("date")
    ends = {d.value for d in dates if isinstance(d.value, str) and ends_the_term(ctx, d)}
    if not ends:  # "租赁期限自2025年6月1日起至2027年5月31日止": the term's range ends it
        ends = {
            d.value for d in dates
            if isinstance(d.value, str) and "range_start" in d.attrs
            and TERM_WORDS.search(ctx.entity_sentence(d))
        }  # fmt: skip
    if len(ends) != 1:
        return
    end = date.fromisoformat(str(next(iter(ends))))
    for m in notice_before.finditer(ctx.text):
        period = [
            d for d in ctx.of_kind("duration")
            if m.start("period") <= ctx.view_offset(d.span.start) < m.end("period")
        ]  # fmt: skip
        if len(period) != 1 or period[0].attrs.get("unit") != "day":
            continue
        count = period[0].value
        if not isinstance(count, int | float):
            continue
        latest = end - timedelta(days=int(count))
        # the deadline of the same notice: one that names its kind ("notice of non-renewal"),
        # or one in the same clause ("the last day for giving that notice is …")
        reach = ctx.text[max(0, m.start() - 120) : m.end() + (24 if zh else 0)]
        kinds = list(kinds_re.finditer(reach))
        kind = kinds[-1] if kinds else None
        clause = period[0].clause
        for d in dates:
            start = ctx.view_offset(d.span.start)
            line = ctx.text[ctx.text.rfind("\n", 0, start) + 1 : start]
            if not isinstance(d.value, str) or not deadline_words.search(line):
                continue
            same = (
                kind is not None and kind.group(kind.lastindex or 0).lower() in line.lower()
            ) or (clause is not None and d.clause == clause)
            if not same:
                continue
            if date.fromisoformat(d.value) > latest:
                yield Hit(
                    d.span,
                    {"period": m.group("period").strip(), "end": end.isoformat(),
                     "deadline": d.text, "latest": latest.isoformat()},
                    (period[0].span,),
                )  # fmt: skip
                return
