"""``contract-review serve``: the HTTP service (FastAPI under uvicorn; the ``serve`` extra).

The options a review takes (limits, LLM, KB, rules, OCR) apply to every review the server
runs; the server's own are where it listens, where it stores reviews and how many it runs at
once. FastAPI is imported only when the command runs, so without the extra it exits 2 naming
the pip command.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from pipeline.cli.errors import stderr
from pipeline.cli.kb_options import (
    DEFAULT_KB_BACKEND,
    DEFAULT_KB_FALLBACK,
    ReviewKBBackend,
    ReviewKBFallback,
    ReviewKBPath,
    ReviewKBUrl,
    Threads,
    kb_settings,
)
from pipeline.cli.llm_options import (
    DEFAULT_LLM,
    DEFAULT_LLM_CTX,
    DEFAULT_LLM_TIMEOUT,
    DEFAULT_REFLECTION,
    DEFAULT_SIDE,
    DEFAULT_TOKEN_BUDGET,
    LLMCtx,
    LLMKeepAlive,
    LLMSpec,
    LLMTimeout,
    LLMUrl,
    TokenBudget,
    llm_run_settings,
)
from pipeline.cli.ocr_options import (
    DEFAULT_OCR,
    DEFAULT_OCR_MIN_CONFIDENCE,
    Ocr,
    OcrMinConfidence,
    ocr_settings,
)
from pipeline.cli.review import LIMITS, MaxBytes, MaxChars, MaxPages
from pipeline.cli.rules_options import BundledRules, RuleDirs, rules_settings
from pipeline.config import IntakeLimits, RunConfig
from pipeline.serve.settings import TOKEN_ENV, ServeSettings, bind_problem, default_data_dir
from pipeline.threads import apply_thread_budget, resolve_threads

Host = Annotated[
    str,
    typer.Option(
        help=f"Address to listen on. Without ${TOKEN_ENV} only a loopback address is allowed.",
    ),
]
Port = Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")]
DataDir = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        envvar="CONTRACT_REVIEW_SERVE_DATA",
        file_okay=False,
        help="Where reviews are stored, one 0700 folder each (default: the user data folder's "
        "serve/, e.g. ~/.local/share/contract-review/serve).",
    ),
]
Jobs = Annotated[
    int,
    typer.Option(
        "--jobs", min=1, help="Worker processes: reviews run side by side, sharing the threads."
    ),
]
MaxQueue = Annotated[
    int,
    typer.Option("--max-queue", min=1, help="Most reviews queued or running; more get 503."),
]


def serve(
    host: Host = "127.0.0.1",
    port: Port = 8080,
    data_dir: DataDir = None,
    jobs: Jobs = 1,
    max_queue: MaxQueue = 8,
    max_bytes: MaxBytes = LIMITS.max_bytes,
    max_pages: MaxPages = LIMITS.max_pages,
    max_chars: MaxChars = LIMITS.max_chars,
    ocr: Ocr = DEFAULT_OCR,
    ocr_min_confidence: OcrMinConfidence = DEFAULT_OCR_MIN_CONFIDENCE,
    llm: LLMSpec = DEFAULT_LLM,
    llm_url: LLMUrl = None,
    llm_ctx: LLMCtx = DEFAULT_LLM_CTX,
    llm_keep_alive: LLMKeepAlive = None,
    llm_timeout: LLMTimeout = DEFAULT_LLM_TIMEOUT,
    token_budget: TokenBudget = DEFAULT_TOKEN_BUDGET,
    kb_path: ReviewKBPath = None,
    kb_url: ReviewKBUrl = None,
    kb_backend: ReviewKBBackend = DEFAULT_KB_BACKEND,
    kb_fallback: ReviewKBFallback = DEFAULT_KB_FALLBACK,
    rules: RuleDirs = None,
    bundled_rules: BundledRules = True,
    threads: Threads = None,
) -> None:
    """Serve reviews over HTTP: POST /v1/reviews (multipart field file; ?async=true for a job
    id), GET /v1/reviews/{id} and its report.html, revised.docx, report.json, report.md;
    POST /v1/kb/query and /v1/kb/verify; GET /healthz and /openapi.json. The review options
    (limits, --llm, --kb-*, --rules, --ocr) apply to every review the server runs.

    Set $CONTRACT_REVIEW_TOKEN to require 'Authorization: Bearer <token>' on everything but
    /healthz; without it the server listens on loopback only. An upload over --max-bytes gets
    413 with the CLI's code 16. Exit 2: a bad option, a host that needs a token, or the serve
    extra is not installed."""
    token = os.environ.get(TOKEN_ENV) or None
    problem = bind_problem(host, token)
    if problem:
        raise typer.BadParameter(problem, param_hint="--host")
    llm_side_playbook = llm_run_settings(
        llm=llm,
        llm_url=llm_url,
        llm_ctx=llm_ctx,
        llm_keep_alive=llm_keep_alive,
        llm_timeout=llm_timeout,
        token_budget=token_budget,
        side=DEFAULT_SIDE,
        playbook=None,
        reflection=DEFAULT_REFLECTION,
    )
    options = RunConfig(
        intake=IntakeLimits(max_bytes=max_bytes, max_pages=max_pages, max_chars=max_chars),
        ocr=ocr_settings(ocr, ocr_min_confidence),
        **llm_side_playbook,
        kb=kb_settings(kb_path, kb_url, kb_backend, kb_fallback),
        rules=rules_settings(rules, bundled_rules),
        threads=resolve_threads(threads, jobs),  # each worker's share of the budget
    )
    settings = ServeSettings(
        data_dir=(data_dir or default_data_dir()).absolute(),
        token=token,
        jobs=jobs,
        max_queue=max_queue,
        options=options,
    )
    _run(settings, host, port)


def _run(settings: ServeSettings, host: str, port: int) -> None:
    # the budget before numpy's BLAS starts its threads here; the workers set theirs too
    apply_thread_budget(settings.options.threads or 1)
    # the serve extra: imported here, so the other commands run without it (exit 2 naming it)
    import python_multipart  # noqa: F401  # FastAPI needs it for uploads; say so before serving
    import uvicorn

    from pipeline.serve.app import create_app

    auth = "bearer token required" if settings.token else "no token: loopback only"
    stderr.print(
        f"serving on http://{host}:{port} ({auth}); reviews stored in {settings.data_dir}",
        markup=False,
    )
    uvicorn.run(create_app(settings), host=host, port=port, log_config=_log_config())


def _log_config() -> dict[str, Any]:
    """uvicorn's logging, plus the service's own lines (ids and codes, never contract text)."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["pipeline.serve"] = {
        "handlers": ["default"],
        "level": "INFO",
        "propagate": False,
    }
    return config


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
