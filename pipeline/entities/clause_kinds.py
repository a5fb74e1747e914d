"""What a clause does legally: a multi-label classifier over the clause's text.

Keywords say what a clause *mentions*; a payment clause that mentions 违约 in passing is not a
penalty clause, and "shall pay 0.5% per day of delay" is one although it never says
"liquidated damages". The classifier is character n-gram TF-IDF with one logistic regression
per kind (scikit-learn), trained on labelled clauses (``golden_set/clauses/``: the dev
contracts, CUAD's English clause annotations, and clauses written for it). Character n-grams
need no tokenizer, so Chinese and English share one model. A sub-clause is read beside the
heading of the article it sits under (a second, bigram block: "8.2 上述款项可从应付款中扣除"
under "违约责任"), and a line that is only a number and a title carries no kind, as the
annotators' convention has it (``clause_context``).

The trained model ships as ``data/clause_model.npz`` (vocabulary, idf, coefficients), built by
``contract-review dev train-clauses``; a test retrains it and compares, so a stale file fails.
Loading rebuilds the transform from those arrays (no pickle) without importing scikit-learn.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from kb.locations import package_data
from pipeline.entities.clause_context import is_heading_only

CLAUSE_KINDS: tuple[str, ...] = (
    "price_payment",
    "deposit",
    "penalty",
    "exemption",
    "indemnity",
    "liability_cap",
    "term_renewal",
    "termination",
    "dispute_resolution",
    "governing_law",
    "confidentiality",
    "non_compete",
    "probation",
    "interest",
    "warranty_quality",
    "delivery_acceptance",
    "ip",
)
MODEL_FILE = "clause_model.npz"
# Long clauses are cut: the operative words of a clause are near its start, and the cut keeps
# one schedule table from dominating the features.
MAX_CHARS = 1200
VECTORIZER_ARGS: dict[str, Any] = {
    "analyzer": "char_wb",
    "ngram_range": (1, 3),
    "min_df": 2,
    "sublinear_tf": True,
    "lowercase": True,
    "max_features": 60000,
    "dtype": np.float32,
}
# the heading a sub-clause sits under (``clause_context``): a short phrase, so bigrams suffice
CONTEXT_VECTORIZER_ARGS: dict[str, Any] = {
    **{k: v for k, v in VECTORIZER_ARGS.items() if k != "max_features"},
    "ngram_range": (1, 2),
}


def normalise(text: str) -> str:
    """The text a clause is classified on: whitespace folded, figures as 0, cut to length."""
    folded = re.sub(r"\s+", " ", text).strip()
    return re.sub(r"\d", "0", folded)[:MAX_CHARS]


def keyword_features(texts: Sequence[str]) -> Any:
    """One column per keyword table entry of ``topics.CLAUSE_TYPES`` (1 when it matches): the
    words a reviewer would look for, as evidence beside the n-grams, not as the verdict."""
    from scipy import sparse

    from pipeline.entities.topics import clause_types_matrix

    return sparse.csr_matrix(clause_types_matrix(list(texts)), dtype=np.float32)


def featurize(
    vectorizer: Any,
    texts: Sequence[str],
    context_vectorizer: Any = None,
    contexts: Sequence[str] | None = None,
) -> Any:
    """The clause's n-grams and keywords, and (for a model with a context block) the n-grams
    of the heading it sits under ("" for a top-level clause)."""
    from scipy import sparse

    normal = [normalise(t) for t in texts]
    blocks = [vectorizer.transform(normal), keyword_features(normal)]
    if context_vectorizer is not None:
        around = contexts if contexts is not None else [""] * len(texts)
        blocks.append(context_vectorizer.transform([normalise(c) for c in around]))
    return sparse.hstack(blocks).tocsr()


@dataclass(frozen=True)
class ClauseClassifier:
    """A fitted vectorizer and one binary logistic regression per kind."""

    vectorizer: Any  # a fitted sklearn TfidfVectorizer, or CharTfidf for the shipped model
    coef: np.ndarray  # (kinds, features)
    intercept: np.ndarray  # (kinds,)
    thresholds: np.ndarray  # (kinds,)
    kinds: tuple[str, ...]
    # per contract language where its own contracts set them (the defect model: a type can be
    # told apart in Chinese contracts at a threshold where English ones still raise alarms)
    language_thresholds: Mapping[str, np.ndarray] = field(default_factory=dict)
    # the clause-kind model: n-grams of the enclosing heading, and headings carry no kind
    context_vectorizer: Any = None
    headings_have_no_kind: bool = False

    def thresholds_for(self, language: str | None) -> np.ndarray:
        """The thresholds for a contract in ``language`` (the pooled ones where none is set)."""
        return self.language_thresholds.get(language or "", self.thresholds)

    def scores(self, texts: Sequence[str], contexts: Sequence[str] | None = None) -> np.ndarray:
        """Probability per (text, kind); ``contexts``: each text's enclosing heading."""
        if not texts:
            return np.zeros((0, len(self.kinds)), dtype=np.float32)
        features = featurize(self.vectorizer, texts, self.context_vectorizer, contexts)
        logits = features @ self.coef.T + self.intercept
        probs = np.asarray(1.0 / (1.0 + np.exp(-logits)))
        if self.headings_have_no_kind:
            probs[[i for i, t in enumerate(texts) if is_heading_only(t)]] = 0.0
        return probs

    def predict(
        self, texts: Sequence[str], contexts: Sequence[str] | None = None
    ) -> list[tuple[str, ...]]:
        probs = self.scores(texts, contexts)
        return [
            tuple(k for k, p, t in zip(self.kinds, row, self.thresholds, strict=True) if p >= t)
            for row in probs
        ]

    def save(self, path: Path, trained_on: str = "") -> None:
        """``trained_on``: the training data's fingerprint, so a test can tell a stale file."""
        vocab = sorted(self.vectorizer.vocabulary_.items(), key=lambda kv: kv[1])
        arrays: dict[str, np.ndarray] = {
            "trained_on": np.array(trained_on),
            "vocabulary": np.array([k for k, _ in vocab]),
            "idf": self.vectorizer.idf_.astype(np.float32),
            "coef": self.coef.astype(np.float32),
            "intercept": self.intercept.astype(np.float32),
            "thresholds": self.thresholds.astype(np.float32),
            "kinds": np.array(self.kinds),
        }
        for lang, t in self.language_thresholds.items():
            arrays[f"{_LANGUAGE_PREFIX}{lang}"] = t.astype(np.float32)
        if self.context_vectorizer is not None:
            around = sorted(self.context_vectorizer.vocabulary_.items(), key=lambda kv: kv[1])
            arrays["context_vocabulary"] = np.array([k for k, _ in around])
            arrays["context_idf"] = self.context_vectorizer.idf_.astype(np.float32)
        if self.headings_have_no_kind:
            arrays["headings_have_no_kind"] = np.array(True)
        np.savez_compressed(path, allow_pickle=False, **arrays)


