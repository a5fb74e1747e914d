"""The contract's typed figures and clauses, read once per contract for every point, and the
figure check of a point against them (see :mod:`pipeline.draft_check.figures`)."""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from pipeline.draft_check.derivations import derivable, grounded_operands
from pipeline.draft_check.figures import (
    ORDINAL_BEFORE,
    SENTENCE_END,
    THRESHOLD_WORDS,
    Figure,
    about_the_contract,
    clause_bounds,
    clause_text,
    find_figures,
    same_value,
    sentence_before,
    subject_words,
)
from pipeline.draft_check.worked_figures import counted_dates, day_counts, days_to_cap, shares
from pipeline.entities.clause_refs import clause_refs
from pipeline.entities.clauses import segment
from pipeline.entities.model import Clause
from pipeline.entities.parse import detect_language
from pipeline.entities.textview import TextView, build_view
from pipeline.entities.topics import nearest_topic
from pipeline.model import Document, EvidenceSource

# Share of the point's clause words a contract sentence must hold to be "about the same thing"
# when the point's quote does not locate the clause: high, so only a near-restatement counts.
MIN_SUBJECT_OVERLAP = 0.6
MIN_SUBJECT_WORDS = 2
# digits a bare number needs before it counts as a figure the contract states ("0.75", "186,000";
# not "12" or "30", which every contract writes somewhere)
MIN_BARE_DIGITS = 3


@dataclass(frozen=True)
class Mismatch:
    said: Figure  # in the point's text
    stated: Figure  # in the contract (original offsets)
    clause: Clause | None
    worked: str = ""  # the point's own arithmetic, redone ("8,475 / 339,000 = 2.50%")

    def reason(self, view: TextView) -> str:
        """Said as the page reads: a figure a PDF line wrap cut ("8,26⏎8.52") is shown whole."""
        where = (
            f"clause {self.clause.number}" if self.clause and self.clause.number else "the contract"
        )
        start, end = _view_range(view, self.stated.start, self.stated.end)
        sentence = _sentence(view.text, start, end)
        stated = shown(view, self.stated)
        said = self.said.describe()
        if self.worked:  # the operands' clause, whichever of its figures the sum came from
            return f"the point states {said}, but {self.worked}; {where}: “{sentence}”"
        return f"the point states {said}, but {where} states {stated}: “{sentence}”"


def _closeness(said: Figure, stated: Figure) -> float:
    """Of two figures the point's words fit as well, the nearer in size is the one it restates
    (a cap of 1,578,087 misstates the cap of 1,378,087, not the daily 8,268.52)."""
    a, b = said.value, stated.value
    if not isinstance(a, int | float) or not isinstance(b, int | float) or a <= 0 or b <= 0:
        return 0.0
    return -abs(math.log(a / b))


def _view_range(view: TextView, start: int, end: int) -> tuple[int, int]:
    return bisect_left(view.origin, start), bisect_left(view.origin, end)


def shown(view: TextView, figure: Figure) -> str:
    """The contract figure as the reader sees it, its wrap joined."""
    start, end = _view_range(view, figure.start, figure.end)
    return view.text[start:end].strip() or figure.text.strip()


