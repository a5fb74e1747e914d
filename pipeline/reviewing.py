"""Run a review and turn the pipeline's artifacts into a report, a trace and output files."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pipeline import __version__
from pipeline.assembly import build_review_pipeline
from pipeline.claims import Claim
from pipeline.config import RunConfig
from pipeline.llm.select import ModeInfo, open_session
from pipeline.llm.session import LLMCallRecord, LLMSession
from pipeline.model import (
    Document,
    DocumentInfo,
    Edit,
    Finding,
    HumanReviewItem,
    PossibleBasis,
    ReviewReport,
)
from pipeline.output_set import write_output_set
from pipeline.redline.files import redline_files
from pipeline.render_html import render_html
from pipeline.render_md import render_markdown
from pipeline.review_queue import QUEUE_FILE, queue_lines
from pipeline.runner import PipelineResult, StageListener
from pipeline.stages.intake_support.ocr import ocr_review_items
from pipeline.threads import apply_thread_budget, resolve_threads
from pipeline.trace_io import TraceHeader, dump_trace

OutputFormat = Literal["json", "md", "html", "docx", "all"]
OUTPUT_FORMATS: tuple[str, ...] = ("json", "md", "html", "docx", "all")

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_HUMAN_REVIEW = 3


@dataclass(frozen=True)
class ReviewOutcome:
    report: ReviewReport
    document: Document
    trace_text: str
    llm_calls: tuple[LLMCallRecord, ...] = ()

    @property
    def exit_code(self) -> int:
        if self.report.needs_human_review:
            return EXIT_HUMAN_REVIEW
        return EXIT_FINDINGS if self.report.findings else EXIT_CLEAN


def _collect(result: PipelineResult, kind: type, names: Iterable[str]) -> tuple[object, ...]:
    items: list[object] = []
    for name in names:
        value = result.artifacts.get(name)
        if isinstance(value, tuple):
            items.extend(v for v in value if isinstance(v, kind))
    return tuple(items)


def build_report(
    result: PipelineResult, run_id: str, created_at: str, mode: str, mode_note: str
) -> ReviewReport:
    document: Document = result.artifacts["document"]
    report_findings = result.artifacts.get("report_findings")
    findings = (
        report_findings
        if report_findings is not None
        else _collect(result, Finding, ("rule_findings", "kb_findings"))
    )
    edits = result.artifacts.get("applied_edits", ())
    # pages OCR read poorly or not at all come first: every finding on them is in doubt
    review_items: tuple[HumanReviewItem, ...] = ocr_review_items(document)
    review_items += result.artifacts.get("human_review", ())
    # conflicting authority found by CrossCheckKB: a question for a lawyer, not a finding
    # (from the round the loop kept, when it ran: a redraft has its own claims and conflicts)
    review_items += result.artifacts.get("kb_review_final", result.artifacts.get("kb_review", ()))
    review_items += result.artifacts.get("kb_notices", ())  # a KB fallback: say so
    return ReviewReport(
        tool_version=__version__,
        run_id=run_id,
        created_at=created_at,
        document=DocumentInfo.of(document),
        mode=mode,
        mode_note=mode_note,
        stages_run=result.stages_run,
        findings=tuple(f for f in findings if isinstance(f, Finding)),
        edits=tuple(e for e in edits if isinstance(e, Edit)),
        needs_human_review=bool(review_items),
        human_review=review_items,
        playbook=result.artifacts.get("playbook_verdicts", ()),
        kb=result.artifacts.get("kb_info"),
        law=result.artifacts.get("law_assumed"),
        possible_bases=_possible_bases(result, findings),
        key_terms=result.artifacts.get("key_terms"),
        scope=result.artifacts.get("review_scope"),
        draft_checks=result.artifacts.get(
            "final_draft_checks", result.artifacts.get("draft_checks", ())
        ),
    )


def _possible_bases(
    result: PipelineResult, findings: Iterable[object]
) -> tuple[PossibleBasis, ...]:
    """Bases the KB suggested for uncited claims that made it into the report."""
    artifacts = result.artifacts
    claims: tuple[Claim, ...] = artifacts.get("final_claims", artifacts.get("llm_claims", ()))
    checks = artifacts.get("final_claim_checks", artifacts.get("claim_checks", ()))
    reported = {(f.type, f.span.start, f.span.end) for f in findings if isinstance(f, Finding)}
    out: list[PossibleBasis] = []
    for check in checks:
        if check.suggested_basis is None or check.index >= len(claims):
            continue
        finding = claims[check.index].finding
        if (finding.type, finding.span.start, finding.span.end) in reported:
            out.append(
                PossibleBasis(
                    finding_type=finding.type, span=finding.span, basis=check.suggested_basis
                )
            )
    return tuple(out)


def review_file(
    path: Path, config: RunConfig | None = None, listener: StageListener | None = None
) -> ReviewOutcome:
    config = config or RunConfig()
    # before any native library loads; the header records the budget the run had
    config = config.model_copy(
        update={"threads": apply_thread_budget(resolve_threads(config.threads))}
    )
    loading = time.perf_counter()
    session, mode_info = open_session(config.llm)
    pipeline = build_review_pipeline(config, session, mode_info.plumbing)
    pipeline.warm_up()
    load_ms = round((time.perf_counter() - loading) * 1000, 1)
    if config.deadline_s is not None:
        session.set_review_deadline(time.monotonic() + config.deadline_s)
    inputs = {"source_path": str(path)}
    run_id = uuid.uuid4().hex
    created_at = datetime.now(UTC).isoformat(timespec="seconds")
    result = pipeline.run(inputs, listener=listener)
    report = build_report(
        result,
        run_id,
        created_at,
        mode=_mode_label(session, mode_info),
        mode_note=_mode_note(session, mode_info),
    )
    header = TraceHeader(
        run_id=run_id,
        tool_version=__version__,
        created_at=created_at,
        config=config,
        inputs=inputs,
        load_ms=load_ms,
    )
    return ReviewOutcome(
        report=report,
        document=result.artifacts["document"],
        trace_text=dump_trace(header, result.records),
        llm_calls=tuple(session.calls),
    )


def _mode_label(session: LLMSession, info: ModeInfo) -> str:
    if session.degraded_reason is not None:
        return f"{info.mode} (degraded to none)"
    return info.mode


def _mode_note(session: LLMSession, info: ModeInfo) -> str:
    if session.degraded_reason is None:
        return info.note
    return (
        f"{info.note} The LLM stopped during the run and the rest ran in none mode "
        f"(rules and KB only): {session.degraded_reason}"
    )


def output_files(outcome: ReviewOutcome, fmt: OutputFormat) -> list[tuple[str, bytes]]:
    """The chosen reports (docx: revised.docx and review-comments.docx), trace.jsonl and
    (when anything needs review) human_review.jsonl."""
    report = outcome.report
    files: list[tuple[str, bytes]] = []
    if fmt in ("json", "all"):
        files.append(("report.json", (report.model_dump_json(indent=2) + "\n").encode()))
    if fmt in ("md", "all"):
        files.append(("report.md", render_markdown(report).encode()))
    if fmt in ("html", "all"):
        files.append(("report.html", render_html(report, outcome.document.text).encode()))
    if fmt in ("docx", "all"):  # revised.docx for the counterparty, review-comments.docx
        files += redline_files(outcome.document, report.findings, report.edits).files()
    files.append(("trace.jsonl", outcome.trace_text.encode()))
    if report.human_review:
        doc = report.document
        lines = queue_lines(report.run_id, doc.sha256, doc.source_path, report.human_review)
        files.append((QUEUE_FILE, lines.encode()))
    return files


def write_outputs(
    outcome: ReviewOutcome,
    out_dir: Path,
    fmt: OutputFormat,
    extra: Iterable[tuple[str, bytes]] = (),
) -> list[Path]:
    """Replace the content of ``out_dir`` with this review's output set, all or nothing."""
    return write_output_set(out_dir, [*output_files(outcome, fmt), *extra])
