"""Read a review written as Markdown or plain text into :class:`ParsedDraft` points.

Spec (issue 15): split into points by headings and list items; quotes are found between
「」, “”, "" or after '>'; citations are found by the KB's citation parser. Point out what
could not be parsed; never guess. This module splits the review into points; what one point
says (quotes, severity, type, fix, citations) is read by :mod:`.point_fields`.

**Which markers start points.** Markers are Markdown headings (ranked by level) and top-level
list items (``- * + • ·``, ``1.``/``1)``/``1、``, ``(1)``, ``一、``, ``（一）``, ``Point 3:``/
``问题3：``, also in bold: ``**1. Title**``, and a paragraph at the margin that opens with a bold
run-in head, ``**Exclusivity (3.4).** …``; item kinds ranked after all headings, in the order
they first appear). A nested
item (indented two or more columns deeper than the shallowest item) and a field line such as
``- Suggested fix: ...`` or ``### 修改建议`` are never markers. A first H1 that is the only
H1 and is followed by deeper headings is the document's title. The document decides the unit:
the point rank is the marker rank whose sections hold a contract quote most often (ties: the
rank that is numbered, then the outer one; with no quote anywhere, citations or a stated
severity count instead). Markers outside that rank are group labels (unparsed), markers inside
it belong to the point above. A marker at the point rank is a point when it has a quote, a
citation or a stated severity; without any, it is a point only when it is an item or a numbered
heading lying between two points (a flat list's point with no quote), otherwise unparsed
(``Summary``, ``总体意见``). A thematic break (``---``) ends a point. After the last point of
a run, a plain paragraph holding no quote, citation, field or severity is unparsed when it
opens like a summary (``Overall``, ``综上``) or the points are a compact list (CommonMark: a
paragraph at column 0 after a blank line ends the list). Reviews mix forms, so a marker of
another rank that lies outside every point and whose own text (up to the next marker) quotes
the contract or cites law is a point too, in reading order; and a point that runs on into
bold-titled paragraphs or bullets at the margin, each quoting the contract, is cut before
each of them when the text before it quotes the contract too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from pipeline.draft_check.point_fields import (
    Fields,
    FindCitations,
    Line,
    is_field,
    is_field_heading,
    read_point,
)
from pipeline.draft_check.points import DraftFormat, DraftPoint, ParsedDraft

_CN = "一二三四五六七八九十"
_HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$")
_RULE = re.compile(r"^ {0,3}([-*_])(?:\s*\1){2,}\s*$")
_BLOCKQUOTE = re.compile(r"^\s*(?:>\s?)+")
_KINDS = (  # (kind, numbered, marker): the order is the order of precedence when matching
    ("bullet", False, r"[-*+•·]\s+"),
    ("arabic", True, r"\d{1,3}(?:[.．、]|\))(?![\d.])\s*"),
    ("arabic_paren", True, r"[(（]\d{1,3}[)）]\s*"),
    ("cn", True, rf"[{_CN}]{{1,3}}[、．.]\s*"),
    ("cn_paren", True, rf"[(（][{_CN}]{{1,3}}[)）]\s*"),
    (
        "label",
        True,
        r"(?i:point|issue|finding|risk|item|comment|风险点|问题|要点|意见)\s*(?i:no\.\s*)?"
        rf"(?:\d{{1,3}}|[{_CN}]{{1,3}})(?:\s*[:：.．、\-–—]\s*|\s*$)",
    ),
)
_MARKERS = [(kind, numbered, re.compile(rf"^(\s*)({marker})")) for kind, numbered, marker in _KINDS]


_BOLD_OPEN = re.compile(r"^(\s*)(\*\*|__)(?=\S)")
# a run-in head: a paragraph that opens with a bold phrase and goes on ("**Exclusivity (3.4).** …")
_RUN_IN = re.compile(r"^(\*\*|__)(?P<head>[^*_\n]{2,150}?)\1(?=\s*\S)")
_RUN_IN_KIND = len(_KINDS)
_SUMMARY = re.compile(
    r"^[*_]{0,2}(?:in summary|summary|overall|in conclusion|conclusions?|to sum up|general "
    r"comments?|other comments?|总体|综上|总结|结论|总的来说|整体而言|以上|其他意见|备注)",
    re.I,
)


def read_review_text(text: str, source: str, find_citations: FindCitations) -> ParsedDraft:
    """The points of a Markdown or plain-text review (``source`` names it, for messages)."""
    del source  # no error is raised: what cannot be read goes to ``unparsed``
    lines = _classify(text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    rank = _point_rank(lines, find_citations)
    ranges = _point_ranges(lines, rank, find_citations) if rank is not None else []
    covered: set[int] = set()
    points: list[DraftPoint] = []
    for start, end in ranges:
        covered.update(range(start, end))
        head = lines[start]
        f = read_point(head.content, lines[start + 1 : end], find_citations)
        points.append(
            DraftPoint(
                index=len(points),
                quotes=f.quotes,
                type=f.type,
                severity=f.severity,
                title=f.title,
                reasoning=f.reasoning,
                suggested_fix=f.fix,
                citations=f.citations,
                line=head.no,
                notes=f.notes,
            )
        )
    fmt: DraftFormat = "markdown" if _MARKDOWN.search(text) else "text"
    return ParsedDraft(format=fmt, points=tuple(points), unparsed=_unparsed(lines, covered))


def find_kb_citations(text: str) -> list[str]:
    """The ``find_citations`` of production: the KB parser's citations, as raw strings."""
    from kb.citations import default_parser  # loads the registry on first use only

    return [found.ref.raw for found in default_parser().find_all(text)]