def from_arrays(arrays: Any) -> ClauseClassifier:
    # the shipped model's transform without importing scikit-learn (0.8 s) at review time
    from pipeline.entities.tfidf import CharTfidf

    vocabulary = {str(k): i for i, k in enumerate(arrays["vocabulary"])}
    vectorizer = CharTfidf(vocabulary, arrays["idf"], VECTORIZER_ARGS["ngram_range"])
    context_vectorizer = None
    if "context_vocabulary" in arrays.files:
        context_vectorizer = CharTfidf(
            {str(k): i for i, k in enumerate(arrays["context_vocabulary"])},
            arrays["context_idf"],
            CONTEXT_VECTORIZER_ARGS["ngram_range"],
        )
    return ClauseClassifier(
        vectorizer=vectorizer,
        coef=np.asarray(arrays["coef"], dtype=np.float32),
        intercept=np.asarray(arrays["intercept"], dtype=np.float32),
        thresholds=np.asarray(arrays["thresholds"], dtype=np.float32),
        kinds=tuple(str(k) for k in arrays["kinds"]),
        language_thresholds={
            name.removeprefix(_LANGUAGE_PREFIX): np.asarray(arrays[name], dtype=np.float32)
            for name in arrays.files
            if name.startswith(_LANGUAGE_PREFIX)
        },
        context_vectorizer=context_vectorizer,
        headings_have_no_kind="headings_have_no_kind" in arrays.files
        and bool(arrays["headings_have_no_kind"]),
    )


_LANGUAGE_PREFIX = "thresholds_"


def trained_on(path: Path) -> str:
    """The fingerprint of the data the model file was trained on ("" when it records none)."""
    with np.load(path, allow_pickle=False) as arrays:
        return str(arrays["trained_on"]) if "trained_on" in arrays.files else ""


def load(path: Path) -> ClauseClassifier:
    with np.load(path, allow_pickle=False) as arrays:
        return from_arrays(arrays)


def model_path() -> Path:
    """Where the shipped model lives (``contract-review dev train-clauses`` writes it)."""
    return package_data("pipeline", "entities", "data", MODEL_FILE)


@lru_cache(maxsize=1)
def default_classifier() -> ClauseClassifier | None:
    """The shipped model, or None when it has not been built (keyword tags are used then)."""
    path = model_path()
    return load(path) if path.is_file() else None
