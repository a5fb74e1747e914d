"""ASGI middleware of the HTTP service: the request body limit, and private answers.

The body limit is ours, not FastAPI's per-route ``max_body_size``: that one answers a body
declared too large with a plain-text 413 of its own, and every error here is JSON with the
CLI's exit code (16 for a limit). A body declared over the limit is refused before a byte of it
is read; one sent without a length is cut off when it passes the limit.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from pipeline.serve.errors import body_too_large, error_response

Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[MutableMapping[str, Any], Receive, Send], Awaitable[None]]


class BodyLimit:
    """Refuse a request body over ``limit(method, path)`` bytes with 413 (code 16)."""

    def __init__(self, app: ASGIApp, limit: Callable[[str, str], int]) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit(scope["method"], scope["path"])
        error = body_too_large(limit)
        refusal = error_response(error.status, error.code, error.message)
        if _declared_length(scope) > limit:
            await refusal(scope, receive, send)
            return
        received = 0
        over = answered = False

        async def counted() -> Message:
            nonlocal received, over
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    over = True  # the app stops reading here; the answer is ours
                    return {"type": "http.disconnect"}
            return message

        async def answer(message: Message) -> None:
            nonlocal answered
            if not over:
                await send(message)
            elif not answered:
                answered = True
                await refusal(scope, receive, send)

        await self.app(scope, counted, answer)
        if over and not answered:
            await refusal(scope, receive, send)


def _declared_length(scope: MutableMapping[str, Any]) -> int:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return 0  # not a number: the server refuses it itself
    return 0


class PrivateAnswers:
    """No answer is cached, and none is sniffed as another type: reports quote contracts."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        async def private(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [
                    *message.get("headers", []),
                    (b"cache-control", b"no-store"),
                    (b"x-content-type-options", b"nosniff"),
                ]
            await send(message)

        await self.app(scope, receive, private if scope["type"] == "http" else send)
