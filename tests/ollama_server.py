"""Small HTTP servers on 127.0.0.1 that speak Ollama's API, for the real ``ollama`` client.

No real Ollama server can be installed here, so integration tests drive the real client
against these:

- ``OllamaTestServer``, backed by llama-cpp-python: /api/version, /api/tags, /api/show,
  /api/chat and /api/generate, with ``format`` (a JSON schema, or "json") mapped to llama.cpp's
  JSON-schema response format, and NDJSON streaming when ``stream`` is true (Ollama's default).
  It keeps Ollama's context window: ``options.num_ctx``, else the server default (4,096, as
  Ollama's), at most the loaded model's. A longer prompt is cut as Ollama's runner cuts it (its
  first ``NUM_KEEP`` tokens and its end are kept), answered as usual, and logged in ``windows``,
  so a test sees what a real server would have done silently.
- ``FaultyOllamaServer``, with no model at all: /api/chat answers from a script of ``Reply``
  values, good ones and the faults a broken server or proxy produces (a body that is not JSON,
  JSON that is not Ollama's shape, a trickle of one byte every few seconds, a full reply after a
  long delay, HTTP 500). It records when each chat began and ended and whether the client hung
  up, so tests can show that a call was cut off at its deadline and its connection closed.
"""

from __future__ import annotations

import json
import select
import socket
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

from pipeline.llm.llamacpp_backend import REPEAT_PENALTY, LlamaCppLLM

MODEL_NAME = "smollm2:135m"
FAULT_MODEL = "faulty:1b"
OLLAMA_DEFAULT_NUM_CTX = 4096
NUM_KEEP = 4  # the prompt tokens Ollama's runner keeps at the start when it cuts a prompt


def _now() -> str:
    return datetime.now(UTC).isoformat()


class _OllamaAPIServer:
    """The HTTP side both servers share: routes, the model check and the request log."""

    model_name: str

    def __init__(self, model_name: str) -> None:
        self.model_name = model_name
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self._stop = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> Any:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()  # ends trickles and delays still running
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    # -- what a subclass provides ----------------------------------------------------------

    def _model_size(self) -> int:
        return 0

    def _chat(
        self, handler: Any, body: dict[str, Any], messages: list[dict[str, str]], chat: bool
    ) -> None:
        raise NotImplementedError

    # -- HTTP ------------------------------------------------------------------------------

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
                pass

            def send_json(self, status: int, payload: Any) -> None:
                self.send_bytes(status, json.dumps(payload).encode(), "application/json")

            def send_bytes(self, status: int, data: bytes, content_type: str) -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _body(self) -> dict[str, Any]:
                length = int(self.headers.get("Content-Length", "0"))
                body: dict[str, Any] = json.loads(self.rfile.read(length) or b"{}")
                server.requests.append((self.path, body))
                return body

            def do_GET(self) -> None:
                if self.path == "/api/version":
                    self.send_json(200, {"version": "0.0.0-test"})
                elif self.path == "/api/tags":
                    self.send_json(200, {"models": [server._tag()]})
                else:
                    self.send_json(404, {"error": f"no route {self.path}"})

            def do_POST(self) -> None:
                body = self._body()
                if self.path == "/api/show":
                    if body.get("model") != server.model_name:
                        self.send_json(404, {"error": f"model '{body.get('model')}' not found"})
                        return
                    self.send_json(200, server._show())
                    return
                if self.path not in ("/api/chat", "/api/generate"):
                    self.send_json(404, {"error": f"no route {self.path}"})
                    return
                if body.get("model") != server.model_name:
                    self.send_json(404, {"error": f"model '{body.get('model')}' not found"})
                    return
                chat = self.path == "/api/chat"
                if chat:
                    messages = [
                        {"role": m["role"], "content": m.get("content", "")}
                        for m in body.get("messages", [])
                    ]
                else:
                    messages = (
                        [{"role": "system", "content": body["system"]}]
                        if body.get("system")
                        else []
                    ) + [{"role": "user", "content": body.get("prompt", "")}]
                server._chat(self, body, messages, chat)

        return Handler

    def _tag(self) -> dict[str, Any]:
        return {
            "name": self.model_name,
            "model": self.model_name,
            "modified_at": _now(),
            "size": self._model_size(),
            "digest": "0" * 64,
            "details": {"format": "gguf", "family": "llama", "parameter_size": "135M"},
        }

    def _show(self) -> dict[str, Any]:
        return {
            "modelfile": f"FROM {self.model_name}",
            "parameters": "",
            "template": "{{ .Prompt }}",
            "details": {"format": "gguf", "family": "llama", "parameter_size": "135M"},
            "model_info": {"general.architecture": "llama"},
            "capabilities": ["completion"],
        }

    def _part(self, text: str, chat: bool, done: bool) -> dict[str, Any]:
        base: dict[str, Any] = {"model": self.model_name, "created_at": _now(), "done": done}
        if chat:
            base["message"] = {"role": "assistant", "content": text}
        else:
            base["response"] = text
        return base

    def _final(self, usage: dict[str, Any], text: str, chat: bool) -> dict[str, Any]:
        part = self._part(text, chat, done=True)
        part.update(
            done_reason="stop",
            prompt_eval_count=int(usage.get("prompt_tokens", 0)),
            eval_count=int(usage.get("completion_tokens", 0)),
            total_duration=0,
        )
        return part


