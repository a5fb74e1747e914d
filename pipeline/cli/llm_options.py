"""The LLM, side, playbook and reflection options `review` and `batch` share, and the run
settings they make. A value the settings reject is a usage error (exit 2)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from pydantic import ValidationError

from pipeline.config import (
    DEFAULT_KEEP_ALIVE,
    DEFAULT_OLLAMA_MODEL,
    KEEP_ALIVE_ENV,
    MODEL_ENV,
    LLMSettings,
    ReflectionSettings,
)
from pipeline.side import SIDE_CHOICES, llm_side

LLMSpec = Annotated[
    str,
    typer.Option(
        "--llm",
        help="auto (Ollama if it answers, else none), none, ollama[:MODEL], "
        "llamacpp[:GGUF] (no path: bundled SmolLM2, plumbing only). MODEL defaults to "
        f"${MODEL_ENV}, else {DEFAULT_OLLAMA_MODEL}.",
    ),
]
LLMUrl = Annotated[
    str | None, typer.Option("--llm-url", help="Ollama host (default $OLLAMA_HOST).")
]
LLMCtx = Annotated[
    int,
    typer.Option(
        "--llm-ctx",
        min=1024,
        help="Most context tokens (prompt and reply) a request may use: Ollama's num_ctx is "
        "sized to each prompt up to this, llama.cpp allocates it. Clause blocks are split to "
        "fit; a prompt that still does not fit is not sent and the review is flagged.",
    ),
]
LLMKeepAlive = Annotated[
    str | None,
    typer.Option(
        "--llm-keep-alive",
        help="How long Ollama keeps the model loaded after a request: 10m, 1h, 0s, -1 (for "
        f"ever). Default ${KEEP_ALIVE_ENV}, else {DEFAULT_KEEP_ALIVE}.",
    ),
]
LLMTimeout = Annotated[
    float, typer.Option(min=0.1, help="Deadline in seconds for each LLM request.")
]
TokenBudget = Annotated[int, typer.Option(min=1, help="Most LLM tokens per contract.")]
Deadline = Annotated[
    float | None,
    typer.Option(
        "--deadline",
        min=0.1,
        help="Seconds for each contract's review: LLM work still running then is cut off and "
        "the rest runs in none mode, flagged for human review (exit 3).",
    ),
]
Side = Annotated[
    str,
    typer.Option(
        help="Whose lawyer: neutral, 甲方/party_a, 乙方/party_b, or a role the contract "
        "names (buyer, seller, licensor, licensee, employer, employee)."
    ),
]
Playbook = Annotated[
    Path | None,
    typer.Option("--playbook", help="YAML of standard positions, judged GREEN/YELLOW/RED."),
]
Reflection = Annotated[str, typer.Option(help="auto, off, light, standard or full.")]

_FIELDS = LLMSettings.model_fields
DEFAULT_LLM = "auto"
DEFAULT_LLM_CTX: int = _FIELDS["context_tokens"].default
DEFAULT_LLM_TIMEOUT: float = _FIELDS["timeout_s"].default
DEFAULT_TOKEN_BUDGET: int = _FIELDS["token_budget"].default
DEFAULT_SIDE = "neutral"
DEFAULT_REFLECTION = "auto"

T = TypeVar("T")


def llm_run_settings(
    *,
    llm: str,
    llm_url: str | None,
    llm_ctx: int,
    llm_keep_alive: str | None,
    llm_timeout: float,
    token_budget: int,
    side: str,
    playbook: Path | None,
    reflection: str,
) -> dict[str, Any]:
    """The ``RunConfig`` fields these options set: ``llm``, ``reflection``, ``side``,
    ``playbook``."""
    if side not in SIDE_CHOICES:
        raise typer.BadParameter(
            f"{side!r} is not one of: {', '.join(SIDE_CHOICES)}", param_hint="--side"
        )
    return {
        "llm": llm_settings(
            llm_keep_alive,
            spec=llm,
            url=llm_url,
            context_tokens=llm_ctx,
            side=llm_side(side),
            timeout_s=llm_timeout,
            token_budget=token_budget,
        ),
        "reflection": usage_checked(
            lambda: ReflectionSettings.model_validate({"mode": reflection})
        ),
        "side": side,
        "playbook": str(playbook) if playbook is not None else None,
    }


def llm_settings(llm_keep_alive: str | None, **fields: Any) -> LLMSettings:
    """``LLMSettings`` from option values (by field name); ``--llm-keep-alive`` only when given,
    else the settings' default: ``$CONTRACT_REVIEW_KEEP_ALIVE``, then 10m."""
    if llm_keep_alive is not None:
        fields["keep_alive"] = llm_keep_alive
    return usage_checked(lambda: LLMSettings.model_validate(fields))


def usage_checked(build: Callable[[], T]) -> T:
    """``build()``; settings it rejects (an option's value, or an environment variable the
    settings read) are a usage error that names the field and the fix (exit 2)."""
    try:
        return build()
    except ValidationError as exc:
        problems = "; ".join(f"{e['loc'][0]}: {e['msg']}" for e in exc.errors())
        raise typer.BadParameter(problems) from None
