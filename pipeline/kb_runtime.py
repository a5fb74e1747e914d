"""Open the statute KB a review checks citations against: the Chroma store, or the catalog.

``pipeline.assembly`` gives CrossCheckKB what :func:`kb_runtime` opened; ``pipeline.batch``
opens it once before its workers start.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from kb.catalog import Catalog, default_catalog
from kb.embeddings import LazyBackend, collection_suffix, get_backend
from kb.health import check_store, not_built_message, open_snapshot
from kb.local_laws import kb_catalog
from kb.locations import default_kb_path
from kb.registry import LawEntry
from kb.retrieval import Retriever
from kb.store import COLLECTION_PREFIX, ChunkStore, KBLocation, StoredChunk, open_store
from kb.verify import CitationVerifier
from pipeline.config import KBSettings
from pipeline.draft_check.citations import CitationChecker
from pipeline.errors import (
    ContractReviewError,
    KBNotBuiltError,
    KBUnreachableError,
    KnowledgeBaseError,
)
from pipeline.model import HumanReviewItem, KBInfo

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class KBRuntime:
    """What CrossCheckKB gets from the KB, and the report's statement of which KB that was."""

    checker: CitationChecker | None
    find: Callable[[str], list[str]] | None
    info: KBInfo
    notices: tuple[HumanReviewItem, ...] = ()  # for the human-review queue (a KB fallback)


# Reviews in one process (batch, golden eval) share one opened KB per settings: the catalog,
# the store, the BM25 index and the embedding model load once.
_OPENED: dict[KBSettings, KBRuntime] = {}


def kb_runtime(settings: KBSettings | None = None) -> KBRuntime:
    """Open the KB ``settings`` name, once per process; see :func:`open_kb`."""
    settings = settings or KBSettings()
    if settings not in _OPENED:
        _OPENED[settings] = open_kb(settings)
    return _OPENED[settings]