_MARKDOWN = re.compile(r"^ {0,3}(?:#{1,6}\s|>|[-*+]\s|\d{1,3}[.)]\s)", re.M)


def _classify(raw_lines: Sequence[str]) -> list[Line]:
    lines: list[Line] = []
    for no, raw in enumerate(raw_lines, start=1):
        heading = _HEADING.match(raw)
        if not raw.strip():
            lines.append(Line(no, raw, "blank", ""))
        elif _RULE.match(raw) and (not lines or lines[-1].kind == "blank"):
            lines.append(Line(no, raw, "rule", ""))
        elif heading:
            body = heading.group(2).strip()
            if is_field_heading(body):  # ### 修改建议: a field of the point above
                body = body if body.endswith((":", "：")) else body + "："
                lines.append(Line(no, raw, "text", body))
                continue
            title, numbered = _strip_numbering(body)
            lines.append(Line(no, raw, "heading", title, len(heading.group(1)), numbered))
        elif _BLOCKQUOTE.match(raw):
            lines.append(Line(no, raw, "quote", _BLOCKQUOTE.sub("", raw, count=1).strip()))
        else:
            after_blank = not lines or lines[-1].kind == "blank"
            lines.append(
                _item(no, raw)
                or _run_in(no, raw, after_blank)
                or Line(no, raw, "text", raw.strip())
            )
    items = [ln for ln in lines if ln.kind == "item"]
    if items:  # nested items are continuation lines; kinds rank by first appearance
        top = min(len(ln.raw) - len(ln.raw.lstrip()) for ln in items) + 1
        order: list[int] = []
        for i, ln in enumerate(lines):
            if ln.kind != "item":
                continue
            if len(ln.raw) - len(ln.raw.lstrip()) > top:
                lines[i] = Line(ln.no, ln.raw, "text", ln.raw.strip())
                continue
            order += [] if ln.rank in order else [ln.rank]
            lines[i] = Line(
                ln.no, ln.raw, "item", ln.content, 10 + order.index(ln.rank), ln.numbered
            )
    _one_sequence(lines)
    headings = [i for i, ln in enumerate(lines) if ln.kind == "heading"]
    levels = [lines[i].rank for i in headings]
    if len(headings) > 1 and levels[0] == 1 and levels.count(1) == 1:
        first = lines[headings[0]]
        lines[headings[0]] = Line(first.no, first.raw, "title", first.content)
    return lines


_NUMBER = re.compile(r"^\s{0,3}(?:#{1,6}\s+)?(?:\*\*|__)?\s*(\d{1,3})\s*[.)、:：]")


