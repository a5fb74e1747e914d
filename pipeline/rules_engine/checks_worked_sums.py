"""Arithmetic the contract states and gets wrong, read from the numbers alone.

A contract often shows its working: "12 x $15,570.00 x 35% = $65,394.00", "RMB 200,232.00
exclusive of VAT, plus VAT of RMB 12,013.92, that is RMB 212,245.92", or instalments each given
as a share and a sum ("14,405 (25%); 28,810 (50%); 14,405 (25%)"). The numbers themselves say
what must hold, whatever words surround them, so these checks need no wording of a clause
type: an equation must balance, an addition must reach its stated result, and sums stated as
shares of one base must imply the same base.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from pipeline.entities.amounts import CAPITAL
from pipeline.rules_engine.context import RuleContext
from pipeline.rules_engine.registry import Hit, NoParams, check

CURRENCY = r"(?:RMB|CNY|USD|US\$|HK\$|GBP|EUR|人民币|[¥￥$£€])"
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_EQUALS = re.compile(r"[=＝]")
_TERM = re.compile(rf"(?:{CURRENCY}\s?)?({_NUMBER})(\s?(?:%|％|per\s?cent))?(?:\s?(?:万元|元))?")
_OPERATOR = r"([+＋×xX*✕÷/－]|plus|times|minus|less|[-−–](?=\s))"
_OP_BEFORE = re.compile(rf"\s*{_OPERATOR}\s*$")
_OP_AFTER = re.compile(rf"\s*{_OPERATOR}\s*")
_TIMES = frozenset({"×", "x", "X", "*", "✕", "times"})
_DIVIDE = frozenset({"÷", "/"})
_MINUS = frozenset({"minus", "less", "-", "−", "–", "－"})
# a number that counts things, not money or a share: the result of such a line is no sum
COUNTED = re.compile(
    r"^\s?(?:days?|months?|个月|years?|weeks?|hours?|units?|pcs|pieces|sets?|kg|公斤|千克|tons?"
    r"|tonnes?|sq|m2|㎡|平方米|个|台|套|件|吨|亩|天|日|月|年|小时|人|次|份|km|公里|米|m\b)",
    re.I,
)


@dataclass(frozen=True)
class _Term:
    value: Decimal
    start: int
    end: int
    places: int
    money: bool


def figure_value(raw: str) -> tuple[Decimal, int] | None:
    """A written figure ("1,272,000.00") as its value and its decimal places (the precision
    the contract states it to, which is how far a worked result may be rounded)."""
    plain = raw.replace(",", "")
    try:
        return Decimal(plain), len(plain.split(".")[1]) if "." in plain else 0
    except InvalidOperation:
        return None


def _term(m: re.Match[str]) -> _Term | None:
    read = figure_value(m.group(1))
    if read is None:
        return None
    value, places = read
    if m.group(2):
        value /= 100
    money = re.match(CURRENCY, m.group()) is not None or "," in m.group(1) or "元" in m.group()
    return _Term(value, m.start(), m.end(), places, money)


# an expression: its terms, and between each pair the operator joining them
Expression = tuple[list[_Term], list[str]]


def _run_before(line: str, end: int) -> Expression:
    """The expression ending at ``end``, read right to left."""
    terms: list[_Term] = []
    ops: list[str] = []
    head = line[:end].rstrip()
    while head:
        last = None
        for m in _TERM.finditer(head):
            last = m
        if last is None or last.end() != len(head) or (term := _term(last)) is None:
            break
        terms.insert(0, term)
        op = _OP_BEFORE.search(head[: last.start()])
        if op is None:
            break
        ops.insert(0, op.group(1))
        head = head[: op.start()]
    return terms, ops[len(ops) - max(len(terms) - 1, 0) :]


def _run_after(line: str, start: int) -> Expression:
    """The expression starting at ``start``, read left to right."""
    terms: list[_Term] = []
    ops: list[str] = []
    pos = start + len(line[start:]) - len(line[start:].lstrip())
    while (m := _TERM.match(line, pos)) is not None and (term := _term(m)) is not None:
        terms.append(term)
        op = _OP_AFTER.match(line, m.end())
        if op is None or _TERM.match(line, op.end()) is None:
            break
        ops.append(op.group(1))
        pos = op.end()
    return terms, ops[: max(len(terms) - 1, 0)]


def _chunks(expr: Expression) -> list[Decimal] | None:
    """The signed products the expression adds up (multiplication binds first)."""
    terms, ops = expr
    out: list[Decimal] = []
    sign, product = Decimal(1), terms[0].value
    for op, term in zip(ops, terms[1:], strict=True):
        if op in _TIMES:
            product *= term.value
        elif op in _DIVIDE:
            if term.value == 0:
                return None
            product /= term.value
        else:
            out.append(sign * product)
            sign, product = (Decimal(-1) if op in _MINUS else Decimal(1)), term.value
    out.append(sign * product)
    return out


def _balances(left: Expression, right: Expression) -> bool:
    """Some tail of the left sum equals some head of the right one: "X x 2% = 100,000 plus Y x
    3.5% = 42,000" chains two workings, and "a - b = c - d = e" steps through one."""
    lc, rc = _chunks(left), _chunks(right)
    if lc is None or rc is None:
        return True
    tolerance = Decimal(1).scaleb(-max(t.places for t in left[0] + right[0]))
    tails = {sum(lc[k:], Decimal(0)) for k in range(len(lc))}
    heads = [sum(rc[:k], Decimal(0)) for k in range(1, len(rc) + 1)]
    return any(abs(t - h) <= tolerance for t in tails for h in heads)


