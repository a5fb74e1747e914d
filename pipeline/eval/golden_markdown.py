"""The golden-set report as Markdown, for people (``eval/report.md``).

One renderer per section, each returning its lines; ``render_markdown`` joins them in order.
"""

from __future__ import annotations

from pipeline.eval.golden_types import (
    DraftsSummary,
    GoldenReport,
    HistoryRow,
    InterAnnotator,
    SystemSummary,
)
from pipeline.eval.metrics import KappaDict


def _fmt(x: object) -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:.3f}"
    return str(x)


def render_markdown(report: GoldenReport) -> str:
    p = report["pipeline"]
    lines = _header(report)
    lines += _agreement(p, report["threshold"], report["inter_annotator"])
    if "overall" in p:
        lines += _scores_tables(p)
    lines += _disagreements(p)
    lines += _drafts(report["drafts"])
    lines += _baseline(p, report["baseline"], report["baseline_note"])
    lines += _previous_run(report["previous_run"], report["recall_regressions"])
    if p["errors"]:
        lines += ["", "## Errors", ""] + [f"- {cid}: {msg}" for cid, msg in p["errors"].items()]
    return "\n".join(lines) + "\n"


def _header(report: GoldenReport) -> list[str]:
    p = report["pipeline"]
    return [
        "# Golden-set evaluation",
        "",
        f"- golden set: `{report['golden_set']}`; commit `{report['git_commit'][:12]}`; "
        f"started {report['started_at']}",
        f"- pipeline mode: **{p['mode']}**; contracts: {p['contracts']}"
        + (f"; errors: {len(p['errors'])}" if p["errors"] else ""),
        "",
    ]


def _agreement(p: SystemSummary, threshold: float, ia: InterAnnotator) -> list[str]:
    lines = ["## Agreement with the human labels", ""]
    k = p.get("kappa")
    if k:
        lines += _kappa_lines(k, threshold)
    if ia["kappa"]:
        lines.append(
            f"- inter-annotator κ (ceiling) = {ia['kappa']['kappa']:.3f} "
            f"({ia['kappa']['band']}) on {ia['contracts']} contracts labelled twice; "
            f"span F1 pass 2 vs pass 1 = {_fmt(ia['span_f1_pass2_vs_pass1'])}"
        )
    return lines + _evidence_and_alarms(p) + _edits_and_cost(p)


def _kappa_lines(k: KappaDict, threshold: float) -> list[str]:
    return [
        f"- **Cohen's κ = {k['kappa']:.3f}** ({k['band']}, Landis–Koch) over {k['cells']} "
        f"contract × type cells; class balance: {k['gold_positive']} gold-positive cells "
        f"({k['gold_positive_share']:.1%}), {k['predicted_positive']} predicted-positive; "
        f"raw agreement {k['observed_agreement']:.1%}",
        f"- threshold {threshold:.2f}: "
        + ("**below, roll back**" if k["kappa"] < threshold else "met"),
    ]


def _evidence_and_alarms(p: SystemSummary) -> list[str]:
    ev = p.get("evidence")
    fa = p.get("false_alarms")
    lines = [
        f"- evidence accuracy: {_fmt(ev['accuracy'] if ev else None)} "
        f"({ev['correct'] if ev else 0}/{ev['checked'] if ev else 0} located matches cite "
        "the gold article or an accepted alternative)",
        f"- citation fabrication rate: {_fmt(p['citations']['fabrication_rate'])} "
        f"({p['citations']['fabricated']}/{p['citations']['total']} statute citations not "
        "in the KB; must be 0)",
        f"- false alarms (MEDIUM+ on {fa['clean_contracts'] if fa else 0} clean contracts): "
        f"{fa['count'] if fa else 0}",
    ]
    return lines + [
        f"  - {a['contract']}: {a['type']} {a['severity']} «{a['quote']}»"
        for a in (fa["items"] if fa else [])
    ]


def _edits_and_cost(p: SystemSummary) -> list[str]:
    ed, cost = p["edits"], p["cost"]
    return [
        f"- edits: {ed['proposed']} proposed, {ed['rejected_by_guard']} rejected by the guard "
        f"(share {_fmt(ed['rejected_share'])}); mean Pres_Lev {_fmt(ed['mean_pres_lev'])} "
        f"over {ed['contracts_with_revision']} contracts",
        f"- cost: {cost['llm_calls']} LLM calls, {cost['tokens']} tokens, "
        f"{cost['wall_s']:.1f} s wall ({cost['llm_calls_per_contract']} calls, "
        f"{cost['tokens_per_contract']} tokens, {cost['wall_s_per_contract']:.2f} s per contract)",
        "",
    ]


