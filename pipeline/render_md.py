"""The review report as Markdown (``report.md``), laid out as :mod:`pipeline.report_view`
says: verdict, key terms, what was checked, findings by severity, run details last.

Text from the contract, the rules or an LLM is escaped for Markdown (a backslash before each
character Markdown would read as markup), never as HTML entities: a reader of the raw file
sees ``"`` and ``&``, not ``&quot;``.
"""

from __future__ import annotations

import re

from pipeline.entities.textview import joined
from pipeline.model import (
    DocumentInfo,
    EditType,
    EvidenceSource,
    KBInfo,
    OcrInfo,
    OcrPage,
    PlaybookVerdict,
    ReviewReport,
    TrackedChanges,
)
from pipeline.report_view import FindingView, ReportView, build_view, page_place
from pipeline.report_words import Lang, reason_name, type_name, word

# CommonMark reads these as markup anywhere in a line ($ is TeX maths on GitHub)
_MD_SPECIAL = str.maketrans({c: f"\\{c}" for c in "\\`*[]<>#|~$"})
# _ is emphasis only at a word's edge: snake_case and file_names.pdf stay as they are
_EDGE_UNDERSCORE = re.compile(r"(?<![^\W_])_|_(?![^\W_])")
_ENTITY = re.compile(r"&(?=#?[0-9A-Za-z]+;)")  # &quot; &#34; would become a character
_LIST_START = re.compile(r"^(?:(\d+)([.)])|([+\-=]))")  # a list item or a setext underline


def md_escape(text: str) -> str:
    """``text`` on one line (layout breaks joined as the entities' view joins them), as
    literal Markdown text."""
    flat = _EDGE_UNDERSCORE.sub(r"\\_", joined(text).translate(_MD_SPECIAL))
    flat = _ENTITY.sub(r"\\&", flat)
    return _LIST_START.sub(
        lambda m: f"{m.group(1)}\\{m.group(2)}" if m.group(1) else f"\\{m.group(3)}", flat
    )


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


def _colon(lang: Lang) -> str:
    return "：" if lang == "zh" else ": "


def _evidence_line(ev: EvidenceSource, lang: Lang) -> str:
    place = f"p. {ev.page}" if ev.page is not None else (ev.anchor or "")
    head = f"`{ev.doc_id}` {md_escape(ev.law)} {md_escape(ev.article or '')} ({md_escape(place)})"
    if ev.basis_kind == "common_law":
        head += f" — {word('common_law', lang)}"
    if ev.status != "in_force":
        head += f" — {word('status', lang)}{_colon(lang)}{ev.status}"
    quote = f"\n  > {md_escape(ev.quote[:400])}" if ev.quote else ""
    return f"- {head}{quote}"


def _verdict(view: ReportView) -> list[str]:
    return [
        f"**{view.t('verdict')}**{_colon(view.lang)}{md_escape(view.headline)} "
        f"**{md_escape(view.review_line)}**",
        "",
    ]


def _key_terms(view: ReportView) -> list[str]:
    if not view.key_terms:
        return []
    out = [
        f"## {view.t('key_terms')}",
        "",
        f"| {view.t('term_item')} | {view.t('term_value')} | {view.t('term_where')} |",
        "|---|---|---|",
    ]
    for row in view.key_terms:
        for n, line in enumerate(row.lines):
            label = f"**{md_escape(row.label)}**" if n == 0 else ""
            text = md_escape(line.text)
            if line.note:
                text += (
                    f" *（{md_escape(line.note)}）*"
                    if view.lang == "zh"
                    else (f" *({md_escape(line.note)})*")
                )
            out.append(f"| {label} | {text} | {md_escape(line.where)} |")
    return [*out, ""]


def _scope(view: ReportView) -> list[str]:
    out = [f"## {view.t('scope')}", "", f"**{view.t('checked')}**", ""]
    out += [f"- {md_escape(line)}" for line in view.checked]
    out += ["", f"**{view.t('not_checked')}**", ""]
    out += [f"- {md_escape(line)}" for line in view.not_checked]
    return [*out, ""]


