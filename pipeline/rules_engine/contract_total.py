"""Which figure is the contract price: the amounts stated as the total, and the one the checks
measure shares against (typed facts, shared by the consistency, Chinese and fact checks).

A figure is a stated total when the nearest topic word before it names the total price, and it
is not a worked example, a part named after the total (其中…), one period's figure in a list
of periods, or what a share of the total comes to.
"""

from __future__ import annotations

import re

from pipeline.model import Entity
from pipeline.rules_engine.computed_totals import MONEY_TOLERANCE, is_vat
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.priced_items import priced_total

_EXAMPLE = re.compile(
    # "以成交价人民币伍仟伍佰万元为例，居间报酬为…": a worked example too
    r"举例|例如|比如|假设|假定|为例|for example|e\.g\.|by way of example|illustrat",
    re.I,
)
# an example's lead-in that a line wrap after its colon left in the sentence before ("（例如：⏎
# 成交总价为人民币6,500万元的，……）")
_EXAMPLE_LEAD = re.compile(
    r"(?:举例|例如|比如|for example|e\.g\.|by way of example)[:：,，]?\s*$", re.I
)


def in_example(ctx: RuleContext, e: Entity) -> bool:
    """Whether the amount is part of a worked example, not a figure the contract sets."""
    if _EXAMPLE.search(ctx.entity_sentence(e)):
        return True
    start = e.attrs.get("sentence_start")
    if not isinstance(start, int):
        return False
    at = ctx.view_offset(start)
    return bool(_EXAMPLE_LEAD.search(ctx.text[max(0, at - 16) : at]))


_EX_TAX = re.compile(
    r"\b(?:exclusive of|excluding|excl\.?|net of|before|plus)\s+(?:VAT|GST|tax)"
    r"|不含税|税前|另加增值税|另行支付增值税",
    re.I,
)


def net_and_gross(ctx: RuleContext, a: Entity, b: Entity) -> bool:
    """The price stated without VAT and with it: "£486,000 exclusive of VAT" and "a
    VAT-inclusive total of £583,200" at 20%. The smaller must be said to exclude the tax."""
    net, gross = sorted((a, b), key=lambda e: float(e.value or 0))
    if not isinstance(net.value, float) or not isinstance(gross.value, float):
        return False
    return is_vat(net.value, gross.value, MONEY_TOLERANCE) and bool(
        _EX_TAX.search(ctx.entity_sentence(net))
    )


def stated_totals(ctx: RuleContext) -> list[Entity]:
    """Figures stated as the total price, leaving out worked examples ("如成交总价为…，则…")."""
    return list(ctx.memo("totals", lambda: tuple(_find_totals(ctx))))


def _find_totals(ctx: RuleContext) -> list[Entity]:
    return [
        e
        for e in ctx.of_kind("amount")
        if e.attrs.get("topic") == "total_price"
        # a total stated in words alone (人民币叁拾陆万元整, no figure beside it) is still stated
        and (e.attrs.get("form") == "figure" or "twin_value" not in e.attrs)
        and not in_example(ctx, e)
        and not any(_is_component(ctx.sentence_before(x)) for x in _with_twin(ctx, e))
        and not _PERIOD_FIGURE.search(ctx.sentence_before(e)[-40:])
        and not any(
            _SHARE_RESTATED.search(ctx.sentence_before(x)[-40:]) for x in _with_twin(ctx, e)
        )
        and not _PER_PERIOD_BEFORE.search(ctx.sentence_before(e)[-30:])
        and not _AFTER_BALANCE.search(ctx.sentence_before(e))
        and not _INSTALMENT_DUE.search(ctx.sentence_before(e)[-16:])
        and not any(TAX_ON.search(ctx.sentence_before(x)[-90:]) for x in _with_twin(ctx, e))
        and not _PER_PERIOD_AFTER.match(_after(ctx, e))
        and not _UNIT_RATE_AFTER.match(_after(ctx, e))
        and not _UNIT_RATE_BEFORE.search(ctx.sentence_before(e)[-24:])
        and not _SHARE_AFTER.match(ctx.text, ctx.view_offset(e.span.end))
        and not insurance_floor(ctx.sentence_before(e))
        and not _ALLOCATED.search(ctx.sentence_before(e))
    ]


# "the stipulated sum of $1,240,000 (the "Contract Sum"), allocated in the following schedule of
# values: demolition $96,000; mechanical … $412,000": the parts listed after the total
_ALLOCATED = re.compile(
    r"\d[^.。]{0,80}?(?:allocated|apportioned|broken down|made up|schedule of values"
    r"|分配|分解|构成|组成)[^.;。；]{0,60}[:：][^.。]{0,400}$",
    re.I,
)


