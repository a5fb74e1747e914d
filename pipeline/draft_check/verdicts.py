"""One verdict per review point, with its reasons and evidence: the heart of ``check``, and what
``review`` runs on its own Generate draft.

A point is ``ok`` when its quotes are the contract's words, every citation exists, is in force
and supports it, and its figures agree with the contract. When several things are wrong, the
verdict is the most certain of them (an exact lookup before a similarity score); ``reasons``
lists them all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kb.en_statutes import Repeal, judge_section, repealed_statute
from pipeline.draft_check.citations import CitationJudge
from pipeline.draft_check.contract_facts import ContractFacts
from pipeline.draft_check.figures import SENTENCE_END
from pipeline.draft_check.law_scope import out_of_scope
from pipeline.draft_check.mismatch import shown
from pipeline.draft_check.points import DraftPoint
from pipeline.draft_check.quotes import QuoteFinder, QuoteMatch
from pipeline.draft_check.unresolved import unresolved_authorities
from pipeline.model import (
    CitationCheck,
    Document,
    DraftCheck,
    DraftVerdict,
    EvidenceSource,
    FigureMismatch,
)

# Most certain first: exact lookups, then the exact quote match, then typed figures, then the
# similarity-scored support and the retrieved conflicts.
PRECEDENCE: tuple[DraftVerdict, ...] = (
    "fabricated_citation",
    "repealed_citation",
    "quote_not_found",
    "figure_mismatch",
    "unsupported_citation",
    "conflicting_authority",
)
_CITATION_VERDICT: dict[str, DraftVerdict] = {
    "fabricated": "fabricated_citation",
    "repealed": "repealed_citation",
    "unsupported": "unsupported_citation",
    "conflicting": "conflicting_authority",
}


class PointChecker:
    """Checks the points of one review against one contract."""

    def __init__(
        self,
        document: Document,
        judge: CitationJudge,
        cites: Callable[[str], list[str]] | None = None,
    ) -> None:
        self.document = document
        self.judge = judge
        self.cites = cites
        self.quotes = QuoteFinder(document.text)
        self.facts = ContractFacts(document)

    def check_all(self, points: Sequence[DraftPoint]) -> tuple[DraftCheck, ...]:
        return tuple(self.check(p) for p in points)

    def check(self, point: DraftPoint) -> DraftCheck:
        found: dict[DraftVerdict, list[str]] = {}
        evidence: list[EvidenceSource] = []
        matches = [self.quotes.locate(q) for q in point.quotes]
        hint = self._quote_reasons(matches, found, evidence)
        if not point.quotes:
            found.setdefault("unverifiable", []).append(
                "the point quotes no contract text, so nothing anchors it to the contract"
            )
        claim = claim_text(point)
        checks = tuple(self._in_scope(c) for c in judge_citations(self.judge, point))
        for check in checks:
            verdict = _CITATION_VERDICT.get(check.status)
            section = judge_section(check.citation) if check.status == "unverifiable" else None
            if verdict is not None:
                found.setdefault(verdict, []).append(check.reason)
            elif section is not None and not section.exists:
                found.setdefault("fabricated_citation", []).append(section.reason)
            elif check.status == "unverifiable":
                found.setdefault("unverifiable", []).append(check.reason)
            evidence += [e for e in (check.evidence, check.better, *check.conflicts) if e]
        repeal = repealed_statute("\n".join((point.text, *point.citations)))
        if repeal is not None:  # "Data Protection Act 1998, Schedule 1": repealed law
            found.setdefault("repealed_citation", []).append(repeal.reason)
            evidence.append(_registry_evidence(repeal))
        for authority in unresolved_authorities(point.text, point.citations):
            if repeal is not None and repeal.title in authority:
                continue
            # a listed English or US statute: its section ranges can refute the section
            section = judge_section(authority)
            if section is not None and not section.exists:
                found.setdefault("fabricated_citation", []).append(section.reason)
                continue
            found.setdefault("unverifiable", []).append(
                f"relies on {authority}, which no source here holds, so it is not verified"
            )
        spans = [(m.start, m.end) for m in matches if m.start is not None and m.end is not None]
        mismatches = tuple(
            FigureMismatch(
                reason=m.reason(self.facts.view),
                evidence=self.facts.evidence(m.clause, shown(self.facts.view, m.stated)),
            )
            for m in self.facts.mismatches(claim, spans, self._authorities)
        )
        for mismatch in mismatches:
            found.setdefault("figure_mismatch", []).append(mismatch.reason)
            evidence.append(mismatch.evidence)
        verdict = next((v for v in PRECEDENCE if v in found), None)
        if verdict is None:
            verdict = "unverifiable" if "unverifiable" in found else "ok"
        reasons = [r for v in (*PRECEDENCE, "unverifiable") for r in found.get(v, [])]
        if verdict == "ok":
            reasons = [_ok_reason(point, checks)]
        first = spans[0] if spans else None
        return DraftCheck(
            index=point.index,
            verdict=verdict,
            reasons=tuple(dict.fromkeys(reasons)),
            evidence_source=tuple({(e.doc_id, e.article, e.quote): e for e in evidence}.values()),
            span=self.document.span(*first) if first else None,
            quote_hint=hint,
            citations=checks,
            figure_mismatches=mismatches,
            title=point.title or (point.quotes[0][:60] if point.quotes else ""),
        )

    def _in_scope(self, check: CitationCheck) -> CitationCheck:
        """A supported article of a law that does not reach this contract is ``unsupported``
        (9 U.S.C. § 2 cited on a contract with no arbitration agreement)."""
        cited = check.evidence
        if check.status != "supported" or cited is None:
            return check
        why = out_of_scope(cited.doc_id, self.document.text)
        if why is None:
            return check
        return check.model_copy(
            update={"status": "unsupported", "reason": f"{check.citation} exists, but {why}"}
        )

    def _authorities(self, text: str) -> list[str]:
        """Every authority named in ``text``, resolved or not: a figure beside one is the law's
        (UK GDPR Article 33: 72 hours), not the contract's."""
        found = self.cites(text) if self.cites else []
        return found + unresolved_authorities(text, tuple(found))

    def _quote_reasons(
        self,
        matches: list[QuoteMatch],
        found: dict[DraftVerdict, list[str]],
        evidence: list[EvidenceSource],
    ) -> str | None:
        hint: str | None = None
        for m in matches:
            if m.found and m.start is not None:
                clause = self.facts.clause_at(m.start)
                evidence.append(self.facts.evidence(clause, _flat(m.quote)))
                continue
            said = f"the quote “{_flat(m.quote, 80)}” is not in the contract"
            if m.hint:
                hint = hint or m.hint
                closest = _flat(m.hint, 120)
                said += f"; the closest passage (similarity {m.hint_ratio:.2f}) is “{closest}”"
            found.setdefault("quote_not_found", []).append(said)
        return hint


