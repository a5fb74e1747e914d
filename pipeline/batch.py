"""Batch review: every contract in a folder, resumable, with a summary; a bad file never stops it.

Each contract gets its own output folder ``<stem>-<sha256[:12]>/`` holding the usual outputs
and a ``result.json``. A contract is skipped when its ``result.json`` records the same content
hash and configuration hash, so an interrupted batch resumes where it stopped.

Executors: ``local`` (this process for ``jobs=1``, else a process pool) and ``ray`` (Ray tasks;
the KB is shared through Chroma server mode and the LLM through an Ollama server, so nothing
on the workers is home-made).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from pipeline import __version__
from pipeline.atomic import write_text_atomic
from pipeline.config import RunConfig
from pipeline.errors import ContractReviewError, OutputWriteError, StageError
from pipeline.reviewing import OutputFormat, review_file, write_outputs
from pipeline.stages.intake import SUPPORTED_SUFFIXES, WORD_BINARY_SUFFIXES
from pipeline.threads import apply_thread_budget, resolve_threads

Executor = Literal["local", "ray"]
Progress = Callable[[str, "ContractResult"], None]


class ContractResult(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    file: str
    sha256: str
    config_hash: str
    status: Literal["reviewed", "failed", "refused"]
    exit_code: int
    findings: int = 0
    findings_by_type: dict[str, int] = {}
    needs_human_review: bool = False
    mode: str = ""
    error: str = ""
    output_dir: str = ""
    skipped: bool = False


class BatchSummary(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    tool_version: str
    config_hash: str
    contracts: int
    reviewed: int
    failed: int
    refused: int
    skipped: int
    human_review: int
    findings_by_type: dict[str, int]
    results: tuple[ContractResult, ...]


def _candidates(folder: Path) -> list[Path]:
    # a .doc is picked up to be refused with the way to convert it, never skipped in silence
    suffixes = SUPPORTED_SUFFIXES | WORD_BINARY_SUFFIXES
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in suffixes)


def _link_reason(path: Path) -> str | None:
    """Why a batch must not read ``path``: a link can reach outside the folder (run as root
    over an upload folder, a link to /etc/shadow would be copied into the reports)."""
    if path.is_symlink():
        return "a symbolic link: batch reads only regular files inside its folder"
    info = path.stat()
    if info.st_nlink > 1:
        return "a hard link (the same file is linked elsewhere): copy it into the folder instead"
    return None


def discover(folder: Path) -> list[Path]:
    """The contracts to review: regular files with a supported suffix, never a link."""
    return [
        p
        for p in _candidates(folder)
        if not p.is_symlink() and p.is_file() and _link_reason(p) is None
    ]


def refused_links(folder: Path) -> list[ContractResult]:
    """Files with a contract suffix that batch will not read, each with its reason."""
    out: list[ContractResult] = []
    for p in _candidates(folder):
        reason = _link_reason(p) if p.is_symlink() or p.is_file() else None
        if reason is not None:
            out.append(
                ContractResult(
                    file=p.name,
                    sha256="",
                    config_hash="",
                    status="refused",
                    exit_code=12,
                    error=f"{p}: not reviewed, {reason}",
                )
            )
    return out


def config_hash(config: RunConfig, kb_fingerprint: str = "") -> str:
    """Settings (KB settings included) and the KB's content: a changed KB re-runs a contract."""
    payload = json.dumps(
        # threads and how long Ollama keeps the model loaded change how fast, never what: a
        # resumed batch on another machine skips
        {
            "v": __version__,
            "config": config.model_dump(
                mode="json", exclude={"threads": True, "llm": {"keep_alive"}}
            ),
            "kb": kb_fingerprint,
        },
        sort_keys=True,
    )
    return hashlib.sha256(payload.encode()).hexdigest()[:16]


def kb_state(config: RunConfig) -> str:
    """The KB a review with ``config`` will use, as a string for the resume hash.

    Opens the KB in this process (once; a --kb-url that does not answer stops the batch here,
    before any contract, with exit 34). Catalog mode hashes its reason, so building the KB later
    re-runs the contracts reviewed without it.
    """
    from pipeline.kb_runtime import kb_runtime

    info = kb_runtime(config.kb).info
    return f"{info.mode}:{info.fingerprint or info.reason}"


