"""``make bench``: per-stage timings, median of N runs in one process, into bench/results.json.

Benchmarks report figures; they never pass or fail on time. ``contract-review dev bench`` runs
the ``SECTIONS`` in order and prints each one's figures as it ends; this module only returns them.
"""

from __future__ import annotations

import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from kb.locations import dev_data
from pipeline import __version__
from pipeline.assembly import build_review_pipeline
from pipeline.atomic import write_text_atomic
from pipeline.config import IntakeLimits, LLMSettings, RunConfig
from pipeline.testing.pdf import render_text_pdf

REPO = dev_data()  # the checkout: examples/, bench/results.json
RUNS = 5


def long_contract_text(pages: int = 30) -> str:
    """A long Chinese contract: the bundled sample's clauses repeated under new clause numbers."""
    base = (REPO / "examples" / "sale_contract_zh.txt").read_text("utf-8")
    chunks = [base]
    n = 10
    while len(chunks) < pages // 2 + 1:
        chunks.append(base.replace("第一条", f"第{n}条"))
        n += 1
    return "\f".join(chunks)


def time_review(path: Path, runs: int = RUNS) -> dict[str, Any]:
    config = RunConfig(intake=IntakeLimits(max_pages=2000), llm=LLMSettings(spec="none"))
    pipeline = build_review_pipeline(config)
    pipeline.warm_up()
    per_stage: dict[str, list[float]] = defaultdict(list)
    totals: list[float] = []
    pages = 0
    for _ in range(runs):
        began = time.perf_counter()
        result = pipeline.run({"source_path": str(path)})
        totals.append((time.perf_counter() - began) * 1000)
        for record in result.records:
            per_stage[record.stage].append(record.wall_ms)
        pages = result.artifacts["document"].pages
    return {
        "file": path.name,
        "pages": pages,
        "runs": runs,
        "median_ms": {stage: round(statistics.median(v), 2) for stage, v in per_stage.items()},
        "median_total_ms": round(statistics.median(totals), 2),
    }


def review_benchmarks() -> list[dict[str, Any]]:
    return [time_review(p) for p in sorted((REPO / "examples").glob("*.pdf"))]


def _busy() -> None:  # pragma: no cover - runs in the neighbour process
    while True:
        pass


@contextmanager
def cpu_neighbour() -> Iterator[None]:
    """One CPU-bound process beside the measurement, as ``batch --jobs 2`` makes for a review."""
    process = get_context("spawn").Process(target=_busy, daemon=True)
    process.start()
    time.sleep(0.5)
    try:
        yield
    finally:
        process.terminate()
        process.join()


def time_cli(path: Path) -> dict[str, Any]:
    """`contract-review review` from process start to exit, and its load step from the trace."""
    with tempfile.TemporaryDirectory() as out:
        began = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "pipeline", "review", str(path), "--llm", "none",
             "--format", "json", "--out", out],
            check=False, capture_output=True,
        )  # fmt: skip
        wall = time.perf_counter() - began
        header = json.loads((Path(out) / "trace.jsonl").read_text("utf-8").splitlines()[0])
        report = json.loads((Path(out) / "report.json").read_text("utf-8"))
    kb = report.get("kb") or {}
    return {"wall_s": round(wall, 2), "load_ms": header.get("load_ms"), "kb_mode": kb.get("mode")}


def long_contract_benchmarks() -> dict[str, Any]:
    """The deterministic stages on the generated long contract, quiet and with a CPU-bound
    neighbour, and the CLI review from start to exit (issue 12's figures)."""
    with tempfile.TemporaryDirectory() as tmp:
        long_pdf = Path(tmp) / "generated_long.pdf"
        render_text_pdf(long_contract_text(32), long_pdf)
        quiet = time_review(long_pdf, runs=3)
        cli_quiet = time_cli(long_pdf)
        with cpu_neighbour():
            busy = time_review(long_pdf, runs=3)
            cli_busy = time_cli(long_pdf)
    return {
        "quiet": quiet,
        "with_neighbour": busy,
        "busy_over_quiet": round(busy["median_total_ms"] / quiet["median_total_ms"], 2),
        "cli_quiet": cli_quiet,
        "cli_with_neighbour": cli_busy,
        "cli_busy_over_quiet": round(cli_busy["wall_s"] / cli_quiet["wall_s"], 2),
    }


CUAD_DIR = REPO.parent / "shared" / "data" / "en" / "cuad-dev" / "full_contract_txt"


