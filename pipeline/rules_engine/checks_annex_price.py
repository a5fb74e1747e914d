"""The price fixed only by an attachment that does not fix it: "the Storage Fees in accordance
with Part B of Schedule 2" where Schedule 2 has only a Part A, or "按附件二所列费率计算" where
附件二's rates are blanks to fill in. The contract then states no price, which is a missing main
term, not merely an undefined reference. A whole annex that is absent may be kept apart (a
public filing omits it), so that stays ``missing_annex``'s lesser finding.

Facts, not wording: the references are read with the annex patterns of ``missing_annex``, the
attachment's own text is cut from its heading to the next one, and a part is present when a
line of that text starts with it ("Part B", "第二部分")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import Field

from pipeline.rules_engine.checks_facts import (
    ANNEX_HEAD,
    ANNEX_REF,
    OF_ANOTHER_DOCUMENT,
    annex_key,
    present_annexes,
)
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, Params, check

_PART_BEFORE = {
    "en": re.compile(r"\bPart\s+(?P<part>[A-Z]|\d{1,2}|[IVX]{1,4})\s+of\s+(?:the\s+)?$"),
    "zh": re.compile(r"$^"),  # Chinese names the part after the annex
}
_PART_AFTER = {
    "en": re.compile(r",?\s*Part\s+(?P<part>[A-Z]|\d{1,2}|[IVX]{1,4})\b"),
    "zh": re.compile(r"(?:的)?第(?P<part>[一二三四五六七八九十\d]{1,3})部分"),
}


# a rate or sum left to be filled in: "____%", "人民币________元", "US$ [●]"
_BLANK_FIGURE = re.compile(
    r"_{2,}\s*%|(?:人民币|¥|￥|RMB|USD|US\$|\$|£|€|GBP|EUR)\s*(?:_{3,}|\[\s*[●•]?\s*\])"
    r"|_{3,}\s*(?:元|万元|per\b|/)",
    re.I,
)


class AnnexPriceParams(Params):
    price_words: str = Field(description="words that name what is paid, in the sentence")
    absent: str = "which the contract does not contain"
    blank: str = "whose rates or sums are left blank"


def _annex_texts(ctx: RuleContext, language: str) -> dict[str, str]:
    """Each attached annex's text, from its heading line to the next annex heading. A line that
    only starts with the annex's name ("附件一、附件二和附件三为本合同…", cut there by a PDF's
    wrap) adds its text too: the heading is among them."""
    heads = sorted(ANNEX_HEAD[language].finditer(ctx.text), key=lambda m: m.start())
    texts: dict[str, str] = {}
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(ctx.text)
        key = annex_key(m)
        texts[key] = texts.get(key, "") + ctx.text[m.start() : end]
    return texts


def _has_part(annex_text: str, part: str, language: str) -> bool:
    """The annex names the part other than as a reference ("Part C - Service Credits", "Part C
    Service Credits", "第二部分 收费标准"): however a PDF's lines were joined or spaced, an
    annex rarely names its own parts except to head them."""
    if language == "zh":
        return re.search(rf"第?{re.escape(part)}部分", annex_text) is not None
    named = rf"\bPART\s+{re.escape(part)}\b(?!\s+(?:of|to|in|under)\b)"
    return re.search(named, annex_text, re.I) is not None


@check("price_in_missing_annex", AnnexPriceParams, fields=("annex", "sentence", "state"))
def price_in_missing_annex(ctx: RuleContext, params: AnnexPriceParams) -> Iterator[Hit]:
    """A sentence about the price that refers to an annex, or a part of one, that is missing
    or whose rates are blanks to fill in."""
    language = "zh" if ctx.language == "zh" else "en"
    present = present_annexes(ctx, language)
    if not present:
        return  # annexes kept as separate documents: nothing to compare
    texts = _annex_texts(ctx, language)
    price = re.compile(params.price_words, re.I)
    for m in ANNEX_REF[language].finditer(ctx.text):
        line_start = ctx.text.rfind("\n", 0, m.start()) + 1
        if not ctx.text[line_start : m.start()].strip():
            continue  # the annex's own heading
        if OF_ANOTHER_DOCUMENT.match(ctx.text, m.end()):
            continue
        before = _PART_BEFORE[language].search(ctx.text[max(0, m.start() - 20) : m.start()])
        after = _PART_AFTER[language].match(ctx.text, m.end())
        named = before or after
        part = named.group("part") if named else None
        key = annex_key(m)
        if key not in present:
            continue  # a whole annex may be kept apart (a filing omits it): missing_annex's matter
        attached = part is None or _has_part(texts.get(key, ""), part, language)
        if attached and not _BLANK_FIGURE.search(texts.get(key, "")):
            continue
        held = ctx.sentence_at(m.start())
        sentence = held.text if held else ""
        if not price.search(sentence):
            continue
        start = before.start() + max(0, m.start() - 20) if before else m.start()
        end = after.end() if after else m.end()
        yield Hit(
            ctx.span(start, end),
            {
                "annex": ctx.text[start:end],
                "sentence": " ".join(sentence.split())[:160],
                "state": params.blank if attached else params.absent,
            },
        )
        return


@check("price_left_blank", AnnexPriceParams, fields=("sentence",))
def price_left_blank(ctx: RuleContext, params: AnnexPriceParams) -> Iterator[Hit]:
    """An operative clause that states the price as a blank to fill in ("服务费为人民币______元",
    "a fee of US$[●] per month"). Forms attached after the first annex heading (a receipt, an
    order form) are blanks by nature and are not read."""
    language = "zh" if ctx.language == "zh" else "en"
    first_annex = next((m.start() for m in ANNEX_HEAD[language].finditer(ctx.text)), len(ctx.text))
    price = re.compile(params.price_words, re.I)
    for m in _BLANK_FIGURE.finditer(ctx.text, 0, first_annex):
        held = ctx.sentence_at(m.start())
        sentence = held.text if held else ""
        if price.search(sentence):
            yield Hit(ctx.span(m.start(), m.end()), {"sentence": " ".join(sentence.split())[:160]})
            return
