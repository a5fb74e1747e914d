"""Intake of real .docx files: text, numbering, tables, headers and footers, tracked changes,
and the map from every offset to its paragraph, table cell and clause."""

from __future__ import annotations

import string
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.config import IntakeLimits
from pipeline.entities.textview import build_view
from pipeline.model import Document
from pipeline.stages.intake import read_document
from tests.intake_docx.builder import (
    add_list,
    delete_mark,
    delete_row,
    insert_mark,
    new_document,
    number,
    numbered,
    restart_list,
    save,
    tracked_paragraph,
)
from tests.intake_docx.conftest import PAYMENT_TABLE, ZH_FOOTER, ZH_HEADER, Built


def _read(path: Path) -> Document:
    return read_document(path, IntakeLimits())


def _paragraph_ranges(document: Document) -> dict[int, tuple[int, int]]:
    """¶ -> [first offset, last offset] it owns, from the map itself, offset by offset."""
    assert document.paragraph_map is not None
    owned: dict[int, tuple[int, int]] = {}
    for offset in range(len(document.text)):
        n = document.paragraph_map.paragraph_of(offset)
        first, _ = owned.get(n, (offset, offset))
        owned[n] = (first, offset)
    return owned


def test_zh_contract_text_numbering_and_paragraph_map(zh_sale: tuple[Path, Built]) -> None:
    path, built = zh_sale
    document = _read(path)
    assert document.media_type == "docx" and document.page_map is None
    assert document.pages is None and document.line_breaks == "paragraph"
    # Word's numbers are in the text: 第一条 … 第四条, and 1.1, 2.1 … in legal style
    assert document.text == built.text
    assert "第二条 价款及支付方式\n2.1 合同总价款" in document.text
    # every offset maps to the paragraph it came from; a paragraph owns its line and the
    # newline after it, a table cell its text and the " | " after it
    owned = _paragraph_ranges(document)
    line_start = 0
    number = 0
    for line in built.lines:
        cells = line.split(" | ") if " | " in line else [line]
        cell_start = line_start
        for k, cell in enumerate(cells):
            number += 1
            last = k == len(cells) - 1
            width = len(cell) + (0 if last else len(" | "))
            if cell_start + len(cell) < len(document.text) and last:
                width += 1  # the newline
            assert owned[number] == (cell_start, cell_start + width - 1), (number, cell)
            cell_start += len(cell) + len(" | ")
        line_start += len(line) + 1
    assert number == built.count == max(owned)


def test_zh_anchors_name_the_clause_and_paragraph(zh_sale: tuple[Path, Built]) -> None:
    path, built = zh_sale
    document = _read(path)
    deposit = document.text.index("¥300,000.00")
    span = document.span(deposit, deposit + len("¥300,000.00"))
    assert span.page is None and span.pages == ()
    assert span.anchor == f"第2.2条 ¶{built.marks['deposit']}"
    assert span.place == span.anchor
    heading = document.text.index("第一条")
    assert document.span(heading, heading + 3).anchor == f"第一条 ¶{built.marks['clause1']}"
    title = document.span(0, 2)
    assert title.anchor == f"¶{built.marks['title']}"  # the preamble lies in no clause
    # a span over two paragraphs names both
    price = document.text.index("2.1 合同总价款")
    two = document.span(price, deposit)
    assert two.anchor == f"第2.1条 ¶{built.marks['price']}–{built.marks['deposit']}"


def test_table_rows_are_lines_and_cells_are_mapped(zh_sale: tuple[Path, Built]) -> None:
    path, built = zh_sale
    document = _read(path)
    assert document.paragraph_map is not None
    rows = [" | ".join(row) for row in PAYMENT_TABLE]
    assert "\n".join(rows) in document.text  # one row per line, cells as a PDF's are
    total = document.text.index("合计 | 100% | 1,000,000.00")
    amount = total + len("合计 | 100% | ")
    assert document.paragraph_map.cell_of(amount) == (1, 5, 3)
    assert document.paragraph_map.cell_of(total) == (1, 5, 1)
    assert document.paragraph_map.cell_of(document.text.index("设备买卖合同")) is None
    cell_paragraph = built.marks["table"] + 4 * 3 + 2  # row 5, cell 3 of a 3-column table
    assert document.span(amount, amount + 12).anchor == (
        f"第2.3条 ¶{cell_paragraph}, table 1 row 5 cell 3"
    )


