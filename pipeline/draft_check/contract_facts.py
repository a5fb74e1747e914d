"""The contract's typed figures and clauses, read once per contract for every point, and the
figure check of a point against them (see :mod:`pipeline.draft_check.figures`)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from functools import cached_property, partial

from pipeline.draft_check.derivations import derivable, grounded_operands
from pipeline.draft_check.figure_shapes import (
    BRACKETED,
    restates,
    shape_of,
    topic_of,
    topics_agree,
)
from pipeline.draft_check.figures import (
    Figure,
    about_the_contract,
    clause_bounds,
    clause_text,
    find_figures,
    same_value,
    sentence_before,
    subject_words,
)
from pipeline.draft_check.instalment_sums import Instalment, claimed_sums, instalments
from pipeline.draft_check.mismatch import Mismatch, closeness, sentence_of
from pipeline.draft_check.paired_figures import paired_sum
from pipeline.draft_check.period_ends import period_ends
from pipeline.draft_check.point_reading import (
    COUNTS_BY,
    MIN_LIST,
    OTHER_PART,
    run_length,
    without_law,
)
from pipeline.draft_check.slips import slipped_product
from pipeline.draft_check.worked_figures import counted_dates, day_counts, days_to_cap, shares
from pipeline.entities.clause_refs import clause_refs
from pipeline.entities.clauses import segment
from pipeline.entities.model import Clause
from pipeline.entities.parse import detect_language
from pipeline.entities.textview import build_view
from pipeline.model import Document, EvidenceSource

# Share of the point's clause words a contract sentence must hold to be "about the same thing"
# when the point's quote does not locate the clause: high, so only a near-restatement counts.
MIN_SUBJECT_OVERLAP = 0.6
MIN_SUBJECT_WORDS = 2
# digits a bare number needs before it counts as a figure the contract states ("0.75", "186,000";
# not "12" or "30", which every contract writes somewhere)
MIN_BARE_DIGITS = 3


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
        return [subject_words(sentence_of(text, f.start, f.end, limit=0)) for f in self.figures]

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
        language = detect_language(point_text) if point_text else "en"
        said = find_figures(point_text, language, yearless=True)
        clauses = [c for c in (self.clause_at(s) for s, _ in quoted) if c is not None]
        local = [f for c in clauses for f in self.in_clause(c)]
        # the clauses the point names are at hand too ("与第15.1条的上限2,343,500元叠加": 15.1's
        # 5% of the price), for the arithmetic that excuses a figure
        named = [c for c in self._named(without_law(point_text, cites)) if c not in clauses]
        named_figures = [f for c in named for f in self.in_clause(c)]
        sums = local + [f for f in named_figures if f.kind in _SUMS]
        contradicted: dict[Figure, Mismatch] = {}
        for figure in said:
            if figure.inferred or not about_the_contract(point_text, figure, cites):
                continue
            if any(same_value(figure, f) for f in local):
                continue
            if self._read_from_a_row(point_text, figure):
                continue
            if run_length(point_text, figure, said) >= MIN_LIST and self._same_anywhere(figure):
                continue  # one of a list the point runs through (30%、25%、20%、25%)
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
            at_hand = sums if figure.kind in _SUMS else local
            if not stated:
                operands = grounded_operands(
                    figure,
                    said,
                    contradicted,
                    at_hand,
                    self.figures,
                    point_text,
                    partial(self._grounds, point_text, local + named_figures),
                    cites,
                )
            if not derivable(figure, at_hand, self.figures, operands, point_text):
                out.append(found)
        out += self._unexplained_sums(point_text, said, sums, [m.said for m in out], cites)
        return out

    def _unexplained_sums(
        self,
        point_text: str,
        said: list[Figure],
        at_hand: list[Figure],
        flagged: list[Figure],
        cites: Callable[[str], list[str]] | None,
    ) -> list[Mismatch]:
        """The point's sums that no clause states and no arithmetic gives, yet that show which
        of the contract's they misstate: a product with a digit slipped
        (:mod:`pipeline.draft_check.slips`), or the sum beside a share the contract pairs with
        another (:mod:`pipeline.draft_check.paired_figures`)."""
        # the contract's sums, and the point's that a schedule writes without currency
        amounts = [f for f in self.figures if f.kind == "amount"]
        amounts += [f for f in said if f.kind == "amount" and self.states_number(f)]
        rates_at_hand = [f for f in (*at_hand, *said) if f.kind == "rate"]
        out: list[Mismatch] = []
        for figure in said:
            if figure.kind != "amount" or figure in flagged or self._written(figure):
                continue
            if not about_the_contract(point_text, figure, cites):
                continue
            if derivable(figure, at_hand, self.figures, said, point_text):
                continue
            # and the rates of the contract's passages on the same subject ("每日违约金为…" and
            # the clause's "每逾期一日…千分之二…违约金")
            words = subject_words(clause_text(point_text, figure.start, figure.end))
            rates = rates_at_hand + [
                f
                for f in self._rates
                if len(words) >= MIN_SUBJECT_WORDS
                and self._overlap(words, f) >= MIN_SUBJECT_OVERLAP
            ]
            slip = slipped_product(figure, amounts, rates)
            stated = None if slip is None else self._in_contract(slip.operand)
            if slip is not None and stated is not None:
                out.append(Mismatch(figure, stated, self.clause_at(stated.start), slip.shown))
                continue
            paired = paired_sum(point_text, said, figure, self.document.text, self.figures)
            if paired is not None:
                out.append(Mismatch(figure, paired, self.clause_at(paired.start)))
        return out

    def _in_contract(self, figure: Figure) -> Figure | None:
        """``figure`` where the contract writes it (a point's sum: where the schedule has its
        bare number)."""
        if figure in self.figures:
            return figure
        for m in _NUMBER.finditer(self.view.text):
            if abs(float(m.group().replace(",", "")) - float(figure.value)) < 0.005:
                start, end = self.view.to_original(m.start(), m.end())
                return Figure("amount", figure.value, self.document.text[start:end], start, end)
        return None

    def _worked(self, point_text: str, said: list[Figure], local: list[Figure]) -> list[Mismatch]:
        """The point's shares, day counts, counted dates and days to a cap that its own
        operands contradict (:mod:`pipeline.draft_check.worked_figures`)."""
        found = [
            *shares(point_text, said, self._states),
            *day_counts(point_text, said, self._states),
            *counted_dates(point_text, said, self._states),
            *days_to_cap(point_text, said, self._states),
            *period_ends(point_text, said, local, self._states),
        ]
        out: list[Mismatch] = list(self._instalment_sums(point_text, said, local))
        for worked in found:
            if worked.said.inferred or any(same_value(worked.said, f) for f in local):
                continue  # the quoted clause says so itself: the contract's figure, right or not
            stated = self._stating(worked.anchor, local)
            if stated is not None:
                out.append(
                    Mismatch(worked.said, stated, self.clause_at(stated.start), worked.computed)
                )
        return out

    def _instalment_sums(
        self, point_text: str, said: list[Figure], local: list[Figure]
    ) -> Iterator[Mismatch]:
        """The point's sums of the first instalments, against the contract's schedule."""
        for found in claimed_sums(point_text, said, self._instalments):
            if any(same_value(found.said, f) for f in local):
                continue
            start, end = self.view.to_original(found.last.start, found.last.end)
            stated = next((f for f in self.figures if f.start <= start < f.end), None)
            if stated is None:
                text = self.document.text[start:end]
                stated = Figure("amount", found.last.value, text, start, end, 0)
            yield Mismatch(found.said, stated, self.clause_at(stated.start), found.computed)

    @cached_property
    def _instalments(self) -> list[Instalment]:
        return instalments(self.view.text)

    def _same_anywhere(self, figure: Figure) -> bool:
        return any(same_value(figure, c) for c in self.figures)

    def _grounds(self, point_text: str, clauses: list[Figure], figure: Figure) -> bool:
        """The contract writes ``figure`` so that the point may reckon with it. A period counts
        where the clauses the point quotes or names state it, or where the point counts a date
        by it ("ninety days before the end"); 7日 is in most contracts, so "距9月1日仅有七天",
        worked out from the point's own wrong date, is no period of the contract's."""
        if figure.kind != "duration":
            return self._written(figure)
        if any(same_value(figure, f) for f in clauses):
            return True
        return self._written(figure) and bool(COUNTS_BY.match(point_text, figure.end))

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
        others = {n for n in _numbers(sentence_of(point_text, figure.start, figure.end, 0)) - own
                  if n >= 100}  # fmt: skip
        return any(own <= row and others & row for row in self._table_rows)

    def _contradicted_by(
        self, point_text: str, figure: Figure, clauses: list[Clause]
    ) -> Mismatch | None:
        if self.states_number(figure):
            return None  # a schedule's bare "0.75 per 100.00" or "| 186,000": the contract's
        said_clause = clause_text(point_text, figure.start, figure.end)
        words = subject_words(said_clause)
        shape = shape_of(point_text, figure)
        topic = topic_of(point_text, figure)
        left, right = clause_bounds(point_text, figure.start, figure.end)
        # the clause the point names for this figure: before it ("第7.2款约定的…二十四个月")
        # or in brackets after it ("due thirty days after receipt (Section 3.03)")
        naming = point_text[left : figure.start] + " ".join(
            BRACKETED.findall(point_text, figure.end, min(len(point_text), right + 40))
        )
        if not clause_refs(naming) and not OTHER_PART.search(naming):
            # "termination under clause 14.3, which is available only where … below 95%": the
            # clause named earlier in the same sentence (not when this figure's own words name a
            # schedule: "…, while the last Deliverable in Schedule A is due on March 31, 2027")
            naming = sentence_before(point_text, figure.start)
        named_clauses = self._named(naming)
        if any(same_value(figure, f) for c in named_clauses for f in self.in_clause(c)):
            return None  # the named clause states it, whatever its shape there
        named = [(c, f) for c in named_clauses for f in self._comparable(c, figure, shape, topic)]
        if named:  # "Sections 5.3 and 5.4 … within 30 days": any of them may state it
            if any(same_value(figure, f) for _, f in named):
                return None
            clause, best = max(
                named, key=lambda pair: (self._overlap(words, pair[1]), closeness(figure, pair[1]))
            )
            return Mismatch(figure, best, clause)
        # the value stated elsewhere in the contract, of the same topic: the point may be speaking
        # of that passage (a 首付款 of 贰拾万元 does not make a 定金 of 贰拾万元 the contract's)
        elsewhere = [
            f
            for f in self.figures
            if same_value(figure, f) and topics_agree(topic, topic_of(self.document.text, f))
        ]
        if elsewhere and figure.kind in ("amount", "date"):
            return None  # ¥6,600 or 2025-03-01 stated anywhere is the contract's figure
        said_elsewhere = max((self._overlap(words, f) for f in elsewhere), default=-1.0)
        for clause in clauses:
            comparable = self._comparable(clause, figure, shape, topic)
            if comparable:
                best = max(
                    comparable, key=lambda f: (self._overlap(words, f), closeness(figure, f))
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
            and restates(shape, shape_of(self.document.text, f))
            and topics_agree(topic, topic_of(self.document.text, f))
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
            and restates(shape, shape_of(text, f))
            and topics_agree(topic, topic_of(text, f))
        ]

    def _named(self, said_clause: str) -> list[Clause]:
        """The contract clauses a point's clause names: 第7.2款, 第六条, Section 13(c)."""
        return [c for n in clause_refs(said_clause) for c in self.clauses if c.number == n]

    def _overlap(self, words: set[str], figure: Figure) -> float:
        if not words:
            return 0.0
        i = self.figures.index(figure)
        return len(words & self._sentence_words[i]) / len(words)


_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
# the kinds whose arithmetic may draw on the clauses a point names (a date counted from any of
# their periods would excuse too much)
_SUMS = ("amount", "rate")


def _numbers(text: str) -> set[float]:
    return {float(m.group().replace(",", "")) for m in _NUMBER.finditer(text)}