# "第三者责任险每次事故赔偿限额不低于人民币伍佰万元", "insured for not less than $5,000,000": a
# floor or a limit of cover, not the price (a distributor's "purchases of not less than USD
# 1,000,000" is the contract's value, and stays)
_FLOOR_BEFORE = re.compile(
    r"(?:不低于|不少于|至少|最低|限额为?|at least|not less than|no less than|a minimum of|minimum)"
    r"\s*(?:人民币|RMB|CNY|USD|US\$|GBP|£|\$|¥|￥)?\s*$",
    re.I,
)
_COVER = re.compile(r"保险|险|赔偿限额|\binsur|\bcover\b|\blimit of indemnity\b", re.I)


def insurance_floor(before: str) -> bool:
    """The words before an amount make it a floor or limit of insurance cover."""
    return bool(_FLOOR_BEFORE.search(before[-24:])) and bool(_COVER.search(before[-60:]))


# "up to a maximum of £48,600 (being 10% of the Contract Price)", "¥50,000元（即合同总价的10%）":
# the figure is a share of the total, named after it
_SHARE_AFTER = re.compile(
    r"\s*[(（]\s*(?:being|i\.e\.,?|which is|representing|equal to|equivalent to"
    r"|即|相当于|约为|为|占)?"
    r"\s*(?:本?合同)?[^)）%％]{0,12}?\d+(?:\.\d+)?\s*(?:%|％|per ?cent)",
    re.I,
)


# "单价人民币1,680元/平方米", "US$45.00 per Pallet Position": a rate per unit, never the total
_UNIT_RATE_AFTER = re.compile(
    r"^\s*(?:[)）]\s*)?(?:/\s*[\u4e00-\u9fffA-Za-z²㎡]|每(?:平方米|㎡|吨|台|件|个|套|只|箱|人|次|米|公斤|千克)"
    r"|per\s+(?:unit|piece|item|square|sq|tonne|ton|kg|pallet|hour|person|head)\b)",
    re.I,
)
# "a unit price of RMB 3.20 for each RMB 1.00 of registered capital": the unit it is priced by
_UNIT_RATE_BEFORE = re.compile(
    r"单价[^，。；]{0,10}$|\bunit (?:price|rate)\b[^.;,]{0,16}$"
    r"|\b(?:for each|for every|per)\s+$|每\s*$",
    re.I,
)


# "按暂定总价测算，本期应付¥218,654.00", "this instalment payable is …": what one instalment comes
# to, though the price is named beside it
_INSTALMENT_DUE = re.compile(
    r"(?:本|该|当|每|首|末|第[一二三四五六七八九十\d]+)(?:期|次|笔)[^，。；]{0,4}"
    r"(?:应付|应支付|支付|付款|款项|金额)[^，。；]{0,4}$"
    r"|\b(?:this|each|such) (?:instal+ment|payment)\b[^,.;]{0,20}$",
    re.I,
)
# "The balance of the Contract Price after crediting the Advance Payment, being RMB …": what is
# left to pay, however far the balance word stands from the figure
_AFTER_BALANCE = re.compile(
    r"\b(?:balance|remainder)\b(?!\s+sheet)[^.;]*$|(?:余款|剩余价款|剩余款项|尾款)[^。；]*$", re.I
)


# "VAT on the unadjusted Contract Sum is £97,200", "增值税税额为…": the tax on the price, not the
# price ("a VAT-inclusive total of …" is a total)
TAX_ON = re.compile(
    r"\b(?:VAT|GST|sales tax|tax)\b(?![- ]inclusive)(?:\s+amount)?\s+(?:on|of|thereon|at)\b"
    r"[^.;,]{0,60}$"
    r"|(?:增值税|税额|税金|税费)(?!.{0,4}在内)[^，。；]{0,12}$",
    re.I,
)


# "签约合同价为…，其中安全文明施工费…，暂列金额…": every item of the list after 其中 is a part
# "合同总价款由以下部分组成：展位费…为90,720元；管理费…": each item after the colon is a part
_PARTS_LIST = re.compile(
    r"其中[^。；]*$|\bof which\b[^.;]*$"
    r"|(?:由|包括)[^，。；]{0,12}(?:组成|构成|如下)\s*[：:][^。]*$"
    r"|\b(?:consists? of|comprises?|is made up of)(?: the following)?\s*:[^.]*$"
    # "allocate the Purchase Price for tax purposes as follows: $410,000 to equipment, …"
    r"|\ballocat\w*\b[^.;]{0,80}?\b(?:as follows|among|between)\b[^.]*$"
    r"|(?:分配|分摊)[^。；]{0,20}?(?:如下|为)\s*[：:]?[^。]*$",
    re.I,
)


def _is_component(before: str) -> bool:
    return bool(_COMPONENT.search(before[-30:]) or _PARTS_LIST.search(before))


def _with_twin(ctx: RuleContext, e: Entity) -> list[Entity]:
    """The amount and its twin in words: what is said before the words is said of the figure."""
    twin = ctx.twin_of(e)
    return [e] if twin is None else [e, twin]


