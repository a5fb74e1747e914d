"""Is the KB whole? What a review and the ``kb`` commands check before they trust a KB folder.

Nothing here writes but :func:`incomplete_marker`, which ``ingest.sync`` holds while it writes
(the lock is probed with a shared ``flock`` on a read-only descriptor), so the checks work on a
read-only KB folder. It is kb's, not ingest's, because every reader of a KB needs it (reviews,
the ``kb`` commands, :mod:`kb.llamaindex`) and kb imports nothing of ingest. A KB is *damaged*
when:

- ``chroma.sqlite3`` is not a whole SQLite file: 0 bytes, not SQLite, or shorter than its header
  says (:func:`kb.store.sqlite_problem`);
- an ingest stopped midway. ``ingest-incomplete-<collection>.json`` is written before the first
  write to the store, updated after each batch, and removed only once the manifest and the
  review snapshot are written; while it exists and no ingest holds the lock, the store holds
  part of a build. The next ``kb build`` (or the same ``kb ingest``) resumes it and embeds only
  what is missing (:mod:`ingest.sync`);
- the manifest cannot be read, or the review snapshot does not match it (its stamp, or its
  article count), or an opened store's count differs from the manifest's.

Each problem is a :class:`~pipeline.errors.KnowledgeBaseError` (exit 30) whose one-line message
names the fix. A KB that was never built is :class:`~pipeline.errors.KBNotBuiltError` (33): a
review runs on the catalog then, as documented, while a damaged KB stops it unless the user
passed ``--kb-fallback catalog``.
"""

from __future__ import annotations

import fcntl
import os
import shlex
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from kb.defaults import DEFAULT_BACKEND
from kb.embeddings import LazyBackend, collection_suffix
from kb.locations import default_kb_path
from kb.manifest import Manifest, manifest_articles, manifest_path, now, read_manifest
from kb.snapshot import SnapshotStore, snapshot_path, snapshot_stamp
from kb.store import (
    COLLECTION_PREFIX,
    DB_FILE,
    LOCK_FILE,
    ChunkStore,
    KBLocation,
    check_backend_name,
    damaged_db_message,
    open_store,
    sqlite_problem,
)
from kb.values import KBNotBuiltError, KnowledgeBaseError

MARKER_PREFIX = "ingest-incomplete-"


class IngestMarker(BaseModel):
    """What an unfinished ingest was doing: enough to say so and to name the command to resume."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    collection: str
    backend: str
    command: Literal["build", "ingest"]
    sources: tuple[str, ...] = ()
    started_at: str = ""
    pid: int = 0
    planned: int = 0
    done: int = 0


def marker_path(state_dir: Path, collection: str) -> Path:
    return state_dir / f"{MARKER_PREFIX}{collection}.json"


def _write_marker(path: Path, marker: IngestMarker) -> None:
    tmp = path.with_name(f"{path.stem}.{os.getpid()}.tmp")
    tmp.write_text(marker.model_dump_json(), encoding="utf-8")
    os.replace(tmp, path)


@contextmanager
def incomplete_marker(state_dir: Path, marker: IngestMarker) -> Iterator[Callable[[int], None]]:
    """Mark the KB as mid-ingest; yields ``advance(n)`` for each batch written. The marker is
    removed only when the block completes: an exception, or a killed process, leaves it."""
    path = marker_path(state_dir, marker.collection)
    current = marker.model_copy(update={"started_at": now(), "pid": os.getpid()})
    _write_marker(path, current)

    def advance(n: int) -> None:
        nonlocal current
        current = current.model_copy(update={"done": current.done + n})
        _write_marker(path, current)

    yield advance
    path.unlink(missing_ok=True)


def read_marker(state_dir: Path, collection: str, backend: str) -> IngestMarker | None:
    path = marker_path(state_dir, collection)
    try:
        return IngestMarker.model_validate_json(path.read_bytes())
    except FileNotFoundError:
        return None
    except (OSError, ValidationError):  # unreadable: still an unfinished ingest
        return IngestMarker(collection=collection, backend=backend, command="build")


def ingest_running(state_dir: Path) -> bool:
    """True while another process holds the ingest lock (probed without writing anything)."""
    try:
        fd = os.open(state_dir / LOCK_FILE, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing releases a shared lock we took
    return False


def _where(location: KBLocation, backend: str) -> str:
    url = f"--kb-url {location.url} " if location.url else ""
    return f"{url}--kb-path {shlex.quote(str(location.path))} --kb-backend {shlex.quote(backend)}"


def resume_command(location: KBLocation, backend: str, marker: IngestMarker | None) -> str:
    """The command that finishes what ``marker`` started (``kb build`` when unknown)."""
    if marker is not None and marker.command == "ingest" and marker.sources:
        shown = " ".join(shlex.quote(s) for s in marker.sources[:3])
        more = " ..." if len(marker.sources) > 3 else ""
        return f"contract-review kb ingest {shown}{more} {_where(location, backend)}"
    return f"contract-review kb build {_where(location, backend)}"


def _interrupted(location: KBLocation, backend: str, marker: IngestMarker) -> str:
    started = f" started {marker.started_at}" if marker.started_at else ""
    progress = f" after {marker.done:,} of {marker.planned:,} articles" if marker.planned else ""
    return (
        f"{location.url or location.path}: the KB is incomplete: a `kb {marker.command}`{started}"
        f" stopped{progress}, so the store holds part of a build. Fix: run "
        f"`{resume_command(location, backend, marker)}` to resume it (only what is missing is "
        "embedded)"
    )


def damage(location: KBLocation, collection: str, backend: str) -> tuple[Manifest, str | None]:
    """(the manifest, the first problem found or None): the database file, an unfinished
    ingest, and a manifest that cannot be read. A running ingest is not damage."""
    if location.url is None:
        problem = sqlite_problem(location.path / DB_FILE)
        if problem:
            return Manifest(collection=collection, backend=backend), damaged_db_message(
                location.path, problem
            )
    state = location.state_dir
    try:
        manifest = read_manifest(state, collection, backend)
    except KnowledgeBaseError as exc:
        return Manifest(collection=collection, backend=backend), exc.message
    marker = read_marker(state, collection, backend)
    if marker is not None and not ingest_running(state):
        return manifest, _interrupted(location, backend, marker)
    return manifest, None


def count_problem(
    location: KBLocation, backend: str, manifest: Manifest, stored: int, what: str
) -> str | None:
    """The manifest's article count against what ``what`` (the store, the snapshot) holds."""
    expected = manifest_articles(manifest)
    if not manifest.sources or stored == expected or ingest_running(location.state_dir):
        return None
    return (
        f"{location.url or location.path}: the KB is incomplete: its manifest lists "
        f"{expected:,} articles for backend {backend} but the {what} holds {stored:,}. Fix: run "
        f"`{resume_command(location, backend, None)}` to repair it"
    )


