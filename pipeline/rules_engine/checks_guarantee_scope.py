"""A guarantee of debts still to arise with no maximum amount: "债权人与债务人之间已订立并将继续
订立若干买卖合同…本合同统称为主合同" with no 最高债权额 and no sum or period that bounds the
debts. A guarantee must say which debt it secures and how much (民法典 684); one for a run of
future debts is a maximum-amount guarantee, which needs its maximum (民法典 690, 420). Without
one the guarantor's exposure, and whether the guarantee binds, are uncertain.

A guarantee of one named debt (借款合同编号…, a principal of ¥…) or one with 最高债权额 / a
"maximum aggregate liability of …" is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.rules_engine.checks_deferred_terms import FIGURE_HERE
from pipeline.rules_engine.checks_patterns import contract_title
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_TITLE = {
    "zh": re.compile(r"保证|担保"),
    "en": re.compile(r"\bguarant(?:ee|y)\b", re.I),
}
_FUTURE_DEBTS = {
    "zh": re.compile(
        r"(?:将|将来|今后|日后|继续|陆续)(?:继续)?(?:订立|签订|签署|发生)[^。；]{0,30}?(?:合同|订单|协议|债权|债务)"
        r"|(?:连续|陆续)发生的[^。；]{0,10}债权"
    ),
    "en": re.compile(
        r"\b(?:now or (?:at any time )?(?:hereafter|in the future)|from time to time|present and"
        r" future|whether now existing or hereafter)\b[^;]{0,100}?\b(?:orders?|contracts?|"
        r"agreements?|obligations|indebtedness|debts|liabilities)\b",
        re.I,
    ),
}
_BOUND = {
    "zh": re.compile(r"最高(?:债权)?(?:额|限额|余额|本金)|不超过|以[^。；]{0,12}为限|上限"),
    "en": re.compile(
        r"\bmaximum (?:aggregate )?(?:amount|liability|principal)\b|\bshall not exceed\b"
        r"|\bcapped at\b|\blimited to\b|\bup to (?:a|an|the) (?:aggregate|maximum)\b",
        re.I,
    ),
}


_SECURED = {
    "zh": re.compile(r"被担保的主债权|所担保的主债权|主债权(?:为|是)"),
    "en": re.compile(r"\b(?:Secured|Guaranteed) (?:Obligations|Liabilities|Debts?)\b[\"”]? means"),
}


class GuaranteeScopeParams(Params):
    pass


@check("future_debts_without_maximum", GuaranteeScopeParams, fields=("sentence",))
def future_debts_without_maximum(ctx: RuleContext, params: GuaranteeScopeParams) -> Iterator[Hit]:
    """A guarantee of debts still to arise that names no maximum amount."""
    lang = "zh" if ctx.language == "zh" else "en"
    if not _TITLE[lang].search(contract_title(ctx)):
        return
    future = next((s for s in ctx.sentences if _FUTURE_DEBTS[lang].search(s.text)), None)
    if future is None:
        return
    for s in ctx.sentences:
        m = _BOUND[lang].search(s.text)
        if m and FIGURE_HERE.search(s.text[m.start() :]):
            return  # a maximum with its amount
    # the clause that names the secured debt is where the amount is missing
    named = next(
        (s for s in ctx.sentences if _SECURED[lang].search(s.text) and len(s.text.strip()) > 20),
        future,
    )
    quoted = future.text.strip()
    yield Hit(ctx.sentence_span(named), {"sentence": quoted[:160]})
