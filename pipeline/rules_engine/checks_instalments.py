"""A payment schedule whose instalments do not add up to the price it says it pays: "The
Consideration shall be paid in the following instalments: (a) £2,100,000 …; (b) £750,000 …;
(c) £500,000 …" against a Consideration of £3,450,000; "合同总价款分三期支付：…". Measured on
typed facts (the contract total, money amounts and their topics), whatever the wording.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from kb.numerals import parse_cn_integer
from pipeline.entities.clauses import innermost
from pipeline.entities.number_words import parse_en_words
from pipeline.model import Entity
from pipeline.rules_engine.checks_consistency import ToleranceParams, money
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.contract_total import contract_total
from pipeline.rules_engine.registry import Hit, check

# a sentence that introduces the list of instalments ("in the following instalments:",
# "分三期支付："), not one that names a single instalment ("the completion instalment of …")
_SCHEDULE = re.compile(
    r"in the following (?:instal?lments|amounts|payments|stages|tranches)|as follows|如下\s*[：:]"
    r"|\bin (?P<en_n>two|three|four|five|six|\d) (?:instal?lments|tranches|stages)\b"
    r"|分(?P<zh_n>[一二两三四五六七八九十\d]+)(?:期|次|笔)|按(?:以下|下列|如下)[^，。；]{0,6}(?:支付|付款)",
    re.I,
)


def _stated_count(m: re.Match[str]) -> int | None:
    """How many instalments the sentence announces ("in three instalments", "分四期")."""
    word = m.group("en_n") or m.group("zh_n")
    if not word:
        return None
    if word.isdigit():
        return int(word)
    try:
        if m.group("zh_n"):
            return parse_cn_integer(word.replace("两", "二"))
        return parse_en_words(word.lower())
    except ValueError:
        return None


# what a schedule pays: the price, or one fee among others
_THE_PRICE = re.compile(
    r"总价|价款|合同金额|合同价|总额|工程款|货款|转让款|price|consideration|contract sum", re.I
)
_OTHER_FEE = re.compile(r"[\u4e00-\u9fff]{1,6}费|\b\w+ (?:fee|charge)s?\b", re.I)
_PAYS = re.compile(r"支付|付款|付清|\bpa(?:y|id|yable)\b|payment", re.I)
# a schedule that leaves "the balance" unstated adds up to less than the price by design
_BALANCE = re.compile(r"\bbalance\b|remainder|remaining|剩余|余款|其余|尾款|余额", re.I)
_NOT_PART = re.compile(
    r"违约金|定金|利息|滞纳金|保证金|质保金|penalt|liquidated|interest|deposit|retention", re.I
)


def _parts(ctx: RuleContext, start: int, end: int, total: Entity) -> tuple[list[Entity], int]:
    """Figure amounts in ``[start, end)`` (original offsets) in the total's currency, one per
    words/figures pair, and how many of them are named as a deposit, retention or penalty
    (those may or may not be part of the price: a 定金 credited as the first instalment is)."""
    out = []
    named_otherwise = 0
    for e in ctx.of_kind("amount"):
        if not start <= e.span.start < end or not isinstance(e.value, float):
            continue
        if e.attrs.get("form") != "figure" and e.attrs.get("twin_start") is not None:
            continue
        if e.attrs.get("currency") != total.attrs.get("currency"):
            continue
        if e.span.start == total.span.start or e.attrs.get("topic") in ("tax", "net_price"):
            continue
        named_otherwise += bool(_NOT_PART.search(ctx.sentence_before(e)))
        out.append(e)
    return out, named_otherwise


_DEPOSIT = re.compile(r"定金|预付款|订金|\bdeposit\b|\badvance payment\b", re.I)


def _credited_elsewhere(ctx: RuleContext, start: int, end: int, total: Entity) -> float:
    """The deposits or advances stated outside the schedule, each figure once."""
    values = {
        float(e.value)
        for e in ctx.of_kind("amount")
        if isinstance(e.value, float)
        and not start <= e.span.start < end
        and e.attrs.get("currency") == total.attrs.get("currency")
        and (e.attrs.get("form") == "figure" or e.attrs.get("twin_start") is None)
        and e.span.start != total.span.start
        and _a_deposit(ctx, e)
    }
    return sum(values)


def _a_deposit(ctx: RuleContext, e: Entity) -> bool:
    """Named a deposit just before, or stated in a clause headed as one ("第六条 定金。…")."""
    if _DEPOSIT.search(ctx.sentence_before(e)[-40:]):
        return True
    clause = innermost(ctx.clauses, e.span.start) if ctx.clauses else None
    return clause is not None and bool(_DEPOSIT.search(ctx.clause_text(clause)[:16]))


def _schedule_region(ctx: RuleContext, sentence: Sentence) -> tuple[int, int]:
    """From the schedule's sentence to the end of its clause, sub-clauses included (the
    instalments are often items (a), (b), (c) below it)."""
    start = ctx.view.origin[sentence.start]
    clause = innermost(ctx.clauses, start) if ctx.clauses else None
    end = clause.span.end if clause else ctx.view.origin[min(sentence.end, len(ctx.text)) - 1] + 1
    return start, end


def _fee_amount(ctx: RuleContext, fee: str, start: int, end: int) -> Entity | None:
    """The amount a named fee is stated at outside its schedule ("一次性加盟费人民币壹拾捌万元整
    （¥180,000.00）", "a License Fee of US$90,000"): a figure that follows the fee's name with no
    punctuation between them (a list "设计费、制作费…合计…" states another sum)."""
    stated = []
    for e in ctx.of_kind("amount"):
        if not isinstance(e.value, float) or start <= e.span.start < end:
            continue
        if e.attrs.get("form") != "figure" and e.attrs.get("twin_start") is not None:
            continue
        at = ctx.view_offset(e.span.start)
        window = ctx.text[max(0, at - len(fee) - 12) : at]
        named = window.casefold().rfind(fee.casefold())
        if named >= 0 and not re.search(r"[，。；、,;:：]", window[named + len(fee) :]):
            stated.append(e)
    return max(stated, key=lambda e: float(e.value or 0), default=None)


@check("instalments_vs_total", ToleranceParams, fields=("parts", "parts_sum", "total"))
def instalments_vs_total(ctx: RuleContext, params: ToleranceParams) -> Iterator[Hit]:
    contract = contract_total(ctx)
    for sentence in ctx.sentences:
        announced = _SCHEDULE.search(sentence.text)
        if announced is None or not _PAYS.search(sentence.text):
            continue
        subject = sentence.text[: announced.start()]
        head = re.split(r"[：:]", sentence.text, maxsplit=1)[0]
        if _NOT_PART.search(head):
            continue  # "甲方分两笔向乙方支付定金：…": a deposit's tranches, not the price's
        start, end = _schedule_region(ctx, sentence)
        fee = _OTHER_FEE.search(subject)
        # "创意设计费分两期支付": one fee's instalments add up to that fee, not to the price
        total = (
            _fee_amount(ctx, fee.group().strip(), start, end)
            if fee and not _THE_PRICE.search(subject)
            else contract
        )
        if total is None or not isinstance(total.value, float) or total.value <= 0:
            continue
        price = total.value
        parts, named_otherwise = _parts(ctx, start, end, total)
        count = _stated_count(announced)
        if count is not None and count != len(parts):
            continue  # the list announced is not the list found: some parts lie elsewhere
        plain = [p for p in parts if not _NOT_PART.search(ctx.sentence_before(p))]
        values = [float(p.value) for p in parts if isinstance(p.value, float)]
        if len(values) < 2 or max(values) >= price - params.tolerance * price:
            continue
        sums = {sum(values), sum(float(p.value) for p in plain if isinstance(p.value, float))}
        region = ctx.text[ctx.view_offset(start) : ctx.view_offset(end)]  # wraps removed
        if _DEPOSIT.search(region):
            # "（一）甲方依第六条支付的两笔定金…抵作相应价款", "除第十三条约定的定金外": the
            # deposits stated elsewhere may be instalments too
            sums.add(sum(values) + _credited_elsewhere(ctx, start, end, total))
        if any(abs(s - price) <= params.tolerance * price for s in sums):
            continue
        summed = sum(values)
        if named_otherwise and summed > price:
            continue  # a penalty or deposit listed beside the instalments may be on top of them
        if summed < price and _BALANCE.search(region):
            continue
        yield Hit(
            parts[0].span,
            {
                "parts": " + ".join(p.text.replace("\n", "") for p in parts),
                "parts_sum": money(summed, total.attrs.get("currency")),
                "total": total.text.replace("\n", ""),
            },
            (total.span, *(p.span for p in parts[1:])),
        )
        return
