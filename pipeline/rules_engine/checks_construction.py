"""Construction contracts: warranty periods against the statutory minimum.

建设工程质量管理条例第40条 sets the minimum 保修 periods from completion acceptance: the
foundation and main structure for the design life, waterproofing and leak-proofing 5 years,
heating and cooling 2 seasons, electrical, plumbing, installation and decoration 2 years. A
contract may agree longer periods, never shorter ones. The check pairs each warranty period
with the works it covers in the same sentence or table row.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import Field

from kb.numerals import parse_cn_integer
from pipeline.rules_engine.checks_patterns import contract_title, regex
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

# (works, minimum in months, how the regulation states it); the design life of an ordinary
# building is 50 years
_MINIMUMS: tuple[tuple[str, float, str], ...] = (
    (r"地基基础|主体结构|基础工程", 600.0, "设计文件规定的合理使用年限（一般建筑为50年）"),
    (r"防水|防渗漏|渗漏", 60.0, "5年"),
    (r"供热|供冷|采暖|暖通|空调", 24.0, "2个采暖期、供冷期"),
    (r"电气|给排水|管道|管线|设备安装|装修|装饰", 24.0, "2年"),
)
_PERIOD = re.compile(
    # "2025年7月" in a payment table is a month of a year, not a seven-month period
    r"(?<![\d年月.])(?P<n>\d+(?:\.\d+)?|[一二两三四五六七八九十]+)\s*(?:个)?\s*"
    r"(?P<unit>年(?!\s?\d{1,2}\s?月)|个月|月|采暖期|供冷期|制冷期|采暖季)"
)
_SEASON_MONTHS = 12.0  # one heating or cooling season per year


def _months(m: re.Match[str]) -> float | None:
    raw = m.group("n")
    try:
        n = float(raw) if raw[0].isdigit() else float(parse_cn_integer(raw.replace("两", "二")))
    except ValueError:
        return None
    unit = m.group("unit")
    if unit == "年":
        return n * 12
    if unit in ("个月", "月"):
        return n
    return n * _SEASON_MONTHS


class WarrantyParams(Params):
    title_words: str = Field(default=r"工程|施工|装修|装饰|安装", description="construction titles")
    sentence_words: str = r"保修|质保|质量保证期|缺陷责任期"
    context_chars: int = Field(default=300, ge=0, description="how far back a table heading counts")


@check("construction_warranty_minimum", WarrantyParams, fields=("works", "period", "minimum"))
def construction_warranty_minimum(ctx: RuleContext, params: WarrantyParams) -> Iterator[Hit]:
    """A warranty period for some works shorter than the statutory minimum for those works."""
    if not regex(params.title_words).search(contract_title(ctx)):
        return
    words = regex(params.sentence_words)
    for sentence in ctx.sentences:
        context = ctx.text[max(0, sentence.start - params.context_chars) : sentence.end]
        if not words.search(context):
            continue  # the period must be a warranty period: said here or in the lines above
        for m in _PERIOD.finditer(sentence.text):
            hit = _below_minimum(sentence.text, m)
            if hit is None:
                continue
            works, minimum = hit
            yield Hit(
                ctx.span(sentence.start + m.start(), sentence.start + m.end()),
                {"works": works, "period": m.group(), "minimum": minimum},
            )
            break


def _below_minimum(text: str, m: re.Match[str]) -> tuple[str, str] | None:
    """The works this period covers (the nearest works word before it, in its row or
    clause) and the minimum it falls short of."""
    months = _months(m)
    if months is None:
        return None
    row = "|" in text
    # a table row names its works in the first cell; a list item just before the period
    before = text[: m.start()] if row else text[max(0, m.start() - 40) : m.start()]
    best: tuple[int, str, float, str] | None = None
    for pattern, minimum, label in _MINIMUMS:
        for w in re.finditer(pattern, before):
            better = (
                w.start() < best[0] if (best and row) else (best is None or w.start() > best[0])
            )
            if best is None or better:
                best = (w.start(), w.group(), minimum, label)
    if best is None:
        return None
    _, works, minimum, label = best
    return (works, label) if months < minimum - 1e-9 else None
