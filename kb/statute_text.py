"""Split a statute's text into articles, with the heading path above each one.

Recognised article starts (at the beginning of a line):
- Chinese: ``第五百八十五条 ...`` (Chinese or Arabic numerals, optional ``之一``);
- English: ``§ 2. Caption``, ``### § 2. Caption`` (Markdown), ``§ 28:2-302 Caption``,
  ``§ 28-3502 Caption``, ``Section 2. Caption``.

Headings are Markdown ``#`` lines, or plain-text 编/分编/章/节 and Chapter/Article/Part lines.
The document's first level-1 Markdown heading is its title and is left out of the path.
Offsets are kept so a PDF loader can map each article to the page it starts on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.numerals import CN_NUMERAL_CHARS, cn_to_int

_N = f"[{CN_NUMERAL_CHARS}0-9]+"
CN_ARTICLE = re.compile(rf"^第({_N})条(?:之({_N}))?(?:[\s\u3000]+|$)")
EN_SECTION = re.compile(r"^(?:#{1,6}\s*)?§\s*(\d[\w:.\-]*?)\.?(?:\s+(.*))?$")
EN_SECTION_WORD = re.compile(
    r"^(?:#{1,6}\s*)?(?:Section|SECTION|Sec\.)\s+(\d[\w.\-]*?)\.?(?:\s+(.*))?$"
)
MD_HEADING = re.compile(r"^(#{1,6})\s+(.*\S)\s*$")
CN_HEADING = re.compile(rf"^第{_N}(分编|编|章|节)(?:[\s\u3000].*)?$")
EN_HEADING = re.compile(r"^(?:CHAPTER|Chapter|ARTICLE|Article|PART|Part)\s+[\dIVXLC]+\b.{0,120}$")
_CN_HEADING_LEVEL = {"编": 2, "分编": 3, "章": 4, "节": 5}
_EN_HEADING_LEVEL = {"article": 2, "chapter": 3, "part": 4}
# Annotations that are not statute text: D.C. history notes and U.S. Code source credits.
_NOT_TEXT = re.compile(r"^(\[History:.*\]|\(.*\b\d+ Stat\. \d+.*\)\.?)$")
INFO_END = "<!-- INFO END -->"


@dataclass(frozen=True)
class ParsedArticle:
    label: str  # as written: 第五百八十五条, § 2, § 28:2-302
    article_id: str  # normalised: 585, 585-1 (之一), 2, 28:2-302
    number: int | None  # integer article number for Chinese articles
    caption: str  # English section caption; empty for Chinese articles
    text: str  # body paragraphs joined by "\n", without label and annotations
    heading_path: tuple[str, ...]
    start: int  # half-open char offsets of the article in the parsed text
    end: int


@dataclass
class _Open:
    label: str
    article_id: str
    number: int | None
    caption: str
    lines: list[str]
    path: tuple[str, ...]
    start: int
    end: int


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def parse_articles(text: str) -> list[ParsedArticle]:
    """Return the articles of ``text`` in order. Text before any article is ignored."""
    # Before the INFO END marker only headings count: the rest is enactment metadata.
    preamble_end = max(text.find(INFO_END), 0)
    offset = 0
    articles: list[ParsedArticle] = []
    stack: list[tuple[int, str]] = []
    seen_title = False
    current: _Open | None = None

    def close() -> None:
        nonlocal current
        if current is not None:
            body = "\n".join(line for line in current.lines if line)
            articles.append(
                ParsedArticle(
                    current.label,
                    current.article_id,
                    current.number,
                    current.caption,
                    body,
                    current.path,
                    current.start,
                    current.end,
                )
            )
            current = None

    def push_heading(level: int, title: str) -> None:
        while stack and stack[-1][0] >= level:
            stack.pop()
        stack.append((level, _squash(title)))

    seen_ids: set[str] = set()
    for raw_line in text.splitlines(keepends=True):
        line_start, offset = offset, offset + len(raw_line)
        line = raw_line.strip()
        if not line or line == INFO_END:
            continue
        started = _article_start(line) if line_start >= preamble_end else None
        if started is not None and started[1] not in seen_ids:
            close()
            label, article_id, number, caption, first = started
            seen_ids.add(article_id)
            path = tuple(title for _, title in stack)
            current = _Open(label, article_id, number, caption, [first], path, line_start, offset)
            continue
        heading = _heading(line, seen_title)
        if heading is not None:
            level, title = heading
            if level == 0:
                seen_title = True
                continue
            close()
            push_heading(level, title)
            continue
        if current is not None and line_start >= preamble_end:
            if not _NOT_TEXT.match(line):
                current.lines.append(_squash(line))
            current.end = offset
    close()
    return articles


def _article_start(line: str) -> tuple[str, str, int | None, str, str] | None:
    match = CN_ARTICLE.match(line)
    if match:
        number = cn_to_int(match.group(1))
        article_id = str(number)
        label = match.group(0).strip()
        if match.group(2):
            article_id = f"{number}-{cn_to_int(match.group(2))}"
        return label, article_id, number, "", _squash(line[match.end() :])
    for pattern in (EN_SECTION, EN_SECTION_WORD):
        match = pattern.match(line)
        if match:
            number_text = match.group(1)
            sign = "§" if pattern is EN_SECTION else "Section"
            return f"{sign} {number_text}", number_text, None, _squash(match.group(2) or ""), ""
    return None


def _heading(line: str, seen_title: bool) -> tuple[int, str] | None:
    """(level, title) for a heading line; level 0 marks the document title."""
    match = MD_HEADING.match(line)
    if match:
        level = len(match.group(1))
        if level == 1 and not seen_title:
            return 0, match.group(2)
        return level, match.group(2)
    match = CN_HEADING.match(line)
    if match and len(line) <= 40:
        return _CN_HEADING_LEVEL[match.group(1)], line
    if EN_HEADING.match(line):
        return _EN_HEADING_LEVEL[line.split()[0].lower()], line
    return None
