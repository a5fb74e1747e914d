"""Paragraphs rebuilt from a PDF's (or text file's) lines, for the Word files of a review.

A PDF's text is lines as the page laid them out: a sentence wraps onto the next line, a page
break cuts a clause, and every page repeats its header and footer ("第1页 共5页", "CONFIDENTIAL").
Written into Word line by line, that is a paragraph per printed line, with the footers inside
the clauses. So, before the document is written:

- **headers and footers** are dropped: a line among the first or last two of a page that recurs,
  digits aside, at the same end of at least half the pages (and at least two);
- **wrapped lines are joined** the way the rules read them (:mod:`pipeline.entities.textview`:
  nothing between CJK characters, a space between Latin words, "pay-⏎ment" → "payment"); a
  line that ends a sentence, is short, or is followed by a numbered item stays a paragraph;
- **clause numbers stay** as the text has them ("1.1" alone on its line joins its clause as
  "1.1 …"); blank lines between paragraphs collapse to one break.

``origin`` maps every character back to its offset in the review's text, so findings and edits,
which are spans of that text, land on the same words.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass

from pipeline.entities.textview import build_view
from pipeline.model import Document, PageMap

EDGE_LINES = 2  # how many lines at each end of a page can be a header or footer
_DIGITS = re.compile(r"[0-9０-９]+|[一二三四五六七八九十]+(?=\s*页)")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class Rebuilt:
    """The rebuilt text; ``origin[i]`` is the review-text offset of ``text[i]``."""

    text: str
    origin: tuple[int, ...]
    source_length: int
    dropped: tuple[tuple[int, int], ...]  # review-text ranges of the headers and footers

    def offset(self, original: int) -> int:
        """The rebuilt offset of a review-text offset (the first character at or after it)."""
        return bisect_left(self.origin, original)

    def span(self, start: int, end: int) -> tuple[int, int]:
        return self.offset(start), self.offset(end)


def _shape(line: str) -> str:
    """A line with its page numbers blanked: "第 3 页 共 5 页" and "第 4 页 共 5 页" agree."""
    return _SPACES.sub(" ", _DIGITS.sub("#", line.strip()))


def _page_lines(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The non-blank lines of ``text[start:end]`` as (start, end) offsets, no newline."""
    lines: list[tuple[int, int]] = []
    at = start
    while at < end:
        stop = text.find("\n", at, end)
        stop = end if stop < 0 else stop
        if text[at:stop].strip():
            lines.append((at, stop))
        at = stop + 1
    return lines


def running_lines(document: Document) -> list[tuple[int, int]]:
    """The (start, end) of every header or footer line, newline excluded."""
    text = document.text
    starts = document.page_map.page_starts if document.page_map is not None else (0,)
    if len(starts) < 2:
        return []
    bounds = [*starts[1:], len(text)]
    edges: list[list[tuple[str, tuple[int, int]]]] = []
    counts: Counter[str] = Counter()
    for start, end in zip(starts, bounds, strict=True):
        lines = _page_lines(text, start, end)
        page = [("top", line) for line in lines[:EDGE_LINES]]
        page += [("bottom", line) for line in lines[-EDGE_LINES:] if line not in lines[:EDGE_LINES]]
        keyed = [(f"{where}:{_shape(text[a:b])}", (a, b)) for where, (a, b) in page]
        counts.update({key for key, _ in keyed})  # once per page
        edges.append(keyed)
    needed = max(2, (len(starts) + 1) // 2)
    return sorted(
        {line for page in edges for key, line in page if counts[key] >= needed},
    )


def rebuild_paragraphs(document: Document) -> Rebuilt:
    """The document's paragraphs: headers and footers out, wrapped lines joined. A Word
    file's text is paragraphs already (its headers and footers were never in it)."""
    text = document.text
    if document.line_breaks == "paragraph":
        return Rebuilt(text, tuple(range(len(text))), len(text), ())
    dropped = running_lines(document)
    kept: list[str] = []
    kept_origin: list[int] = []
    cursor = 0
    for start, end in dropped:
        stop = end + 1 if text[end : end + 1] == "\n" else end  # the line and its break
        kept.append(text[cursor:start])
        kept_origin.extend(range(cursor, start))
        cursor = stop
    kept.append(text[cursor:])
    kept_origin.extend(range(cursor, len(text)))
    cleaned = "".join(kept)
    page_starts = _kept_page_starts(document, kept_origin)
    view = build_view(
        Document(
            source_path=document.source_path,
            sha256=document.sha256,
            media_type="text",
            text=cleaned,
            page_map=PageMap(page_starts=page_starts, text_length=len(cleaned)),
            line_breaks=document.line_breaks,
        )
    )
    out: list[str] = []
    origin: list[int] = []
    for char, at in zip(view.text, view.origin, strict=True):
        if char == "\n" and (not out or out[-1] == "\n"):
            continue  # a blank line: one paragraph break is enough
        out.append(char)
        origin.append(kept_origin[at] if at < len(kept_origin) else len(text))
    while out and out[-1] == "\n":
        out.pop()
        origin.pop()
    return Rebuilt("".join(out), tuple(origin), len(text), tuple(dropped))


def _kept_page_starts(document: Document, kept_origin: list[int]) -> tuple[int, ...]:
    starts = document.page_map.page_starts if document.page_map is not None else (0,)
    mapped = sorted({bisect_left(kept_origin, s) for s in starts} | {0})
    return tuple(mapped)