@dataclass(frozen=True)
class WindowLog:
    """The context window one chat ran in: what the request asked for (None: nothing), the
    window used, the prompt's tokens, and how many the model read (fewer when it was cut)."""

    asked: int | None
    window: int
    prompt_tokens: int
    read_tokens: int

    @property
    def cut(self) -> bool:
        return self.read_tokens < self.prompt_tokens


class OllamaTestServer(_OllamaAPIServer):
    def __init__(self, backend: LlamaCppLLM, model_name: str = MODEL_NAME) -> None:
        self.backend = backend
        self.delay_s = 0.0  # tests raise it to provoke client timeouts
        self.default_num_ctx = OLLAMA_DEFAULT_NUM_CTX  # as OLLAMA_CONTEXT_LENGTH sets it
        self.windows: list[WindowLog] = []
        super().__init__(model_name)

    def __enter__(self) -> OllamaTestServer:
        super().__enter__()
        return self

    def _model_size(self) -> int:
        return self.backend.model_path.stat().st_size

    def _show(self) -> dict[str, Any]:
        return {**super()._show(), "modelfile": f"FROM {self.backend.model_path.name}"}

    # -- inference -------------------------------------------------------------------------

    def _completion(self, messages: list[dict[str, str]], body: dict[str, Any]) -> Iterator[Any]:
        fmt = body.get("format")
        response_format: dict[str, Any] | None = None
        if isinstance(fmt, dict):
            response_format = {"type": "json_object", "schema": fmt}
        elif fmt == "json":
            response_format = {"type": "json_object"}
        options = body.get("options") or {}
        sampling = {
            "temperature": float(options.get("temperature", 0.2)),
            "max_tokens": int(options.get("num_predict", 256)),
            "repeat_penalty": float(options.get("repeat_penalty", REPEAT_PENALTY)),
            "seed": int(options.get("seed", 0)),
        }
        time.sleep(self.delay_s)
        with self.backend.lock:  # one llama.cpp context: one inference at a time
            llama = self.backend.load()
            asked = options.get("num_ctx")
            window = min(int(asked or self.default_num_ctx), self.backend.n_ctx)
            tokens = _chat_tokens(llama, messages)
            if len(tokens) <= window:
                self.windows.append(WindowLog(asked, window, len(tokens), len(tokens)))
                result = llama.create_chat_completion(
                    messages=messages,
                    response_format=response_format,
                    stream=bool(body.get("stream", True)),
                    **sampling,
                )
                chunks = [result] if isinstance(result, dict) else list(result)
            else:
                chunks = [self._cut_completion(llama, tokens, window, asked, fmt, sampling)]
        yield from chunks

    def _cut_completion(
        self,
        llama: Any,
        tokens: list[int],
        window: int,
        asked: int | None,
        fmt: Any,
        sampling: dict[str, Any],
    ) -> dict[str, Any]:
        """What Ollama does with a prompt longer than its window: keep the first ``NUM_KEEP``
        tokens and the end, say nothing, answer. One chunk in both the reply and the stream
        shape."""
        from llama_cpp import LlamaGrammar
        from llama_cpp.llama_grammar import JSON_GBNF

        kept = tokens[:NUM_KEEP] + tokens[len(tokens) - (window - NUM_KEEP) :]
        self.windows.append(WindowLog(asked, window, len(tokens), len(kept)))
        # the loaded model's own context must hold the reply too (Ollama would shift it)
        room = self.backend.n_ctx - sampling["max_tokens"]
        read = kept if len(kept) <= room else kept[:NUM_KEEP] + kept[len(kept) - room + NUM_KEEP :]
        grammar = None
        if isinstance(fmt, dict):
            grammar = LlamaGrammar.from_json_schema(json.dumps(fmt), verbose=False)
        elif fmt == "json":
            grammar = LlamaGrammar.from_string(JSON_GBNF, verbose=False)
        result = llama.create_completion(prompt=read, grammar=grammar, **sampling)
        text = result["choices"][0]["text"]
        usage = {
            "prompt_tokens": len(kept),
            "completion_tokens": result["usage"]["completion_tokens"],
        }
        choice = {"message": {"role": "assistant", "content": text}, "delta": {"content": text}}
        return {"choices": [choice], "usage": usage}

    def _chat(
        self, handler: Any, body: dict[str, Any], messages: list[dict[str, str]], chat: bool
    ) -> None:
        if not body.get("stream", True):
            result = next(self._completion(messages, body))
            text = result["choices"][0]["message"]["content"] or ""
            handler.send_json(200, self._final(result.get("usage", {}), text, chat))
            return
        handler.send_response(200)
        handler.send_header("Content-Type", "application/x-ndjson")
        handler.end_headers()
        pieces = 0
        for chunk in self._completion(messages, body):
            delta = chunk["choices"][0].get("delta", {}).get("content") or ""
            if not delta:
                continue
            pieces += 1
            part = self._part(delta, chat, done=False)
            handler.wfile.write(json.dumps(part).encode() + b"\n")
            handler.wfile.flush()
        usage = {"prompt_tokens": 0, "completion_tokens": pieces}
        final = self._final(usage, "", chat)
        handler.wfile.write(json.dumps(final).encode() + b"\n")