class ContractFacts:
    """Figures (mapped to ``document.text`` offsets) and clauses of one contract."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.view = view = build_view(document)
        self.language = detect_language(view.text)
        self.clauses = segment(document, view)
        self._starts = [c.span.start for c in self.clauses]
        self.figures: list[Figure] = []
        for f in find_figures(view.text, self.language):
            start, end = view.to_original(f.start, f.end)
            text = document.text[start:end]
            self.figures.append(Figure(f.kind, f.value, text, start, end, f.count))

    def clause_at(self, offset: int) -> Clause | None:
        i = bisect_right(self._starts, offset) - 1
        return self.clauses[i] if i >= 0 else None

    def in_clause(self, clause: Clause) -> list[Figure]:
        return [f for f in self.figures if clause.span.start <= f.start < clause.span.end]

    @cached_property
    def _sentence_words(self) -> list[set[str]]:
        text = self.document.text
        return [subject_words(_sentence(text, f.start, f.end, limit=0)) for f in self.figures]

    def evidence(self, clause: Clause | None, quote: str) -> EvidenceSource:
        """The contract passage a verdict rests on, anchored to its clause and page (a DOCX,
        which has no pages: to its clause and paragraph, as its spans are)."""
        number = clause.number if clause else None
        span = clause.span if clause else None
        return EvidenceSource(
            doc_id="contract",
            law="contract",
            article=number or None,
            page=span.page if span else None,
            anchor=(span.anchor or clause.id) if span and clause else None,
            quote=quote,
            basis_kind="contract",
        )

    def mismatches(
        self,
        point_text: str,
        quoted: Sequence[tuple[int, int]],
        cites: Callable[[str], list[str]] | None = None,
    ) -> list[Mismatch]:
        """The point's figures that contradict the contract (see the module docstring)."""
        said = find_figures(point_text, detect_language(point_text) if point_text else "en")
        clauses = [c for c in (self.clause_at(s) for s, _ in quoted) if c is not None]
        local = [f for c in clauses for f in self.in_clause(c)]
        contradicted: dict[Figure, Mismatch] = {}
        for figure in said:
            if not about_the_contract(point_text, figure, cites):
                continue
            if any(same_value(figure, f) for f in local):
                continue
            if self._read_from_a_row(point_text, figure):
                continue
            found = self._contradicted_by(point_text, figure, clauses)
            if found is not None:
                contradicted[figure] = found
        out = self._worked(point_text, said, local)
        for figure, found in contradicted.items():
            if any(m.said == figure for m in out):
                continue
            # a sum or a date the contract states somewhere is its own, whatever the point calls
            # it: the figures worked out from it are the point's arithmetic, not a circle (a
            # rate or a period of that size may well be another term's)
            stated = figure.kind in ("amount", "date") and self._same_anywhere(figure)
            operands = said
            if not stated:
                operands = grounded_operands(
                    figure,
                    said,
                    contradicted,
                    local,
                    self.figures,
                    point_text,
                    self._written,
                    cites,
                )
            if not derivable(figure, local, self.figures, operands, point_text):
                out.append(found)
        return out

    def _worked(self, point_text: str, said: list[Figure], local: list[Figure]) -> list[Mismatch]:
        """The point's shares, day counts, counted dates and days to a cap that its own
        operands contradict (:mod:`pipeline.draft_check.worked_figures`)."""
        found = [
            *shares(point_text, said, self._states),
            *day_counts(point_text, said, self._states),
            *counted_dates(point_text, said, self._states),
            *days_to_cap(point_text, said, self._states),
        ]
        out: list[Mismatch] = []
        for worked in found:
            if any(same_value(worked.said, f) for f in local):
                continue  # the quoted clause says so itself: the contract's figure, right or not
            stated = self._stating(worked.anchor, local)
            if stated is not None:
                out.append(
                    Mismatch(worked.said, stated, self.clause_at(stated.start), worked.computed)
                )
        return out

    def _same_anywhere(self, figure: Figure) -> bool:
        return any(same_value(figure, c) for c in self.figures)

    def _written(self, figure: Figure) -> bool:
        """The contract writes ``figure``: as a typed figure, or as a bare number."""
        return self._same_anywhere(figure) or self.states_number(figure)

    def _states(self, figure: Figure) -> bool:
        """The contract writes ``figure``, or one step of arithmetic on its figures gives it
        (a cap of 5% of the contract price)."""
        return self._written(figure) or derivable(figure, self._rates, self.figures, [], "")

    @cached_property
    def _rates(self) -> list[Figure]:
        return [f for f in self.figures if f.kind == "rate"]

    def _stating(self, figure: Figure, local: list[Figure]) -> Figure | None:
        """The contract's figure to show for ``figure``: the same value, in the quoted clauses
        first; for a figure worked out from the contract's, the quoted clause's first figure."""
        same = [c for c in self.figures if same_value(figure, c)]
        quoted = [c for c in same if c in local]
        found = quoted or same or local
        return found[0] if found else None

    @cached_property
    def _bare_numbers(self) -> list[float]:
        """Every number the contract writes with at least three digits, money sign or not: a
        schedule's cells often carry no currency ("Licence Fee | … | 186,000")."""
        return [
            float(m.group().replace(",", ""))
            for m in _NUMBER.finditer(self.view.text)
            if sum(ch.isdigit() for ch in m.group()) >= MIN_BARE_DIGITS
        ]

    def states_number(self, figure: Figure) -> bool:
        """An amount whose number the contract writes somewhere, perhaps without a currency."""
        if figure.kind != "amount" or not isinstance(figure.value, float):
            return False
        return any(abs(n - figure.value) < 0.005 for n in self._bare_numbers)

    @cached_property
    def _table_rows(self) -> list[set[float]]:
        """The numbers of each schedule row ("广东省东莞市 | 6,300 | 12,400 | 18,900 | 48")."""
        return [_numbers(line) for line in self.view.text.splitlines() if line.count("|") >= 2]

    def _read_from_a_row(self, point_text: str, figure: Figure) -> bool:
        """The point reads a schedule row: its figure and another figure of its sentence are
        cells of one row ("东莞线整车运费12,400元、时效48小时", where the row gives 12,400 and a
        bare 48 under 时效（小时）), so the quoted clause's period is not what it restates."""
        own = _numbers(figure.text)
        if len(own) != 1:
            return False
        others = {n for n in _numbers(_sentence(point_text, figure.start, figure.end, 0)) - own
                  if n >= 100}  # fmt: skip
        return any(own <= row and others & row for row in self._table_rows)

    def _contradicted_by(
        self, point_text: str, figure: Figure, clauses: list[Clause]
    ) -> Mismatch | None:
        if self.states_number(figure):
            return None  # a schedule's bare "0.75 per 100.00" or "| 186,000": the contract's
        said_clause = clause_text(point_text, figure.start, figure.end)
        words = subject_words(said_clause)
        shape = _shape(point_text, figure)
        topic = _topic(point_text, figure)
        left, right = clause_bounds(point_text, figure.start, figure.end)
        # the clause the point names for this figure: before it ("第7.2款约定的…二十四个月")
        # or in brackets after it ("due thirty days after receipt (Section 3.03)")
        naming = point_text[left : figure.start] + " ".join(
            _BRACKETED.findall(point_text, figure.end, min(len(point_text), right + 40))
        )
        if not clause_refs(naming):
            # "termination under clause 14.3, which is available only where … below 95%": the
            # clause named earlier in the same sentence
            naming = sentence_before(point_text, figure.start)
        named_clauses = self._named(naming)
        if any(same_value(figure, f) for c in named_clauses for f in self.in_clause(c)):
            return None  # the named clause states it, whatever its shape there
        named = [(c, f) for c in named_clauses for f in self._comparable(c, figure, shape, topic)]
        if named:  # "Sections 5.3 and 5.4 … within 30 days": any of them may state it
            if any(same_value(figure, f) for _, f in named):
                return None
            clause, best = max(
                named, key=lambda pair: (self._overlap(words, pair[1]), _closeness(figure, pair[1]))
            )
            return Mismatch(figure, best, clause)
        # the value stated elsewhere in the contract, of the same topic: the point may be speaking
        # of that passage (a 首付款 of 贰拾万元 does not make a 定金 of 贰拾万元 the contract's)
        elsewhere = [
            f
            for f in self.figures
            if same_value(figure, f) and _topics_agree(topic, _topic(self.document.text, f))
        ]
        if elsewhere and figure.kind in ("amount", "date"):
            return None  # ¥6,600 or 2025-03-01 stated anywhere is the contract's figure
        said_elsewhere = max((self._overlap(words, f) for f in elsewhere), default=-1.0)
        for clause in clauses:
            comparable = self._comparable(clause, figure, shape, topic)
            if comparable:
                best = max(
                    comparable, key=lambda f: (self._overlap(words, f), _closeness(figure, f))
                )
                overlap = self._overlap(words, best)
                if overlap == 0 and len(words) >= MIN_SUBJECT_WORDS:
                    return None  # about something the quoted clause never mentions
                if overlap > said_elsewhere:
                    return Mismatch(figure, best, clause)
                return None
        if elsewhere or len(words) < MIN_SUBJECT_WORDS:
            return None  # the contract states it, or the subject is too thin to say
        scored = [
            (self._overlap(words, f), f)
            for f in self.figures
            if f.kind == figure.kind
            and _restates(shape, _shape(self.document.text, f))
            and _topics_agree(topic, _topic(self.document.text, f))
        ]
        if not scored:
            return None
        overlap, best = max(scored, key=lambda pair: pair[0])
        if overlap < MIN_SUBJECT_OVERLAP:
            return None
        # the same value where the contract speaks of the same things ("£92,500 basic salary"
        # in 6.1, read as another topic): the point restates that passage, not this one
        same = [f for f in self.figures if same_value(figure, f)]
        if max((self._overlap(words, f) for f in same), default=-1.0) >= overlap:
            return None
        return Mismatch(figure, best, self.clause_at(best.start))

    def _comparable(
        self, clause: Clause, figure: Figure, shape: tuple[bool, bool], topic: str | None
    ) -> list[Figure]:
        """The clause's figures that could restate ``figure``: same kind, same shape, and for
        amounts no other topic (a 补偿 of 4,500 is not the 违约金 of 50,000 misread)."""
        text = self.document.text
        return [
            f
            for f in self.in_clause(clause)
            if f.kind == figure.kind
            and _restates(shape, _shape(text, f))
            and _topics_agree(topic, _topic(text, f))
        ]

    def _named(self, said_clause: str) -> list[Clause]:
        """The contract clauses a point's clause names: 第7.2款, 第六条, Section 13(c)."""
        return [c for n in clause_refs(said_clause) for c in self.clauses if c.number == n]

    def _overlap(self, words: set[str], figure: Figure) -> float:
        if not words:
            return 0.0
        i = self.figures.index(figure)
        return len(words & self._sentence_words[i]) / len(words)


