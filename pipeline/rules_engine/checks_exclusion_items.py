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


# "does not exclude liability for", "Nothing in this Clause limits or excludes liability for":
# a saving, not an exclusion
_SAVES = re.compile(r"(?:\bnot|\bnor|n't)\s+(?:\w+\s+)?$|\bnothing\b[^.;]{0,80}$", re.I)


def _exclusion_head(language: str, text: str) -> re.Match[str] | None:
    for m in _HEAD[language].finditer(text):
        if language == "zh" or not _SAVES.search(text[max(0, m.start() - 100) : m.start()]):
            return m
    return None


class ExclusionItemParams(Params):
    language: str = "zh"


def _items(line: str, language: str) -> Iterator[tuple[str, str, int]]:
    """(head, item, item offset) for each listed item after an exclusion head."""
    markers = list(_ITEM[language].finditer(line))
    if len(markers) < 2:
        return
    head = line[: markers[0].start()]
    if _exclusion_head(language, head[-160:]) is None:
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


# the exclusion keeps the excluding side's own negligence or fault: "unless caused by its
# negligence", "save to the extent caused by the Customer's breach"
_KEEPS_FAULT = re.compile(
    r"\b(?:except|save|unless|other than|but not|provided that)\b[^.;]{0,80}"
    r"\b(?:negligen\w*|fault|breach|wil(?:l)?ful|default)",
    re.I,
)


_NOR_FOR = re.compile(r"\bnor\s+(?:\w+\s+){0,3}?for\b", re.I)


@check("injury_excluded_by_sentence", fields=("sentence",))
def injury_excluded_by_sentence(ctx: RuleContext, params: Params) -> Iterator[Hit]:
    """An English sentence (not a list) excluding liability for death or personal injury
    whatever its cause: "The Hirer shall not be liable for any injury to the Contractor's
    staff howsoever caused"."""
    if _WHOLE_SAVING["en"].search(ctx.text):
        return
    for sentence in ctx.sentences:
        text = sentence.text
        head = _exclusion_head("en", text)
        if head is None or len(_ITEM["en"].findall(text)) >= 2:
            continue
        tail = text[head.end() :]
        # "shall not be responsible for the costs …, nor for any injury to …": each "nor for"
        # opens the head again
        starts = [0, *(m.end() for m in _NOR_FOR.finditer(tail))]
        injury = next((m for k in starts if (m := _INJURY["en"].search(tail[k : k + 160]))), None)
        if injury is None or _KEEPS_FAULT.search(text):
            continue
        if _ANY_CAUSE["en"].search(text) or not _OWN_FAULT["en"].search(text):
            yield Hit(ctx.sentence_span(sentence), {"sentence": text.strip()})
