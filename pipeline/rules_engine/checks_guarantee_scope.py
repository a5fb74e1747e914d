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


# the field that identifies the secured debt, left to fill in: "对应主合同编号：__________",
# "Principal Agreement No.: [   ]", "Loan Agreement dated ______"
_DEBT_FIELD = {
    "zh": re.compile(
        r"(?P<label>主合同(?:编号|名称|号)|主债权(?:数额|金额|本金)|被(?:担保|保证)的?主债权(?:数额|金额)?"
        r"|(?:借款|贷款|购销|买卖)合同编号)[^：:\n]{0,6}[：:]?"
    ),
    "en": re.compile(
        r"(?P<label>\b(?:Principal|Underlying|Main|Loan|Facility|Supply|Sale) "
        r"(?:Agreement|Contract)(?: No\.?| Number| Reference| dated)"
        r"|\bSecured (?:Amount|Debt|Obligations?)|"
        r"\bGuaranteed (?:Amount|Debt|Obligations?))\b[^:\n]{0,6}:?",
        re.I,
    ),
}
_BLANK_VALUE = re.compile(r"[ \t　]*(?:_{3,}|＿{2,}|\[\s*[●•]?\s*\]|【\s*】|（\s+）|\(\s+\))")


@check("secured_debt_left_blank", GuaranteeScopeParams, fields=("field",))
def secured_debt_left_blank(ctx: RuleContext, params: GuaranteeScopeParams) -> Iterator[Hit]:
    """A guarantee whose field naming the secured debt (its contract number, its amount) is a
    blank to fill in, and no other line fills it: which debt is secured cannot be told."""
    lang = "zh" if ctx.language == "zh" else "en"
    if not _TITLE[lang].search(contract_title(ctx)):
        return
    blank_at = None
    filled = set()
    for m in _DEBT_FIELD[lang].finditer(ctx.text):
        label = m.group("label").lower()
        value = _BLANK_VALUE.match(ctx.text, m.end())
        line_end = ctx.text.find("\n", m.end())
        rest = ctx.text[m.end() : line_end if line_end >= 0 else len(ctx.text)]
        if value:
            blank_at = blank_at or (m, value)
        elif re.match(r"\s*[A-Za-z0-9¥￥$]", rest) or FIGURE_HERE.match(rest.strip()):
            filled.add(label)
    if blank_at is None:
        return
    m, value = blank_at
    if m.group("label").lower() in filled:
        return
    line_end = ctx.text.find("\n", m.start())
    yield Hit(
        ctx.span(m.start(), value.end()),
        {"field": ctx.text[m.start() : line_end if line_end > 0 else value.end()].strip()[:80]},
    )