def _human_review(report: ReviewReport, lang: Lang) -> list[str]:
    if not report.needs_human_review:
        return []
    out = [f"## {word('human_review', lang)}", ""]
    for item in report.human_review:
        where_ = f" ({md_escape(page_place(item.span, lang))})" if item.span else ""
        out.append(
            f"- **{md_escape(reason_name(item.reason, lang))}** (`{item.reason}`){where_}"
            f"{_colon(lang)}{md_escape(item.detail)}"
        )
        out += ["  " + _evidence_line(ev, lang) for ev in item.evidence]
    return [*out, ""]


def tracked_counts(changes: TrackedChanges, lang: Lang) -> str:
    if lang == "zh":
        return (
            f"插入 {changes.insertions} 处、删除 {changes.deletions} 处、移动 {changes.moves} 处、"
            f"格式修改 {changes.formatting} 处"
        )
    return (
        f"{changes.insertions} insertion(s), {changes.deletions} deletion(s), "
        f"{changes.moves} move(s), {changes.formatting} formatting change(s)"
    )


def _docx_notes(doc: DocumentInfo, lang: Lang) -> list[str]:
    """What a DOCX review assumed: its tracked changes accepted, its headers and footers set
    apart (they are not in the reviewed text)."""
    out: list[str] = []
    changes = doc.tracked_changes
    if changes is not None:
        counts = tracked_counts(changes, lang)
        out += [
            f"## {word('tracked_changes', lang)}",
            "",
            f"**{md_escape(changes.note)}** ({counts})",
            "",
        ]
    if doc.headers_footers:
        out += [f"## {word('headers_footers_title', lang)}", ""]
        for hf in doc.headers_footers:
            if lang == "zh":
                kind = {"header": "页眉", "footer": "页脚"}[hf.kind]
                out.append(f"- {kind}（第{hf.section}节）：{md_escape(hf.text)}")
            else:
                out.append(f"- {hf.kind}, section {hf.section}: {md_escape(hf.text)}")
        out.append("")
    return out


def _ocr_block(ocr: OcrInfo | None, lang: Lang) -> list[str]:
    """The OCR'd pages, one row each: a reader knows which quotes came from a scan."""
    if ocr is None or not ocr.pages:
        return []
    if lang == "zh":
        intro = (
            f"第 {_pages(ocr.page_numbers)} 页的文字由 {ocr.engine}"
            f"（{ocr.languages}，{ocr.dpi} dpi）从扫描图像识别："
            "这些页上的引文是 OCR 文字，请与原件核对。平均词置信度低于 "
            f"{ocr.min_confidence:g} 的页面列入人工复核。"
        )
        head = "| 页 | 平均词置信度 | 词数 | |"
    else:
        intro = (
            f"The text of {_page_list(ocr.page_numbers)} was read from the scanned image by "
            f"{ocr.engine} ({ocr.languages}, {ocr.dpi} dpi): quotes there are OCR text, check "
            f"them against the scan. A page whose mean word confidence is below "
            f"{ocr.min_confidence:g} is queued for human review."
        )
        head = "| Page | Mean word confidence | Words | |"
    lines = [f"## {word('ocr', lang)}", "", intro, "", head, "|---|---|---|---|"]
    for page in ocr.pages:
        low = page.confidence is None or page.confidence < ocr.min_confidence
        status = f"**{word('human_review', lang)}**" if low else "ok"
        note = f" ({md_escape(page.note)})" if page.note else ""
        lines.append(f"| {page.page} | {ocr_confidence(page)} | {page.words} | {status}{note} |")
    return [*lines, ""]


def _pages(pages: tuple[int, ...]) -> str:
    return "、".join(str(p) for p in pages)


def _playbook_block(verdicts: tuple[PlaybookVerdict, ...], lang: Lang) -> list[str]:
    head = (
        "| 结论 | 立场 | 合同约定 | 标准 |"
        if lang == "zh"
        else "| Verdict | Position | Found | Standard |"
    )
    lines = [f"## {word('playbook', lang)}", "", head, "|---|---|---|---|"]
    for v in verdicts:
        lines.append(
            f"| **{v.verdict}** | {md_escape(v.title)} | {md_escape(v.value)} | "
            f"{md_escape(v.standard)} |"
        )
    lines.append("")
    for v in verdicts:
        if v.escalation:
            lines.append(f"- **Escalate** `{v.position_id}`: {md_escape(v.escalation)}")
        for span, quote in zip(v.evidence, v.quotes, strict=True):
            place = md_escape(page_place(span, lang))
            lines.append(f"- `{v.position_id}` ({place}): “{md_escape(quote)}”")
    return [*lines, ""]


