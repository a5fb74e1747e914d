"""The human view of a report, as Markdown. Contract text is HTML-escaped: viewers render HTML."""

from __future__ import annotations

import html

from pipeline.model import (
    DocumentInfo,
    EvidenceSource,
    Finding,
    KBInfo,
    OcrInfo,
    OcrPage,
    PlaybookVerdict,
    ReviewReport,
    Span,
)


def _esc(text: str) -> str:
    return html.escape(text, quote=True).replace("|", "&#124;").replace("\n", " ")


def _evidence_line(ev: EvidenceSource) -> str:
    where = f"p. {ev.page}" if ev.page is not None else (ev.anchor or "")
    head = f"`{ev.doc_id}` {_esc(ev.law)} {_esc(ev.article or '')} ({_esc(where)})".strip()
    if ev.basis_kind == "common_law":
        head += " — common-law basis, no statute cited"
    if ev.status != "in_force":
        head += f" — status: {ev.status}"
    quote = f"\n  > {_esc(ev.quote[:400])}" if ev.quote else ""
    return f"- {head}{quote}"


def law_line(report: ReviewReport) -> str:
    """Which law the review applied, and why (the governing-law clause, or a default)."""
    law = report.law
    if law is None:
        return "not recorded"
    return f"{law.name} — {law.note}"


def kb_line(kb: KBInfo | None) -> str:
    """Which KB checked the citations: the Chroma store, or the catalog only and why."""
    if kb is None:
        return "not recorded"
    if kb.mode == "chroma":
        return (
            f"Chroma store at {kb.where} ({kb.articles} articles, backend {kb.backend}, "
            f"support scorer {kb.scorer}, fingerprint {kb.fingerprint})"
        )
    if kb.mode == "catalog":
        return f"catalog only (exact lookup, lexical support): {kb.reason}"
    return f"none: {kb.reason}"


def size_line(doc: DocumentInfo) -> str:
    """How long the contract is: pages of a PDF or text file, paragraphs of a DOCX."""
    if doc.pages is None:
        return f"Word .docx, {doc.paragraphs or 0} paragraphs, {doc.characters} characters"
    return f"{doc.pages} pages, {doc.characters} characters"


def _page_list(pages: tuple[int, ...]) -> str:
    return ("page " if len(pages) == 1 else "pages ") + ", ".join(str(p) for p in pages)


def ocr_line(ocr: OcrInfo | None) -> str:
    """Whether OCR ran, on which pages, and how sure it was; empty when no page needed it."""
    if ocr is None:
        return ""
    parts: list[str] = []
    if ocr.pages:
        parts.append(
            f"{_page_list(ocr.page_numbers)} read from the scan by {ocr.engine} "
            f"({ocr.languages}, {ocr.dpi} dpi, --ocr {ocr.mode}); mean word confidence "
            + ", ".join(f"p. {p.page} {ocr_confidence(p)}" for p in ocr.pages)
            + f"; a page below {ocr.min_confidence:g} goes to human review"
        )
    if ocr.unread_pages:
        parts.append(
            f"{_page_list(ocr.unread_pages)} without a text layer, not read (--ocr never), "
            "not reviewed"
        )
    return "; ".join(parts)


def ocr_confidence(page: OcrPage) -> str:
    return f"{page.confidence:.1f}" if page.confidence is not None else "none (no word read)"


def _ocr_block(ocr: OcrInfo | None) -> list[str]:
    """The OCR'd pages, one row each: a reader knows which quotes came from a scan."""
    if ocr is None or not ocr.pages:
        return []
    lines = [
        "## OCR",
        "",
        f"The text of {_page_list(ocr.page_numbers)} was read from the scanned image by "
        f"{ocr.engine} ({ocr.languages}, {ocr.dpi} dpi): quotes there are OCR text, check them "
        f"against the scan. A page whose mean word confidence is below {ocr.min_confidence:g} "
        "is queued for human review.",
        "",
        "| Page | Mean word confidence | Words | |",
        "|---|---|---|---|",
    ]
    for page in ocr.pages:
        low = page.confidence is None or page.confidence < ocr.min_confidence
        status = "**human review**" if low else "ok"
        note = f" ({_esc(page.note)})" if page.note else ""
        lines.append(f"| {page.page} | {ocr_confidence(page)} | {page.words} | {status}{note} |")
    return [*lines, ""]