def _scores_tables(p: SystemSummary) -> list[str]:
    lines = [
        "## Overall",
        "",
        "| level | TP | FP | FN | P | R | F1 |",
        "|---|---|---|---|---|---|---|",
    ]
    for level, v in p.get("overall", {}).items():
        lines.append(
            f"| {level} | {v['tp']} | {v['fp']} | {v['fn']} | {_fmt(v['precision'])} "
            f"| {_fmt(v['recall'])} | {_fmt(v['f1'])} |"
        )
    lines += [
        "",
        "presence = per contract × type; span = quote token Jaccard ≥ 0.5 (CUAD); "
        "located = same type and overlapping offsets.",
        "",
        "## Per finding type",
        "",
        "| type | presence P | R | F1 | span P | R | F1 | located R |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for t, s in p.get("per_type", {}).items():
        pr, sp, lo = s["presence"], s["span"], s["located"]
        lines.append(
            f"| {t} | {_fmt(pr['precision'])} | {_fmt(pr['recall'])} | {_fmt(pr['f1'])} "
            f"| {_fmt(sp['precision'])} | {_fmt(sp['recall'])} | {_fmt(sp['f1'])} "
            f"| {_fmt(lo['recall'])} |"
        )
    lines.append("")
    return lines


def _disagreements(p: SystemSummary) -> list[str]:
    if not p["disagreements"]:
        return []
    lines = ["## Where the pipeline and the labels disagree (finding types)", ""]
    for d in p["disagreements"]:
        missed = ", ".join(d["missed"]) or "–"
        extra = ", ".join(d["extra"]) or "–"
        lines.append(f"- {d['id']}: missed {missed}; not in the labels {extra}")
    lines.append("")
    return lines


def _drafts(drafts: DraftsSummary | None) -> list[str]:
    lines = ["## Citation cross-check on recorded LLM drafts", ""]
    if drafts is None:
        return [
            *lines,
            "No drafts folder: fabricated_citation / repealed_citation not measured.",
            "",
        ]
    if drafts["note"]:
        return [*lines, f"{drafts['drafts']} recorded drafts {drafts['note']}.", ""]
    lines += [
        f"{drafts['drafts']} recorded drafts replayed through the real pipeline "
        "(Generate gets the draft; the run then degrades to none).",
        "",
        "| type | TP | FP | FN | P | R |",
        "|---|---|---|---|---|---|",
    ]
    for t, v in drafts["per_type"].items():
        lines.append(
            f"| {t} | {v['tp']} | {v['fp']} | {v['fn']} | {_fmt(v['precision'])} "
            f"| {_fmt(v['recall'])} |"
        )
    lines += [f"- missed: {m}" for m in drafts["missed"]]
    lines += [f"- spurious: {m}" for m in drafts["spurious"]]
    lines += [f"- error: {c}: {m}" for c, m in drafts["errors"].items()]
    lines.append("")
    return lines


def _baseline(p: SystemSummary, b: SystemSummary | None, note: str) -> list[str]:
    lines = ["## Baseline: single LLM, generate → critique → rewrite", ""]
    if b is None:
        return [*lines, note[:1].upper() + note[1:], ""]
    k, bk = p.get("kappa"), b.get("kappa")
    fa, bfa = p.get("false_alarms"), b.get("false_alarms")
    lines += [
        "| metric | pipeline | llm-only |",
        "|---|---|---|",
        f"| κ | {_fmt(k['kappa'] if k else None)} | {_fmt(bk['kappa'] if bk else None)} |",
        f"| presence recall | {_fmt(_presence_recall(p))} | {_fmt(_presence_recall(b))} |",
        f"| citation fabrication | {_fmt(p['citations']['fabrication_rate'])} "
        f"| {_fmt(b['citations']['fabrication_rate'])} |",
        f"| LLM calls | {p['cost']['llm_calls']} | {b['cost']['llm_calls']} |",
        f"| tokens | {p['cost']['tokens']} | {b['cost']['tokens']} |",
        f"| false alarms | {fa['count'] if fa else 0} | {bfa['count'] if bfa else None} |",
        "",
    ]
    if b["note"]:
        lines += [b["note"], ""]
    return lines


def _presence_recall(summary: SystemSummary) -> float | None:
    overall = summary.get("overall")
    return overall["presence"]["recall"] if overall else None


def _previous_run(prev: HistoryRow | None, regressions: list[str]) -> list[str]:
    lines = ["## Compared with the previous run", ""]
    if prev is None:
        return [*lines, "No previous run in the history."]
    lines.append(
        f"Previous: {prev.get('date')} commit `{str(prev.get('git_commit'))[:12]}` "
        f"model {prev.get('model')}, κ {_fmt(prev.get('kappa'))}."
    )
    lines.append(
        "Recall fell for: " + "; ".join(regressions)
        if regressions
        else "No finding type's recall fell."
    )
    return lines
