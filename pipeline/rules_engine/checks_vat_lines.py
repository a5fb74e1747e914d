"""A tax figure that its own net and gross contradict: "Contract Sum (excl. VAT) £2,460,000 /
VAT at 20% £482,000 / Contract Sum (incl. VAT) £2,952,000", "其中不含税金额为¥1,200,000.00，
按6%税率计算的增值税为¥73,000.00" beside a tax-inclusive ¥1,272,000.00. The net and the gross
agree with the rate, so the tax between them is wrong, whatever the lines are called.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

from pipeline.rules_engine.checks_worked_sums import figure_value
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, NoParams, check

_TAX = re.compile(r"VAT|增值税|税额|税金|\bGST\b|sales tax", re.I)
_RATE = re.compile(r"(?<![\d.])(\d{1,2}(?:\.\d{1,2})?)\s?(?:%|％)")
_FIGURE = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d{3,}(?:\.\d{1,2})?)(?![\d,.%％])"
    r"(?!\s?(?:%|％))"
)
# what may stand between a tax's rate and its figure: "VAT at 20% | £", "增值税为¥", "is RMB "
_INTRODUCES = re.compile(
    r"^[\s|:：=（(]*(?:is|of|amounts? to|comes to|税额|金额|计|为|是)*[\s|:：=]*"
    r"(?:RMB|CNY|USD|US\$|GBP|EUR|人民币|[¥￥$£€])?\s*$",
    re.I,
)
_ATTACHED = 12  # the rate is the tax's own: "VAT at 20%", "增值税（税率9%）", "6%税率计算的增值税"
_WINDOW = 2  # lines either side: a table's net and gross rows sit around its tax row
_REACH = 40  # the tax figure follows its rate within this many characters


def _near(a: Decimal, b: Decimal, places: int) -> bool:
    return abs(a - b) <= Decimal(1).scaleb(-places) + Decimal("0.005")


def _tax_figure(line: str) -> tuple[Decimal, Decimal, int, re.Match[str]] | None:
    """The rate and the tax figure of a line that names a tax."""
    pairs = [
        (t, r)
        for t in _TAX.finditer(line)
        for r in _RATE.finditer(line)
        if max(r.start() - t.end(), t.start() - r.end()) <= _ATTACHED
    ]
    if len(pairs) != 1:
        return None
    tax, rate = pairs[0]
    after = max(tax.end(), rate.end())
    figure = _FIGURE.search(line, after, min(len(line), after + _REACH))
    if figure is not None and not _INTRODUCES.match(line[after : figure.start()]):
        return None  # the figure is not given as the tax ("inclusive of VAT at 20%, being …")
    read = figure_value(figure.group(1)) if figure else None
    if figure is None or read is None:
        return None
    share = Decimal(rate.group(1)) / 100
    return (share, read[0], read[1], figure) if share > 0 else None


@check("tax_between_net_and_gross", NoParams, fields=("tax", "rate", "net", "gross", "expected"))
def tax_between_net_and_gross(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """Net x (1 + rate) = gross, both stated beside the tax line, but the tax is not net x rate."""
    del params
    lines = ctx.text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for i, line in enumerate(lines):
        found = _tax_figure(line)
        if found is None:
            continue
        share, tax, places, figure = found
        window = "\n".join(lines[max(0, i - _WINDOW) : i + _WINDOW + 1])
        sums = {
            v[0]
            for m in _FIGURE.finditer(window)
            if (v := figure_value(m.group(1))) is not None and v[0] != tax
        }
        within = (n * share / (1 + share) for n in sums)  # the tax inside a gross
        if any(_near(n * share, tax, places) for n in sums) or any(
            _near(w, tax, places) for w in within
        ):
            continue  # the tax of some sum beside it (of the net, or within a gross)
        pairs = [(n, g) for n in sums for g in sums if g > n and _near(n * (1 + share), g, places)]
        if len(pairs) != 1:
            continue
        net, gross = pairs[0]
        start = offsets[i] + figure.start(1)
        yield Hit(
            ctx.span(start, offsets[i] + figure.end(1)),
            {
                "tax": figure.group(1),
                "rate": f"{share * 100:g}%",
                "net": f"{net:,}",
                "gross": f"{gross:,}",
                "expected": f"{(net * share).quantize(Decimal(1).scaleb(-places)):,}",
            },
        )
