"""A small HTTP server on 127.0.0.1 that speaks Ollama's API, backed by llama-cpp-python.

No real Ollama server can be installed here, so integration tests drive the real ``ollama``
client against this one: /api/version, /api/tags, /api/show, /api/chat and /api/generate,
with ``format`` (a JSON schema, or "json") mapped to llama.cpp's JSON-schema response format,
and NDJSON streaming when ``stream`` is true (Ollama's default).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from pipeline.llm.llamacpp_backend import LlamaCppLLM

MODEL_NAME = "smollm2:135m"


def _now() -> str:
    return datetime.now(UTC).isoformat()


class OllamaTestServer:
    def __init__(self, backend: LlamaCppLLM, model_name: str = MODEL_NAME) -> None:
        self.backend = backend
        self.model_name = model_name
        self.delay_s = 0.0  # tests raise it to provoke client timeouts
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> OllamaTestServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    # -- inference -------------------------------------------------------------------------

    def _completion(self, messages: list[dict[str, str]], body: dict[str, Any]) -> Iterator[Any]:
        fmt = body.get("format")
        response_format: dict[str, Any] | None = None
        if isinstance(fmt, dict):
            response_format = {"type": "json_object", "schema": fmt}
        elif fmt == "json":
            response_format = {"type": "json_object"}
        options = body.get("options") or {}
        time.sleep(self.delay_s)
        with self.backend.lock:  # one llama.cpp context: one inference at a time
            result = self.backend.load().create_chat_completion(
                messages=messages,
                response_format=response_format,
                temperature=float(options.get("temperature", 0.2)),
                max_tokens=int(options.get("num_predict", 256)),
                seed=int(options.get("seed", 0)),
                stream=bool(body.get("stream", True)),
            )
            chunks = [result] if isinstance(result, dict) else list(result)
        yield from chunks

    # -- HTTP ------------------------------------------------------------------------------

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # keep test output clean
                pass

            def _json(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
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
                    self._json(200, {"version": "0.0.0-test"})
                elif self.path == "/api/tags":
                    self._json(200, {"models": [server._tag()]})
                else:
                    self._json(404, {"error": f"no route {self.path}"})

            def do_POST(self) -> None:
                body = self._body()
                if self.path == "/api/show":
                    if body.get("model") != server.model_name:
                        self._json(404, {"error": f"model '{body.get('model')}' not found"})
                        return
                    self._json(200, server._show())
                    return
                if self.path not in ("/api/chat", "/api/generate"):
                    self._json(404, {"error": f"no route {self.path}"})
                    return
                if body.get("model") != server.model_name:
                    self._json(404, {"error": f"model '{body.get('model')}' not found"})
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
                if body.get("stream", True):
                    self._stream(body, messages, chat)
                else:
                    result = next(server._completion(messages, body))
                    text = result["choices"][0]["message"]["content"] or ""
                    self._json(200, server._final(result.get("usage", {}), text, chat))

            def _stream(self, body: dict[str, Any], messages: list[dict[str, str]], chat: bool):  # type: ignore[no-untyped-def]
                self.send_response(200)
                self.send_header("Content-Type", "application/x-ndjson")
                self.end_headers()
                pieces = 0
                for chunk in server._completion(messages, body):
                    delta = chunk["choices"][0].get("delta", {}).get("content") or ""
                    if not delta:
                        continue
                    pieces += 1
                    part = server._part(delta, chat, done=False)
                    self.wfile.write(json.dumps(part).encode() + b"\n")
                    self.wfile.flush()
                usage = {"prompt_tokens": 0, "completion_tokens": pieces}
                final = server._final(usage, "", chat)
                self.wfile.write(json.dumps(final).encode() + b"\n")

        return Handler

    def _tag(self) -> dict[str, Any]:
        size = self.backend.model_path.stat().st_size
        return {
            "name": self.model_name,
            "model": self.model_name,
            "modified_at": _now(),
            "size": size,
            "digest": "0" * 64,
            "details": {"format": "gguf", "family": "llama", "parameter_size": "135M"},
        }

    def _show(self) -> dict[str, Any]:
        return {
            "modelfile": f"FROM {self.backend.model_path.name}",
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
