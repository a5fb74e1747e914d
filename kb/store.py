"""The Chroma store of statute chunks: one collection per embedding backend.

``PersistentClient`` on a local folder by default; ``HttpClient`` when a ``--kb-url`` is given
(a ``chroma run`` server). Every collection is opened with :class:`KBEmbeddingFunction`, and
vectors are always computed by the backend and passed explicitly, so Chroma's default
embedding function (which downloads a model) never runs.

Dense search is exact: cosine over every stored vector in numpy, not Chroma's HNSW index. HNSW
is approximate; on the bundled KB its top 5 differed from the exact one for 8-12 of 503 golden
queries, and differently in two builds of the same corpus, so a review was not replayable on
another machine's KB. At 5k-10k chunks of 384 dimensions the exact product takes about a
millisecond.

Chunk ids are doc_ids (``cn.civil-code.585``), so exact ``get`` needs no search. Metadata per
chunk: law_key, law_title, label, caption, heading_path, source, file_hash, content_hash,
jurisdiction, status, kind and (PDF sources) page/page_end.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlparse

import chromadb
import numpy as np
from chromadb.config import Settings

from kb.embeddings import EmbeddingBackend, KBEmbeddingFunction, collection_suffix
from kb.prebuilt import prebuilt_vectors, text_key
from pipeline.errors import KnowledgeBaseError

REPO_ROOT = Path(__file__).resolve().parent.parent
KB_PATH_ENV = "CONTRACT_REVIEW_KB"
COLLECTION_PREFIX = "statutes"
_BATCH = 256

Metadata = dict[str, str | int | float | bool]


def default_kb_path() -> Path:
    """``$CONTRACT_REVIEW_KB`` or ``.kb/`` at the repository root."""
    return Path(os.environ.get(KB_PATH_ENV) or REPO_ROOT / ".kb")


@dataclass(frozen=True)
class KBLocation:
    """Where the KB lives: a local folder, or a Chroma server plus a local folder for state."""

    path: Path
    url: str | None = None

    @property
    def state_dir(self) -> Path:
        """Lock and manifest live here, also in server mode (they serialise this machine)."""
        if self.url is None:
            return self.path
        parsed = urlparse(self.url)
        return self.path / f"server-{parsed.hostname}-{parsed.port}"

    def client(self) -> Any:
        settings = Settings(anonymized_telemetry=False)
        if self.url is None:
            self.path.mkdir(parents=True, exist_ok=True)
            return chromadb.PersistentClient(path=str(self.path), settings=settings)
        parsed = urlparse(self.url)
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise KnowledgeBaseError(
                f"{self.url}: not a Chroma server URL. Fix: pass e.g. http://127.0.0.1:8000"
            )
        port = parsed.port or (443 if parsed.scheme == "https" else 8000)
        try:
            return chromadb.HttpClient(
                host=parsed.hostname, port=port, ssl=parsed.scheme == "https", settings=settings
            )
        except Exception as exc:  # chromadb raises bare ValueError/ConnectionError here
            raise KnowledgeBaseError(
                f"{self.url}: cannot reach the Chroma server ({exc}). "
                "Fix: start it with `chroma run --path <dir>` or drop --kb-url"
            ) from exc


@contextmanager
def _open_lock(directory: Path) -> Iterator[None]:
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / "open.lock", "a+") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


@dataclass(frozen=True)
class StoredChunk:
    doc_id: str
    text: str
    metadata: Mapping[str, Any]


class ChunkStore(Protocol):
    """What ingestion and retrieval need from a store (Chroma, or the in-memory twin)."""

    location: KBLocation
    name: str
    spec: str

    def count(self) -> int: ...

    def upsert(
        self,
        ids: Sequence[str],
        texts: Sequence[str],
        metadatas: Sequence[Metadata],
        embed_texts: Sequence[str],
        on_batch: Callable[[int], None] | None = None,
    ) -> None: ...

    def update_metadata(self, ids: Sequence[str], metadatas: Sequence[Metadata]) -> None: ...

    def delete(self, ids: Sequence[str]) -> None: ...

    def hashes_by_source(self) -> dict[str, dict[str, tuple[str, str]]]: ...

    def get(self, doc_id: str) -> StoredChunk | None: ...

    def all_chunks(self) -> list[StoredChunk]: ...

    def dense_search(
        self, query: str, k: int, where: Mapping[str, Any] | None = None
    ) -> list[tuple[str, float]]: ...


class StatuteStore:
    """One backend's collection of statute chunks."""

    def __init__(self, location: KBLocation, backend: EmbeddingBackend, spec: str) -> None:
        self.location = location
        self.backend = backend
        self.spec = spec
        self.name = f"{COLLECTION_PREFIX}-{collection_suffix(spec)}"
        # Two processes opening a fresh folder at once race in Chroma's sqlite migrations
        # ("table collections already exists"); serialise opening per KB folder.
        with _open_lock(location.state_dir):
            self._client = location.client()
            self._vectors: tuple[list[str], np.ndarray, list[Mapping[str, Any]]] | None = None
            self._collection = self._client.get_or_create_collection(
                name=self.name,
                embedding_function=KBEmbeddingFunction(backend=spec),
                configuration={"hnsw": {"space": "cosine"}},
                metadata={"embedding_backend": spec},
            )

    def count(self) -> int:
        return int(self._collection.count())

    def upsert(
        self,
        ids: Sequence[str],
        texts: Sequence[str],
        metadatas: Sequence[Metadata],
        embed_texts: Sequence[str],
        on_batch: Callable[[int], None] | None = None,
    ) -> None:
        """Embed ``embed_texts`` with the backend (or take the bundled corpus's prebuilt vector
        for the same text) and upsert; ``on_batch(n)`` after each batch."""
        self._vectors = None
        for start in range(0, len(ids), _BATCH):
            end = start + _BATCH
            vectors = self._vectors_for(list(embed_texts[start:end]))
            self._collection.upsert(
                ids=list(ids[start:end]),
                documents=list(texts[start:end]),
                metadatas=list(metadatas[start:end]),
                embeddings=np.asarray(vectors, dtype=np.float32),
            )
            if on_batch is not None:
                on_batch(len(ids[start:end]))

    def _vectors_for(self, texts: list[str]) -> np.ndarray:
        prebuilt = prebuilt_vectors(self.spec)
        found = [prebuilt.get(text_key(t)) for t in texts]
        missing = [t for t, v in zip(texts, found, strict=True) if v is None]
        fresh = iter(np.asarray(self.backend.embed_passages(missing)) if missing else [])
        return np.stack([v if v is not None else next(fresh) for v in found]).astype(np.float32)

    def update_metadata(self, ids: Sequence[str], metadatas: Sequence[Metadata]) -> None:
        """Change metadata only (a new file hash, identical article text): no re-embedding."""
        self._vectors = None
        for start in range(0, len(ids), _BATCH):
            end = start + _BATCH
            self._collection.update(ids=list(ids[start:end]), metadatas=list(metadatas[start:end]))

    def delete(self, ids: Sequence[str]) -> None:
        self._vectors = None
        if ids:
            self._collection.delete(ids=list(ids))

    def hashes_by_source(self) -> dict[str, dict[str, tuple[str, str]]]:
        """source -> {doc_id: (content_hash, file_hash)} for everything stored."""
        out: dict[str, dict[str, tuple[str, str]]] = {}
        got = self._collection.get(include=["metadatas"])
        for doc_id, meta in zip(got["ids"], got["metadatas"] or [], strict=True):
            source = str(meta.get("source", ""))
            out.setdefault(source, {})[doc_id] = (
                str(meta.get("content_hash", "")),
                str(meta.get("file_hash", "")),
            )
        return out

    def get(self, doc_id: str) -> StoredChunk | None:
        got = self._collection.get(ids=[doc_id], include=["documents", "metadatas"])
        if not got["ids"]:
            return None
        return StoredChunk(
            got["ids"][0], (got["documents"] or [""])[0], (got["metadatas"] or [{}])[0]
        )

    def all_chunks(self) -> list[StoredChunk]:
        got = self._collection.get(include=["documents", "metadatas"])
        return [
            StoredChunk(i, d, m)
            for i, d, m in zip(
                got["ids"], got["documents"] or [], got["metadatas"] or [], strict=True
            )
        ]

    def _stored_vectors(self) -> tuple[list[str], np.ndarray, list[Mapping[str, Any]]]:
        """(ids, unit-length vectors, metadatas), read once and kept until this store writes."""
        if self._vectors is None:
            got = self._collection.get(include=["embeddings", "metadatas"])
            ids = list(got["ids"])
            matrix = np.asarray(got["embeddings"], dtype=np.float32).reshape(len(ids), -1)
            norms = np.linalg.norm(matrix, axis=1, keepdims=True)
            self._vectors = (ids, matrix / np.maximum(norms, 1e-12), list(got["metadatas"] or []))
        return self._vectors

    def dense_search(
        self, query: str, k: int, where: Mapping[str, Any] | None = None
    ) -> list[tuple[str, float]]:
        """(doc_id, cosine similarity), best first; exact (see the module docstring)."""
        ids, matrix, metadatas = self._stored_vectors()
        return rank_by_cosine(self.backend, query, ids, matrix, metadatas, k, where)