def _chat_tokens(llama: Any, messages: list[dict[str, str]]) -> list[int]:
    """The prompt's tokens as llama-cpp-python makes them: the model's own chat template."""
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    def text(token: int) -> str:
        return str(llama._model.token_get_text(token)) if token != -1 else ""

    formatter = Jinja2ChatFormatter(
        template=llama.metadata["tokenizer.chat_template"],
        eos_token=text(llama.token_eos()),
        bos_token=text(llama.token_bos()),
    )
    formatted = formatter(messages=messages)
    tokens: list[int] = llama.tokenize(
        formatted.prompt.encode("utf-8"), add_bos=not formatted.added_special, special=True
    )
    return tokens


# -- the fault server ---------------------------------------------------------------------

ReplyKind = Literal["ok", "not_json", "wrong_shape", "trickle", "slow", "http_500"]


@dataclass(frozen=True)
class Reply:
    """One scripted answer to /api/chat. ``content`` is the model's text for ok/trickle/slow;
    ``seconds`` is the pause between bytes (trickle) or before the reply (slow);
    ``prompt_tokens`` the prompt_eval_count the reply reports."""

    kind: ReplyKind
    content: str = "{}"
    seconds: float = 0.0
    prompt_tokens: int = 10

    @classmethod
    def ok(cls, content: str, prompt_tokens: int = 10) -> Reply:
        return cls("ok", content, prompt_tokens=prompt_tokens)

    @classmethod
    def not_json(cls) -> Reply:
        return cls("not_json")

    @classmethod
    def wrong_shape(cls) -> Reply:
        return cls("wrong_shape")

    @classmethod
    def trickle(cls, every_s: float, content: str = "{}") -> Reply:
        return cls("trickle", content, every_s)

    @classmethod
    def slow(cls, delay_s: float, content: str = "{}") -> Reply:
        return cls("slow", content, delay_s)

    @classmethod
    def http_500(cls) -> Reply:
        return cls("http_500")


