"""Build the LLM and reflection stages for ``pipeline.assembly``, after the stages before them.

Order: Generate → (the rules stages already listed) → CrossCheckKB → Verifier → Revise →
reflect. Generate only needs the document, so it goes right after Intake.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ingest.manifest import manifest_path, read_manifest
from kb.catalog import default_catalog
from kb.embeddings import LazyBackend, collection_suffix, get_backend
from kb.retrieval import Retriever
from kb.snapshot import SnapshotStore, snapshot_path, snapshot_stamp
from kb.store import (
    COLLECTION_PREFIX,
    ChunkStore,
    KBLocation,
    StoredChunk,
    default_kb_path,
    open_store,
)
from kb.verify import CitationVerifier
from pipeline.config import KBSettings, RunConfig
from pipeline.errors import ContractReviewError, KBUnreachableError, KnowledgeBaseError
from pipeline.llm.session import LLMSession
from pipeline.model import Document, Finding, KBInfo
from pipeline.reflection.loop import ReflectionLoop, RuleChecker
from pipeline.runner import Stage
from pipeline.stages.cross_check_kb import CitationChecker, CrossCheckKB
from pipeline.stages.generate import Generate
from pipeline.stages.revise import Revise
from pipeline.stages.verifier import Verifier

log = logging.getLogger(__name__)


class NoRuleFindings:
    """Stands in only while no rules stage is wired: an honest, empty ``rule_findings``."""

    name = "rules_absent"
    requires: tuple[str, ...] = ("document",)
    produces: dict[str, Any] = {"rule_findings": tuple[Finding, ...]}
    deterministic = True

    def run(self, *, document: Document) -> dict[str, Any]:
        return {"rule_findings": ()}


def make_rule_checker(stages: list[Stage]) -> RuleChecker | None:
    """Re-run the deterministic stages that lead to ``rule_findings`` on a revised document."""
    chain = [s for s in stages if "document" not in s.produces and s.deterministic]
    if not any("rule_findings" in s.produces for s in chain):
        return None

    def check(document: Document) -> tuple[Finding, ...]:
        artifacts: dict[str, Any] = {"document": document}
        for stage in chain:
            if not all(name in artifacts for name in stage.requires):
                continue
            artifacts.update(stage.run(**{n: artifacts[n] for n in stage.requires}))
            if "rule_findings" in artifacts:
                found: tuple[Finding, ...] = artifacts["rule_findings"]
                return found
        return ()

    return check


@dataclass(frozen=True)
class KBRuntime:
    """What CrossCheckKB gets from the KB, and the report's statement of which KB that was."""

    checker: CitationChecker | None
    find: Callable[[str], list[str]] | None
    info: KBInfo


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

    The fallback is stated in ``KBRuntime.info`` (and so in the report and the trace), never
    silent. An explicit ``url`` that does not answer raises :class:`KBUnreachableError`. The KB
    is never built here: that takes minutes (``make kb``).
    """
    try:
        catalog = default_catalog()
    except ContractReviewError as exc:  # a broken corpus must not stop a review
        log.warning("CrossCheckKB runs without a KB: %s", exc)
        return KBRuntime(None, None, KBInfo(mode="none", reason=exc.message))

    def find(text: str) -> list[str]:
        return [found.ref.raw for found in catalog.parser.find_all(text)]

    def catalog_only(reason: str) -> KBRuntime:
        log.warning(
            "CrossCheckKB uses the catalog only (exact lookup, lexical support): %s", reason
        )
        # lexical support scoring only: deterministic, and no embedding model to load
        info = KBInfo(mode="catalog", backend=settings.backend, scorer="lexical", reason=reason)
        return KBRuntime(CitationVerifier(catalog), find, info)

    if settings.use_store == "off":
        return catalog_only("the statute store is switched off (kb.use_store=off)")
    path = Path(settings.path) if settings.path else default_kb_path()
    where = settings.url or str(path)
    if settings.url is None and not (path / "chroma.sqlite3").is_file():
        return catalog_only(f"no KB built at {path} — run `make kb` (seconds, once)")
    collection = f"{COLLECTION_PREFIX}-{collection_suffix(settings.backend)}"
    if settings.url is None and not manifest_path(path, collection).is_file():
        # checked before opening: opening would create an empty collection in the user's KB
        return catalog_only(_not_built(where, settings))
    store: ChunkStore
    try:
        if settings.url is None:
            # a local KB is read from its snapshot: opening Chroma would write to it
            reason = _stale_snapshot(path, collection, settings)
            if reason:
                return catalog_only(reason)
            store = SnapshotStore(
                KBLocation(path=path), collection, settings.backend, LazyBackend(settings.backend)
            )
        else:
            store = open_store(path, settings.url, settings.backend)
        count = store.count()
    except KnowledgeBaseError as exc:
        if settings.url is not None:
            raise KBUnreachableError(exc.message) from exc
        return catalog_only(f"the KB at {path} cannot be opened: {exc.message}")
    except OSError as exc:  # the lock/state folder (also used in server mode) is not writable
        if settings.url is not None:
            raise KnowledgeBaseError(
                f"{path}: cannot use it as the local state folder for {settings.url} ({exc}). "
                "Fix: pass --kb-path with a writable folder"
            ) from exc
        return catalog_only(f"the KB at {path} cannot be opened: {exc}")
    except Exception as exc:  # chromadb raises bare errors for a server that stops answering
        if settings.url is not None:
            raise KBUnreachableError(
                f"{settings.url}: the Chroma server stopped answering ({exc}). "
                "Fix: check the server, or drop --kb-url"
            ) from exc
        return catalog_only(f"the KB at {path} cannot be read: {exc}")
    if count == 0:
        return catalog_only(_not_built(where, settings))
    try:
        get_backend(settings.backend)  # load it now: a missing model falls back here, not mid-run
    except (ContractReviewError, ImportError, OSError) as exc:
        return catalog_only(f"embedding backend {settings.backend} is unavailable: {exc}")
    chunks = store.all_chunks()
    verifier = CitationVerifier(catalog, LazyBackend(settings.backend), Retriever(store, chunks))
    info = KBInfo(
        mode="chroma",
        backend=settings.backend,
        where=where,
        articles=len(chunks),
        fingerprint=kb_fingerprint(chunks),
        scorer=verifier.scorer,
    )
    return KBRuntime(verifier, find, info)


def _stale_snapshot(path: Path, collection: str, settings: KBSettings) -> str:
    """Why the review snapshot cannot be used ("" when it can)."""
    manifest = read_manifest(path, collection, settings.backend)
    stamp = snapshot_stamp(snapshot_path(path, collection))
    if stamp is None or stamp != manifest.updated_at:
        return (
            f"the KB at {path} has no review snapshot matching its last build (a review never "
            "opens Chroma, which writes when opened) — run `contract-review kb build "
            f"--kb-path {path} --backend {settings.backend}` (seconds when nothing changed)"
        )
    return ""


def _not_built(where: str, settings: KBSettings) -> str:
    return (
        f"the KB at {where} holds no articles for backend {settings.backend} — run "
        f"`contract-review kb build --backend {settings.backend} "
        + (f"--kb-url {settings.url}`" if settings.url else f"--kb-path {where}`")
    )


def kb_fingerprint(chunks: list[StoredChunk]) -> str:
    """A hash of every stored article's id and content hash: changes when the KB does."""
    digest = hashlib.sha256()
    for chunk in sorted(chunks, key=lambda c: c.doc_id):
        digest.update(f"{chunk.doc_id}\0{chunk.metadata.get('content_hash', '')}\n".encode())
    return digest.hexdigest()[:16]


def reflection_stages(
    config: RunConfig, before: list[Stage], session: LLMSession, plumbing: bool = False
) -> tuple[list[Stage], list[Stage]]:
    """Returns (stages to put right after Intake, stages to append at the end)."""
    generate = Generate(session, config.llm)
    head: list[Stage] = [generate]
    tail: list[Stage] = []
    if not any("rule_findings" in s.produces for s in before):
        tail.append(NoRuleFindings())
    kb = kb_runtime(config.kb)
    cross_check = CrossCheckKB(kb.checker, kb.find, kb.info)
    verifier = Verifier(session, config.llm)
    revise = Revise(config.reflection)
    loop = ReflectionLoop(
        session,
        generate,
        cross_check,
        verifier,
        revise,
        config.reflection,
        rule_checker=make_rule_checker(before),
        plumbing=plumbing,
    )
    tail += [cross_check, verifier, revise, loop]
    return head, tail
