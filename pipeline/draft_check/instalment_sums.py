"""A sum a point works out from the contract's instalments: "the first two instalments alone
amount to RMB 1,680,000", "前两期合计1,500,000元". The contract's instalments are read as ordered
facts (a schedule row or a line per instalment: "First | … | RMB 720,000", "第二期：…
1,080,000元"), and the point's sum must be the sum of the first N of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from pipeline.draft_check.figures import Figure, sentence_bounds

_EN_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
_ZH_NUMERALS = "一二三四五六七八"
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "两": 2, "二": 2, "三": 3, "四": 4}
_COUNT_WORDS.update({"五": 5, **{str(k): k for k in range(2, 9)}})

# the row or line of the Nth instalment: "First | …", "Instalment 2 | …", "第二期：…", "首期款"
_ROW = re.compile(
    r"(?im)^[ \t|]*(?:(?P<en>" + "|".join(_EN_ORDINALS) + r")\b(?:\s+instal+ment)?"
    r"|instal+ment\s+(?P<num>\d)\b|第(?P<zh>[" + _ZH_NUMERALS + r"\d])期|(?P<head>首期|首付))"
    r"(?P<rest>[^\n]*)"
)
_MONEY = re.compile(
    r"(?<![\d.,])(?:\d{1,3}(?:,\d{3})+|\d{4,})(?:\.\d{1,2})?(?![\d.,]*\d)(?!\s*[%％])"
)
# the point's claim: "the first two instalments (alone) amount to", "前两期(款项)合计"
_EN_CLAIM = re.compile(
    r"\bfirst\s+(?P<n>two|three|four|five|[2-8])\s+(?:\w+\s+){0,2}?instal+ments?\b"
    r"[^.;\d]{0,40}?\b(?:amount to|amounts to|total|totals|come to|comes to|add up to|sum to"
    r"|are|is|of|=)\s*(?:only|just|about|approximately)?\s*$",
    re.I,
)
_ZH_CLAIM = re.compile(
    r"前(?P<n>[两二三四五2-8])期[^，。；\d]{0,10}?(?:合计|共计|总计|共|计|为|即|达)\s*(?:人民币)?\s*$"
)


@dataclass(frozen=True)
class Instalment:
    order: int
    value: float
    start: int  # where its sum stands in the contract's text
    end: int


def _order(m: re.Match[str]) -> int | None:
    if m.group("en"):
        return _EN_ORDINALS.index(m.group("en").lower()) + 1
    if m.group("num"):
        return int(m.group("num"))
    if m.group("zh"):
        z = m.group("zh")
        return int(z) if z.isdigit() else _ZH_NUMERALS.index(z) + 1
    return 1 if m.group("head") else None


def instalments(text: str) -> list[Instalment]:
    """The contract's instalments in order, when it lists them once each from the first."""
    found: dict[int, Instalment] = {}
    for m in _ROW.finditer(text):
        order = _order(m)
        money = _MONEY.search(m.group("rest"))
        if order is None or money is None:
            continue
        if order in found:
            return []  # two schedules (or a schedule and a restatement): not one list
        at = m.start("rest") + money.start()
        found[order] = Instalment(
            order, float(money.group().replace(",", "")), at, at + len(money.group())
        )
    ordered = [found[k] for k in sorted(found)]
    return ordered if [i.order for i in ordered] == list(range(1, len(ordered) + 1)) else []


@dataclass(frozen=True)
class InstalmentSum:
    said: Figure
    last: Instalment  # the Nth instalment, where the verdict points
    computed: str


def claimed_sums(
    text: str, said: list[Figure], schedule: list[Instalment]
) -> Iterator[InstalmentSum]:
    """The point's sums of the first N instalments that the schedule does not give."""
    for figure in (f for f in said if f.kind == "amount"):
        left, _ = sentence_bounds(text, figure.start, figure.end)
        before = re.sub(r"(?:RMB|CNY|USD|GBP|EUR|US\$|[¥￥$£€])\s*$", "", text[left : figure.start])
        m = _EN_CLAIM.search(before) or _ZH_CLAIM.search(before)
        if m is None:
            continue
        n = _COUNT_WORDS.get(m.group("n").lower())
        if n is None or n > len(schedule):
            continue
        parts = schedule[:n]
        total = sum(p.value for p in parts)
        if abs(total - float(figure.value)) <= max(1.0, 0.0002 * total):
            continue
        shown = " + ".join(f"{p.value:,.2f}".rstrip("0").rstrip(".") for p in parts)
        yield InstalmentSum(figure, parts[-1], f"{shown} = {total:,.2f}".rstrip("0").rstrip("."))
