"""A percentage of a named figure stated together with what it comes to, where the sum is wrong:
"Target Commission (4.5% of Target Annual Net Sales): US$118,000" while Target Annual Net Sales
is US$2,400,000; "年度采购额的5%即人民币30万元" while 年度采购额 is 人民币500万元. The contract
price has its own check (``share_amount_mismatch``); this one follows any base the contract
gives a figure for.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.entities.number_words import parse_en_words
from pipeline.entities.rates import CN_NUM, cn_decimal
from pipeline.model import Entity
from pipeline.rules_engine.checks_consistency import ToleranceParams, money
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.contract_total import contract_total
from pipeline.rules_engine.registry import Hit, check

_EN_SHARE = re.compile(
    # "fifty percent (50%) of the Total Fee": the figure may close its bracket
    r"(?P<pct>\d+(?:\.\d+)?)\s*%\s*\)?\s+of\s+(?:the\s+)?"
    r"(?P<name>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,5})"
    r"[\s,)\]]*(?:[:=]|\(?i\.e\.,?|\bbeing\b|\bnamely\b|\bthat is\b|\bamounting to\b|\bequal to\b"
    r"|\bor\b)\s*$"
)
_ZH_SHARE = re.compile(
    rf"(?P<name>[\u4e00-\u9fff]{{2,10}}?)的(?:百分之(?P<cn>{CN_NUM})|(?:百分之)?(?P<pct>\d+(?:\.\d+)?)\s*[%％]?)"
    r"[）)]?\s*[，,]?\s*[（(]?\s*(?:即|计|为|合计)\s*(?:人民币)?\s*$"
)
_REST = re.compile(r"(?:剩余|余下|其余|尚余)$")
# the share stated after the figure: "£6,120 in any Month (being 15% of the Monthly Service
# Charge)", "人民币30万元（即年度采购额的5%）"
_SHARE_AFTER = {
    "en": re.compile(
        r"[^.;()]{0,30}\(?\s*(?:being|i\.e\.,?|representing|equal to|which is|that is)\s+"
        r"(?P<pct>\d+(?:\.\d+)?)\s*%\s+of\s+(?:the\s+)?(?P<name>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,5})"
    ),
    "zh": re.compile(
        rf"\s*[（(]\s*(?:即|为|相当于|系)\s*(?P<name>[\u4e00-\u9fff]{{2,10}}?)的"
        rf"(?:百分之(?P<cn>{CN_NUM})|(?P<pct>\d+(?:\.\d+)?)\s*[%％])"
    ),
}
# "a security deposit equal to two (2) months' Monthly Rent, being US$36,500.00": a count of
# periods of a sum named by its period, restated as an amount
_EN_PERIODS = re.compile(
    r"(?:(?P<words>[a-z]+(?:-[a-z]+)?)\s*(?:\((?P<fig>\d+)\))?|(?P<num>\d+))\s+"
    r"(?P<unit>month|week|year|day)s?['’]?s?\s+(?:of\s+(?:the\s+)?)?"
    r"(?P<name>(?P<period>Monthly|Weekly|Annual|Yearly|Daily)(?:\s+[A-Z][\w-]*){1,3})"
    r"[\s,)]*(?:i\.e\.,?|being|that is|amounting to|equal to)\s*$"
)
_PERIOD_UNIT = {"Monthly": "month", "Weekly": "week", "Annual": "year", "Yearly": "year",
                "Daily": "day"}  # fmt: skip


def _periods(m: re.Match[str]) -> tuple[float, str] | None:
    """How many periods "two (2) months' Monthly Rent" counts, when the unit is the name's."""
    if _PERIOD_UNIT[m.group("period")] != m.group("unit"):
        return None
    raw = m.group("fig") or m.group("num")
    try:
        count = int(raw) if raw else parse_en_words(m.group("words"))
    except ValueError:
        return None
    written = m.group(0).split(m.group("name"))[0].strip().rstrip("'’")
    return (float(count), written) if count > 0 else None


# the contract price under any of its names: measured against the contract total elsewhere, and
# a tail of it ("价款") would meet a pre-tax or partial figure
_PRICE_NAME = re.compile(r"(?:价款|价格|总价|合同价|合同金额|总金额|总额)$|\b(?:Contract )?Price$")
_EN_NAMED_VALUE = (
    # a schedule row "Annual Licence Fee | £85,000 per contract year" names its figure too
    # and a definition: '"Contract Sum" means the sum of … (£486,000)'
    # ("Monthly Service Charge | | £36,800": empty cells between)
    r"{name}[\"”]?\s*(?:[:：=]|(?:\|\s*)+|\bis\b|\bshall be\b|\bmeans\b|\bof\b)\s*"
    r"(?:the (?:sum|amount) of\s+)?(?:[A-Z]{{3}}\s?|US\$|£|\$|€)?\s*$"
)
_ZH_NAMED_VALUE = r"{name}(?:总额|金额)?\s*(?:为|是|：|:|\||｜|确定为|约定为)\s*(?:人民币)?\s*$"
# "一次性加盟费人民币叁拾捌万元整": a name run straight into its sum; a looser reading, so it is
# taken only where every such statement gives one figure
_ZH_NAMED_SUM = r"{name}\s*(?:人民币)?\s*$"


def _before(ctx: RuleContext, e: Entity, width: int) -> str:
    """The text before an amount, or before its twin where the twin is written first
    ("即人民币伍万元整（¥50,000.00）": what precedes the figure is its twin)."""
    twin = e.attrs.get("twin_start")
    lead = min(e.span.start, twin) if isinstance(twin, int) else e.span.start
    start = ctx.view_offset(lead)
    return ctx.text[max(0, start - width) : start]


