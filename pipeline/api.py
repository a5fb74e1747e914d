"""The Python API: review a contract or a folder of contracts, build and query the statute KB.

``from pipeline import review, ReviewOptions, Report`` (the names load on first use, so
``import pipeline`` stays cheap). The functions return data and never print; the CLI commands
are thin layers over the same library code.

- :func:`review` reviews one contract, from a path or from its bytes, and returns the
  :data:`Report` that ``contract-review review`` writes as ``report.json``;
  :func:`review_outcome` also returns what the HTML and Word reports are made from (the HTTP
  service writes the whole output set with it).
- :func:`review_batch` is ``contract-review batch``: a folder, resumable, with a summary.
- :func:`build_kb`, :func:`ingest_kb`, :func:`query_kb` and :func:`verify_citation` are
  ``contract-review kb build``/``ingest``/``query``/``verify``.

:data:`ReviewOptions` is the run configuration the CLI builds from its options
(:class:`pipeline.config.RunConfig`): frozen, and a misspelt setting is an error. Errors are
:class:`~pipeline.errors.ContractReviewError` subclasses whose message names the file and the
fix; an input that cannot be reviewed raises its :class:`~pipeline.errors.InputError` itself.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.config import RunConfig
from pipeline.errors import InputError, StageError
from pipeline.model import ReviewReport

if TYPE_CHECKING:
    from ingest.sync import IngestSummary, Progress
    from kb.local_laws import LawOptions
    from kb.retrieval import Hit, Mode
    from kb.types import CitationVerdict
    from pipeline.batch import BatchSummary, Executor
    from pipeline.reviewing import OutputFormat, ReviewOutcome

ReviewOptions = RunConfig
Report = ReviewReport


def review(
    source: Path | bytes, *, filename: str | None = None, options: ReviewOptions | None = None
) -> Report:
    """Review one contract and return its report (``report.json``'s model).

    ``source`` is the path of a ``.pdf``, ``.docx``, ``.txt`` or ``.md`` file, or the file's
    bytes; bytes need ``filename``, whose suffix says how to read them and which the report
    names. ``options`` default to the CLI's defaults (``--llm auto``: Ollama when it answers,
    else rules and KB only).
    """
    return review_outcome(source, filename=filename, options=options).report


def review_outcome(
    source: Path | bytes, *, filename: str | None = None, options: ReviewOptions | None = None
) -> ReviewOutcome:
    """:func:`review`, with what the other output files are made from: the extracted text (the
    HTML and Word reports) and the trace. ``pipeline.reviewing.write_outputs`` writes its set."""
    options = options or ReviewOptions()
    if isinstance(source, bytes | bytearray):
        return _review_bytes(bytes(source), filename, options)
    if not isinstance(source, Path):
        raise TypeError(
            f"review() takes a Path or the file's bytes, not {type(source).__name__}; for text, "
            "pass text.encode() with filename='contract.txt'"
        )
    if filename is not None:
        raise ValueError("filename is for bytes; a path already names its file")
    return _review_path(source, options)


def _review_path(path: Path, options: ReviewOptions) -> ReviewOutcome:
    from pipeline.reviewing import review_file  # the whole pipeline: loaded on first use

    try:
        return review_file(path, options)
    except StageError as exc:
        if isinstance(exc.__cause__, InputError):
            raise exc.__cause__ from None  # the file's problem and its fix, as the CLI says it
        raise


def _review_bytes(data: bytes, filename: str | None, options: ReviewOptions) -> ReviewOutcome:
    name = Path(filename or "").name
    if not name or name in (".", ".."):
        raise ValueError(
            "review(bytes) needs filename=..., e.g. 'contract.pdf': its suffix (.pdf, .docx, "
            ".txt or .md) says how to read the bytes"
        )
    from pipeline.atomic import write_bytes_atomic

    # Intake reads files: the bytes go into a private folder (0700, the file 0600) for the run
    with tempfile.TemporaryDirectory(prefix="contract-review-") as folder:
        path = Path(folder) / name
        write_bytes_atomic(path, data)
        try:
            outcome = _review_path(path, options)
        except InputError as exc:
            raise type(exc)(filename or name, exc.problem, exc.fix) from None
    report = outcome.report
    document = report.document.model_copy(update={"source_path": filename})
    return replace(outcome, report=report.model_copy(update={"document": document}))


def review_batch(
    folder: Path,
    out: Path,
    *,
    options: ReviewOptions | None = None,
    jobs: int = 1,
    executor: Executor = "local",
    fmt: OutputFormat = "json",
) -> BatchSummary:
    """Review every contract in ``folder`` into ``out/<name>-<sha256[:12]>/`` and write
    ``out/summary.json`` and ``summary.csv``; a bad file is reported in the summary, never
    raised. Resumable: a contract reviewed before with the same options is skipped."""
    from pipeline.batch import run_batch

    return run_batch(folder, out, options, jobs=jobs, executor=executor, fmt=fmt)


def build_kb(
    *,
    kb_path: Path | None = None,
    kb_url: str | None = None,
    backend: str | None = None,
    jobs: int = 2,
) -> IngestSummary:
    """Build the bundled statutes into the KB (``contract-review kb build``): seconds from the
    shipped vectors, and a no-op when it is built. Default folder: ``kb.locations``."""
    from ingest.sources import build_bundled
    from kb.store import open_store

    return build_bundled(open_store(kb_path, kb_url, backend), jobs=jobs)


def ingest_kb(
    paths: Sequence[Path],
    *,
    law: LawOptions | None = None,
    kb_path: Path | None = None,
    kb_url: str | None = None,
    backend: str | None = None,
    jobs: int = 1,
    progress: Progress | None = None,
) -> IngestSummary:
    """Add statute files (``.md``, ``.txt``, ``.pdf`` or folders of them) to the KB
    (``contract-review kb ingest``): idempotent and incremental, and the new articles are
    searchable. ``law=LawOptions(key=..., name=..., status=..., replaced_by=...)`` also
    registers the law in the KB folder (:mod:`kb.local_laws`), so citations of it resolve in
    reviews and :func:`verify_citation`; a bad option raises
    :class:`~pipeline.errors.LawOptionError` before anything is written."""
    from dataclasses import replace

    from ingest.sources import specs_for_paths
    from ingest.sync import ingest
    from kb.local_laws import LawOptions, local_registry_path, read_local_laws, render, with_law
    from kb.locations import default_kb_path
    from kb.store import KBLocation, open_store
    from pipeline.atomic import write_text_atomic

    state = KBLocation(path=kb_path or default_kb_path(), url=kb_url).state_dir
    options = (law or LawOptions()).settled(read_local_laws(state))
    options.check()
    specs = specs_for_paths(
        list(paths), law_key=options.key, title=options.name or options.title,
        jurisdiction=options.jurisdiction,  # type: ignore[arg-type]  # checked: cn or us
    )  # fmt: skip
    files = [spec.path for spec in specs]
    entry = options.entry(files, read_local_laws(state))
    if entry is None:
        return ingest(open_store(kb_path, kb_url, backend), specs, jobs=jobs, progress=progress)

    def record() -> None:
        """Under the ingest lock: add the law to the folder's registry as it is now."""
        now = read_local_laws(state)
        checked = options.entry(files, now) or entry
        write_text_atomic(local_registry_path(state), render(with_law(now, checked)))

    specs = [replace(spec, law=entry) for spec in specs]
    store = open_store(kb_path, kb_url, backend)
    return ingest(store, specs, jobs=jobs, progress=progress, then=record)


