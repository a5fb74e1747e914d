"""The golden-set report (JSON + Markdown), the history file and the roll-back verdict."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from statistics import mean
from typing import Any

from pipeline.atomic import write_text_atomic
from pipeline.eval.golden import ContractRun, GoldenEvaluation, SystemResult
from pipeline.eval.golden_labels import RULE_FINDING_TYPES
from pipeline.eval.golden_markdown import render_markdown
from pipeline.eval.golden_score import Scores
from pipeline.eval.golden_types import (
    Citations,
    ContractRow,
    Cost,
    Disagreement,
    DraftsSummary,
    Edits,
    GoldenReport,
    HistoryRow,
    SystemSummary,
)
from pipeline.eval.metrics import PRF

EXIT_OK = 0
EXIT_ROLL_BACK = 1


def _r(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


def system_summary(system: SystemResult) -> SystemSummary:
    runs = system.ok_runs
    out: SystemSummary = {
        "name": system.name,
        "mode": system.mode,
        "note": system.note,
        "contracts": len(system.runs),
        "errors": {r.contract.id: r.error for r in system.runs if r.error is not None},
        "citations": _citations(runs),
        "edits": _edits(runs),
        "cost": _cost(runs),
        "per_contract": [_contract_row(r) for r in runs],
        "disagreements": _disagreements(runs),
    }
    if system.scores is not None:
        _add_scores(out, system.scores, runs)
    return out


def _citations(runs: list[ContractRun]) -> Citations:
    uses = [u for r in runs for u in r.citations]
    fabricated = [u for u in uses if not u.exists]
    return {
        "total": len(uses),
        "fabricated": len(fabricated),
        "fabrication_rate": round(len(fabricated) / len(uses), 4) if uses else 0.0,
        "fabricated_examples": [
            {"contract": u.contract_id, "type": u.finding_type, "citation": u.citation}
            for u in fabricated[:20]
        ],
    }


def _edits(runs: list[ContractRun]) -> Edits:
    proposed = sum(r.edits_proposed for r in runs)
    rejected = sum(r.edits_rejected for r in runs)
    pres = [r.pres_lev for r in runs if r.pres_lev is not None]
    return {
        "proposed": proposed,
        "rejected_by_guard": rejected,
        "rejected_share": _r(rejected / proposed) if proposed else None,
        "mean_pres_lev": _r(mean(pres)) if pres else None,
        "contracts_with_revision": len(pres),
    }


def _cost(runs: list[ContractRun]) -> Cost:
    n = len(runs) or 1
    return {
        "llm_calls": sum(r.llm_calls for r in runs),
        "tokens": sum(r.tokens for r in runs),
        "wall_s": round(sum(r.wall_s for r in runs), 3),
        "llm_calls_per_contract": round(sum(r.llm_calls for r in runs) / n, 3),
        "tokens_per_contract": round(sum(r.tokens for r in runs) / n, 1),
        "wall_s_per_contract": round(sum(r.wall_s for r in runs) / n, 3),
    }


def _contract_row(run: ContractRun) -> ContractRow:
    return {
        "id": run.contract.id,
        "findings": len(run.predictions),
        "llm_calls": run.llm_calls,
        "tokens": run.tokens,
        "wall_s": round(run.wall_s, 3),
    }


def _disagreements(runs: list[ContractRun]) -> list[Disagreement]:
    return [
        {"id": r.contract.id, "missed": sorted(missed), "extra": sorted(extra)}
        for r in runs
        if (missed := r.contract.label.types - {p.type for p in r.predictions})
        | (extra := {p.type for p in r.predictions} - r.contract.label.types)
    ]


def _add_scores(out: SystemSummary, scores: Scores, runs: list[ContractRun]) -> None:
    """The scored keys, in the order the report has always listed them."""
    out["kappa"] = scores.kappa.as_dict()
    out["overall"] = {
        level: scores.overall(level).as_dict() for level in ("presence", "span", "located")
    }
    out["per_type"] = {
        t: {
            "presence": scores.presence.get(t, PRF()).as_dict(),
            "span": scores.span.get(t, PRF()).as_dict(),
            "located": scores.located.get(t, PRF()).as_dict(),
        }
        for t in RULE_FINDING_TYPES
    }
    out["evidence"] = {
        "checked": scores.evidence_checked,
        "correct": scores.evidence_correct,
        "accuracy": _r(scores.evidence_accuracy),
    }
    out["false_alarms"] = {
        "count": len(scores.false_alarms),
        "clean_contracts": sum(1 for r in runs if r.contract.label.clean),
        "items": [
            {"contract": cid, "type": p.type, "severity": p.severity, "quote": p.quote[:120]}
            for cid, p in scores.false_alarms
        ],
    }


def kappa_value(summary: SystemSummary) -> float | None:
    kappa = summary.get("kappa")
    return kappa["kappa"] if kappa else None


def false_alarm_count(summary: SystemSummary) -> int | None:
    alarms = summary.get("false_alarms")
    return alarms["count"] if alarms else None


def per_type_recall(summary: SystemSummary) -> dict[str, float | None]:
    per_type = summary.get("per_type", {})
    return {t: v["presence"]["recall"] for t, v in per_type.items()}


def recall_regressions(
    previous: dict[str, float | None], current: dict[str, float | None]
) -> list[str]:
    """Every type whose presence recall fell since the previous run, as 'type a → b'."""
    fell: list[str] = []
    for t, before in previous.items():
        now = current.get(t)
        if before is not None and now is not None and now < before - 1e-9:
            fell.append(f"{t} {before:.2f} → {now:.2f}")
    return fell


def read_last_history(path: Path, model: str | None = None) -> HistoryRow | None:
    """The last history row, or the last one run with ``model``: a run in ``none`` mode is
    compared with the previous ``none`` run, not with last night's LLM run."""
    if not path.exists():
        return None
    rows = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    for line in reversed(rows):
        row: dict[str, Any] = json.loads(line)
        if model is None or row.get("model") == model:
            return row
    return None


