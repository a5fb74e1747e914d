"""How a figure is stated and what it is about: a bound or an ordinal (不少于5年, 第五日), and
the topic of an amount (定金, 租金): whether a point's figure can restate a contract's."""

from __future__ import annotations

import re

from pipeline.draft_check.figures import ORDINAL_BEFORE, THRESHOLD_WORDS, Figure, clause_bounds
from pipeline.entities.topics import nearest_topic

# a bound: a threshold or a deadline, just before the figure ("not exceed", "within", 不超过)
# or right after it (30日内, 5年以上)
_BOUND_BEFORE = re.compile(
    rf"{THRESHOLD_WORDS.pattern}|\bwithin\b|\b(?:no|not) later than\b|不迟于", re.I
)
_BOUND_AFTER = re.compile(r"\s*(?:以内|之内|内|以上|以下|or (?:more|less)\b|at the latest\b)", re.I)
BRACKETED = re.compile(r"[(（][^()（）]{0,40}[)）]")


def restates(said: tuple[bool, bool], stated: tuple[bool, bool]) -> bool:
    """A point's plain figure may restate a bound or an ordinal ("a 12-month non-compete" for
    "十二个月内"), but its bound or ordinal does not restate a plain figure: "at least 5 years"
    against "2 years" is the law's minimum or another duty's, "第3至5年" a time, not a period."""
    return all(
        stated_part or not said_part for said_part, stated_part in zip(said, stated, strict=True)
    )


def topic_of(text: str, figure: Figure) -> str | None:
    """What an amount is (定金, 违约金, 租金 …: ``topics.TOPICS``), from the words of its
    clause before it; None for other kinds, or when no topic word is there."""
    if figure.kind != "amount":
        return None
    left, _ = clause_bounds(text, figure.start, figure.end)
    return nearest_topic(text[left : figure.start])[0]


# topics a review may name one by the other: "the deposit" for a security deposit, "the fees"
# for the price
_TOPIC_FAMILY = {
    "earnest_money": "deposit",
    "security_deposit": "deposit",
    "net_price": "total_price",
    "fee": "total_price",
    "instalment": "total_price",
}


def topics_agree(a: str | None, b: str | None) -> bool:
    if a is None or b is None:
        return True
    return _TOPIC_FAMILY.get(a, a) == _TOPIC_FAMILY.get(b, b)


def shape_of(text: str, figure: Figure) -> tuple[bool, bool]:
    """How a figure is stated: as a bound (不少于5年, "shall not exceed $240,000") and as an
    ordinal (第五日); see :func:`restates`."""
    left, right = clause_bounds(text, figure.start, figure.end)
    head = text[:left].rstrip()
    if head.endswith((":", "：", "|")):  # a row's label: value
        left = clause_bounds(text, len(head) - 1, len(head) - 1)[0]
    lead = text[max(left, figure.start - 48) : figure.start]
    bound = _BOUND_BEFORE.search(lead) or _BOUND_AFTER.match(text, figure.end, right)
    before = text[max(0, figure.start - 8) : figure.start]
    return bool(bound), bool(ORDINAL_BEFORE.search(before))
