"""The FastAPI application of ``contract-review serve``.

- ``GET /healthz`` answers without a token, so a load balancer can probe it.
- Everything else, the OpenAPI schema (``GET /openapi.json``) included, needs
  ``Authorization: Bearer <token>`` when the server has a token (compared in constant time);
  without one the server listens on loopback only (:mod:`pipeline.serve.settings`).
- No Swagger or ReDoc pages: they load scripts from a CDN, and nothing here fetches from the
  network.
- Every answer says ``Cache-Control: no-store``: reports quote confidential contracts.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from pipeline import __version__
from pipeline.serve.errors import ServeError, render
from pipeline.serve.jobs import JobStore
from pipeline.serve.middleware import BodyLimit, PrivateAnswers
from pipeline.serve.pool import ReviewQueue, WorkerPool
from pipeline.serve.routes_kb import kb_router
from pipeline.serve.routes_reviews import MULTIPART_MARGIN, reviews_router
from pipeline.serve.settings import ServeSettings

log = logging.getLogger(__name__)
# A JSON body (a KB query, a citation) is small; an upload has its own, larger limit.
JSON_BODY_LIMIT = 64 * 1024
_bearer = HTTPBearer(auto_error=False, description="$CONTRACT_REVIEW_TOKEN of the server.")


def token_check(settings: ServeSettings) -> Any:
    """The dependency every protected route has: the bearer token, when the server has one."""
    expected = settings.token.get_secret_value().encode() if settings.token else None

    def check(
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    ) -> None:
        if expected is None:
            return
        given = credentials.credentials.encode() if credentials else b""
        if not secrets.compare_digest(given, expected):
            raise ServeError(
                401,
                None,
                "no or wrong bearer token. Fix: send 'Authorization: Bearer <token>' with the "
                "server's $CONTRACT_REVIEW_TOKEN",
                headers={"WWW-Authenticate": "Bearer"},
            )

    return check


def create_app(settings: ServeSettings) -> FastAPI:
    store = JobStore(settings.data_dir)
    pool = WorkerPool(settings.jobs, settings.options.threads or 1)
    queue = ReviewQueue(store, pool, settings.options, settings.max_queue)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store.prepare()
        for job_id in store.abandon_unfinished():
            log.info("review %s: failed, the server stopped before it finished", job_id)
        yield
        pool.shutdown()  # the reviews running finish and are stored; queued ones are dropped

    app = FastAPI(
        title="contract-review",
        version=__version__,
        summary="Review contracts and check the review against the contract, rules and statutes.",
        openapi_url=None,  # served below, behind the token
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.add_exception_handler(ServeError, render)
    upload_limit = settings.options.intake.max_bytes + MULTIPART_MARGIN

    def body_limit(method: str, path: str) -> int:
        return upload_limit if (method, path) == ("POST", "/v1/reviews") else JSON_BODY_LIMIT

    app.add_middleware(BodyLimit, limit=body_limit)
    app.add_middleware(PrivateAnswers)  # outermost: the body limit's refusals are private too

    @app.get("/healthz", tags=["service"])
    async def healthz() -> dict[str, str]:
        """Liveness: answers without a token."""
        return {"status": "ok", "version": __version__}

    protected = APIRouter(dependencies=[Depends(token_check(settings))])
    protected.include_router(reviews_router(store, queue, settings.options.intake))
    protected.include_router(kb_router(pool, settings.options.kb))

    @protected.get("/openapi.json", include_in_schema=False)
    async def openapi() -> JSONResponse:
        return JSONResponse(app.openapi())

    app.include_router(protected)
    return app
