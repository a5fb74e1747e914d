"""Tables written as ``a | b | c`` lines, read from the document's own lines: cells with their
offsets and the figure each holds, rows that a PDF page break or line wrap cut made whole again.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from pipeline.entities.textview import PAGE_NUMBER, display_width, next_word_overflows

_NUMBER = re.compile(
    r"^[^\d\-]*?(?P<num>-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?)\s*(?P<pct>%|％)?[^\d]*$"
)
# What may stand around a figure in a cell that is a figure: currency and unit words only
# ("人民币88,000元", "US$ 1,200", "25%"); "Hypercare (30 days)" is a description.
_UNITS = re.compile(
    r"人民币|RMB|CNY|USD|US\$|EUR|GBP|HK\$|[¥￥$€£]|万元|元|整"
    r"|\(?(?:ex|in)cl(?:uding|\.)? VAT\)?|\s",
    re.I,
)
_MAX_RESIDUE = 3


@dataclass(frozen=True)
class Cell:
    text: str
    start: int  # view offset
    value: float | None
    percent: bool


def _cell(stripped: str, start: int) -> Cell:
    m = _NUMBER.match(stripped) if stripped else None
    if m is not None:
        residue = _UNITS.sub("", stripped[: m.start("num")] + stripped[m.end("num") :])
        if len(residue.replace("%", "").replace("％", "")) > _MAX_RESIDUE:
            m = None
    if m is not None and _YEAR.fullmatch(m.group("num")):
        after = _UNITS.sub("", stripped[m.end("num") :])
        if _WORDS.search(after):
            m = None  # "2026 Summit (US$)", "2027年度": a column's year, not a figure
    value = float(m.group("num").replace(",", "")) if m else None
    return Cell(stripped, start, value, bool(m and m.group("pct")))


_YEAR = re.compile(r"(?:19|20)\d\d")
_DATED = re.compile(
    r"(?:19|20)\d\d\s*年\s*\d{1,2}\s*月|\b(?:19|20)\d\d-\d\d-\d\d\b"
    r"|\b\d{1,2}\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+(?:19|20)\d\d"
    r"|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d\d"
)
_WORDS = re.compile(r"[A-Za-z]{2,}|[\u4e00-\u9fff]")
_MID_PHRASE = re.compile(
    r"(?:[,，、(（/-]|\b(?:and|or|of|the|to|for|in|with|be|by|at|on|per|a|an|To be))\s*$"
)


def _cells(line: str, offset: int, lead_cell: bool = False) -> list[Cell]:
    """The cells of a line; ``lead_cell`` keeps an empty first cell of a line that opens on a
    bar but does not close on one ("| 合计 | 38,624,500.00" under "序号 | 项目名称 | 金额")."""
    out: list[Cell] = []
    pos = 0
    pieces = line.split("|")
    edges = (len(pieces) - 1,) if lead_cell and pieces[-1].strip() else (0, len(pieces) - 1)
    for k, raw in enumerate(pieces):
        if not raw.strip() and k in edges:
            pos += len(raw) + 1
            continue  # the empty edge of "| a | b |"
        lead = len(raw) - len(raw.lstrip())
        out.append(_cell(raw.strip(), offset + pos + lead))
        pos += len(raw) + 1
    return out


def pipe_rows(text: str) -> Iterator[list[Cell]]:
    """Every line with a '|' as its cells, two-column rows too ("Phase 2 delivery | 15
    September 2025"), which :func:`pipe_tables` leaves out as too narrow to be a table."""
    offset = 0
    for line in text.replace("｜", "|").split("\n"):
        if "|" in line:
            yield _cells(line, offset)
        offset += len(line) + 1


def _rejoin(previous: list[Cell], row: list[Cell]) -> list[Cell]:
    """A row a page's line wrap cut inside a cell ("On or before 17 March" / "2025 | 20% | …"):
    the cut cell's two halves made one again. The text between the halves is one space in the
    view, so the joined cell keeps exact offsets only for its first half; it is never quoted."""
    head, tail = previous[-1], row[0]
    return [*previous[:-1], _cell(f"{head.text} {tail.text}".strip(), head.start), *row[1:]]


def pipe_tables(text: str, max_gap: int = 3) -> Iterator[list[list[Cell]]]:
    """Runs of lines with at least two '|' separators. A page break (a footer, a header, a
    blank line) may fall inside a table: rows with the same number of cells that resume
    within ``max_gap`` lines continue the same table. A PDF line wrap cuts a long row: the
    line after one that fills the page's width continues it (:func:`_continue`)."""
    # a full-width bar (｜) separates cells as '|' does; both are one character, so offsets hold
    lines = text.replace("｜", "|").split("\n")
    widest = max((display_width(line) for line in lines), default=0)
    full = 0.85 * widest
    table: list[list[Cell]] = []
    gap = 0
    offset = 0
    previous = ""
    # a full-width line without bars after a complete row: maybe a long first cell that a wrap
    # cut ("Catering coordination … welcome" / "reception …) | per attendee | 350 |" / "118 | …")
    opening: Cell | None = None
    edged = False  # the table is drawn "| a | b |", each row closed on a bar
    for line in lines:
        page_break = not line.strip() or bool(PAGE_NUMBER.match(line))
        open_row = len(table[-1]) < len(table[0]) if table else False
        open_row = open_row or (edged and _open_edge(previous))
        if table and not gap and page_break and open_row:
            offset += len(line) + 1
            continue  # a page break (blank, or "第8页 共9页") inside a cut row: it goes on after
        if table and not gap and line.strip() and _continues(table, previous, line, full, edged):
            table[-1] = _continue(table[-1], previous, line, offset)
        elif line.count("|") >= 2 or (
            table
            and not gap
            and line.count("|") == 1
            # one bar inside an open table, on a full-width line or ending on the bar: a row
            # a wrap cut short ("第一阶段 现状诊断 |" then its cells on the lines below)
            and (display_width(line) >= 0.75 * widest or line.rstrip().endswith("|"))
        ):
            # after a whole row of a table not drawn "| a | b |", a line opening on a bar is a
            # row whose first cell is empty
            lead_cell = bool(table) and not edged and len(table[-1]) >= len(table[0])
            row = _cells(line, offset, lead_cell)
            whole_or_cut = len(row) == len(table[0]) if table else False
            whole_or_cut = whole_or_cut or line.rstrip().endswith("|")
            if opening is not None and gap == 1 and whole_or_cut and _opens(opening, row, table):
                row = _rejoin([opening], row)
                gap = 0
            # a header names columns: it holds no figure and no date ("第四节点 | … | 2026年2月10日"
            # after a page break is the table going on)
            header_row = _names_only(row)
            # a row that ends on a bar short of the header's cells goes on below, as does a
            # one-bar line (let in above only as a cut row) or one that fills the page and
            # stops mid-phrase ("…, type 01,"): it is no narrower table
            cut = (
                bool(table)
                and len(row) < len(table[0])
                and (
                    line.rstrip().endswith("|")
                    or line.count("|") == 1
                    or (display_width(line) >= full and bool(_MID_PHRASE.search(line)))
                )
            )
            if table and gap and ((len(row) != len(table[-1]) and not cut) or header_row):
                yield table  # a new table: other columns, or a header after a break
                table = []
            elif table and header_row and not cut and _new_header(table, row):
                yield table  # a PDF drops the blank line between two tables
                table = []
            if not table:
                edged = line.strip().startswith("|")
            table.append(row)
            gap = 0
            opening = None
        elif table:
            gap += 1
            wrapped = gap == 1 and len(table[-1]) >= len(table[0]) and display_width(line) >= full
            opening = (
                _cell(line.strip(), offset + len(line) - len(line.lstrip())) if wrapped else None
            )
            if gap > max_gap:
                yield table
                table, gap = [], 0
        offset += len(line) + 1
        previous = line
    if table:
        yield table


def _new_header(table: list[list[Cell]], row: list[Cell]) -> bool:
    """A row of column names, of another width, right after a complete row: the next table."""
    return len(table) > 1 and len(row) != len(table[0]) and len(table[-1]) >= len(table[0])


def _at_bar(previous: str, line: str) -> bool:
    return previous.rstrip().endswith("|") or line.lstrip().startswith("|")


def _continues(
    table: list[list[Cell]], previous: str, line: str, full: float, edged: bool = False
) -> bool:
    """``line`` is the rest of the row above: that row is short of the header's cells and
    ``line`` supplies some or all of the missing ones (or has no '|'), or ``line`` has no '|' and
    the row above filled the page's width (a header's last cell wrapped)."""
    width, row = len(table[0]), table[-1]
    if edged and _cut_inside_edges(previous, line):
        return True
    if len(row) < width:
        if "|" not in line:
            return True
        # a long row may wrap over several lines ("… jib 60" / "m, … | 2 Units | 46,000" /
        # "per Unit per month | 10 | 920,000"): each line adds cells until the header's count
        pieces = len(_cells(line, 0))
        return len(row) + pieces - (0 if _at_bar(previous, line) else 1) <= width
    # only a header's last cell is taken to wrap onto a line of its own ("Value"): after a
    # data row such a line is more often the caption of what follows, unless the line before
    # was itself a full-width wrap of that row's last cell (a long payment term on three lines)
    # a header that closes on a bar in a table not drawn "| a | b |" has more names below
    header_cut = len(table) == 1 and not edged and previous.rstrip().endswith("|")
    if (
        display_width(previous) < full
        and not next_word_overflows(previous, line, full / 0.85)
        and not header_cut
    ):
        return False
    if "|" in line:
        # a header filling the page wraps its last names ("… | Copper" / "content (kg) |
        # Quantity per Lot"): words only, on fewer bars than the header has
        return (
            len(table) == 1
            # fewer bars, or the last name left a bracket open ("(RMB per coil, incl.")
            and (line.count("|") < previous.count("|") or previous.count("(") > previous.count(")"))
            and _header_words(_cells(line, 0))
        )
    return (
        len(table) == 1
        or "|" not in previous
        or _completes_figure(row[-1].text, line)
        # "… | 1.34 | To be" then "specified": the last cell stops mid-phrase
        or (bool(_MID_PHRASE.search(row[-1].text)) and line.strip()[:1].islower())
    )


def _opens(opening: Cell, row: list[Cell], table: list[list[Cell]]) -> bool:
    """The full-width line without bars is the start of ``row``'s first cell: that cell goes on
    in lower case, or the row holds a figure or date (a header of names follows a caption) and
    is short of cells, or the line stops mid-phrase or mid-way in Chinese (a note between rows
    ends its sentence)."""
    first = row[0].text if row else ""
    if first[:1].islower():
        return True  # "reception on Event Start Date) | per attendee | …"
    if _names_only(row):
        return False  # a caption, then the next table's header ("Part B - Fees" / "Item | …")
    return (
        len(row) < len(table[0])
        or bool(_MID_PHRASE.search(opening.text))
        or bool(re.search(r"[\u4e00-\u9fff]$", opening.text))
    )


def _open_edge(line: str) -> bool:
    """A row of a "| a | b |" table that opens on a bar and does not close on one."""
    stripped = line.strip()
    return stripped.startswith("|") and not stripped.endswith("|") and stripped.count("|") >= 2


def _cut_inside_edges(previous: str, line: str) -> bool:
    """A table drawn "| a | b | c |": a row that opens on a bar but does not close on one was cut
    inside its last cell, and the line that closes it ("| Spare parts | All series | Impellers,
    seals and" / "repair kits |") is that cell's end."""
    now = line.strip()
    return _open_edge(previous) and not now.startswith("|") and now.endswith("|")


def _header_words(row: list[Cell]) -> bool:
    """The rest of a wrapped header: names, where a share inside a name ("13% VAT) | Copper
    content") is part of the name, not a figure."""
    return all(
        not _DATED.search(c.text)
        and (c.value is None or (c.percent and bool(_WORDS.search(c.text))))
        for c in row
    )


def _names_only(row: list[Cell]) -> bool:
    """Column names: no cell holds a figure or a date."""
    return all(c.value is None and not _DATED.search(c.text) for c in row)


def _completes_figure(head: str, line: str) -> bool:
    """A wrap cut a date or an amount in the row's last cell ("11" / "June 2037", "RMB" /
    "1,080,000"): the line finishes it, which a caption below a table does not."""
    joined = f"{head} {line.strip()}"
    date = _DATED.search(joined)
    if date is not None and date.start() < len(head) < date.end():
        return True
    return _cell(head, 0).value is None and _cell(joined, 0).value is not None


def _continue(row: list[Cell], previous: str, line: str, offset: int) -> list[Cell]:
    """``row`` with the rest of it that a wrap put on ``line``: new cells when the wrap fell
    at a '|', else the cut cell made whole again."""
    piece = _cells(line, offset)
    if not piece:
        return row
    if _at_bar(previous, line):
        return [*row, *piece]
    return _rejoin(row, piece)


# "措施项目费：2,620,000.00（其中安全文明施工费786,000.00）", "Total: RMB 4,800,000": a label, a
# colon and a figure, with at most a bracketed note after it
_COLON_ROW = re.compile(
    r"^\s*(?P<label>[^:：|\n]{1,60}?)\s*[:：]\s*"
    r"(?P<fig>(?:人民币|RMB|CNY|USD|US\$|GBP|EUR|HK\$|[¥￥$€£])?\s*"
    r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*(?:万元|元)?)"
    r"\s*(?:[（(][^)）]*[)）])?\s*[。;；.]?\s*$",
    re.I,
)
_MIN_LIST_ROWS = 3
# the rest of a figure a wrap cut, alone on its line ("0.00", "000.00元（含税）")
_FIGURE_REST = re.compile(
    r"^\s*[\d,]*\d(?:\.\d+)?\s*(?:万元|元)?\s*(?:[（(][^)）]*[)）])?\s*[。;；.]?\s*$"
)


