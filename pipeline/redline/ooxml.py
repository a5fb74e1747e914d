"""Tracked changes inside existing runs: the OOXML python-docx has no API for.

A run (``w:r``) is cut at a character offset into two runs that both keep its ``w:rPr``, so a
change can start or end in the middle of a bold or italic run without losing its formatting.
Deleted runs move into ``w:del`` (their ``w:t`` become ``w:delText``), inserted text is a new
run in ``w:ins`` carrying the formatting of the text it replaces, and a deleted paragraph mark
is ``w:pPr/w:rPr/w:del`` (accepting it joins the paragraph to the next one).

Offsets count a run's characters as :mod:`pipeline.stages.intake_support.docx_reader` reads
them (a ``w:t`` its text, a tab or break one character), so they agree with the review's text.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from docx.oxml import OxmlElement
from docx.oxml.ns import qn

from pipeline.render_docx import xml_safe
from pipeline.stages.intake_support.docx_reader import child_text, run_pieces

R, T, RPR, PPR = qn("w:r"), qn("w:t"), qn("w:rPr"), qn("w:pPr")
DEL_TEXT, INSTR, DEL_INSTR = qn("w:delText"), qn("w:instrText"), qn("w:delInstrText")
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
# what follows w:rPr inside w:pPr in the schema's order
_AFTER_PARAGRAPH_RPR = (qn("w:sectPr"), qn("w:pPrChange"))


@dataclass
class Stamp:
    """Author, date and the next free ``w:id`` of the changes one document receives."""

    author: str
    date: str
    next_id: int = 1
    written: list[Any] = field(default_factory=list)

    def mark(self, tag: str) -> Any:
        element = OxmlElement(tag)
        element.set(qn("w:id"), str(self.next_id))
        element.set(qn("w:author"), self.author)
        element.set(qn("w:date"), self.date)
        self.next_id += 1
        self.written.append(element)
        return element


def first_free_id(*roots: Any) -> int:
    """One above every numeric ``w:id`` in ``roots`` (revisions, bookmarks, comments)."""
    key = qn("w:id")
    used = [int(v) for root in roots for e in root.iter() if (v := e.get(key)) and v.isdigit()]
    return max(used, default=0) + 1


def run_length(run: Any) -> int:
    return sum(len(text) for text, _ in run_pieces(run))


def split_run(run: Any, at: int) -> Any:
    """Cut ``run`` after ``at`` of its characters (0 < at < its length); ``run`` keeps the
    first part and the second, a copy with the same ``w:rPr``, is inserted right after it and
    returned."""
    right = copy.deepcopy(run)
    pos = 0
    for left_child, right_child in zip(list(run), list(right), strict=True):
        if left_child.tag == RPR:
            continue
        size = _size(left_child)
        if pos + size <= at and (size or pos < at):
            right.remove(right_child)
        elif pos >= at:
            run.remove(left_child)
        else:  # a w:t the cut falls inside
            cut = at - pos
            left_child.text, right_child.text = left_child.text[:cut], left_child.text[cut:]
            for t in (left_child, right_child):
                t.set(_XML_SPACE, "preserve")
        pos += size
    run.addnext(right)
    return right


def _size(child: Any) -> int:
    return len(child_text(child) or "")


def wrap_deleted(runs: Sequence[Any], stamp: Stamp) -> list[Any]:
    """Move ``runs`` (in document order) into ``w:del`` wrappers, one per group of adjacent
    siblings; return the wrappers."""
    wrappers: list[Any] = []
    for run in runs:
        for element in run.iter(T, INSTR):
            element.tag = DEL_TEXT if element.tag == T else DEL_INSTR
        if wrappers and wrappers[-1].getnext() is run:
            wrappers[-1].append(run)
        else:
            wrapper = stamp.mark("w:del")
            run.addprevious(wrapper)
            wrapper.append(run)
            wrappers.append(wrapper)
    return wrappers


def inserted_run(text: str, formatting_of: Any | None, stamp: Stamp) -> Any:
    """``w:ins`` holding one run of ``text`` formatted as ``formatting_of`` (a ``w:r``)."""
    run = OxmlElement("w:r")
    source = formatting_of.find(RPR) if formatting_of is not None else None
    if source is not None:
        rpr = copy.deepcopy(source)
        for change in rpr.findall(qn("w:rPrChange")):
            rpr.remove(change)  # someone else's formatting change is not part of ours
        run.append(rpr)
    t = OxmlElement("w:t")
    t.set(_XML_SPACE, "preserve")
    t.text = xml_safe(text)
    run.append(t)
    wrapper = stamp.mark("w:ins")
    wrapper.append(run)
    return wrapper


def delete_paragraph_mark(paragraph: Any, stamp: Stamp) -> None:
    """Track the deletion of ``paragraph``'s mark (``w:pPr/w:rPr/w:del``)."""
    ppr = paragraph.find(PPR)
    if ppr is None:
        ppr = OxmlElement("w:pPr")
        paragraph.insert(0, ppr)
    rpr = ppr.find(RPR)
    if rpr is None:
        rpr = OxmlElement("w:rPr")
        later = next((c for c in ppr if c.tag in _AFTER_PARAGRAPH_RPR), None)
        if later is not None:
            later.addprevious(rpr)
        else:
            ppr.append(rpr)
    mark = stamp.mark("w:del")
    inserted = rpr.find(qn("w:ins"))  # the schema orders w:ins, then w:del, first in w:rPr
    if inserted is not None:
        inserted.addnext(mark)
    else:
        rpr.insert(0, mark)
