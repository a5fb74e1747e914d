"""Run the real pipeline over the golden set and write ``eval/report.{json,md}`` + history.

``evaluate_golden`` reviews every ``<id>.pdf`` with :func:`pipeline.reviewing.review_file`,
turns each report into :class:`~pipeline.eval.golden_score.Prediction` values, and scores
them (``golden_score``). ``write_outputs`` writes the reports and appends one row to
``eval/history.jsonl``; the run is compared with the previous row and every finding type
whose presence recall fell is named. ``verdict`` turns κ and the threshold into the exit
code and the "roll back" message the nightly job acts on.
"""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kb.catalog import Catalog, default_catalog
from kb.citations import parse_citation
from pipeline.config import RunConfig
from pipeline.errors import ContractReviewError
from pipeline.eval.defaults import DEFAULT_THRESHOLD
from pipeline.eval.golden_drafts import DraftScores, evaluate_drafts
from pipeline.eval.golden_labels import (
    RULE_FINDING_TYPES,
    Citation,
    GoldContract,
    load_golden_set,
    squash,
)
from pipeline.eval.golden_score import (
    ContractScoreInput,
    Prediction,
    Scores,
    label_agreement,
    label_span_agreement,
    score,
)
from pipeline.eval.metrics import KappaResult
from pipeline.model import EvidenceSource, Finding
from pipeline.reviewing import ReviewOutcome, review_file


@dataclass(frozen=True)
class CitationUse:
    """One statute citation a system made, and whether the KB knows that article."""

    contract_id: str
    finding_type: str
    citation: str
    exists: bool


@dataclass
class ContractRun:
    contract: GoldContract
    predictions: tuple[Prediction, ...] = ()
    gold_offsets: tuple[tuple[tuple[int, int], ...], ...] = ()
    citations: tuple[CitationUse, ...] = ()
    edits_proposed: int = 0
    edits_rejected: int = 0
    pres_lev: float | None = None
    llm_calls: int = 0
    tokens: int = 0
    wall_s: float = 0.0
    error: str | None = None


@dataclass
class SystemResult:
    """One system's run over the whole set (the pipeline, or the LLM-only baseline)."""

    name: str
    mode: str
    runs: list[ContractRun]
    scores: Scores | None = None
    note: str = ""

    @property
    def ok_runs(self) -> list[ContractRun]:
        return [r for r in self.runs if r.error is None]


@dataclass
class GoldenEvaluation:
    root: Path
    threshold: float
    pipeline: SystemResult
    baseline: SystemResult | None
    baseline_note: str
    agreement: KappaResult | None
    agreement_contracts: int
    agreement_span_f1: float | None
    started_at: str
    git_commit: str
    drafts: DraftScores | None = None
    previous: dict[str, Any] | None = None
    regressions: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- turning reports into values


def locate(text: str, quote: str) -> tuple[int, int] | None:
    """Offsets of ``quote`` in ``text``, ignoring whitespace on both sides (PDF wrapping)."""
    kept = [i for i, ch in enumerate(text) if not ch.isspace()]
    squashed = "".join(text[i] for i in kept)
    needle = squash(quote)
    at = squashed.find(needle) if needle else -1
    if at < 0:
        return None
    return kept[at], kept[at + len(needle) - 1] + 1


def citation_string(evidence: EvidenceSource) -> str | None:
    """A citation the KB parser understands, built from an evidence source."""
    article = evidence.article or evidence.anchor
    if not article:
        return None
    if evidence.law.isascii():
        return f"{evidence.law} {article}"
    return f"{evidence.law}{article}"


def gold_citation_key(citation: Citation) -> str | None:
    if citation.basis_kind == "common_law" or not citation.law or not citation.article:
        return None
    article = citation.article.strip()
    if citation.law.isascii():
        section = "§ " if "U.S.C" in citation.law and "§" not in article else ""
        joined = f"{citation.law} {section}{article}"
    else:  # labels may give the bare number ("585") or the article form ("第585条")
        joined = f"{citation.law}第{article}条" if article.isdigit() else f"{citation.law}{article}"
    ref = parse_citation(joined)
    return f"{ref.law_key}.{ref.article}" if ref else None


def evidence_keys(
    evidence: Iterable[EvidenceSource], catalog: Catalog
) -> tuple[tuple[str, ...], bool, list[tuple[str, bool]]]:
    """(KB doc ids cited, whether a common-law basis is given, [(citation, exists)])."""
    keys: list[str] = []
    common_law = False
    uses: list[tuple[str, bool]] = []
    for ev in evidence:
        if ev.basis_kind == "common_law":
            common_law = True
            continue
        if ev.basis_kind not in ("statute", "judicial_interpretation"):
            continue
        if catalog.get(ev.doc_id) is not None:
            keys.append(ev.doc_id)
            uses.append((ev.doc_id, True))
            continue
        cited = citation_string(ev)
        result = catalog.lookup(cited) if cited else None
        exists = bool(result and result.exists and result.evidence)
        if result and result.evidence:
            keys.append(result.evidence.doc_id)
        uses.append((cited or ev.doc_id, exists))
    return tuple(keys), common_law, uses