# a bound: a threshold or a deadline, just before the figure ("not exceed", "within", 不超过)
# or right after it (30日内, 5年以上)
_BOUND_BEFORE = re.compile(
    rf"{THRESHOLD_WORDS.pattern}|\bwithin\b|\b(?:no|not) later than\b|不迟于", re.I
)
_BOUND_AFTER = re.compile(r"\s*(?:以内|之内|内|以上|以下|or (?:more|less)\b|at the latest\b)", re.I)
_BRACKETED = re.compile(r"[(（][^()（）]{0,40}[)）]")


def _restates(said: tuple[bool, bool], stated: tuple[bool, bool]) -> bool:
    """A point's plain figure may restate a bound or an ordinal ("a 12-month non-compete" for
    "十二个月内"), but its bound or ordinal does not restate a plain figure: "at least 5 years"
    against "2 years" is the law's minimum or another duty's, "第3至5年" a time, not a period."""
    return all(
        stated_part or not said_part for said_part, stated_part in zip(said, stated, strict=True)
    )


def _topic(text: str, figure: Figure) -> str | None:
    """What an amount is (定金, 违约金, 租金 …: ``topics.TOPICS``), from the words of its
    clause before it; None for other kinds, or when no topic word is there."""
    if figure.kind != "amount":
        return None
    left, _ = clause_bounds(text, figure.start, figure.end)
    return nearest_topic(text[left : figure.start])[0]


