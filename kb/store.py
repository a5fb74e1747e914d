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

Opening a store is for writing (``kb build``/``ingest``/``eval``): a read-only folder, a damaged
``chroma.sqlite3`` (checked from its header first, because Chroma silently replaces a 0-byte
file with an empty database) and a server that does not answer are refused with the fix
(exit 30, 30 and 34). Reviews and ``kb query``/``show``/``stats`` read ``kb.snapshot`` instead.
"""

from __future__ import annotations

import errno
import fcntl
import os
import struct
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlparse

import numpy as np

from kb.embeddings import EmbeddingBackend, collection_suffix
from kb.locations import default_kb_path
from kb.prebuilt import prebuilt_vectors, text_key
from kb.values import KBUnreachableError, KnowledgeBaseError
from kb.vectors import hashes_by_source, rank_by_cosine, unit_rows

COLLECTION_PREFIX = "statutes"
DB_FILE = "chroma.sqlite3"
LOCK_FILE = "ingest.lock"  # held while an ingest writes (ingest.lock); kb.health probes it
_BATCH = 256
_SQLITE_MAGIC = b"SQLite format 3\x00"

Metadata = dict[str, str | int | float | bool]


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
        """A Chroma client for writing (``kb build``/``ingest``): refuses a damaged or read-only
        local folder with the fix, and an unreachable server with exit 34."""
        # imported here: a review reads the snapshot and never needs Chroma (0.5 s to import)
        import chromadb
        from chromadb.config import Settings

        settings = Settings(anonymized_telemetry=False)
        if self.url is None:
            try:
                self.path.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                if is_permission_error(exc):
                    raise read_only_error(self.path, exc) from exc
                raise
            check_writable(self.path)
            problem = sqlite_problem(self.path / DB_FILE)
            if problem:
                raise KnowledgeBaseError(damaged_db_message(self.path, problem))
            try:
                return chromadb.PersistentClient(path=str(self.path), settings=settings)
            except Exception as exc:  # chromadb raises its own InternalError for a bad database
                problem = f"Chroma cannot open it ({exc})"
                raise KnowledgeBaseError(damaged_db_message(self.path, problem)) from exc
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
            raise KBUnreachableError(
                f"{self.url}: cannot reach the Chroma server ({exc}). "
                "Fix: start it with `chroma run --path <dir>` or drop --kb-url"
            ) from exc


def sqlite_problem(db: Path) -> str | None:
    """What is wrong with ``db`` as an SQLite file, from its size and 100-byte header alone
    (nothing is opened for writing; None when it is whole or absent).

    Catches the damage a copy or a full disk leaves: 0 bytes, not SQLite, or shorter than the
    page count its header records (a truncated file).
    """
    try:
        size = db.stat().st_size
        if size == 0:
            return "the file is empty (0 bytes)"
        with open(db, "rb") as handle:
            header = handle.read(100)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"it cannot be read ({exc.strerror or exc})"
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        return f"it is not an SQLite database ({size:,} bytes)"
    (page_size,) = struct.unpack_from(">H", header, 16)
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        return f"its header is damaged (page size {page_size})"
    (change_counter,) = struct.unpack_from(">I", header, 24)
    (pages,) = struct.unpack_from(">I", header, 28)
    (valid_for,) = struct.unpack_from(">I", header, 92)  # the page count is valid when equal
    if pages and valid_for == change_counter and size < pages * page_size:
        return f"it is truncated ({size:,} of {pages * page_size:,} bytes)"
    if size % page_size:
        return f"it is truncated ({size:,} bytes, not a whole number of {page_size}-byte pages)"
    return None


def damaged_db_message(path: Path, problem: str) -> str:
    return (
        f"{path / DB_FILE}: the KB's Chroma database is damaged: {problem}. Fix: move {path} "
        f"aside and rebuild it with `contract-review kb build --kb-path {path}` (then `kb ingest` "
        "your own statutes again)"
    )


def check_writable(path: Path) -> None:
    """Refuse a KB folder (or its database) this process cannot write, before anything starts."""
    db = path / DB_FILE
    for target in (db, path) if db.exists() else (path,):
        if target.exists() and not os.access(target, os.W_OK):
            raise read_only_error(path)


def store_error(location: KBLocation, exc: Exception) -> KnowledgeBaseError:
    """The KB's error for a failure of the OS or of Chroma while using the store: a read-only
    or full folder (30), a server that stopped answering (34), a damaged database (30)."""
    if isinstance(exc, OSError):
        if is_permission_error(exc):
            return read_only_error(location.state_dir, exc)
        return KnowledgeBaseError(
            f"{exc.filename or location.state_dir}: {exc.strerror or exc}. Fix: check the KB "
            "folder (free disk space, permissions) and run the command again"
        )
    if location.url is not None:
        return KBUnreachableError(
            f"{location.url}: the Chroma server did not answer ({type(exc).__name__}: {exc}). "
            "Fix: check the server (`chroma run --path <dir>`), or drop --kb-url"
        )
    return KnowledgeBaseError(damaged_db_message(location.path, f"Chroma failed: {exc}"))


def as_kb_error(exc: Exception, path: Path | None, url: str | None) -> KnowledgeBaseError | None:
    """:func:`store_error` for ``exc`` when it is a failure of the OS, SQLite, Chroma or the HTTP
    client while using the KB at ``path`` (None: the default folder) or ``url``; None for
    anything else, which is a bug."""
    import sqlite3

    import httpx
    from chromadb.errors import ChromaError

    if not isinstance(exc, OSError | sqlite3.Error | ChromaError | httpx.HTTPError):
        return None
    return store_error(KBLocation(path=path or default_kb_path(), url=url), exc)


def read_only_error(path: Path, exc: OSError | None = None) -> KnowledgeBaseError:
    why = f" ({exc.strerror})" if exc is not None and exc.strerror else ""
    return KnowledgeBaseError(
        f"{path}: the KB folder is read-only{why}; building or ingesting writes to it (reviews "
        f"and `kb query`/`show`/`stats` only read it). Fix: make it writable (chmod -R u+w {path})"
        " or pass --kb-path with a writable copy"
    )


def is_permission_error(exc: OSError) -> bool:
    return exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS)


@contextmanager
def _open_lock(directory: Path) -> Iterator[None]:
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle = open(directory / "open.lock", "a+")  # noqa: SIM115 (closed below)
    except OSError as exc:
        if is_permission_error(exc):
            raise read_only_error(directory, exc) from exc
        raise
    with handle:
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
            from kb.chroma_embedding import KBEmbeddingFunction

            try:
                self._collection = self._client.get_or_create_collection(
                    name=self.name,
                    embedding_function=KBEmbeddingFunction(backend=spec),
                    configuration={"hnsw": {"space": "cosine"}},
                    metadata={"embedding_backend": spec},
                )
            except Exception as exc:  # chromadb's own errors, or httpx's for a server
                raise store_error(location, exc) from exc

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
        got = self._collection.get(include=["metadatas"])
        return hashes_by_source(zip(got["ids"], got["metadatas"] or [], strict=True))

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
            matrix = unit_rows(got["embeddings"], len(ids))
            self._vectors = (ids, matrix, list(got["metadatas"] or []))
        return self._vectors

    def dense_search(
        self, query: str, k: int, where: Mapping[str, Any] | None = None
    ) -> list[tuple[str, float]]:
        """(doc_id, cosine similarity), best first; exact (see the module docstring)."""
        ids, matrix, metadatas = self._stored_vectors()
        return rank_by_cosine(self.backend, query, ids, matrix, metadatas, k, where)


def open_store(
    kb_path: Path | None = None, kb_url: str | None = None, backend: str | None = None
) -> StatuteStore:
    """Open (creating if needed) the collection for ``backend`` at a folder or server."""
    from kb.defaults import DEFAULT_BACKEND
    from kb.embeddings import LazyBackend

    spec = check_backend_name(backend or DEFAULT_BACKEND)
    location = KBLocation(path=kb_path or default_kb_path(), url=kb_url)
    return StatuteStore(location, LazyBackend(spec), spec)


def check_backend_name(spec: str) -> str:
    """``spec`` if it names a backend; raises the "unknown backend" error now, not at first use."""
    from kb.embeddings import BACKEND_NAMES, get_backend

    if spec not in BACKEND_NAMES and not spec.startswith("st:"):
        get_backend(spec)
    return spec