def claim_text(point: DraftPoint) -> str:
    """What a point asserts, as the support check reads it: its title and reasoning."""
    return "\n".join(x for x in (point.title, point.reasoning) if x) or point.text


def judge_citations(judge: CitationJudge, point: DraftPoint) -> tuple[CitationCheck, ...]:
    """Each of the point's citations, judged for the point (and the sentence it sits in)."""
    claim = claim_text(point)
    judged: list[CitationCheck] = []
    seen: set[str] = set()
    for citation in point.citations:
        check = judge.judge(citation, claim, near=_sentence_with(claim, citation))
        same = check.evidence.doc_id if check.evidence else check.citation
        if same not in seen:  # "PRC Civil Code, Article 586" and "民法典第586条" are one
            seen.add(same)
            judged.append(check)
    if len(judged) == 1:  # a point that rests on one article: is it the right one?
        judged = [judge.rival(judged[0], claim)]
    return tuple(_cited_together(judged))


def _cited_together(judged: list[CitationCheck]) -> list[CitationCheck]:
    """Articles cited together each carry a part of the point (UCC § 2-209 on modification
    beside § 2-305 on the price), so one that merely scores low against the whole point, beside
    one that supports it, is not judged alone: it is ``unverifiable``, not ``unsupported``. A
    citation that states the subject with other figures stays unsupported."""
    backed = [c for c in judged if c.status == "supported" and c.assessed]
    if not backed:
        return judged
    names = ", ".join(c.citation for c in backed)
    return [
        c.model_copy(
            update={
                "status": "unverifiable",
                "reason": f"{c.citation} scores low against the whole point (support {c.score}), "
                f"but it is cited beside {names}, which supports it; each may carry a part of "
                "the point, so it is not judged alone",
            }
        )
        if c.status == "unsupported" and c.support == "unrelated"
        else c
        for c in judged
    ]


def _registry_evidence(repeal: Repeal) -> EvidenceSource:
    """The titles registry's entry for a repealed English or US statute (no text is bundled)."""
    return EvidenceSource(
        doc_id="registry:en-statute-titles",
        law=repeal.title,
        anchor="status",
        quote=repeal.reason,
        status="repealed",
    )


def _ok_reason(point: DraftPoint, checks: tuple[CitationCheck, ...]) -> str:
    parts = ["the quote is the contract's text" if point.quotes else ""]
    if checks:
        parts.append(f"{len(checks)} citation(s) exist, are in force and support the point")
    parts.append("its figures agree with the contract")
    return "verified: " + "; ".join(p for p in parts if p)


def _sentence_with(text: str, citation: str) -> str:
    at = text.find(citation)
    if at == -1:
        return ""
    cuts = [m.end() for m in SENTENCE_END.finditer(text, 0, at)]
    left = cuts[-1] if cuts else 0
    stop = SENTENCE_END.search(text, at + len(citation))
    return text[left : stop.end() if stop else len(text)].strip()


def _flat(text: str, limit: int = 200) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
