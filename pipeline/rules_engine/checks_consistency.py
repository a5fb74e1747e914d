"""Consistency checks used by rules in both languages: amounts, dates and party names that the
contract states more than once and that must agree.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta
from itertools import combinations

from pydantic import Field

from pipeline.model import Entity
from pipeline.rules_engine.checks_patterns import regex
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.contract_total import contract_total, net_and_gross, stated_totals
from pipeline.rules_engine.registry import Hit, Params, check


def money(value: object, currency: object) -> str:
    number = float(value) if isinstance(value, int | float) else 0.0
    text = f"{number:,.2f}".rstrip("0").rstrip(".")
    return f"{currency or ''} {text}".strip()


class ToleranceParams(Params):
    tolerance: float = Field(default=0.005, ge=0)


@check("spelled_vs_figure", ToleranceParams, fields=("spelled", "figure", "spelled_value"))
def spelled_vs_figure(ctx: RuleContext, params: ToleranceParams) -> Iterator[Hit]:
    """A 大写 or words amount differs from the figure in brackets next to it."""
    for e in ctx.of_kind("amount"):
        if e.attrs.get("form") not in ("capital", "words"):
            continue
        twin = e.attrs.get("twin_value")
        if not isinstance(twin, int | float) or not isinstance(e.value, int | float):
            continue
        if abs(float(twin) - float(e.value)) <= params.tolerance:
            continue
        figure = ctx.twin_of(e)
        yield Hit(
            e.span,
            {
                "spelled": e.text,
                "spelled_value": money(e.value, e.attrs.get("currency")),
                "figure": figure.text if figure else money(twin, e.attrs.get("currency")),
            },
            related=(figure.span,) if figure else (),
        )


@check("total_restated", ToleranceParams, fields=("first", "second"))
def total_restated(ctx: RuleContext, params: ToleranceParams) -> Iterator[Hit]:
    """The total price is stated twice with different values."""
    totals = stated_totals(ctx)
    for later in totals[1:]:
        first = totals[0]
        if first.attrs.get("currency") != later.attrs.get("currency"):
            continue
        differs = (
            isinstance(first.value, float)
            and isinstance(later.value, float)
            and abs(first.value - later.value) > params.tolerance
            and not net_and_gross(ctx, first, later)
            and not _share_of(ctx, later, first)
            and not _part_of_a_sum(ctx, later, first)
        )
        if differs:
            yield Hit(later.span, {"first": first.text, "second": later.text}, (first.span,))
            return


_MAX_PARTS = 3


def _a_later_twin(e: Entity) -> bool:
    """The figure of a 大写 sum already counted (or the words of one): one sum, not two."""
    twin = e.attrs.get("twin_start")
    return isinstance(twin, int) and twin < e.span.start


def _part_of_a_sum(ctx: RuleContext, part: Entity, whole: Entity) -> bool:
    """``part`` and other sums of its sentence add up to ``whole``: "合同总价款为¥2,390,860.00，
    由…定作物价款合计¥2,332,400.00与运输及安装费¥58,460.00组成" states the parts of the price,
    not the price twice."""
    if not isinstance(part.value, float) or not isinstance(whole.value, float):
        return False
    sentence = part.attrs.get("sentence_start")
    others = [
        float(e.value)
        for e in ctx.of_kind("amount")
        if e.attrs.get("sentence_start") == sentence
        and isinstance(e.value, int | float)
        and e.span.start not in (part.span.start, whole.span.start)
        and not _a_later_twin(e)
    ]
    rest = whole.value - part.value
    return any(
        abs(sum(combo) - rest) <= 0.01
        for n in range(1, _MAX_PARTS)
        for combo in combinations(others, n)
    )


def _share_of(ctx: RuleContext, part: Entity, whole: Entity) -> bool:
    """``part`` is exactly a share its own sentence states of ``whole``: "居间服务费按成交总价的
    2%计收，合计¥73,600.00" is 2% of the price, not the price again."""
    if not isinstance(part.value, float) or not isinstance(whole.value, float):
        return False
    sentence = part.attrs.get("sentence_start")
    return any(
        isinstance(r.value, float) and abs(whole.value * r.value - part.value) <= 0.01
        for r in ctx.of_kind("rate")
        if r.attrs.get("sentence_start") == sentence and r.span.start < part.span.start
    )


