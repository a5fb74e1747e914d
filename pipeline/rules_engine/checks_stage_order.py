"""Stages of performance out of order: "应于2025年9月15日前完成…安装及调试" while the goods
themselves may arrive "于2025年9月30日前全部运抵项目现场"; "installation shall be completed by 15
September" against "Delivery … no later than 30 September". Installation follows delivery and
final acceptance follows installation, so a later stage due before every deadline of an earlier
one leaves the time of performance uncertain (民法典 511).

Each deadline is typed by what must be done by it; one that names several stages takes the last
("交货并安装调试完毕" is an installation deadline). Payments, plans, notices and batches are
left out: a payment can fall due before delivery, and a first batch before the last.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_STAGES: tuple[tuple[str, str], ...] = (
    ("delivery", r"运抵|到货|交货|发货|送达现场|\bdeliver(?:y|ed)?\b|\bship(?:ped|ment)?\b"),
    ("installation", r"安装|调试|就位|\binstall(?:ation|ed)?\b|\bcommission(?:ing|ed)\b"),
    ("acceptance", r"最终验收|终验|竣工验收|\bfinal acceptance\b"),
)
# deadlines that are not a stage of the works themselves
_NOT_A_STAGE = re.compile(
    r"支付|付款|付清|发票|方案|计划|图纸|通知|提交|报送|申请|批|部分|首台|样品|"
    r"\bpa(?:y|id|yment)\b|\binvoice|\bplan\b|\bdrawings?\b|\bnotice\b|\bsubmit|\bbatch|"
    r"\binstal?lment|\bpart(?:ial)?\b|\bfirst\b|\bsample",
    re.I,
)
_ZH_BY = re.compile(r"^\s*(?:前|之前|以前)")
_ZH_LATEST = re.compile(r"(?:最迟|最晚|不迟于|不晚于|截止)[^，。；]{0,10}$")
_EN_BY = re.compile(r"\b(?:by|on or before|no later than|not later than)\s*$", re.I)
_PAUSE = re.compile(r"[，。；,;:：\n|]")


def _what_is_due(ctx: RuleContext, d: Entity) -> str | None:
    """The phrase saying what must be done by the date, date included, when it is a deadline."""
    end = ctx.view_offset(d.span.end)
    before = ctx.sentence_before(d)
    date_text = d.text.replace("\n", "")
    if ctx.language == "zh":
        after = ctx.text[end : end + 60]
        if _ZH_BY.match(after):
            return _PAUSE.split(before)[-1] + date_text + _PAUSE.split(after, maxsplit=1)[0]
        if _ZH_LATEST.search(before):
            return _PAUSE.split(before)[-1] + date_text
        return None
    if _EN_BY.search(before[-25:]):
        return re.split(r"[;:\n|]", before)[-1][-160:] + date_text
    return None


def _stage(words: str) -> int | None:
    if _NOT_A_STAGE.search(words):
        return None
    found = [i for i, (_, names) in enumerate(_STAGES) if re.search(names, words, re.I)]
    return max(found) if found else None


@check("stage_before_earlier_stage", fields=("later", "earlier"))
def stage_before_earlier_stage(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """A stage (installation, final acceptance) due before every deadline of a stage that
    must come first (delivery)."""
    due: dict[int, list[tuple[Entity, date, str]]] = {}
    for d in ctx.of_kind("date"):
        if not isinstance(d.value, str) or "range_start" in d.attrs or "range_end" in d.attrs:
            continue
        words = _what_is_due(ctx, d)
        stage = _stage(words) if words else None
        if stage is not None and words is not None:
            due.setdefault(stage, []).append((d, date.fromisoformat(d.value), words.strip()))
    for later in sorted(due):
        for earlier in range(later):
            if earlier not in due:
                continue
            first = min(due[earlier], key=lambda x: x[1])
            for d, when, words in due[later]:
                if when < first[1]:
                    yield Hit(
                        d.span,
                        {"later": words, "earlier": first[2]},
                        (first[0].span,),
                    )  # fmt: skip
                    return
