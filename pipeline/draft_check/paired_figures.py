"""A sum the point gives beside a share, where the contract gives that share beside another sum:
"the second instalment of sixty percent, Three Hundred Thirty-Three Thousand Dollars" against
"sixty percent (60%), being US$339,000". The share names which sum the point restates, even
when its words share nothing else with the clause.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pipeline.draft_check.figures import Figure, same_value

# what may stand between a share and the sum it comes to: "60%, i.e. US$339,000", "60%即339,000元",
# "sixty percent (60%), being US$339,000"
_BESIDE = re.compile(
    r"\s*[)）]?\s*(?:\(\s*\d+(?:\.\d+)?\s*%\s*\))?\s*[,，、]?\s*"
    r"(?:i\.e\.|namely|being|that is|or|即|计|合|为|金额为|计人民币)?\s*[,，:：]?\s*$",
    re.I,
)
MAX_GAP = 24  # characters between the share and the sum


def _sum_beside(text: str, rate: Figure, amounts: Sequence[Figure]) -> Figure | None:
    after = [a for a in amounts if rate.end <= a.start <= rate.end + MAX_GAP]
    if not after:
        return None
    first = min(after, key=lambda a: a.start)
    return first if _BESIDE.fullmatch(text[rate.end : first.start]) else None


def paired_sum(
    point_text: str,
    said: Sequence[Figure],
    figure: Figure,
    contract_text: str,
    contract: Sequence[Figure],
) -> Figure | None:
    """The contract's sum beside the share that the point sets ``figure`` beside, when the
    contract sets one sum (and not ``figure``'s) beside that share everywhere it states it."""
    rates = [r for r in said if r.kind == "rate" and r.end <= figure.start]
    if not rates:
        return None
    rate = max(rates, key=lambda r: r.end)
    said_amounts = [a for a in said if a.kind == "amount"]
    if _sum_beside(point_text, rate, said_amounts) is not figure:
        return None
    amounts = [f for f in contract if f.kind == "amount"]
    beside = [
        found
        for r in contract
        if same_value(rate, r)
        for found in [_sum_beside(contract_text, r, amounts)]
        if found is not None
    ]
    values = {float(f.value) for f in beside}
    if len(values) != 1 or any(same_value(figure, f) for f in beside):
        return None
    return beside[0]