class InstalmentParams(Params):
    payment_words: str = r"支付|付款|付清|pay|payable|instal?lment"
    # retention money is held back out of the instalments, not paid on top of them
    exclude_words: str = (
        r"违约金|定金|滞纳金|利息|质量保证金|质保金|保留金|抵作|抵扣|冲抵|penalt|liquidated|interest"
        r"|late|retention|offset"
    )
    # "达到总价款的75%以上的除外" is a threshold, not an instalment; "支付至合同总价的60%" and
    # "累计付至暂定总价的50%" are cumulative levels, not a further 60% or 50%
    threshold_words: str = (
        r"^\s*(?:以上|以下|以内|之内|or more|or less)|(?:达到|超过|不足|低于)[^，。；]{0,8}$"
        r"|至\s*(?:[^，。；\d%]{0,6}?(?:总价款?|价款|总额|结算价款?|合同价款?))?的?\s*$"
        r"|(?:cumulative(?:ly)?|in (?:the )?aggregate|up to)\s*(?:of\s*)?$"
        # "各期款项合计为签约合同价的100%": what the instalments add up to, not one of them
        r"|(?:合计|共计|总计|累计)(?:为|达到?)?[^，。；\d%]{0,8}的\s*$"
    )


@check("instalments_exceed_total", InstalmentParams, fields=("total_percent", "parts"))
def instalments_exceed_total(ctx: RuleContext, params: InstalmentParams) -> Iterator[Hit]:
    """Instalments stated as shares of the price add up to more than 100%."""
    parts: list[Entity] = []
    for e in ctx.of_kind("rate"):
        sentence = ctx.entity_sentence(e)
        start, end = ctx.view_offset(e.span.start), ctx.view_offset(e.span.end)
        around = (ctx.text[end : end + 8], ctx.text[max(0, start - 12) : start])
        if (
            e.attrs.get("of_total")
            and regex(params.payment_words).search(sentence)
            and not regex(params.exclude_words).search(sentence)
            and not any(regex(params.threshold_words).search(t) for t in around)
        ):
            parts.append(e)
    total = sum(float(e.value) for e in parts if isinstance(e.value, float))
    if len(parts) >= 2 and total > 1.0 + 1e-9:
        yield Hit(
            parts[-1].span,
            {"total_percent": f"{total:.0%}", "parts": " + ".join(e.text for e in parts)},
            tuple(e.span for e in parts[:-1]),
        )


