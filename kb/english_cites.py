"""Find English-form citations of PRC law in text.

Forms: ``PRC Civil Code, Article 509``, ``Civil Code Article 586``, ``Article 586 of the Civil
Code``, ``Labour Contract Law Art. 23``, ``Art. 7 of the SPC Interpretation on Several Issues
concerning the Application of the Arbitration Law``, ``Article 585(2) of the Civil Code``,
``Articles 496 and 497 of the Civil Code`` (two articles, one mention).

The law is named by the longest run of words next to the article that the caller's ``lookup``
resolves (the KB registry's English aliases, or the titles registry). A name that continues past
the match is not taken: ``Article 5 of the Company Law of Delaware`` and ``Quebec Civil Code,
Article 1`` name no PRC law. With ``unknown=True`` a name that resolves to nothing is still
returned when it says it is Chinese law (PRC, China, SPC, State Council) and ends like a law
(Law, Regulations, Interpretation, ...), so an invented law can be reported.

Pure string work; offsets index the text as given.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")

_ARTICLE = re.compile(
    r"\b(?:Articles?|ARTICLES?|Arts?\.)\s*(?P<nums>\d{1,4}(?:\s*\(\w{1,4}\))*"
    r"(?:\s*(?:,\s*(?:and|or)|,|and|or|&)\s*\d{1,4}(?!\d|[-:.]\d)(?:\s*\(\w{1,4}\))*)*)"
    r"(?![-:.]?\d)"
)
_NUMBER = re.compile(r"\d{1,4}")
_PARAGRAPH = re.compile(
    r",?\s*(?:paragraph|para\.|subparagraph|item|clause)\s*\(?\d{1,3}\)?,?", re.IGNORECASE
)
_OF = re.compile(r"\s+(?:of|in|under)\s+(?:the\s+)?")
# a word (a trailing "." ends the sentence), P.R.C., or an ordinal: (I), (2), (2001)
_TOKEN = re.compile(r"P\.R\.C\.|[A-Za-z][A-Za-z'’\-]*\.?|\((?:[IVXivx]{1,4}|\d{1,4})\)")
# fmt: off
_CONNECTORS = frozenset({
    "of", "the", "on", "for", "and", "&", "concerning", "regarding", "relating", "to", "in",
    "over",
})
_JOINERS = frozenset({"of", "on", "for", "and", "&", "concerning", "regarding"})  # name goes on
_STARTERS = frozenset({
    "The", "Under", "See", "Per", "Pursuant", "According", "Also", "In", "By", "With", "As",
    "Both", "Cf", "Via", "From", "Applying", "And", "Or", "If", "When", "Where", "While",
    "Since", "Because", "Although", "Only", "Even", "This", "That", "These", "Those", "Its",
    "Their", "Our", "Such", "Any", "Each", "Every", "Note", "Therefore", "However", "Moreover",
    "Further", "Furthermore", "Accordingly", "Thus", "Hence", "Notwithstanding", "Unlike",
    "Like", "Following", "Citing",
})
_LAW_WORDS = frozenset({
    "law", "laws", "code", "regulation", "regulations", "provision", "provisions", "rule",
    "rules", "measure", "measures", "interpretation", "interpretations", "decision",
    "decisions", "opinion", "opinions",
})
_PRC_MARKERS = frozenset({"prc", "p.r.c", "china", "china's", "chinese", "spc", "npc", "npcsc"})
# fmt: on
_PRC_PHRASES = re.compile(
    r"People['’]?s\s+Republic\s+of\s+China|Supreme\s+People['’]?s\s+Court|State\s+Council"
)
_MAX_TOKENS = 24


@dataclass(frozen=True)
class EnglishArticle:
    number: int
    start: int  # this article's span: from "Article" (first) or its number (later ones) ...
    end: int  # ... to its number, or over the law's name when the name follows the last one


@dataclass(frozen=True)
class EnglishMention(Generic[T]):
    name: str  # the law's name as written: "PRC Civil Code", "Labour Contract Law"
    target: T | None  # what ``lookup`` returned; None for an unknown PRC-looking name
    articles: tuple[EnglishArticle, ...]
    start: int
    end: int
    text: str  # the whole mention as written

    def raw(self, index: int) -> str:
        """The citation of one article, readable on its own: the text itself for a single
        article, else ``Article 497 of the Civil Code``."""
        if len(self.articles) == 1:
            return self.text
        return f"Article {self.articles[index].number} of the {self.name}"


@dataclass(frozen=True)
class _Tok:
    text: str
    start: int
    end: int


def find_english(
    text: str, lookup: Callable[[str], T | None], *, unknown: bool = False
) -> list[EnglishMention[T]]:
    """Every ``Article N``-style citation whose law name ``lookup`` resolves (or, with
    ``unknown``, that names a PRC-looking law ``lookup`` does not know)."""
    found: list[EnglishMention[T]] = []
    for match in _ARTICLE.finditer(text):
        numbers = [(int(n.group()), match.start("nums") + n.start(), match.start("nums") + n.end())
                   for n in _NUMBER.finditer(match.group("nums"))]  # fmt: skip
        numbers = [n for n in numbers if not _inside_parens(text, n[1])]
        after = match.end()
        if paragraph := _PARAGRAPH.match(text, after):
            after = paragraph.end()
        of = _OF.match(text, after)
        named = _name_after(text, of.end(), lookup, unknown) if of else None
        if named is not None:
            name, target, name_end = named
            start, end = match.start(), name_end
        else:
            before = _name_before(text, match.start(), lookup, unknown)
            if before is None:
                continue
            name, target, start = before
            end = match.end()
        articles = _articles(numbers, start, end)
        found.append(EnglishMention(name, target, articles, start, end, text[start:end]))
    return found


def _inside_parens(text: str, index: int) -> bool:
    """The 2 of ``585(2)`` is a paragraph, not an article."""
    return index > 0 and text[index - 1] == "("


def _articles(
    numbers: list[tuple[int, int, int]], start: int, end: int
) -> tuple[EnglishArticle, ...]:
    """One span per article: the first starts with the mention, the last ends with it."""
    last = len(numbers) - 1
    return tuple(
        EnglishArticle(number, start if i == 0 else n_start, end if i == last else n_end)
        for i, (number, n_start, n_end) in enumerate(numbers)
    )


def _tokens_after(text: str, pos: int) -> list[_Tok]:
    tokens: list[_Tok] = []
    while len(tokens) < _MAX_TOKENS:
        gap = pos
        while gap < len(text) and text[gap] in " \t":
            gap += 1
        if tokens and gap == pos:
            break  # tokens are separated by spaces; anything else ends the name
        match = _TOKEN.match(text, gap)
        if not match:
            break
        tokens.append(_Tok(match.group().rstrip("."), match.start(), match.end()))
        pos = match.end()
        if match.group().endswith(".") and match.group().lower() not in ("p.r.c.",):
            break  # a sentence ends
    return tokens


def _tokens_before(text: str, end: int) -> list[_Tok]:
    """The words right before ``end`` (and a comma), separated by spaces only; nearest last."""
    head = text[:end].rstrip(" \t")
    head = head[:-1].rstrip(" \t") if head.endswith(",") else head
    tokens: list[_Tok] = []
    boundary = len(head)
    for match in reversed(list(_TOKEN.finditer(head, max(0, len(head) - 400)))):
        if text[match.end() : boundary].strip(" \t") or (tokens and match.group().endswith(".")):
            break  # punctuation, or a sentence ends before the name
        tokens.insert(0, _Tok(match.group().rstrip("."), match.start(), match.end()))
        boundary = match.start()
        if len(tokens) >= _MAX_TOKENS:
            break
    return tokens


def _capital(token: _Tok) -> bool:
    return token.text[:1].isupper() or token.text.startswith("(")


def _name_after(
    text: str, pos: int, lookup: Callable[[str], T | None], unknown: bool
) -> tuple[str, T | None, int] | None:
    tokens = _tokens_after(text, pos)
    for length in range(len(tokens), 0, -1):
        last = tokens[length - 1]
        if not _capital(last):
            continue  # a name ends with a capital (Law, Code, PRC) or an ordinal, not "apply"
        name = text[tokens[0].start : last.end].rstrip(".")
        target = lookup(name)
        if target is None:
            continue
        rest = [t for t in tokens[length:] if t.text.lower() not in ("of", "the", "in")]
        if rest and tokens[length].text.lower() in ("of", "in") and _capital(rest[0]):
            return None  # "Company Law of Delaware": the name goes on
        if length < len(tokens) and _capital(tokens[length]) and tokens[length].text != "Article":
            return None
        return name, target, tokens[0].start + len(name)
    if unknown:
        run = _name_run(tokens)
        if run and _looks_prc(text, run):
            name = text[run[0].start : run[-1].end].rstrip(".")
            return name, None, run[0].start + len(name)
    return None


def _name_before(
    text: str, end: int, lookup: Callable[[str], T | None], unknown: bool
) -> tuple[str, T | None, int] | None:
    tokens = _tokens_before(text, end)
    for length in range(len(tokens), 0, -1):
        first = tokens[-length]
        if not _capital(first):
            continue
        name = text[first.start : tokens[-1].end]
        target = lookup(name)
        if target is None:
            continue
        if length < len(tokens):
            previous = tokens[-length - 1]
            if previous.text.lower() in _JOINERS:
                return None  # "... Mediation and Arbitration Law": the name starts earlier
            if _capital(previous) and previous.text not in _STARTERS:
                return None  # "Quebec Civil Code"
        return name, target, first.start
    if unknown:
        run = _run_before(tokens)
        if run and _looks_prc(text, run):
            return text[run[0].start : run[-1].end], None, run[0].start
    return None


def _run_before(tokens: list[_Tok]) -> list[_Tok]:
    """The name-like tokens ending at the article (the last must end a name), without the
    words before a name (Under, the)."""
    run: list[_Tok] = []
    for token in reversed(tokens):
        lower = token.text.lower()
        if lower in ("and", "&") or not (_capital(token) or lower in _CONNECTORS):
            break
        run.insert(0, token)
    if not run or not _ends_like_a_law(run):
        return []
    while run and (run[0].text in _STARTERS or run[0].text.lower() in _CONNECTORS):
        run = run[1:]
    return run


def _name_run(tokens: list[_Tok]) -> list[_Tok]:
    """The name-like tokens after "of the": capitalised words, connectors, ordinals, up to the
    last one that can end a name."""
    run: list[_Tok] = []
    for token in tokens:
        if token.text.lower() in ("and", "&") or not (
            _capital(token) or token.text.lower() in _CONNECTORS
        ):
            break  # "and" joins two laws more often than it sits inside an unknown one
        run.append(token)
    while run and not _ends_like_a_law(run):
        run.pop()
    return run


_TOPIC_JOINERS = frozenset({"on", "concerning", "regarding", "governing", "for"})


def _ends_like_a_law(run: list[_Tok]) -> bool:
    """A law word last ("PRC Housing Lease Regulations"), or a law word and then its subject:
    "PRC Regulations on Warehousing Service Contracts" (capitalised words after "on")."""
    if _name_end(run[-1]):
        return True
    for i, token in enumerate(run[:-2]):
        if token.text.lower() in _LAW_WORDS and run[i + 1].text.lower() in _TOPIC_JOINERS:
            return all(_capital(t) or t.text.lower() in _CONNECTORS for t in run[i + 2 :])
    return False


def _name_end(token: _Tok) -> bool:
    """A law's name ends with a law word, a marker (... of the PRC) or an ordinal."""
    word = token.text.lower().replace("’", "'")
    return word in _LAW_WORDS or word in _PRC_MARKERS or word.startswith("(")


def _looks_prc(text: str, run: list[_Tok]) -> bool:
    """A law word and a marker of Chinese law in the run: "PRC Housing Lease Regulations"."""
    words = {t.text.lower().replace("’", "'") for t in run}
    span = text[run[0].start : run[-1].end]
    marked = bool(words & _PRC_MARKERS) or bool(_PRC_PHRASES.search(span))
    return marked and bool(words & _LAW_WORDS)