def test_headers_and_footers_are_kept_out_of_the_text(zh_sale: tuple[Path, Built]) -> None:
    path, _ = zh_sale
    document = _read(path)
    assert ZH_HEADER not in document.text and "保密" not in document.text
    assert ZH_FOOTER not in document.text
    kept = {(hf.kind, hf.section, hf.text) for hf in document.headers_footers}
    assert kept == {("header", 1, ZH_HEADER), ("footer", 1, ZH_FOOTER)}
    # the footer reads like a clause heading (第九条); kept apart, it opens no clause
    assert document.paragraph_map is not None
    assert "第九条" not in document.paragraph_map.clause_labels
    assert document.paragraph_map.clause_labels == (
        "第一条", "第1.1条", "第二条", "第2.1条", "第2.2条", "第2.3条",
        "第三条", "第3.1条", "第四条", "第4.1条",
    )  # fmt: skip


def test_en_contract_sections_are_numbered_and_anchored(
    en_services: tuple[Path, Built],
) -> None:
    path, built = en_services
    document = _read(path)
    assert document.text == built.text
    assert "Section 3 LIQUIDATED DAMAGES\n3.1 If Provider fails" in document.text
    assert "Item | Fee (USD)\nOnboarding | 15,000\nMonthly analytics | 25,000" in document.text
    penalty = document.text.index("as a penalty")
    assert document.span(penalty, penalty + 12).anchor == f"Section 3.1 ¶{built.marks['penalty']}"
    assert [hf.text for hf in document.headers_footers] == [
        "CONFIDENTIAL - Northwind / Harbor Freight"
    ]
    assert "CONFIDENTIAL" not in document.text


def test_numbering_formats_levels_restarts_and_styles(tmp_path: Path) -> None:
    doc = new_document()
    outline = add_list(doc, [("decimal", "%1."), ("lowerLetter", "(%2)"), ("lowerRoman", "(%3)")])
    for text, ilvl in [("one", 0), ("a", 1), ("b", 1), ("i", 2), ("ii", 2), ("two", 0), ("a2", 1)]:
        numbered(doc, text, outline, ilvl)
    again = restart_list(doc, outline)  # Word's "restart at 1": a new w:num of the same list
    numbered(doc, "restarted", again, 0)
    numbered(doc, "after the restart", again, 0)
    articles = add_list(doc, [("chineseCounting", "第%1条")])
    for k in range(12):
        numbered(doc, f"条款{k + 1}", articles, 0)
    capitals = add_list(doc, [("chineseLegalSimplified", "%1、"), ("upperRoman", "%2.")])
    numbered(doc, "壹", capitals, 0)
    numbered(doc, "罗马", capitals, 1)
    numbered(doc, "罗马二", capitals, 1)
    doc.add_paragraph("by style", style="List Number")  # numbered through its style
    doc.add_paragraph("by style again", style="List Number")
    doc.add_paragraph("a bullet", style="List Bullet")  # a bullet is no clause number
    path = save(doc, tmp_path / "numbering.docx")
    chinese = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"]
    assert _read(path).text.split("\n") == [
        "1. one", "(a) a", "(b) b", "(i) i", "(ii) ii", "2. two", "(a) a2",
        "1. restarted", "2. after the restart",
        *(f"第{n}条 条款{k}" for k, n in enumerate(chinese, start=1)),
        "壹、 壹", "I. 罗马", "II. 罗马二",
        "1. by style", "2. by style again", "a bullet",
    ]  # fmt: skip


def test_a_numbering_that_cannot_be_computed_gives_no_number(tmp_path: Path) -> None:
    doc = new_document()
    hebrew = add_list(doc, [("hebrew1", "%1.")])  # a format the reader does not render
    numbered(doc, "kept, unnumbered", hebrew, 0)
    none = add_list(doc, [("decimal", "")])  # a level that shows no number at all
    numbered(doc, "no number shown", none, 0)
    path = save(doc, tmp_path / "odd.docx")
    assert _read(path).text == "kept, unnumbered\nno number shown"


