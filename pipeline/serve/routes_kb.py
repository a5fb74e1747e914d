"""``/v1/kb``: search the server's statute KB and check a citation (``kb query``, ``kb verify``).

Both run in the worker pool, where the embedding model stays loaded; the KB is the one the
server's reviews use (``--kb-path``, ``--kb-url``, ``--kb-backend``), opened read-only.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from fastapi import APIRouter

from kb.types import CitationVerdict
from pipeline.config import KBSettings
from pipeline.serve.errors import ServeError
from pipeline.serve.jobs import JobError
from pipeline.serve.pool import WorkerPool
from pipeline.serve.schemas import CitationCheck, ErrorBody, KBHits, KBQuery
from pipeline.serve.work import EXIT_INTERNAL, run_query, run_verify

T = TypeVar("T")
_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorBody, "description": "No or wrong bearer token."},
    503: {"model": ErrorBody, "description": "The KB is not built or cannot be used (30-34)."},
}


def kb_router(pool: WorkerPool, kb: KBSettings) -> APIRouter:
    router = APIRouter(prefix="/v1/kb", tags=["knowledge base"], responses=_ERRORS)

    async def ask(work: Callable[[Any, KBSettings], T | JobError], body: Any) -> T:
        try:
            answer = await pool.run(work, body, kb)
        except BrokenProcessPool:
            raise ServeError(
                500, EXIT_INTERNAL, "the worker process stopped. Fix: try again"
            ) from None
        if isinstance(answer, JobError):
            raise ServeError.of(answer)
        return answer

    @router.post("/query", response_model=KBHits)
    async def query(body: KBQuery) -> KBHits:
        """Search the KB (kb query): the best articles for a question, phrase or citation."""
        return KBHits(hits=await ask(run_query, body))

    @router.post("/verify", response_model=CitationVerdict)
    async def verify(body: CitationCheck) -> CitationVerdict:
        """Check a citation (kb verify): exists, in force, and does it support the claim."""
        return await ask(run_verify, body)

    return router
