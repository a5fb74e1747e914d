"""Prebuilt vectors for the bundled corpus: `kb build` loads them instead of embedding.

The bundled corpus is fixed, so its passage vectors are computed once (``make vectors``) and
shipped as package data: float16 (cosines move by < 1e-3) keyed by the SHA-256 of the exact
text that is embedded. A chunk whose text changed simply has no prebuilt vector and is embedded
as before, so a stale file can only cost time, never give a wrong vector; the user's own
statutes are always embedded. ``tests/kb/test_prebuilt_vectors.py`` re-embeds a random sample and
compares, so a file built with another model fails.

This module keys, writes and loads the vectors; :mod:`ingest.prebuilt` chunks the corpus and
builds them (``contract-review kb vectors``, ``make vectors``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import numpy as np

from kb.embeddings import collection_suffix
from kb.locations import package_data

VECTORS_DIR = package_data("kb", "vectors")


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def vectors_file(spec: str) -> str:
    return f"{collection_suffix(spec)}.npz"


def question_vectors_file(spec: str) -> str:
    return f"questions-{collection_suffix(spec)}.npz"


@cache
def prebuilt_vectors(spec: str) -> dict[str, np.ndarray]:
    """text key -> float32 vector for ``spec``; empty when nothing is shipped for it."""
    return _load(vectors_file(spec))


class _ByText:
    """A text -> vector view of a keyed vectors file (``.get(text)``)."""

    def __init__(self, by_key: dict[str, np.ndarray]) -> None:
        self._by_key = by_key

    def get(self, text: str) -> np.ndarray | None:
        return self._by_key.get(text_key(text))


@cache
def prebuilt_question_vectors(spec: str) -> _ByText:
    """The question index's vectors (:mod:`kb.questions`) for ``spec``, looked up by text."""
    return _ByText(_load(question_vectors_file(spec)))


def _load(filename: str) -> dict[str, np.ndarray]:
    path = VECTORS_DIR / filename
    if not path.is_file():
        return {}
    with np.load(path, allow_pickle=False) as arrays:
        keys = [str(k) for k in arrays["keys"]]
        matrix = np.asarray(arrays["vectors"], dtype=np.float32)
    return dict(zip(keys, matrix, strict=True))


def write_vectors(path: Path, texts: Sequence[str], vectors: np.ndarray) -> None:
    keys = np.array([text_key(t) for t in texts])
    order = np.argsort(keys, kind="stable")  # a stable file: same corpus, same bytes
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(tmp, keys=keys[order], vectors=vectors[order].astype(np.float16))
    tmp.replace(path)