def test_tracked_changes_are_read_as_accepted(tmp_path: Path) -> None:
    doc = new_document()
    tracked_paragraph(
        doc, [("", "本合同自"), ("del", "签字"), ("ins", "盖章"), ("", "之日起生效。")]
    )
    tracked_paragraph(doc, [("", "第一句。"), ("moveFrom", "被移动的句子。")])
    joined = doc.add_paragraph("甲方应于")
    delete_mark(joined)  # accepting joins it to the next paragraph
    doc.add_paragraph("2025年5月1日前付款。")
    gone = tracked_paragraph(doc, [("del", "本段整段删除。")])
    delete_mark(gone)  # text and mark deleted: the paragraph disappears
    added = tracked_paragraph(doc, [("ins", "新增的一段。")])
    insert_mark(added)
    tracked_paragraph(doc, [("", "第二句。"), ("moveTo", "被移动的句子。")])
    articles = add_list(doc, [("chineseCounting", "第%1条")])
    numbered(doc, "保留", articles, 0)
    removed = number(tracked_paragraph(doc, [("del", "删除的条款")]), articles, 0)
    delete_mark(removed)  # a numbered clause deleted whole: the next one keeps its number
    numbered(doc, "其后", articles, 0)
    table = doc.add_table(rows=3, cols=2)
    for r, row in enumerate([["项目", "金额"], ["删除的行", "999"], ["保留的行", "100"]]):
        for c, value in enumerate(row):
            table.cell(r, c).text = value
    delete_row(table.rows[1])
    path = save(doc, tmp_path / "tracked.docx")
    before = path.read_bytes()

    document = _read(path)
    assert document.text.split("\n") == [
        "本合同自盖章之日起生效。",
        "第一句。",
        "甲方应于2025年5月1日前付款。",
        "新增的一段。",
        "第二句。被移动的句子。",
        "第一条 保留",
        "第二条 其后",
        "项目 | 金额",
        "保留的行 | 100",
    ]
    changes = document.tracked_changes
    assert changes is not None
    # w:ins: 盖章, 新增的一段 and its mark; w:del: 签字, the joined mark, the deleted
    # paragraph's text and mark, the deleted clause's text and mark, the row and its 2 cells
    assert (changes.insertions, changes.deletions, changes.moves) == (3, 9, 1)
    assert "accepted" in changes.note
    # paragraphs keep the file's numbering: the joined text maps to both of its paragraphs
    assert document.paragraph_map is not None
    joined_at = document.text.index("甲方应于")
    assert document.paragraph_map.paragraph_of(joined_at) == 3
    assert document.paragraph_map.paragraph_of(document.text.index("2025年5月1日")) == 4
    assert document.paragraph_map.paragraph_of(document.text.index("新增")) == 6
    kept = document.text.index("保留的行")
    assert document.paragraph_map.cell_of(kept) == (1, 3, 1)  # the deleted row 2 still counts
    # 10 paragraphs and 3 x 2 cells, the deleted ones included
    assert document.paragraph_map.paragraph_count == 16
    assert path.read_bytes() == before  # the file is only read


def test_a_docx_without_tracked_changes_says_none(zh_sale: tuple[Path, Built]) -> None:
    assert _read(zh_sale[0]).tracked_changes is None


def test_cells_merged_and_multi_paragraph_are_read_once_on_one_line(tmp_path: Path) -> None:
    doc = new_document()
    table = doc.add_table(rows=3, cols=3)
    table.cell(0, 0).merge(table.cell(0, 1))  # one cell across two columns
    table.cell(0, 0).text = "合并的表头"
    table.cell(0, 2).text = "金额"
    table.cell(1, 0).text = "第一行"
    table.cell(1, 1).paragraphs[0].text = "两段"
    table.cell(1, 1).add_paragraph("文字")
    table.cell(1, 2).text = "100"
    table.cell(2, 0).text = "换行\n在格内"
    path = save(doc, tmp_path / "cells.docx")
    document = _read(path)
    assert document.text.split("\n") == [
        "合并的表头 | 金额",
        "第一行 | 两段 文字 | 100",
        "换行 在格内 |  | ",
    ]
    assert document.paragraph_map is not None
    second = document.text.index("文字")
    assert document.paragraph_map.cell_of(second) == (1, 2, 2)
    assert (
        document.paragraph_map.paragraph_of(second)
        == document.paragraph_map.paragraph_of(document.text.index("两段")) + 1
    )


