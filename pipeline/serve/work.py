"""What the worker processes run: a review into its folder, a KB query, a citation check.

They run in the pool's processes, so every argument and result crosses a process boundary by
pickling. Our errors do not survive that (their constructors take more than the message), so
these functions never raise for a failure a user can fix: it comes back as a :class:`JobError`
with the CLI's exit code and message.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.config import KBSettings, RunConfig
from pipeline.errors import ContractReviewError, underlying
from pipeline.serve.jobs import OUT_DIR, Job, JobError, JobStore, now
from pipeline.serve.schemas import CitationCheck, KBHit, KBQuery
from pipeline.threads import apply_thread_budget

if TYPE_CHECKING:
    from kb.types import CitationVerdict

EXIT_INTERNAL = 70


def start_worker(threads: int) -> None:
    """The pool's initializer: the thread budget, before any native library loads."""
    apply_thread_budget(threads)


def error_of(exc: Exception) -> JobError:
    """The code and message a failure is reported with, as the CLI reports it."""
    if isinstance(exc, ContractReviewError):
        shown = underlying(exc)
        return JobError(code=shown.exit_code, message=shown.message)
    return JobError(
        code=EXIT_INTERNAL,
        message=f"internal error: {type(exc).__name__}: {exc}. This is a bug: please report it",
    )


def run_review(store: JobStore, job: Job, data: bytes, options: RunConfig) -> Job:
    """Review ``data`` (the upload named ``job.filename``) and store its output set."""
    from pipeline.api import review_outcome  # the whole pipeline: loaded once per worker
    from pipeline.reviewing import write_outputs

    running = job.model_copy(update={"status": "running", "started_at": now()})
    store.save(running)
    try:
        outcome = review_outcome(data, filename=job.filename, options=options)
        write_outputs(outcome, store.folder(job.id) / OUT_DIR, "all")
    except Exception as exc:  # reported in job.json: the server and the pool go on
        error = error_of(exc)
        finished = running.failed(error.code, error.message)
    else:
        report = outcome.report
        finished = running.model_copy(
            update={
                "status": "done",
                "finished_at": now(),
                "exit_code": outcome.exit_code,
                "findings": len(report.findings),
                "needs_human_review": report.needs_human_review,
            }
        )
    store.save(finished)
    return finished


def run_query(query: KBQuery, kb: KBSettings) -> tuple[KBHit, ...] | JobError:
    """``kb query`` on the server's KB."""
    from pipeline.api import query_kb

    try:
        hits = query_kb(
            query.text,
            k=query.k,
            mode=query.mode,
            law=query.law,
            jurisdiction=query.jurisdiction,
            status=query.status,
            kb_path=Path(kb.path) if kb.path else None,
            kb_url=kb.url,
            backend=kb.backend,
        )
    except Exception as exc:
        return error_of(exc)
    return tuple(
        KBHit(
            doc_id=hit.doc_id,
            citation=hit.citation,
            score=hit.score,
            via=hit.via,
            text=hit.text,
            metadata=dict(hit.metadata),
        )
        for hit in hits
    )


def run_verify(check: CitationCheck, kb: KBSettings) -> CitationVerdict | JobError:
    """``kb verify``: exists, in force, and (with a claim) does the article support it."""
    from pipeline.api import verify_citation

    try:
        verdict = verify_citation(
            check.citation, check.claim, dense=check.dense, backend=kb.backend
        )
    except Exception as exc:
        return error_of(exc)
    return verdict
