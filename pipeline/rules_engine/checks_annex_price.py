"""The price fixed only by an attachment that does not fix it: "the Storage Fees in accordance
with Part B of Schedule 2" where Schedule 2 has only a Part A, or "按附件二所列费率计算" where
附件二's rates are blanks to fill in. The contract then states no price, which is a missing main
term, not merely an undefined reference. A whole annex that is absent may be kept apart (a
public filing omits it), so that stays ``missing_annex``'s lesser finding.

Facts, not wording: the references are read with the annex patterns of ``missing_annex``, the
attachment's own text is cut from its heading to the next one, and a part is present when a
line of that text starts with it ("Part B", "第二部分"). An attached annex that states no figure at
all (附件一 lists goods and storage needs, and no rate) fixes no price either."""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import Field

from pipeline.entities.textview import PAGE_NUMBER
from pipeline.rules_engine.checks_annexes import (
    ANNEX_HEAD,
    OF_ANOTHER_DOCUMENT,
    AnnexRef,
    annex_key,
    annex_references,
    present_annexes,
)
from pipeline.rules_engine.checks_deferred_terms import FIGURE_HERE
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_PART_BEFORE = {
    "en": re.compile(r"\bPart\s+(?P<part>[A-Z]|\d{1,2}|[IVX]{1,4})\s+of\s+(?:the\s+)?$"),
    "zh": re.compile(r"$^"),  # Chinese names the part after the annex
}
_PART_AFTER = {
    "en": re.compile(r",?\s*Part\s+(?P<part>[A-Z]|\d{1,2}|[IVX]{1,4})\b"),
    "zh": re.compile(r"(?:的)?第(?P<part>[一二三四五六七八九十\d]{1,3})部分"),
}


# a rate or sum left to be filled in: "____%", "人民币________元", "US$ [●]"
_BLANK_FIGURE = re.compile(
    r"_{2,}\s*%|(?:人民币|¥|￥|RMB|USD|US\$|\$|£|€|GBP|EUR)\s*(?:_{3,}|\[\s*[●•]?\s*\])"
    r"|_{3,}\s*(?:元|万元|per\b|/)",
    re.I,
)


# a rate stated without a currency sign: "12.50 per tonne", "0.8/吨·天"
_UNIT_RATE = re.compile(
    r"\d[\d,.]*\s*(?:per|/)\s*(?:tonne|ton|unit|pallet|item|piece|day|hour|month|year|kg|m[23²³]?"
    r"|sq|square|user|seat|吨|件|托|天|日|月|年|小时|平方米|立方米)\b",
    re.I,
)


class AnnexPriceParams(Params):
    price_words: str = Field(description="words that name what is paid, in the sentence")
    absent: str = "which the contract does not contain"
    blank: str = "whose rates or sums are left blank"
    no_figure: str = "which states no rate or sum at all"
    other_items: str = "which prices other items but not this one"


# the annex is named as where the price is: "仓储费按附件一所列费率", "租金见附件二",
# "the Subscription Fee shall be the amount set out in Schedule 2"
_PRICE_BEFORE = {
    "zh": re.compile(
        r"(?:价款|价格|单价|总价|费用|收费|费率|报酬|佣金|租金|服务费|仓储费|保管费|运费|加工费|工程款|使用费)"
        r"[^，,；;。\n]{0,12}?(?:按|依|依照|按照|见|详见|以|适用|执行)(?:本合同)?$"
    ),
    "en": re.compile(
        r"\b(?:fees?|prices?|pricing|rent|charges?|rates?|royalt(?:y|ies)|commission|remuneration"
        r"|compensation|amount)\b[^.;:\n]{0,40}?\b(?:set out|specified|stated|listed|shown|"
        r"contained|provided|determined)\s+in\s+(?:Part\s+\w+\s+of\s+)?(?:the\s+)?$"
        r"|\b(?:fees?|prices?|rent|charges?|rates?|royalt(?:y|ies)|commission)\b[^.;:\n]{0,40}?"
        r"\b(?:in accordance with|as per|pursuant to|under)\s+(?:Part\s+\w+\s+of\s+)?(?:the\s+)?$",
        re.I,
    ),
}
_PRICE_AFTER_ZH = re.compile(
    r"(?:中)?(?:所列|规定|载明|约定|列明|确定|所附)?的?(?:费率|价格|单价|收费标准|计费标准|租金|费用|价款|报价"
    r"|提成比例|分成比例|提成|分成)"
)
# the fee a sentence sends to the annex by name ("仓储费按附件二所列收费标准"): a specific fee, not
# the price in general, so the annex's figures must be for it
_NAMED_FEE_ZH = re.compile(
    r"([\u4e00-\u9fff]{2,4})费(?:用)?(?:按|依照|按照|依|见|详见|适用)(?:本合同)?$"
)
_FEE_AFTER_ZH = re.compile(
    r"(?:中)?(?:所列|规定|载明|约定|列明)?的?([\u4e00-\u9fff]{1,3}?)(?:费率|提成比例|分成比例|比例|收费标准|费)"
)
_GENERIC_FEE = re.compile(r"^(?:服务|使用|相关|各项|全部|上述|前述|该|本|其他|合同|收|管理|费)$")
_FREE = re.compile(r"\bno charge\b|\bfree of charge\b|\broyalty[- ]free\b|\bin charge of\b", re.I)


