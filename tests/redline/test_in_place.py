"""Tracked changes written inside the user's own runs: formatting kept, accept-all gives the
revised text, reject-all the original, and what cannot be a tracked change is refused with why."""

from __future__ import annotations

import io
import re
from pathlib import Path

import docx
import pytest
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.model import Edit, EditType
from pipeline.redline.in_place import InPlaceRedline, TextMismatch
from pipeline.render_docx import AUTHOR, Comment
from pipeline.stages.revise import apply_span_edits
from tests.intake_docx.builder import add_list, number, tracked_paragraph
from tests.redline.libreoffice import as_text, resolve_all
from tests.redline.wordfiles import (
    accepted_text,
    add_runs,
    anchored_texts,
    body_xml,
    rejected_text,
    saved,
    word_file,
)


def _edit(text: str, old: str, new: str = "") -> Edit:
    start = text.index(old)
    kind = EditType.REPLACE if new else EditType.DELETE
    return Edit(start=start, end=start + len(old), replace_with=new, type=kind, confidence=1.0)


def _redline(data: bytes, edits: list[Edit], comments: list[Comment] | None = None) -> bytes:
    redline = InPlaceRedline(data, accepted_text(data))
    ok, refused = redline.plan(edits)
    assert not refused, refused
    return redline.write(ok, comments or [])


def _runs_in(xml: str, wrapper: str) -> list[str]:
    """The w:r elements inside each ``wrapper`` (w:del / w:ins), as XML."""
    return re.findall(rf"<{wrapper} [^>]*>(.*?)</{wrapper}>", xml, re.S)


EXEMPTION = [("b", "乙方对人身伤害的，"), ("i", "不承担任何赔偿责任。"), ("", "其余条款不变。")]


def test_a_deletion_across_formatted_runs_keeps_each_runs_formatting() -> None:
    data = word_file([EXEMPTION])
    text = accepted_text(data)
    edit = _edit(text, "人身伤害的，不承担任何赔偿责任。")
    out = _redline(data, [edit])
    xml = body_xml(out)
    (deleted,) = _runs_in(xml, "w:del")  # the two cut runs are adjacent: one w:del
    bold, italic = re.findall(r"<w:r>(.*?)</w:r>", deleted, re.S)
    assert "<w:b/>" in bold and "<w:delText" in bold and "人身伤害的，</w:delText>" in bold
    assert "<w:i/>" in italic and "<w:b/>" not in italic and "不承担任何赔偿责任。" in italic
    kept_bold = re.search(r"<w:r><w:rPr><w:b/></w:rPr><w:t[^>]*>乙方对</w:t></w:r>", xml)
    assert kept_bold, "the run's first part keeps its bold outside the deletion"
    assert f'w:author="{AUTHOR}"' in xml and "w:date=" in xml
    assert accepted_text(out) == "乙方对其余条款不变。" == apply_span_edits(text, [edit])
    assert rejected_text(out) == text


def test_a_replacement_follows_in_the_formatting_of_what_it_replaces() -> None:
    data = word_file([[("", "违约金为合同总价款的"), ("bi", "40%"), ("", "。")]])
    text = accepted_text(data)
    out = _redline(data, [_edit(text, "40%", "20%")])
    xml = body_xml(out)
    (inserted,) = _runs_in(xml, "w:ins")
    assert "<w:b/>" in inserted and "<w:i/>" in inserted and ">20%</w:t>" in inserted
    assert xml.index("<w:del ") < xml.index("<w:ins ")  # deletion, then the new words
    assert accepted_text(out) == "违约金为合同总价款的20%。"
    assert rejected_text(out) == text


def test_a_deletion_across_a_paragraph_break_deletes_the_mark() -> None:
    data = word_file([[("", "第一段。多余的话")], [("i", "接着说。")], [("", "第三段。")]])
    text = accepted_text(data)
    edit = _edit(text, "多余的话\n接着说。")
    out = _redline(data, [edit])
    assert len(re.findall(r"<w:rPr><w:del [^>]*/></w:rPr></w:pPr>", body_xml(out))) == 1
    assert accepted_text(out) == apply_span_edits(text, [edit]) == "第一段。\n第三段。"
    assert rejected_text(out) == text


def test_comments_cover_exactly_their_spans_and_stay_outside_the_changes() -> None:
    data = word_file([EXEMPTION])
    text = accepted_text(data)
    edit = _edit(text, "不承担任何赔偿责任。")
    start = text.index("人身伤害")
    comments = [
        Comment(edit.start, edit.end, "deleted: void"),
        Comment(start, start + 4, "on part of a bold run"),
    ]
    out = _redline(data, [edit], comments)
    assert anchored_texts(out) == {
        "deleted: void": "不承担任何赔偿责任。",
        "on part of a bold run": "人身伤害",
    }
    xml = body_xml(out)
    assert not re.search(r"<w:del [^>]*>(?:(?!</w:del>).)*comment", xml, re.S)
    assert rejected_text(out) == text


