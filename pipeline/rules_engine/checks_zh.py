"""Checks for PRC contracts that need numbers: ratios, rates against the LPR, durations."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date, timedelta

from pydantic import Field

from pipeline.entities.rates import annual_rate
from pipeline.entities.topics import duration_topic
from pipeline.model import Entity
from pipeline.rules_engine.checks_consistency import add_months, signing_date
from pipeline.rules_engine.checks_patterns import contract_title
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.lpr import lpr_on
from pipeline.rules_engine.registry import Hit, Params, check

_MARKUP = re.compile(
    r"(?:上浮|上调|加收|增加|提高|浮动|加成|上涨)\s*$|(?:marked up|increased|above|plus) by\s*$",
    re.I,
)


_LPR_WORDS = re.compile(r"LPR|贷款市场报价利率|loan prime rate", re.I)


def _annual(e: Entity) -> float:
    period = e.attrs.get("period")
    return annual_rate(float(e.value or 0), period if isinstance(period, str) else None)


def yearly_rates(
    ctx: RuleContext, rates: list[Entity], lpr: float
) -> Iterator[tuple[Entity, float]]:
    """Each rate as a yearly rate; a markup (利率上浮50%) raises its base by half: the LPR, or
    the contract's own first plain rate."""
    plain = [e for e in rates if not _MARKUP.search(ctx.sentence_before(e)[-8:])]
    base = _annual(plain[0]) if plain else None
    for e in rates:
        if e in plain:
            yield e, _annual(e)
            continue
        of = lpr if _LPR_WORDS.search(ctx.sentence_before(e)) else base
        if of is not None:
            yield e, of * (1 + float(e.value or 0))


def lpr_at_signing(ctx: RuleContext) -> tuple[date, float]:
    signed = signing_date(ctx)
    on = date.fromisoformat(signed.value) if signed and isinstance(signed.value, str) else None
    return lpr_on(on)


class InterestParams(Params):
    multiplier: float = Field(default=4.0, gt=0)
    sentence_words: str = r"利率|利息|年息|月息|日息"
    require_doc: str = r"借款|出借|贷款|借贷"


@check("interest_over_lpr", InterestParams, fields=("rate", "annual", "cap", "lpr", "lpr_date"))
def interest_over_lpr(ctx: RuleContext, params: InterestParams) -> Iterator[Hit]:
    """A lending rate above ``multiplier`` x the one-year LPR in force when the contract was made
    (the latest LPR when no signing date is found)."""
    if not re.search(params.require_doc, ctx.text):
        return
    lpr_date, lpr = lpr_at_signing(ctx)
    cap = lpr * params.multiplier
    rates = [
        e
        for e in ctx.of_kind("rate")
        if isinstance(e.value, float) and re.search(params.sentence_words, ctx.entity_sentence(e))
    ]
    for e, yearly in yearly_rates(ctx, rates, lpr):
        if yearly > cap + 1e-9:
            yield Hit(
                e.span,
                {"rate": e.text, "annual": f"{yearly:.2%}", "cap": f"{cap:.2%}",
                 "lpr": f"{lpr:.2%}", "lpr_date": lpr_date.isoformat()},
            )  # fmt: skip


class DurationParams(Params):
    topic: str
    max_months: float = Field(gt=0)
    require_doc: str | None = None


def date_ranges(ctx: RuleContext) -> Iterator[tuple[Entity, Entity, date, date]]:
    """Every date range (自X起至Y止 / from X to Y): start and end entities and their dates."""
    dates = ctx.of_kind("date")
    by_start = {d.span.start: d for d in dates}
    for d in dates:
        end_at = d.attrs.get("range_end")
        if d.attrs.get("role") != "start" or not isinstance(end_at, int):
            continue
        end = by_start.get(end_at)
        if end and isinstance(d.value, str) and isinstance(end.value, str):
            yield d, end, date.fromisoformat(d.value), date.fromisoformat(end.value)


def range_months(ctx: RuleContext, topic: str) -> Iterator[tuple[Entity, Entity, float]]:
    """Date ranges (自X起至Y止) in a sentence about ``topic``: (start, end, length in months)."""
    for d, end, begin, finish in date_ranges(ctx):
        if duration_topic(ctx.sentence_before(d)) == topic:
            yield d, end, ((finish - begin).days + 1) / (365.25 / 12)


@check("duration_over", DurationParams, fields=("duration", "limit_months"))
def duration_over(ctx: RuleContext, params: DurationParams) -> Iterator[Hit]:
    """A duration of the given topic (lease_term, non_compete, ...) longer than ``max_months``,
    stated as a duration (二十五年) or as a date range (自2025年10月1日起至2047年9月30日止)."""
    if params.require_doc and not re.search(params.require_doc, ctx.text):
        return
    for start, end, length in range_months(ctx, params.topic):
        if length > params.max_months + 0.5:
            span = ctx.document.span(start.span.start, end.span.end)
            text = ctx.document.text[span.start : span.end]
            yield Hit(span, {"duration": text, "limit_months": f"{params.max_months:g}"})
    for e in ctx.of_kind("duration"):
        months = e.attrs.get("months")
        too_long = isinstance(months, float) and months > params.max_months + 1e-9
        if e.attrs.get("topic") == params.topic and too_long:
            yield Hit(e.span, {"duration": e.text, "limit_months": f"{params.max_months:g}"})


