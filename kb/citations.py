"""Parse statute citations, Chinese and English, into :class:`kb.types.CitationRef`.

Chinese: ``民法典第585条``, ``《民法典》第五百八十五条``, ``合同编通则解释第65条``,
``《最高人民法院关于适用〈中华人民共和国仲裁法〉若干问题的解释》第七条``,
``民法典第585条第二款`` (the 款 is dropped: lookups are per article). The law is the longest
registry alias that ends right before ``第…条``; ``民法典第585条、第586条`` carries the law over.

English: ``9 U.S.C. § 2``, ``9 USC 2``, ``FAA § 2``, ``Section 2 of the FAA``,
``UCC 2-302``, ``UCC § 2-302(1)``, ``U.C.C. §2-302``, ``§ 2-302`` (UCC form),
``D.C. Code § 28:2-302``, ``D.C. Code § 28-3502``, ``UETA § 28-4907``.

Parsing is pure string work against the registry: no similarity search, no I/O after load.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from kb.numerals import CN_NUMERAL_CHARS, cn_to_int
from kb.registry import Registry, default_registry, normalise_name
from kb.types import CitationRef

_N = f"[{CN_NUMERAL_CHARS}0-9０-９]+"
_CN_ARTICLE = re.compile(rf"第\s*({_N})\s*条(?:之({_N}))?")
_CN_JOINERS = re.compile(r"^[\s、，,和及与以至到或\-—～~]*$")
_LOOKBEHIND = 80

_SEC = r"(?:§§?|[Ss]ec(?:tion|\.)?)"
_FAA_NAME = r"(?:FAA|Federal Arbitration Act|United States Arbitration Act)"
_UCC_NAME = r"(?:UCC|U\.C\.C\.|Uniform Commercial Code)"
_UCC_NUMBER = r"(\d{1,2}A?-\d{3}(?:\.\d+)?)"
_SUBSECTIONS = r"(?:\([\w]+\))*"
_USC = re.compile(rf"\b(\d+)\s*U\.?\s?S\.?\s?C\.?(?:\s*A\.?)?\s*{_SEC}?\s*(\d+[a-z]?)\b")
_FAA_SECTION = re.compile(rf"\b{_FAA_NAME}\s*,?\s*{_SEC}\s*(\d+)\b")
_SECTION_OF_FAA = re.compile(
    rf"\b[Ss](?:ection|ec\.)\s*(\d+){_SUBSECTIONS}\s+of\s+(?:the\s+)?(?:{_FAA_NAME}|[Tt]itle 9)\b"
)
_DC_CODE = r"D\.?\s?C\.?\s*(?:Official\s+)?Code[\s,]*(?:Ann\.\s*)?"
_DC_UCC = re.compile(rf"(?:{_DC_CODE})?§*\s*28:(\d+-\d+(?:\.\d+)?)")
_DC_CHAPTER = re.compile(rf"\b(?:{_DC_CODE}|UETA[\s,]*)§*\s*(28-(\d{{4}}))\b")
_UCC = re.compile(rf"(?:\b{_UCC_NAME}\s*{_SEC}?\s*|§\s*){_UCC_NUMBER}")
_SECTION_OF_UCC = re.compile(
    rf"\b[Ss](?:ection|ec\.)\s*{_UCC_NUMBER}{_SUBSECTIONS}\s+of\s+(?:the\s+)?{_UCC_NAME}"
)


@dataclass(frozen=True)
class FoundCitation:
    ref: CitationRef
    start: int
    end: int


class CitationParser:
    """Finds citations of registry laws in text."""

    def __init__(self, registry: Registry) -> None:
        self._aliases = registry.alias_index()
        self._max_alias = max(len(alias) for alias in self._aliases)
        self._dc_chapters = {"35": "us.dc-statute-of-frauds", "49": "us.dc-ueta"}

    def parse(self, citation: str) -> CitationRef | None:
        """The single citation in ``citation``, or None when it names no known law/article."""
        found = self.find_all(citation)
        return found[0].ref if found else None

    def find_all(self, text: str) -> list[FoundCitation]:
        found = self._find_chinese(text) + self._find_english(text)
        found.sort(key=lambda f: f.start)
        kept: list[FoundCitation] = []
        for item in found:  # overlapping English patterns: keep the earliest, longest match
            if kept and item.start < kept[-1].end:
                continue
            kept.append(item)
        return kept

    def _find_chinese(self, text: str) -> list[FoundCitation]:
        found: list[FoundCitation] = []
        previous: FoundCitation | None = None
        for match in _CN_ARTICLE.finditer(text):
            key, law_start = self._law_before(text, match.start())
            between = text[previous.end : match.start()] if previous else ""
            if key is None and previous and _CN_JOINERS.match(_strip_paragraph_refs(between)):
                key, law_start = previous.ref.law_key, match.start()
            if key is None:
                continue
            article = str(cn_to_int(_ascii_digits(match.group(1))))
            if match.group(2):
                article += f"-{cn_to_int(_ascii_digits(match.group(2)))}"
            raw = text[law_start : match.end()]
            item = FoundCitation(
                CitationRef(raw=raw, law_key=key, article=article), law_start, match.end()
            )
            found.append(item)
            previous = item
        return found

    def _law_before(self, text: str, end: int) -> tuple[str | None, int]:
        """The longest alias ending right before ``end`` (ignoring brackets and spaces)."""
        window_start = max(0, end - _LOOKBEHIND)
        window = text[window_start:end]
        # Map each kept (normalised) character back to its index in ``text``.
        kept: list[tuple[str, int]] = []
        for index, char in enumerate(window):
            folded = normalise_name(char)
            if folded:
                kept.append((folded, window_start + index))
        folded_text = "".join(c for c, _ in kept)
        # "中华人民共和国" is removed by normalise_name on whole names; remove it here too.
        best: tuple[str | None, int] = (None, end)
        best_len = 0
        for length in range(1, min(len(folded_text), self._max_alias + 7) + 1):
            candidate = folded_text[-length:]
            key = self._aliases.get(normalise_name(candidate))
            if key is not None and length > best_len:
                best, best_len = (key, kept[-length][1]), length
        if best[0] is not None:
            start = best[1]
            # Extend over an opening 《 so ``raw`` reads naturally.
            if start > 0 and text[start - 1] in "《〈":
                start -= 1
            return best[0], start
        return best

    def _find_english(self, text: str) -> list[FoundCitation]:
        found: list[FoundCitation] = []

        def add(key: str, article: str, match: re.Match[str]) -> None:
            ref = CitationRef(raw=match.group(0).strip(), law_key=key, article=article)
            found.append(FoundCitation(ref, match.start(), match.end()))

        for match in _USC.finditer(text):
            if match.group(1) == "9":
                add("us.9usc", match.group(2), match)
        for pattern in (_FAA_SECTION, _SECTION_OF_FAA):
            for match in pattern.finditer(text):
                add("us.9usc", match.group(1), match)
        for match in _DC_CHAPTER.finditer(text):
            key = self._dc_chapters.get(match.group(2)[:2])
            if key:
                add(key, match.group(1), match)
        for pattern in (_DC_UCC, _UCC, _SECTION_OF_UCC):
            for match in pattern.finditer(text):
                add("us.dc-ucc", match.group(1), match)
        return found


def _ascii_digits(text: str) -> str:
    return text.translate(str.maketrans("０１２３４５６７８９", "0123456789"))


def _strip_paragraph_refs(text: str) -> str:
    """Drop 第二款/第三项 between two article citations so 第585条第二款、第586条 still chains."""
    return re.sub(rf"第{_N}[款项目]", "", text)


@cache
def default_parser() -> CitationParser:
    return CitationParser(default_registry())


def parse_citation(citation: str) -> CitationRef | None:
    return default_parser().parse(citation)
