"""What a check sees: the document, its search view, language, clauses and entities.

Checks search the view (soft line breaks removed) and turn view offsets into exact document
spans with :meth:`RuleContext.span`; they never build offsets by hand.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar, cast

from pipeline.entities.clauses import innermost
from pipeline.entities.governing_law import AssumedLaw, assumed_law, subject_of
from pipeline.entities.model import Clause, Language
from pipeline.entities.parse import detect_language
from pipeline.entities.textview import TextView, build_view
from pipeline.model import Document, Entity, Span

T = TypeVar("T")


@dataclass(frozen=True)
class Sentence:
    start: int  # view offsets
    end: int
    text: str


# a full stop ends a sentence before a capital, or before the next sub-clause's number where a
# whole clause sits on one line ("… in clause 10.3. 9.4 The Licensor …")
_SENTENCE_SPLIT = re.compile(
    r"[。！？!?；;\n]|(?<=[a-z0-9)\]])\.(?=\s+[A-Z(\"“]|\s+\d+(?:\.\d+)+\s+[A-Z(])"
)


class RuleContext:
    def __init__(
        self,
        document: Document,
        entities: tuple[Entity, ...],
        clauses: tuple[Clause, ...],
        view: TextView | None = None,
        language: Language | None = None,
    ) -> None:
        self.document = document
        self.entities = entities
        self.clauses = clauses
        self.view = view or build_view(document)
        self.text = self.view.text
        self.language: Language = language or detect_language(self.text)
        self._memo: dict[str, Any] = {}
        self._by_kind: dict[str, tuple[Entity, ...]] = {}

    def memo(self, key: str, compute: Callable[[], T]) -> T:
        """A value computed once per contract (a check that asks for the contract total once
        per amount was quadratic on a 1,000-page contract)."""
        if key not in self._memo:
            self._memo[key] = compute()
        return cast(T, self._memo[key])

    @cached_property
    def law(self) -> AssumedLaw:
        """The governing law the rules follow (the clause decides, not the language)."""
        return assumed_law(self.text, self.language)

    @cached_property
    def clauses_by_id(self) -> dict[str, Clause]:
        return {c.id: c for c in self.clauses}

    @cached_property
    def subject(self) -> str:
        """goods or services: UCC Article 2 applies to goods only."""
        return subject_of(self.text)

    def span(self, start: int, end: int) -> Span:
        """A document span for the view range ``[start, end)``."""
        return self.view.span(self.document, start, end)

    def view_offset(self, original: int) -> int:
        """The view offset of an original offset (the first view char at or after it)."""
        return bisect_left(self.view.origin, original)

    def twin_of(self, amount: Entity) -> Entity | None:
        """The same amount written the other way (人民币壹佰万元整 beside ¥1,000,000.00)."""
        at = amount.attrs.get("twin_start")
        return next((t for t in self.of_kind("amount") if t.span.start == at), None)

    def of_kind(self, kind: str) -> list[Entity]:
        if kind not in self._by_kind:
            self._by_kind[kind] = tuple(e for e in self.entities if e.kind == kind)
        return list(self._by_kind[kind])

    @cached_property
    def sentences(self) -> tuple[Sentence, ...]:
        out: list[Sentence] = []
        start = 0
        for m in _SENTENCE_SPLIT.finditer(self.text):
            end = m.end()
            if self.text[start:end].strip():
                out.append(Sentence(start, end, self.text[start:end]))
            start = end
        if self.text[start:].strip():
            out.append(Sentence(start, len(self.text), self.text[start:]))
        return tuple(out)

    @cached_property
    def _sentence_starts(self) -> list[int]:
        return [s.start for s in self.sentences]

    def sentence_at(self, offset: int) -> Sentence | None:
        """The sentence holding the view ``offset``, if any."""
        i = bisect_right(self._sentence_starts, offset) - 1
        if i < 0 or offset >= self.sentences[i].end:
            return None
        return self.sentences[i]

    def sentences_matching(self, pattern: re.Pattern[str]) -> Iterator[Sentence]:
        return (s for s in self.sentences if pattern.search(s.text))

    def sentence_span(self, sentence: Sentence) -> Span:
        text = sentence.text
        lead = len(text) - len(text.lstrip())
        trail = len(text.rstrip())
        return self.span(sentence.start + lead, sentence.start + max(trail, lead))

    def match_span(self, sentence: Sentence, m: re.Match[str], group: int | str = 0) -> Span:
        return self.span(sentence.start + m.start(group), sentence.start + m.end(group))

    def find(self, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
        return pattern.finditer(self.text)

    def clause_text(self, clause: Clause) -> str:
        """The clause as view text: a PDF line wrap inside a sentence ("不超⏎过逾期金额的5%")
        would otherwise split it where checks cut sentences at line breaks."""
        return self.text[self.view_offset(clause.span.start) : self.view_offset(clause.span.end)]

    def clause_of(self, sentence: Sentence) -> str:
        """The view text of the numbered clause a sentence lies in (the sentence if none): the
        context a sentence rule may need ("违约金" inside a training-service clause)."""
        clause = innermost(self.clauses, self.view.origin[sentence.start]) if self.clauses else None
        if clause is None:
            return sentence.text
        return self.clause_body(clause)

    def clause_body(self, clause: Clause) -> str:
        """The clause's own words as view text, up to its first sub-clause."""
        return self.text[self.view_offset(clause.body.start) : self.view_offset(clause.body.end)]

    def entity_sentence(self, entity: Entity) -> str:
        """The sentence around an entity, as view text (layout line breaks removed)."""
        start = entity.attrs.get("sentence_start")
        end = entity.attrs.get("sentence_end")
        if isinstance(start, int) and isinstance(end, int):
            return self.text[self.view_offset(start) : self.view_offset(end)]
        return entity.text

    def row_start(self, at: int) -> int:
        """Where the view line holding ``at`` starts; a table row that a wrap cut at a bar
        ("LED大屏 | 东立面 |" then "2025年4月1日至2025年10月31日 | 6 | …") starts on the line
        above, so a date at the start of its line still has its row's label before it."""
        start = self.text.rfind("\n", 0, at) + 1
        if start == 0:
            return 0
        above_start = self.text.rfind("\n", 0, start - 1) + 1
        above = self.text[above_start : start - 1].strip()
        line_end = self.text.find("\n", at)
        line = self.text[start : line_end if line_end >= 0 else len(self.text)]
        cut = above.endswith("|") and not above.startswith("|") and "|" in line
        return above_start if cut else start

    def sentence_before(self, entity: Entity) -> str:
        """The view text of an entity's sentence up to the entity."""
        start = entity.attrs.get("sentence_start")
        begin = self.view_offset(start) if isinstance(start, int) else 0
        return self.text[begin : self.view_offset(entity.span.start)]

    def heading_of(self, entity: Entity) -> str:
        """The top-level heading title above an entity's clause (e.g. 违约责任)."""
        by_id = {c.id: c for c in self.clauses}
        clause = by_id.get(entity.clause or "")
        while clause is not None and clause.parent is not None:
            clause = by_id.get(clause.parent)
        return clause.heading if clause else ""
