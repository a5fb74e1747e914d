"""Clause numbers a text names: "Section 7.3", "Clauses 8.4 and 9.3", "§ 12", "第7.2款", "第六条".
Numbers come back in arabic form, as ``Clause.number`` holds them ("7.3", "6"). An article of a
law (民法典第586条) reads the same: callers keep law citations out first."""

from __future__ import annotations

import re

from kb.numerals import cn_to_int

EN_REF = re.compile(r"(?:Section|Article|Clause|Paragraph|§)s?\s*(\d+(?:\.\d+)*)", re.I)
# more numbers after the first: "Clauses 8.4 and 9.3", "Sections 11.1, 11.2 or 12"
_MORE_REFS = re.compile(r"(?:\s*(?:,|and|or|&)\s*(\d+(?:\.\d+)*))")
# 第7.2款, 第六条 (not 条例)
_ZH_REF = re.compile(r"第\s*(\d+(?:\.\d+)*|[一二三四五六七八九十百]+)\s*[条款项](?!例)")


def refs(text: str) -> set[str]:
    """The clause numbers an English text names, lists included."""
    return {number for _, number in _english(text)}


def clause_refs(text: str) -> list[str]:
    """The clause numbers a Chinese or English text names, in the order it names them."""
    found = _english(text)
    for m in _ZH_REF.finditer(text):
        number = m.group(1)
        if not number[0].isdigit():
            try:
                number = str(cn_to_int(number))
            except ValueError:
                continue
        found.append((m.start(), number.rstrip(".")))
    return list(dict.fromkeys(number for _, number in sorted(found)))


def _english(text: str) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for m in EN_REF.finditer(text):
        found.append((m.start(1), m.group(1)))
        pos = m.end()
        while more := _MORE_REFS.match(text, pos):
            found.append((more.start(1), more.group(1)))
            pos = more.end()
    return found
