"""The contract's typed figures and clauses, read once per contract for every point, and the
figure check of a point against them (see :mod:`pipeline.draft_check.figures`)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from pipeline.draft_check.figures import (
    ORDINAL_BEFORE,
    SENTENCE_END,
    THRESHOLD_WORDS,
    Figure,
    about_the_contract,
    clause_bounds,
    clause_text,
    derivable,
    find_figures,
    same_value,
    subject_words,
)
from pipeline.entities.clauses import segment
from pipeline.entities.model import Clause
from pipeline.entities.parse import detect_language
from pipeline.entities.textview import build_view
from pipeline.model import Document, EvidenceSource

# Share of the point's clause words a contract sentence must hold to be "about the same thing"
# when the point's quote does not locate the clause: high, so only a near-restatement counts.
MIN_SUBJECT_OVERLAP = 0.6
MIN_SUBJECT_WORDS = 2


@dataclass(frozen=True)
class Mismatch:
    said: Figure  # in the point's text
    stated: Figure  # in the contract (original offsets)
    clause: Clause | None

    def reason(self, contract_text: str) -> str:
        where = (
            f"clause {self.clause.number}" if self.clause and self.clause.number else "the contract"
        )
        sentence = _sentence(contract_text, self.stated.start, self.stated.end)
        return (
            f"the point states {self.said.describe()}, but {where} states "
            f"{self.stated.text.strip()}: “{sentence}”"
        )


class ContractFacts:
    """Figures (mapped to ``document.text`` offsets) and clauses of one contract."""

    def __init__(self, document: Document) -> None:
        self.document = document
        view = build_view(document)
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
        return [subject_words(_sentence(text, f.start, f.end)) for f in self.figures]

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
        out: list[Mismatch] = []
        for figure in said:
            if not about_the_contract(point_text, figure, cites):
                continue
            local = [f for c in clauses for f in self.in_clause(c)]
            if any(same_value(figure, f) for f in local):
                continue
            if derivable(figure, local, self.figures, said, point_text):
                continue
            found = self._contradicted_by(point_text, figure, clauses)
            if found is not None:
                out.append(found)
        return out

    def _contradicted_by(
        self, point_text: str, figure: Figure, clauses: list[Clause]
    ) -> Mismatch | None:
        said_clause = clause_text(point_text, figure.start, figure.end)
        words = subject_words(said_clause)
        shape = _shape(point_text, figure)
        # the value stated elsewhere in the contract: the point may be speaking of that passage
        elsewhere = [f for f in self.figures if same_value(figure, f)]
        if elsewhere and figure.kind in ("amount", "date"):
            return None  # ¥6,600 or 2025-03-01 stated anywhere is the contract's figure
        said_elsewhere = max((self._overlap(words, f) for f in elsewhere), default=-1.0)
        for clause in clauses:
            same_kind = [f for f in self.in_clause(clause) if f.kind == figure.kind]
            comparable = [f for f in same_kind if _shape(self.document.text, f) == shape]
            if comparable:
                best = max(comparable, key=lambda f: self._overlap(words, f))
                if self._overlap(words, best) > said_elsewhere:
                    return Mismatch(figure, best, clause)
                return None
        if elsewhere or len(words) < MIN_SUBJECT_WORDS:
            return None  # the contract states it, or the subject is too thin to say
        scored = [
            (self._overlap(words, f), f)
            for f in self.figures
            if f.kind == figure.kind and _shape(self.document.text, f) == shape
        ]
        if not scored:
            return None
        overlap, best = max(scored, key=lambda pair: pair[0])
        if overlap < MIN_SUBJECT_OVERLAP:
            return None
        return Mismatch(figure, best, self.clause_at(best.start))

    def _overlap(self, words: set[str], figure: Figure) -> float:
        if not words:
            return 0.0
        i = self.figures.index(figure)
        return len(words & self._sentence_words[i]) / len(words)


def _shape(text: str, figure: Figure) -> tuple[bool, bool]:
    """How a figure is stated: as a bound (不少于5年, "shall not exceed $240,000") and as an
    ordinal (第五日). Only figures of one shape restate each other: "at least 5 years" against
    a plain "2 years" is the law's minimum or another contract's, not this clause misread."""
    left, right = clause_bounds(text, figure.start, figure.end)
    head = text[:left].rstrip()
    if head.endswith((":", "：", "|")):  # a row's label: value
        left = clause_bounds(text, len(head) - 1, len(head) - 1)[0]
    clause = text[left:right]
    before = text[max(0, figure.start - 8) : figure.start]
    return bool(THRESHOLD_WORDS.search(clause)), bool(ORDINAL_BEFORE.search(before))


def _sentence(text: str, start: int, end: int, limit: int = 160) -> str:
    cuts = [m.end() for m in SENTENCE_END.finditer(text, 0, start)]
    left = cuts[-1] if cuts else 0
    stop = SENTENCE_END.search(text, end)
    flat = " ".join(text[left : stop.end() if stop else len(text)].split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
