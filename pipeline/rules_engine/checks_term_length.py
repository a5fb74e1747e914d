"""A term whose length the contract states once and restates as another: "本合同服务期限为三年"
and, in the deposit clause, "在本合同约定的两年服务期限届满…后30日内"; "The Initial Term is
three (3) years" and "at the end of the two-year Initial Term". Each clause that runs from the
restated length (a refund, a notice) runs from a different day (民法典 511).

Facts, not wording: the term is named by the same noun in both places, and the lengths are
compared as months.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_ZH_NOUN = r"(?:服务|租赁|合同|委托|特许经营|许可|承包|借款|保管|仓储|代理|合作|经营)期限|租期"
_EN_NOUN = r"(?:Initial |Lease |Base |Minimum |Hire )?Term"
_DEFINED = {
    "zh": re.compile(rf"(?P<noun>{_ZH_NOUN})\s*(?:为|是|：|:)\s*(?:自[^，。；]{{0,20}}起)?\s*$"),
    "en": re.compile(
        rf"\b(?:[Tt]he\s+)?(?P<noun>{_EN_NOUN})\s+(?:of this Agreement\s+)?"
        r"(?:is|shall be|will be|:)\s+(?:a period of\s+)?$"
    ),
}
_RESTATED = {
    "zh": re.compile(rf"^\s*的?\s*(?P<noun>{_ZH_NOUN})"),
    "en": re.compile(rf"^\s*(?P<noun>{_EN_NOUN})\b"),
}


class TermLengthParams(Params):
    pass


def _months(d: Entity) -> float | None:
    months = d.attrs.get("months")
    return float(months) if isinstance(months, int | float) and months > 0 else None


def _noun_key(noun: str) -> str:
    return "租赁期限" if noun == "租期" else noun.casefold()


@check("term_length_restated", TermLengthParams, fields=("noun", "defined", "restated"))
def term_length_restated(ctx: RuleContext, params: TermLengthParams) -> Iterator[Hit]:
    """A term restated under its own name with another length than the one it is given."""
    lang = "zh" if ctx.language == "zh" else "en"
    defined: dict[str, list[Entity]] = {}
    restated: list[tuple[str, str, Entity]] = []
    for d in ctx.of_kind("duration"):
        if _months(d) is None:
            continue
        start, end = ctx.view_offset(d.span.start), ctx.view_offset(d.span.end)
        before = _DEFINED[lang].search(ctx.text[max(0, start - 40) : start])
        after = _RESTATED[lang].match(ctx.text[end : end + 24])
        if before:
            defined.setdefault(_noun_key(before.group("noun")), []).append(d)
        elif after:
            restated.append((_noun_key(after.group("noun")), after.group("noun"), d))
    for noun, written, d in restated:
        given = defined.get(noun, [])
        if len({_months(g) for g in given}) != 1 or _months(d) == _months(given[0]):
            continue
        yield Hit(
            d.span,
            {"noun": written, "defined": given[0].text, "restated": d.text},
            (given[0].span,),
        )
        return
