"""A search view of ``Document.text`` with layout line breaks removed, mapped back exactly.

PDF extraction wraps long lines ("运至甲方指定地点\\n的运输费", "Statement\\nof Work") and a
page break can fall inside a sentence or a figure ("¥80,00\\n0.00"). Parsers match on this
view, where a soft break is dropped (in CJK text, figures included), becomes one space (between
Latin words), or drops a line-end hyphen ("pay-\\nment"); every match is mapped back to
original offsets, so spans and quotes stay exact.

A line break is *hard* (kept as ``\\n``) when:
- a blank line follows (a paragraph break), except at a page boundary;
- the next line starts a heading or a numbered item;
- the line ends a sentence (。；：.;:!?) or is short (below ~80% of the widest lines).

A DOCX's newlines are all hard (``Document.line_breaks == "paragraph"``): each ends a
paragraph or is a line break the author typed, never a wrap, so its view is the text itself.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from pipeline.model import Document, PageMap, Span

HEADING_START = re.compile(
    r"^\s*(?:第[一二三四五六七八九十百零〇\d]+[条章节](?![款项])|[一二三四五六七八九十]+、|（[一二三四五六七八九十]+）(?![项款目])"
    # a bare number before a lower-case word is a quantity ("not less than⏎90 days before …")
    r"|\d{1,3}(?:\.\d{1,3})*[.、．](?!\d)|\d{1,3}(?:\.\d{1,3})+\s|\d{1,3}\s(?![a-z])"
    r"|(?:ARTICLE|Article|SECTION|Section|SCHEDULE|Schedule"
    # "Section 7.3, and except …" wrapped to a line start is a cross-reference, not a heading
    r"|EXHIBIT|Exhibit|ANNEX|Annex)\s+[\dIVXLCA-Z][\d.]*"
    r"(?![\d.]*[ \t]*(?:[,;)]|(?:of|and|or|to|in|shall|above|below|hereof)\b))"
    r"|附件[一二三四五六七八九十\d]*(?:[\s:：、.．《]|$)"
    r"|[甲乙丙丁]方[（(：:])"
)
_SENTENCE_END = "。；：;:!?！？.）)"
# a line that stops on "OR", "of the", "AND": the sentence goes on below, however short the
# line is (capitals wrap early)
_OPEN_END = re.compile(
    # "; and" / ", or" close a list item: the next line is the next item, not the rest
    r"(?<![;,:] )\b(?:[Aa][Nn][Dd]|[Oo][Rr]|[Nn][Oo][Rr]|[Oo][Ff]|[Tt][Hh][Ee]|[Tt][Oo]|[Ii][Nn]"
    r"|[Ff][Oo][Rr]"
    # lower-case "a"/"an" only: "Schedule A" ends a title
    r"|[Bb][Yy]|[Ww][Ii][Tt][Hh]|[Aa][Nn][Yy]|[Uu][Nn][Dd][Ee][Rr]|a|an"
    # "… UNDER SECTION 11 AND AS" / "PROVIDED IN": a capitals paragraph wraps mid-phrase
    r"|[Aa][Ss]|[Ss][Hh][Aa][Ll][Ll]|[Ff][Rr][Oo][Mm]"
    # "… ANY LIMITATION IN THIS⏎ARTICLE XII), …": a determiner waits for its noun
    r"|[Tt][Hh][Ii][Ss]|[Tt][Hh][Ee][Ss][Ee]|[Ii][Tt][Ss]|[Ee][Aa][Cc][Hh]|[Ss][Uu][Cc][Hh]"
    # "not less than⏎90 days", "at least⏎30 days": a comparison waits for its figure
    r"|[Tt][Hh][Aa][Nn]|[Ll][Ee][Aa][Ss][Tt])$"
)
# "… the demonstration units marked in⏎Schedule A.": after a line left open, a reference that
# starts the next line continues the sentence; it heads nothing
_REFERENCE_START = re.compile(
    r"^\s*(?:SCHEDULE|Schedule|EXHIBIT|Exhibit|ANNEX|Annex|APPENDIX|Appendix|SECTION|Section"
    r"|ARTICLE|Article|Clause|CLAUSE)\s+[\dIVXLCA-Z][\d.]*"
)
# "… accepted under Section⏎3.3 (the "Commencement Date")": a line that stops on a reference
# word waits for its number, even across a page's blank lines; the number heads nothing
_REFERENCE_END = re.compile(
    r"(?:\b(?:Sections?|Clauses?|Articles?|Paragraphs?|sub-?clauses?|sub-?sections?)|§)$", re.I
)
# a labelled field of a parties block or a schedule ("Supplier: Suzhou …", "Payee name: …")
_FIELD_LABEL = re.compile(r"^\s*[A-Z][\w'’()/-]*(?:\s+[\w'’()/-]+){0,3}:\s+\S")
_CLOSING_PUNCT = frozenset("，。；：、）」』！？,;")
_ZH_FIELD_START = re.compile(r"^\s*[\u4e00-\u9fff（）()]{2,12}[：:]")
_ZH_FIELD_LABEL = re.compile(r"^\s*(?:注|[\u4e00-\u9fff（）()]{2,12})[：:]\s*\S")
_FIGURE_IN_BRACKETS = re.compile(r"\b[a-z]+[- ]?\(\d[\d,.]*%?\)$")
_NUMBER_ONLY = re.compile(r"^\s*(?:第[一二三四五六七八九十百零〇\d]+条|\d+(?:\.\d+)*[.、]?)\s*$")


def display_width(line: str) -> float:
    """Roughly how wide a line prints: CJK twice a Latin letter, capitals a third wider."""
    return sum(
        2.0 if unicodedata.east_asian_width(c) in "WF" else 1.3 if c.isupper() else 1.0
        for c in line
    )


def _is_cjk(char: str) -> bool:
    return "\u3000" <= char <= "\u9fff" or "\uff00" <= char <= "\uffef"


@dataclass(frozen=True)
class TextView:
    """``text`` is the joined view; ``origin[i]`` is the original offset of ``text[i]``."""

    text: str
    origin: tuple[int, ...]
    source_length: int

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a half-open view range to the smallest original range covering it."""
        if start >= end:
            at = self.origin[start] if start < len(self.origin) else self.source_length
            return at, at
        return self.origin[start], self.origin[end - 1] + 1

    def span(self, document: Document, start: int, end: int) -> Span:
        a, b = self.to_original(start, end)
        return document.span(a, b)