# What the faults send: an HTML error page from a proxy, and an OpenAI-style chat reply.
NOT_JSON_BODY = b"<html><body><h1>502 Bad Gateway</h1>upstream timed out</body></html>\n"


def _openai_shape(content: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}}],
    }


@dataclass
class ChatLog:
    """One /api/chat exchange as the fault server saw it (``time.monotonic()`` times)."""

    kind: ReplyKind
    began: float
    ended: float = 0.0
    client_hung_up: bool = False
    bytes_sent: int = 0


class FaultyOllamaServer(_OllamaAPIServer):
    """Ollama's API with no model: each /api/chat takes the next scripted ``Reply``, or
    ``default`` when the script is empty."""

    def __init__(self, default: Reply, model_name: str = FAULT_MODEL) -> None:
        self.default = default
        self._script: deque[Reply] = deque()
        self.chats: list[ChatLog] = []
        super().__init__(model_name)

    def __enter__(self) -> FaultyOllamaServer:
        super().__enter__()
        return self

    def script(self, *replies: Reply) -> None:
        self._script.extend(replies)

    def _next(self) -> Reply:
        return self._script.popleft() if self._script else self.default

    def _chat(
        self, handler: Any, body: dict[str, Any], messages: list[dict[str, str]], chat: bool
    ) -> None:
        reply = self._next()
        log = ChatLog(reply.kind, time.monotonic())
        self.chats.append(log)
        try:
            self._answer(handler, reply, log, stream=bool(body.get("stream", True)), chat=chat)
        except OSError:  # the client hung up while we wrote
            log.client_hung_up = True
        finally:
            log.ended = time.monotonic()

    def _answer(
        self, handler: Any, reply: Reply, log: ChatLog, *, stream: bool, chat: bool
    ) -> None:
        if reply.kind == "http_500":
            handler.send_json(500, {"error": "llama runner process has terminated"})
        elif reply.kind == "not_json":
            handler.send_bytes(200, NOT_JSON_BODY, "application/json")
        elif reply.kind == "wrong_shape":
            handler.send_json(200, _openai_shape(reply.content))
        elif reply.kind == "ok":
            handler.send_bytes(200, self._body_of(reply, stream, chat), self._type(stream))
        elif reply.kind == "slow":
            if self._wait_or_hang_up(handler, reply.seconds):
                log.client_hung_up = True
                return
            handler.send_bytes(200, self._body_of(reply, stream, chat), self._type(stream))
        else:  # trickle: a valid reply, one byte at a time
            data = self._body_of(reply, stream, chat)
            handler.send_response(200)
            handler.send_header("Content-Type", self._type(stream))
            handler.send_header("Content-Length", str(len(data)))
            handler.end_headers()
            handler.wfile.flush()
            for i in range(len(data)):
                handler.wfile.write(data[i : i + 1])
                handler.wfile.flush()
                log.bytes_sent += 1
                if self._wait_or_hang_up(handler, reply.seconds):
                    log.client_hung_up = True
                    return

    def _wait_or_hang_up(self, handler: Any, seconds: float) -> bool:
        """Wait ``seconds`` (or until the server stops); true as soon as the client hangs up."""
        conn: socket.socket = handler.connection
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0 and not self._stop.is_set():
            readable, _, _ = select.select([conn], [], [], min(left, 0.05))
            if readable:  # the request was read whole: readable now means EOF or a reset
                try:
                    if conn.recv(1, socket.MSG_PEEK) == b"":
                        return True
                except OSError:
                    return True
        return self._stop.is_set()

    @staticmethod
    def _type(stream: bool) -> str:
        return "application/x-ndjson" if stream else "application/json"

    def _body_of(self, reply: Reply, stream: bool, chat: bool) -> bytes:
        content = reply.content
        usage = {
            "prompt_tokens": reply.prompt_tokens,
            "completion_tokens": max(1, len(content) // 4),
        }
        if not stream:
            return json.dumps(self._final(usage, content, chat)).encode()
        parts = [self._part(content, chat, done=False), self._final(usage, "", chat)]
        return b"".join(json.dumps(p).encode() + b"\n" for p in parts)