def check_store(store: ChunkStore, stored: int | None = None) -> None:
    """Raise the damage of an opened store (``kb eval``, a server); ``stored``: its count."""
    manifest, problem = damage(store.location, store.name, store.spec)
    if problem is None:
        stored = store.count() if stored is None else stored
        problem = count_problem(store.location, store.spec, manifest, stored, "store")
    if problem:
        raise KnowledgeBaseError(problem)


def not_built_message(location: KBLocation, backend: str) -> str:
    where = location.url or str(location.path)
    place = f"--kb-url {location.url}" if location.url else f"--kb-path {location.path}"
    return (
        f"the KB at {where} holds no articles for backend {backend} — run "
        f"`contract-review kb build --kb-backend {backend} {place}`"
    )


def open_snapshot(location: KBLocation, collection: str, backend: str) -> SnapshotStore:
    """The local KB's review snapshot, read-only, after every check above.

    Raises :class:`KBNotBuiltError` when nothing was built for ``backend`` at the folder, and
    :class:`KnowledgeBaseError` (with the fix) when what was built is damaged or incomplete.
    """
    path = location.path
    if not (path / DB_FILE).is_file():
        raise KBNotBuiltError(
            f"no KB built at {path} — run `contract-review kb build` (seconds, once; "
            "`make kb` in a checkout)"
        )
    manifest, problem = damage(location, collection, backend)
    if problem:
        raise KnowledgeBaseError(problem)
    if not manifest_path(path, collection).is_file():
        # checked before opening: opening Chroma would create an empty collection in the KB
        raise KBNotBuiltError(not_built_message(location, backend))
    stamp = snapshot_stamp(snapshot_path(path, collection))
    if stamp is None or stamp != manifest.updated_at:
        busy = (
            "an ingest is writing the KB now; run again when it finishes, or "
            if ingest_running(path)
            else ""
        )
        raise KnowledgeBaseError(
            f"{path}: the KB has no review snapshot matching its last build (a review never "
            f"opens Chroma, which writes when opened). Fix: {busy}run "
            f"`{resume_command(location, backend, None)}` (seconds when nothing changed)"
        )
    store = SnapshotStore(location, collection, backend, LazyBackend(backend))
    problem = count_problem(location, backend, manifest, store.count(), "review snapshot")
    if problem:
        raise KnowledgeBaseError(problem)
    return store


def open_reader(path: Path | None, url: str | None, backend: str | None) -> ChunkStore:
    """The KB to read (``kb query``/``show``/``stats``, the Python API's ``query_kb``), checked
    whole: a local KB's review snapshot, which opens nothing for writing; a server's collection.
    """
    spec = check_backend_name(backend or DEFAULT_BACKEND)
    if url is None:
        location = KBLocation(path=path or default_kb_path())
        return open_snapshot(location, f"{COLLECTION_PREFIX}-{collection_suffix(spec)}", spec)
    store = open_store(path, url, spec)
    check_store(store)
    return store
