"""What one point of a Markdown or plain-text review says: its quotes, severity, type,
reasoning, suggested fix and citations (:mod:`.read_text` splits the review into points).

**Quotes.** A point's declared quotes are its blockquotes (consecutive ``>`` lines are one
quote, joined by newlines as written), a labelled field (``Quote:``, ``原文：``) and any line
that is nothing but a quote; when it has declared quotes, quoted words in its prose are not
taken as contract quotes. Otherwise quotes are found inline, in the title and prose (never in
the suggested fix, whose quoted words are new wording): 「…」, “…”, straight "…", and ‘…’ only
when its content has Chinese characters (in English ’ is mostly an apostrophe). Inline
quotes need 6+ characters (「定金」 is a word, not a quote); a quote inside another quote is
part of it. Defined-term labels are skipped: 1-3 quoted words (split on whitespace; not in
「」) right after ``(``/``（``, after the words ``the``, ``as``, ``term``, ``called``,
``hereinafter``, or after 简称/称为/下称, or right before ``means``/``shall mean``/
``refers to``: ("Supplier"), the "Minimum Purchase Amount", 以下简称“本合同项下货物”. A quote
keeps its text as written: only outer whitespace and outer quote marks go.

**Fields.** severity comes from a label (``severity: HIGH``, ``严重程度：高``, ``风险等级：中``), a
bracketed tag (``[HIGH]``, ``【高】``, ``(High risk)``) or, in the title only, ``High risk``/
``高风险``; a value it cannot map (``较高``, ``Critical``) or two different values give None and
a note. type is the snake_case slug of an explicit ``Type:``/``类型：`` value in ASCII words,
else "" (a Chinese value gets a note). title is the heading or the item's first line without
its numbering, severity or type tags. reasoning is the prose without the title, the quote
lines and the suggested fix (from ``Suggested fix:``/``建议：``/``修改建议`` to the next field).
citations are ``find_citations`` over title, reasoning and fix, deduplicated in order; each
``Legal basis:``/``法律依据：`` item (split on semicolons) that yields no citation, or leaves a
remainder with an article number, gets a note "could not read the citation '…'".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pipeline.model import Severity

FindCitations = Callable[[str], list[str]]

_CN = "一二三四五六七八九十"


def _field(names: str) -> re.Pattern[str]:
    return re.compile(
        rf"^\s*(?:[-*+•·]\s+)?[*_]{{0,2}}\s*(?:{names})\s*[*_]{{0,2}}\s*[:：]\s*[*_]{{0,2}}\s*",
        re.I,
    )


_FIX_NAMES = (
    r"suggested (?:fix|amendment|revision|change|wording)s?|recommended (?:fix|action|amendment)"
    r"|recommendations?|suggestions?|proposed (?:fix|amendment|wording)|fix|remedy"
    r"|修改建议|建议修改|修改意见|处理建议|完善建议|建议"
)
_REASON_NAMES = (
    r"reasoning|analysis|explanation|risk analysis|分析|理由|风险分析|风险说明|问题分析|原因"
)
_QUOTE_NAMES = (
    r"quote|quoted (?:text|clause)|contract (?:text|wording)|original (?:text|wording)"
    r"|clause text|原文|条款原文|合同原文|原文引用|引用原文|引文|引用"
)
_BASIS_NAMES = r"legal bas(?:is|es)|legal authority|statutory basis|法律依据|法条依据|依据"
_SEV_NAMES = r"severity(?: level)?|risk (?:level|rating)|严重程度|严重性|风险等级|风险程度|风险级别"
_TYPE_NAMES = r"(?:risk |issue )?type|category|类型|风险类型|问题类型"
_FIX, _REASON, _QUOTE_FIELD = _field(_FIX_NAMES), _field(_REASON_NAMES), _field(_QUOTE_NAMES)
# "Severity: high. Suggested fix: …": a fix label after a full stop starts the fix mid-line
_MID_FIX = re.compile(
    rf"(?<=[.。;；!?！？])\s*(?=[*_]{{0,2}}(?:{_FIX_NAMES})\s*[*_]{{0,2}}\s*[:：])", re.I
)
_TYPE_FIELD = _field(_TYPE_NAMES)
_ANY_FIELD = _field("|".join((_FIX_NAMES, _REASON_NAMES, _QUOTE_NAMES, _BASIS_NAMES)))
_FIELD_HEADING = re.compile(
    rf"^[*_]{{0,2}}(?:{_FIX_NAMES}|{_REASON_NAMES}|{_QUOTE_NAMES}|{_BASIS_NAMES})[*_]{{0,2}}[:：]?$",
    re.I,
)
_BASIS = re.compile(
    r"(?:(?:^|(?<=[\s。.;；，,*(（]))(?:legal bas(?:is|es)|legal authority|statutory basis)"
    r"|法律依据|法条依据|依据)\s*[*_]{0,2}[:：]\s*(.+)$",
    re.I,
)
_SEV_LABEL = re.compile(
    rf"[(（\[【]?\s*[*_]{{0,2}}(?:{_SEV_NAMES})[*_]{{0,2}}\s*[:：]\s*[*_]{{0,2}}\s*"
    r"([A-Za-z]+|[\u4e00-\u9fff]{1,3})[*_]{0,2}\s*[)）\]】]?",
    re.I,
)
_SEV_TAG = re.compile(
    r"[\[【(（]\s*(high|medium|moderate|low|高|中|低)(?:[\s-]*(?:risk|severity|风险))?\s*[\]】)）]",
    re.I,
)
_SEV_TITLE = re.compile(
    r"(?:^|(?<=[\s(（\[【,，:：;；|—\-]))(?:(high|medium|moderate|low)[\s-]risk\b|([高中低])风险)",
    re.I,
)
_SEVERITIES = {"high": "HIGH", "高": "HIGH", "medium": "MEDIUM", "moderate": "MEDIUM"}
_SEVERITIES |= {"中": "MEDIUM", "中等": "MEDIUM", "low": "LOW", "低": "LOW"}
_TYPE_TAG = re.compile(
    rf"(?:^|(?<=[(（\[【,，;；|]))\s*(?:{_TYPE_NAMES})\s*[:：]\s*([^|;；,，)）\]】]+)", re.I
)
_EMPTY_BRACKETS = re.compile(r"[(（\[【][\s,，;；|/]*[)）\]】]")
_ARTICLE_LIKE = re.compile(
    rf"第\s*[0-9０-９{_CN}百千零〇两]+\s*[条條]|(?:\bArt(?:icle)?s?\.?|\bSec(?:tion)?s?\.?|§)\s*\d",
    re.I,
)
_JOINERS = re.compile(
    r"^(?:[\s,，、;；.。&]|and\b|及|和|与)+|(?:[\s,，、;；.。&]|\band|及|和|与)+$"
)
_BOLD_LINE = re.compile(r"^([*_]{2})[^*_].*\1$")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_INLINE = (("「", "」"), ("“", "”"), ('"', '"'), ("‘", "’"))
_TERM_BEFORE = re.compile(r"(?:[(（]|\b(?:the|as|term|called|hereinafter),?|简称|称为|下称)$", re.I)
_TERM_AFTER = re.compile(r"^(?:means|shall mean|refers to)\b", re.I)
_OUTER_MARKS = re.compile(r'^(?:「([^「」]*)」|“([^“”]*)”|"([^"]*)"|‘([^‘’]*)’)[。.;；]?$')


@dataclass(frozen=True)
class Line:
    """One line of the review, classified by :mod:`.read_text`."""

    no: int  # 1-based
    raw: str
    kind: str  # blank | rule | title | heading | item | quote | text
    content: str  # without the heading/item marker or the '>'s; stripped
    rank: int = 0  # markers: heading level 1-6; items 10 + order of their kind's first use
    numbered: bool = False


@dataclass(frozen=True)
class Fields:
    """What one point says; ``notes`` name what could not be read."""

    title: str
    quotes: tuple[str, ...]
    severity: Severity | None
    type: str
    reasoning: str
    fix: str
    citations: tuple[str, ...]
    notes: tuple[str, ...]


def is_field(text: str) -> bool:
    """True for a field line (``Suggested fix: ...``, ``- 原文：...``, ``Severity: HIGH``)."""
    return bool(_ANY_FIELD.match(text) or _TYPE_FIELD.match(text) or _SEV_LABEL.match(text))


def is_field_heading(text: str) -> bool:
    """True for a heading that names a field of the point above (``### 修改建议``)."""
    return bool(_FIELD_HEADING.match(text))


def read_point(title_line: str, body: Sequence[Line], find: FindCitations) -> Fields:
    """The fields of the point headed by ``title_line`` (its marker removed) over ``body``."""
    lead = next((n for n, line in enumerate(body) if line.kind != "blank"), None)
    if (
        not title_line
        and lead is not None
        and _BOLD_LINE.match(body[lead].content)
        and not is_field(body[lead].content)
    ):
        title_line, body = body[lead].content, body[lead + 1 :]  # ### Point 3 / **Title**
    body = _split_mid_fields(body)
    declared: list[str] = []
    prose: list[str] = []
    fix: list[str] = []
    types: list[str] = []
    tagged = [title_line]  # the lines a severity or type tag may sit on
    in_fix = False
    i = 0
    while i < len(body):
        line, text = body[i], body[i].content
        i += 1
        if line.kind == "quote":
            block = [text]
            while i < len(body) and body[i].kind == "quote":
                block.append(body[i].content)
                i += 1
            (fix if in_fix else declared).append(_strip_marks("\n".join(block)))
            continue
        if line.kind in ("blank", "rule"):
            continue
        label = _FIX.match(text) or _QUOTE_FIELD.match(text) or _REASON.match(text)
        label = label or _TYPE_FIELD.match(text)
        if label and label.re is _FIX:
            in_fix = True
            fix += [text[label.end() :]] if text[label.end() :] else []
            continue
        in_fix = in_fix and not (label or is_field(text) or _BASIS.search(text))
        rest = text[label.end() :] if label else text
        if in_fix:
            fix.append(text)
        elif label and label.re is _TYPE_FIELD:
            types.append(re.split(r"[|;；,，)）\]】]", rest)[0])
            tagged.append(rest)
        elif label and label.re is _QUOTE_FIELD:
            declared += (_inline_quotes(rest) or [_strip_marks(rest)]) if rest else []
        elif _OUTER_MARKS.match(rest) and _inline_quotes(rest):
            declared.append(_strip_marks(rest))  # a line that is only a quote
        else:
            tagged.append(rest)
            prose += [rest] if _without_tags(rest) else []
    reasoning = "\n".join(prose)
    quotes = declared or _inline_quotes(title_line + "\n" + reasoning)
    notes: list[str] = [] if quotes else ["no quotation of the contract found"]
    severity = _severity(tagged, notes)
    types += [m.group(1) for text in tagged for m in _TYPE_TAG.finditer(text)]
    found = [c for part in (title_line, reasoning, "\n".join(fix)) if part for c in find(part)]
    for line_text in prose:
        basis = _BASIS.search(line_text)
        for item in re.split(r"[;；]", basis.group(1)) if basis else []:
            notes += _basis_note(item.strip(" \t.。*"), find)
    return Fields(
        title=_clean_title(title_line),
        quotes=tuple(dict.fromkeys(q for q in quotes if q)),
        severity=severity,
        type=_type_slug(types, notes),
        reasoning=reasoning.strip(),
        fix="\n".join(fix).strip(),
        citations=tuple(dict.fromkeys(found)),
        notes=tuple(dict.fromkeys(notes)),
    )


def _split_mid_fields(body: Sequence[Line]) -> list[Line]:
    out: list[Line] = []
    for line in body:
        if line.kind != "text":
            out.append(line)
            continue
        cuts = [0, *(m.end() for m in _MID_FIX.finditer(line.content))]
        parts = [line.content[a:b].strip() for a, b in zip(cuts, [*cuts[1:], None], strict=True)]
        out += [Line(line.no, line.raw, "text", part) for part in parts if part]
    return out


def _inline_quotes(text: str) -> list[str]:
    spans: list[tuple[int, int, str]] = []
    for left, right in _INLINE:
        pattern = re.escape(left) + f"([^{re.escape(left + right)}]*)" + re.escape(right)
        for match in re.finditer(pattern, text):
            content, before = match.group(1).strip(), text[: match.start()].rstrip()
            if len(content) < 6:
                continue  # 「定金」: a word, not a quote of the contract
            if left == "‘" and not _CJK.search(content):
                continue  # in English ’ is mostly an apostrophe (the Reseller’s)
            words = len(content.split())
            after = text[match.end() :].lstrip()
            if (
                left != "「"
                and words <= 3
                and (_TERM_BEFORE.search(before) or _TERM_AFTER.match(after))
            ):
                continue  # ("Supplier"), the "Minimum Purchase Amount": a defined-term label
            spans.append((match.start(), match.end(), content))
    spans.sort(key=lambda s: (s[0], -s[1]))
    kept: list[tuple[int, int, str]] = []
    for span in spans:  # a quote inside another quote is part of it
        if not kept or span[0] >= kept[-1][1]:
            kept.append(span)
    return [content for _, _, content in kept]


def _strip_marks(text: str) -> str:
    text = text.strip()
    match = _OUTER_MARKS.match(text)
    inner = next((g for g in match.groups() if g is not None), text) if match else text
    return inner.strip()


def _without_tags(text: str) -> str:
    """The text without severity and type tags: empty for a line that only states them."""
    text = _TYPE_TAG.sub("", _SEV_TAG.sub("", _SEV_LABEL.sub("", text)))
    return _EMPTY_BRACKETS.sub("", text).strip(" \t-–—|:：,，;；.。*_")


def _severity(tagged: list[str], notes: list[str]) -> Severity | None:
    """The one severity stated in ``tagged`` (the title first); free "High risk" in the title."""
    values = [m.group(1) or m.group(2) for m in _SEV_TITLE.finditer(tagged[0])]
    for text in tagged:
        values += [m.group(1) for m in _SEV_LABEL.finditer(text)]
        values += [m.group(1) for m in _SEV_TAG.finditer(text)]
    found: set[Severity] = set()
    for value in values:
        severity = severity_of(value)
        if severity is None:
            notes.append(f"could not read the severity '{value}'")
        else:
            found.add(severity)
    if len(found) > 1:
        named = " and ".join(sorted(s.value for s in found))
        notes.append(f"severity stated as {named}; not chosen")
    return found.pop() if len(found) == 1 else None


def severity_of(value: str) -> Severity | None:
    """A stated severity (``HIGH``, ``medium``, ``高``, ``中等风险``), or None when it is none
    of the three."""
    key = value.strip(" \t*_`.。").lower().removesuffix("风险").removesuffix(" risk")
    found = _SEVERITIES.get(key)
    return Severity(found) if found else None


def _type_slug(values: list[str], notes: list[str]) -> str:
    slugs: list[str] = []
    for value in (v.strip(" \t*_`.。") for v in values):
        if re.fullmatch(r"[A-Za-z][A-Za-z0-9 _\-]*", value):
            slugs += [re.sub(r"[\s\-]+", "_", value.lower())]
        elif value:
            notes.append(f"could not read the type '{value}' (a snake_case id is expected)")
    if len(set(slugs)) > 1:
        notes.append(f"type stated as {' and '.join(dict.fromkeys(slugs))}; not chosen")
        return ""
    return slugs[0] if slugs else ""


def _clean_title(title: str) -> str:
    title = _SEV_TAG.sub("", _SEV_LABEL.sub("", title))
    title = _EMPTY_BRACKETS.sub("", _TYPE_TAG.sub("", title))
    title = re.sub(r"\s+(?=[.,;:!?])", "", " ".join(title.split()))  # where a tag was
    return re.sub(r"^[*_]{2}(.*)[*_]{2}$", r"\1", title.strip(" \t-–—|:：,，;；")).strip()


def _basis_note(item: str, find: FindCitations) -> list[str]:
    """A note when a Legal basis item, or what is left of it, is not a citation we can read."""
    found = find(item)
    if not found:
        return [f"could not read the citation '{item}'"] if re.search(r"\w", item) else []
    rest = item
    for raw in found:  # a chained citation's raw (民法典第586条) shows only its tail in the text
        tail = next((raw[k:] for k in range(len(raw) - 1) if raw[k:] in rest), "")
        rest = rest.replace(tail, " ", 1) if tail else rest
    rest = " ".join(_JOINERS.sub("", rest).split())
    return [f"could not read the citation '{rest}'"] if _ARTICLE_LIKE.search(rest) else []
