"""A contract's subject amount that only arithmetic states: a count times a unit price in one
sentence ("数控车床5台，每台单价人民币20万元", "500 units at a unit price of RMB 1,000.00"),
or a monthly rent or fee times the term's months. A 定金 or a penalty is measured against it
when no total is written down.
"""

from __future__ import annotations

import re

from pipeline.entities.amounts import cn_lower_number
from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import pipe_tables

_ZH_COUNT = re.compile(
    r"(?P<n>\d[\d,]*(?:\.\d+)?|[零〇一二两三四五六七八九十百千万]+)\s*"
    r"(?:台|套|件|个|辆|吨|只|部|块|箱|株|头|公斤|千克|平方米|㎡|组|樘|张)"
)
_EN_COUNT = re.compile(
    r"\b(?P<n>\d[\d,]*)\s+(?:\([^)]{0,20}\)\s+)?(?:units?|pieces?|pcs|sets?|tonnes?|tons?|vehicles?"
    r"|machines?|cartons?|boxes|kits?|licen[cs]es|seats)\b",
    re.I,
)
# the amount is the price of one: 单价 / 每台 / "/台" / "per unit" / "each"
_ZH_PER_ONE = re.compile(
    r"(?:单价|每(?:台|套|件|个|辆|吨|只|部|块|箱|公斤|千克|平方米|组))[^，。；]{0,8}"
    # the figure of a words-and-figure pair: "单价人民币肆拾伍万元（¥450,000.00）"
    r"(?:[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元圆整角分]+\s*[（(]\s*)?$"
)
_ZH_PER_ONE_AFTER = re.compile(r"^\s*[/／](?:台|套|件|个|辆|吨|只|部|块|箱|公斤|千克|平方米|组)")
_EN_PER_ONE = re.compile(
    r"(?:unit price|price per (?:unit|piece|set|tonne|ton))[^.;,]{0,12}$", re.I
)
_EN_PER_ONE_AFTER = re.compile(
    r"^\s*(?:per|a|each|/)\s*(?:unit|piece|set|tonne|ton|vehicle|machine|each)?\b|^\s*each\b", re.I
)
_MONTHLY = re.compile(r"月租金|每月租金|租金每月|每月|per month|monthly|a month", re.I)
_MONTHLY_AFTER = re.compile(r"^\s*(?:[/／]\s*月|每月|per month|a month|/\s*month)", re.I)


def _count(raw: str) -> float | None:
    if raw[0].isdigit():
        return float(raw.replace(",", ""))
    value = cn_lower_number(raw)
    return float(value) if value is not None else None


def _around(ctx: RuleContext, e: Entity) -> tuple[str, str]:
    end = ctx.view_offset(e.span.end)
    return ctx.sentence_before(e)[-24:], ctx.text[end : end + 12]


def _computed(e: Entity, total: float, note: str) -> Entity:
    attrs = {"currency": e.attrs.get("currency"), "form": "figure", "topic": "total_price",
             "computed": True}  # fmt: skip
    return Entity(kind="amount", span=e.span, text=f"{total:,.2f} ({note})", value=total,
                  attrs=attrs)  # fmt: skip


# China's VAT rates, then the UK's standard and reduced rates
_VAT_RATES = (0.13, 0.09, 0.06, 0.03, 0.2, 0.1)
# the relative difference allowed between a money total and its parts (or a net sum and its
# VAT-inclusive sum): cents of rounding on sums in the millions, never a missing line
MONEY_TOLERANCE = 0.0002


def is_vat(a: float, b: float, tolerance: float) -> bool:
    """``b`` is ``a`` with VAT added at one of the usual rates."""
    return any(abs(a * (1 + r) - b) <= tolerance * b for r in _VAT_RATES)


# a price per month or per year is a rate, not the price of the thing
_PER_PERIOD = re.compile(
    r"每(?:个)?(?:月|年|日|天|周|季度)|per (?:month|year|annum|day|week)|/\s*(?:月|年|month|year)",
    re.I,
)


