"""A balance stated after a deduction, against the figures it is worked from: "The balance of the
Contract Price after crediting the Earnest Money, being RMB 6,783,000.00" where the price is RMB
8,618,000.00 and the Earnest Money RMB 1,880,000.00 (the balance is RMB 6,738,000.00);
"扣除定金后的余款人民币X元". Which sum is owed is uncertain (民法典 510, 511).

The deducted sums are the amounts stated near their name elsewhere (the whole and each tranche);
the balance may be worked from any stated total (with or without VAT) less any one, two or three
of them. Only when no such combination gives the stated balance is it flagged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import combinations

from pipeline.model import Entity
from pipeline.rules_engine.checks_consistency import ToleranceParams, money
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.contract_total import contract_total, stated_totals
from pipeline.rules_engine.registry import Hit, check

_EN_BALANCE = re.compile(
    r"\b(?:balance|remainder)\b(?:\s+of\s+(?:the\s+)?(?P<base>[A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+){0,3}))?"
    r"[^.;]{0,60}?\bafter\s+(?:the\s+)?(?:crediting|deducting|deduction"
    r"\s+of|set-?off\s+of|setting\s+off|netting(?:\s+off)?|subtracting)\s+(?:the\s+)?"
    r"(?P<what>[A-Za-z][A-Za-z\- ]{2,50}?)(?=\s*(?:[,;(]|\bbeing\b|\bof\b|\bis\b|\bshall\b|$))",
    re.I,
)
_ZH_BALANCE = re.compile(
    r"(?:(?P<base>[\u4e00-\u9fff]{1,8}?(?:费|款|价|金|租金))(?:在|中)?)?(?:扣除|扣减|抵扣|冲抵|减去|抵作|抵销)(?:已付|已支付|甲方已付|乙方已付)?(?:的)?"
    r"(?P<what>定金|订金|预付款|首付款|预付金|首期款|第一期款项?|进度款)"
    r"[^，。；]{0,8}?(?:后|之后)的?(?:余款|剩余(?:价款|款项|合同价款|货款)?|尾款|余额)"
)
_JOIN = re.compile(r"\s+and\s+(?:the\s+)?|、|和|及", re.I)
_MAX_PARTS = 3


def _balances(ctx: RuleContext) -> Iterator[tuple[Sentence, Entity, list[str], list[str]]]:
    pattern = _ZH_BALANCE if ctx.language == "zh" else _EN_BALANCE
    amounts = [a for a in ctx.of_kind("amount") if isinstance(a.value, float)]
    for sentence in ctx.sentences_matching(pattern):
        m = pattern.search(sentence.text)
        if m is None:
            continue
        at = sentence.start + m.end()
        after = [a for a in amounts if at <= ctx.view_offset(a.span.start) < sentence.end]
        if after:
            names = [n.strip() for n in _JOIN.split(m.group("what")) if len(n.strip()) >= 2]
            base = [m.group("base")] if m.group("base") else []
            yield sentence, after[0], names, base


def _deducted(ctx: RuleContext, names: list[str], balance: Sentence) -> list[float]:
    """Every amount stated close after one of the names (or in a sentence that names it and
    states only that amount), outside the balance's own sentence."""
    found: list[float] = []
    for a in ctx.of_kind("amount"):
        if not isinstance(a.value, float):
            continue
        start = ctx.view_offset(a.span.start)
        if balance.start <= start < balance.end:
            continue
        before = ctx.sentence_before(a)[-80:].casefold()
        sentence = ctx.entity_sentence(a).casefold()
        if any(n.casefold() in before or n.casefold() in sentence for n in names):
            found.append(a.value)
    return sorted(set(found))[:8]


def _possible(totals: list[float], parts: list[float]) -> list[float]:
    sums = {0.0}
    for size in range(1, _MAX_PARTS + 1):
        sums |= {sum(c) for c in combinations(parts, size)}
    return [t - s for t in totals for s in sums]


@check("balance_after_deduction", ToleranceParams, fields=("balance", "total", "deducted"))
def balance_after_deduction(ctx: RuleContext, params: ToleranceParams) -> Iterator[Hit]:
    """The balance left after a deduction matches no stated total less the deducted sums."""
    total = contract_total(ctx)
    if total is None or not isinstance(total.value, float):
        return
    for sentence, balance, names, base in _balances(ctx):
        parts = _deducted(ctx, names, sentence)
        # "加盟费扣除定金后的余额": worked from the named fee, not the whole price
        named_bases = [v for v in _deducted(ctx, base, sentence) if v not in parts]
        # the balance's own sentence states no total ("the balance of the Contract Price …")
        totals = sorted(
            {
                e.value
                for e in (*stated_totals(ctx), total)
                if isinstance(e.value, float)
                and not sentence.start <= ctx.view_offset(e.span.start) < sentence.end
            }
            | set(named_bases)
        )
        if not parts or not totals or not isinstance(balance.value, float):
            continue
        tolerance = max(1.0, params.tolerance * max(totals))
        if any(abs(p - balance.value) <= tolerance for p in _possible(totals, parts)):
            continue
        currency = total.attrs.get("currency")
        yield Hit(
            balance.span,
            {"balance": balance.text, "total": total.text,
             "deducted": "、".join(money(p, currency) for p in parts)
             if ctx.language == "zh" else ", ".join(money(p, currency) for p in parts)},
            (total.span,),
        )  # fmt: skip
        return