def _price_names_annex(text: str, m: AnnexRef, language: str) -> bool:
    """The reference is where the price is said to be, not an annex met in a sentence that
    mentions a price for another reason ("结算仓储费，并按附件二的储存条件保管", "royalty-free")."""
    before = text[max(0, m.start() - 80) : m.start()]
    if _FREE.search(before):
        return False
    if _PRICE_BEFORE[language].search(before):
        return True
    return language == "zh" and _PRICE_AFTER_ZH.match(text, m.end()) is not None


# a figure in a rate table without its currency ("per pallet | 9.00", "| 186,000" under
# "Amount (GBP)"), a currency named anywhere beside a number, or a redaction ("[***]")
_MEASURE_AFTER = (
    r"(?!\s*(?:mm|cm|km|m|metres?|meters?|kg|g|tonnes?|tons?|litres?|liters?|°|degrees?|sq|square"
    r"|pcs|pieces|units|rpm|kw|kva|kv|v|hz|mpa|bar|%|毫米|厘米|米|公斤|千克|吨|升|度|平方米|立方米)\b)"
)
_TABLE_FIGURE = re.compile(
    r"(?<![\d.])\d{1,3}(?:,\d{3})+(?![\d])"
    + _MEASURE_AFTER
    + r"|(?<![\d.])\d+\.\d{2}(?![\d.])"
    + _MEASURE_AFTER
    + r"|\*{3}",
    re.I,
)
# a currency named in a column head ("单价（元）", "Amount (GBP)") prices the table's bare numbers,
# if it has any besides its dates ("（填写金额）" under "销售额（元）" is a form to fill in)
_CURRENCY_WORD = re.compile(
    r"\b(?:GBP|USD|EUR|RMB|CNY|HKD|dollars?|pounds?|euros?)\b|[¥￥$£€]|元", re.I
)
_DATE = re.compile(
    r"\d{4}\s*年\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?|\d{1,2}\s+[A-Z][a-z]+\s+\d{4}"
    r"|[A-Z][a-z]+\s+\d{1,2},?\s+\d{4}|\d{4}-\d{2}-\d{2}"
)
# the sentence only lists the annexes as parts of the contract
_LISTING = re.compile(
    r"组成部分|同等(?:法律)?效力|\bform(?:s|ing)? (?:an? )?(?:integral )?part\b|\bincorporated\b"
    r"|\battached hereto\b",
    re.I,
)
_MIN_BODY_LINES = 2


def _states_a_figure(annex_text: str) -> bool:
    if any(p.search(annex_text) for p in (FIGURE_HERE, _UNIT_RATE, _TABLE_FIGURE)):
        return True
    return bool(_CURRENCY_WORD.search(annex_text)) and bool(
        re.search(r"\d", _DATE.sub("", annex_text))
    )


def _fee_named(text: str, m: AnnexRef, language: str) -> str | None:
    """The specific fee a Chinese sentence sends to the annex ("仓储费按附件二…" or "按附件二所列
    提成比例" give 仓储, 提成)."""
    if language != "zh":
        return None
    named = _NAMED_FEE_ZH.search(text[max(0, m.start() - 30) : m.start()])
    named = named or _FEE_AFTER_ZH.match(text, m.end())
    if named is None or _GENERIC_FEE.match(named.group(1)) or "的" in named.group(1)[-2:]:
        return None
    if "等" in named.group(1):
        return None  # "装卸费、分拣贴标费等操作费用": a class of the fees listed before it
    return named.group(1)[-2:]