class ProbationParams(Params):
    # (contract term from, in months) -> longest lawful probation in months
    limits: list[tuple[float, float]] = Field(
        default_factory=lambda: [(0.0, 0.0), (3.0, 1.0), (12.0, 2.0), (36.0, 6.0)]
    )
    # the contract itself is open-ended ("本合同为无固定期限劳动合同", "合同期限：无固定期限"),
    # not a clause that mentions when one may be concluded
    open_ended: str = (
        r"(?:本合同为|合同期限[为：:]?|期限类型[为：:]?|[☑■√]\s*)无固定期限"
        r"|以完成一定工作任务为期限"
    )


def calendar_months(start: date, end_inclusive: date) -> float:
    """Months from ``start`` to ``end_inclusive`` as the contract counts them: 2025-07-01 to
    2025-12-31 is 6 months, not 184 days / 30.4; a remainder counts in 30-day months."""
    after = end_inclusive + timedelta(days=1)
    whole = (after.year - start.year) * 12 + after.month - start.month
    if after.day < start.day:
        whole -= 1
    return whole + (after - add_months(start, whole)).days / 30.0


def _range_months_in(ctx: RuleContext, keep: Callable[[str], bool]) -> Iterator[float]:
    """Lengths of the date ranges (自X起至Y止) whose sentence passes ``keep``."""
    for d, _end, begin, finish in date_ranges(ctx):
        if keep(ctx.sentence_before(d)):
            yield calendar_months(begin, finish)


def _contract_term_months(ctx: RuleContext) -> float | None:
    for e in ctx.of_kind("duration"):
        months = e.attrs.get("months")
        if e.attrs.get("topic") == "contract_term" and isinstance(months, float):
            return months
    # a range in a sentence about the contract's term, never the probation's own range
    about_term = re.compile(r"期限|聘用期|合同有效期|本合同自")
    terms = _range_months_in(
        ctx, lambda before: bool(about_term.search(before)) and "试用期" not in before[-12:]
    )
    return next(terms, None)


def _probations(ctx: RuleContext) -> Iterator[tuple[Entity, float, str]]:
    """Probation lengths: as a duration (试用期为三个月) or as a date range (试用期自…起至…止)."""
    for e in ctx.of_kind("duration"):
        months = e.attrs.get("months")
        if e.attrs.get("topic") == "probation" and isinstance(months, float):
            yield e, months, e.text
    for d, end, begin, finish in date_ranges(ctx):
        if duration_topic(ctx.sentence_before(d)[-16:]) == "probation":
            yield d, calendar_months(begin, finish), f"{d.text}至{end.text}"


@check("probation_limit", ProbationParams, fields=("probation", "term", "limit_months"))
def probation_limit(ctx: RuleContext, params: ProbationParams) -> Iterator[Hit]:
    """A probation period longer than 劳动合同法 19 allows for the contract's term."""
    open_ended = re.search(params.open_ended, ctx.text) or "无固定期限" in contract_title(ctx)
    term = 1e9 if open_ended else _contract_term_months(ctx)
    limit = 6.0
    if term is not None:
        for start, most in sorted(params.limits):
            if term + 1e-6 >= start:
                limit = most
    reported: set[int] = set()
    for entity, months, shown_probation in _probations(ctx):
        if months <= limit + 1e-6 or entity.span.start in reported:
            continue
        reported.add(entity.span.start)
        shown = "无固定期限" if term == 1e9 else f"{term:.0f}个月" if term else "未写明"
        yield Hit(
            entity.span,
            {"probation": shown_probation, "term": shown, "limit_months": f"{limit:g}"},
        )


_ARB_MENTION = re.compile(
    r"(?P<name>[\u4e00-\u9fffA-Za-z（）()]{0,16}?)(?P<kind>仲裁委员会|仲裁院|仲裁中心|仲裁机构)"
)
_GENERIC = re.compile(
    r"(?:当地|有关|相关|所在地的?|有管辖权的?|任何|任一|一方|双方|约定的|选定的|国内|其他|合法的?)$"
)
# "当事人可以依法通过仲裁委员会向人民法院申请财产保全": the chosen commission, as a channel
_VERBS = re.compile(r"^.*?(?:提交|提请|交由|交付|通过|经由|向|由|至|到|选择|在)")
_AUTHORITIES = re.compile(
    r"(?:法院|司法机关)[、或和及]仲裁(?:机构|委员会)|仲裁(?:机构|委员会)[、或和及](?:法院|律师|监管|司法)"
)


_ALIAS_GAP = re.compile(r"^\s*[（(]\s*(?:又称|亦称|即|现名|原名|简称|曾用名)?[:：]?\s*[（(]?$")


class ArbitrationParams(Params):
    exclude: str = r"劳动争议仲裁|劳动人事争议仲裁|劳动仲裁"


