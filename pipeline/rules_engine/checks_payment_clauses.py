"""A sum paid as set out in a run of clauses whose payments do not add up to it: "the
consideration … (£6,450,000) … paid as set out in clauses 3.2 to 3.4" while 3.2, 3.3 and 3.4
each say the Buyer shall pay £4,450,000, £1,000,000 and £750,000 (£6,200,000).

The reference ties the clauses to the sum: each clause in the run must state one payment (its
first sum after "pay"; a split of that payment, "of which £400,000 …", is part of it), or
nothing is compared.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.entities.model import Clause
from pipeline.model import Entity
from pipeline.rules_engine.checks_tables import off_by_more_than
from pipeline.rules_engine.computed_totals import MONEY_TOLERANCE
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, NoParams, check

_PAID_AS = re.compile(
    r"\b(?:paid|payable|satisfied|discharged)\s+(?:as set out in|in accordance with|under)\s+"
    r"clauses?\s+(?P<first>\d+(?:\.\d+)+)\s*(?:to|-|–|and)\s*(?:clause\s+)?(?P<last>\d+(?:\.\d+)+)",
    re.I,
)
_PAY = re.compile(r"\b(?:shall|will|must)\s+pay\s+(?:to\s+[^£$€\d]{0,40})?$", re.I)


def _run(clauses: tuple[Clause, ...], first: str, last: str) -> list[Clause]:
    """The clauses numbered first..last under one parent ("3.2", "3.3", "3.4")."""
    head_a, _, a = first.rpartition(".")
    head_b, _, b = last.rpartition(".")
    if head_a != head_b or not a.isdigit() or not b.isdigit() or int(b) <= int(a):
        return []
    wanted = [f"{head_a}.{n}" for n in range(int(a), int(b) + 1)]
    by_number = {c.number: c for c in clauses}
    return [by_number[n] for n in wanted] if all(n in by_number for n in wanted) else []


def _payment(ctx: RuleContext, clause: Clause, currency: object) -> Entity | None:
    """The first sum a clause says is to be paid."""
    start, end = ctx.view_offset(clause.span.start), ctx.view_offset(clause.span.end)
    for e in ctx.of_kind("amount"):
        at = ctx.view_offset(e.span.start)
        if not start <= at < end or e.attrs.get("currency") != currency:
            continue
        if isinstance(e.value, float) and _PAY.search(ctx.text[max(start, at - 80) : at]):
            return e
    return None


@check("payment_clauses_vs_total", NoParams, fields=("total", "parts", "parts_sum"))
def payment_clauses_vs_total(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """The payments a run of clauses sets out against the sum they are said to pay."""
    for m in _PAID_AS.finditer(ctx.text):
        sentence = ctx.sentence_at(m.start())
        if sentence is None:
            continue
        totals = [
            e for e in ctx.of_kind("amount")
            if sentence.start <= ctx.view_offset(e.span.start) < m.start()
            and isinstance(e.value, float) and e.attrs.get("form") in (None, "figure")
        ]  # fmt: skip
        run = _run(ctx.clauses, m.group("first"), m.group("last"))
        if len(totals) != 1 or not run:
            continue
        total = totals[0]
        parts = [_payment(ctx, c, total.attrs.get("currency")) for c in run]
        if any(p is None for p in parts) or not isinstance(total.value, float):
            continue
        paid = [p for p in parts if p is not None]
        parts_sum = sum(float(p.value) for p in paid if isinstance(p.value, float))
        if not off_by_more_than(total.value, parts_sum, MONEY_TOLERANCE):
            continue
        yield Hit(
            total.span,
            {"total": total.text, "parts": " + ".join(p.text for p in paid),
             "parts_sum": f"{parts_sum:,.2f}"},
            tuple(p.span for p in paid),
        )  # fmt: skip
        return