def _mostly_cjk(line: str) -> bool:
    """A line of Chinese text (filled to the margin, cut anywhere), not an English line that
    quotes a Chinese term."""
    letters = [c for c in line if not c.isspace()]
    if not any(c.isascii() and c.isalpha() for c in line[-12:]):
        return True  # a figure cut at the break ("¥80,00⏎0.00元"): no English word to keep
    return sum(_is_cjk(c) for c in letters) * 3 >= len(letters)


def _joiner(line: str, nxt: str) -> str:
    """How a soft break joins two lines: "" (CJK text, or a figure cut mid-number inside CJK
    text: "¥80,00⏎0.00"), " " (between Latin words), or "dehyphenate" ("pay-⏎ment")."""
    prev_ch, next_ch = line[-1], nxt[0]
    if _is_cjk(prev_ch) or _is_cjk(next_ch):
        return ""
    if prev_ch == "." and line[-2:-1].isdigit() and next_ch.isdigit():
        return ""  # "US$1,234.⏎56": a figure cut at its decimal point
    if _mostly_cjk(line) and (
        any(_is_cjk(c) for c in line[-12:]) or any(_is_cjk(c) for c in nxt[:12])
    ):
        return ""  # a CJK line cut inside a figure or a Latin word
    # an English line breaks between words, even before "(定金)": "earnest⏎money (定金)"
    if prev_ch == "-" and line[-2:-1].islower() and next_ch.islower():
        return "dehyphenate"
    return " "