def _file_hash(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""


def _out_dir(out_root: Path, path: Path, sha: str) -> Path:
    return out_root / f"{path.stem}-{sha[:12] or 'unreadable'}"


def _previous(out_dir: Path, sha: str, chash: str) -> ContractResult | None:
    marker = out_dir / "result.json"
    if not sha or not marker.exists():
        return None
    try:
        old = ContractResult.model_validate_json(marker.read_text("utf-8"))
    except ValueError:
        return None
    if old.sha256 == sha and old.config_hash == chash and old.status == "reviewed":
        return old.model_copy(update={"skipped": True})
    return None


def review_one(
    path: Path, out_root: Path, config: RunConfig, fmt: OutputFormat, kb: str = ""
) -> ContractResult:
    """Review one contract into its own folder. Never raises for a bad contract.

    ``kb`` is :func:`kb_state` as the batch saw it, so every worker agrees on the hash.
    """
    sha = _file_hash(path)
    chash = config_hash(config, kb)
    out_dir = _out_dir(out_root, path, sha)
    done = _previous(out_dir, sha, chash)
    if done is not None:
        return done
    base = {"file": path.name, "sha256": sha, "config_hash": chash, "output_dir": str(out_dir)}
    try:
        outcome = review_file(path, config)
    except ContractReviewError as exc:
        cause = exc.__cause__ if isinstance(exc, StageError) else None
        shown = cause if isinstance(cause, ContractReviewError) else exc
        return ContractResult(
            **base, status="failed", exit_code=shown.exit_code, error=shown.message
        )
    except Exception as exc:  # a bug must not stop the batch; it is reported per file
        return ContractResult(
            **base, status="failed", exit_code=70, error=f"{type(exc).__name__}: {exc}"
        )
    report = outcome.report
    result = ContractResult(
        **base,
        status="reviewed",
        exit_code=outcome.exit_code,
        findings=len(report.findings),
        findings_by_type=dict(Counter(f.type for f in report.findings)),
        needs_human_review=report.needs_human_review,
        mode=report.mode,
    )
    summary = ("result.json", (result.model_dump_json(indent=2) + "\n").encode())
    try:
        write_outputs(outcome, out_dir, fmt, extra=[summary])
    except OutputWriteError as exc:
        return ContractResult(**base, status="failed", exit_code=exc.exit_code, error=exc.message)
    return result


def _run_local(
    files: list[Path],
    out_root: Path,
    config: RunConfig,
    fmt: OutputFormat,
    jobs: int,
    progress: Progress | None,
    kb: str = "",
) -> list[ContractResult]:
    results: list[ContractResult] = []
    if jobs <= 1:
        for path in files:
            results.append(review_one(path, out_root, config, fmt, kb))
            if progress:
                progress(path.name, results[-1])
        return results
    # spawn, not fork: forking a process that already runs torch/BLAS threads can deadlock.
    with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
        futures = {pool.submit(review_one, p, out_root, config, fmt, kb): p for p in files}
        for future in as_completed(futures):
            results.append(future.result())
            if progress:
                progress(futures[future].name, results[-1])
    return results


def _run_ray(
    files: list[Path],
    out_root: Path,
    config: RunConfig,
    fmt: OutputFormat,
    address: str | None,
    progress: Progress | None,
    kb: str = "",
) -> list[ContractResult]:
    import ray  # optional dependency: the `scale` extra

    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        task = ray.remote(review_one)
        # ray's stubs type remote() by the positional arity of the first overload that matches
        # (3 here, ignoring review_one's defaults); the call itself is checked by ray at run time.
        pending = {task.remote(p, out_root, config, fmt, kb): p for p in files}  # type: ignore[call-arg]
        results: list[ContractResult] = []
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            path = pending.pop(ready[0])
            results.append(ray.get(ready[0]))
            if progress:
                progress(path.name, results[-1])
        return results
    finally:
        if started_here:
            ray.shutdown()


def summarise(results: Iterable[ContractResult], chash: str) -> BatchSummary:
    ordered = tuple(sorted(results, key=lambda r: r.file))
    by_type: Counter[str] = Counter()
    for r in ordered:
        by_type.update(r.findings_by_type)
    return BatchSummary(
        tool_version=__version__,
        config_hash=chash,
        contracts=len(ordered),
        reviewed=sum(r.status == "reviewed" for r in ordered),
        failed=sum(r.status == "failed" for r in ordered),
        refused=sum(r.status == "refused" for r in ordered),
        skipped=sum(r.skipped for r in ordered),
        human_review=sum(r.needs_human_review for r in ordered),
        findings_by_type=dict(sorted(by_type.items())),
        results=ordered,
    )


def summary_csv(summary: BatchSummary) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(
        [
            "file",
            "status",
            "exit_code",
            "findings",
            "needs_human_review",
            "mode",
            "error",
            "findings_by_type",
            "sha256",
            "output_dir",
        ]
    )
    for r in summary.results:
        writer.writerow(
            [
                r.file,
                r.status,
                r.exit_code,
                r.findings,
                r.needs_human_review,
                r.mode,
                r.error,
                json.dumps(r.findings_by_type, ensure_ascii=False, sort_keys=True),
                r.sha256,
                r.output_dir,
            ]
        )
    return buffer.getvalue()


def run_batch(
    folder: Path,
    out_root: Path,
    config: RunConfig | None = None,
    *,
    jobs: int = 1,
    executor: Executor = "local",
    ray_address: str | None = None,
    fmt: OutputFormat = "json",
    progress: Progress | None = None,
) -> BatchSummary:
    config = config or RunConfig()
    # each worker gets its share of the cores (threads per job), set before it loads a model
    parallel = 1 if executor == "ray" else jobs
    config = config.model_copy(update={"threads": resolve_threads(config.threads, parallel)})
    apply_thread_budget(config.threads or 1)
    files = discover(folder)
    kb = kb_state(config)
    if executor == "ray":
        results = _run_ray(files, out_root, config, fmt, ray_address, progress, kb)
    else:
        results = _run_local(files, out_root, config, fmt, jobs, progress, kb)
    summary = summarise([*results, *refused_links(folder)], config_hash(config, kb))
    write_text_atomic(out_root / "summary.json", summary.model_dump_json(indent=2) + "\n")
    write_text_atomic(out_root / "summary.csv", summary_csv(summary))
    return summary


def comparable(summary: BatchSummary) -> list[dict[str, Any]]:
    """The parts of a summary that must not depend on the executor or on resuming."""
    return [r.model_dump(exclude={"skipped", "output_dir"}) for r in summary.results]