def _one_sequence(lines: list[Line]) -> None:
    """Numbered markers that count 1, 2, 3 … in order are one list, whatever their form:
    ``## 1.``, ``**2. …**`` and ``### 3.`` in one review are three points of one rank."""
    marked = [
        (i, int(m.group(1)))
        for i, ln in enumerate(lines)
        if ln.kind in ("heading", "item") and ln.numbered and (m := _NUMBER.match(ln.raw))
    ]
    numbers = [n for _, n in marked]
    ranks = {lines[i].rank for i, _ in marked}
    if len(numbers) < 3 or len(ranks) < 2 or numbers != list(range(1, len(numbers) + 1)):
        return
    rank = min(ranks)
    for i, _ in marked:
        ln = lines[i]
        lines[i] = Line(ln.no, ln.raw, "heading", ln.content, rank, True)


def _item(no: int, raw: str) -> Line | None:
    found = _numbering(raw, bullets=True)
    if found is None:
        return None
    if is_field(found[2]):  # "- Suggested fix: ...": a field, not a point
        return Line(no, raw, "text", found[2])
    return Line(no, raw, "item", found[2], found[0], found[1])  # rank: the kind, fixed later


def _run_in(no: int, raw: str, after_blank: bool) -> Line | None:
    """A paragraph at the margin that opens with a bold head and goes on: a point written as
    a run-in heading. A bold field label (``**Suggested fix:**``) is a field, not a head."""
    match = _RUN_IN.match(raw) if after_blank else None
    if match is None or is_field(raw) or is_field(match.group("head")):
        return None
    return Line(no, raw, "item", raw.strip(), _RUN_IN_KIND, False)


def _strip_numbering(body: str) -> tuple[str, bool]:
    found = _numbering(body, bullets=False)
    return (found[2], found[1]) if found else (body, False)


def _numbering(text: str, *, bullets: bool) -> tuple[int, bool, str] | None:
    """(kind, numbered, the rest) of a marked line; ``**1. Title**`` counts as ``1. Title``."""
    bold = _BOLD_OPEN.match(text)
    plain = text[: bold.start(2)] + text[bold.end(2) :] if bold else text
    for index, (_kind, numbered, pattern) in enumerate(_MARKERS):
        match = pattern.match(plain) if numbered or (bullets and not bold) else None
        if match:
            rest = plain[match.end() :].strip()
            return index, numbered, rest.replace(bold.group(2), "", 1).strip() if bold else rest
    return None


def _is_marker(line: Line) -> bool:
    return line.kind in ("heading", "item")


def _sections(lines: list[Line]) -> list[tuple[int, int]]:
    """(start, end) of every marker's section: up to the next marker of its rank or an outer
    one, a thematic break or the title."""
    found = []
    for i, ln in enumerate(lines):
        if not _is_marker(ln):
            continue
        end = i + 1
        while end < len(lines) and not (
            lines[end].kind in ("rule", "title")
            or (_is_marker(lines[end]) and lines[end].rank <= ln.rank)
        ):
            end += 1
        found.append((i, end))
    return found


def _point_rank(lines: list[Line], find: FindCitations) -> int | None:
    sections = _sections(lines)
    for evidence in (_quoted, _cited):  # with no quote anywhere, citations or severity
        counts: dict[int, list[int]] = {}
        for start, end in sections:
            head = lines[start]
            fields = read_point(head.content, lines[start + 1 : end], find)
            tally = counts.setdefault(head.rank, [0, 0, 0])
            tally[0] += evidence(fields)
            tally[1] += head.numbered
            tally[2] += 1
        ranked = [(c[0], c[1] * 2 >= c[2], -r) for r, c in counts.items() if c[0]]
        if ranked:
            return -max(ranked)[2]
    return None


def _quoted(fields: Fields) -> bool:
    return bool(fields.quotes)


def _cited(fields: Fields) -> bool:
    return bool(fields.citations or fields.severity)


def _point_ranges(lines: list[Line], rank: int, find: FindCitations) -> list[tuple[int, int]]:
    candidates = [(s, e) for s, e in _sections(lines) if lines[s].rank == rank]
    fields = [read_point(lines[s].content, lines[s + 1 : e], find) for s, e in candidates]
    evident = [bool(f.quotes or f.citations or f.severity) for f in fields]
    kept = []
    for n, (start, end) in enumerate(candidates):
        inside = any(evident[:n]) and any(evident[n + 1 :])
        if evident[n] or (inside and (lines[start].kind == "item" or lines[start].numbered)):
            kept.append((start, end))
    ends = {s for s, _ in kept}
    loose = [_loose(lines, s, e) for s, e in kept if e in ends]  # points followed by a point
    compact = lines[kept[0][0]].kind == "item" and not any(loose) if kept else False
    ranges = [(s, e if e in ends else _trim_tail(lines, s, e, compact, find)) for s, e in kept]
    ranges = [part for s, e in ranges for part in _split_titled(lines, s, e, find)]
    return sorted(ranges + _other_forms(lines, ranges, find)) if ranges else ranges


