"""The HTML evidence report: one self-contained page (inline CSS/JS, no network fetches).

Jinja2 autoescaping escapes all contract and LLM text. Invisible and direction-changing
characters (zero-width, bidi overrides) are shown as visible code points, because a reviewer
must see what the contract really contains.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from kb.locations import package_data
from pipeline.model import Edit, EditType, ReviewReport, Severity
from pipeline.render_md import kb_line, law_line, ocr_confidence, ocr_line, size_line, where

TEMPLATES = package_data("pipeline", "templates")
SEVERITY_ORDER = {Severity.HIGH: 0, Severity.MEDIUM: 1, Severity.LOW: 2}


@dataclass(frozen=True)
class Segment:
    """A run of contract text and the findings (by index) that cover all of it."""

    text: str
    findings: tuple[int, ...]
    severity: str | None


def _visible(ch: str) -> bool:
    return unicodedata.category(ch) not in ("Cf", "Co", "Cn") or ch in "\n\t"


def reveal(text: str) -> Markup:
    """Escape ``text`` and turn format/bidi/zero-width characters into visible markers."""
    out: list[str] = []
    for ch in text:
        if _visible(ch):
            out.append(str(escape(ch)))
        else:
            out.append(f'<span class="ctrl" title="hidden character">U+{ord(ch):04X}</span>')
    return Markup("".join(out))


def segments(text: str, report: ReviewReport) -> list[Segment]:
    """Cut ``text`` at every finding boundary; each piece knows which findings cover it."""
    cuts = {0, len(text)}
    for f in report.findings:
        cuts.update((f.span.start, f.span.end))
    points = sorted(c for c in cuts if 0 <= c <= len(text))
    opening: dict[int, list[int]] = {}
    closing: dict[int, list[int]] = {}
    for i, f in enumerate(report.findings):
        if f.span.start < f.span.end:
            opening.setdefault(f.span.start, []).append(i)
            closing.setdefault(f.span.end, []).append(i)
    active: set[int] = set()  # a sweep: findings x segments was minutes on a 1,000-page contract
    result: list[Segment] = []
    for start, end in pairwise(points):
        active.difference_update(closing.get(start, ()))
        active.update(opening.get(start, ()))
        covering = tuple(sorted(active))
        worst = min(
            (report.findings[i].severity for i in covering),
            key=lambda s: SEVERITY_ORDER[s],
            default=None,
        )
        result.append(Segment(text[start:end], covering, worst.value if worst else None))
    return result


@dataclass(frozen=True)
class RedlinePiece:
    kind: str  # "same", "del" or "ins"
    text: str


def redline(text: str, edits: tuple[Edit, ...]) -> list[RedlinePiece]:
    """The original text with each applied edit shown as a deletion and an insertion."""
    pieces: list[RedlinePiece] = []
    cursor = 0
    for edit in sorted((e for e in edits if e.type != EditType.SUGGESTION), key=lambda e: e.start):
        if edit.start < cursor:
            continue  # Revise never applies overlapping edits; skip defensively
        pieces.append(RedlinePiece("same", text[cursor : edit.start]))
        if edit.end > edit.start:
            pieces.append(RedlinePiece("del", text[edit.start : edit.end]))
        if edit.replace_with:
            pieces.append(RedlinePiece("ins", edit.replace_with))
        cursor = edit.end
    pieces.append(RedlinePiece("same", text[cursor:]))
    return [p for p in pieces if p.text]


def summary(report: ReviewReport) -> list[tuple[str, str, int]]:
    counts = Counter((f.type, f.severity.value) for f in report.findings)
    return sorted(
        ((t, s, n) for (t, s), n in counts.items()),
        key=lambda row: (SEVERITY_ORDER[Severity(row[1])], row[0]),
    )


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def render_html(report: ReviewReport, text: str) -> str:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "j2"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["reveal"] = reveal
    page = env.get_template("report.html.j2").render(
        report=report,
        segments=segments(text, report),
        redline=redline(text, report.edits),
        summary=summary(report),
        kb_line=kb_line(report.kb),
        law_line=law_line(report),
        size_line=size_line(report.document),
        ocr_line=ocr_line(report.document.ocr),
        ocr_confidence=ocr_confidence,
        where=where,
    )
    # NUL and other C0 controls are not allowed in HTML; a hostile contract may carry them
    return _CONTROL.sub("\ufffd", page)
