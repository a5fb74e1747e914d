"""One item's count times its unit price against the stated total: "数控车床2台，单价人民币
45万元" beside "合同总价款为人民币壹佰万元整" (900,000 against 1,000,000). Only where the contract
prices one item in one sentence (computed_totals.count_times_unit_price) and states a total;
a difference that is exactly VAT, a discount, or a total that also pays for freight,
installation or services is no contradiction.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.rules_engine.checks_consistency import ToleranceParams, money
from pipeline.rules_engine.computed_totals import count_times_unit_price, is_vat
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.contract_total import contract_total
from pipeline.rules_engine.registry import Hit, check

_DISCOUNT = re.compile(r"折扣|优惠|让利|返利|折让|\bdiscount|\brebate", re.I)
# what a total may add to the goods themselves
_EXTRAS = re.compile(
    r"运费|运输|安装|调试|培训|服务|包装|保险|税|备件|配件|其他费用|其它费用|freight|shipping"
    r"|delivery (?:charges?|costs?|fees?)|carriage|install|commission|training|services?\b"
    r"|packag|insurance|tax|VAT|spare",
    re.I,
)


@check("unit_price_vs_total", ToleranceParams, fields=("computed", "stated"))
def unit_price_vs_total(ctx: RuleContext, params: ToleranceParams) -> Iterator[Hit]:
    """The one priced item's count x unit price differs from the stated total."""
    stated = contract_total(ctx)
    if stated is None or stated.attrs.get("computed") or not isinstance(stated.value, float):
        return
    computed = count_times_unit_price(ctx)
    if computed is None or not isinstance(computed.value, float) or _DISCOUNT.search(ctx.text):
        return
    if computed.attrs.get("currency") != stated.attrs.get("currency"):
        return
    total, product = stated.value, computed.value
    if abs(total - product) <= params.tolerance * max(total, product):
        return
    if is_vat(product, total, params.tolerance) or is_vat(total, product, params.tolerance):
        return
    sentences = ctx.entity_sentence(stated) + ctx.entity_sentence(computed)
    if total > product and _EXTRAS.search(sentences):
        return  # the total also pays for freight, installation or services
    yield Hit(
        computed.span,
        {"computed": money(product, computed.attrs.get("currency")), "stated": stated.text},
        (stated.span,),
    )