# a paragraph or top-level bullet that opens with a bold title: "**Renewal notice window.** …",
# "- **Fees on Gross Sales:** “…”"
_TITLED = re.compile(r"^(?:[-*+•·]\s+)?(\*\*|__)[^*_\n]{2,150}?\1")


def _split_titled(
    lines: list[Line], start: int, end: int, find: FindCitations
) -> list[tuple[int, int]]:
    """A point of the review's unit that runs on into bold-titled paragraphs or bullets, each
    quoting the contract, holds several points: reviews mix forms ("### Renewal" with its
    quote, then "**Break right.** The clause reads “…”"). It is cut before each such
    paragraph when what comes before it quotes the contract too; a bullet that carries the
    quote of a heading with none of its own stays a part of it."""
    cuts = [start]
    for k in range(start + 1, end):
        line = lines[k]
        if not (
            line.kind == "item"
            and lines[k - 1].kind == "blank"
            and not line.raw[:1].isspace()
            and _TITLED.match(line.raw)
        ):
            continue
        stop = next((j for j in range(k + 1, end) if _is_marker(lines[j])), end)
        own = read_point(line.content, lines[k + 1 : stop], find)
        before = read_point(lines[cuts[-1]].content, lines[cuts[-1] + 1 : k], find)
        if own.quotes and before.quotes:
            cuts.append(k)
    bounds = [*cuts, end]
    return list(pairwise(bounds))


def _other_forms(
    lines: list[Line], points: list[tuple[int, int]], find: FindCitations
) -> list[tuple[int, int]]:
    """Points written in another form than the review's unit: a marker outside every point
    whose own text (up to the next marker) quotes the contract or cites law, as a bold
    paragraph between headed points or a heading after a list of bullets."""
    inside = {i for s, e in points for i in range(s, e)}
    found = []
    for start, end in _sections(lines):
        if start in inside:
            continue
        stop = start + 1
        while stop < end and not (stop in inside or _is_marker(lines[stop])):
            stop += 1
        fields = read_point(lines[start].content, lines[start + 1 : stop], find)
        if fields.quotes or fields.citations:
            found.append((start, _trim_tail(lines, start, stop, False, find)))
    return found


def _loose(lines: list[Line], start: int, end: int) -> bool:
    return any(
        lines[k - 1].kind == "blank"
        and lines[k].kind in ("text", "quote")
        and not lines[k].raw[:1].isspace()
        for k in range(start + 1, end)
    )


def _trim_tail(lines: list[Line], start: int, end: int, compact: bool, find: FindCitations) -> int:
    """Where the last point of a run ends: before a closing paragraph that is not part of it."""
    for k in range(start + 2, end):
        line = lines[k]
        if lines[k - 1].kind != "blank" or line.kind != "text" or line.raw[:1].isspace():
            continue
        if not (compact or _SUMMARY.match(line.content)):
            continue
        tail = read_point("", lines[k:end], find)
        if not (tail.quotes or tail.citations or tail.severity or tail.fix or tail.type):
            return k
    return end


def _unparsed(lines: list[Line], covered: set[int]) -> tuple[str, ...]:
    """Every line outside a point, in blocks split at blank lines and markers, with lines."""
    blocks: list[list[Line]] = []
    for i, line in enumerate(lines):
        if i in covered or line.kind in ("blank", "rule"):
            continue
        starts_block = line.kind in ("title", "heading", "item") or not blocks
        if starts_block or lines[i - 1].kind in ("blank", "rule") or i - 1 in covered:
            blocks.append([line])
        else:
            blocks[-1].append(line)
    out = []
    for block in blocks:
        first, last = block[0].no, block[-1].no
        where = f"line {first}" if first == last else f"lines {first}-{last}"
        out.append(f"{where}: " + "\n".join(ln.raw.strip() for ln in block))
    return tuple(out)
