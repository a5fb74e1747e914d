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

_TAX = re.compile(r"VAT|增值税|税额|税金|\bGST\b|sales tax|value[- ]added tax", re.I)
_RATE = re.compile(r"(?<![\d.])(\d{1,2}(?:\.\d{1,2})?)\s?(?:%|％)")
_FIGURE = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d{3,}(?:\.\d{1,2})?)(?![\d%％]|[,.]\d)"
    r"(?!\s?(?:%|％))"
)
_SPELLED = (
    r"(?:(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
    r"|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy"
    r"|eighty|ninety|hundred|thousand|million|and)[\s-]+)+"
    r"(?:pounds|dollars|euros|yuan|renminbi|United States dollars|US dollars)?"
)
# what may stand between a tax's rate and its figure: "VAT at 20% | £", "增值税为¥", "is RMB "
_INTRODUCES = re.compile(
    # "VAT at 20% on the Monthly Service Charge: £8,500", "… amounts to four hundred and
    # ninety-two thousand pounds (£492,000)"
    r"^[\s|:：=（(]*(?:on (?:the )?(?:[A-Z][\w-]*\s?){1,4})?"
    r"(?:is|of|amounts? to|comes to|税额|金额|计|为|是)*[\s|:：=]*"
    rf"(?:{_SPELLED}\s*\()?"
    r"(?:RMB|CNY|USD|US\$|GBP|EUR|人民币|[¥￥$£€])?\s*$",
    re.I,
)
_ATTACHED = 12  # the rate is the tax's own: "VAT at 20%", "增值税（税率9%）", "6%税率计算的增值税"
_WINDOW = 2  # lines either side: a table's net and gross rows sit around its tax row
_REACH = 90  # the tax figure follows its rate within this many characters
_AT_RATE = re.compile(r"^\s*at the (?:\w+ )?rate of\s*$", re.I)  # "VAT at the current rate of 6%"


def _near(a: Decimal, b: Decimal, places: int) -> bool:
    return abs(a - b) <= Decimal(1).scaleb(-places) + Decimal("0.005")


def _tax_figure(line: str) -> tuple[Decimal, Decimal, int, re.Match[str]] | None:
    """The rate and the tax figure of a line that names a tax."""
    pairs = [
        (t, r)
        for t in _TAX.finditer(line)
        for r in _RATE.finditer(line)
        if max(r.start() - t.end(), t.start() - r.end()) <= _ATTACHED
        or _AT_RATE.match(line[t.end() : r.start()])
    ]
    if len({r.start() for _, r in pairs}) != 1:
        return None
    # one rate: its tax is the nearest tax word ("excluding VAT. VAT at 20%")
    tax, rate = min(
        pairs, key=lambda p: min(abs(p[1].start() - p[0].end()), abs(p[0].start() - p[1].end()))
    )
    after = max(tax.end(), rate.end())
    figure = _FIGURE.search(line, after, min(len(line), after + _REACH))
    if figure is not None and not _INTRODUCES.match(line[after : figure.start()]):
        return None  # the figure is not given as the tax ("inclusive of VAT at 20%, being …")
    read = figure_value(figure.group(1)) if figure else None
    if figure is None or read is None:
        return None
    share = Decimal(rate.group(1)) / 100
    return (share, read[0], read[1], figure) if share > 0 else None


def _figures(text: str) -> set[Decimal]:
    return {v[0] for m in _FIGURE.finditer(text) if (v := figure_value(m.group(1))) is not None}


def _net_gross(sums: set[Decimal], share: Decimal, places: int) -> list[tuple[Decimal, Decimal]]:
    return [(n, g) for n in sums for g in sums if g > n and _near(n * (1 + share), g, places)]


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
        sums = {v for v in _figures(window) if v != tax}
        within = (n * share / (1 + share) for n in sums)  # the tax inside a gross
        if any(_near(n * share, tax, places) for n in sums) or any(
            _near(w, tax, places) for w in within
        ):
            continue  # the tax of some sum beside it (of the net, or within a gross)
        pairs = _net_gross(sums, share, places)
        if len(pairs) != 1:
            # the tax line's own net and gross come first: "RMB 56,000 excluding VAT, plus VAT at
            # 13% of RMB 7,380, that is RMB 63,280", with the term's totals on the next line
            own = _figures(line)
            pairs = [p for p in pairs if p[0] in own and p[1] in own] or [
                p for p in pairs if p[0] in own or p[1] in own
            ]
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


