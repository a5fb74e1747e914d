"""The ``ollama`` backend: the real ``ollama`` Python client against a configured host.

Structured output: the reply model's JSON schema goes in ``format``. Only the host the user
configured is contacted (``--llm-url`` or ``OLLAMA_HOST``); contract text goes nowhere else.

``timeout_s`` is a deadline for the whole exchange, whatever the server does. httpx's own
timeouts are per operation (a server that sends one byte every few seconds never trips its
read timeout), so each exchange runs in a worker thread that the caller waits for until the
deadline, and no longer. At the deadline the caller gets ``TimeoutError`` at once, and the
exchange's socket is shut down, which ends the worker's blocked read. The socket comes from
httpcore's ``trace`` extension; keep-alive is off, so every exchange opens its own connection
and the shut-down one is never reused.

A reply that is not JSON or not Ollama's reply shape raises ``MalformedReplyError``: the
session counts it as an invalid reply (re-ask, then degrade), never as an internal error.

Every request names its context window (``options.num_ctx``) and how long the server keeps the
model loaded after it (``keep_alive``). The window is what the prompt and the reply need
(``pipeline.llm.context``), at most ``context_tokens`` (``--llm-ctx``): a server left to its
default of 4,096 tokens cuts a longer prompt without a word. Ollama reloads the model whenever
the window changes, so a backend never asks for less than it asked before. The estimate is
checked against each reply: when the server counted more prompt tokens than leave room for the
reply, the prompt may have been cut, so the reply is set aside and the request asked again with
twice the window; when ``--llm-ctx`` was already asked for, ``LLMContextOverflowError``. Later
windows are sized with the ratio of counted to estimated tokens seen so far.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import httpx
import ollama
from pydantic import ValidationError

from pipeline.config import DEFAULT_KEEP_ALIVE
from pipeline.errors import LLMContextOverflowError, LLMUnavailableError
from pipeline.llm.client import LLMReply, MalformedReplyError, Message
from pipeline.llm.context import context_window, prompt_tokens

DEFAULT_HOST = "http://127.0.0.1:11434"

R = TypeVar("R")


def configured_host(url: str | None) -> str:
    return url or os.environ.get("OLLAMA_HOST") or DEFAULT_HOST


class _Exchange:
    """One HTTP exchange run by a worker thread: its sockets, and whether a reply arrived."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        self._abandoned = False
        self.response: httpx.Response | None = None  # set when the reply's headers arrive

    @property
    def replied(self) -> bool:
        """A reply arrived: a parse error from here on is the reply's fault, not ours."""
        return self.response is not None

    def body(self) -> str:
        """The start of the reply body, when it was read (evidence for a malformed reply)."""
        try:
            return self.response.text if self.response is not None else ""
        except (httpx.ResponseNotRead, httpx.StreamError, UnicodeDecodeError):
            return ""

    @contextlib.contextmanager
    def reading_reply(self, where: str) -> Iterator[None]:
        """A parse error once the reply arrived is the reply's fault: ``MalformedReplyError``,
        with the body as evidence. json and pydantic errors are ValueErrors; a JSON list or
        string as the body gives TypeError/AttributeError. Before the reply they are our bug."""
        try:
            yield
        except (ValueError, TypeError, AttributeError, KeyError) as exc:
            if not self.replied:
                raise
            raise MalformedReplyError(f"{where}: {_what_was_wrong(exc)}", self.body()) from exc

    def trace(self, event: str, info: dict[str, Any]) -> None:
        """httpcore's ``trace`` extension: called in the worker thread as the exchange runs."""
        if event.startswith("connection.connect_") and event.endswith(".complete"):
            stream = info.get("return_value")
            sock = stream.get_extra_info("socket") if stream is not None else None
            if isinstance(sock, socket.socket):
                with self._lock:
                    self._sockets.append(sock)
                    abandoned = self._abandoned
                if abandoned:  # connected after the caller gave up
                    _shut(sock)

    def abandon(self) -> None:
        with self._lock:
            self._abandoned = True
            sockets = list(self._sockets)
        for sock in sockets:
            _shut(sock)


def _shut(sock: socket.socket) -> None:
    """Wake a read blocked on ``sock`` in another thread (``close`` alone would not)."""
    with contextlib.suppress(OSError):  # already closed by its owner, or never connected
        sock.shutdown(socket.SHUT_RDWR)


_worker = threading.local()  # .exchange: the _Exchange the current worker thread runs


