"""Annexes: which a contract attaches, and references to one it does not (附件三, Schedule D).

Shared with the checks that read an annex's content (price, criteria, deferred terms); the
``missing_annex`` check reports a reference to an annex that is not attached while others are.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

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


# what the contract is about, its price and its measure: an annex that alone fixes one of them
# leaves a main term open when it is missing ("the Equipment … as itemised in the asset register
# at Schedule 5"), not merely a term undefined
MAIN_TERMS = {
    "zh": re.compile(
        r"价款|价格|单价|总价|租金|报酬|收费标准|费率|标的|设备|货物|产品|资产|数量|规格|型号"
        r"|质量标准|技术要求|技术参数|验收标准|服务内容|服务范围|工作范围|工程范围|承包范围"
    ),
    "en": re.compile(
        r"\b(?:price|prices|pricing|fees?|charges?|rent|consideration|remuneration|rates?|assets"
        r"|equipment|goods|products|stock|inventory|deliverables|specifications?|quantit(?:y|ies)"
        r"|premises|scope of (?:the )?(?:work|works|services)|acceptance criteria"
        r"|service levels?)\b",
        re.I,
    ),
}


class MissingAnnexParams(Params):
    main_terms: bool = Field(
        default=False,
        description="report only references whose sentence names a main term (price, subject, "
        "quantity, quality); without it, only the others",
    )


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
        held = ctx.sentence_at(m.start())
        sentence = held.text.strip() if held else ""
        if bool(MAIN_TERMS[language].search(sentence)) != params.main_terms:
            continue
        reported.add(key)
        yield Hit(ctx.span(m.start(), m.end()), {"annex": m.group(), "sentence": sentence[:200]})
