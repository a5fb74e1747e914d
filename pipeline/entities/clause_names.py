"""How a lawyer names a clause: "第2.2条" for 2.2 under 第二条, "Section 7.1" for 7.1 under
Section 7, "7.1" under "7.", "第五条"; the heading path ("第二章 / 第五条") where no shorter name
is right.

Intake names a DOCX paragraph's clause with it (from the heading path), and the reports name a
finding's clause with it (from ``Finding.clause``, the same path joined with " / ").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pipeline.entities.clauses import clause_number

_DOTTED = re.compile(r"\d+(?:\.\d+)+")
_WORDED = re.compile(r"^(?:ARTICLE|Article|SECTION|Section|CLAUSE|Clause|SCHEDULE|Schedule)\s")
_NAMED = re.compile(r"^第.+条")
_NUMBER_IN_LABEL = re.compile(
    r"^第(?P<cn>.+?)[条章]$"
    r"|^(?:ARTICLE|Article|SECTION|Section|CLAUSE|Clause|SCHEDULE|Schedule|EXHIBIT|Exhibit"
    r"|ANNEX|Annex|APPENDIX|Appendix)\s+(?P<word>\S+)$"
    r"|^附件(?P<annex>.+)$"
    r"|^(?P<listed>[一二三四五六七八九十]+)、$"
)


def clause_name(labels: Sequence[str], numbers: Sequence[str]) -> str:
    """The name of the innermost clause of a heading path (``labels`` outermost first, with
    their ``numbers``, as :func:`pipeline.entities.clauses.heading_paths` gives them)."""
    inner = labels[-1]
    if _DOTTED.fullmatch(inner):
        first = inner.split(".")[0]
        for label, number in zip(reversed(labels[:-1]), reversed(numbers[:-1]), strict=True):
            if _DOTTED.fullmatch(label) or label.isdigit():
                continue  # a bare number ("7", "2.2") names no kind of clause
            if number == first and label.startswith("第") and label.endswith("条"):
                return f"第{inner}条"
            if number == first and _WORDED.match(label):
                return f"{label.split()[0]} {inner}"
            return " / ".join(labels)  # under 第二章, 附件二 or a clause of another number
        return inner
    if _NAMED.match(inner) or _WORDED.match(inner) or len(labels) == 1:
        return inner
    return " / ".join(labels)


def label_number(label: str) -> str:
    """The number a heading label carries: "第二条" -> "2", "Section 7" -> "7", "2.1" -> "2.1"."""
    m = _NUMBER_IN_LABEL.match(label)
    if m is None:
        return label
    raw = next(g for g in m.groups() if g is not None)
    return clause_number(raw.rstrip("."))


def name_of_path(path: str) -> str:
    """The name of the clause a path such as "第二条 / 2.1" (``Finding.clause``) ends in."""
    labels = [part.strip() for part in path.split(" / ") if part.strip()]
    if not labels:
        return path
    return clause_name(labels, [label_number(label) for label in labels])
