"""An exclusion of liability for death or personal injury hidden as one item of a list.

A list of things a party "shall not be responsible for" (有下列情形之一的，甲方不承担赔偿责任：
（一）…；（二）…) is read item by item with its head: one item about injury or death that does
not rest on the injured side's own fault (it is "however caused", "whether or not caused by
negligence", an "inherent risk", or names no cause at all) excludes liability for personal
injury, which PRC law (民法典 506) and English law (UCTA 1977 s 2(1), for negligence) do not
allow. Items that rest on the injured person's own breach, or on the excluding party having
done its duty, are the lawful twins; so is a list whose exclusion the contract saves for the
whole agreement ("Nothing in this Agreement limits liability for death or personal injury").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_HEAD = {
    "zh": re.compile(
        r"(?:不承担|不负)(?:任何)?(?:赔偿|法律)?责任|概不负责|免除[^。；：]{0,10}责任|免责"
    ),
    "en": re.compile(
        r"\b(?:shall|will|is|are)\s+not\s+be\s+(?:liable|responsible)\s+(?:to\s+\w+\s+)?for"
        r"|\bno\s+(?:liability|responsibility)\s+(?:whatsoever\s+)?for"
        r"|\bexclude[sd]?\s+(?:all\s+)?liability\s+for",
        re.I,
    ),
}
_ITEM = {
    "zh": re.compile(r"[（(][一二三四五六七八九十]{1,3}[)）]|(?<![\d.])\d{1,2}[)）、]"),
    "en": re.compile(r"\(\s*(?:[a-h]|i{1,3}|iv|v|vi{0,3})\s*\)", re.I),
}
_INJURY = {
    "zh": re.compile(r"人身伤害|人身损害|人身伤亡|人员伤亡|伤亡|死亡|受伤|伤残|人身伤"),
    "en": re.compile(r"\b(?:death|personal injury|bodily injury|injury|injuries|illness)\b", re.I),
}
# the item rests on the injured side's own breach or fault, or on the other side's care
_OWN_FAULT = {
    "zh": re.compile(
        r"违反|擅自|隐瞒|不听从|拒不|自身(?:原因|过错|疾病)|(?:[甲乙丙]方|本人)(?:的)?(?:故意|过错|原因)"
        r"|已尽[^；。]{0,12}(?:义务|职责)"
    ),
    "en": re.compile(
        r"\b(?:caused|arising)\s+(?:solely\s+)?(?:by|from)\s+(?:the\s+)?(?:(?:its|their|his|her)\s+own"
        r"|the\s+(?:injured|affected)\b)|\bown\s+(?:negligence|fault|breach|default)\b",
        re.I,
    ),
}
# however caused: the item reaches the excluding party's own fault in so many words
_ANY_CAUSE = {
    "zh": re.compile(r"固有风险|无论[^；。]{0,12}原因|不论[^；。]{0,12}原因|任何原因"),
    "en": re.compile(
        r"\bhowever\s+(?:caused|arising)|\bwhether\s+or\s+not\s+caused|\bhowsoever"
        r"|\bincluding\s+(?:by\s+)?(?:the\s+)?negligence|\bwhatever\s+(?:the\s+)?cause",
        re.I,
    ),
}
# a saving for the whole contract keeps injury liability whatever a list says
_WHOLE_SAVING = {
    "zh": re.compile(r"本合同[^。]{0,30}(?:不免除|不排除|不限制)[^。]{0,30}(?:人身|伤亡)"),
    "en": re.compile(
        r"nothing in (?:this|the) (?:Agreement|Contract|these (?:Terms|Conditions))\b[^.]{0,80}"
        r"(?:limits?|excludes?|restricts?)[^.]{0,80}(?:death|personal injury)",
        re.I,
    ),
}


class ExclusionItemParams(Params):
    language: str = "zh"


def _items(line: str, language: str) -> Iterator[tuple[str, str, int]]:
    """(head, item, item offset) for each listed item after an exclusion head."""
    markers = list(_ITEM[language].finditer(line))
    if len(markers) < 2:
        return
    head = line[: markers[0].start()]
    if not _HEAD[language].search(head[-160:]):
        return
    for i, m in enumerate(markers):
        end = markers[i + 1].start() if i + 1 < len(markers) else len(line)
        yield head, line[m.end() : end], m.end()


def _excludes_injury(item: str, language: str) -> bool:
    if not _INJURY[language].search(item):
        return False
    if _ANY_CAUSE[language].search(item):
        return True
    return not _OWN_FAULT[language].search(item)


@check("injury_excluded_in_list", ExclusionItemParams, fields=("item", "sentence"))
def injury_excluded_in_list(ctx: RuleContext, params: ExclusionItemParams) -> Iterator[Hit]:
    """One item of an exclusion list excludes liability for death or personal injury."""
    language = params.language
    if _WHOLE_SAVING[language].search(ctx.text):
        return
    # a list's items may be split into sentences: read the whole paragraph line
    at = 0
    for line in ctx.text.split("\n"):
        for _, item, offset in _items(line, language):
            if _excludes_injury(item, language):
                quote = re.sub(r"[；;。.,，\s]*(?:\b(?:or|and))?[\s；;。.,，]*$", "", item.strip())
                start = at + offset + (len(item) - len(item.lstrip()))
                fields = {"item": quote, "sentence": line.strip()}
                yield Hit(ctx.span(start, start + len(quote)), fields)
                break
        at += len(line) + 1
