"""Hybrid retrieval over the statute store: BM25 + dense, fused by reciprocal rank fusion.

Modes:
- ``bm25``: lexical only (deterministic; needs no embedding model at query time);
- ``dense``: the store's embedding backend only;
- ``hybrid``: a query that *is* a citation (民法典第585条, UCC 2-302) puts that article first by
  exact lookup; then BM25 and dense rankings of the articles, and BM25 and dense rankings of
  the question index (:mod:`kb.questions`: everyday questions written for each article, an
  article scored by its best question), are fused by a learned ranker (:mod:`kb.fusion`), or by
  RRF over the two article rankings (k=5, see RRF_K) when no ranker is available.
Filters (law key or alias, jurisdiction, status) apply to every mode. The BM25 query is
expanded with the legal thesaurus (:mod:`kb.query_expansion`) unless ``expand=False``.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, Literal

import numpy as np
from threadpoolctl import ThreadpoolController

from kb.citations import default_parser
from kb.fusion import (
    RANKINGS,
    Candidates,
    FusionModel,
    Ranking,
    candidate_features,
    default_model,
)
from kb.lexical import TOKENIZER_VERSION, LexicalIndex
from kb.query_expansion import default_thesaurus
from kb.questions import Question, QuestionIndex, default_questions
from kb.registry import Registry, default_registry, normalise_name
from kb.store import ChunkStore, StoredChunk
from kb.values import KnowledgeBaseError

Mode = Literal["bm25", "dense", "hybrid"]
MODES: tuple[Mode, ...] = ("bm25", "dense", "hybrid")
# RRF constant. 60 is the customary value; on golden_set/kb, k=5 was better or equal on recall@5
# in both halves of a 2-fold split (Chinese 0.881/0.807 vs 0.876/0.781 at k=60).
RRF_K = 5
CANDIDATES = 50


@cache
def _thread_pools() -> ThreadpoolController:
    return ThreadpoolController()


@dataclass(frozen=True)
class Filters:
    law: str | None = None  # registry key or any alias: cn.civil-code, 民法典, UCC
    jurisdiction: str | None = None
    status: str | None = None
    registry: Registry | None = None  # whose names ``law`` may use; default: the bundled one

    def law_key(self) -> str | None:
        if self.law is None:
            return None
        registry = self.registry or default_registry()
        if registry.get(self.law) is not None:
            return self.law
        key = registry.alias_index().get(normalise_name(self.law))
        if key is None:
            raise KnowledgeBaseError(
                f"unknown law {self.law!r}. Fix: use a registry key such as cn.civil-code or an "
                "alias such as 民法典, UCC, 9 U.S.C."
            )
        return key

    def where(self) -> dict[str, Any] | None:
        clauses = [
            {field: value}
            for field, value in (
                ("law_key", self.law_key()),
                ("jurisdiction", self.jurisdiction),
                ("status", self.status),
            )
            if value
        ]
        if not clauses:
            return None
        return clauses[0] if len(clauses) == 1 else {"$and": clauses}

    def accepts(self, meta: Mapping[str, Any]) -> bool:
        where = self.where() or {}
        clauses = where.get("$and", [where] if where else [])
        return all(meta.get(k) == v for clause in clauses for k, v in clause.items())


@dataclass(frozen=True)
class Hit:
    doc_id: str
    score: float
    via: str  # citation, bm25, dense, rrf or fusion
    text: str
    metadata: Mapping[str, Any]

    @property
    def citation(self) -> str:
        return str(self.metadata.get("citation", self.doc_id))


class Retriever:
    """Search one store. ``store=None`` gives a lexical-only retriever over ``chunks``."""

    def __init__(
        self,
        store: ChunkStore | None,
        chunks: Sequence[StoredChunk] | None = None,
        expand: bool = True,
        questions: Sequence[Question] | None = None,
        fusion: FusionModel | Literal["default"] | None = "default",
    ) -> None:
        """``questions``: the question index's keys (default: the bundled ones when the
        learned ranker applies, else none: RRF does better without them). ``fusion``: the
        learned ranker (default: the shipped one, if it was trained for this store's embedding
        backend; None for RRF)."""
        if chunks is None:
            if store is None:
                raise ValueError("a Retriever needs a store or chunks")
            chunks = store.all_chunks()
        self.store = store
        self.expand = expand
        self._chunks = {chunk.doc_id: chunk for chunk in chunks}
        self._ids = list(self._chunks)
        backend = getattr(store, "backend", None)
        model = default_model() if fusion == "default" else fusion
        self.fusion = model if model and model.backend == getattr(backend, "name", None) else None
        if questions is None:
            questions = default_questions() if self.fusion is not None else ()
        self._questions = QuestionIndex(questions, backend, self._question_lexical)

    def warm(self) -> Retriever:
        """Build (or load) the BM25 indexes now (the articles', and the question index's when the
        learned ranker applies), and write their token caches if the store allows."""
        _ = self._lexical
        self._questions.warm()
        return self

    @cached_property
    def _lexical(self) -> LexicalIndex:
        """The BM25 index, built on first use and reusing tokens cached next to the store when
        nothing changed.

        jieba segmentation of the bundled corpus takes seconds; the cache makes a CLI query or a
        new Retriever start in well under a second. Loading even the cached tokens takes half a
        second, which a review that searches nothing (none mode: rule citations are looked up,
        not searched) does not pay.
        """
        texts = [self._chunks[i].text for i in self._ids]
        digest = hashlib.sha256(TOKENIZER_VERSION.encode())
        for doc_id in self._ids:
            digest.update(
                f"{doc_id}\0{self._chunks[doc_id].metadata.get('content_hash', '')}\n".encode()
            )
        name = getattr(self.store, "name", "")
        return self._cached_index(f"bm25-{name}.json", self._ids, texts, digest.hexdigest())

    def _question_lexical(self, texts: tuple[str, ...]) -> LexicalIndex:
        """The question index's BM25, cached like the articles' (segmenting the questions
        takes seconds: the build pays it, a review loads the tokens)."""
        digest = hashlib.sha256(TOKENIZER_VERSION.encode())
        for text in texts:
            digest.update(f"{text}\n".encode())
        ids = [str(i) for i in range(len(texts))]
        return self._cached_index("bm25-questions.json", ids, list(texts), digest.hexdigest())

    def _cached_index(
        self, filename: str, ids: list[str], texts: list[str], key: str
    ) -> LexicalIndex:
        if self.store is None:
            return LexicalIndex(ids, texts)
        cache = self.store.location.state_dir / filename
        try:
            cached = json.loads(cache.read_text(encoding="utf-8"))
            if cached.get("key") == key and cached.get("ids") == ids:
                return LexicalIndex(ids, texts, tokens=cached["tokens"])
        except (OSError, ValueError):
            pass
        index = LexicalIndex(ids, texts)
        if getattr(self.store, "read_only", False):
            return index  # a review never writes under .kb/ (the build wrote the cache)
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(
                json.dumps({"key": key, "ids": ids, "tokens": index.tokens}, ensure_ascii=False),
                encoding="utf-8",
            )
            os.replace(tmp, cache)
        except OSError:
            pass  # a read-only KB folder just means no cache
        return index

    def __len__(self) -> int:
        return len(self._ids)

    @property
    def question_keys(self) -> int:
        """How many question-index keys this retriever searches (0: articles only)."""
        return len(self._questions)

    def search(
        self, query: str, k: int = 5, mode: Mode = "hybrid", filters: Filters | None = None
    ) -> list[Hit]:
        # One BLAS thread: the embedding library runs its own threads, and BLAS threads left
        # spinning after the question-index product starved them (p95 135 ms, 37 ms with one).
        with _thread_pools().limit(limits=1, user_api="blas"):
            return self._search(query, k, mode, filters or Filters())

    def _search(self, query: str, k: int, mode: Mode, filters: Filters) -> list[Hit]:
        if mode == "bm25":
            return self._hits(self._bm25(query, k, filters), "bm25")
        if mode == "dense":
            return self._hits(self._dense(query, k, filters), "dense")
        if mode != "hybrid":
            raise KnowledgeBaseError(f"unknown retrieval mode {mode!r}. Fix: use one of {MODES}")
        exact = self._exact(query, filters)
        fused = self.fuse(self.rankings(query, filters))
        hits = [self._hit(doc_id, 1.0, "citation") for doc_id in exact]
        hits += [self._hit(d, score, via) for d, score, via in fused if d not in exact]
        return hits[:k]

    def exact_ids(self, query: str) -> list[str]:
        """The articles a query that *is* a citation names (ranked first in hybrid mode)."""
        return self._exact(query, Filters())

    def _exact(self, query: str, filters: Filters) -> list[str]:
        found = default_parser().find_all(query)
        ids = [f"{f.ref.law_key}.{f.ref.article}" for f in found]
        return [
            i
            for i in dict.fromkeys(ids)
            if i in self._chunks and filters.accepts(self._chunks[i].metadata)
        ]

    @cached_property
    def _lexical_with_questions(self) -> LexicalIndex:
        """BM25 over each article's text together with its questions' (doc2query): a client's
        facts are often spread over several of an article's questions. Built from the two
        indexes' cached terms, so it segments nothing."""
        extra = self._questions.tokens_by_article()
        tokens = [
            self._lexical.tokens[i] + extra.get(doc_id, []) for i, doc_id in enumerate(self._ids)
        ]
        return LexicalIndex(self._ids, (), tokens=tokens)

    def _bm25(
        self, query: str, k: int, filters: Filters, index: LexicalIndex | None = None
    ) -> list[tuple[str, float]]:
        index = index or self._lexical
        scores = index.scores(default_thesaurus().expand(query) if self.expand else query)
        if filters.where():
            mask = np.array([filters.accepts(self._chunks[i].metadata) for i in self._ids])
            scores = np.where(mask, scores, 0.0)
        order = np.argsort(-scores, kind="stable")[:k]
        return [(self._ids[i], float(scores[i])) for i in order if scores[i] > 0]

    def _dense(self, query: str, k: int, filters: Filters) -> list[tuple[str, float]]:
        if self.store is None:
            raise KnowledgeBaseError("dense retrieval needs a vector store. Fix: use --mode bm25")
        return [
            (i, s)
            for i, s in self.store.dense_search(query, k, filters.where())
            if i in self._chunks
        ]

    def rankings(self, query: str, filters: Filters | None = None) -> dict[str, Ranking]:
        """The hybrid mode's inputs: up to CANDIDATES (doc_id, score) per ranking, best first."""
        filters = filters or Filters()
        out: dict[str, Ranking] = {"bm25": self._bm25(query, CANDIDATES, filters)}
        if self.store is not None:
            out["dense"] = self._dense(query, CANDIDATES, filters)
        if not len(self._questions):
            return out

        def accepts(doc_id: str) -> bool:
            chunk = self._chunks.get(doc_id)
            return chunk is not None and filters.accepts(chunk.metadata)

        expanded = default_thesaurus().expand(query) if self.expand else query
        found = {"q_bm25": self._questions.bm25(expanded, CANDIDATES, accepts)}
        out["qa_bm25"] = self._bm25(query, CANDIDATES, filters, self._lexical_with_questions)
        backend = self._questions.backend
        if backend is not None:
            vector = backend.embed_query(query)
            found["q_dense"] = self._questions.dense(vector, CANDIDATES, accepts)
            out["q_centroid"] = self._questions.centroid(vector, CANDIDATES, accepts)
        for name, matches in found.items():
            out[name] = matches.articles
            out[f"{name}_laws"] = self._law_shares(matches.neighbours)
        return out

    def _law_shares(self, neighbours: Sequence[str]) -> Ranking:
        """(law_key, share of the best-matching questions that ask about it): a k-nearest-
        neighbours guess at which laws the query concerns, by embedding or by keywords."""
        laws = Counter(str(self._chunks[d].metadata.get("law_key", "")) for d in neighbours)
        total = max(len(neighbours), 1)
        return [(law, count / total) for law, count in laws.most_common()]

    def fuse(self, rankings: Mapping[str, Ranking]) -> list[tuple[str, float, str]]:
        """(doc_id, score, via) best first: the learned model when every ranking it reads is
        there, else RRF over the article rankings (the questions' rankings would outvote the
        articles on laws they do not cover)."""
        article_rrf = reciprocal_rank_fusion(
            [[d for d, _ in rankings[name]] for name in ("bm25", "dense") if name in rankings]
        )
        model = self.fusion
        if model is None or any(name not in rankings for name in RANKINGS):
            return [(doc_id, score, "rrf") for doc_id, score in article_rrf]
        candidates, matrix = self.features(rankings, dict(article_rrf))
        scores = model.scores(matrix)
        order = np.argsort(-scores, kind="stable")
        return [(candidates[i], float(scores[i]), "fusion") for i in order]

    def features(
        self, rankings: Mapping[str, Ranking], article_rrf: Mapping[str, float]
    ) -> tuple[list[str], np.ndarray]:
        return candidate_features(
            rankings,
            Candidates(
                has_questions=self._questions.covers,
                length=lambda doc_id: len(self._chunks[doc_id].text),
                law=lambda doc_id: str(self._chunks[doc_id].metadata.get("law_key", "")),
            ),
            article_rrf,
        )

    def _hits(self, ranked: list[tuple[str, float]], via: str) -> list[Hit]:
        return [self._hit(doc_id, score, via) for doc_id, score in ranked]

    def _hit(self, doc_id: str, score: float, via: str) -> Hit:
        chunk = self._chunks[doc_id]
        return Hit(doc_id, score, via, chunk.text, chunk.metadata)


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[str]], k: int = RRF_K
) -> list[tuple[str, float]]:
    """Sum of 1/(k + rank) over rankings (rank from 1), best first; ties keep first-seen order."""
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, doc_id in enumerate(ranking, start=1):
            scores[doc_id] = scores.get(doc_id, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda item: -item[1])
