"""Annexes: which a contract attaches, and references to one it does not (附件三, Schedule D).

Shared with the checks that read an annex's content (price, criteria, deferred terms); the
``missing_annex`` check reports a reference to an annex that is not attached while others are.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import Field

from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_ZH_NUM = "一二三四五六七八九十"
ANNEX_REF = {
    "zh": re.compile(rf"附件\s?(?P<id>[{_ZH_NUM}]{{1,3}}|\d{{1,2}})"),
    "en": re.compile(
        r"\b(?P<kind>Annex|Schedule|Exhibit|Appendix|Attachment)\s+(?P<id>\d{1,2}|[A-Z]{1,2}\b|[IVX]{1,4}\b)"
    ),
}
ANNEX_HEAD = {
    # "附件二、附件一、施工图及技术标准" that a wrap put at a line's start names annexes, no heading
    "zh": re.compile(
        rf"(?m)^[ \t]*附件\s?(?P<id>[{_ZH_NUM}]{{1,3}}|\d{{1,2}})"
        r"(?![、，,。；;及和与或的所中至约规列载])"
    ),
    "en": re.compile(
        r"(?m)^[ \t]*(?P<kind>ANNEX|Annex|SCHEDULE|Schedule|EXHIBIT|Exhibit|APPENDIX|Appendix"
        r"|ATTACHMENT|Attachment)\s+(?P<id>\d{1,2}|[A-Z]{1,2}\b|[IVX]{1,4}\b)"
    ),
}


@dataclass(frozen=True)
class AnnexRef:
    """A reference to an annex: where it stands and which annex it names."""

    begin: int
    finish: int
    key: str

    def start(self) -> int:
        return self.begin

    def end(self) -> int:
        return self.finish


# an English annex's heading with its title: "SCHEDULE 1 - ORDER FORM", "Schedule 2: Price List"
_TITLED_HEAD = re.compile(
    r"[ \t]*[-–—:.][ \t]*(?P<title>[A-Za-z][A-Za-z ]{2,40}?)[ \t]*(?:\(|$)", re.M
)
_MAX_TITLE_WORDS = 4


def annex_references(ctx: RuleContext, language: str) -> list[AnnexRef]:
    """References to annexes, by number ("Schedule 1") and, in English, by the title an attached
    annex's heading gives it ("the Order Form" for "SCHEDULE 1 - ORDER FORM"), in text order."""
    refs = [
        AnnexRef(m.start(), m.end(), annex_key(m)) for m in ANNEX_REF[language].finditer(ctx.text)
    ]
    if language == "en":
        first_head = len(ctx.text)
        titles: dict[str, str] = {}
        for head in ANNEX_HEAD["en"].finditer(ctx.text):
            first_head = min(first_head, head.start())
            titled = _TITLED_HEAD.match(ctx.text, head.end())
            if titled is None:
                continue
            title = " ".join(w.capitalize() for w in titled["title"].split())
            if 2 <= len(title.split()) <= _MAX_TITLE_WORDS:
                titles.setdefault(title, annex_key(head))
        for title, key in titles.items():
            named = re.compile(rf"\bthe\s+(?P<title>{re.escape(title)})\b")
            for ref in named.finditer(ctx.text, 0, first_head):
                refs.append(AnnexRef(ref.start("title"), ref.end(), key))
    return sorted(refs, key=lambda r: r.begin)


# a line that lists the annexes as part of the contract; "符合本合同附件三的要求" only refers to one
_ANNEX_LIST = re.compile(
    r"组成部分|附件清单|本合同(?:的)?附件(?:包括|如下|为|有|[：:])|附件如下|附件包括"
    r"|following (?:Schedules|Exhibits|Annexes|Appendices)"
    r"|form(?:s)? (?:an integral )?part of|attached hereto|incorporated (?:herein|into)",
    re.I,
)


_TITLE_AFTER = re.compile(r"[ \t]*[-–—:][ \t]*(?:Form of |The )?[A-Z][\w ]{2,60}[:.;]")


def present_annexes(ctx: RuleContext, language: str) -> set[str]:
    """Annexes attached (a short heading line) or listed as part of the contract."""
    present: set[str] = set()
    for m in ANNEX_HEAD[language].finditer(ctx.text):
        line_end = ctx.text.find("\n", m.end())
        line = ctx.text[m.start() : line_end if line_end >= 0 else len(ctx.text)]
        # a heading, not running text the PDF happened to break before "Exhibit A (the ..."
        # an all-caps SCHEDULE B at a line start is a heading whatever note follows it
        lowercase_words = len(re.findall(r"(?<![\w'])[a-z]{2,}", line))
        capital_kind = language == "en" and m.group("kind").isupper()
        # "Exhibit 1 - Form of Statement of Work: SOW number; …": attached, its content given
        titled = language == "en" and _TITLE_AFTER.match(ctx.text, m.end()) is not None
        if capital_kind or titled or (len(line.strip()) <= 100 and lowercase_words <= 3):
            present.add(annex_key(m))
    for line in ctx.text.split("\n"):
        if _ANNEX_LIST.search(line):
            present |= {annex_key(m) for m in ANNEX_REF[language].finditer(line)}
    return present


