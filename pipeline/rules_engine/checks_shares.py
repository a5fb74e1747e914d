"""A deposit or penalty as a share of the contract price (民法典 586: 定金 at most 20% of the
price), measured on the typed facts: the amount's topic, the rate's base, the contract total.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import Field

from pipeline.model import Entity
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.contract_total import contract_total
from pipeline.rules_engine.defined_sums import defined_sum, named_base
from pipeline.rules_engine.registry import Hit, Params, check

_PER_PERIOD = re.compile(
    r"每(?:逾期|延迟|迟延|超过)?[一1]?[日天月]|按日|按月|per day|per week|每周"
)


_CHAPTER = re.compile(r"^\s*(?:第[一二三四五六七八九十百\d]+[章编节部分]|Chapter|Part)\b", re.I)


class RatioParams(Params):
    topic: str = Field(description="deposit or penalty")
    max_ratio: float = Field(gt=0, le=1)
    sentence_words: str = Field(description="regex the sentence must contain, e.g. 定金")
    max_gap: int = Field(
        default=12, ge=0, description="most characters between the keyword and the amount"
    )
    in_substance: list[str] = Field(
        default_factory=list,
        description="other amount topics that count when their clause says they are this "
        "topic in substance (a 保证金 'paid as 定金', with double return)",
    )
    substance_words: str = Field(
        default=r"(?!x)x", description="regex the clause must contain for in_substance"
    )


def _close_to_keyword(ctx: RuleContext, e: Entity, max_gap: int) -> bool:
    """定金人民币叁拾陆万元 is the deposit; 扣除已付定金后的剩余部分即人民币… is not."""
    twin = ctx.twin_of(e)
    gaps = [e.attrs.get("topic_gap"), *([twin.attrs.get("topic_gap")] if twin else [])]
    return any(isinstance(g, int) and 0 <= g <= max_gap for g in gaps)


def _in_substance(ctx: RuleContext, e: Entity, params: RatioParams) -> bool:
    """A sum named otherwise (security deposit, 保证金) whose clause makes it this topic."""
    if e.kind != "amount" or e.attrs.get("topic") not in params.in_substance:
        return False
    # the sanction is often a sibling sub-clause (7.1 the sum, 7.2 "paid as earnest money"):
    # read the parent clause, but not a whole chapter (第五章 定金与付款 also holds other sums)
    by_id = {c.id: c for c in ctx.clauses}
    clause = by_id.get(e.clause or "")
    parent = by_id.get(clause.parent or "") if clause else None
    if parent is not None and not _CHAPTER.search(ctx.clause_text(parent)[:20]):
        clause = parent
    text = ctx.clause_text(clause) if clause else ctx.entity_sentence(e)
    return any(
        not _DENIED.search(text[max(0, m.start() - 30) : m.start()])
        for m in re.finditer(params.substance_words, text)
    )


# "不具有定金性质", "非定金", "shall not be treated as earnest money": the clause denies it
_DENIED = re.compile(
    r"(?:不|非|并非|无|未)[^，。；,;]{0,2}$|\b(?:not|never|neither|nor|no)\b[^,.;]{0,25}$", re.I
)


_NAMED_AFTER = {
    "deposit": re.compile(
        r"^\s*(?:的)?(?:违约金|赔偿金|滞纳金|罚金|利息|liquidated damages|penalty|interest)", re.I
    ),
    "penalty": re.compile(r"^\s*(?:的)?(?:定金|earnest money|deposit)", re.I),
}


def _names_other_sum(ctx: RuleContext, e: Entity, topic: str) -> bool:
    after = _NAMED_AFTER.get(topic)
    end = ctx.view_offset(e.span.end)
    return after is not None and bool(after.match(ctx.text[end : end + 12]))


# "赔偿责任总额（含违约金）不超过该订单含税总价的100%": a ceiling on all liability that counts
# the penalty in, not a penalty of that share
_OVERALL_CAP = re.compile(
    r"责任(?:总额|上限|限额)?\s*[（(]?\s*(?:含|包括|包含)[^）)，。；]{0,6}违约金[^，。；]{0,20}"
    r"(?:不超过|不得超过|以[^，。；]{0,12}为限)"
    r"|(?:total|aggregate) liability[^.;]{0,60}(?:including|inclusive of)\s+"
    r"(?:any\s+)?(?:liquidated damages|penalt)[^.;]{0,40}(?:shall not|will not|not) exceed",
    re.I,
)


def ratio_hits(ctx: RuleContext, params: RatioParams) -> Iterator[tuple[Entity, float, str]]:
    words = re.compile(params.sentence_words)
    total = contract_total(ctx)
    for e in ctx.entities:
        sentence = ctx.entity_sentence(e)
        if _PER_PERIOD.search(sentence):
            continue
        if e.kind == "rate" and params.topic == "penalty" and _OVERALL_CAP.search(sentence):
            continue
        if _in_substance(ctx, e, params):
            e = e.model_copy(update={"attrs": {**e.attrs, "topic": params.topic}})
        elif not words.search(sentence):
            continue
        if _names_other_sum(ctx, e, params.topic):
            continue  # "预计总价30%的违约金": the share is the penalty's, not the deposit's
        if e.kind == "rate" and e.attrs.get("of_total") and isinstance(e.value, float):
            named = _rate_names_topic(ctx, e, words) or _sum_is_topic(ctx, e, words)
            if named and not _summed_with_others(ctx, e, words):
                yield e, e.value, "合同总价"
        elif e.kind == "rate" and isinstance(e.value, float) and (term := named_base(ctx, e)):
            # "50% of the Initial Franchise Fee": that share of the sum the contract defines
            base = defined_sum(ctx, term)
            if base is None or not (
                _rate_names_topic(ctx, e, words) or _sum_is_topic(ctx, e, words)
            ):
                continue
            whole = total if total is not None and isinstance(total.value, float) else base
            if isinstance(base.value, float) and isinstance(whole.value, float) and whole.value > 0:
                shown = f"{base.text}, the {term}" if whole is base else whole.text
                yield e, e.value * base.value / whole.value, shown
        elif (
            e.kind == "amount"
            and e.attrs.get("topic") == params.topic
            # the figure of a words-and-figure pair, or an amount stated only in words
            and (e.attrs.get("form") == "figure" or e.attrs.get("twin_start") is None)
            and _close_to_keyword(ctx, e, params.max_gap)
            and total is not None
            and isinstance(total.value, float)
            and isinstance(e.value, float)
            and total.value > 0
        ):
            yield e, e.value / total.value, total.text


# a colon names what follows ("定金：合同总价的25%"), so it does not break the phrase
_PHRASE_BREAK = re.compile(r"[，,；;。]")
_RESTATES = re.compile(r"\s*(?:约占|占|相当于|即|为|being|representing|equal to)", re.I)


def _rate_names_topic(ctx: RuleContext, e: Entity, words: re.Pattern[str]) -> bool:
    """The share is the deposit's ("定金为合同总价的30%", "合同总价30%的定金"), not an
    instalment's in a sentence that credits the deposit later ("第一期为总价的30%，…定金抵作")."""
    before = ctx.sentence_before(e)
    named = list(words.finditer(before))
    if named and not _PHRASE_BREAK.search(before[named[-1].end() :]):
        return True
    # "定金人民币叁拾陆万元整，占合同预计总金额的百分之二十五": the share restates the deposit
    phrases = _PHRASE_BREAK.split(before)
    if len(phrases) > 1 and _RESTATES.match(phrases[-1]) and words.search(phrases[-2]):
        return True
    after_at = ctx.view_offset(e.span.end)
    after = _PHRASE_BREAK.split(ctx.text[after_at : after_at + 40], maxsplit=1)[0]
    return bool(words.search(after)) and not _CREDITED.search(after)