def query_kb(
    text: str,
    *,
    k: int = 5,
    mode: Mode | None = None,
    law: str | None = None,
    jurisdiction: str | None = None,
    status: str | None = None,
    kb_path: Path | None = None,
    kb_url: str | None = None,
    backend: str | None = None,
) -> list[Hit]:
    """Search the built KB (``contract-review kb query``); ``mode`` defaults to the one
    ``kb eval`` chose. Raises :class:`~pipeline.errors.KBNotBuiltError` before ``build_kb``."""
    from kb.defaults import DEFAULT_MODE
    from kb.health import open_reader
    from kb.local_laws import kb_registry
    from kb.retrieval import MODES, Filters, Retriever
    from kb.values import KnowledgeBaseError

    chosen = mode or DEFAULT_MODE
    if chosen not in MODES:
        raise KnowledgeBaseError(f"unknown retrieval mode {chosen!r}. Fix: use one of {MODES}")
    store = open_reader(kb_path, kb_url, backend)
    registry = kb_registry(store.location.state_dir)  # the folder's registered laws too
    filters = Filters(law=law, jurisdiction=jurisdiction, status=status, registry=registry)
    return Retriever(store).search(text, k=k, mode=chosen, filters=filters)


def verify_citation(
    citation: str,
    claim: str = "",
    *,
    dense: bool = True,
    backend: str | None = None,
    kb_path: Path | None = None,
    kb_url: str | None = None,
) -> CitationVerdict:
    """Does ``citation`` exist and is it in force; with ``claim``: does the article support it
    (``contract-review kb verify``). Exact lookup in the bundled catalog (no KB needed), and in
    the laws registered in the KB folder by ``ingest_kb(..., law_name=...)``, whose articles
    the KB holds."""
    from kb.defaults import DEFAULT_BACKEND
    from kb.embeddings import get_backend
    from kb.local_laws import open_catalog
    from kb.verify import verify_citation as verify

    spec = backend or DEFAULT_BACKEND
    catalog = open_catalog(kb_path, kb_url, spec)
    model = get_backend(spec) if dense and claim else None
    return verify(citation, claim, backend=model, catalog=catalog)