OF_ANOTHER_DOCUMENT = re.compile(
    r"\s+(?:to|of|in)\s+(?:the|that|each)\s+(?!Agreement\b|Contract\b|Lease\b|Terms\b)[A-Z]\w+"
    r"|\s*(?:to|of)\s+(?:the\s+)?《"
)


# an annex named right after a law, a standard or another document's title belongs to it
_OWNED_BY_INSTRUMENT = re.compile(
    r"(?:法规|法律|条例|规定|规则|标准|指令|公约|办法|规范|》|Regulation|Directive|Convention"
    r"|Standard)\s*(?:的)?\s*$"
)


def annex_key(m: re.Match[str]) -> str:
    kind = (m.groupdict().get("kind") or "附件").lower()
    return f"{kind} {m.group('id')}"


# what is sold and for what: a missing annex that alone says so ("the Equipment … as itemised in
# the asset register at Schedule 5", "设备清单详见附件五") leaves a main term open, besides the
# reference being undefined
_MAIN_TERM_BEFORE = {
    "zh": re.compile(
        r"(?:标的|货物|设备|产品|资产|价款|价格|单价|总价|租金|报价|数量)(?:清单|明细|构成|名称)?"
        r"[^。；，,]{0,6}(?:详见|见|按照?|依照?|以|列于|载于)[^。；，,]{0,4}$"
    ),
    "en": re.compile(
        r"\b(?:price|prices|pricing|fees|rent|consideration|assets|equipment|goods|products|stock"
        r"|inventory|quantit(?:y|ies))\b[^.;:]{0,200}?\b(?:listed|set out|set forth|itemi[sz]ed"
        r"|specified|described|identified|detailed|stated)\s+in\s+(?:the\s+)?(?:[\w-]+\s+){0,4}?"
        r"(?:at|in)?\s*$",
        re.I,
    ),
}
_MAIN_TERM_AFTER = re.compile(
    r"[^。；，,]{0,12}?(?:所列|载明|列明)的?(?:标的|货物|设备|产品|资产|价格|单价)"
)


class MissingAnnexParams(Params):
    main_terms: bool = Field(
        default=False,
        description="report only references that alone fix what is sold or its price",
    )


def _fixes_main_term(ctx: RuleContext, m: re.Match[str], language: str) -> bool:
    held = ctx.sentence_at(m.start())
    start = held.start if held else max(0, m.start() - 260)
    before = ctx.text[max(start, m.start() - 260) : m.start()]
    if _MAIN_TERM_BEFORE[language].search(before):
        return True
    return language == "zh" and bool(_MAIN_TERM_AFTER.match(ctx.text, m.end()))


@check("missing_annex", MissingAnnexParams, fields=("annex", "sentence"))
def missing_annex(ctx: RuleContext, params: MissingAnnexParams) -> Iterator[Hit]:
    """An annex (附件三, Schedule D) that an obligation refers to but that is not attached,
    while the contract does attach others: its content, and the obligation, are uncertain."""
    language = "zh" if ctx.language == "zh" else "en"
    heads = present_annexes(ctx, language)
    if not heads:
        return  # annexes kept as separate documents: nothing to compare
    reported: set[str] = set()
    for m in ANNEX_REF[language].finditer(ctx.text):
        key = annex_key(m)
        line_start = ctx.text.rfind("\n", 0, m.start()) + 1
        if key in heads or key in reported or not ctx.text[line_start : m.start()].strip():
            continue  # attached, already reported, or itself a heading line
        if OF_ANOTHER_DOCUMENT.match(ctx.text, m.end()):
            continue  # "Appendix 2 to the Manual": part of another document, not of this one
        if _OWNED_BY_INSTRUMENT.search(ctx.text[max(0, m.start() - 12) : m.start()]):
            continue  # "REACH法规附件十七", "《…》附件三": an annex of a law or a standard
        if params.main_terms and not _fixes_main_term(ctx, m, language):
            continue
        held = ctx.sentence_at(m.start())
        sentence = held.text.strip() if held else ""
        reported.add(key)
        yield Hit(ctx.span(m.start(), m.end()), {"annex": m.group(), "sentence": sentence[:200]})