def open_kb(settings: KBSettings) -> KBRuntime:
    """The Chroma store with dense + hybrid retrieval when it is built; else catalog + lexical.

    A KB that is not built (or is switched off, or whose embedding model is missing) gives the
    catalog, stated in ``KBRuntime.info`` (and so in the report and the trace). A damaged or
    incomplete KB (``kb.health``) raises :class:`KnowledgeBaseError` (exit 30) naming the
    fix, unless ``settings.fallback`` is ``catalog``: then the review runs on the catalog, and
    the report's KB block and a human-review item say why. An explicit ``url`` that does not
    answer raises :class:`KBUnreachableError` (34). The KB is never built or written here: a
    local KB is read from its snapshot, so a read-only KB folder works.
    """
    try:
        catalog = default_catalog()
    except ContractReviewError as exc:  # a broken corpus must not stop a review
        log.warning("CrossCheckKB runs without a KB: %s", exc)
        return KBRuntime(None, None, KBInfo(mode="none", reason=exc.message))

    def catalog_only(reason: str, notices: tuple[HumanReviewItem, ...] = ()) -> KBRuntime:
        log.warning(
            "CrossCheckKB uses the catalog only (exact lookup, lexical support): %s", reason
        )
        # lexical support scoring only: deterministic, and no embedding model to load
        info = KBInfo(mode="catalog", backend=settings.backend, scorer="lexical", reason=reason)
        return KBRuntime(CitationVerifier(catalog), finder(catalog), info, notices)

    def damaged(problem: str, cause: BaseException) -> KBRuntime:
        if settings.fallback != "catalog":
            raise KnowledgeBaseError(
                f"{problem}; or pass --kb-fallback catalog to review against the bundled "
                "catalog only (the report then says so)"
            ) from cause
        reason = f"{problem} [--kb-fallback catalog: the review used the catalog only]"
        notice = HumanReviewItem(
            reason="kb_fallback",
            detail="The statute KB could not be used, so citations were checked against the "
            "bundled catalog only (exact lookup, lexical support): no conflicting authority "
            f"and no possible basis were searched. {problem}",
        )
        return catalog_only(reason, (notice,))

    if settings.use_store == "off":
        return catalog_only("the statute store is switched off (kb.use_store=off)")
    path = Path(settings.path) if settings.path else default_kb_path()
    location = KBLocation(path=path, url=settings.url)
    collection = f"{COLLECTION_PREFIX}-{collection_suffix(settings.backend)}"
    store: ChunkStore
    try:
        if settings.url is None:
            # a local KB is read from its snapshot: opening Chroma would write to it
            store = open_snapshot(location, collection, settings.backend)
        else:
            store = open_store(path, settings.url, settings.backend)
        count = store.count()
    except KBNotBuiltError as exc:
        return catalog_only(exc.message)
    except KnowledgeBaseError as exc:
        if settings.url is not None:
            raise  # an unreachable or malformed --kb-url: never a fallback
        return damaged(exc.message, exc)
    except Exception as exc:  # the state folder, or chromadb's bare errors for a server
        if settings.url is not None:
            raise _server_mode_error(settings.url, path, exc) from exc
        detail = str(exc) if isinstance(exc, OSError) else f"{type(exc).__name__}: {exc}"
        return damaged(f"the KB at {path} cannot be read ({detail})", exc)
    if settings.url is not None:
        try:
            check_store(store, count)  # an interrupted ingest, or fewer articles than built
        except KnowledgeBaseError as exc:
            return damaged(exc.message, exc)
    if count == 0:
        return catalog_only(not_built_message(location, settings.backend))
    try:
        get_backend(settings.backend)  # load it now: a missing model falls back here, not mid-run
    except (ContractReviewError, ImportError, OSError) as exc:
        return catalog_only(f"embedding backend {settings.backend} is unavailable: {exc}")
    chunks = store.all_chunks()
    try:  # the laws registered in the folder (kb ingest --law-name) resolve like bundled ones
        in_kb = kb_catalog(location.state_dir, chunks)
    except KnowledgeBaseError as exc:
        return damaged(exc.message, exc)
    local = [law for law in in_kb.registry.laws if law.key in in_kb.ingested_laws]
    verifier = CitationVerifier(in_kb, LazyBackend(settings.backend), Retriever(store, chunks))
    info = KBInfo(
        mode="chroma",
        backend=settings.backend,
        where=settings.url or str(path),
        articles=len(chunks),
        fingerprint=kb_fingerprint(chunks, local),
        scorer=verifier.scorer,
    )
    return KBRuntime(verifier, finder(in_kb), info)


def _server_mode_error(url: str, path: Path, exc: Exception) -> KnowledgeBaseError:
    """Opening a ``--kb-url`` KB failed: never a fallback, so the error names the fix."""
    if isinstance(exc, OSError):  # the lock/state folder (also used in server mode)
        return KnowledgeBaseError(
            f"{path}: cannot use it as the local state folder for {url} ({exc}). "
            "Fix: pass --kb-path with a writable folder"
        )
    return KBUnreachableError(
        f"{url}: the Chroma server stopped answering ({exc}). "
        "Fix: check the server, or drop --kb-url"
    )


def finder(catalog: Catalog) -> Callable[[str], list[str]]:
    """The citations of ``catalog``'s laws in a text, as written."""

    def find(text: str) -> list[str]:
        return [found.ref.raw for found in catalog.parser.find_all(text)]

    return find


def kb_fingerprint(chunks: list[StoredChunk], local_laws: Sequence[LawEntry] = ()) -> str:
    """A hash of every stored article's id and content hash, and of the laws registered in the
    KB folder (their aliases and successors decide citations too): changes when the KB does."""
    digest = hashlib.sha256()
    for chunk in sorted(chunks, key=lambda c: c.doc_id):
        digest.update(f"{chunk.doc_id}\0{chunk.metadata.get('content_hash', '')}\n".encode())
    for law in local_laws:
        digest.update(law.model_dump_json().encode())
    return digest.hexdigest()[:16]
