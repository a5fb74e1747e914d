"""What the review report shows, in the order a lawyer reads it, worded in the contract's
language; ``render_md`` and ``render_html`` lay the same view out.

1. The verdict: findings counted by severity, and whether a lawyer must look again.
2. The key terms (parties and roles, price, payment, term, governing law and the law the
   review assumed, forum), each with the clause it stands in.
3. What was checked and what was not.
4. The findings, most severe first, each named plainly beside its type id and located by its
   clause number; only an LLM's finding shows a confidence (a rule is certain of what it saw).
5. Run details (file, hash, mode, KB, set-up hints) come last, folded away.

The view holds text, not markup: each renderer escapes it for its own format.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from pipeline.entities.clause_names import name_of_path
from pipeline.entities.textview import joined
from pipeline.model import (
    Finding,
    KeyTerms,
    LawAssumed,
    ReviewReport,
    Severity,
    Span,
    StatedTerm,
)
from pipeline.report_words import Lang, law_name, law_note, severity_name, type_name, word

SEVERITY_ORDER = {Severity.HIGH: 0, Severity.MEDIUM: 1, Severity.LOW: 2}
# Findings an LLM proposed carry its confidence; a rule's or the KB's finding is certain.
LLM_STAGES = frozenset({"generate"})
HTML_LANG: dict[Lang, str] = {"zh": "zh-Hans", "en": "en"}
_NUMBERED = re.compile(r"\d+(?:\.\d+)*")
_CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass(frozen=True)
class TermLine:
    """One line of a key term: the contract's words (``quoted``) or the report's own wording,
    where it stands, and what the reader must know about it."""

    text: str
    where: str = ""
    note: str = ""
    quoted: bool = True
    span: Span | None = None


@dataclass(frozen=True)
class TermRow:
    key: str  # parties, price, payment, term, governing_law, law_assumed, forum
    label: str
    lines: tuple[TermLine, ...]


@dataclass(frozen=True)
class FindingView:
    index: int  # the finding's position in report.findings (the HTML links by it)
    finding: Finding
    name: str
    severity: str
    location: str  # 第6.3条, Clause 4.1, Section 7.1
    place: str  # 第1页, page 2, or a DOCX anchor
    show_confidence: bool


@dataclass(frozen=True)
class ReportView:
    lang: Lang
    html_lang: str
    title: str
    headline: str
    counts: tuple[tuple[str, str, int], ...]  # (severity id, its name, count)
    review_line: str
    key_terms: tuple[TermRow, ...]
    checked: tuple[str, ...]
    not_checked: tuple[str, ...]
    findings: tuple[FindingView, ...]

    def t(self, key: str, **values: object) -> str:
        return word(key, self.lang, **values)


def report_language(report: ReviewReport, text: str = "") -> Lang:
    """The contract's language: the one Summarise recorded, else a look at the text (a report
    made before key terms were recorded)."""
    if report.key_terms is not None:
        return report.key_terms.language
    sample = text[:20000]
    letters = sum(1 for c in sample if c.isalpha())
    return "zh" if letters and len(_CJK.findall(sample)) / letters > 0.2 else "en"


def clause_location(clause: str | None, lang: Lang) -> str:
    """How a reader finds a clause: 第6.3条 / Clause 6.3 / Section 7.1; the preamble when the
    span lies before the first numbered clause."""
    if not clause:
        return word("preamble", lang)
    name = name_of_path(clause)
    return word("clause_n", lang, n=name) if _NUMBERED.fullmatch(name) else name


def page_place(span: Span, lang: Lang) -> str:
    """The page(s) of a PDF or text span (第2页, pages 2, 3), or a DOCX span's anchor."""
    if span.anchor is not None:
        return span.anchor
    pages = span.pages or ((span.page,) if span.page is not None else ())
    joined = ("、" if lang == "zh" else ", ").join(str(p) for p in pages)
    return word("pages" if len(pages) > 1 else "page", lang, n=joined)


def where(span: Span, clause: str | None, lang: Lang) -> str:
    """Clause first, then the page or paragraph: "第6.3条，第1页", "Clause 4.1, page 1"."""
    place = page_place(span, lang)
    if span.anchor is not None:  # a DOCX anchor names the clause already ("第2.2条 ¶8")
        return place
    return f"{clause_location(clause, lang)}{'，' if lang == 'zh' else ', '}{place}"


def sorted_findings(report: ReviewReport, lang: Lang) -> tuple[FindingView, ...]:
    """Most severe first; within a severity, in the order of the text."""
    views: list[FindingView] = []
    for i, f in enumerate(report.findings):
        anchor = f.span.anchor  # a DOCX span's anchor names its clause and paragraph already
        views.append(
            FindingView(
                index=i,
                finding=f,
                name=type_name(f.type, lang),
                severity=severity_name(f.severity.value, lang),
                location=anchor if anchor is not None else clause_location(f.clause, lang),
                place="" if anchor is not None else page_place(f.span, lang),
                show_confidence=f.stage in LLM_STAGES,
            )
        )
    views.sort(
        key=lambda v: (SEVERITY_ORDER[v.finding.severity], v.finding.span.start, v.finding.type)
    )
    return tuple(views)


def _stated(term: StatedTerm, lang: Lang, note: str = "") -> TermLine:
    return TermLine(
        text=joined(term.text),  # a PDF's layout line breaks joined, as the entities join them
        where=where(term.span, term.clause, lang),
        note=note,
        span=term.span,
    )


