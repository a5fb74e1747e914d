"""``/v1/reviews``: upload a contract, poll its review, download its files, delete it.

``POST /v1/reviews`` takes the contract as the multipart field ``file``. It answers with the
report (``report.json``) once the review is done, or at once with ``202`` and the review's
state when ``async=true``; either way ``Location`` names the review, and its files stay stored
until it is deleted. A review that fails answers with the HTTP status for its error and the
CLI's exit code (over a limit: 413 and code 16).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, File, Query, UploadFile
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, JSONResponse, Response

from pipeline.config import IntakeLimits
from pipeline.errors import InputTooLargeError
from pipeline.model import ReviewReport
from pipeline.serve.errors import ServeError
from pipeline.serve.jobs import ID_PATTERN, Job, JobStore
from pipeline.serve.pool import ReviewQueue
from pipeline.serve.schemas import DOWNLOADS, ErrorBody, ReviewStatus
from pipeline.stages.intake_support.limits import check_limit

# The multipart envelope around the file (boundaries, part headers): the body may exceed
# --max-bytes by this much before it is cut off (pipeline.serve.middleware); the file itself is
# checked exactly.
MULTIPART_MARGIN = 64 * 1024
# The HTML report is self-contained: inline CSS and JS, nothing fetched (as its <meta> says).
HTML_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"
)
ReviewId = Annotated[str, PathParam(pattern=ID_PATTERN, description="The id POST returned.")]
_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": what}
    for status, what in (
        (401, "No or wrong bearer token."),
        (404, "No such review."),
        (409, "The review is not done (or, to delete, not finished) yet."),
        (413, "Over the size, page or character limit (code 16)."),
        (415, "Not a .pdf, .docx, .txt or .md file (code 12)."),
        (422, "A file that cannot be reviewed as it is (codes 11, 13-15)."),
        (503, "Too many reviews queued, or the statute KB cannot be used (codes 30-34)."),
    )
}


def upload_name(given: str | None) -> str:
    """The upload's file name without any folder part; its suffix says how to read it."""
    name = Path((given or "").replace("\\", "/")).name
    if not name or name in (".", "..") or not name.isprintable():
        raise ServeError(
            415,
            12,
            f"the upload's file name {given!r} is empty or not a plain name. Fix: send the "
            "contract with its file name, e.g. curl -F file=@contract.pdf",
        )
    return name


def check_size(filename: str, size: int, limits: IntakeLimits) -> None:
    """The CLI's size check and message, before the upload is queued."""
    try:
        check_limit(
            Path(filename), f"the file is {size} bytes", size, limits.max_bytes, "file", "bytes"
        )
    except InputTooLargeError as exc:
        raise ServeError(413, exc.exit_code, exc.message) from None


def review_status(store: JobStore, job: Job) -> ReviewStatus:
    report = links = None
    if job.status == "done":
        report = ReviewReport.model_validate_json(
            store.output(job.id, "report.json").read_text("utf-8")
        )
        links = {name: f"/v1/reviews/{job.id}/{name}" for name in DOWNLOADS}
    return ReviewStatus(**job.model_dump(), report=report, links=links or {})


def _job(store: JobStore, review_id: str) -> Job:
    job = store.get(review_id)
    if job is None:
        raise ServeError(404, None, f"no review {review_id!r}: never made, or deleted")
    return job


def reviews_router(store: JobStore, queue: ReviewQueue, limits: IntakeLimits) -> APIRouter:
    router = APIRouter(prefix="/v1/reviews", tags=["reviews"])

    @router.post(
        "",
        response_model=None,
        responses={
            200: {"model": ReviewReport, "description": "Reviewed: the report (report.json)."},
            202: {"model": ReviewStatus, "description": "async=true: accepted, queued."},
            **_ERRORS,
        },
    )
    async def create_review(
        file: Annotated[UploadFile, File(description="The contract: .pdf, .docx, .txt or .md.")],
        run_async: Annotated[
            bool,
            Query(
                alias="async",
                description="Answer at once with the review's id (202); poll GET /v1/reviews/{id}.",
            ),
        ] = False,
    ) -> Response:
        """Review a contract; the review and its files are stored under its id."""
        filename = upload_name(file.filename)
        data = await file.read()
        check_size(filename, len(data), limits)
        if queue.full:
            raise ServeError(
                503,
                None,
                f"{queue.max_queue} reviews are queued or running. Fix: try again later, or "
                "start the server with a larger --max-queue",
                headers={"Retry-After": "30"},
            )
        job = store.create(filename)
        review = queue.submit(job, data)
        location = {"Location": f"/v1/reviews/{job.id}"}
        if run_async:
            state = review_status(store, job).model_dump(mode="json")
            return JSONResponse(state, status_code=202, headers=location)
        finished = await asyncio.shield(review)  # a client that hangs up leaves it running
        if finished.error is not None:
            error = ServeError.of(finished.error)
            raise ServeError(error.status, error.code, error.message, headers=location)
        report = store.output(job.id, "report.json").read_bytes()
        return Response(report, media_type=DOWNLOADS["report.json"], headers=location)

    @router.get("/{review_id}", response_model=ReviewStatus, responses=_ERRORS)
    async def get_review(review_id: ReviewId) -> ReviewStatus:
        """The review's state; once done, its report and the paths of its files."""
        return review_status(store, _job(store, review_id))

    @router.delete("/{review_id}", status_code=204, responses=_ERRORS)
    async def delete_review(review_id: ReviewId) -> Response:
        """Delete a finished review and every file stored for it."""
        job = _job(store, review_id)
        if job.status in ("queued", "running"):
            raise ServeError(
                409, None, f"review {review_id} is {job.status}. Fix: delete it once it is done"
            )
        store.delete(review_id)
        return Response(status_code=204)

    for name, media_type in DOWNLOADS.items():
        router.add_api_route(
            f"/{{review_id}}/{name}",
            _download(store, name, media_type),
            methods=["GET"],
            response_class=FileResponse,
            summary=f"Download {name}",
            responses={200: {"content": {media_type.split(";")[0]: {}}}, **_ERRORS},
        )
    return router


def _download(store: JobStore, name: str, media_type: str) -> Any:
    inline = name.endswith((".html", ".json", ".md"))
    headers = {"Content-Security-Policy": HTML_POLICY} if name.endswith(".html") else {}

    async def download(review_id: ReviewId) -> FileResponse:
        job = _job(store, review_id)
        path = store.output(review_id, name)
        if job.status != "done" or not path.is_file():
            code = job.error.code if job.error else None
            raise ServeError(
                409,
                code,
                f"review {review_id} is {job.status}: its files exist once it is done. Fix: "
                f"poll GET /v1/reviews/{review_id} until its status is done",
            )
        return FileResponse(
            path,
            media_type=media_type,
            filename=name,
            content_disposition_type="inline" if inline else "attachment",
            headers=headers,
        )

    download.__doc__ = f"The review's {name}, once it is done."
    return download