def joined(text: str) -> str:
    """A passage's lines as one line for display, joined the way the view joins soft breaks
    ("as a⏎penalty" -> "as a penalty", "违约⏎金" -> "违约金", "pay-⏎ment" -> "payment")."""
    lines = [line.strip() for line in text.split("\n")]
    out = ""
    for line in lines:
        if not line:
            continue
        if not out:
            out = line
            continue
        how = _joiner(out, line)
        out = out[:-1] + line if how == "dehyphenate" else out + how + line
    return out


def _widest(lines: list[str]) -> float:
    widths = sorted(display_width(line.rstrip()) for line in lines if line.strip())
    if not widths:
        return 0.0
    return widths[int(len(widths) * 0.9)] if len(widths) > 10 else widths[-1]


# a page's number printed in its margin ("第3页 共9页", "Page 3 of 9", "- 3 -"): between two
# pages it is no paragraph break, so a sentence cut by the page goes on after it
PAGE_NUMBER = re.compile(
    r"^\s*(?:第\s*\d+\s*页(?:\s*[/，,、]?\s*共\s*\d+\s*页)?|Page\s+\d+(?:\s+of\s+\d+)?"
    r"|[-–—]\s*\d+\s*[-–—]|\d+\s*/\s*\d+)\s*$",
    re.I,
)
# a "label | value" row: a short label, a bar, and a value
_TWO_CELLS = re.compile(r"^\s*[^|\s][^|]{0,20}?\s*\|\s*\S")
_LEADING_WORD = re.compile(r"[^\s\u3000-\u9fff\uff00-\uffef]+")


def next_word_overflows(line: str, nxt: str, widest: float) -> bool:
    """A line ends short only because the next word did not fit ("… Credit Code" then
    "91320594MA25QW8L3C, registered …"): a long code, address or e-mail wraps whole."""
    word = _LEADING_WORD.match(nxt.lstrip())
    if word is None or len(word.group()) < 4:
        return False
    # widths are estimates of the printed ones: a tenth of slack
    return display_width(line) + 1 + display_width(word.group()) > 0.9 * widest


_TABLE_TITLE = re.compile(
    r"^\s*(?:附件|附表|第[一二三四五六七八九十百\d]+条|Schedule|Annex|Appendix|Exhibit|Part\s)",
    re.I,
)


def _capitals_run_on(line: str, nxt: str, widest: float) -> bool:
    """A paragraph in capitals ("… INCLUDING ANY DEFENSE OR INDEMNIFICATION" then "OBLIGATION,
    EXCEED …"): capitals print wider than the estimate, so a wrapped line looks short. Both
    lines are capitals and the first is well past a heading's width."""
    letters = [c for c in line + nxt if c.isascii() and c.isalpha()]
    if len(letters) < 30 or any(c.islower() for c in letters):
        return False
    return display_width(line) >= 0.6 * widest and not nxt.lstrip()[:1].isdigit()


def _cut_row(lines: list[str], i: int, nxt: str, here: int, previous_row: int) -> bool:
    """Line ``i`` is a table row a wrap cut: the row so far (``here`` bars, counting a part
    already joined above) has fewer bars than the rows just above it, and the next line's bars
    make up the difference (a row has as many bars as the ones before). A row as wide as the
    view's previous row (``previous_row`` bars), or a next line followed by a line of its own
    bar count, is a narrower table instead ("费用项目 | 计算方式 | 金额" and its rows right under
    a five-column table's total row)."""
    above = []
    for line in reversed(lines[max(0, i - 4) : i]):
        if "|" not in line:
            break  # "附件二：交货计划": another table's rows above a title are not this one's
        above.append(line)
    full = max((line.count("|") for line in above), default=0)
    rest = nxt.count("|")
    after = lines[i + 2].count("|") if i + 2 < len(lines) else -1
    if (rest == here and after == here) or previous_row == here:
        return False
    return full >= 2 and 0 < here < full and rest > 0 and here + rest == full


