"""The question index: everyday questions as extra search keys for the articles they ask about.

A client asks "公司一直不给我交社保，我能不能主动辞职还拿到补偿"; the article says "用人单位未依法
为劳动者缴纳社会保险费的，劳动者可以解除劳动合同". They share almost no words, and the small
bundled embedding model does not bridge the gap. ``kb/questions/*.jsonl`` holds questions and
fact patterns written for each article that contract work relies on (sources in
``kb/questions/SOURCES.md``). Each question is a key that points at its article: a query is
matched against the questions, by BM25 and by embedding, and an article scores the best match
among its questions. :mod:`kb.retrieval` fuses these two rankings with the article rankings.

Questions are embedded as queries (e5's ``query:`` side), because they are compared with
queries. Their vectors ship prebuilt for the default backend, like the corpus's (``make
vectors``); for any other backend they are embedded on first use.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

import numpy as np

from kb.catalog import Catalog, default_catalog
from kb.embeddings import EmbeddingBackend
from kb.lexical import LexicalIndex
from kb.locations import package_data
from kb.prebuilt import prebuilt_question_vectors
from kb.values import KnowledgeBaseError
from kb.vectors import unit_rows

QUESTIONS_DIR = package_data("kb", "questions")
STYLES = ("fact", "plain", "drafting")
_FIELDS = {"article", "lang", "style", "question"}


@dataclass(frozen=True)
class Question:
    doc_id: str
    lang: str
    style: str
    text: str


def load_questions(
    directory: Path = QUESTIONS_DIR, catalog: Catalog | None = None
) -> tuple[Question, ...]:
    """Every question in ``directory/*.jsonl``, its article resolved to a KB doc_id.

    A line that does not parse, lacks a field, or cites an article the KB does not hold is an
    error naming the file and line: a question pointing nowhere would silently rank nothing.
    """
    catalog = catalog or default_catalog()
    resolve = cache(catalog.resolve)  # 7,000 questions cite 2,000 articles
    out: list[Question] = []
    for path in sorted(directory.glob("*.jsonl")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.strip():
                out.append(_parse_line(line, f"{path}:{number}", resolve))
    return tuple(out)


def _parse_line(line: str, where: str, resolve: Callable[[str], str | None]) -> Question:
    fix = "Fix: see kb/questions/SOURCES.md for the format"
    try:
        row = json.loads(line)
    except json.JSONDecodeError as exc:
        raise KnowledgeBaseError(f"{where}: not JSON ({exc}). {fix}") from exc
    if not isinstance(row, dict) or set(row) != _FIELDS:
        raise KnowledgeBaseError(f"{where}: expected exactly the fields {sorted(_FIELDS)}. {fix}")
    doc_id = resolve(str(row["article"]))
    if doc_id is None:
        raise KnowledgeBaseError(
            f"{where}: {row['article']!r} is not an article the KB holds. "
            "Fix: cite it as the statute does, e.g. 民法典第585条 or D.C. Code § 28:2-302"
        )
    if row["style"] not in STYLES or row["lang"] not in ("zh", "en"):
        raise KnowledgeBaseError(f"{where}: style must be one of {STYLES}, lang zh or en. {fix}")
    return Question(doc_id, str(row["lang"]), str(row["style"]), str(row["question"]))


@cache
def default_questions() -> tuple[Question, ...]:
    return load_questions()


# Built once per process and question set: every Retriever (a review opens several) shares them.
_MATRICES: dict[tuple[str, tuple[str, ...]], np.ndarray] = {}


@cache
def _lexical_index(texts: tuple[str, ...]) -> LexicalIndex:
    return LexicalIndex([str(i) for i in range(len(texts))], texts)


Accepts = Callable[[str], bool]  # doc_id -> may it be returned (filters, article present)
# How many best-matching questions vote on which laws a query concerns (kb.fusion's routing).
NEIGHBOURS = 20


@dataclass(frozen=True)
class Matches:
    articles: list[tuple[str, float]]  # (doc_id, its best question's score), best first
    neighbours: list[str]  # the doc_ids of the NEIGHBOURS best questions, best first


class QuestionIndex:
    """BM25 and dense search over the questions; results are articles, each scored by the
    best of its questions."""

    def __init__(
        self,
        questions: Sequence[Question],
        backend: EmbeddingBackend | None,
        lexical: Callable[[tuple[str, ...]], LexicalIndex] | None = None,
    ) -> None:
        """``lexical`` builds the BM25 index from the texts (default: built here, once per
        process; :class:`kb.retrieval.Retriever` passes one that caches tokens in the KB)."""
        self.questions = tuple(questions)
        self.backend = backend
        self._build_lexical = lexical or _lexical_index
        self._doc_ids = np.array([q.doc_id for q in self.questions])
        self._covered = frozenset(q.doc_id for q in self.questions)

    def __len__(self) -> int:
        return len(self.questions)

    def covers(self, doc_id: str) -> bool:
        return doc_id in self._covered

    def warm(self) -> None:
        if self.questions:
            _ = self._lexical

    @cached_property
    def _lexical(self) -> LexicalIndex:
        return self._build_lexical(tuple(q.text for q in self.questions))

    @cached_property
    def _matrix(self) -> np.ndarray:
        if self.backend is None:
            raise KnowledgeBaseError("dense question search needs an embedding backend")
        texts = tuple(q.text for q in self.questions)
        key = (self.backend.name, texts)
        if key not in _MATRICES:
            prebuilt = prebuilt_question_vectors(self.backend.name)
            found = [prebuilt.get(t) for t in texts]
            missing = [t for t, v in zip(texts, found, strict=True) if v is None]
            fresh = iter(embed_questions(self.backend, missing))
            rows = [v if v is not None else next(fresh) for v in found]
            _MATRICES[key] = unit_rows(rows, len(texts))
        return _MATRICES[key]

    def tokens_by_article(self) -> dict[str, list[str]]:
        """Each covered article's questions' BM25 terms, concatenated."""
        out: dict[str, list[str]] = {}
        for doc_id, tokens in zip(self._doc_ids, self._lexical.tokens, strict=True):
            out.setdefault(str(doc_id), []).extend(tokens)
        return out

    @cached_property
    def _centroids(self) -> tuple[np.ndarray, np.ndarray]:
        """The covered articles, and the unit mean of each one's question vectors."""
        ids, inverse = np.unique(self._doc_ids, return_inverse=True)
        sums = np.zeros((len(ids), self._matrix.shape[1]), dtype=np.float32)
        np.add.at(sums, inverse, self._matrix)
        return ids, unit_rows(sums, len(ids))

    def centroid(
        self, query_vector: np.ndarray, k: int, accepts: Accepts
    ) -> list[tuple[str, float]]:
        """Articles by the cosine between the query and the centre of their questions: one
        article's questions each tell a different story, and a client's may mix them."""
        if not self.questions:
            return []
        ids, matrix = self._centroids
        vector = np.asarray(query_vector, dtype=np.float32)
        scores = matrix @ (vector / max(float(np.linalg.norm(vector)), 1e-12))
        out: list[tuple[str, float]] = []
        for i in np.argsort(-scores, kind="stable"):
            if len(out) >= k:
                break
            if accepts(str(ids[i])):
                out.append((str(ids[i]), float(scores[i])))
        return out

    def bm25(self, query: str, k: int, accepts: Accepts) -> Matches:
        if not self.questions:
            return Matches([], [])
        return self._matches(self._lexical.scores(query), k, accepts, floor=0.0)

    def dense(self, query_vector: np.ndarray, k: int, accepts: Accepts) -> Matches:
        if not self.questions:
            return Matches([], [])
        vector = np.asarray(query_vector, dtype=np.float32)
        scores = self._matrix @ (vector / max(float(np.linalg.norm(vector)), 1e-12))
        return self._matches(scores, k, accepts, floor=-1.0)

    def _matches(self, scores: np.ndarray, k: int, accepts: Accepts, floor: float) -> Matches:
        best: dict[str, float] = {}
        neighbours: list[str] = []
        for i in np.argsort(-scores, kind="stable"):
            score = float(scores[i])
            if score <= floor or (len(best) >= k and len(neighbours) >= NEIGHBOURS):
                break
            doc_id = str(self._doc_ids[i])
            if not accepts(doc_id):
                continue
            if len(neighbours) < NEIGHBOURS:
                neighbours.append(doc_id)
            if doc_id not in best and len(best) < k:
                best[doc_id] = score
        return Matches(list(best.items()), neighbours)


def embed_questions(backend: EmbeddingBackend, texts: Sequence[str]) -> np.ndarray:
    """Questions embedded as queries, in one batch where the backend allows it."""
    if not texts:
        return np.zeros((0, backend.dim), dtype=np.float32)
    batch = getattr(backend, "embed_queries", None)
    if batch is not None:
        return np.asarray(batch(list(texts)), dtype=np.float32)
    return np.stack([np.asarray(backend.embed_query(t), dtype=np.float32) for t in texts])