def build_report(evaluation: GoldenEvaluation) -> GoldenReport:
    pipeline = system_summary(evaluation.pipeline)
    report: GoldenReport = {
        "golden_set": str(evaluation.root),
        "started_at": evaluation.started_at,
        "git_commit": evaluation.git_commit,
        "threshold": evaluation.threshold,
        "pipeline": pipeline,
        "baseline": system_summary(evaluation.baseline) if evaluation.baseline else None,
        "baseline_note": evaluation.baseline_note,
        "inter_annotator": {
            "contracts": evaluation.agreement_contracts,
            "kappa": evaluation.agreement.as_dict() if evaluation.agreement else None,
            "span_f1_pass2_vs_pass1": _r(evaluation.agreement_span_f1),
        },
        "previous_run": evaluation.previous,
        "recall_regressions": evaluation.regressions,
        "drafts": _drafts_summary(evaluation),
    }
    return report


def _drafts_summary(evaluation: GoldenEvaluation) -> DraftsSummary | None:
    d = evaluation.drafts
    if d is None:
        return None
    return {
        "drafts": d.drafts,
        "per_type": {t: prf.as_dict() for t, prf in d.per_type.items()},
        "missed": d.missed,
        "spurious": d.spurious,
        "errors": d.errors,
        "note": d.note,
    }


def history_row(report: GoldenReport) -> HistoryRow:
    pipeline, drafts = report["pipeline"], report["drafts"]
    return {
        "date": report["started_at"],
        "git_commit": report["git_commit"],
        "model": pipeline["mode"],
        "kappa": kappa_value(pipeline),
        "false_alarms": false_alarm_count(pipeline),
        "fabrication_rate": pipeline["citations"]["fabrication_rate"],
        "evidence_accuracy": evidence["accuracy"]
        if (evidence := pipeline.get("evidence"))
        else None,
        "per_type_recall": per_type_recall(pipeline),
        "draft_recall": {t: v["recall"] for t, v in drafts["per_type"].items()} if drafts else {},
    }


@dataclass(frozen=True)
class Verdict:
    exit_code: int
    message: str


def verdict(report: GoldenReport) -> Verdict:
    kappa = kappa_value(report["pipeline"])
    threshold = report["threshold"]
    regressions: list[str] = report["recall_regressions"]
    named = "; ".join(regressions) if regressions else "no per-type recall fell since last run"
    errors: dict[str, str] = report["pipeline"].get("errors", {})
    if errors:
        return Verdict(
            EXIT_ROLL_BACK,
            f"ROLL BACK: {len(errors)} golden contract(s) failed to review "
            f"({', '.join(sorted(errors))}); see the Errors section of report.md. "
            f"Regressions: {named}.",
        )
    if kappa is None or kappa < threshold:
        shown = "n/a" if kappa is None else f"{kappa:.3f}"
        return Verdict(
            EXIT_ROLL_BACK,
            f"ROLL BACK: golden-set κ {shown} is below the threshold {threshold:.2f}. "
            f"Regressions: {named}.",
        )
    return Verdict(EXIT_OK, f"OK: golden-set κ {kappa:.3f} ≥ {threshold:.2f}. {named}.")


def write_outputs(evaluation: GoldenEvaluation, out_dir: Path) -> tuple[GoldenReport, Verdict]:
    """Write report.json, report.md and append to history.jsonl; return report and verdict."""
    history = out_dir / "history.jsonl"
    report = build_report(evaluation)
    previous = read_last_history(history, report["pipeline"]["mode"])
    report["previous_run"] = previous
    if previous is not None:
        current_drafts = history_row(report)["draft_recall"]
        report["recall_regressions"] = recall_regressions(
            previous.get("per_type_recall", {}), per_type_recall(report["pipeline"])
        ) + recall_regressions(previous.get("draft_recall", {}), current_drafts)
    evaluation.previous = previous
    evaluation.regressions = report["recall_regressions"]
    out_dir.mkdir(parents=True, exist_ok=True)
    write_text_atomic(
        out_dir / "report.json", json.dumps(report, ensure_ascii=False, indent=2) + "\n"
    )
    write_text_atomic(out_dir / "report.md", render_markdown(report))
    with history.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(history_row(report), ensure_ascii=False) + "\n")
    return report, verdict(report)


def push_metrics(report: GoldenReport, url: str, job: str = "contract_review_golden") -> None:
    """Push κ, false alarms, fabrication rate and per-type recall to a Prometheus Pushgateway."""
    from prometheus_client import CollectorRegistry, Gauge, push_to_gateway

    registry = CollectorRegistry()
    p = report["pipeline"]
    Gauge("golden_kappa", "Cohen's kappa vs golden labels", registry=registry).set(
        kappa_value(p) or 0.0
    )
    Gauge("golden_false_alarms", "MEDIUM+ findings on clean contracts", registry=registry).set(
        false_alarm_count(p) or 0
    )
    Gauge("golden_fabrication_rate", "Citations not in the KB", registry=registry).set(
        p["citations"]["fabrication_rate"]
    )
    recall = Gauge(
        "golden_type_recall", "Presence recall per finding type", ["type"], registry=registry
    )
    for t, r in per_type_recall(p).items():
        if r is not None:
            recall.labels(type=t).set(r)
    push_to_gateway(url, job=job, registry=registry)
