"""The review-time TF-IDF transform of the shipped clause model equals scikit-learn's own, on
every labelled clause text (scikit-learn is the oracle here and the trainer)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from sklearn.feature_extraction.text import TfidfVectorizer

from pipeline.entities.clause_kinds import (
    CONTEXT_VECTORIZER_ARGS,
    MODEL_FILE,
    VECTORIZER_ARGS,
    normalise,
)
from pipeline.entities.tfidf import CharTfidf, char_wb_ngrams

REPO = Path(__file__).resolve().parents[2]
MODEL = REPO / "pipeline" / "entities" / "data" / MODEL_FILE


def _texts() -> list[str]:
    texts: list[str] = []
    for path in sorted((REPO / "golden_set" / "clauses").glob("*.jsonl"))[:3]:
        for line in path.read_text("utf-8").splitlines()[:400]:
            texts.append(normalise(json.loads(line)["text"]))
    texts += ["", "   ", "a", "Ab  CD\tef", "第一条 甲方应于2025年3月1日前支付货款。", "x" * 5]
    return texts


def _sklearn(vocabulary: dict[str, int], idf: np.ndarray) -> TfidfVectorizer:
    args = {k: v for k, v in VECTORIZER_ARGS.items() if k not in ("min_df", "max_features")}
    vectorizer = TfidfVectorizer(vocabulary=vocabulary, **args)
    vectorizer.idf_ = np.asarray(idf, dtype=np.float64)
    return vectorizer


def test_char_wb_ngrams_match_sklearns_analyzer() -> None:
    analyzer = TfidfVectorizer(analyzer="char_wb", ngram_range=(1, 3)).build_analyzer()
    for text in ["ab", "a bc  def", "  甲方 乙方  ", "x", ""]:
        assert char_wb_ngrams(text, 1, 3) == analyzer(text)


def test_transform_matches_sklearn_on_the_shipped_model() -> None:
    if not MODEL.is_file():
        pytest.fail(f"{MODEL} is missing: run contract-review dev train-clauses")
    with np.load(MODEL, allow_pickle=False) as arrays:
        vocabulary = {str(k): i for i, k in enumerate(arrays["vocabulary"])}
        idf = np.asarray(arrays["idf"])
    texts = _texts()
    ours = CharTfidf(vocabulary, idf, VECTORIZER_ARGS["ngram_range"]).transform(texts)
    theirs = _sklearn(vocabulary, idf).transform(texts)
    assert ours.shape == theirs.shape and len(texts) > 1000
    assert abs(ours - theirs).max() < 1e-6


def test_context_transform_matches_sklearn_on_the_shipped_model() -> None:
    """The block for the heading a sub-clause sits under (bigrams) is the same transform."""
    with np.load(MODEL, allow_pickle=False) as arrays:
        assert "context_vocabulary" in arrays.files, "run contract-review dev train-clauses"
        vocabulary = {str(k): i for i, k in enumerate(arrays["context_vocabulary"])}
        idf = np.asarray(arrays["context_idf"])
    args = {k: v for k, v in CONTEXT_VECTORIZER_ARGS.items() if k != "min_df"}
    sklearn = TfidfVectorizer(vocabulary=vocabulary, **args)
    sklearn.idf_ = np.asarray(idf, dtype=np.float64)
    headings = ["违约责任", "LIMITATION OF LIABILITY", "Fees and Payment", "", "付款方式与发票"]
    texts = [normalise(t) for t in headings + _texts()[:200]]
    ours = CharTfidf(vocabulary, idf, CONTEXT_VECTORIZER_ARGS["ngram_range"]).transform(texts)
    assert abs(ours - sklearn.transform(texts)).max() < 1e-6