# "每单超过5件的部分": a count that is a threshold, not what is bought
_THRESHOLD = re.compile(r"超过|以上|以下|不足|不超过|满\d|exceed|more than|less than|up to", re.I)


def count_times_unit_price(ctx: RuleContext) -> Entity | None:
    """One sentence with one count and one price of one item: their product. Where several
    sentences give one (a restated computation), they must agree; else nothing is assumed."""
    count_re, per, per_after = (
        (_ZH_COUNT, _ZH_PER_ONE, _ZH_PER_ONE_AFTER)
        if ctx.language == "zh"
        else (_EN_COUNT, _EN_PER_ONE, _EN_PER_ONE_AFTER)
    )
    # the prices of one item, found once: a sentence then only looks among these few
    unit_prices = [
        (ctx.view_offset(e.span.start), e) for e in ctx.of_kind("amount")
        if isinstance(e.value, float) and e.attrs.get("form") == "figure"
        and (per.search((around := _around(ctx, e))[0]) or per_after.match(around[1]))
    ]  # fmt: skip
    products: list[tuple[Entity, float]] = []
    for sentence in ctx.sentences:
        if _PER_PERIOD.search(sentence.text) or _THRESHOLD.search(sentence.text):
            continue
        prices = [e for at, e in unit_prices if sentence.start <= at < sentence.end]
        counts = [c for c in count_re.finditer(sentence.text) if _count(c.group("n"))]
        if len(prices) != 1 or len(counts) != 1:
            continue
        n = _count(counts[0].group("n"))
        if n is None or n <= 1:
            continue
        assert isinstance(prices[0].value, float)
        products.append((prices[0], n * prices[0].value))
    if not products or len({round(total, 2) for _, total in products}) != 1:
        return None
    first, total = products[0]
    if total < largest_security(ctx):
        return None  # a price below the deposit or penalty it secures: items were missed
    return _computed(first, total, "单价×数量" if ctx.language == "zh" else "unit price x quantity")


def largest_security(ctx: RuleContext) -> float:
    """The largest 定金, deposit or fixed penalty the contract states."""
    return max(
        (
            float(e.value) for e in ctx.of_kind("amount")
            if isinstance(e.value, int | float)
            and e.attrs.get("topic") in ("deposit", "security_deposit", "earnest_money", "penalty")
        ),
        default=0.0,
    )  # fmt: skip


def rent_over_term(ctx: RuleContext) -> Entity | None:
    """A lease with one monthly rent and a term in months: the rent for the whole term."""
    rents = [
        e for e in ctx.of_kind("amount")
        if e.attrs.get("topic") == "rent" and isinstance(e.value, float)
        and e.attrs.get("form") == "figure"
        and (_MONTHLY.search(_around(ctx, e)[0]) or _MONTHLY_AFTER.match(_around(ctx, e)[1]))
    ]  # fmt: skip
    if len({e.value for e in rents}) != 1:
        return None  # no monthly rent, or one that steps up: no single figure to multiply
    terms = {
        d.attrs.get("months") for d in ctx.of_kind("duration")
        if d.attrs.get("topic") in ("lease_term", "contract_term")
    }  # fmt: skip
    months = [m for m in terms if isinstance(m, int | float) and float(m).is_integer() and m > 0]
    if len(months) != 1:
        return None
    rent = rents[0]
    assert isinstance(rent.value, float)
    if rent.value * months[0] < largest_security(ctx):
        return None
    note = "月租金×租期" if ctx.language == "zh" else "monthly rent x term"
    return _computed(rent, rent.value * months[0], note)


