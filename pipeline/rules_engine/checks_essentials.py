"""Essential terms by contract type (民法典 470 and the chapter for each type).

A rule names the contract type by its title and lists the terms that type needs. A term is
*missing* when nothing in the contract mentions it, and *undetermined* when the contract talks
about it (居间报酬, 租金) but never fixes an amount or a way to compute it ("另行协商确定").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import Field

from pipeline.rules_engine.checks_patterns import contract_title, regex, title_span
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.pipe_tables import pipe_tables
from pipeline.rules_engine.registry import Hit, Params, check

# "按实际工程量结算" is a way to compute the sum; "按月结算" / "按批次支付" says only when
# "按原标准支付" points back to the term itself and fixes nothing
BY_METHOD = (
    r"按(?![月季年周日批次期]+度?(?:结算|支付|计收|收取))(?!原|上述|前述|前款|该)"
    r"[^。；]{0,40}(?:计算|计收|收取|结算|标准|比例)"
)
# A figure or a computation method: what makes a price or fee determinate.
_FIGURE = re.compile(
    r"\d[\d,，.]*\s*(?:万?元|%|％)|[¥￥$£€]\s*\d|[壹贰叁肆伍陆柒捌玖拾佰仟萬万亿零]{2,}(?:元|圆)"
    r"|\b(?:RMB|CNY|USD|EUR|GBP|HKD)\s?\d"
    # an English price fixed elsewhere or by a method: "the fees stated in the Order Form"
    r"|\b(?:stated|set out|specified|set forth|listed|shown|agreed) in (?:the |an |each |any |a )?"
    r"(?:Order Form|Order|Exhibit|Schedule|Annex|Appendix|Statement of Work|SOW|Price List|Quot"
    r"|Purchase Order|Rate Card)|\bby reference to\b|\blist prices?\b|\brate card\b"
    r"|百分之|千分之|万分之|"
    + BY_METHOD
    + r"|(?:报价单|价目表|价格表|报价|清单|附件)[^。；]{0,12}(?:为准|执行|确定|计算|所列|载明)"
    r"|详见[^。；]{0,6}(?:附件|清单|报价)"
)
_SHARE_OF = re.compile(r"的?\s*(?:\d|百分之|千分之|万分之)")
_TABLE_ROW_NEXT = re.compile(r"\n(?=[^\n]*\|)")
_SHARE_BEFORE = re.compile(
    r"(?:%|\bper\s?cent|\bpercent)\s+of\s+(?:the\s+|all\s+|any\s+|such\s+)?(?:\w+\s+){0,2}$", re.I
)
# the term as an operand ("multiplied by the Group Rate, less twenty percent (20%)"): the
# figures around it belong to the formula, not to the term
_OPERAND_BEFORE = re.compile(r"\b(?:multiplied by|times|divided by)\s+(?:the\s+)?$", re.I)
# "按原收费标准的150%加收仓储费": a markup on a standard, which itself must be fixed elsewhere
_OF_A_STANDARD = re.compile(r"标准的?\s*(?:\d|百分之)")
_OTHER_SUM = re.compile(r"违约金|滞纳金|利息|罚息|赔偿|押金|保证金|定金|必要费用|为限")
# A gratuitous mandate or service settles the fee: nothing is owed.
_GRATUITOUS = re.compile(
    r"(?:为|系|属于?|是)无偿|无偿(?:提供|代理|处理|为)|免费(?:提供|代理|处理|为)"
    r"|不(?:收取|支付|计取)(?:任何)?(?:报酬|费用|代理费|佣金|服务费)"
)
# a tax rate on the invoice ("增值税专用发票（税率9%）") is not the price
_TAX_RATE = re.compile(
    r"(?:税率|增值税率?)\s*[为：:]?\s*\d+(?:\.\d+)?\s*[%％]|\d+(?:\.\d+)?\s*[%％]\s*的?(?:增值税|税率)"
)
_PAUSE = re.compile(r"[。；;，]|,\s")
_HEADING_MAX = 16
TITLE_CHARS = 90


class EssentialTerm(Params):
    what: str = Field(description="the term, for the message (居间报酬)")
    keyword: str = Field(description="regex: where the contract mentions the term")
    needs_figure: bool = Field(
        default=False, description="mentioning it is not enough: an amount or method must be set"
    )
    roles: list[str] = Field(
        default_factory=list, description="amount topics whose figure settles the term"
    )
    required: bool = Field(
        default=True, description="absent altogether is a defect (False: only when undetermined)"
    )
    settled_by: str | None = Field(
        default=None,
        description="regex: a fact anywhere in the contract that settles the term (a quantity: "
        "'5台', 'Quantity | 120'); when none matches, the term is undetermined if mentioned",
    )


class EssentialParams(Params):
    kind: str = Field(description="the contract type, for the message (居间合同)")
    title: list[str] = Field(min_length=1, description="the title must match one")
    title_none: list[str] = Field(default_factory=list, description="the title must match none")
    terms: list[EssentialTerm] = Field(min_length=1)


# an English sentence says who pays what a clause away from the word ("Development Fees. As
# payment for the services … DSS shall pay the sum of US $23,000 per month"): the window is the
# sentence, not the phrase
_EN_PAUSE = re.compile(r"(?<!\d)\.(?!\d)\s|;")
_REACH = {"zh": (30, 12), "en": (200, 60)}


def fixed_near(
    text: str, keyword: str, language: str = "zh", figure: re.Pattern[str] = _FIGURE
) -> bool:
    """The keyword with a figure of its own close after it (佣金为成交价的2%) or just before it
    (人民币5,000元的服务费); not a share *of* it (退还佣金的50%) nor another sum in the
    window (按应付租金的万分之五支付违约金)."""
    pause = _PAUSE if language == "zh" else _EN_PAUSE
    ahead, back = _REACH["zh" if language == "zh" else "en"]
    for m in regex(keyword).finditer(text):
        # a pause ends the window; an ASCII comma only when a space follows (1,000 is a figure)
        after = pause.split(text[m.end() : m.end() + ahead], maxsplit=1)[0]
        after = _TABLE_ROW_NEXT.split(after, maxsplit=1)[0]  # a table header's figures are rows
        # a figure on an earlier line (the last row of the table above a heading) is not its own
        before = pause.split(text[max(0, m.start() - back) : m.start()])[-1].split("\n")[-1]
        if _SHARE_OF.match(after) or _OTHER_SUM.search(after) or _OPERAND_BEFORE.search(before):
            continue
        if _SHARE_BEFORE.search(before) or _OF_A_STANDARD.search(before):
            before = ""  # "12% of the Charges for that month" is a share of it, not its figure
        if figure.search(after) or figure.search(before):
            return True
    return False


def _determined(ctx: RuleContext, term: EssentialTerm) -> bool:
    if any(e.attrs.get("role") in term.roles for e in ctx.of_kind("amount")):
        return True
    if _GRATUITOUS.search(ctx.text) or fixed_near(ctx.text, term.keyword, ctx.language):
        return True
    if _priced_column(ctx, term.keyword):
        return True
    # a clause headed by the term (第四条 租金) that states a figure anywhere in it; an
    # unheaded clause's "heading" is its first sentence, which is not a heading
    keyword = regex(term.keyword)
    return any(
        len(c.heading) <= _HEADING_MAX
        and keyword.search(c.heading)
        and any(
            _FIGURE.search(_TAX_RATE.sub("", part)) and not _OTHER_SUM.search(part)
            for part in re.split(r"[。；;\n]", ctx.clause_text(c))
        )
        for c in ctx.clauses
    )


def _priced_column(ctx: RuleContext, keyword: str) -> bool:
    """A table column headed by the term ("List Price", "单价") with a figure in its rows: a
    price list fixes the term (a row left blank or "TBD" holds no figure)."""

    def find() -> bool:
        named = regex(keyword)
        return any(
            named.search(cell.text)
            and any(j < len(row) and row[j].value is not None for row in table[1:])
            for table in pipe_tables(ctx.document.text)
            for j, cell in enumerate(table[0])
        )

    return ctx.memo(f"priced_column:{keyword}", find)


_SHORTFALL = {
    "zh": ("未约定", "只提及而未确定数额或确定方法"),
    "en": (" (absent)", " (mentioned, but no figure or way to fix it is set)"),
}


def _state(ctx: RuleContext, term: EssentialTerm) -> str | None:
    """None when the term is settled, else how it falls short."""
    absent, undetermined = _SHORTFALL["zh" if ctx.language == "zh" else "en"]
    mentioned = regex(term.keyword).search(ctx.text) is not None
    if term.settled_by is not None:
        if regex(term.settled_by).search(ctx.text):
            return None
        return undetermined if mentioned else absent if term.required else None
    if not mentioned:
        return absent if term.required else None
    if term.needs_figure and not _determined(ctx, term):
        return undetermined
    return None


@check("essential_terms", EssentialParams, fields=("title", "kind", "gaps"))
def essential_terms(ctx: RuleContext, params: EssentialParams) -> Iterator[Hit]:
    """Terms the contract's type needs are absent, or mentioned but never fixed: one finding
    for the contract, listing each gap."""
    # a flattened filing's first line runs into the preamble: only its start is the title
    title = contract_title(ctx).strip()[:TITLE_CHARS]
    if not any(regex(p).search(title) for p in params.title):
        return
    if any(regex(p).search(title) for p in params.title_none):
        return
    gaps = [
        f"{term.what}{state}" for term in params.terms if (state := _state(ctx, term)) is not None
    ]
    if gaps:
        joined = ("；" if ctx.language == "zh" else "; ").join(gaps)
        yield Hit(title_span(ctx), {"title": title, "kind": params.kind, "gaps": joined})