def rank_by_cosine(
    backend: EmbeddingBackend,
    query: str,
    ids: Sequence[str],
    matrix: np.ndarray,
    metadatas: Sequence[Mapping[str, Any]],
    k: int,
    where: Mapping[str, Any] | None = None,
) -> list[tuple[str, float]]:
    """Exact dense search over unit-length ``matrix`` rows: (id, cosine), best first."""
    if not ids:
        return []
    vector = np.asarray(backend.embed_query(query), dtype=np.float32)
    scores = matrix @ (vector / max(float(np.linalg.norm(vector)), 1e-12))
    if where:
        keep = np.array([matches_where(m, where) for m in metadatas])
        scores = np.where(keep, scores, -np.inf)
    order = np.argsort(-scores, kind="stable")[: max(k, 0)]
    return [(ids[i], float(scores[i])) for i in order if np.isfinite(scores[i])]


def open_store(
    kb_path: Path | None = None, kb_url: str | None = None, backend: str | None = None
) -> StatuteStore:
    """Open (creating if needed) the collection for ``backend`` at a folder or server."""
    from kb.defaults import DEFAULT_BACKEND
    from kb.embeddings import BACKEND_NAMES, LazyBackend, get_backend

    spec = backend or DEFAULT_BACKEND
    if spec not in BACKEND_NAMES and not spec.startswith("st:"):
        get_backend(spec)  # raises the "unknown backend" error now, not at first use
    location = KBLocation(path=kb_path or default_kb_path(), url=kb_url)
    return StatuteStore(location, LazyBackend(spec), spec)


def matches_where(meta: Mapping[str, Any], where: Mapping[str, Any] | None) -> bool:
    """Chroma's equality and ``$and`` filters, evaluated on one chunk's metadata."""
    if not where:
        return True
    clauses = where.get("$and", [where])
    return all(meta.get(key) == value for clause in clauses for key, value in clause.items())
