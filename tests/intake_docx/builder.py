"""Build real .docx files for the intake tests: python-docx for the document, its oxml for what
python-docx has no API for (numbering definitions, tracked changes)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import docx
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph

DATE = "2025-05-01T09:00:00Z"


def new_document() -> Any:
    return docx.Document()


def _numbering_root(doc: Any) -> Any:
    return doc.part.part_related_by(RT.NUMBERING).element


def _set(parent: Any, tag: str, value: str) -> None:
    child = OxmlElement(tag)
    child.set(qn("w:val"), value)
    parent.append(child)


def add_list(
    doc: Any, levels: Sequence[tuple[str, str]], *, start: int = 1, legal: bool = False
) -> str:
    """A new list (``w:abstractNum`` + ``w:num``); ``levels``: (numFmt, lvlText) per level.
    ``legal``: the levels below the first show every number in decimal (``w:isLgl``, Word's
    "legal style numbering", which makes 第一条's sub-clauses 1.1, not 一.1). Returns its numId."""
    root = _numbering_root(doc)
    ids = [int(a.get(qn("w:abstractNumId"))) for a in root.iterchildren(qn("w:abstractNum"))]
    num_ids = [int(n.get(qn("w:numId"))) for n in root.iterchildren(qn("w:num"))]
    abstract_id, num_id = str(max(ids, default=0) + 1), str(max(num_ids, default=0) + 1)
    abstract = OxmlElement("w:abstractNum")
    abstract.set(qn("w:abstractNumId"), abstract_id)
    for ilvl, (fmt, text) in enumerate(levels):
        lvl = OxmlElement("w:lvl")
        lvl.set(qn("w:ilvl"), str(ilvl))
        _set(lvl, "w:start", str(start))  # in the schema's order: start, numFmt, isLgl, lvlText
        _set(lvl, "w:numFmt", fmt)
        if legal and ilvl > 0:
            lvl.append(OxmlElement("w:isLgl"))
        _set(lvl, "w:lvlText", text)
        abstract.append(lvl)
    first_num = root.find(qn("w:num"))
    if first_num is not None:
        first_num.addprevious(abstract)  # the schema wants every abstractNum before the nums
    else:
        root.append(abstract)
    num = OxmlElement("w:num")
    num.set(qn("w:numId"), num_id)
    _set(num, "w:abstractNumId", abstract_id)
    root.append(num)
    return num_id


def restart_list(doc: Any, num_id: str, ilvl: int = 0, start: int = 1) -> str:
    """A second ``w:num`` of the same list that restarts it (what Word's "Restart at 1" writes)."""
    root = _numbering_root(doc)
    old = next(n for n in root.iterchildren(qn("w:num")) if n.get(qn("w:numId")) == num_id)
    abstract_id = old.find(qn("w:abstractNumId")).get(qn("w:val"))
    new_id = str(max(int(n.get(qn("w:numId"))) for n in root.iterchildren(qn("w:num"))) + 1)
    num = OxmlElement("w:num")
    num.set(qn("w:numId"), new_id)
    _set(num, "w:abstractNumId", abstract_id)
    override = OxmlElement("w:lvlOverride")
    override.set(qn("w:ilvl"), str(ilvl))
    _set(override, "w:startOverride", str(start))
    num.append(override)
    root.append(num)
    return new_id


def number(paragraph: Paragraph, num_id: str, ilvl: int = 0) -> Paragraph:
    """Put ``paragraph`` in list ``num_id`` at level ``ilvl`` (before any other w:pPr child
    this module adds, as the schema orders them)."""
    num_pr = OxmlElement("w:numPr")
    _set(num_pr, "w:ilvl", str(ilvl))
    _set(num_pr, "w:numId", num_id)
    paragraph._p.get_or_add_pPr().append(num_pr)
    return paragraph


def numbered(doc: Any, text: str, num_id: str, ilvl: int = 0) -> Paragraph:
    return number(doc.add_paragraph(text), num_id, ilvl)


_change_id = [100]


def _stamp(element: Any) -> Any:
    _change_id[0] += 1
    element.set(qn("w:id"), str(_change_id[0]))
    element.set(qn("w:author"), "Counterparty")
    element.set(qn("w:date"), DATE)
    return element


def _run(text: str, deleted: bool = False) -> Any:
    run = OxmlElement("w:r")
    t = OxmlElement("w:delText" if deleted else "w:t")
    t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
    t.text = text
    run.append(t)
    return run


def tracked_paragraph(doc: Any, pieces: Sequence[tuple[str, str]]) -> Paragraph:
    """A paragraph of pieces (kind, text): kind "" plain, "ins", "del", or "moveFrom"/"moveTo"
    (wrapped in the named range Word writes around a move: "move1")."""
    paragraph = doc.add_paragraph()
    for kind, text in pieces:
        if not kind:
            paragraph._p.append(_run(text))
            continue
        wrapper = _stamp(OxmlElement(f"w:{kind}"))
        # Word writes deleted text as w:delText, but text moved away as plain w:t: only the
        # w:moveFrom around it says it is gone
        wrapper.append(_run(text, deleted=kind == "del"))
        if kind.startswith("move"):
            begin = _stamp(OxmlElement(f"w:{kind}RangeStart"))
            begin.set(qn("w:name"), "move1")
            end = OxmlElement(f"w:{kind}RangeEnd")
            end.set(qn("w:id"), begin.get(qn("w:id")))
            paragraph._p.extend([begin, wrapper, end])
        else:
            paragraph._p.append(wrapper)
    return paragraph


def insert_mark(paragraph: Paragraph) -> None:
    """Track the insertion of the paragraph's mark (a paragraph added with changes on)."""
    ppr = paragraph._p.get_or_add_pPr()
    rpr = OxmlElement("w:rPr")
    rpr.append(_stamp(OxmlElement("w:ins")))
    ppr.append(rpr)


def delete_mark(paragraph: Paragraph) -> None:
    """Track the deletion of the paragraph's mark: accepting it joins it to the next one."""
    ppr = paragraph._p.get_or_add_pPr()
    rpr = OxmlElement("w:rPr")
    rpr.append(_stamp(OxmlElement("w:del")))
    ppr.append(rpr)


def delete_row(row: Any) -> None:
    """Track the deletion of a table row."""
    tr = row._tr
    trpr = tr.get_or_add_trPr()
    trpr.append(_stamp(OxmlElement("w:del")))
    for t in tr.iter(qn("w:t")):
        t.tag = qn("w:delText")
    for r in list(tr.iter(qn("w:r"))):
        wrapper = _stamp(OxmlElement("w:del"))
        r.addprevious(wrapper)
        wrapper.append(r)


def save(doc: Any, path: Path) -> Path:
    doc.save(str(path))
    return path