def _figures_for(annex_text: str, fee: str) -> bool:
    """A line of the annex names the fee, and it or a line below states a figure ("仓储费 |
    吨·天 | 0.80", or a column head "提成比例" over rows of rates); a closing note that only
    names the fee ("以上费用随当月仓储费一并结算") prices nothing."""
    lines = annex_text.splitlines()[1:]  # below the annex's own title ("仓储服务收费标准")
    named = [i for i, line in enumerate(lines) if fee in line]
    if named and any(_states_a_figure(line) for line in lines[named[0] :]):
        return True
    # only a fee schedule of other fees ("入库装卸费 | 吨 | 18.00") shows this one was left out;
    # a budget or a list of goods with figures may price it another way
    return not any("费" in line and _states_a_figure(line) for line in lines)


def _says_something(annex_text: str) -> bool:
    """Below its heading the annex has lines of its own (a filing's bare "Exhibit A" heading
    with the schedule left out says nothing either way)."""
    lines = [ln for ln in annex_text.splitlines()[1:] if re.search(r"\w{3}", ln)]
    return len(lines) >= _MIN_BODY_LINES


def annex_texts(ctx: RuleContext, language: str) -> dict[str, str]:
    """Each attached annex's text, from its heading line to the next annex heading. A line that
    only starts with the annex's name ("附件一、附件二和附件三为本合同…", cut there by a PDF's
    wrap) adds its text too: the heading is among them."""
    heads = sorted(ANNEX_HEAD[language].finditer(ctx.text), key=lambda m: m.start())
    texts: dict[str, str] = {}
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(ctx.text)
        key = annex_key(m)
        # a page's number ("第6页 共6页") is the page's, not a figure the annex states
        lines = ctx.text[m.start() : end].split("\n")
        own = "\n".join(line for line in lines if not PAGE_NUMBER.match(line))
        texts[key] = texts.get(key, "") + own
    return texts


def _has_part(annex_text: str, part: str, language: str) -> bool:
    """The annex names the part other than as a reference ("Part C - Service Credits", "Part C
    Service Credits", "第二部分 收费标准"): however a PDF's lines were joined or spaced, an
    annex rarely names its own parts except to head them."""
    if language == "zh":
        return re.search(rf"第?{re.escape(part)}部分", annex_text) is not None
    named = rf"\bPART\s+{re.escape(part)}\b(?!\s+(?:of|to|in|under)\b)"
    return re.search(named, annex_text, re.I) is not None


# a specific fee an English sentence sends to the annex: "the Licence Fee and the Support Fee in
# the amounts stated in", "at the monthly rate for that Crane set out in"
_NAMED_FEE_EN = re.compile(
    r"\b(?:(?!(?:The|A|An|Any|All|Such|Each|This|That|Total|Other|Its|Their)\b)"
    r"(?P<qual>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?P<head>Fees?|Rates?|Rent|Prices?|Charges?"
    r"|Royalt(?:y|ies)|Commission)\b"
    r"|(?P<lqual>monthly|annual|yearly|weekly|daily|hourly|day|unit|hire)\s+(?P<lhead>rates?|rent"
    r"|fees?|charges?|prices?)\b)"
)


def _fees_named_en(text: str, at: int) -> list[tuple[str, str]]:
    """(qualifier, head) of the specific fees named in the 120 characters before the reference,
    within its sentence."""
    before = text[max(0, at - 120) : at]
    before = re.split(r"[.;:\n]\s", before)[-1]
    fees = []
    for m in _NAMED_FEE_EN.finditer(before):
        qual = m["qual"] or m["lqual"]
        head = m["head"] or m["lhead"]
        fees.append((qual.lower(), head.lower().rstrip("s")))
    return fees


def _money_line(line: str) -> bool:
    return bool(FIGURE_HERE.search(line) or _UNIT_RATE.search(line) or _TABLE_FIGURE.search(line))


def _priced_in_annex(annex_text: str, fee: tuple[str, str]) -> bool:
    """A line of the annex names the fee's qualifier ("Support") or the whole fee and states a
    figure, or heads a table column over figures ("Monthly rate (RMB)")."""
    qual, head = fee
    lines = annex_text.splitlines()
    for i, line in enumerate(lines):
        low = line.lower()
        if qual not in low and f"{qual} {head}" not in low:
            continue
        if _money_line(line):
            return True
        # a column head over the rows' figures: "Role | Hourly Rate (US$)" / "… | 185"
        below = lines[i + 1 : i + 8]
        priced = _CURRENCY_WORD.search(line) and any(re.search(r"\|\s*\d", x) for x in below)
        if "|" in line and (priced or any(_money_line(x) for x in below)):
            return True
    return False