# topics a review may name one by the other: "the deposit" for a security deposit, "the fees"
# for the price
_TOPIC_FAMILY = {
    "earnest_money": "deposit",
    "security_deposit": "deposit",
    "net_price": "total_price",
    "fee": "total_price",
    "instalment": "total_price",
}


def _topics_agree(a: str | None, b: str | None) -> bool:
    if a is None or b is None:
        return True
    return _TOPIC_FAMILY.get(a, a) == _TOPIC_FAMILY.get(b, b)


def _shape(text: str, figure: Figure) -> tuple[bool, bool]:
    """How a figure is stated: as a bound (不少于5年, "shall not exceed $240,000") and as an
    ordinal (第五日); see :func:`_restates`."""
    left, right = clause_bounds(text, figure.start, figure.end)
    head = text[:left].rstrip()
    if head.endswith((":", "：", "|")):  # a row's label: value
        left = clause_bounds(text, len(head) - 1, len(head) - 1)[0]
    lead = text[max(left, figure.start - 48) : figure.start]
    bound = _BOUND_BEFORE.search(lead) or _BOUND_AFTER.match(text, figure.end, right)
    before = text[max(0, figure.start - 8) : figure.start]
    return bool(bound), bool(ORDINAL_BEFORE.search(before))


_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _numbers(text: str) -> set[float]:
    return {float(m.group().replace(",", "")) for m in _NUMBER.finditer(text)}


def _sentence(text: str, start: int, end: int, limit: int = 160) -> str:
    cuts = [m.end() for m in SENTENCE_END.finditer(text, 0, start)]
    left = cuts[-1] if cuts else 0
    stop = SENTENCE_END.search(text, end)
    flat = " ".join(text[left : stop.end() if stop else len(text)].split())
    return flat if not limit or len(flat) <= limit else flat[: limit - 1] + "…"