@check("arbitration_institution_unclear", ArbitrationParams, fields=("mention", "reason"))
def arbitration_institution_unclear(ctx: RuleContext, params: ArbitrationParams) -> Iterator[Hit]:
    """Arbitration chosen without one identifiable commission (仲裁法 16, 18)."""
    names: dict[str, tuple[int, int]] = {}
    vague: list[tuple[int, int, str]] = []
    previous_end = -1
    for m in _ARB_MENTION.finditer(ctx.text):
        # …仲裁委员会（上海国际仲裁中心）: the bracket gives the same body's other name
        gap = ctx.text[previous_end : m.start()] if previous_end >= 0 else "x"
        alias = _ALIAS_GAP.match(gap) or _ALIAS_GAP.match(gap + m.group()[:1])
        previous_end = m.end()
        if alias:
            continue
        line_start = ctx.text.rfind("\n", 0, m.start()) + 1
        context = ctx.text[line_start : m.end()]
        if re.search(params.exclude, context) or not re.search(
            r"仲裁", ctx.text[m.start() - 30 : m.end() + 30]
        ):
            continue
        name = _VERBS.sub("", m.group("name"))
        if _AUTHORITIES.search(ctx.text[max(0, m.start() - 4) : m.end() + 4]):
            continue  # "向法院、仲裁机构或律师披露": authorities listed, no arbitration chosen
        if m.group("kind") == "仲裁机构" or not name or _GENERIC.search(name):
            vague.append((m.start(), m.end(), m.group()))
        else:
            full = name + m.group("kind")
            # "通过合肥仲裁委员会" and "提交合肥仲裁委员会" name one commission
            same = next((k for k in names if k.endswith(full) or full.endswith(k)), None)
            if same is None:
                names[full] = (m.start(), m.end())
            elif len(full) < len(same):
                names[full] = names.pop(same)
    # Once a commission is named, 仲裁委员会所在地 / 该仲裁委员会 later on refer back to it.
    if vague and not names:
        start, end, text = vague[0]
        yield Hit(ctx.span(start, end), {"mention": text, "reason": "未写明具体的仲裁委员会名称"})
    elif len(names) > 1:
        (first, a), (second, b) = list(names.items())[:2]
        values = {"mention": f"{first}、{second}", "reason": "约定了两个以上仲裁机构"}
        yield Hit(ctx.span(*b), values, (ctx.span(*a),))


class ForeignLawParams(Params):
    foreign_law: str = (
        r"(?:适用|受|依据|按照)(?:中华人民共和国)?(?P<law>香港|澳门|台湾|美国|英国|英格兰|新加坡|日本|德国|法国"
        r"|纽约州|加利福尼亚州|特拉华州|瑞士|开曼群岛|英属维尔京群岛)[^，。；]{0,12}法律?"
    )
    foreign_element: str = (
        r"香港|澳门|台湾|境外|外国|国外|Limited|Ltd|Inc\.?|LLC|GmbH|Pte|S\.A\.|美元|欧元|英镑|港币|港元|日元"
        r"|进口|出口|离岸|护照"
    )


@check("foreign_law_without_foreign_element", ForeignLawParams, fields=("law",))
def foreign_law_without_foreign_element(
    ctx: RuleContext, params: ForeignLawParams
) -> Iterator[Hit]:
    """Foreign law chosen although no party, object or place is foreign (涉外法律适用法 3)."""
    m = re.search(params.foreign_law, ctx.text)
    if not m:
        return
    rest = ctx.text[: m.start()] + ctx.text[m.end() :]
    if re.search(params.foreign_element, rest):
        return
    yield Hit(ctx.span(m.start(), m.end()), {"law": m.group("law")})


class GuaranteeParams(Params):
    guarantee_words: str = r"保证期间|保证期限|保证责任期间"
    debt_words: str = r"借款期限|还款期限|履行期限|主债务|到期日|到期之日|还款日|清偿期"


@check("guarantee_period_not_after_debt", GuaranteeParams, fields=("period_end", "debt_due"))
def guarantee_period_not_after_debt(ctx: RuleContext, params: GuaranteeParams) -> Iterator[Hit]:
    """A guarantee period that ends on or before the main debt falls due (民法典 692: treated
    as no agreed period, so six months from maturity apply)."""
    guarantee_ends: list[Entity] = []
    debt_ends: list[Entity] = []
    for d in ctx.of_kind("date"):
        if d.attrs.get("role") != "end" or not isinstance(d.value, str):
            continue
        sentence = ctx.entity_sentence(d)
        if re.search(params.guarantee_words, sentence):
            guarantee_ends.append(d)
        elif re.search(params.debt_words, sentence):
            debt_ends.append(d)
    if not guarantee_ends or not debt_ends:
        return
    due = max(debt_ends, key=lambda d: str(d.value))
    for g in guarantee_ends:
        if str(g.value) <= str(due.value):
            yield Hit(g.span, {"period_end": g.text, "debt_due": due.text}, (due.span,))
            return