def add_months(start: date, months: int) -> date:
    """``start`` moved by whole months, the day clipped to the month's end (31 Jan + 1 = 28 Feb)."""
    year, month = divmod(start.month - 1 + months, 12)
    following = date(start.year + year + (month + 1) // 12, (month + 1) % 12 + 1, 1)
    last_day = (following - timedelta(days=1)).day
    return date(start.year + year, month + 1, min(start.day, last_day))


def iso_date(entity: Entity) -> date | None:
    return date.fromisoformat(entity.value) if isinstance(entity.value, str) else None


class EndBeforeStartParams(Params):
    max_distance: int = Field(
        default=300, ge=0, description="how close a separate start and end date must stand"
    )


@check("end_before_start", EndBeforeStartParams, fields=("start", "end"))
def end_before_start(ctx: RuleContext, params: EndBeforeStartParams) -> Iterator[Hit]:
    """A period whose end date is before its start date: 自X起至Y止, or a start date (开工日期)
    and an end date (竣工日期) stated close together."""
    dates = ctx.of_kind("date")
    reported: set[int] = set()
    for i, d in enumerate(dates):
        if d.attrs.get("role") != "start":
            continue
        if "range_end" in d.attrs:
            ends = [e for e in dates[i + 1 :] if e.span.start == d.attrs["range_end"]]
        else:
            ends = [
                e
                for e in dates
                if e.attrs.get("role") == "end"
                and "range_end" not in e.attrs
                and "range_start" not in e.attrs
                # stated after its start: "fixed until June 30 … beginning July 1" is one
                # period ending and the next beginning, not a period that ends before it starts
                and 0 < e.span.start - d.span.start <= params.max_distance
            ][:1]
        for end in ends:
            a, b = iso_date(d), iso_date(end)
            if a and b and b < a and end.span.start not in reported:
                reported.add(end.span.start)
                yield Hit(end.span, {"start": d.text, "end": end.text}, (d.span,))


def signing_date(ctx: RuleContext) -> Entity | None:
    """The date this contract was signed: a dated signature line ("日期：2025年2月8日",
    "Date: 8 February 2025") first, since 签署 may name another document (签署交接确认书)."""
    dated_lines = signature_line_dates(ctx)
    if dated_lines:
        return min(dated_lines, key=lambda d: str(d.value))
    signing = [
        d for d in ctx.of_kind("date")
        if iso_date(d) and d.attrs.get("role") == "signing"
        and not _A_DEADLINE.search(line_before(ctx, d)[-30:])
    ]  # fmt: skip
    return signing[0] if signing else None


# "a supplementary agreement signed no later than 31 January 2026": a future signing's deadline
_A_DEADLINE = re.compile(
    r"\b(?:no later than|not later than|by|before|on or before|within)\s*$|(?:前|之前|以前)\s*$",
    re.I,
)


def signature_line_dates(ctx: RuleContext) -> list[Entity]:
    """The dates of signature lines ("签订日期：2025年3月1日", "Date: 8 February 2025")."""
    return [
        d for d in ctx.of_kind("date")
        if iso_date(d) and _is_signature_line(line_before(ctx, d))
    ]  # fmt: skip


# a signature block's own date line: "日期：", "签订日期：", "Date:", "Dated:"
# ("… (seal)   Authorised signatory: Gu Xiaoyan   Date: 24 February 2025": the last field of a
# signature line set out across the page)
_SIGNATURE_LINE = re.compile(
    r"^\s*(?:签订|签署|签约|签字)?(?:日期|时间)\s*[:：]\s*$|^\s*Dated?\s*[:：]?\s*$", re.I
)


def _is_signature_line(line: str) -> bool:
    return bool(_SIGNATURE_LINE.match(line) or _SIGNED_ROW.search(line))


# "… (seal)   Authorised signatory: Gu Xiaoyan   Date: 24 February 2025": a signature line set
# out across the page ends with its date field
_SIGNED_ROW = re.compile(
    r"(?:seal|signatory|signature|signed by|盖章|签字|签章)[^\n]*\s(?:Dated?|日期)\s*[:：]\s*$",
    re.I,
)


def line_before(ctx: RuleContext, d: Entity) -> str:
    at = ctx.view_offset(d.span.start)
    return ctx.text[ctx.text.rfind("\n", 0, at) + 1 : at]


class DatesParams(Params):
    role: str = "delivery"


@check("conflicting_dates", DatesParams, fields=("first", "second"))
def conflicting_dates(ctx: RuleContext, params: DatesParams) -> Iterator[Hit]:
    """Two different dates given for the same obligation (e.g. two delivery dates)."""
    # a window ("between May 24 and May 28") is not a date fixed for the obligation
    dated = [
        d
        for d in ctx.of_kind("date")
        if d.attrs.get("role") == params.role
        and iso_date(d)
        and "range_start" not in d.attrs
        and "range_end" not in d.attrs
        and not _WINDOW_END.search(ctx.sentence_before(d))
        and not (params.role == "delivery" and _PAPERS.search(ctx.entity_sentence(d)))
        and not (params.role == "delivery" and _ANOTHER_EVENT_ROW.match(line_before(ctx, d)))
    ]
    for later in dated[1:]:
        if later.value != dated[0].value and not later.attrs.get("range_end"):
            if dated[0].attrs.get("range_end") == later.span.start:
                continue
            if _staged(ctx, dated[0], later):
                continue
            yield Hit(later.span, {"first": dated[0].text, "second": later.text}, (dated[0].span,))
            return


# "Inspection of first inbound delivery completed | by 12 March 2025": a row for another event
# that names the delivery it follows
_ANOTHER_EVENT_ROW = re.compile(
    r"^\s*(?:inspection|acceptance|payment|invoic\w*|notice|return|验收|检验|付款|支付|开票|退货)"
    # "Frozen Specification and 3D data delivered | Customer | 10 March 2025": papers or data
    # one side hands the other, not the goods
    r"|^\s*(?:[\w-]+\s+){0,3}(?:specifications?|data|drawings?|documents?|documentation"
    r"|information|artwork|designs?)\b[^|]{0,40}\bdeliver",
    re.I,
)
# "delivered between August 12 and August 14": the end of a window, not a day fixed for it
_WINDOW_END = re.compile(r"\bbetween\b[^.;]{0,40}\band\s*$|(?:至|到|—|-|~)\s*$", re.I)
# a certificate, notice or invoice handed over by a date is not the goods' delivery (a plan or a
# report may be the deliverable itself)
_PAPERS = re.compile(
    r"\bdeliver\w*\s+(?:to [A-Z]\w+ )?(?:a |an |the |its |all |any |copies of )?(?:\w+ ){0,2}"
    r"(?:certificates?|cop(?:y|ies)|notices?|invoices?|evidence|proof|confirmations?|policy"
    r"|policies)\b"
    r"|(?:交付|提交|送达|出具)[^，。；]{0,8}(?:证明|证书|发票|通知|保单)",
    re.I,
)


# Deliveries in stages (the permit set by September 15 and the final set by October 31; 第二批)
# are different obligations with their own dates.
_STAGED = re.compile(
    r"分批|批次|第[一二三四五六七八九十\d]+批|首批|剩余|其余|部分|阶段|里程碑"
    r"|instal?l?ment|phase|stage|milestone|batch|partial|\bset\b|first|second|third|final"
    r"|remaining|balance of",
    re.I,
)


def _staged(ctx: RuleContext, first: Entity, later: Entity) -> bool:
    """Two stages, not one obligation twice: the same sentence, or different stage words (the
    first lot … the second lot); "the first lot" twice is the same obligation."""
    if first.attrs.get("sentence_start") == later.attrs.get("sentence_start"):
        return True
    stages = [
        {m.group().lower() for m in _STAGED.finditer(ctx.entity_sentence(d))}
        for d in (first, later)
    ]
    return bool(stages[0] or stages[1]) and stages[0] != stages[1]


class StatedSumParams(Params):
    summary: str = (
        r"(?:上述|前述|以上|above|foregoing)[^。.]{0,40}(?:合计|共计|总计|之和|together|in total|"
        r"total of|aggregate)"
    )
    tolerance: float = Field(default=0.005, ge=0, description="relative difference allowed")


_NAMES_TOTAL = re.compile(
    r"合同总价|总价款|合同价款|工程价款总额|合同总金额"
    r"|(?:total|contract) price|contract sum|the Fees?\b",
    re.I,
)


def _last_amount(ctx: RuleContext, start: int, end: int) -> Entity | None:
    """The last money amount in ``[start, end)``, one per twin pair (the figure)."""
    inside = [
        e
        for e in ctx.of_kind("amount")
        if start <= e.span.start < end
        and not (e.attrs.get("form") != "figure" and e.attrs.get("twin_start") is not None)
    ]
    return inside[-1] if inside else None


@check("stated_sum_mismatch", StatedSumParams, fields=("parts", "parts_sum", "stated"))
def stated_sum_mismatch(ctx: RuleContext, params: StatedSumParams) -> Iterator[Hit]:
    """'The above instalments together make the total of X', but the instalments (the last
    amount of each earlier sibling clause) add up to something else."""
    summary = re.compile(params.summary, re.I)
    by_id = {c.id: c for c in ctx.clauses}
    for clause in ctx.clauses:
        body = ctx.document.text[clause.body.start : clause.body.end].replace("\n", "")
        if clause.parent is None or not summary.search(body):
            continue
        stated = _last_amount(ctx, clause.body.start, clause.body.end)
        where = stated.span if stated is not None else None
        if stated is None and _NAMES_TOTAL.search(body):
            # "上述各期款项合计即为本合同第四条约定的工程合同总价": the total is stated elsewhere
            stated = contract_total(ctx)
            start, end = ctx.view_offset(clause.body.start), ctx.view_offset(clause.body.end)
            where = ctx.span(start, end) if stated is not None else None
        siblings = [
            c for c in ctx.clauses if c.parent == clause.parent and c.body.start < clause.body.start
        ]
        parts = [p for c in siblings if (p := _last_amount(ctx, c.body.start, c.body.end))]
        if stated is None or where is None or len(parts) < 2 or clause.parent not in by_id:
            continue
        values = [float(p.value) for p in parts if isinstance(p.value, int | float)]
        if not isinstance(stated.value, int | float) or len(values) != len(parts):
            continue
        total = sum(values)
        if abs(total - float(stated.value)) > params.tolerance * max(float(stated.value), 1.0):
            yield Hit(
                where,
                {
                    "parts": " + ".join(p.text.replace("\n", "") for p in parts),
                    "parts_sum": money(total, stated.attrs.get("currency")),
                    "stated": stated.text.replace("\n", ""),
                },
                tuple(p.span for p in parts),
            )
