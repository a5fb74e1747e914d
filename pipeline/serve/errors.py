"""Errors as the HTTP service answers them: the HTTP status, and the CLI's exit code beside the
message, so a client sees the same code the command line would exit with.

Every error body is ``{"detail": {"code": <exit code or null>, "message": "..."}}``, except
FastAPI's own 422 for a malformed request (a missing ``file`` field, a bad JSON body).
"""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import JSONResponse

from pipeline.serve.jobs import JobError
from pipeline.serve.schemas import ErrorBody, ErrorDetail

EXIT_TOO_LARGE = 16
# The CLI's exit codes (README, "Exit codes of review") by the HTTP status they answer with.
_STATUS_BY_CODE = {
    16: 413,  # over the size, page or character limit
    12: 415,  # not a .pdf, .docx, .txt or .md (or an old .doc)
    **dict.fromkeys((10, 11, 13, 14, 15), 422),  # a file that cannot be reviewed as it is
    **dict.fromkeys((30, 31, 32, 33, 34), 503),  # the statute KB cannot be used
}


def http_status(code: int) -> int:
    """The HTTP status for a failure the CLI exits ``code`` for; 500 for the server's own."""
    return _STATUS_BY_CODE.get(code, 500)


class ServeError(Exception):
    """An error answer: raised by a route, rendered by :func:`render`."""

    def __init__(
        self, status: int, code: int | None, message: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers

    @classmethod
    def of(cls, error: JobError) -> ServeError:
        return cls(http_status(error.code), error.code, error.message)


def error_response(
    status: int, code: int | None, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    body = ErrorBody(detail=ErrorDetail(code=code, message=message))
    return JSONResponse(body.model_dump(mode="json"), status_code=status, headers=headers)


async def render(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ServeError)
    return error_response(exc.status, exc.code, exc.message, exc.headers)


def body_too_large(max_body: int) -> ServeError:
    """The answer to a request body over the limit, cut off before it was read whole."""
    return ServeError(
        413,
        EXIT_TOO_LARGE,
        f"the request body is over the server's limit of {max_body} bytes. Fix: split the "
        "file, or start the server with a larger --max-bytes",
    )