def predictions_from_findings(
    contract_id: str, findings: Iterable[Finding], catalog: Catalog
) -> tuple[tuple[Prediction, ...], tuple[CitationUse, ...]]:
    preds: list[Prediction] = []
    uses: list[CitationUse] = []
    for f in findings:
        keys, common_law, cited = evidence_keys(f.evidence_source, catalog)
        preds.append(
            Prediction(
                type=f.type,
                severity=f.severity.value,
                quote=f.quote,
                start=f.span.start,
                end=f.span.end,
                citation_keys=keys,
                common_law=common_law,
            )
        )
        uses.extend(CitationUse(contract_id, f.type, c, ok) for c, ok in cited)
    return tuple(preds), tuple(uses)


def _walk(value: Any) -> Iterable[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v)


def edit_stats(trace_text: str) -> tuple[int, int, float | None]:
    """(edits proposed, edits rejected by the guard, Pres_Lev) from the last Revise output."""
    revision: dict[str, Any] | None = None
    for line in trace_text.splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        for d in _walk(record.get("outputs", {})):
            if "pres_lev" in d and "rejected" in d and "applied" in d:
                revision = d
    if revision is None:
        return 0, 0, None
    kinds = ("applied", "suggestions", "queued", "rejected")
    proposed = sum(len(revision.get(k) or ()) for k in kinds)
    return proposed, len(revision.get("rejected") or ()), float(revision["pres_lev"])


def gold_offsets(contract: GoldContract, text: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    out: list[tuple[tuple[int, int], ...]] = []
    for finding in contract.label.findings:
        spans = [locate(text, q) for q in finding.quotes]
        out.append(tuple(s for s in spans if s is not None))
    return tuple(out)


def run_pipeline_on(
    contract: GoldContract,
    config: RunConfig,
    catalog: Catalog,
    review: Callable[[Path, RunConfig], ReviewOutcome] = review_file,
) -> tuple[ContractRun, str]:
    """Review one contract's PDF; a failure is recorded on the run, never raised."""
    began = time.perf_counter()
    try:
        outcome = review(contract.pdf_path, config)
    except ContractReviewError as exc:
        run = ContractRun(contract, error=exc.message, wall_s=time.perf_counter() - began)
        return run, "error"
    wall = time.perf_counter() - began
    preds, uses = predictions_from_findings(contract.id, outcome.report.findings, catalog)
    proposed, rejected, pres_lev = edit_stats(outcome.trace_text)
    # ReviewOutcome carries the LLM call records once the LLM layer is wired into review_file.
    calls: tuple[Any, ...] = getattr(outcome, "llm_calls", ())
    run = ContractRun(
        contract,
        predictions=preds,
        gold_offsets=gold_offsets(contract, outcome.document.text),
        citations=uses,
        edits_proposed=proposed,
        edits_rejected=rejected,
        pres_lev=pres_lev,
        llm_calls=len(calls),
        tokens=sum(c.input_tokens + c.output_tokens for c in calls),
        wall_s=wall,
    )
    return run, outcome.report.mode


# ---------------------------------------------------------------- scoring a system


def gold_keys(contract: GoldContract) -> tuple[tuple[str, ...], ...]:
    out: list[tuple[str, ...]] = []
    for finding in contract.label.findings:
        keys = (gold_citation_key(c) for c in finding.citations)
        out.append(tuple(k for k in keys if k))
    return tuple(out)


def score_system(system: SystemResult) -> Scores:
    inputs = [
        ContractScoreInput(
            label=r.contract.label,
            predictions=r.predictions,
            gold_offsets=r.gold_offsets,
            gold_citation_keys=gold_keys(r.contract),
        )
        for r in system.ok_runs
    ]
    system.scores = score(inputs, RULE_FINDING_TYPES)
    return system.scores


def _git_commit(root: Path) -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=root if root.is_dir() else Path.cwd(),
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        )
        return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def evaluate_golden(
    root: Path,
    config: RunConfig | None = None,
    threshold: float = DEFAULT_THRESHOLD,
    baseline: Callable[[Sequence[GoldContract]], SystemResult] | None = None,
    baseline_note: str = "skipped: not requested (--compare llm-only runs it)",
    review: Callable[[Path, RunConfig], ReviewOutcome] = review_file,
    catalog: Catalog | None = None,
) -> GoldenEvaluation:
    config = config or RunConfig()
    catalog = catalog or default_catalog()
    started = datetime.now(UTC).isoformat(timespec="seconds")
    contracts = load_golden_set(root)
    runs: list[ContractRun] = []
    modes: set[str] = set()
    for contract in contracts:
        run, mode = run_pipeline_on(contract, config, catalog, review)
        runs.append(run)
        if run.error is None:
            modes.add(mode)
    pipeline = SystemResult("pipeline", ", ".join(sorted(modes)) or "error", runs)
    score_system(pipeline)
    base = baseline(contracts) if baseline is not None else None
    if base is not None:
        score_system(base)
    twice = [c for c in contracts if c.second is not None]
    agreement = (
        label_agreement(
            [c.label for c in twice],
            [c.second for c in twice if c.second is not None],
            RULE_FINDING_TYPES,
        )
        if twice
        else None
    )
    span_prf = (
        label_span_agreement(
            [c.label for c in twice], [c.second for c in twice if c.second is not None]
        )
        if twice
        else None
    )
    drafts = evaluate_drafts(root, config)
    return GoldenEvaluation(
        drafts=drafts if drafts.drafts else None,
        root=root,
        threshold=threshold,
        pipeline=pipeline,
        baseline=base,
        baseline_note=baseline_note,
        agreement=agreement,
        agreement_contracts=len(twice),
        agreement_span_f1=span_prf.f1 if span_prf else None,
        started_at=started,
        git_commit=_git_commit(root),
    )