def _after(ctx: RuleContext, e: Entity) -> str:
    end = ctx.view_offset(e.span.end)
    return ctx.text[end : end + 60]


# the name stands inside a phrase about another figure ("VAT on the Contract Sum is …", "interest
# on the Price is …", "10% of the Fee is …")
DERIVED_FROM = re.compile(
    r"(?:\b(?:VAT|[Tt]ax(?:es)?|[Ii]nterest|[Dd]ut(?:y|ies)|[Cc]ommission|[Dd]iscount)\s+(?:on|of|upon)"
    r"|%\s*\)?\s*of|\bper ?cent\)?\s+of)\s+(?:the\s+)?(?:[a-z]+\s+)?$"
)


def _named_value(ctx: RuleContext, name: str, currency: object, skip: Entity) -> Entity | None:
    """The figure the contract gives for ``name`` ("Target Annual Net Sales: US$2,400,000")."""
    zh = ctx.language == "zh"
    strict = re.compile((_ZH_NAMED_VALUE if zh else _EN_NAMED_VALUE).format(name=re.escape(name)))
    loose = re.compile(_ZH_NAMED_SUM.format(name=re.escape(name))) if zh else None
    # "US$19,250.00 per month (the "Monthly Rent")": the name defined right after its figure
    defined_after = re.compile(rf"^\s*\)?[^.;()]{{0,40}}\((?:the\s+)?[\"“]{re.escape(name)}[\"”]\)")
    loose_values: list[Entity] = []
    for e in ctx.of_kind("amount"):
        if e is skip or e.attrs.get("currency") != currency or not isinstance(e.value, float):
            continue
        if e.attrs.get("form") != "figure" and e.attrs.get("twin_start") is not None:
            continue
        before = _before(ctx, e, len(name) + 60)
        named = strict.search(before)
        if named and DERIVED_FROM.search(before[: named.start()]):
            named = None  # "VAT on the unadjusted Contract Sum is £97,200": not the sum itself
        if named or defined_after.match(_after(ctx, e)):
            return e
        if loose is not None and loose.search(before):
            loose_values.append(e)
    if loose_values and len({e.value for e in loose_values}) == 1:
        return loose_values[0]
    return None


# the words that set one sum of a noun apart from another of the same noun (附加工作酬金 and
# 正常工作酬金, 首期款 and 尾款)
_ZH_QUALIFIER = re.compile(
    r"(?:附加|额外|正常|基本|首期|首付|预付|剩余|其余|不含税|含税|税前|税后|月度|年度|季度|每月|每年"
    r"|每期|单项|累计|最低|最高|保底)$"
)


def _qualified_otherwise(ctx: RuleContext, base: Entity, tail: str, name: str) -> bool:
    """The figure found for a shortened name carries a qualifier the share's own name does not:
    it is another sum of the same noun."""
    if ctx.language != "zh" or tail == name:
        return False
    before = _before(ctx, base, len(tail) + 60)
    at = before.rfind(tail)
    qualifier = _ZH_QUALIFIER.search(before[max(0, at - 4) : at]) if at >= 0 else None
    return qualifier is not None and not name[: len(name) - len(tail)].endswith(qualifier.group())


def _share(m: re.Match[str]) -> tuple[float, str] | None:
    """The fraction a share match states and how it was written (百分之十 -> 0.1)."""
    if m.groupdict().get("cn"):
        try:
            return cn_decimal(m.group("cn")) / 100, f"百分之{m.group('cn')}"
        except (ValueError, KeyError):
            return None
    return float(m.group("pct")) / 100, f"{m.group('pct')}%"


@check("named_share_mismatch", ToleranceParams, fields=("share", "name", "amount", "expected"))
def named_share_mismatch(ctx: RuleContext, params: ToleranceParams) -> Iterator[Hit]:
    share_re = _ZH_SHARE if ctx.language == "zh" else _EN_SHARE
    for e in ctx.of_kind("amount"):
        if not isinstance(e.value, float) or e.attrs.get("form") not in (None, "figure"):
            continue
        m = share_re.search(_before(ctx, e, 90))
        stated = _share(m) if m is not None else None
        if m is None:
            end = ctx.view_offset(e.span.end)
            m = _SHARE_AFTER[ctx.language].match(ctx.text, end, end + 100)
            stated = _share(m) if m is not None else None
        if m is None and ctx.language == "en":
            m = _EN_PERIODS.search(_before(ctx, e, 120))
            stated = _periods(m) if m is not None else None
        if m is None:
            continue
        # "许可使用费总额剩余的百分之三十": the rest of the named sum is still a share of it
        name = _REST.sub("", m.group("name").strip())
        if _PRICE_NAME.search(name) and contract_total(ctx) is not None:
            continue  # "合同总价款的30%，即…": the price, share_amount_mismatch's to judge
        # "返利为年度采购额的2%": the name is the longest tail the contract gives a figure for
        tails = [name[i:] for i in range(max(1, len(name) - 1))] if ctx.language == "zh" else [name]
        found = ((t, _named_value(ctx, t, e.attrs.get("currency"), e)) for t in tails)
        short, base = next(((t, b) for t, b in found if b is not None), (name, None))
        if base is not None and _qualified_otherwise(ctx, base, short, name):
            continue  # "正常工作酬金的5%" against "附加工作酬金为…": another figure of that noun
        name = short
        if base is None or not isinstance(base.value, float) or base.value <= 0:
            continue
        if stated is None:
            continue
        share, written = stated
        expected = share * base.value
        if abs(e.value - expected) <= params.tolerance * expected:
            continue
        yield Hit(
            e.span,
            {
                "share": written,
                "name": name,
                "amount": e.text,
                "expected": money(expected, base.attrs.get("currency")),
            },
            (base.span,),
        )
