"""The HTML evidence report: one self-contained page (inline CSS/JS, no network fetches).

Jinja2 autoescaping escapes all contract and LLM text. Invisible and direction-changing
characters (zero-width, bidi overrides) are shown as visible code points, because a reviewer
must see what the contract really contains.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from itertools import pairwise

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from kb.locations import package_data
from pipeline.model import Edit, EditType, ReviewReport
from pipeline.render_md import (
    kb_line,
    law_line,
    ocr_confidence,
    ocr_line,
    size_line,
    tracked_counts,
)
from pipeline.report_view import SEVERITY_ORDER, build_view, page_place
from pipeline.report_words import reason_name, type_name

TEMPLATES = package_data("pipeline", "templates")


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


@dataclass(frozen=True)
class Segment:
    """A run of contract text, the findings (by index) whose span covers all of it, and those
    whose related spans do (the other clause of a conflict, the figures beside the words)."""

    text: str
    findings: tuple[int, ...]
    severity: str | None
    related: tuple[int, ...] = ()


def _intervals(report: ReviewReport) -> list[tuple[int, int, int, bool]]:
    """(start, end, finding, is_related) for every non-empty span and related span."""
    out: list[tuple[int, int, int, bool]] = []
    for i, f in enumerate(report.findings):
        out.append((f.span.start, f.span.end, i, False))
        out.extend((r.start, r.end, i, True) for r in f.related_spans)
    return [iv for iv in out if iv[0] < iv[1]]


def segments(text: str, report: ReviewReport) -> list[Segment]:
    """Cut ``text`` at every finding and related-span boundary; each piece knows which
    findings cover it, directly or as a related span."""
    intervals = _intervals(report)
    cuts = {0, len(text)}
    for start, end, _, _ in intervals:
        cuts.update((start, end))
    points = sorted(c for c in cuts if 0 <= c <= len(text))
    opening: dict[int, list[tuple[int, bool]]] = {}
    closing: dict[int, list[tuple[int, bool]]] = {}
    for start, end, i, rel in intervals:
        opening.setdefault(start, []).append((i, rel))
        closing.setdefault(end, []).append((i, rel))
    # a sweep: findings x segments was minutes on a 1,000-page contract
    active: dict[tuple[int, bool], int] = {}
    result: list[Segment] = []
    for start, end in pairwise(points):
        for key in closing.get(start, ()):
            active[key] -= 1
            if not active[key]:
                del active[key]
        for key in opening.get(start, ()):
            active[key] = active.get(key, 0) + 1
        own = tuple(sorted({i for i, rel in active if not rel}))
        related = tuple(sorted({i for i, rel in active if rel} - set(own)))
        worst = min(
            (report.findings[i].severity for i in own or related),
            key=lambda s: SEVERITY_ORDER[s],
            default=None,
        )
        result.append(Segment(text[start:end], own, worst.value if worst else None, related))
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


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def render_html(report: ReviewReport, text: str, printable: bool = False) -> str:
    """The report page. ``printable``: every folded section open and the contract laid out
    in full, as ``report.pdf`` prints it."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "j2"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["reveal"] = reveal
    view = build_view(report, text)
    lang = view.lang
    page = env.get_template("report.html.j2").render(
        report=report,
        v=view,
        t=view.t,
        printable=printable,
        file_name=report.document.source_path.replace("\\", "/").rsplit("/", 1)[-1],
        segments=segments(text, report),
        redline=redline(text, report.edits),
        kb_line=kb_line(report.kb),
        law_line=law_line(report),
        size_line=size_line(report.document),
        ocr_line=ocr_line(report.document.ocr),
        ocr_confidence=ocr_confidence,
        place=lambda span: page_place(span, lang),
        reason_name=lambda reason: reason_name(reason, lang),
        type_name=lambda finding_type: type_name(finding_type, lang),
        tracked_counts=lambda changes: tracked_counts(changes, lang),
    )
    # NUL and other C0 controls are not allowed in HTML; a hostile contract may carry them
    return _CONTROL.sub("\ufffd", page)