def _install_trace(request: httpx.Request) -> None:
    """An httpx request hook: route httpcore's trace events to the worker's exchange."""
    exchange: _Exchange | None = getattr(_worker, "exchange", None)
    if exchange is not None:
        request.extensions["trace"] = exchange.trace


def _keep_response(response: httpx.Response) -> None:
    """An httpx response hook (headers in, body not yet read): remember the reply."""
    exchange: _Exchange | None = getattr(_worker, "exchange", None)
    if exchange is not None:
        exchange.response = response


def _client(host: str, timeout_s: float) -> ollama.Client:
    return ollama.Client(
        host=host,
        timeout=timeout_s,  # per operation; it also bounds an abandoned worker's life
        limits=httpx.Limits(max_keepalive_connections=0),
        event_hooks={"request": [_install_trace], "response": [_keep_response]},
    )


def _within(deadline: float, what: str, work: Callable[[_Exchange], R]) -> R:
    """Run ``work`` in a worker thread; raise ``TimeoutError`` when ``deadline`` passes first."""
    exchange = _Exchange()
    outcome: list[tuple[bool, Any]] = []

    def run() -> None:
        _worker.exchange = exchange
        try:
            outcome.append((True, work(exchange)))
        except BaseException as exc:  # handed to the caller, which re-raises it
            outcome.append((False, exc))

    thread = threading.Thread(target=run, name="ollama-exchange", daemon=True)
    thread.start()
    try:
        thread.join(max(0.0, deadline - time.monotonic()))
    finally:
        # decided here: once abandoned, the worker may still hand in its (consequent) error
        late = thread.is_alive()
        if late:
            exchange.abandon()
    if late or not outcome:
        raise TimeoutError(f"{what}: no complete reply before the deadline")
    ok, value = outcome[0]
    if not ok:
        raise value
    result: R = value
    return result


def server_answers(host: str, timeout_s: float = 1.0) -> bool:
    """True when something speaking Ollama's API answers ``/api/version`` at ``host``."""

    def probe(_: _Exchange) -> None:
        with _client(host, timeout_s) as client:
            client._client.get("/api/version").raise_for_status()

    try:
        _within(time.monotonic() + timeout_s, host, probe)
        return True
    except (httpx.HTTPError, ConnectionError, OSError):  # TimeoutError is an OSError
        return False


def available_models(host: str, timeout_s: float = 2.0) -> list[str]:
    """The models the server lists; ``ConnectionError``/``TimeoutError``/``MalformedReplyError``
    when it cannot say."""

    def listing(exchange: _Exchange) -> list[str]:
        with _client(host, timeout_s) as client, exchange.reading_reply(f"{host}: /api/tags"):
            try:
                return [m.model for m in client.list().models if m.model]
            except httpx.TimeoutException as exc:
                raise TimeoutError(f"{host}: /api/tags timed out") from exc
            except (httpx.HTTPError, ollama.ResponseError) as exc:
                raise ConnectionError(f"{host}: /api/tags failed: {exc}") from exc

    return _within(time.monotonic() + timeout_s, f"{host}: /api/tags", listing)


def keep_alive_value(duration: str) -> str | int:
    """Ollama takes a duration string with a unit ("10m") or a number of seconds (-1: for
    ever); a string of digits alone is not a duration to it, so it goes as a number."""
    stripped = duration.strip()
    return int(stripped) if stripped.lstrip("-").isdigit() else stripped