def where(span: Span, clause: str | None = None) -> str:
    """A span's place for a reader: the clause and page(s), or a DOCX's clause-and-¶ anchor."""
    head = f"clause {clause}, " if clause and span.anchor is None else ""
    return f"{head}{span.place}, chars {span.start}–{span.end}"


def _finding_block(n: int, f: Finding) -> str:
    lines = [
        f"### {n}. [{f.severity.value}] `{f.type}` ({_esc(where(f.span, f.clause))})",
        "",
        f"> {_esc(f.quote)}",
        "",
        _esc(f.message),
    ]
    if f.suggestion:
        lines += ["", f"**Suggestion:** {_esc(f.suggestion)}"]
    if f.evidence_source:
        lines += ["", "**Evidence:**"] + [_evidence_line(ev) for ev in f.evidence_source]
    lines += ["", f"_stage: {f.stage}; rule: {f.rule_id or '—'}_", ""]
    return "\n".join(lines)


def _playbook_block(verdicts: tuple[PlaybookVerdict, ...]) -> list[str]:
    lines = [
        "## Playbook positions",
        "",
        "| Verdict | Position | Found | Standard |",
        "|---|---|---|---|",
    ]
    for v in verdicts:
        lines.append(
            f"| **{v.verdict}** | {_esc(v.title)} | {_esc(v.value)} | {_esc(v.standard)} |"
        )
    lines.append("")
    for v in verdicts:
        if v.escalation:
            lines.append(f"- **Escalate** `{v.position_id}`: {_esc(v.escalation)}")
        for span, quote in zip(v.evidence, v.quotes, strict=True):
            lines.append(f"- `{v.position_id}` ({_esc(where(span))}): “{_esc(quote)}”")
    return [*lines, ""]


def _docx_notes(doc: DocumentInfo) -> list[str]:
    """What a DOCX review assumed: its tracked changes accepted, its headers and footers set
    apart (they are not in the reviewed text)."""
    out: list[str] = []
    changes = doc.tracked_changes
    if changes is not None:
        counts = (
            f"{changes.insertions} insertion(s), {changes.deletions} deletion(s), "
            f"{changes.moves} move(s), {changes.formatting} formatting change(s)"
        )
        out += ["## Tracked changes accepted", "", f"**{_esc(changes.note)}** ({counts})", ""]
    if doc.headers_footers:
        out += ["## Headers and footers (kept apart, not reviewed as clauses)", ""]
        out += [f"- {hf.kind}, section {hf.section}: {_esc(hf.text)}" for hf in doc.headers_footers]
        out.append("")
    return out


def render_markdown(report: ReviewReport) -> str:
    doc = report.document
    out = [
        "# Contract review",
        "",
        f"- File: `{_esc(doc.source_path)}` ({size_line(doc)})",
        f"- SHA-256: `{doc.sha256}`",
        f"- Mode: **{_esc(report.mode)}**"
        + (f" — {_esc(report.mode_note)}" if report.mode_note else ""),
        f"- Stages run: {', '.join(report.stages_run)}",
        f"- Knowledge base: {_esc(kb_line(report.kb))}",
        f"- Law assumed: {_esc(law_line(report))}",
    ]
    if doc.ocr is not None:
        out.append(f"- OCR: {_esc(ocr_line(doc.ocr))}")
    out += [f"- Findings: {len(report.findings)}; edits: {len(report.edits)}", ""]
    out += _docx_notes(doc)
    out += _ocr_block(doc.ocr)
    if report.needs_human_review:
        out += ["## Needs human review", ""]
        for item in report.human_review:
            out.append(f"- **{_esc(item.reason)}**: {_esc(item.detail)}")
            out += ["  " + _evidence_line(ev) for ev in item.evidence]
        out.append("")
    if report.playbook:
        out += _playbook_block(report.playbook)
    if report.possible_bases:
        out += ["## Possible legal basis (retrieved, not cited by the review)", ""]
        for p in report.possible_bases:
            out += [
                f"- `{p.finding_type}` ({_esc(where(p.span))}):",
                "  " + _evidence_line(p.basis),
            ]
        out.append("")
    out += ["## Findings", ""]
    if not report.findings:
        out += ["No findings.", ""]
    for n, finding in enumerate(report.findings, start=1):
        out.append(_finding_block(n, finding))
    out += [
        "",
        f"_schema {report.schema_version}, contract-review {report.tool_version}, "
        f"run {report.run_id}_",
        "",
    ]
    return "\n".join(out)