# another sum named between the keyword and the share makes the share that sum's
_OTHER_SUM = re.compile(
    r"liquidated damages|penalt|interest|instal|balance|price|\bfees?\b|\brent\b|royalt"
    r"|违约金|价款|余款|租金|利息|费|预付款|首付款|进度款",
    re.I,
)


# the rate's own base, just before it: "支付合同价款的" 30%
_BASE_TAIL = re.compile(
    r"[\u4e00-\u9fff]{0,6}(?:价款|总价|金额|费用|租金|报酬)(?:总额)?(?:的|之)?\s*$"
)
# a sum named after the share that makes it that sum's ("…的30%作为预付款")
_OTHER_SUM_AFTER = re.compile(
    r"预付款|首付款|进度款|首期款|尾款|余款|违约金|advance|instal|liquidated damages|penalt", re.I
)


def _sum_is_topic(ctx: RuleContext, e: Entity, words: re.Pattern[str]) -> bool:
    """ "pay, as earnest money (定金) securing performance, an amount equal to 50% of …",
    "定金：签约后…支付合同价款的30%，即人民币…作为定金": the sentence's sum is the keyword's when
    no other sum is named between them, nor after the share before the keyword comes again."""
    before = ctx.sentence_before(e)
    named = list(words.finditer(before))
    if not named or _OTHER_SUM.search(_BASE_TAIL.sub("", before[named[-1].end() :])):
        return False
    end = e.attrs.get("sentence_end")
    stop = ctx.view_offset(end) if isinstance(end, int) else 0
    after = ctx.text[ctx.view_offset(e.span.end) : stop]
    other = _OTHER_SUM_AFTER.search(after)
    return other is None or bool(words.search(after[: other.start()]))


# "支付至合同总价款的百分之九十（已付定金计入）": the deposit is credited to a payment's share
_CREDITED = re.compile(
    r"(?:已付|已支付|扣除|扣减|含)[^，。；]{0,4}定金|定金[^，。；]{0,4}(?:计入|抵作|抵扣|冲抵|在内)"
    r"|(?:less|after deducting|including|net of) (?:the )?(?:deposit|earnest money)"
    r"|(?:deposit|earnest money) (?:already paid|credited|included)",
    re.I,
)


