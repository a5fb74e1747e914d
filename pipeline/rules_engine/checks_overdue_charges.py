"""Overdue interest and a late-payment penalty together above four times the LPR (民间借贷规定 29).

A lender may claim overdue interest, a penalty and other charges together, but the court supports
them only up to four times the one-year LPR in force when the contract was made. Each charge can
be lawful alone (11.7% a year; 万分之二 a day, about 7.3% a year) and still exceed the cap in sum.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.model import Entity
from pipeline.rules_engine.checks_patterns import contract_title
from pipeline.rules_engine.checks_zh import InterestParams, lpr_at_signing, yearly_rates
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, check

_PART = re.compile(r"[^，,；;。]+")
_PENALTY = re.compile(r"违约金|滞纳金")
_OVERDUE_INTEREST = re.compile(r"逾期利息|罚息|逾期[^，,；;。]{0,12}利率")
_OVERDUE = re.compile(r"逾期|迟延|延迟|未按期|未按时")
# the contract lets the lender claim only one of them: each alone is what counts
_ONE_OF = re.compile(r"择一|选择其一|选择其中|不得同时|不同时主张|不并用|取其高|较高者")
_LOAN_TITLE = re.compile(r"借款|借贷|贷款")


def _part_of(ctx: RuleContext, e: Entity) -> str:
    """The clause part (between commas) a rate sits in: what the rate is a rate of."""
    sentence = ctx.entity_sentence(e)
    at = len(ctx.sentence_before(e))
    for m in _PART.finditer(sentence):
        if m.start() <= at < m.end():
            return m.group()
    return sentence


def _charges(ctx: RuleContext, lpr: float) -> tuple[list[tuple[Entity, float]], ...]:
    """Yearly rates of overdue interest and of late-payment penalties on the overdue sum."""
    rates = [e for e in ctx.of_kind("rate") if isinstance(e.value, float)]
    interest: list[tuple[Entity, float]] = []
    penalty: list[tuple[Entity, float]] = []
    for e, yearly in yearly_rates(ctx, rates, lpr):
        sentence, part = ctx.entity_sentence(e), _part_of(ctx, e)
        if not _OVERDUE.search(sentence):
            continue
        if _PENALTY.search(part) and e.attrs.get("period"):
            penalty.append((e, yearly))
        elif _OVERDUE_INTEREST.search(part) or (
            _OVERDUE_INTEREST.search(sentence) and not _PENALTY.search(sentence)
        ):
            interest.append((e, yearly))
    return interest, penalty


@check(
    "overdue_charges_over_lpr",
    InterestParams,
    fields=("interest", "penalty", "total", "cap", "lpr", "lpr_date"),
)
def overdue_charges_over_lpr(ctx: RuleContext, params: InterestParams) -> Iterator[Hit]:
    """Overdue interest plus a per-period penalty on the overdue sum exceed the cap together,
    though neither does alone (that case is interest_over_lpr's)."""
    if not _LOAN_TITLE.search(contract_title(ctx)) or _ONE_OF.search(ctx.text):
        return
    lpr_date, lpr = lpr_at_signing(ctx)
    cap = lpr * params.multiplier
    interest, penalty = _charges(ctx, lpr)
    if not interest or not penalty:
        return
    (i_rate, i_yearly), (p_rate, p_yearly) = (max(interest, key=_yearly), max(penalty, key=_yearly))
    total = i_yearly + p_yearly
    if i_yearly > cap or p_yearly > cap or total <= cap + 1e-9:
        return
    yield Hit(
        p_rate.span,
        {"interest": f"{i_rate.text}（年{i_yearly:.2%}）",
         "penalty": f"{p_rate.text}（年{p_yearly:.2%}）",
         "total": f"{total:.2%}", "cap": f"{cap:.2%}", "lpr": f"{lpr:.2%}",
         "lpr_date": lpr_date.isoformat()},
    )  # fmt: skip


def _yearly(pair: tuple[Entity, float]) -> tuple[float, bool]:
    """Highest yearly rate; on a tie the rate stated as such (年利率11.7%), not the markup."""
    return round(pair[1], 9), bool(pair[0].attrs.get("period"))