def _numbered_and_table() -> bytes:
    document = docx.Document()
    clauses = add_list(document, [("decimal", "%1."), ("decimal", "%1.%2")])
    number(document.add_paragraph("标的物"), clauses, 0)
    number(document.add_paragraph("乙方交付设备。"), clauses, 1)
    number(document.add_paragraph("甲方支付价款。"), clauses, 1)
    table = document.add_table(rows=1, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "第一期", "30%"
    field = document.add_paragraph("见第")
    simple = OxmlElement("w:fldSimple")
    simple.set(qn("w:instr"), "PAGE")
    run, shown = OxmlElement("w:r"), OxmlElement("w:t")
    shown.text = "3"  # the page number the field shows
    run.append(shown)
    simple.append(run)
    field._p.append(simple)
    add_runs(field, [("", "页。")])
    tracked_paragraph(document, [("", "原文"), ("ins", "对方加的字"), ("", "。")])
    return saved(document)


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("1.1 乙", "", "automatic clause number"),
        ("1.2 ", "", "automatic clause number"),
        ("交付设备。\n1.2", "", "renumber"),
        ("第一期 | 30", "", "table cell"),
        ("30%", "40%\n50%", "paragraph break"),
        ("3页", "", "field"),
        ("对方加", "", "tracked insertion already in the document"),
    ],
    ids=["number", "number only", "break into a number", "cells", "newline", "field", "theirs"],
)
def test_what_cannot_be_a_tracked_change_is_refused_with_why(
    old: str, new: str, reason: str
) -> None:
    data = _numbered_and_table()
    text = accepted_text(data)
    redline = InPlaceRedline(data, text)
    ok, refused = redline.plan([_edit(text, old, new)])
    assert ok == [] and len(refused) == 1 and reason in refused[0].reason, refused


def test_joining_two_numbered_clauses_is_refused_and_text_in_a_cell_is_not() -> None:
    data = _numbered_and_table()
    text = accepted_text(data)
    start = text.index("交付设备。") + len("交付设备。")
    join = Edit(start=start, end=start + 1, replace_with="", type=EditType.DELETE, confidence=1)
    cell = _edit(text, "30%", "20%")
    redline = InPlaceRedline(data, text)
    ok, refused = redline.plan([join, cell])
    assert [r.reason for r in refused] == [
        "joins a numbered paragraph to its neighbour (Word would renumber the list)"
    ]
    assert ok == [cell]
    out = redline.write(ok, [])
    assert accepted_text(out) == apply_span_edits(text, [cell])
    assert rejected_text(out) == rejected_text(data)  # the other author's insertion too


def test_a_break_that_ends_a_section_is_not_joined() -> None:
    document = docx.Document()
    document.add_paragraph("横向页之前。")
    document.add_section()  # an empty paragraph now carries the first section's w:sectPr
    document.add_paragraph("新的一节。")
    data = saved(document)
    text = accepted_text(data)
    assert text == "横向页之前。\n\n新的一节。"
    at = text.index("\n新的")
    join = Edit(start=at, end=at + 1, replace_with="", type=EditType.DELETE, confidence=1)
    ok, refused = InPlaceRedline(data, text).plan([join])
    assert ok == [] and refused[0].reason == (
        "joins across a section break (page layout would change)"
    )


def test_a_file_that_reads_differently_is_not_redlined_in_place() -> None:
    data = word_file([EXEMPTION])
    with pytest.raises(TextMismatch, match="differently from the reviewed text at 3"):
        InPlaceRedline(data, "乙方对X")


STYLES = st.sampled_from(["", "b", "i", "bi"])
WORDS = st.text(alphabet="甲乙方元条款 ab1%。，", min_size=1, max_size=8)


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_any_edits_accept_to_the_revised_text_and_reject_to_the_original(
    data: st.DataObject,
) -> None:
    paragraphs = data.draw(
        st.lists(st.lists(st.tuples(STYLES, WORDS), min_size=1, max_size=4), min_size=1, max_size=4)
    )
    source = word_file(paragraphs)
    text = accepted_text(source)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(text)), min_size=2, max_size=8)))
    edits: list[Edit] = []
    for start, end in zip(cuts[::2], cuts[1::2], strict=False):
        if edits and start < edits[-1].end:
            continue
        new = data.draw(st.text(alphabet="丙XY", max_size=3))
        if start == end and not new:
            continue
        kind = EditType.REPLACE if new else EditType.DELETE
        edits.append(Edit(start=start, end=end, replace_with=new, type=kind, confidence=1))
    redline = InPlaceRedline(source, text)
    ok, refused = redline.plan(edits)
    assert not refused  # plain paragraphs: every edit can be a tracked change
    out = redline.write(ok, [Comment(e.start, e.end, f"edit {i}") for i, e in enumerate(ok)])
    assert accepted_text(out) == apply_span_edits(text, ok)
    assert rejected_text(out) == text
    assert len(docx.Document(io.BytesIO(out)).comments) == len(ok)


@pytest.mark.slow
@pytest.mark.integration
def test_libreoffice_resolves_replacements_insertions_joins_and_cell_edits(tmp_path: Path) -> None:
    document = docx.Document()
    add_runs(document.add_paragraph(), [("", "违约金为合同总价款的"), ("b", "40%"), ("", "。")])
    add_runs(document.add_paragraph(), [("i", "本段多余，"), ("", "应当删去。")])
    add_runs(document.add_paragraph(), [("", "下一段接上。")])
    table = document.add_table(rows=1, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "第一期", "30%"
    source = saved(document)
    text = accepted_text(source)
    cut = text.index("本段多余")
    edits = [
        _edit(text, "40%", "20%"),
        Edit(start=cut, end=cut, replace_with="（新增）", type=EditType.REPLACE, confidence=1),
        _edit(text, "应当删去。\n下一段"),
        _edit(text, "30%", "25%"),
    ]
    out = _redline(
        source, edits, [Comment(e.start, e.end, f"edit {i}") for i, e in enumerate(edits)]
    )
    redline = tmp_path / "edits.docx"
    redline.write_bytes(out)
    resolved = resolve_all(redline, tmp_path)
    assert accepted_text(resolved.accepted.read_bytes()) == apply_span_edits(text, edits)
    assert accepted_text(resolved.rejected.read_bytes()) == text
    assert "20%" in accepted_text(resolved.accepted.read_bytes())
    (shown,) = as_text([redline], tmp_path)  # it opens, comments and all
    assert shown.startswith("违约金为合同总价款的")