def test_a_docx_text_is_its_own_search_view(zh_sale: tuple[Path, Built]) -> None:
    """Every newline of a DOCX ends a paragraph: the parsers' view joins none of them."""
    document = _read(zh_sale[0])
    view = build_view(document)
    assert view.text == document.text
    assert view.to_original(0, len(view.text)) == (0, len(document.text))


_CHARS = string.ascii_letters + string.digits + "，。：（）¥%甲乙方合同定金条款 "
_paragraph = st.text(alphabet=_CHARS, max_size=20)
_table = st.lists(st.lists(_paragraph, min_size=2, max_size=2), min_size=1, max_size=3)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.one_of(_paragraph, _table), min_size=1, max_size=6))
def test_any_body_maps_every_offset_to_its_paragraph(
    tmp_path: Path, body: list[str | list[list[str]]]
) -> None:
    doc = new_document()
    expected_lines: list[str] = []
    owners: list[tuple[int, str]] = []  # (¶, text) of each block in order
    number = 0
    for item in body:
        if isinstance(item, str):
            doc.add_paragraph(item)
            number += 1
            expected_lines.append(item)
            owners.append((number, item))
            continue
        table = doc.add_table(rows=len(item), cols=2)
        for r, row in enumerate(item):
            for c, value in enumerate(row):
                table.cell(r, c).text = value
                number += 1
                owners.append((number, value))
            expected_lines.append(" | ".join(row))
    path = save(doc, tmp_path / "any.docx")
    text = "\n".join(expected_lines)
    if not "".join(text.split()):
        return  # a body of blanks is refused as empty (test_docx_refusals)
    document = _read(path)
    assert document.text == text
    assert document.paragraph_map is not None
    starts = document.paragraph_map.block_starts
    assert [document.paragraph_map.paragraphs[i] for i in range(len(starts))] == [
        n for n, _ in owners
    ]
    for (n, value), start in zip(owners, starts, strict=True):
        assert document.text[start : start + len(value)] == value
        for offset in range(start, start + len(value)):
            assert document.paragraph_map.paragraph_of(offset) == n


def test_anchor_names_clauses_as_a_lawyer_would(tmp_path: Path) -> None:
    """Typed (not automatic) numbers are clauses too; a sub-clause is named with its article's
    form: 2.2 under 第二条 is 第2.2条, 5.1 under ARTICLE 5 is ARTICLE 5.1; under a chapter or
    an annex, or under an article of another number, the path is given."""
    lines = [
        ("第一章 总则", "第一章"),
        ("1.1 本章适用于全部条款。", "第一章 / 1.1"),
        ("第二条 价款", "第二条"),
        ("2.2 定金为合同总价款的百分之十。", "第2.2条"),
        ("2.2.1 定金于签约时支付。", "第2.2.1条"),
        ("3.1 编号与条不符。", "第一章 / 第二条 / 3.1"),  # the whole path, as findings name it
        ("ARTICLE 5 PAYMENT", "ARTICLE 5"),
        ("5.1 Fees are payable monthly.", "ARTICLE 5.1"),
        ("Section 6.2 Notices.", "Section 6.2"),
    ]
    doc = new_document()
    doc.add_paragraph("买卖合同")
    for text, _ in lines:
        doc.add_paragraph(text)
    document = _read(save(doc, tmp_path / "typed.docx"))
    assert document.span(0, 1).anchor == "¶1"
    for n, (text, label) in enumerate(lines, start=2):
        at = document.text.index(text)
        assert document.span(at, at + len(text)).anchor == f"{label} ¶{n}", text