# a fee for each month of the term ("月度包租仓储费为…", "月固定仓储费合计 | … | 71,600.00", "a
# monthly storage charge of"), not the price of one unit for a month ("单价为每托盘位每月")
_MONTH_FEE = (
    r"(?:月度|月固定|每月|按月|(?<![个\d])月)[\u4e00-\u9fff（）()]{0,8}"
    r"(?:费|租金)(?:合计|总额|小计)?"
)
_MONTHLY_EN = r"monthly (?:[a-z]+ ){0,2}(?:fees?|charges?)"
_MONTHLY_FEE = re.compile(
    rf"{_MONTH_FEE}[^。；\n]{{0,30}}$|\b{_MONTHLY_EN}\b[^.;\n]{{0,30}}$", re.I
)
_PER_UNIT = re.compile(
    r"单价|每(?:个|只|托盘位?|库位|储位|平方米|㎡|吨|件)|[×xX*]|\bper (?:unit|pallet|item)\b", re.I
)
_TOTAL_LABEL = re.compile(r"^(?:合计|总计|共计|total)\b", re.I)
_MONTHLY_LABEL = re.compile(
    rf"^{_MONTH_FEE}(?:[（(][^）)]*[）)])?$|^{_MONTHLY_EN}(?: total)?$", re.I
)


def fee_over_term(ctx: RuleContext) -> Entity | None:
    """A contract with one monthly fee and a term in months (a storage contract priced by the
    month): the fee for the whole term."""
    stated = _monthly_fee_amounts(ctx)
    fees = {float(e.value) for e in stated if isinstance(e.value, float)}
    fees |= set(_monthly_fee_rows(ctx))
    months = _term_months(ctx)
    if len(fees) != 1 or months is None:
        return None
    fee = fees.pop()
    if fee * months < largest_security(ctx):
        return None
    # the finding points at the fee where a sentence states it, else at the first figure
    figures = (e for e in ctx.of_kind("amount") if e.attrs.get("form") == "figure")
    anchor = stated[0] if stated else next(figures, None)
    if anchor is None:
        return None
    note = "月费用×期限" if ctx.language == "zh" else "monthly fee x term"
    return _computed(anchor, fee * months, note)


def _monthly_fee_amounts(ctx: RuleContext) -> list[Entity]:
    found = []
    for e in ctx.of_kind("amount"):
        if not isinstance(e.value, float) or e.attrs.get("form") != "figure":
            continue
        before = ctx.sentence_before(e)[-40:].split("\n")[-1]
        m = _MONTHLY_FEE.search(before)
        if m and not _PER_UNIT.search(before[m.start() :]):
            found.append(e)
    return found


def _monthly_fee_rows(ctx: RuleContext) -> list[float]:
    """A table row labelled as the monthly fee ("月固定仓储费合计 | — | 71,600.00"): its sum."""
    found = []
    for table in pipe_tables(ctx.document.text):
        monthly = [j for j, c in enumerate(table[0]) if _MONTHLY_LABEL.match(c.text)]
        for row in table[1:]:
            label = next((c.text for c in row if c.text), "")
            figures = [c.value for c in row if c.value is not None and not c.percent]
            if _MONTHLY_LABEL.match(label) and len(figures) == 1:
                found.append(float(figures[0]))
            # a column of monthly fees ("月仓储费（元，含税）") and its total row
            elif len(monthly) == 1 and _TOTAL_LABEL.match(label) and monthly[0] < len(row):
                cell = row[monthly[0]]
                if cell.value is not None and not cell.percent:
                    found.append(float(cell.value))
    return found


# the term itself ("储存期限为十二个月", "a term of twelve (12) months"), not a period counted
# from its end ("储存期限届满前三十日")
_TERM_BEFORE = re.compile(
    r"(?:期限|期间|有效期|租期|租赁期)\s*(?:为|是|：|:|共|计)?\s*$"
    r"|\b(?:term|period)\s+(?:of|is|shall be)\s+(?:a (?:term|period) of\s+)?$",
    re.I,
)


def _term_months(ctx: RuleContext) -> float | None:
    terms = [
        d for d in ctx.of_kind("duration")
        if d.attrs.get("topic") in ("lease_term", "contract_term")
    ]  # fmt: skip
    stated = [d for d in terms if _TERM_BEFORE.search(ctx.sentence_before(d))]
    months = {d.attrs.get("months") for d in stated or terms}
    whole = [m for m in months if isinstance(m, int | float) and float(m).is_integer() and m > 0]
    return float(whole[0]) if len(whole) == 1 else None