def _priced_in_body(ctx: RuleContext, fee: tuple[str, str]) -> bool:
    """The body states the fee with a figure ("the monthly rate for Crane 1 is RMB 85,000")."""
    phrase = re.compile(rf"\b{re.escape(fee[0])}\s+{re.escape(fee[1])}", re.I)
    return any(phrase.search(s.text) and FIGURE_HERE.search(s.text) for s in ctx.sentences)


@check("price_in_missing_annex", AnnexPriceParams, fields=("annex", "sentence", "state"))
def price_in_missing_annex(ctx: RuleContext, params: AnnexPriceParams) -> Iterator[Hit]:
    """A sentence about the price that refers to an annex, or a part of one, that is missing
    or whose rates are blanks to fill in."""
    language = "zh" if ctx.language == "zh" else "en"
    present = present_annexes(ctx, language)
    if not present:
        return  # annexes kept as separate documents: nothing to compare
    texts = annex_texts(ctx, language)
    price = re.compile(params.price_words, re.I)
    for m in annex_references(ctx, language):
        line_start = ctx.text.rfind("\n", 0, m.start()) + 1
        if not ctx.text[line_start : m.start()].strip():
            continue  # the annex's own heading
        if OF_ANOTHER_DOCUMENT.match(ctx.text, m.end()):
            continue
        before = _PART_BEFORE[language].search(ctx.text[max(0, m.start() - 20) : m.start()])
        after = _PART_AFTER[language].match(ctx.text, m.end())
        named = before or after
        part = named.group("part") if named else None
        key = m.key
        if key not in present:
            continue  # a whole annex may be kept apart (a filing omits it): missing_annex's matter
        annex_text = texts.get(key, "")
        attached = part is None or _has_part(annex_text, part, language)
        blank = _BLANK_FIGURE.search(annex_text)
        figures = _states_a_figure(annex_text)
        fee = _fee_named(ctx.text, m, language)
        if language == "en":
            named_fees = _fees_named_en(ctx.text, m.start())
            other_items = (
                figures
                and bool(named_fees)
                and not any(_priced_in_annex(annex_text, f) for f in named_fees)
                and not any(_priced_in_body(ctx, f) for f in named_fees)
            )
        else:
            other_items = figures and fee is not None and not _figures_for(annex_text, fee)
        if other_items:
            figures = False  # the annex prices other items (装卸费, 倒垛费), not this fee
        if attached and not blank and figures:
            continue
        if attached and not blank and not _price_names_annex(ctx.text, m, language):
            continue  # "价款包括附件一所列设备的运费": the annex lists what is priced
        held = ctx.sentence_at(m.start())
        sentence = held.text if held else ""
        if not price.search(sentence):
            continue
        if (
            attached
            and not blank
            and (
                _states_a_figure(sentence)
                or _LISTING.search(sentence)
                or not _says_something(annex_text)
            )
        ):
            continue  # the clause states the price itself, or only lists the annexes
        start = before.start() + max(0, m.start() - 20) if before else m.start()
        end = after.end() if after else m.end()
        yield Hit(
            ctx.span(start, end),
            {
                "annex": ctx.text[start:end],
                "sentence": " ".join(sentence.split())[:160],
                "state": (
                    params.absent
                    if not attached
                    else params.blank
                    if blank
                    else params.other_items
                    if other_items
                    else params.no_figure
                ),
            },
        )
        return


@check("price_left_blank", AnnexPriceParams, fields=("sentence",))
def price_left_blank(ctx: RuleContext, params: AnnexPriceParams) -> Iterator[Hit]:
    """An operative clause that states the price as a blank to fill in ("服务费为人民币______元",
    "a fee of US$[●] per month"). Forms attached after the first annex heading (a receipt, an
    order form) are blanks by nature and are not read."""
    language = "zh" if ctx.language == "zh" else "en"
    first_annex = next((m.start() for m in ANNEX_HEAD[language].finditer(ctx.text)), len(ctx.text))
    price = re.compile(params.price_words, re.I)
    for m in _BLANK_FIGURE.finditer(ctx.text, 0, first_annex):
        held = ctx.sentence_at(m.start())
        sentence = held.text if held else ""
        if price.search(sentence):
            yield Hit(ctx.span(m.start(), m.end()), {"sentence": " ".join(sentence.split())[:160]})
            return