def batch_benchmarks() -> list[dict[str, Any]]:
    """Contracts per second over the CUAD dev texts, local --jobs 1 and 2, and Ray."""
    from pipeline.batch import run_batch

    if not CUAD_DIR.is_dir():
        return [{"skipped": f"CUAD texts not found at {CUAD_DIR}"}]
    rows = []
    for executor, jobs in (("local", 1), ("local", 2), ("ray", 2)):
        with tempfile.TemporaryDirectory() as tmp:
            began = time.perf_counter()
            summary = run_batch(CUAD_DIR, Path(tmp), jobs=jobs, executor=executor)  # type: ignore[arg-type]
            seconds = time.perf_counter() - began
        rows.append(
            {
                "executor": executor,
                "jobs": jobs,
                "contracts": summary.contracts,
                "failed": summary.failed,
                "seconds": round(seconds, 2),
                "contracts_per_s": round(summary.contracts / seconds, 2),
            }
        )
    one, two = (float(str(r["contracts_per_s"])) for r in rows[:2])
    rows.append({"jobs2_over_jobs1": round(two / one, 2)})
    return rows


def entity_rule_benchmarks() -> dict[str, Any]:
    """ParseEntities + ValidateRules alone: the 30-page contract, and all CUAD dev texts."""
    from pipeline.entities.bench import contracts_per_second, stage_seconds

    with tempfile.TemporaryDirectory() as tmp:
        long_pdf = Path(tmp) / "generated_30_pages.pdf"
        render_text_pdf(long_contract_text(), long_pdf)
        long_doc = {k: round(v * 1000, 2) for k, v in stage_seconds(long_pdf, repeat=3).items()}
    figures: dict[str, Any] = {"generated_30_pages_ms": long_doc}
    if CUAD_DIR.is_dir():
        count, rate = contracts_per_second(CUAD_DIR)
        figures["cuad_dev"] = {"contracts": count, "contracts_per_s": round(rate, 2)}
    return figures


def llm_benchmarks() -> list[dict[str, Any]]:
    """LLM calls and tokens per contract with the embedded SmolLM2, and the non-LLM overhead.

    SmolLM2 proves the plumbing; its speed says nothing about a real reviewer model.
    """
    from pipeline.llm_usage import review_usage

    rows: list[dict[str, Any]] = [{"raw_llamacpp": raw_llamacpp_speed()}]
    for sample in sorted((REPO / "examples").glob("*.pdf")):
        config = RunConfig(llm=LLMSettings(spec="llamacpp", timeout_s=600))
        usage = review_usage(sample, config)
        seconds = usage.llm_ms / 1000 or 1.0
        rows.append(
            {
                "file": sample.name,
                "model": "llamacpp:SmolLM2-135M",
                **usage.as_dict(),
                # the pipeline's rate over all tokens it made llama.cpp process, to set beside
                # the raw prompt-eval and decode rates
                "pipeline_tokens_per_s": round(
                    (usage.input_tokens + usage.output_tokens) / seconds, 1
                ),
            }
        )
    return rows


def raw_llamacpp_speed() -> dict[str, float]:
    """llama.cpp's own rates on the bundled SmolLM2, with the pipeline's thread budget: decode
    without and with the JSON-schema grammar the pipeline uses, and prompt evaluation."""
    from pipeline.llm.client import Message
    from pipeline.llm.llamacpp_backend import LlamaCppLLM
    from pipeline.llm.schemas import GenerateReply
    from pipeline.llm.session import decoding_schema

    backend = LlamaCppLLM(timeout_s=600)
    llama = backend.load()
    began = time.perf_counter()
    out = llama.create_completion("List ten fruits:", max_tokens=128, temperature=0.0, seed=0)
    decode = out["usage"]["completion_tokens"] / (time.perf_counter() - began)
    text = (REPO / "examples" / "sale_contract_zh.txt").read_text("utf-8")
    llama.reset()
    began = time.perf_counter()
    out = llama.create_completion(text + "\nSummary:", max_tokens=1, temperature=0.0)
    prompt = out["usage"]["prompt_tokens"] / (time.perf_counter() - began)
    ask = [Message(role="user", content="List the risks in: 甲方应于2025年3月1日前支付货款。")]
    schema = decoding_schema(GenerateReply.model_json_schema(), 1)
    began = time.perf_counter()
    reply = backend.chat(ask, schema=schema, temperature=0.0, max_tokens=128)
    grammar = reply.output_tokens / (time.perf_counter() - began)
    return {
        "decode_tokens_per_s": round(decode, 1),
        "prompt_eval_tokens_per_s": round(prompt, 1),
        "decode_with_json_grammar_tokens_per_s": round(grammar, 1),
    }


def _kb_benchmarks() -> dict[str, Any]:
    from ingest.bench import kb_benchmarks

    return kb_benchmarks()


SECTIONS: dict[str, Callable[[], Any]] = {
    "review_pipeline": review_benchmarks,
    "long_contract": long_contract_benchmarks,
    "entities_and_rules": entity_rule_benchmarks,
    "batch_cuad": batch_benchmarks,
    "llm_embedded": llm_benchmarks,
    "knowledge_base": _kb_benchmarks,
}


def results_header() -> dict[str, Any]:
    """What the figures were measured with; the sections' figures join it under their names."""
    return {
        "tool_version": __version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "created_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def write_results(results: dict[str, Any]) -> Path:
    out = REPO / "bench" / "results.json"
    write_text_atomic(out, json.dumps(results, ensure_ascii=False, indent=2) + "\n")
    return out
