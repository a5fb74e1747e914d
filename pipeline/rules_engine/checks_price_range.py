"""A price given only as a range, with no way to pick the point in it (民法典 470, 510).

"含税单价在每吨人民币3,950元至4,280元之间" or "K为库容调节系数，取值区间为0.8至1.5" states
bounds, not a price: if no clause says who picks the figure in the range, or by what measure
(an index on the delivery date, each order's confirmation), the sum owed cannot be computed.
A lawful band says how the point is chosen, or bounds an adjustment that a clause computes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import Field

from pipeline.rules_engine.checks_patterns import regex
from pipeline.rules_engine.context import RuleContext, Sentence
from pipeline.rules_engine.pipe_tables import pipe_tables, two_column_tables
from pipeline.rules_engine.registry import Hit, Params, check

_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_RANGES = {
    "zh": re.compile(
        rf"(?:在|为|介于|区间为|范围为)\s*(?:每[^\d，。；]{{1,4}})?(?:人民币|¥|￥)?\s*(?P<lo>{_NUMBER})"
        rf"\s*(?:元|万元|%|％)?\s*(?:至|到|～|~|—|－|-)\s*(?:人民币|¥|￥)?\s*(?P<hi>{_NUMBER})"
        r"\s*(?:元|万元|%|％)?\s*(?:之间|区间|范围内|(?=[，。；]))"
        # the same band as two bounds: "不低于人民币138,000元且不高于人民币176,000元"
        rf"|不(?:低|少)于\s*(?:每[^\d，。；]{{1,4}})?(?:人民币|¥|￥)?\s*(?P<lo2>{_NUMBER})\s*(?:元|万元|%|％)?"
        rf"\s*[，,]?\s*(?:且|并且|但)?\s*不(?:高于|多于|超过)\s*(?:每[^\d，。；]{{1,4}})?(?:人民币|¥|￥)?"
        rf"\s*(?P<hi2>{_NUMBER})\s*(?:元|万元|%|％)?"
    ),
    "en": re.compile(
        rf"\b(?:between|ranging from|range of|from)\s+(?:[A-Z]{{3}}\s?|[$£€¥]\s?)?(?P<lo>{_NUMBER})"
        rf"\s*%?\s*(?:and|to|-)\s*(?:[A-Z]{{3}}\s?|[$£€¥]\s?)?(?P<hi>{_NUMBER})\s*%?"
        # the same band as two bounds: "not less than £138,000 and not more than £176,000"
        rf"|\b(?:not|no) less than\s+(?:[A-Z]{{3}}\s?|[$£€¥]\s?)?(?P<lo2>{_NUMBER})\s*%?"
        rf"\s*(?:,\s*)?(?:and|but|nor)\s+(?:not |no )?(?:more than|greater than|exceeding)\s+"
        rf"(?:[A-Z]{{3}}\s?|[$£€¥]\s?)?(?P<hi2>{_NUMBER})\s*%?",
        re.I,
    ),
}
# a price column's cell that holds a band, not a figure: "4,180 to 5,060", "3,950–4,280元"
_CELL_BAND = re.compile(
    rf"^(?:[A-Z]{{3}}\s?|[$£€¥￥]\s?|人民币)?(?P<lo>{_NUMBER})\s*(?:元|万元|%)?\s*"
    rf"(?:to|-|–|—|~|～|至)\s*(?:[A-Z]{{3}}\s?|[$£€¥￥]\s?|人民币)?(?P<hi>{_NUMBER})\s*(?:元|万元|%)?$"
)
_EN_MONEY = re.compile(r"[$£€¥]|\b[A-Z]{3}\s?\d|%|\bper (?:cent|unit|tonne|hour|day|month)\b")
# a one-letter symbol defined in a formula: "K为库容调节系数", "where K is the adjustment factor"
_SYMBOL = {
    "zh": re.compile(r"(?<![A-Za-z])(?P<sym>[A-Z])\s*(?:为|是|指)"),
    "en": re.compile(r"\b(?:where|and)\s+(?P<sym>[A-Z])\s+(?:is|means)\b"),
}


class PriceRangeParams(Params):
    price: str = Field(description="regex: the price term that a range must be the value of")
    chosen: str = Field(
        description="regex: a sentence saying how the point in the range is picked (以…为准, "
        "按…确定, determined by)"
    )
    unless: list[str] = Field(
        default_factory=list,
        description="regexes on the sentence: a lawful band (an adjustment, a cap, a penalty)",
    )


_PICKED_WITHIN = 100  # characters after the term


def _named(sentence: str, start: int, price: re.Pattern[str]) -> str | None:
    """The price term nearest before the range in its sentence."""
    names = list(price.finditer(sentence, 0, start))
    return names[-1].group() if names else None


def _picked_elsewhere(
    ctx: RuleContext, range_sentence: Sentence, keys: list[str], chosen: re.Pattern[str]
) -> bool:
    """Another sentence names the term and says how it is picked. In English the term must be
    a word of its own and the way of picking follow it closely: "legal fees … in accordance with"
    picks no fee."""
    for sentence in ctx.sentences:
        if sentence.start == range_sentence.start:
            continue
        if ctx.language == "zh":
            if any(k in sentence.text for k in keys) and chosen.search(sentence.text):
                return True
            continue
        for key in keys:
            for named in re.finditer(rf"\b{re.escape(key)}\b", sentence.text):
                if chosen.search(sentence.text, named.end(), named.end() + _PICKED_WITHIN):
                    return True
    return False


def _bounds(m: re.Match[str]) -> tuple[float, float]:
    lo, hi = (m["lo"], m["hi"]) if m["lo"] is not None else (m["lo2"], m["hi2"])
    return float(lo.replace(",", "")), float(hi.replace(",", ""))


def _banded_columns(
    ctx: RuleContext,
    price: re.Pattern[str],
    chosen: re.Pattern[str],
    unless: list[re.Pattern[str]],
) -> Iterator[Hit]:
    """A table whose price column holds bands ("Distributor Price (USD per unit) | 4,180 to
    5,060"): the row's item has no price unless some clause says how the figure is picked."""
    for table in [*pipe_tables(ctx.text), *two_column_tables(ctx.text)]:
        header = table[0]
        for col, head in enumerate(header):
            term = price.search(head.text)
            if term is None or chosen.search(head.text) or any(p.search(head.text) for p in unless):
                continue
            for row in table[1:]:
                if col == 0 or col >= len(row):
                    continue  # a band that keys the row ("3.00 to 3.249 | 0.40") prices nothing
                if any(c.value is not None for c in row[col + 1 :]):
                    continue  # a figure to its right is what the band keys: a bracket
                band = _CELL_BAND.match(row[col].text)
                if band is None or float(band["lo"].replace(",", "")) >= float(
                    band["hi"].replace(",", "")
                ):
                    continue
                held = ctx.sentence_at(row[col].start)
                if held is not None and _picked_elsewhere(ctx, held, [term.group()], chosen):
                    break
                row_text = " | ".join(c.text for c in row)
                yield Hit(
                    ctx.span(row[col].start, row[col].start + len(row[col].text)),
                    {"term": head.text, "range": row[col].text, "sentence": row_text[:160]},
                )
                return


@check("price_range_open", PriceRangeParams, fields=("term", "range", "sentence"))
def price_range_open(ctx: RuleContext, params: PriceRangeParams) -> Iterator[Hit]:
    """A price, rate or a factor of its formula stated as a range, and no clause says how the
    figure in it is chosen."""
    language = "zh" if ctx.language == "zh" else "en"
    price, chosen = regex(params.price), regex(params.chosen)
    unless = [regex(p) for p in params.unless]
    yield from _banded_columns(ctx, price, chosen, unless)
    for sentence in ctx.sentences:
        text = sentence.text
        for m in _RANGES[language].finditer(text):
            name = _named(text, m.start(), price)
            lo, hi = _bounds(m)
            if name is None or lo >= hi:
                continue
            if chosen.search(text) or any(p.search(text) for p in unless):
                continue
            if language == "en" and not _EN_MONEY.search(text, m.start(), m.end() + 12):
                continue  # "between 1 and 15 of each month" is not a price band
            symbol = _SYMBOL[language].search(text, 0, m.start())
            keys = [name] + ([symbol["sym"]] if symbol else [])
            if _picked_elsewhere(ctx, sentence, keys, chosen):
                continue
            yield Hit(
                ctx.span(sentence.start + m.start(), sentence.start + m.end()),
                {
                    "term": name,
                    "range": m.group().strip().rstrip(","),
                    "sentence": " ".join(text.split())[:160],
                },
            )
            return
