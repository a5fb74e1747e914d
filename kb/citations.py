"""Parse statute citations, Chinese and English, into :class:`kb.types.CitationRef`.

Chinese: ``民法典第585条``, ``《民法典》第五百八十五条``, ``民法典第七三零条`` (digit by digit),
``民法典585条`` (Arabic digits right after the name, no 第), ``民法典第585條``,
``合同编通则解释第65条``, ``公司法（2023修订）第54条`` (a version suffix, kept in
:attr:`FoundCitation.version`),
``《最高人民法院关于适用〈中华人民共和国仲裁法〉若干问题的解释》第七条``,
``民法典第585条第二款`` (the 款 is dropped: lookups are per article). The law is the longest
registry name that ends right before the article number, and it must not start in the middle
of another law's name (``商品房买卖合同…`` never yields the 买卖合同 interpretation).
``民法典第585条、第586条`` carries the law over; the second's ``raw`` is ``民法典第586条``, so
every found citation re-parses from its ``raw`` alone (CrossCheckKB looks them up that way).

English, PRC law (:mod:`kb.english_cites`, names from the registry's ``english_aliases``):
``PRC Civil Code, Article 509``, ``Civil Code Article 586``, ``Article 586 of the Civil Code``,
``Labour Contract Law Art. 23``, ``Art. 7 of the SPC Interpretation on Several Issues concerning
the Application of the Arbitration Law``; ``Articles 496 and 497 of the Civil Code`` gives two
citations, the second with the raw ``Article 497 of the Civil Code``. ``Article 2 of the UCC``
is not PRC law: only PRC laws have English aliases.

English, any other US-style law of the registry (a statute a user ingested and registered:
:mod:`kb.local_laws`), by its title or an alias: ``Example Act § 5``, ``Example Act, Section
5(a)``, ``Section 5 of the Example Act``, ``§ 5 of the Example Act``.

English, US law: ``9 U.S.C. § 2``, ``9 USC 2``, ``FAA § 3``, ``Section 2 of the FAA``,
``UCC 2-302``, ``UCC § 2-302(1)``, ``U.C.C. §2-302``, ``§ 2-302`` (UCC form), ``UCC § 2—326``
(any dash), ``UCC Article 2, Section 2-705``, ``D.C. Code § 28:2-302``,
``D.C. Code § 28-3502``, ``Statute of Frauds § 28-3505``, ``UETA Section 28-4911``. A law
name decides the law; a bare D.C. Code cite goes by its chapter.

Forms that look like citations but are deliberately not resolved get a reason from
:meth:`CitationParser.explain` (``UETA § 7`` is the uniform act's numbering, which the KB
cannot map to a D.C. section with certainty; ``第五百八五条`` is not a well-formed numeral).

Parsing is pure string work against the registry: no similarity search, no I/O after load.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from kb.english_cites import find_english
from kb.numerals import CN_NUMERAL_CHARS, cn_to_int
from kb.registry import (
    LawEntry,
    Registry,
    default_registry,
    normalise_english_name,
    normalise_name,
)
from kb.title_mentions import DOC_NUMBER_END
from kb.types import CitationRef

_N = f"[{CN_NUMERAL_CHARS}0-9０-９]+"
_ARABIC = "[0-9０-９]+"
# 第585条 / 第五八五條 / 第585条之一, or 585条 with no 第 (Arabic digits only, so a stray
# numeral character in prose is never read as an article).
_CN_ARTICLE = re.compile(
    rf"(?:第\s*(?P<cn>{_N})|(?<![第0-9０-９.．])(?P<bare>{_ARABIC}))\s*[条條](?:之(?P<sub>{_N}))?"
)
_CN_JOINERS = re.compile(r"^[\s、，,和及与以至到或\-—～~]*$")
_BARE_JOINERS = re.compile(r"^[\s、和及与或至到\-—～~]*$")  # no comma: 585条，3条 is prose
_VERSION = re.compile(
    r"[（(]\s*(?P<year>(?:19|20)\d{2})\s*年?\s*(?:第[一二三四五六七八九十]次)?"
    r"(?:修订|修正|修改|版)?\s*[)）][\s》〉]*$"
)
_LOOKBEHIND = 80
_MIDDLE_CONTEXT = 2  # alias characters checked, with the one before, against other names

_DASHES = str.maketrans(dict.fromkeys("‐‑‒–—―−－﹣", "-"))
_SEC = r"(?:§§?|[Ss]ec(?:tion|\.)?)"
_FAA_NAME = r"(?:FAA|Federal Arbitration Act|United States Arbitration Act)"
_UCC_NAME = r"(?:UCC|U\.C\.C\.|Uniform Commercial Code)"
_UCC_NUMBER = r"(?P<number>\d{1,2}A?-\d{3}(?:\.\d+)?)(?![\d-])"
_SUBSECTIONS = r"(?:\([\w]+\))*"
_USC = re.compile(rf"\b(\d+)\s*U\.?\s?S\.?\s?C\.?(?:\s*A\.?)?\s*{_SEC}?\s*(\d+[a-z]?)\b")
_FAA_SECTION = re.compile(rf"\b{_FAA_NAME}\s*,?\s*{_SEC}\s*(\d+)\b")
_SECTION_OF_FAA = re.compile(
    rf"\b[Ss](?:ection|ec\.)\s*(\d+){_SUBSECTIONS}\s+of\s+(?:the\s+)?(?:{_FAA_NAME}|[Tt]itle 9)\b"
)
_DC = r"(?:D\.?\s?C\.?\s*)"
_DC_CODE = rf"{_DC}(?:Official\s+)?Code[\s,]*(?:Ann\.\s*)?"
_SOF_NAME = rf"{_DC}?[Ss]tatute\s+of\s+[Ff]rauds"
_UETA_NAME = rf"{_DC}?(?:UETA|Uniform\s+Electronic\s+Transactions\s+Act)"
_DC_UCC = re.compile(rf"(?:{_DC_CODE})?§*\s*28:{_UCC_NUMBER}")
_DC_CHAPTER = re.compile(
    rf"\b(?:(?P<sof>{_SOF_NAME})|(?P<ueta>{_UETA_NAME})|{_DC_CODE})[\s,]*{_SEC}?\s*"
    r"(?P<section>28-(?P<chapter>\d{2})\d{2})\b(?!-)"
)
_UCC_ARTICLE = r"(?:,?\s*Art(?:icle|\.)\s*(?P<article>\d{1,2}A?)\s*,?\s*)?"
_UCC = re.compile(rf"(?:\b{_UCC_NAME}{_UCC_ARTICLE}\s*{_SEC}?\s*|§\s*){_UCC_NUMBER}")
_SECTION_OF_UCC = re.compile(
    rf"\b[Ss](?:ection|ec\.)\s*{_UCC_NUMBER}{_SUBSECTIONS}\s+of\s+(?:the\s+)?{_UCC_NAME}"
)
_UETA_UNIFORM = re.compile(rf"\b{_UETA_NAME}[\s,]*{_SEC}\s*(?P<section>\d{{1,2}})\b(?![-:])")
_DC_CHAPTERS = {"35": "us.dc-statute-of-frauds", "49": "us.dc-ueta"}
# US laws the patterns above read; every other US law of the registry is cited by its name
_PATTERNED = frozenset({"us.9usc", "us.dc-ucc", "us.dc-statute-of-frauds", "us.dc-ueta"})
_SECTION_NUMBER = r"(?P<number>\d+(?:[:.\-]\d+)*[a-z]?)(?![\w-])"


@dataclass(frozen=True)
class FoundCitation:
    ref: CitationRef
    start: int
    end: int
    version: int | None = None  # the year of a version suffix: 公司法（2023修订） -> 2023
    law_text: str = ""  # the law's name as written (《民法典》), carried over to chained articles


@dataclass(frozen=True)
class _LawName:
    key: str
    start: int  # index in the text where the name (or its opening 《) starts
    version: int | None
    text: str  # the name as written, with its version suffix: 公司法（2023修订）


class CitationParser:
    """Finds citations of registry laws in text."""

    def __init__(self, registry: Registry) -> None:
        self._aliases = registry.alias_index()
        self._english = registry.english_index()
        self._max_alias = max(len(alias) for alias in self._aliases)
        # Names that can contain another law's name after a prefix (商品房买卖合同解释 holds
        # 买卖合同解释). Full judicial-interpretation titles are left out: they embed statute
        # names after 适用, and 适用民法典 in prose is a citation of 民法典.
        self._names = [(normalise_name(a), law.key) for law in registry.laws for a in law.aliases]
        self._names += [
            (normalise_name(law.title), law.key) for law in registry.laws if law.kind == "statute"
        ]
        self._named_sections = _named_section_patterns(registry)

    def parse(self, citation: str) -> CitationRef | None:
        """The single citation in ``citation``, or None when it names no known law/article."""
        found = self.parse_found(citation)
        return found.ref if found else None

    def parse_found(self, citation: str) -> FoundCitation | None:
        """Like :meth:`parse`, with the position and version suffix of the citation."""
        found = self.find_all(citation)
        return found[0] if found else None

    def find_all(self, text: str) -> list[FoundCitation]:
        found = self._find_chinese(text) + self._find_english(text) + self._find_english_prc(text)
        found += self._find_named_sections(text)
        found.sort(key=lambda f: (f.start, -f.end))
        kept: list[FoundCitation] = []
        for item in found:  # overlapping English patterns: keep the earliest, longest match
            if kept and item.start < kept[-1].end:
                continue
            kept.append(item)
        return kept

    def explain(self, citation: str) -> str | None:
        """Why a citation-like string is deliberately not resolved, or None if it is not."""
        plain = citation.translate(_DASHES)
        uniform = _UETA_UNIFORM.search(plain)
        if uniform:
            return (
                f"UETA § {uniform.group('section')} is the uniform act's section number; the KB "
                "holds the D.C. enactment (D.C. Code §§ 28-4901–28-4918), whose numbers are not "
                "mapped to the uniform act's with certainty. Cite the D.C. section instead "
                "(UETA § 28-49NN or D.C. Code § 28-49NN); `contract-review kb query` finds it by "
                "subject"
            )
        for match in _UCC.finditer(plain):
            article, number = match.group("article"), match.group("number")
            if article and article != number.split("-")[0]:
                return (
                    f"{citation}: UCC Article {article} does not contain § {number}; a UCC "
                    f"section number starts with its article (§ {number} is in Article "
                    f"{number.split('-')[0]})"
                )
        for match in _CN_ARTICLE.finditer(citation):
            law = self._law_before(citation, match.start(), bare=match.group("bare") is not None)
            if law is None:
                continue
            try:
                _article_id(match)
            except ValueError as exc:
                return f"{citation}: {exc}"
        return None

    def _find_chinese(self, text: str) -> list[FoundCitation]:
        found: list[FoundCitation] = []
        previous: FoundCitation | None = None
        for match in _CN_ARTICLE.finditer(text):
            bare = match.group("bare") is not None
            law = self._law_before(text, match.start(), bare=bare)
            if law is None and previous is not None:
                between = _strip_paragraph_refs(text[previous.end : match.start()])
                if (_BARE_JOINERS if bare else _CN_JOINERS).match(between):
                    law = _LawName(
                        previous.ref.law_key, match.start(), previous.version, previous.law_text
                    )
            if law is None:
                continue
            try:
                article = _article_id(match)
            except ValueError:  # a malformed numeral: not a citation (explain() says why)
                continue
            # raw re-parses on its own: a chained 第586条 becomes 民法典第586条, so CrossCheckKB
            # can look it up by its raw text
            raw = law.text + text[match.start() : match.end()]
            ref = CitationRef(raw=raw, law_key=law.key, article=article)
            item = FoundCitation(ref, law.start, match.end(), law.version, law.text)
            found.append(item)
            previous = item
        return found

    def _law_before(self, text: str, end: int, *, bare: bool = False) -> _LawName | None:
        """The longest registry name ending right before ``end``, ignoring brackets, spaces and
        a version suffix such as （2023修订）. None when no name ends there, or when the name
        starts in the middle of another law's name."""
        window_start = max(0, end - _LOOKBEHIND)
        window = text[window_start:end]
        version = None
        # 《…解释》（法释〔2004〕14号）第二十条: the document number is skipped like a bracket
        if number := DOC_NUMBER_END.search(window):
            window = window[: number.start()]
        suffix = _VERSION.search(window)
        if suffix:
            version = int(suffix.group("year"))
            window = window[: suffix.start()]
        elif bare and window[-1:].isspace():
            return None  # 585条 must follow the name directly (民法典585条, 《民法典》585条)
        # Map each kept (normalised) character back to its index in ``text``.
        kept: list[tuple[str, int]] = []
        for index, char in enumerate(window):
            folded = normalise_name(char)
            if folded:
                kept.append((folded, window_start + index))
        folded_text = "".join(c for c, _ in kept)
        best_key, best_len = None, 0
        # normalise_name drops 中华人民共和国, so a candidate may be 7 characters longer.
        for length in range(1, min(len(folded_text), self._max_alias + 7) + 1):
            key = self._aliases.get(normalise_name(folded_text[-length:]))
            if key is not None:
                best_key, best_len = key, length
        if best_key is None:
            return None
        name_at = len(folded_text) - best_len
        if self._inside_other_name(folded_text, name_at, best_key):
            return None
        start = kept[name_at][1]
        if self._inside_longer_title(text, start):
            return None
        # Extend over an opening 《 so ``raw`` reads naturally.
        if start > 0 and text[start - 1] in "《〈":
            start -= 1
        return _LawName(best_key, start, version, text[start:end])

    @staticmethod
    def _inside_longer_title(text: str, start: int) -> bool:
        """《中华人民共和国商事仲裁法》: a known name (仲裁法) that ends a longer bracketed title
        is not that law; the title is another law's, real or invented."""
        opening = max(text.rfind("《", 0, start), text.rfind("〈", 0, start))
        if opening < 0 or max(text.rfind("》", 0, start), text.rfind("〉", 0, start)) > opening:
            return False
        return bool(normalise_name(text[opening + 1 : start]))

    def _inside_other_name(self, folded: str, name_at: int, key: str) -> bool:
        """True when the character before the matched name, with the name's first characters,
        occurs in another law's name: 房+买卖 in 商品房买卖合同解释, 解+仲裁 in
        劳动争议调解仲裁法."""
        if name_at == 0:
            return False
        probe = folded[name_at - 1 : name_at + _MIDDLE_CONTEXT]
        return any(probe in name for name, other in self._names if other != key)

    def _find_english_prc(self, text: str) -> list[FoundCitation]:
        """Article 586 of the Civil Code, PRC Civil Code, Article 509, ..."""
        found: list[FoundCitation] = []
        for mention in find_english(text, self._english_key):
            key = mention.target
            if key is None:  # only find_english(unknown=True) yields unresolved names
                continue
            for index, article in enumerate(mention.articles):
                raw = mention.raw(index)
                ref = CitationRef(raw=raw, law_key=key, article=str(article.number))
                found.append(FoundCitation(ref, article.start, article.end, law_text=mention.name))
        return found

    def _find_named_sections(self, text: str) -> list[FoundCitation]:
        """Example Act § 5, Section 5 of the Example Act: US laws named by title or alias."""
        if self._named_sections is None:
            return []
        names, patterns = self._named_sections
        found: list[FoundCitation] = []
        plain = text.translate(_DASHES)
        for pattern in patterns:
            for match in pattern.finditer(plain):
                law = names[_fold_english(match.group("name"))]
                article = match.group("number")
                if law.article_prefix and article.startswith(law.article_prefix):
                    article = article[len(law.article_prefix) :]
                raw = text[match.start() : match.end()]
                ref = CitationRef(raw=raw, law_key=law.key, article=article)
                found.append(FoundCitation(ref, match.start(), match.end(), law_text=law.title))
        return found

    def _english_key(self, name: str) -> str | None:
        return self._english.get(normalise_english_name(name))

    def _find_english(self, text: str) -> list[FoundCitation]:
        found: list[FoundCitation] = []
        plain = text.translate(_DASHES)  # one character for one: offsets stay valid

        def add(key: str, article: str, match: re.Match[str]) -> None:
            raw = text[match.start() : match.end()].strip()
            ref = CitationRef(raw=raw, law_key=key, article=article)
            found.append(FoundCitation(ref, match.start(), match.end()))

        for match in _USC.finditer(plain):
            if match.group(1) == "9":
                add("us.9usc", match.group(2), match)
        for pattern in (_FAA_SECTION, _SECTION_OF_FAA):
            for match in pattern.finditer(plain):
                add("us.9usc", match.group(1), match)
        for match in _DC_CHAPTER.finditer(plain):
            if match.group("sof"):
                key: str | None = "us.dc-statute-of-frauds"
            elif match.group("ueta"):
                key = "us.dc-ueta"
            else:
                key = _DC_CHAPTERS.get(match.group("chapter"))
            if key:
                add(key, match.group("section"), match)
        for pattern in (_DC_UCC, _UCC, _SECTION_OF_UCC):
            for match in pattern.finditer(plain):
                number = match.group("number")
                article = match.groupdict().get("article")
                if article and article != number.split("-")[0]:
                    continue  # "UCC Article 1, § 2-705" contradicts itself
                add("us.dc-ucc", number, match)
        return found


