"""Word's automatic numbering (``w:numPr``), rendered as the number a reader sees.

A numbered paragraph in a .docx holds no number in its text: Word computes "第三条", "2.1" or
"(a)" from ``word/numbering.xml`` when it lays the page out. Clause numbers matter to every
later stage (clause segmentation, anchors, the rules' "第二条 / 2.2"), so Intake computes them
the way Word does and writes them in front of the paragraph's text:

- a paragraph's list is its own ``w:numPr`` or its paragraph style's (through ``w:basedOn``); a
  style-linked level (``w:lvl/w:pStyle``) gives the level when the style names none;
- ``w:num`` points at a ``w:abstractNum`` (through ``w:numStyleLink`` when it is a style list);
  counters belong to the abstract list, so two ``w:num`` of one list continue each other, and a
  ``w:lvlOverride/w:startOverride`` restarts the count the first time its ``w:num`` is used;
- using a level restarts the deeper levels (``w:lvlRestart`` can delay or forbid that);
- ``w:lvlText`` ("第%1条", "%1.%2", "(%3)") is filled with each level's counter in its own
  ``w:numFmt`` (all decimal under ``w:isLgl``), then the suffix: a tab or a space become one
  space, ``nothing`` nothing.

Formats: decimal (also zero-padded, full-width, enclosed ①), upper/lower Roman and letters,
ordinal, Chinese counting (一、十一、一百零一), Chinese legal capitals (壹、壹拾), ideograph
digits (一〇), the heavenly stems (甲乙丙) and earthly branches (子丑寅). A bullet, an empty
format or any other format (Hebrew, Thai, spelled-out English words ...) renders no number:
the paragraph is kept, unnumbered, rather than numbered wrongly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from docx.oxml.ns import qn

from kb.numerals import cn_integer, int_to_cn

_SUFFIXES = {"tab": " ", "space": " ", "nothing": ""}
_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
_STEMS = "甲乙丙丁戊己庚辛壬癸"
_BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
_IDEOGRAPH_DIGITS = "〇一二三四五六七八九"
_ROMAN = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)  # fmt: skip
_CHINESE_COUNTING = {
    "chineseCounting", "chineseCountingThousand", "taiwaneseCounting",
    "taiwaneseCountingThousand", "japaneseCounting",
}  # fmt: skip


def _roman(n: int) -> str:
    out = []
    for value, letters in _ROMAN:
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


def _letter(n: int) -> str:
    """Word's letters: A … Z, then AA … ZZ, AAA … (the letter repeated, not base 26)."""
    return chr(ord("A") + (n - 1) % 26) * ((n - 1) // 26 + 1)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def format_number(n: int, fmt: str) -> str | None:
    """``n`` in the ``w:numFmt`` format ``fmt``; None when this module cannot render it."""
    if fmt == "none":
        return ""
    if n < 0:
        return None
    if fmt in ("decimal", "decimalHalfWidth"):
        return str(n)
    if fmt == "decimalZero":
        return f"{n:02d}"
    if fmt == "decimalFullWidth":
        return "".join(chr(ord(c) - ord("0") + ord("０")) for c in str(n))
    if fmt in ("decimalEnclosedCircle", "decimalEnclosedCircleChinese"):
        return _CIRCLED[n - 1] if 1 <= n <= len(_CIRCLED) else str(n)
    if n == 0:
        return "〇" if fmt in _CHINESE_COUNTING or fmt == "ideographDigital" else None
    if fmt in ("upperRoman", "lowerRoman"):
        roman = _roman(n)
        return roman if fmt == "upperRoman" else roman.lower()
    if fmt in ("upperLetter", "lowerLetter"):
        letters = _letter(n)
        return letters if fmt == "upperLetter" else letters.lower()
    if fmt == "ordinal":
        return _ordinal(n)
    if fmt in _CHINESE_COUNTING:
        return int_to_cn(n) if n < 10000 else None
    if fmt == "chineseLegalSimplified":
        return cn_integer(n, capital=True)
    if fmt == "ideographDigital":
        return "".join(_IDEOGRAPH_DIGITS[int(c)] for c in str(n))
    if fmt == "ideographTraditional":
        return _STEMS[n - 1] if n <= len(_STEMS) else None
    if fmt == "ideographZodiac":
        return _BRANCHES[n - 1] if n <= len(_BRANCHES) else None
    return None


@dataclass(frozen=True)
class Level:
    fmt: str = "decimal"
    text: str | None = None  # None: no w:lvlText, Word shows no number
    start: int = 1
    restart: int | None = None  # w:lvlRestart; None: after any shallower level
    legal: bool = False  # w:isLgl: every number in decimal
    suffix: str = " "
    style: str | None = None  # w:pStyle: the paragraph style linked to this level


def _val(element: Any, tag: str) -> str | None:
    """The ``w:val`` of ``element``'s child ``tag``, or None."""
    if element is None:
        return None
    child = element.find(qn(tag))
    return None if child is None else child.get(qn("w:val"))


def _int(value: str | None) -> int | None:
    """A decimal attribute, or None when it is absent or not a number."""
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def _level(lvl: Any) -> Level:
    fmt = _val(lvl, "w:numFmt")
    if fmt is None:  # Word 2010 custom formats sit in mc:AlternateContent with a fallback
        fallback = next(lvl.iter(qn("w:numFmt")), None)
        fmt = fallback.get(qn("w:val")) if fallback is not None else "decimal"
    legal = lvl.find(qn("w:isLgl"))
    return Level(
        fmt=fmt or "decimal",
        text=_val(lvl, "w:lvlText"),
        start=start if (start := _int(_val(lvl, "w:start"))) is not None else 1,
        restart=_int(_val(lvl, "w:lvlRestart")),
        legal=legal is not None and legal.get(qn("w:val"), "true") not in ("0", "false", "off"),
        suffix=_SUFFIXES.get(_val(lvl, "w:suff") or "tab", " "),
        style=_val(lvl, "w:pStyle"),
    )


def _levels(parent: Any) -> dict[int, Level]:
    out: dict[int, Level] = {}
    for lvl in parent.iterchildren(qn("w:lvl")):
        ilvl = _int(lvl.get(qn("w:ilvl")))
        if ilvl is not None:
            out[ilvl] = _level(lvl)
    return out


@dataclass
class _Num:
    abstract: str
    start_overrides: dict[int, int] = field(default_factory=dict)
    levels: dict[int, Level] = field(default_factory=dict)  # w:lvlOverride/w:lvl


@dataclass(frozen=True)
class _StyleNumbering:
    num_id: str | None
    ilvl: int | None
    based_on: str | None


class Numbering:
    """The numbering of one document, read once; :meth:`label` numbers paragraphs in order."""

    def __init__(self, numbering: Any | None, styles: Any | None) -> None:
        self._abstract: dict[str, dict[int, Level]] = {}
        self._style_links: dict[str, str] = {}  # w:numStyleLink style -> w:styleLink abstract
        self._links_to: dict[str, str] = {}  # abstract with w:numStyleLink -> that style
        self._nums: dict[str, _Num] = {}
        self._styles: dict[str, _StyleNumbering] = {}
        self._default_style: str | None = None
        self._counters: dict[str, dict[int, int]] = {}
        self._started: set[tuple[str, int]] = set()
        if numbering is not None:
            self._read_numbering(numbering)
        if styles is not None:
            self._read_styles(styles)

    def _read_numbering(self, root: Any) -> None:
        for abstract in root.iterchildren(qn("w:abstractNum")):
            key = abstract.get(qn("w:abstractNumId"))
            if key is None:
                continue
            self._abstract[key] = _levels(abstract)
            link = _val(abstract, "w:styleLink")
            if link:
                self._style_links[link] = key
            uses = _val(abstract, "w:numStyleLink")
            if uses:
                self._links_to[key] = uses
        for num in root.iterchildren(qn("w:num")):
            num_id, abstract_id = num.get(qn("w:numId")), _val(num, "w:abstractNumId")
            if num_id is None or abstract_id is None:
                continue
            entry = _Num(abstract_id)
            for override in num.iterchildren(qn("w:lvlOverride")):
                ilvl = _int(override.get(qn("w:ilvl")))
                if ilvl is None:
                    continue
                start = _int(_val(override, "w:startOverride"))
                if start is not None:
                    entry.start_overrides[ilvl] = start
                lvl = override.find(qn("w:lvl"))
                if lvl is not None:
                    entry.levels[ilvl] = _level(lvl)
            self._nums[num_id] = entry

    def _read_styles(self, root: Any) -> None:
        for style in root.iterchildren(qn("w:style")):
            if style.get(qn("w:type")) != "paragraph":
                continue
            style_id = style.get(qn("w:styleId"))
            if style_id is None:
                continue
            if style.get(qn("w:default")) in ("1", "true", "on"):
                self._default_style = style_id
            ppr = style.find(qn("w:pPr"))
            num_pr = ppr.find(qn("w:numPr")) if ppr is not None else None
            self._styles[style_id] = _StyleNumbering(
                num_id=_val(num_pr, "w:numId"),
                ilvl=_int(_val(num_pr, "w:ilvl")),
                based_on=_val(style, "w:basedOn"),
            )

    def _style_numbering(self, style_id: str | None) -> tuple[str | None, int | None]:
        seen: set[str] = set()
        while style_id is not None and style_id not in seen:
            seen.add(style_id)
            entry = self._styles.get(style_id)
            if entry is None:
                return None, None
            if entry.num_id is not None:
                return entry.num_id, entry.ilvl
            style_id = entry.based_on
        return None, None

    def _abstract_of(self, num: _Num) -> str:
        """The abstract list that holds the levels: one hop through w:numStyleLink."""
        style = self._links_to.get(num.abstract)
        if style is None:
            return num.abstract
        linked = self._style_links.get(style)
        if linked is not None:
            return linked
        num_id, _ = self._style_numbering(style)
        target = self._nums.get(num_id or "")
        return target.abstract if target is not None else num.abstract

    def label(self, paragraph: Any) -> str | None:
        """The number of ``paragraph`` (a ``w:p``) with its suffix, e.g. "第三条 ", or None.

        Call it once per paragraph in document order: it advances the list's counters."""
        ppr = paragraph.find(qn("w:pPr"))
        style = _val(ppr, "w:pStyle") or self._default_style
        num_pr = ppr.find(qn("w:numPr")) if ppr is not None else None
        style_num, style_ilvl = self._style_numbering(style)
        num_id = _val(num_pr, "w:numId") or style_num
        if num_id is None or num_id == "0" or num_id not in self._nums:
            return None
        num = self._nums[num_id]
        abstract = self._abstract_of(num)
        levels = {**self._abstract.get(abstract, {}), **num.levels}
        ilvl = _int(_val(num_pr, "w:ilvl"))
        if ilvl is None:
            ilvl = style_ilvl
        if ilvl is None:
            ilvl = next((i for i, lvl in levels.items() if lvl.style and lvl.style == style), 0)
        level = levels.get(ilvl)
        if level is None:
            return None
        counters = self._counters.setdefault(abstract, {})
        if (num_id, ilvl) not in self._started:
            self._started.add((num_id, ilvl))
            if ilvl in num.start_overrides:
                counters[ilvl] = num.start_overrides[ilvl] - 1
        counters[ilvl] = counters.get(ilvl, level.start - 1) + 1
        for deeper in [d for d in counters if d > ilvl]:
            restart = levels[deeper].restart if deeper in levels else None
            if restart is None or (restart != 0 and ilvl < restart):
                del counters[deeper]
        if not level.text or level.fmt == "bullet":
            return None
        return self._render(level.text, level, levels, counters)

    @staticmethod
    def _render(
        text: str, level: Level, levels: dict[int, Level], counters: dict[int, int]
    ) -> str | None:
        """``text`` (the level's w:lvlText) with each %N filled in, then the suffix."""
        out: list[str] = []
        i = 0
        while i < len(text):
            if text[i] == "%" and i + 1 < len(text) and text[i + 1].isdigit():
                ref = int(text[i + 1]) - 1
                ref_level = levels.get(ref, Level())
                value = counters.get(ref, ref_level.start)
                fmt = "decimal" if level.legal and ref_level.fmt != "none" else ref_level.fmt
                rendered = format_number(value, fmt)
                if rendered is None:
                    return None
                out.append(rendered)
                i += 2
                continue
            out.append(text[i])
            i += 1
        number = "".join(out).strip()
        return number + level.suffix if number else None