def _after(ctx: RuleContext, e: Entity) -> str:
    end = ctx.view_offset(e.span.end)
    return ctx.text[end : end + 20]


# "按季度分解为每季度150万元", "US$40,000 per month": one period's figure, not the total
# "每月租金为…", "每一租赁年度应付租金为…", "十二个月的含税月租金总额（即…）": one period's sum,
# or a count of periods' worth, not the contract's total
_PER_PERIOD_BEFORE = re.compile(
    r"每(?:个|一)?[\u4e00-\u9fff]{0,3}?(?:年度|年|季度|季|月|周|日|天)[^，。；]{0,8}$"
    r"|[一二两三四五六七八九十\d]+个月的?[^，。；]{0,12}?(?:租金|费用|服务费)[^，。；]{0,8}$"
)
_PER_PERIOD_AFTER = re.compile(
    r"^\s*(?:[)）]\s*)?(?:/\s*(?:年|月|季|日|天|year|month|quarter|day)|每(?:年|月|季|日|天)"
    r"|(?:per|a|each|every)\s+(?:calendar\s+)?(?:year|quarter|month|week|day)\b)",
    re.I,
)


# "按服务费总额的万分之五（即人民币932.80元）" / "10% of the Fees (i.e. £24,000)" / "设计费总额的
# 两倍，即…": the amount a share or a multiple of the total comes to is not the total again
_RESTATES_AS = (
    r"\s*[（(]?\s*(?:即|也即|亦即|计|i\.e\.,?|being|namely|that is,?)\s*"
    # "即不超过人民币…", "i.e. not more than £…": a cap restated as a sum
    r"(?:不超过|不高于|最高|not (?:more than|to exceed)|up to)?\s*"
    r"(?:人民币|RMB|US\$|USD|£|GBP|€|EUR)?\s*$"
)
_SHARE_RESTATED = re.compile(
    r"(?:(?:%|％|percent|分之[一二三四五六七八九十百千万\d.]+|成|倍|times)\)?\s*[，,]?"
    # "10% of the Contract Sum, i.e. £246,000": the share named before the total word
    r"|(?:%|per\s?cent)\)?\s+of\s+(?:the\s+)?[A-Za-z ]{2,40},?)"
    + _RESTATES_AS
    # "7.5% of the Subcontract Sum (£96,345 on the Subcontract Sum …)": the bracket is the share
    + r"|(?:%|per\s?cent)\)?\s+of\s+(?:the\s+)?[A-Za-z ]{2,40}\s*\(\s*"
    r"(?:RMB|US\$|USD|£|GBP|€|EUR)?\s*$",
    re.I,
)


# "first Contract Year, US$1,200,000; second Contract Year, US$1,500,000" / 第二年度…: one
# period's figure in a list of periods is not the total stated again
_PERIOD_FIGURE = re.compile(
    r"(?:(?:first|second|third|fourth|fifth|sixth|\d+(?:st|nd|rd|th))\s+(?:contract\s+|agreement\s+)?"
    r"year|\byear\s+\d+|(?:contract|agreement)\s+year\s+\d+|第[一二三四五六七八九十\d]+(?:个)?"
    r"(?:年度|年|季度|月度))[^;；。]{0,16}$",
    re.I,
)


# "签约合同价为…，其中安全文明施工费…": a part of the total, named after it, is not the total again
# "剩余转让价款人民币6,300,000元", "the balance of the Purchase Price": what is left to pay
_COMPONENT = re.compile(
    r"(?:其中|内含|含有|包括|包含)[^，。；]{0,20}$|(?:of which|including)[^.;,]{0,40}$"
    r"|(?:剩余|其余|余下|尚欠|未付|首期|首付|尾期|预付|第[一二三四五六七八九十\d]+期)[^，。；]{0,10}$"
    r"|中的[^，。；]{1,10}$"
    # "按签约合同价测算为人民币766,553.40元": an amount worked out on the price, not the price
    r"|按[^，。；]{0,20}(?:测算|计算|折算|折合)[^，。；]{0,4}$"
    r"|\b(?:calculated|computed) (?:on|by reference to)\b[^.;,]{0,40}$"
    r"|\b(?:first|second|third|final|initial)\s+(?:instal?lment|payment|tranche)\b[^.;,]{0,30}$"
    r"|\b(?:balance|remainder|remaining|unpaid|outstanding)\b[^.;,]{0,30}$",
    re.I,
)


def contract_total(ctx: RuleContext) -> Entity | None:
    """The contract price: the first figure amount right after a total-price keyword
    ("转让价款总额为人民币36,000,000元"), else the first one whose sentence names it (a valuation
    earlier in the same sentence is not the price)."""
    totals = stated_totals(ctx)
    close = [e for e in totals if isinstance(g := e.attrs.get("topic_gap"), int) and 0 <= g <= 16]
    chosen = close or totals
    # no stated total: the sum of unit price x quantity over a price list, where there is one
    return chosen[0] if chosen else priced_total(ctx)
