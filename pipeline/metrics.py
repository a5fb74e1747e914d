"""Prometheus text exposition of one review: LLM calls, tokens, latency, findings, routings.

Each run gets its own ``CollectorRegistry``, so nothing global accumulates between runs, and
the file is written atomically, mode 0600 like every output.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest

from pipeline.atomic import write_bytes_atomic
from pipeline.llm.session import LLMCallRecord
from pipeline.model import ReviewReport

LATENCY_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30, 60, 120)


def build_registry(report: ReviewReport, calls: Iterable[LLMCallRecord]) -> CollectorRegistry:
    registry = CollectorRegistry()
    llm_calls = Counter(
        "contract_review_llm_calls",
        "LLM calls by stage, model and outcome.",
        ["stage", "model", "outcome"],
        registry=registry,
    )
    tokens = Counter(
        "contract_review_llm_tokens",
        "LLM tokens by stage and direction.",
        ["stage", "direction"],
        registry=registry,
    )
    latency = Histogram(
        "contract_review_llm_latency_seconds",
        "LLM call latency.",
        ["stage"],
        buckets=LATENCY_BUCKETS,
        registry=registry,
    )
    findings = Counter(
        "contract_review_findings", "Findings by type.", ["type", "severity"], registry=registry
    )
    routings = Counter(
        "contract_review_human_review_routings",
        "Runs or items sent to human review, by reason.",
        ["reason"],
        registry=registry,
    )
    runs = Counter("contract_review_runs", "Reviews run, by mode.", ["mode"], registry=registry)
    runs.labels(mode=report.mode).inc()
    for call in calls:
        llm_calls.labels(stage=call.stage, model=call.model_name, outcome=call.outcome).inc()
        tokens.labels(stage=call.stage, direction="input").inc(call.input_tokens)
        tokens.labels(stage=call.stage, direction="output").inc(call.output_tokens)
        latency.labels(stage=call.stage).observe(call.latency_ms / 1000.0)
    for finding in report.findings:
        findings.labels(type=finding.type, severity=finding.severity.value).inc()
    for item in report.human_review:
        routings.labels(reason=item.reason).inc()
    return registry


def render_metrics(report: ReviewReport, calls: Iterable[LLMCallRecord]) -> str:
    return generate_latest(build_registry(report, calls)).decode("utf-8")


def write_metrics(path: Path, report: ReviewReport, calls: Iterable[LLMCallRecord]) -> Path:
    write_bytes_atomic(path, render_metrics(report, calls).encode("utf-8"))
    return path
