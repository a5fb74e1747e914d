"""A named sum (加盟费, the Franchise Fee, 履约保证金) stated in the text and again in a
schedule's table, with two different figures: which one binds is uncertain.

A fact is a label and its figure: in prose, the name standing right before an amount
("加盟费人民币叁拾陆万元整", "a Franchise Fee of US$360,000"); in a table, a row's first cell
and the figure in its money column ("加盟费 | 380,000.00 | 签约后十日内"). Only the same label
on both sides is compared, so one year's fee in a row never meets another year's in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.model import Entity
from pipeline.rules_engine.checks_tables import TableParams, money_column, same_price
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.contract_total import TAX_ON
from pipeline.rules_engine.pipe_tables import Cell, pipe_tables
from pipeline.rules_engine.registry import Hit, check

_ZH_LABEL = re.compile(
    r"(?P<label>[\u4e00-\u9fff]{1,10}?(?:费|金|款|租金))"
    r"(?:[（(][^）)]{0,8}[）)])?(?:为|是|共计|计|：|:|\s|人民币|RMB|¥|￥)*$"
)
# the label is the noun right before the sum, not the verb phrase that leads to it
_ZH_CUT = re.compile(r".*(?:支付|缴纳|缴付|收取|交纳|交付|向|的|及|和|或|应|须|将|按|其中)")
_EN_LABEL = re.compile(
    r"(?P<label>(?:[A-Z][A-Za-z\-]+\s+){1,3}(?:Fee|Deposit|Payment|Rent|Charge|Premium|Sum))"
    r"[\"”)]*\s*(?:\([^()]{0,30}\)\s*)?"
    r"(?:of|is|shall be|will be|equal to|amounting to|in the amount of|:)?\s*(?:the sum of\s*)?$"
)
# names that every schedule repeats for different things
_GENERIC = re.compile(
    r"^(?:合计|总计|小计|共计|总价|总额|金额|价款|费用|款项|单价|合同价款|合同总价|首付款|尾款|余款"
    r"|total|amount|price|sum|fee|payment|unit price|contract price|total price|balance)$",
    re.I,
)
# one period's or one stage's figure: it may differ from the named sum by design
_QUALIFIED = re.compile(
    r"每|各|第[一二三四五六七八九十\d]+|首|年度|月|\beach\b|\bper\b|\bfirst\b|\bsecond\b|\bthird\b"
    r"|\bannual|\bmonthly|\bquarterly|\byear\b",
    re.I,
)


def norm_label(label: str) -> str:
    label = re.sub(r"[（(][^）)]*[）)]", "", label)
    return re.sub(r"^the\s+|\s+", " ", label.strip(), flags=re.I).strip().lower()


def _prose_label(ctx: RuleContext, amount: Entity) -> str | None:
    before = ctx.sentence_before(amount)[-40:]
    if ctx.language == "zh":
        m = _ZH_LABEL.search(before[-18:])
        label = _ZH_CUT.sub("", m.group("label")) if m else ""
    else:
        m = _EN_LABEL.search(before)
        label = m.group("label") if m else ""
    if len(label) < 2 or _GENERIC.match(norm_label(label)) or _QUALIFIED.search(label):
        return None
    if TAX_ON.search(before):
        return None  # "VAT on the Contract Sum is …": the tax, not the named sum
    return norm_label(label)


# "monthly charges of £4,975.00 (four thousand … pounds) excluding VAT, made up of the items in
# Schedule 2 (the "Monthly Charges")": the sum's defined name, bracketed after it
_DEFINED_AFTER = re.compile(
    r"^(?:[^.;()]|\([^()]{0,80}\)(?!\s*[\"“])){0,160}?\(\s*(?:the\s+)?[\"“]"
    r"(?P<name>(?:[A-Z][\w-]*\s+){0,3}(?:Fees?|Charges?|Price|Rent|Deposit|Sum|Payments?|Premium"
    r"|Royalt(?:y|ies)|Consideration))[\"”]\s*\)"
)
# a table's total row of a named sum: "Total Monthly Charges | | | 4,775.00"
_TOTAL_OF = re.compile(r"^(?:total|sum of)\s+", re.I)


def defined_name(ctx: RuleContext, amount: Entity) -> str | None:
    end = ctx.view_offset(amount.span.end)
    m = _DEFINED_AFTER.match(ctx.text[end : end + 240])
    return norm_label(m.group("name")) if m else None


# a bound of a band, not a statement of the sum
_BOUND_BEFORE = re.compile(
    r"\b(?:(?:not|no) (?:less|more|greater) than|at (?:least|most)|between|ranging from)\s*$"
    r"|不(?:低于|少于|高于|多于|超过)\s*(?:人民币)?\s*$",
    re.I,
)


def _prose_sums(ctx: RuleContext) -> dict[str, list[tuple[Entity, bool]]]:
    """Named amounts in the text, a 大写 sum and its figure counted once; each with whether its
    name is a defined term (the same defined name in a table is the same sum, even a monthly
    one)."""
    found: dict[str, list[tuple[Entity, bool]]] = {}
    for e in ctx.of_kind("amount"):
        twin = e.attrs.get("twin_start")
        if isinstance(twin, int) and twin < e.span.start:
            continue
        if not isinstance(e.value, int | float):
            continue
        if _BOUND_BEFORE.search(ctx.sentence_before(e)[-30:]):
            continue  # "not less than £138,000 and not more than £176,000": a band's bounds
        label = _prose_label(ctx, e)
        if label is not None:
            found.setdefault(label, []).append((e, False))
        # "plus VAT of £2,400 (the "Onboarding Fee")": the tax, not the named sum
        elif (
            ctx.language == "en"
            and (defined := defined_name(ctx, e)) is not None
            and TAX_ON.search(ctx.sentence_before(e)[-40:]) is None
        ):
            found.setdefault(defined, []).append((e, True))
    return found


def _table_sums(ctx: RuleContext) -> Iterator[tuple[str, Cell, bool, list[float]]]:
    """(label, money cell, qualified, the row's figures) for each table row whose first cell
    names a sum; qualified when the name is one period's or one stage's ("Monthly …")."""
    for table in pipe_tables(ctx.document.text):
        column = money_column(table[0])
        for row in table[1:]:
            head = row[0] if row else None
            if head is None or head.value is not None:
                continue
            qualified = bool(_QUALIFIED.search(head.text))
            label = _TOTAL_OF.sub("", norm_label(head.text)) if qualified else norm_label(head.text)
            if len(label) < 2 or _GENERIC.match(label):
                continue
            figures = [c for c in row[1:] if c.value is not None and not c.percent]
            cell = row[column] if column is not None and column < len(row) else None
            if cell is None or cell.value is None:
                cell = figures[0] if len(figures) == 1 else None
            if cell is not None and cell.value is not None and cell.value >= 100:
                yield label, cell, qualified, [c.value for c in figures if c.value is not None]


@check("named_sum_restated", TableParams, fields=("name", "first", "second"))
def named_sum_restated(ctx: RuleContext, params: TableParams) -> Iterator[Hit]:
    """The same named sum with one figure in the text and another in a table."""
    prose = _prose_sums(ctx)
    if not prose:
        return
    for label, cell, qualified, figures in _table_sums(ctx):
        for e, defined in prose.get(label, []):
            if qualified and not defined:
                continue
            stated = float(e.value) if isinstance(e.value, int | float) else 0.0
            if any(abs(stated - f) <= params.tolerance * max(stated, 1.0) for f in figures):
                continue  # "Total Fixed Fee | 100% | 96,000.00 | 19,200.00 | 115,200.00": the
                # row states the sum before VAT in one column and after it in another
            assert cell.value is not None
            off = abs(stated - cell.value) > params.tolerance * max(stated, 1.0)
            if off and not same_price(cell.value, stated):
                start = ctx.view_offset(cell.start)
                related = ctx.span(start, start + len(cell.text))
                yield Hit(e.span, {"name": label, "first": e.text, "second": cell.text},
                          (related,))  # fmt: skip
                return


# sums a contract names once: a second figure under the same name is the same sum restated
_ONE_OFF_ZH = re.compile(
    r"^(?:定金|履约保证金|押金|质量保证金|质保金|加盟费|转让价款|转让款|首付款|预付款|意向金|诚意金"
    r"|居间报酬|开办费|入门费)$"
)


@check("named_sum_stated_twice", TableParams, fields=("name", "first", "second"))
def named_sum_stated_twice(ctx: RuleContext, params: TableParams) -> Iterator[Hit]:
    """'定金人民币贰拾柒万元整（¥270,000.00）' in one clause and '定金：人民币贰拾捌万元整
    （¥280,000.00）' in another: a sum the contract names once, given two figures in its text. In
    English only a defined name counts ('(the "Initial Fee")'); in Chinese a name of a one-off
    sum (定金, 履约保证金, 加盟费 …)."""
    for label, found in _prose_sums(ctx).items():
        if ctx.language == "zh" and not _ONE_OFF_ZH.match(label):
            continue
        if ctx.language != "zh" and not any(defined for _, defined in found):
            continue
        first = found[0][0]
        stated = float(first.value) if isinstance(first.value, int | float) else 0.0
        for later, _ in found[1:]:
            value = float(later.value) if isinstance(later.value, int | float) else 0.0
            off = abs(stated - value) > params.tolerance * max(stated, 1.0)
            if off and not same_price(value, stated) and 0.5 < value / max(stated, 1.0) < 2:
                yield Hit(later.span, {"name": label, "first": first.text, "second": later.text},
                          (first.span,))  # fmt: skip
                break