def _last_cell_below(lines: list[str], i: int, nxt: str, widest: float) -> bool:
    """Line ``i`` is a row cut before its last cell: it ends on a bar (a row drawn open, not
    "| … |"), the rows above have as many bars, and the next line, with none, is that cell,
    which did not fit beside it. A short row ending on a bar ("Total | | 339,000 |") has an
    empty last cell."""
    line = lines[i].strip()
    if not line.endswith("|") or line.startswith("|") or "|" in nxt or not nxt.strip():
        return False
    # widths are estimates of the printed ones: a tenth of slack
    if display_width(line) + 1 + display_width(nxt.split()[0]) <= 0.9 * widest:
        return False
    above = lines[i - 1].strip() if i else ""
    return above.count("|") == line.count("|") and not above.endswith("|")


def _two_columns(lines: list[str], i: int) -> bool:
    """The table line ``i`` is in is a "label | value" schedule: no line since its title (or in
    the 40 lines above) has more than one bar, and some have one. In a wider table a one-bar
    line is the rest of a cut row ("…书面签认" then "待定 | 按季度")."""
    most = 0
    for line in reversed(lines[max(0, i - 40) : i + 1]):
        most = max(most, line.count("|"))
        if _TABLE_TITLE.match(line):
            break
    return most == 1


def build_view(document: Document) -> TextView:
    """Join soft line breaks; keep every other character at its original offset.

    Cached per document, since ParseEntities and ValidateRules both need the view."""
    starts = document.page_map.page_starts if document.page_map is not None else (0,)
    return _cached_view(document.text, starts, document.line_breaks == "paragraph")


@lru_cache(maxsize=4)
def _cached_view(text: str, page_starts: tuple[int, ...], paragraphs: bool) -> TextView:
    if paragraphs:  # every newline ends a paragraph: nothing to join
        return TextView(text=text, origin=tuple(range(len(text))), source_length=len(text))
    document = Document(
        source_path="",
        sha256="0" * 64,
        media_type="text",
        text=text,
        page_map=PageMap(page_starts=page_starts, text_length=len(text)),
    )
    return _build_view(document)