def _finding_block(n: int, fv: FindingView, lang: Lang) -> str:
    f = fv.finding
    place = f"{fv.location}{'，' if lang == 'zh' else ', '}{fv.place}" if fv.place else fv.location
    head = (
        f"### {n}. 【{fv.severity}】{md_escape(fv.name)} `{f.type}` — {md_escape(place)}"
        if lang == "zh"
        else f"### {n}. [{fv.severity}] {md_escape(fv.name)} `{f.type}` — {md_escape(place)}"
    )
    lines = [head, "", f"> {md_escape(f.quote)}", "", md_escape(f.message)]
    if f.suggestion:
        lines += ["", f"**{word('suggestion', lang)}**{_colon(lang)}{md_escape(f.suggestion)}"]
    if f.evidence_source:
        lines += ["", f"**{word('evidence', lang)}**{_colon(lang)}"]
        lines += [_evidence_line(ev, lang) for ev in f.evidence_source]
    meta = (
        f"{word('rule', lang)} `{f.rule_id}`" if f.rule_id else f"{word('stage', lang)} {f.stage}"
    )
    if fv.show_confidence:
        meta += f"; {word('confidence', lang)} {f.confidence:.2f}"
    lines += ["", f"_{meta}_", ""]
    return "\n".join(lines)


def _suggestions(report: ReviewReport, lang: Lang) -> list[str]:
    """The suggested edits, marked 【建议补充】/【建议删除】 by what they do; never applied."""
    edits = [e for e in report.edits if e.type == EditType.SUGGESTION]
    if not edits:
        return []
    out = [f"## {word('suggestions', lang)}", ""]
    for e in edits:
        about = (
            f"{md_escape(type_name(e.finding_type, lang))} `{e.finding_type}`: "
            if e.finding_type
            else ""
        )
        out.append(f"- {about}{md_escape(e.replace_with)}")
    return [*out, ""]


def _run_details(report: ReviewReport, lang: Lang) -> list[str]:
    doc = report.document
    c = _colon(lang)
    mode = f"**{md_escape(report.mode)}**" + (
        f" — {md_escape(report.mode_note)}" if report.mode_note else ""
    )
    out = [
        f"## {word('run_details', lang)}",
        "",
        f"- {word('file', lang)}{c}{md_escape(doc.source_path)} ({size_line(doc)})",
        f"- SHA-256{c}`{doc.sha256}`",
        f"- {word('mode', lang)}{c}{mode}",
        f"- {word('stages', lang)}{c}{', '.join(report.stages_run)}",
        f"- {word('kb', lang)}{c}{md_escape(kb_line(report.kb))}",
        f"- {word('law_line', lang)}{c}{md_escape(law_line(report))}",
    ]
    if doc.ocr is not None:
        out.append(f"- OCR{c}{md_escape(ocr_line(doc.ocr))}")
    out += [
        f"- {word('tool', lang)}{c}schema {report.schema_version}, contract-review "
        f"{report.tool_version}, run {report.run_id}",
        "",
    ]
    return out


def render_markdown(report: ReviewReport) -> str:
    view = build_view(report)
    lang = view.lang
    name = md_escape(report.document.source_path.replace("\\", "/").rsplit("/", 1)[-1])
    out = [f"# {view.title}{_colon(lang)}{name}", ""]
    out += _verdict(view)
    out += _key_terms(view)
    out += _scope(view)
    out += _human_review(report, lang)
    out += _docx_notes(report.document, lang)
    out += _ocr_block(report.document.ocr, lang)
    if report.playbook:
        out += _playbook_block(report.playbook, lang)
    out += [f"## {view.t('findings')}", ""]
    if not view.findings:
        out += [view.t("no_findings"), ""]
    for n, fv in enumerate(view.findings, start=1):
        out.append(_finding_block(n, fv, lang))
    out += _suggestions(report, lang)
    if report.possible_bases:
        out += [f"## {view.t('possible_bases')}", ""]
        for p in report.possible_bases:
            place = md_escape(page_place(p.span, lang))
            out += [f"- `{p.finding_type}` ({place}):", "  " + _evidence_line(p.basis, lang)]
        out.append("")
    out += _run_details(report, lang)
    return "\n".join(out)