# the roles a line gives its figures: the net before tax, the tax, the gross with it
_NET_AFTER = re.compile(
    r"^\s*(?:元|yuan)?\s*[(（]?\s*(?:exclusive of|excluding|excl\.?|net of|before)\s+"
    r"(?:VAT|value[- ]added tax|tax)|^\s*(?:元)?\s*[(（]?\s*不含税",
    re.I,
)
_NET_BEFORE = re.compile(r"(?:不含税|未含税|税前)[^\d，,；;]{0,8}$")
_TAX_BEFORE = re.compile(
    r"(?:(?<!不含)(?<!未含)(?<!价)税额|增值税额?|(?<!of )(?<!excluding )(?<!exclusive of )\bVAT"
    r"|(?<!of )value[- ]added tax)"
    r"(?:[^\d，,；;]{0,14}?\d{1,2}(?:\.\d{1,2})?\s?(?:%|％)[)）]?)?[^\d，,；;%]{0,12}$",
    re.I,
)
_GROSS_BEFORE = re.compile(
    r"(?:含税(?:合计|总价|价款|金额|总额)?|价税合计|making|that is|giving(?: a total of)?|in total"
    r"|(?:including|inclusive of|incl\.?) (?:VAT|value[- ]added tax)|总计|合计)[^\d，,；;%]{0,10}$",
    re.I,
)


@check("tax_sum_wrong", NoParams, fields=("net", "tax", "gross", "expected"))
def tax_sum_wrong(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """'不含税合计：3,146,000.00元；增值税额：418,980.00元；含税合计：3,554,980.00元': a net, its
    tax and the gross stated in a row on one line, where the net and the tax do not make the gross.
    The roles come from the words each figure carries, so it reads any phrasing of the three."""
    del params
    offset = 0
    for line in ctx.text.split("\n"):
        if _TAX.search(line):
            yield from _wrong_triples(ctx, line, offset)
        offset += len(line) + 1


def _wrong_triples(ctx: RuleContext, line: str, offset: int) -> Iterator[Hit]:
    found = [m for m in _FIGURE.finditer(line) if not re.match(r"\s?(?:%|％)", line[m.end() :])]
    for a, b, c in zip(found, found[1:], found[2:], strict=False):
        gaps = line[a.end() : b.start()] + line[b.end() : c.start()]
        if re.search(r"\d", _RATE.sub("", gaps)):
            continue
        net_said = _NET_AFTER.match(line[a.end() : a.end() + 30]) or _NET_BEFORE.search(
            line[max(0, a.start() - 20) : a.start()]
        )
        tax_said = _TAX_BEFORE.search(line[a.end() : b.start()][-36:])
        gross_said = _GROSS_BEFORE.search(line[b.end() : c.start()][-24:])
        if not (tax_said and (net_said or gross_said) and (net_said or c.start() - b.end() < 40)):
            continue
        read = [figure_value(m.group(1)) for m in (a, b, c)]
        if any(r is None for r in read):
            continue
        (net, p1), (tax, p2), (gross, p3) = (r for r in read if r is not None)
        places = max(p1, p2, p3)
        if (
            tax >= net
            or _near(net + tax, gross, places)
            or not (Decimal("0.75") < gross / (net + tax) < Decimal("1.25"))
        ):
            continue
        yield Hit(
            ctx.span(offset + a.start(1), offset + c.end(1)),
            {
                "net": a.group(1),
                "tax": b.group(1),
                "gross": c.group(1),
                "expected": f"{net + tax:,}",
            },
        )
