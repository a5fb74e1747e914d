"""The golden-set report as Markdown, for people (``eval/report.md``)."""

from __future__ import annotations

from typing import Any


def _fmt(x: object) -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:.3f}"
    return str(x)


def render_markdown(report: dict[str, Any]) -> str:
    p = report["pipeline"]
    b = report["baseline"]
    lines = [
        "# Golden-set evaluation",
        "",
        f"- golden set: `{report['golden_set']}`; commit `{report['git_commit'][:12]}`; "
        f"started {report['started_at']}",
        f"- pipeline mode: **{p['mode']}**; contracts: {p['contracts']}"
        + (f"; errors: {len(p['errors'])}" if p["errors"] else ""),
        "",
        "## Agreement with the human labels",
        "",
    ]
    k = p.get("kappa")
    if k:
        lines += [
            f"- **Cohen's κ = {k['kappa']:.3f}** ({k['band']}, Landis–Koch) over {k['cells']} "
            f"contract × type cells; class balance: {k['gold_positive']} gold-positive cells "
            f"({k['gold_positive_share']:.1%}), {k['predicted_positive']} predicted-positive; "
            f"raw agreement {k['observed_agreement']:.1%}",
            f"- threshold {report['threshold']:.2f}: "
            + ("**below, roll back**" if k["kappa"] < report["threshold"] else "met"),
        ]
    ia = report["inter_annotator"]
    if ia["kappa"]:
        lines.append(
            f"- inter-annotator κ (ceiling) = {ia['kappa']['kappa']:.3f} "
            f"({ia['kappa']['band']}) on {ia['contracts']} contracts labelled twice; "
            f"span F1 pass 2 vs pass 1 = {_fmt(ia['span_f1_pass2_vs_pass1'])}"
        )
    ev = p.get("evidence", {})
    fa = p.get("false_alarms", {})
    lines += [
        f"- evidence accuracy: {_fmt(ev.get('accuracy'))} "
        f"({ev.get('correct', 0)}/{ev.get('checked', 0)} located matches cite the gold "
        "article or an accepted alternative)",
        f"- citation fabrication rate: {_fmt(p['citations']['fabrication_rate'])} "
        f"({p['citations']['fabricated']}/{p['citations']['total']} statute citations not "
        "in the KB; must be 0)",
        f"- false alarms (MEDIUM+ on {fa.get('clean_contracts', 0)} clean contracts): "
        f"{fa.get('count', 0)}",
    ]
    lines += [
        f"  - {a['contract']}: {a['type']} {a['severity']} «{a['quote']}»"
        for a in fa.get("items", [])
    ]
    ed, cost = p["edits"], p["cost"]
    lines += [
        f"- edits: {ed['proposed']} proposed, {ed['rejected_by_guard']} rejected by the guard "
        f"(share {_fmt(ed['rejected_share'])}); mean Pres_Lev {_fmt(ed['mean_pres_lev'])} "
        f"over {ed['contracts_with_revision']} contracts",
        f"- cost: {cost['llm_calls']} LLM calls, {cost['tokens']} tokens, "
        f"{cost['wall_s']:.1f} s wall ({cost['llm_calls_per_contract']} calls, "
        f"{cost['tokens_per_contract']} tokens, {cost['wall_s_per_contract']:.2f} s per contract)",
        "",
    ]
    if "overall" in p:
        lines += [
            "## Overall",
            "",
            "| level | TP | FP | FN | P | R | F1 |",
            "|---|---|---|---|---|---|---|",
        ]
        for level, v in p["overall"].items():
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
        for t, v in p["per_type"].items():
            pr, sp, lo = v["presence"], v["span"], v["located"]
            lines.append(
                f"| {t} | {_fmt(pr['precision'])} | {_fmt(pr['recall'])} | {_fmt(pr['f1'])} "
                f"| {_fmt(sp['precision'])} | {_fmt(sp['recall'])} | {_fmt(sp['f1'])} "
                f"| {_fmt(lo['recall'])} |"
            )
        lines.append("")
    if p.get("disagreements"):
        lines += ["## Where the pipeline and the labels disagree (finding types)", ""]
        for d in p["disagreements"]:
            missed = ", ".join(d["missed"]) or "–"
            extra = ", ".join(d["extra"]) or "–"
            lines.append(f"- {d['id']}: missed {missed}; not in the labels {extra}")
        lines.append("")
    lines += ["## Citation cross-check on recorded LLM drafts", ""]
    drafts = report.get("drafts")
    if drafts is None:
        lines += ["No drafts folder: fabricated_citation / repealed_citation not measured.", ""]
    elif drafts.get("note"):
        lines += [f"{drafts['drafts']} recorded drafts {drafts['note']}.", ""]
    else:
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
    lines += ["## Baseline: single LLM, generate → critique → rewrite", ""]
    if b is None:
        note = report["baseline_note"]
        lines += [note[:1].upper() + note[1:], ""]
    else:
        lines += [
            "| metric | pipeline | llm-only |",
            "|---|---|---|",
            f"| κ | {_fmt(k['kappa'] if k else None)} | {_fmt(b.get('kappa', {}).get('kappa'))} |",
            f"| presence recall | {_fmt(p['overall']['presence']['recall'])} "
            f"| {_fmt(b['overall']['presence']['recall'])} |",
            f"| citation fabrication | {_fmt(p['citations']['fabrication_rate'])} "
            f"| {_fmt(b['citations']['fabrication_rate'])} |",
            f"| LLM calls | {p['cost']['llm_calls']} | {b['cost']['llm_calls']} |",
            f"| tokens | {p['cost']['tokens']} | {b['cost']['tokens']} |",
            f"| false alarms | {fa.get('count', 0)} | {b['false_alarms']['count']} |",
            "",
        ]
        if b.get("note"):
            lines += [b["note"], ""]
    lines += ["## Compared with the previous run", ""]
    prev = report["previous_run"]
    if prev is None:
        lines.append("No previous run in the history.")
    else:
        lines.append(
            f"Previous: {prev.get('date')} commit `{str(prev.get('git_commit'))[:12]}` "
            f"model {prev.get('model')}, κ {_fmt(prev.get('kappa'))}."
        )
        regs = report["recall_regressions"]
        lines.append(
            "Recall fell for: " + "; ".join(regs) if regs else "No finding type's recall fell."
        )
    if p["errors"]:
        lines += ["", "## Errors", ""] + [f"- {cid}: {msg}" for cid, msg in p["errors"].items()]
    return "\n".join(lines) + "\n"