_PRICED = re.compile(rf"{CURRENCY}|元|%|％")


def _worked_cells(line: str) -> Iterator[re.Match[str]]:
    """The bar after a table cell that is a working and before one that is its result
    ("增值税 | 648,000.00元×6% | 38,880.00"): the bar stands for "=" there."""
    bars = list(re.finditer(r"\|", line))
    if not bars:
        return
    for before, bar, after in zip([None, *bars[:-1]], bars, [*bars[1:], None], strict=True):
        cell_start = before.end() if before else 0
        cell_end = after.start() if after else len(line)
        left, right = _run_before(line, bar.start()), _run_after(line, bar.end())
        whole_left = left[0] and not line[cell_start : left[0][0].start].strip()
        whole_right = right[0] and not line[right[0][-1].end : cell_end].strip()
        # money or a share is worked out, not a size ("300×460×140 | 12,000" is a box and a count)
        priced = _PRICED.search(line[cell_start : bar.start()])
        if whole_left and whole_right and len(left[0]) >= 2 and len(right[0]) == 1 and priced:
            yield bar


@check("worked_sum_wrong", NoParams, fields=("working", "result"))
def worked_sum_wrong(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """'12 x $15,570.00 x 35% = $65,394.00': the contract's own equation does not balance."""
    del params
    offset = 0
    for line in ctx.text.split("\n"):
        for start, end, working, result in _unbalanced(line, list(_EQUALS.finditer(line))):
            yield Hit(
                ctx.span(offset + start, offset + end), {"working": working, "result": result}
            )
        offset += len(line) + 1
    # a table's rows are read from the text as written: the view joins wrapped lines, and a
    # Chinese table's rows are such lines to it
    offset = 0
    for line in ctx.document.text.split("\n"):
        for start, end, working, result in _unbalanced(line, list(_worked_cells(line))):
            begin = ctx.view_offset(offset + start)
            yield Hit(ctx.span(begin, begin + end - start), {"working": working, "result": result})
        offset += len(line) + 1


def _unbalanced(line: str, signs: list[re.Match[str]]) -> Iterator[tuple[int, int, str, str]]:
    """(start, end, working, result) of each equation at ``signs`` that does not balance."""
    for eq in signs:
        left, right = _run_before(line, eq.start()), _run_after(line, eq.end())
        if not left[0] or not right[0] or len(left[0]) + len(right[0]) < 3:
            continue
        if COUNTED.match(line[right[0][-1].end :]):
            continue
        if not any(t.money for t in left[0] + right[0]) or _balances(left, right):
            continue
        start, end = left[0][0].start, right[0][-1].end
        yield start, end, line[start : eq.start()].strip(), line[eq.end() : end].strip()


_ADDEND = re.compile(
    rf"(?:{CURRENCY}\s?)(?:{_NUMBER})(?:\s?(?:万元|元))?"
    r"|(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?)(?:\s?(?:万元|元))?"
)
_PLUS = re.compile(
    r"\bplus\b|\+|＋|(?<![\u4e00-\u9fff])加(?![\u4e00-\u9fff]{0,2}(?:倍|收|重))|另加|另付"
)
_TOTALS = re.compile(
    r"^[\s,，;；:：(（]*(?:that is|i\.e\.|making|totall?ing|for a total of|a total of|in total"
    r"|in aggregate|together|合计|共计|总计|总额为?|即|计)[\s,，:：]*(?:of\s*|为\s*)?$",
    re.I,
)
# a rate or a period between two sums: the sums are not added as they stand; nor are two sums
# a "that is" or 合计 already separates
_RATE_GAP = re.compile(
    r"\d|\bper\b|\beach\b|\bevery\b|/|monthly|annual|每|%|％"
    r"|that is|i\.e\.|making|total|together|合计|共计|总计|即",
    re.I,
)


@check("spelled_sum_wrong", NoParams, fields=("parts", "stated"))
def spelled_sum_wrong(ctx: RuleContext, params: NoParams) -> Iterator[Hit]:
    """'RMB 200,232.00 exclusive of VAT, plus VAT of RMB 12,013.92, that is RMB 212,254.92': sums
    joined by 'plus' (加) and closed by 'that is' (合计, 即) that do not add up."""
    del params
    for sentence in ctx.sentences:
        text = sentence.text
        found = [m for m in _ADDEND.finditer(text) if not COUNTED.match(text[m.end() :])]
        for i in range(1, len(found) - 1):
            result = found[i + 1]
            if not _TOTALS.match(text[found[i].end() : result.start()]):
                continue
            parts = [found[i]]
            for j in range(i - 1, -1, -1):
                gap = text[found[j].end() : parts[0].start()]
                if len(gap) > 45 or not _PLUS.search(gap) or _RATE_GAP.search(gap):
                    break
                parts.insert(0, found[j])
            read = [_TERM.search(m.group()) for m in [*parts, result]]
            terms = [t for r in read if r is not None and (t := _term(r)) is not None]
            if len(parts) < 2 or len(terms) != len(parts) + 1:
                continue
            tolerance = Decimal(1).scaleb(-max(t.places for t in terms))
            if abs(sum((t.value for t in terms[:-1]), Decimal(0)) - terms[-1].value) > tolerance:
                yield Hit(
                    ctx.span(sentence.start + parts[0].start(), sentence.start + result.end()),
                    {"parts": " + ".join(p.group() for p in parts), "stated": result.group()},
                )
    yield from _listed_sum_wrong(ctx)


# "Milestone 1 $75,000; Milestone 2 $125,000; total $200,000", "软件许可费为…（¥1,400,000.00），
# 实施服务费为…（¥600,000.00），合计…（¥2,000,000.00）": named parts listed, then their total
_LIST_TOTAL = re.compile(
    r"^[\s,，;；:：)）]*(?:in total|total|合计|共计|总计)[\s,，:：]*(?:of\s*|为\s*)?"
    rf"(?:{CURRENCY})?[\s（(]*$",
    re.I,
)
# a part's name may number it: "Milestone 2", "第2期"
_ORDINAL = re.compile(r"\b[A-Z][a-z]+\s+\d{1,2}\b|第\s*\d{1,2}\s*[期批阶段年个]")
_LIST_GAP = re.compile(r"[,，;；、]|\band\b|[和及]")


def _listed_totals(text: str) -> Iterator[tuple[list[re.Match[str]], re.Match[str]]]:
    """(parts, total) for each total a line states after the parts it lists."""
    found = [m for m in _ADDEND.finditer(text) if not COUNTED.match(text[m.end() :])]
    for i in range(1, len(found) - 1):
        result = found[i + 1]
        if not _LIST_TOTAL.match(CAPITAL.sub("", text[found[i].end() : result.start()])):
            continue
        parts = [found[i]]
        for j in range(i - 1, -1, -1):
            gap = _ORDINAL.sub("", CAPITAL.sub("", text[found[j].end() : parts[0].start()]))
            if len(gap) > 45 or not _LIST_GAP.search(gap) or _RATE_GAP.search(gap):
                break
            parts.insert(0, found[j])
        if len(parts) >= 2:
            yield parts, result


def _listed_sum_wrong(ctx: RuleContext) -> Iterator[Hit]:
    offset = 0
    for line in ctx.text.split("\n"):
        for parts, result in _listed_totals(line):
            read = [_TERM.search(m.group()) for m in [*parts, result]]
            terms = [t for r in read if r is not None and (t := _term(r)) is not None]
            if len(terms) != len(parts) + 1:
                continue
            tolerance = Decimal(1).scaleb(-max(t.places for t in terms))
            summed = sum((t.value for t in terms[:-1]), Decimal(0))
            stated = terms[-1].value
            # a total near its parts but not equal: a slip, not a total of more than is listed
            if abs(summed - stated) > tolerance and abs(summed - stated) <= stated / 4:
                yield Hit(
                    ctx.span(offset + parts[0].start(), offset + result.end()),
                    {"parts": " + ".join(p.group() for p in parts), "stated": result.group()},
                )
        offset += len(line) + 1