def _fold_english(name: str) -> str:
    return " ".join(name.split()).casefold()


def _named_section_patterns(
    registry: Registry,
) -> tuple[dict[str, LawEntry], tuple[re.Pattern[str], ...]] | None:
    """(folded name -> law, the two patterns) for the US laws no dedicated pattern reads."""
    names = {
        _fold_english(name): law
        for law in registry.laws
        if law.jurisdiction == "us" and law.key not in _PATTERNED
        for name in (law.title, *law.aliases)
    }
    if not names:
        return None
    # longest first, so "Example Act Amendments" wins over "Example Act"; spaces match any run
    alternatives = sorted(names, key=len, reverse=True)
    name = "|".join(re.escape(n).replace("\\ ", r"\s+") for n in alternatives)
    named = rf"(?<![\w-])(?P<name>(?i:{name}))(?![\w-])"
    return names, (
        re.compile(rf"{named}\s*,?\s*{_SEC}\s*{_SECTION_NUMBER}{_SUBSECTIONS}"),
        re.compile(
            rf"(?:§|\b[Ss](?:ection|ec\.))\s*{_SECTION_NUMBER}{_SUBSECTIONS}\s+of\s+(?:the\s+)?"
            rf"{named}"
        ),
    )


def _article_id(match: re.Match[str]) -> str:
    """585, 585-1 (第585条之一). Raises ValueError on a malformed numeral. Article 0 parses,
    so the lookup reports it as non-existent like any other fabricated number."""
    article = str(cn_to_int(_ascii_digits(match.group("cn") or match.group("bare"))))
    if match.group("sub"):
        article += f"-{cn_to_int(_ascii_digits(match.group('sub')))}"
    return article


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