def _build_view(document: Document) -> TextView:
    text = document.text
    page_starts = set(document.page_map.page_starts[1:] if document.page_map else ())
    lines = text.split("\n")
    widest = _widest(lines)
    full = widest * 0.8
    out: list[str] = []
    origin: list[int] = []
    offset = 0
    row_start = 0  # where the view's current line begins in ``out``
    previous_row = 0  # the bars of the view's line before it
    i = 0
    while i < len(lines):
        line = lines[i]
        for k, ch in enumerate(line):
            out.append(ch)
            origin.append(offset + k)
        offset += len(line)
        if i == len(lines) - 1:
            break
        # Look past blank lines, which are a paragraph break unless a page break made them.
        j = i + 1
        gap_end = offset + 1
        while j < len(lines) - 1 and (not lines[j].strip() or PAGE_NUMBER.match(lines[j])):
            gap_end += len(lines[j]) + 1
            j += 1
        crosses_page = any(offset < p <= gap_end for p in page_starts)
        nxt = lines[j]
        stripped = line.rstrip()
        soft = bool(stripped) and bool(nxt.strip())
        awaits_number = bool(_REFERENCE_END.search(stripped)) and nxt.lstrip()[:1].isdigit()
        if soft and j > i + 1 and not crosses_page and not awaits_number:
            soft = False
        if soft and HEADING_START.match(nxt) and not awaits_number:
            soft = bool(_OPEN_END.search(stripped)) and bool(_REFERENCE_START.match(nxt))
        if soft and nxt.count("|") >= 2:
            soft = False  # a table row ("期次 | 比例 | 金额") starts a line; a wrapped row joins
        if soft and nxt.count("|") == 1 and _TWO_CELLS.match(nxt) and _two_columns(lines, i):
            soft = False  # "明档厨房 | 面档采用…" in a "label | value" schedule: a row starts
        if soft and stripped.lstrip().startswith("|") and stripped.endswith("|") and "|" not in nxt:
            soft = False  # "| … | 23.40 |" is a row drawn closed: a heading below is no part of it
        bars = stripped.count("|")
        if soft and bars and nxt.count("|") == bars == (lines[i - 1].count("|") if i else 0):
            soft = False  # a run of two-column rows ("提成比例 | 另行协商确定"): one row a line
        if soft and _FIELD_LABEL.match(nxt):
            soft = False  # "Supplier: …", "Payee name: …": a field of a block starts its line
        if soft and stripped.count("|") >= 2 and _ZH_FIELD_LABEL.match(nxt):
            soft = False  # a table's last row, then "合同总价款大写：…" below it
        if soft and _ZH_FIELD_START.match(stripped) and _ZH_FIELD_START.match(nxt):
            soft = False  # "甲方（盖章）：…" then "负责人（签字）：": a block of fields
        continues = nxt.lstrip()[:1].islower() and stripped[-1:] not in tuple(_SENTENCE_END)
        # "twelve (12)" then "months each" or "Contract Year each": a bracket closing a figure
        # is no sentence end, whatever case the next word takes
        bracket_runs_on = stripped[-1:] in (")", "）") and (
            nxt.lstrip()[:1].islower() or bool(_FIGURE_IN_BRACKETS.search(stripped))
        )
        # "人民币70,000.⏎00元": a decimal point is no full stop when digits go on below
        decimal_cut = (
            stripped[-2:-1].isdigit() and stripped[-1:] == "." and nxt.lstrip()[:1].isdigit()
        )
        ends_line = (
            stripped[-1:] in tuple(_SENTENCE_END) and not bracket_runs_on and not decimal_cut
        ) or (
            display_width(stripped) < full
            and not continues
            and not _OPEN_END.search(stripped)
            and not next_word_overflows(stripped, nxt, widest)
            and not _capitals_run_on(stripped, nxt, widest)
        )
        # no line begins with "，" or "）": a wrap put it there (a renderer without kinsoku rules)
        closes = nxt.lstrip()[:1] in _CLOSING_PUNCT and "|" not in nxt
        if soft and not _NUMBER_ONLY.match(stripped) and ends_line and not awaits_number:
            soft = closes
        row_so_far = "".join(out[row_start:]).count("|")
        if (
            not soft
            and (j == i + 1 or crosses_page)
            and _cut_row(lines, i, nxt, row_so_far, previous_row)
        ):
            soft = True  # "4 | HVAC installed | 10 October" then "2025 | 15% | 729,000"
        if not soft and j == i + 1 and _last_cell_below(lines, i, nxt, widest):
            soft = True  # "备份要求 | 每日增量备份 | — |" then "数据恢复点不早于故障前24小时"
        if soft:
            joiner = _joiner(stripped, nxt.lstrip())
            if joiner == "dehyphenate" and out[-1] == "-":
                out.pop()
                origin.pop()
            elif joiner == " " or _NUMBER_ONLY.match(stripped):
                out.append(" ")
                origin.append(offset)
            offset = gap_end
            i = j
            continue
        previous_row = "".join(out[row_start:]).count("|")
        out.append("\n")
        origin.append(offset)
        row_start = len(out)
        offset += 1
        i += 1
    return TextView(text="".join(out), origin=tuple(origin), source_length=len(text))


def clear_caches() -> None:
    """Forget cached views (for benchmarks that time the same document repeatedly)."""
    _cached_view.cache_clear()