# "定金及各期款项合计为合同总价的100%": a share of several payments summed is not the deposit's
_SUMMED = re.compile(
    r"合计|共计|总计|累计|加总|in (?:the )?aggregate|in total|together|combined", re.I
)


def _summed_with_others(ctx: RuleContext, e: Entity, words: re.Pattern[str]) -> bool:
    before = ctx.sentence_before(e)
    named = [m.end() for m in words.finditer(before)]
    return bool(named) and bool(_SUMMED.search(before[named[-1] :]))


def _twin_note(ctx: RuleContext, e: Entity, ratio: float) -> str:
    """When the price's 大写 and 小写 disagree the price is uncertain: give the ratio on the
    other figure too, and say so."""
    total = contract_total(ctx)
    if total is None or e.kind == "rate" or not isinstance(total.value, float):
        return ""
    twin = total.attrs.get("twin_value")
    if not isinstance(twin, int | float) or twin <= 0 or abs(float(twin) - total.value) < 0.005:
        return ""
    other = ratio * total.value / float(twin)
    if ctx.language == "zh":
        return f"（按大写金额计为{other:.1%}；大写与小写金额不一致，价款本身不确定）"
    return (
        f" ({other:.1%} on the amount in words; words and figures differ, "
        "so the price is uncertain)"
    )


@check("share_of_price", RatioParams, fields=("amount", "ratio", "total", "limit"))
def share_of_price(ctx: RuleContext, params: RatioParams) -> Iterator[Hit]:
    """A deposit or penalty (amount or % of price) above ``max_ratio`` of the contract price;
    a deposit paid in tranches (第一期定金…第二期定金…) counts as their sum."""
    tranches: dict[str | None, list[tuple[Entity, float, str, bool, bool]]] = {}
    over: dict[object, tuple[Entity, float, str]] = {}
    for e, ratio, total in ratio_hits(ctx, params):
        if ratio > params.max_ratio + 1e-9:
            # one finding per sentence ("定金叁拾陆万元，占总额的25%"): the share if it states one
            key = e.attrs.get("sentence_start")
            if key not in over or (e.kind == "rate" and over[key][0].kind != "rate"):
                over[key] = (e, ratio, total)
        elif e.kind == "amount":
            before = ctx.sentence_before(e)[-30:]
            marked = bool(_TRANCHE.search(before))
            later = params.topic == "deposit" and bool(_LATER_TRANCHE.search(before))
            tranches.setdefault(e.clause, []).append((e, ratio, total, marked, later))
    for e, ratio, total in sorted(over.values(), key=lambda hit: hit[0].span.start):
        yield Hit(
            e.span,
            {"amount": e.text, "ratio": f"{ratio:.1%}{_twin_note(ctx, e, ratio)}",
             "total": total, "limit": f"{params.max_ratio:.0%}"},
        )  # fmt: skip
    if over:
        return
    for found in tranches.values():
        # "签约时支付定金10万元，交货前再支付定金15万元": a further tranche adds to every other
        # deposit of its clause; without one, only the numbered tranches (第一期…第二期…) add up
        further = any(later for *_, later in found)
        parts = [(e, r, t) for e, r, t, marked, _ in found if further or marked]
        stated_whole = any(_WHOLE.search(ctx.sentence_before(e)[-30:]) for e, *_ in parts)
        if stated_whole or _one_is_the_whole(parts):
            continue  # "定金共25万元，签约时支付10万元，余款15万元…": the sum was stated too
        combined = sum(ratio for _, ratio, _ in parts)
        if len(parts) > 1 and combined > params.max_ratio + 1e-9:
            first, _, total = parts[0]
            yield Hit(
                first.span,
                {"amount": " + ".join(e.text for e, _, _ in parts),
                 "ratio": f"{combined:.1%}（各期合计：{' + '.join(e.text for e, _, _ in parts)}）",
                 "total": total, "limit": f"{params.max_ratio:.0%}"},
                tuple(e.span for e, _, _ in parts[1:]),
            )  # fmt: skip


_TRANCHE = re.compile(r"(?:第[一二三四五六七八九十\d]+|首|尾)(?:期|笔|批)[^，。；]{0,20}$")
_LATER_TRANCHE = re.compile(
    r"(?:再|另行?|追加|补足|补交)[^，。；]{0,12}$"
    r"|\b(?:a |the )?(?:further|second|additional)\b[^,.;]{0,30}$",
    re.I,
)
# "定金共计20万元" states the whole: its tranches are in it, not beside it
_WHOLE = re.compile(r"共|合计|总额|总计|\btotal\b|\baggregate\b", re.I)


def _one_is_the_whole(parts: list[tuple[Entity, float, str]]) -> bool:
    """One part equals the sum of the others: the deposit stated whole and then split."""
    ratios = [r for _, r, _ in parts]
    return len(ratios) > 2 and any(abs(2 * r - sum(ratios)) < 1e-6 for r in ratios)
