"""Where a clause stands, for the clause-kind model: the heading it sits under, and whether it is
only a heading.

"8.2 逾期超过十日的，甲方可以……" says what it does only with its article's heading
("第八条 违约责任"), so a sub-clause is classified with that heading beside its own words.
A line that is nothing but a number and a title ("16. LIMITATION OF LIABILITY") does nothing
itself: the annotators' convention (``golden_set/CLAUSE_KINDS.md``) gives headings no kind, and
the clauses under it carry the kinds.
"""

from __future__ import annotations

import re

_NUMBER = (
    r"(?:第[一二三四五六七八九十百零〇\d]+[条章]"
    r"|(?:Article|ARTICLE|Section|SECTION|Clause|CLAUSE)\s+[\dIVXLC]+"
    r"|\d{1,3}|[一二三四五六七八九十]+、)"
)
_HEADING_LINE = re.compile(rf"^\s*{_NUMBER}[.．、:：]?\s*(?P<title>[^\n]{{1,80}}?)\s*[。.:：]?\s*$")
# a title is a noun phrase: a modal verb or a figure makes it a sentence ("第四条 租期为五年")
_ZH_SENTENCE = re.compile(
    r"应|须|不得|可以|有权|将|按照|依照|自.+起|(?<![行作])为|[一二三四五六七八九十百千万两]+[年月日天个元吨]"
)
_EN_SENTENCE = re.compile(r"\b(?:shall|will|may|must|is|are|be|agrees?|has|have)\b")
_CJK = re.compile(r"[\u4e00-\u9fff]")

# the number of a top-level clause as an annotator writes it (第八条, 8, 8., Article 8,
# Section 8, 八、, Schedule 2, 附件一); anything else (8.2, (a), （一）) sits under one
_TOP_NUMBER = re.compile(
    r"^(?:第.+[条章]|\d+\.?|(?:Article|ARTICLE|Section|SECTION|Clause|CLAUSE)\s+[\dIVXLC]+\.?"
    r"|[一二三四五六七八九十]+、?"
    r"|(?:Schedule|SCHEDULE|Annex|ANNEX|Exhibit|EXHIBIT|Appendix|APPENDIX)\b.*|附件.*)$"
)
CONTEXT_CHARS = 30


def is_heading_only(text: str) -> bool:
    """True for a clause that is only its number and a short title."""
    m = _HEADING_LINE.match(text)
    if not m:
        return False
    title = m.group("title")
    if re.search(r"\d|[，,；;。]", title):
        return False
    if _CJK.search(title):
        return len(title) <= 16 and not _ZH_SENTENCE.search(title)
    return len(title.split()) <= 8 and not _EN_SENTENCE.search(title)


_LEADING_NUMBER = re.compile(
    rf"^\s*(?:{_NUMBER}|(?:Schedule|SCHEDULE|Annex|ANNEX|Exhibit|EXHIBIT|Appendix|APPENDIX)"
    r"\s+[A-Z\d]+|附件[一二三四五六七八九十\d]*)"
)


def heading_context(title: str) -> str:
    """The part of a top-level clause's heading a sub-clause is classified with (its title,
    as the segmenter gives it: the heading line without its number)."""
    return title.strip(" \t.:：、。-–—")[:CONTEXT_CHARS]


def heading_of_line(line: str) -> str:
    """``heading_context`` of a whole heading line, its number cut off."""
    return heading_context(_LEADING_NUMBER.sub("", line, count=1))


def is_top_level_number(number: str) -> bool:
    return bool(_TOP_NUMBER.match(number.strip()))