def _price_note(term: StatedTerm, lang: Lang) -> str:
    if not term.words_figures_differ:
        return ""
    shown = " / ".join(f"{a:,.2f}" for a in term.amounts)
    return (
        f"{word('words_figures_differ', lang)}（{shown}）"
        if lang == "zh"
        else (f"{word('words_figures_differ', lang)} ({shown})")
    )


def _or_not_stated(lines: list[TermLine], lang: Lang) -> tuple[TermLine, ...]:
    return tuple(lines) or (TermLine(word("not_stated", lang), quoted=False),)


def key_term_rows(
    terms: KeyTerms | None, law: LawAssumed | None, lang: Lang
) -> tuple[TermRow, ...]:
    if terms is None:
        return ()
    kind_note = {
        k: word(f"kind_{k}", lang) for k in ("renewal", "effective", "arbitration", "court")
    }
    parties = [
        TermLine(
            f"{p.role}：{p.name}" if lang == "zh" else f"{p.name} (“{p.role}”)",
            where=where(p.span, None, lang),
            span=p.span,
        )
        for p in terms.parties
    ]
    rows = [
        TermRow("parties", word("parties", lang), _or_not_stated(parties, lang)),
        TermRow(
            "price",
            word("price", lang),
            _or_not_stated([_stated(t, lang, _price_note(t, lang)) for t in terms.price], lang),
        ),
        TermRow(
            "payment",
            word("payment", lang),
            _or_not_stated([_stated(t, lang) for t in terms.payment], lang),
        ),
        TermRow(
            "term",
            word("term", lang),
            _or_not_stated([_stated(t, lang, kind_note.get(t.kind, "")) for t in terms.term], lang),
        ),
        TermRow(
            "governing_law",
            word("governing_law", lang),
            _or_not_stated(
                [_stated(terms.governing_law, lang)] if terms.governing_law else [], lang
            ),
        ),
    ]
    if law is not None:
        assumed = TermLine(
            law_name(law.system, law.name, lang), note=law_note(law.note, lang), quoted=False
        )
        rows.append(TermRow("law_assumed", word("law_assumed", lang), (assumed,)))
    forums = [_stated(t, lang, kind_note[t.kind]) for t in terms.forum]
    rows.append(TermRow("forum", word("forum", lang), _or_not_stated(forums, lang)))
    return tuple(rows)


def _pages(pages: tuple[int, ...], lang: Lang) -> str:
    return ("、" if lang == "zh" else ", ").join(str(p) for p in pages)


def scope_lines(report: ReviewReport, lang: Lang) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What the review checked, and what it did not."""
    checked: list[str] = []
    unchecked: list[str] = []
    law = report.law
    law_shown = law_name(law.system, law.name, lang) if law else "?"
    if law is not None and law.system == "unknown":
        law_shown = word("law_unknown", lang)
    scope = report.scope
    if scope is not None and scope.rule_count:
        sep = "、" if lang == "zh" else ", "
        names = sep.join(type_name(t, lang) for t in scope.rule_types)
        checked.append(
            word(
                "rules_checked",
                lang,
                count=scope.rule_count,
                law=law_shown,
                types=len(scope.rule_types),
                names=names,
            )
        )
    else:
        unchecked.append(word("rules_none", lang))
    kb = report.kb
    if kb is not None and kb.mode == "chroma":
        checked.append(word("kb_chroma", lang, articles=kb.articles or 0))
    elif kb is not None and kb.mode == "catalog":
        checked.append(word("kb_catalog", lang))
    else:
        unchecked.append(word("kb_none", lang))
    if "degraded" in report.mode:
        unchecked.append(word("llm_degraded", lang, mode=report.mode))
    elif report.mode.startswith("none"):
        unchecked.append(word("llm_none", lang))
    else:
        checked.append(word("llm_ran", lang, mode=report.mode))
    if report.playbook:
        checked.append(word("playbook_checked", lang, count=len(report.playbook)))
    if law is not None and law.system == "unknown":
        unchecked.append(word("law_unknown_unchecked", lang))
    elif law is not None and law.system == "other":
        unchecked.append(word("law_other_unchecked", lang))
    ocr = report.document.ocr
    if ocr is not None and ocr.pages:
        checked.append(word("ocr_pages", lang, pages=_pages(ocr.page_numbers, lang)))
    if ocr is not None and ocr.unread_pages:
        unchecked.append(word("unread_pages", lang, pages=_pages(ocr.unread_pages, lang)))
    if report.document.headers_footers:
        unchecked.append(word("headers_footers", lang))
    unchecked.append(word("always_unchecked", lang))
    return tuple(checked), tuple(unchecked)


def verdict(report: ReviewReport, lang: Lang) -> tuple[str, tuple[tuple[str, str, int], ...]]:
    counts = Counter(f.severity.value for f in report.findings)
    by_severity = tuple((s.value, severity_name(s.value, lang), counts[s.value]) for s in Severity)
    if not report.findings:
        return word("headline_none", lang), by_severity
    per = {s.value: counts[s.value] for s in Severity}
    headline = word("headline", lang, total=len(report.findings), **per)
    return headline, by_severity


def build_view(report: ReviewReport, text: str = "") -> ReportView:
    lang = report_language(report, text)
    headline, counts = verdict(report, lang)
    checked, unchecked = scope_lines(report, lang)
    review_line = (
        word("needs_review", lang, count=len(report.human_review))
        if report.needs_human_review
        else word("no_review", lang)
    )
    return ReportView(
        lang=lang,
        html_lang=HTML_LANG[lang],
        title=word("title", lang),
        headline=headline,
        counts=counts,
        review_line=review_line,
        key_terms=key_term_rows(report.key_terms, report.law, lang),
        checked=checked,
        not_checked=unchecked,
        findings=sorted_findings(report, lang),
    )
