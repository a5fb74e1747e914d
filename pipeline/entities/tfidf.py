"""Scikit-learn's ``TfidfVectorizer.transform`` for the shipped clause model, without importing
scikit-learn at review time (its import pulls in scipy.stats: 0.8 s of every CLI run).

Only the configuration the model is trained with is supported: ``analyzer="char_wb"``,
``lowercase``, ``sublinear_tf``, l2 norm, smooth idf given. Training still uses scikit-learn,
and ``tests/entities/test_tfidf.py`` checks this transform against it on the labelled clauses.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

_WHITE_SPACES = re.compile(r"\s\s+")  # sklearn's char_wb preprocessing


def char_wb_ngrams(text: str, min_n: int, max_n: int) -> list[str]:
    """The n-grams sklearn's ``char_wb`` analyzer yields: inside words padded with a space."""
    grams: list[str] = []
    for word in _WHITE_SPACES.sub(" ", text).split():
        padded = f" {word} "
        size = len(padded)
        for n in range(min_n, max_n + 1):
            offset = 0
            grams.append(padded[offset : offset + n])
            while offset + n < size:
                offset += 1
                grams.append(padded[offset : offset + n])
            if offset == 0:  # a word shorter than n: counted once
                break
    return grams


class CharTfidf:
    """``transform`` of a fitted char_wb, sublinear-tf, l2-normalised TfidfVectorizer."""

    def __init__(
        self, vocabulary: dict[str, int], idf: np.ndarray, ngram_range: tuple[int, int]
    ) -> None:
        self.vocabulary_ = vocabulary
        self.idf_ = np.asarray(idf, dtype=np.float64)
        self.ngram_range = ngram_range

    def transform(self, texts: Sequence[str]) -> Any:
        from scipy import sparse

        rows: list[int] = []
        cols: list[int] = []
        values: list[float] = []
        min_n, max_n = self.ngram_range
        for row, text in enumerate(texts):
            counts = Counter(
                column
                for gram in char_wb_ngrams(text.lower(), min_n, max_n)
                if (column := self.vocabulary_.get(gram)) is not None
            )
            if not counts:
                continue
            index = np.fromiter(counts.keys(), dtype=np.int64)
            weight = (1.0 + np.log(np.fromiter(counts.values(), dtype=np.float64))) * self.idf_[
                index
            ]
            weight /= np.sqrt(np.dot(weight, weight))
            rows.extend([row] * len(index))
            cols.extend(index.tolist())
            values.extend(weight.tolist())
        shape = (len(texts), len(self.vocabulary_))
        matrix = sparse.csr_matrix((values, (rows, cols)), shape=shape, dtype=np.float32)
        matrix.sort_indices()
        return matrix