def colon_lists(text: str) -> Iterator[list[list[Cell]]]:
    """Runs of at least three consecutive "label: figure" lines, each read as a row of two
    cells: a price breakdown written as a list is a table without bars."""
    rows: list[list[Cell]] = []
    offset = 0
    lines = text.split("\n")
    skip = False
    for i, line in enumerate(lines):
        if skip:  # the second half of a row joined below
            skip = False
            offset += len(line) + 1
            continue
        m = _COLON_ROW.match(line) if "|" not in line and "｜" not in line else None
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        # a wrap put the colon at the start of the next line ("…通风空调" / "：61,200,000.00"):
        # no line of text begins with one, so the two are one row
        # or cut the figure ("…：61,200,00" / "0.00")
        cut_figure = line.rstrip()[-1:].isdigit() and bool(_FIGURE_REST.match(nxt))
        if m is None and (nxt.lstrip()[:1] in (":", "：") or cut_figure) and "|" not in line + nxt:
            m = _COLON_ROW.match(line.rstrip() + nxt.lstrip())
            skip = m is not None
        if m is not None:
            label = Cell(m.group("label").strip(), offset + m.start("label"), None, False)
            fig = m.group("fig").strip()
            at = m.start("fig") + m.group("fig").find(fig)
            if at >= len(line.rstrip()):  # the figure is on the next line
                at += len(line) - len(line.rstrip()) + 1 + len(nxt) - len(nxt.lstrip())
            rows.append([label, _cell(fig, offset + at)])
        else:
            if len(rows) >= _MIN_LIST_ROWS:
                yield rows
            rows = []
        offset += len(line) + 1
    if len(rows) >= _MIN_LIST_ROWS:
        yield rows


def two_column_tables(text: str) -> Iterator[list[list[Cell]]]:
    """Runs of two or more lines with exactly one '|': a "label | value" schedule ("项目 | 约定
    内容", "Item | Agreed term"), which :func:`pipe_tables` leaves out since one bar is as
    often prose."""
    run: list[list[Cell]] = []
    offset = 0
    for line in text.replace("｜", "|").split("\n"):
        if line.count("|") == 1 and all(part.strip() for part in line.split("|")):
            run.append(_cells(line, offset))
        else:
            if len(run) >= 2:
                yield run
            run = []
        offset += len(line) + 1
    if len(run) >= 2:
        yield run
