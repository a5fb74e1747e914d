"""The base a share names, looked up by its name: "The remaining 5% of the Product Price, being
RMB 269,900" with 'RMB 5,198,000 … (the "Product Price")' stated elsewhere; "支付签约合同价的10%，
即…" with "签约合同价为人民币捌仟叁佰陆拾万元整". The base is the one figure the contract gives that
name, so a share of it can be checked even when no other share agrees with it.
"""

from __future__ import annotations

import re
from decimal import Decimal

from pipeline.model import Entity
from pipeline.rules_engine.checks_named_sums import defined_name, norm_label
from pipeline.rules_engine.context import RuleContext

# "5% of the Product Price", "(10%) of the Contract Sum": a capitalised name, so a defined sum
_EN_BASE = re.compile(
    r"^\s*\)?\s*of\s+(?:the\s+)?(?P<label>(?:[A-Z][\w-]*\s+){0,3}"
    r"(?:Price|Fees?|Sum|Charges?|Rent|Consideration|Amount|Value))\b"
)
# "签约合同价的10%", "应收账款票面金额的80%": the noun right before 的
_ZH_BASE = re.compile(
    r"(?P<label>[\u4e00-\u9fff]{2,14}?(?:价|价款|价格|金额|总额|费用|租金))的\s*$"
)
_ZH_CUT = re.compile(r".*(?:支付|缴纳|收取|交纳|向|及|和|或|应|须|将|按|为|其中|剩余|以)")
# what may stand between a name and its figure: "签约合同价（含税）为人民币", "Price is RMB"
_ZH_LEAD = r"(?:[（(][^）)]{0,10}[）)])?(?:为|是|：|:|共计|合计|计|\s|人民币|RMB|¥|￥)*$"
_EN_LEAD = (
    r"[\"”)]*\s*(?:\([^()]{0,30}\)\s*)?(?:of|is|shall be|will be|equal to|amounting to|:)?"
    r"\s*(?:the sum of\s*)?(?:RMB|CNY|USD|US\$|GBP|EUR|[¥￥$£€])?\s*$"
)


def base_label(ctx: RuleContext, share_start: int, share_end: int) -> str | None:
    """The name of the sum a share is of, when the text names one (view offsets)."""
    if ctx.language == "zh":
        m = _ZH_BASE.search(ctx.text[max(0, share_start - 20) : share_start])
        label = _ZH_CUT.sub("", m.group("label")) if m else ""
        return label if len(label) >= 2 else None
    m = _EN_BASE.match(ctx.text[share_end : share_end + 60])
    return norm_label(m.group("label")) if m else None


def _named(ctx: RuleContext, amount: Entity, label: str) -> bool:
    before = ctx.sentence_before(amount)[-40:]
    if ctx.language == "zh":
        return re.search(re.escape(label) + _ZH_LEAD, before) is not None
    m = re.search(r"(?P<label>(?:[A-Z][\w-]*\s+){0,3}[A-Z][\w-]*)" + _EN_LEAD, before)
    return (m is not None and norm_label(m.group("label")) == label) or (
        defined_name(ctx, amount) == label
    )


def named_value(ctx: RuleContext, label: str) -> Decimal | None:
    """The one figure the contract gives the name (None if none, or several)."""
    values = {
        Decimal(str(e.value))
        for e in ctx.of_kind("amount")
        if isinstance(e.value, int | float)
        and e.attrs.get("share_of_total") is None
        and _named(ctx, e, label)
    }
    return values.pop() if len(values) == 1 else None
