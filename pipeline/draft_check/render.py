"""``check``'s human views: report.md and report.html (Jinja2 autoescaping: every quote and
reason from the contract or the draft is escaped)."""

from __future__ import annotations

from dataclasses import dataclass

from jinja2 import Environment, FileSystemLoader, select_autoescape

from kb.locations import package_data
from pipeline.draft_check.points import DraftPoint
from pipeline.draft_check.report import CheckReport
from pipeline.model import FLAGGED_VERDICTS, DraftCheck, EvidenceSource, LawAssumed
from pipeline.render_md import kb_line, md_escape, size_line

TEMPLATES = package_data("pipeline", "templates")


def label(check: DraftCheck) -> str:
    if check.verdict == "ok":
        return "verified"
    if check.verdict == "unverifiable":
        return "unverifiable"
    return check.verdict.replace("_", " ")


def law_text(law: LawAssumed | None) -> str:
    return "not recorded" if law is None else f"{law.name} — {law.note}"


@dataclass(frozen=True)
class Row:
    check: DraftCheck
    point: DraftPoint
    label: str
    css: str


def rows(report: CheckReport) -> list[Row]:
    points = {p.index: p for p in report.points}
    return [
        Row(
            c,
            points.get(c.index, DraftPoint(index=c.index)),
            label(c),
            _css(c),
        )
        for c in report.draft_checks
    ]


def _css(check: DraftCheck) -> str:
    if check.verdict in FLAGGED_VERDICTS:
        return "flagged"
    return "ok" if check.verdict == "ok" else "other"


_md = md_escape


def _evidence(ev: EvidenceSource) -> str:
    where = f"p. {ev.page}" if ev.page is not None else (ev.anchor or "")
    head = f"`{ev.doc_id}` {_md(ev.law)} {_md(ev.article or '')} ({_md(where)})"
    return f"  - {head}" + (f": “{_md(ev.quote[:300])}”" if ev.quote else "")


def render_markdown(report: CheckReport) -> str:
    counts = ", ".join(f"{v} {n}" for v, n in report.counts.items()) or "no points"
    out = [
        f"# Review check: {_md(report.draft.source_path)}",
        "",
        f"- Contract: {_md(report.contract.source_path)} ({_md(size_line(report.contract))}, "
        f"SHA-256 `{report.contract.sha256[:16]}`)",
        f"- Draft: {report.draft.format}, {report.draft.points} point(s); {counts}",
        f"- Law assumed: {_md(law_text(report.law))}",
        f"- Knowledge base: {_md(kb_line(report.kb))}",
        "",
    ]
    if report.contract.tracked_changes is not None:
        out += [f"**Tracked changes accepted.** {_md(report.contract.tracked_changes.note)}", ""]
    for row in rows(report):
        c = row.check
        mark = "✔" if c.verdict == "ok" else ("✘" if c.verdict in FLAGGED_VERDICTS else "?")
        out += [f"## {c.index + 1}. {mark} {row.label}: {_md(c.title)}", ""]
        out += [f"> {_md(q)}" for q in row.point.quotes] + ([""] if row.point.quotes else [])
        out += [f"- {_md(r)}" for r in c.reasons]
        if c.quote_hint:
            out.append(f"- Closest passage (a hint, never an anchor): “{_md(c.quote_hint)}”")
        if c.evidence_source:
            out.append("- Evidence:")
            out += [_evidence(ev) for ev in c.evidence_source]
        out.append("")
    if report.draft.unparsed:
        out += ["## Not read as points", ""] + [f"- {_md(u)}" for u in report.draft.unparsed]
    return "\n".join(out).rstrip() + "\n"


def render_html(report: CheckReport) -> str:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "j2"], default=True),
    )
    template = env.get_template("check.html.j2")
    return template.render(
        report=report,
        rows=rows(report),
        law=law_text(report.law),
        kb=kb_line(report.kb),
        size=size_line(report.contract),
    )