class OllamaLLM:
    def __init__(
        self,
        host: str,
        model: str,
        timeout_s: float = 15.0,
        *,
        context_tokens: int = 16384,
        keep_alive: str = DEFAULT_KEEP_ALIVE,
    ) -> None:
        self.host = host
        self.model = model
        self.timeout_s = timeout_s
        self.context_tokens = context_tokens
        self.keep_alive = keep_alive_value(keep_alive)
        self.window = 0  # the largest num_ctx asked for so far
        self.ratio = 1.0  # prompt tokens the server counted per estimated token, the most seen
        self._client = _client(host, timeout_s)

    @property
    def model_name(self) -> str:
        return f"ollama:{self.model}"

    def chat(
        self,
        messages: list[Message],
        *,
        schema: dict[str, Any] | None,
        temperature: float,
        max_tokens: int,
        deadline: float | None = None,
    ) -> LLMReply:
        began = time.monotonic()
        end = began + self.timeout_s if deadline is None else min(began + self.timeout_s, deadline)
        estimate = prompt_tokens(messages)
        window = self._window(estimate, max_tokens)
        spent = (0, 0)  # the tokens of replies set aside because the prompt may have been cut

        def exchange(ex: _Exchange) -> LLMReply:
            return self._chat(ex, messages, schema, temperature, max_tokens, window)

        while True:
            try:
                reply = _within(end, self.host, exchange)
            except TimeoutError as exc:
                raise TimeoutError(
                    f"{self.host}: no complete reply within {time.monotonic() - began:.1f} s "
                    f"({_which_deadline(self.timeout_s, began, deadline)})"
                ) from exc
            self.ratio = max(self.ratio, reply.input_tokens / max(1, estimate))
            if reply.input_tokens + max_tokens <= window:
                return reply.model_copy(
                    update={
                        "input_tokens": reply.input_tokens + spent[0],
                        "output_tokens": reply.output_tokens + spent[1],
                    }
                )
            if window >= self.context_tokens:
                raise LLMContextOverflowError(
                    f"{self.model_name}: the server counted {reply.input_tokens} prompt tokens "
                    f"(estimated {estimate}); with a reply of up to {max_tokens} they do not fit "
                    f"the context window of {window} (--llm-ctx), so the prompt may have been "
                    "cut and the reply was set aside. Fix: raise --llm-ctx as far as the model "
                    "allows"
                )
            spent = (spent[0] + reply.input_tokens, spent[1] + reply.output_tokens)
            window = self.window = min(self.context_tokens, 2 * window)

    def _window(self, estimate: int, max_tokens: int) -> int:
        """The window for a prompt of ``estimate`` tokens (scaled by what the server counted
        before) and its reply; never smaller than one asked for before."""
        needed = math.ceil(estimate * self.ratio) + max_tokens
        if needed > self.context_tokens:
            raise LLMContextOverflowError(
                f"{self.model_name}: the prompt and its reply need about {needed} tokens, more "
                f"than the context window of {self.context_tokens} (--llm-ctx); it was not "
                "sent. Fix: raise --llm-ctx as far as the model allows"
            )
        self.window = max(self.window, context_window(needed, self.context_tokens))
        return self.window

    def _chat(
        self,
        exchange: _Exchange,
        messages: list[Message],
        schema: dict[str, Any] | None,
        temperature: float,
        max_tokens: int,
        window: int,
    ) -> LLMReply:
        options = {
            "temperature": temperature,
            "num_predict": max_tokens,
            "num_ctx": window,
            "seed": 0,
        }
        with exchange.reading_reply(self.host):
            try:
                response = self._client.chat(
                    model=self.model,
                    messages=[m.model_dump() for m in messages],
                    format=schema,
                    options=options,
                    keep_alive=self.keep_alive,
                )
            except httpx.TimeoutException as exc:
                raise TimeoutError(f"{self.host}: no reply within the timeout") from exc
            except ollama.ResponseError as exc:
                if exc.status_code == 404:
                    raise LLMUnavailableError(
                        f"{self.host}: model {self.model!r} is not available ({exc.error}). "
                        f"Fix: ollama pull {self.model}"
                    ) from exc
                raise ConnectionError(f"{self.host}: HTTP {exc.status_code}: {exc.error}") from exc
            except httpx.HTTPError as exc:
                raise ConnectionError(f"{self.host}: {exc}") from exc
        return LLMReply(
            text=response.message.content or "",
            model_name=self.model_name,
            input_tokens=response.prompt_eval_count or 0,
            output_tokens=response.eval_count or 0,
        )

    def close(self) -> None:
        self._client.close()  # type: ignore[no-untyped-call]


def _which_deadline(timeout_s: float, began: float, deadline: float | None) -> str:
    if deadline is not None and deadline < began + timeout_s:
        return "the review's deadline"
    return f"the deadline of the whole call: --llm-timeout {timeout_s:g}"


def _what_was_wrong(exc: Exception) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return f"the reply is not JSON ({exc.msg} at character {exc.pos})"
    if isinstance(exc, ValidationError):
        problems = "; ".join(
            f"{' -> '.join(str(p) for p in e['loc']) or '<root>'}: {e['msg']}"
            for e in exc.errors()[:3]
        )
        return f"the reply is JSON but not Ollama's reply shape ({problems})"
    return f"the reply is JSON but not Ollama's reply shape ({type(exc).__name__}: {exc})"
