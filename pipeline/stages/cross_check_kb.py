"""CrossCheckKB: verify every cited provision through the KB, never by similarity search.

requires: ``document``, ``rule_findings``, ``llm_claims``
produces: ``kb_findings`` (tuple[Finding, ...]), ``claim_checks`` (tuple[ClaimCheck, ...]),
          ``draft_checks`` (tuple[DraftCheck, ...]: each claim judged as ``contract-review check``
          judges a point), ``kb_review`` (tuple[HumanReviewItem, ...]), ``kb_info`` (KBInfo),
          ``kb_notices`` (tuple[HumanReviewItem, ...]: about the KB itself, e.g. a damaged KB
          replaced by the catalog under ``--kb-fallback catalog``; one per run, not per round)

For each LLM claim, the citations it lists plus those the KB's citation parser finds in its
reasoning and fix; for each rule finding, its statute evidence. Each is checked for existence,
being in force, and (when the checker assesses it) support. A citation of an article that
does not exist becomes a ``fabricated_citation`` finding; one of a repealed law a
``repealed_citation`` finding, both on the span of the claim or finding that made it.

With the Chroma store, an LLM claim's citation is also searched for conflicting authority:
other in-force articles that state the claim's subject with other figures. That is no finding
(the claim may be right and the other article a special rule); it goes to human review with
the articles as evidence. A claim that cites nothing may get a ``suggested_basis`` retrieved
from the KB (status ``uncited``), shown as a possible basis, never as the review's citation.
Rule findings are not searched for conflicts: their message describes the contract, and its
figures are the contract's, not a statement of the law.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Literal, Protocol

from kb.types import CitationResolver, CitationVerdict
from kb.verify import conflicting_passages
from pipeline.claims import CheckStatus, Claim, ClaimCheck
from pipeline.draft_check.citations import (
    CitationChecker,
    CitationJudge,
    citation_finder,
)
from pipeline.draft_check.points import DraftPoint
from pipeline.draft_check.verdicts import PointChecker, judge_citations
from pipeline.model import (
    CitationCheck,
    Document,
    DraftCheck,
    EvidenceSource,
    Finding,
    HumanReviewItem,
    KBInfo,
    Severity,
)


class BasisSuggester(Protocol):
    def suggest_basis(
        self, claim: str, jurisdiction: str | None = None
    ) -> EvidenceSource | None: ...


class LookupChecker:
    """Existence and status from a ``CitationResolver`` (the KB catalog); support unassessed."""

    def __init__(self, resolver: CitationResolver) -> None:
        self.resolver = resolver

    def verify(self, citation: str, claim: str, search_conflicts: bool = True) -> CitationVerdict:
        return CitationVerdict(lookup=self.resolver.lookup(citation))


_CJK = re.compile(r"[\u4e00-\u9fff]")


def conflict_detail(check: ClaimCheck, claim: str = "") -> str:
    """'conflicting authority: <citation> says …' for the human-review queue: the sentences
    whose figures contradict the claim, else the start of the article."""
    said = "; ".join(
        f"{ev.law}{ev.article or ''} says “"
        + (" … ".join(conflicting_passages(claim, ev.quote)) or _excerpt(ev.quote))
        + "”"
        for ev in check.conflicts
    )
    return (
        f"conflicting authority: the review cites {check.citation}, but {said}. "
        "Check whether that rule applies to this contract."
    )


def _excerpt(text: str, limit: int = 120) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def claim_check(kind: Literal["claim", "rule"], index: int, judged: CitationCheck) -> ClaimCheck:
    """The review's record of one judged citation (``draft_check`` judges it, for ``check`` and
    ``review`` alike): the KB's raw support decides ``unrelated``/``contradicted`` here, since
    a claim below the support threshold is a signal for another round."""
    status: CheckStatus
    if judged.status in ("fabricated", "repealed"):
        status = judged.status
    elif judged.status == "unverifiable":
        status = "unchecked"  # names no law the KB holds: neither confirmed nor refuted
    elif judged.support == "conflicts":
        status = "contradicted"
    elif judged.support == "unrelated":
        status = "unrelated"
    else:
        status = "supported"
    return ClaimCheck(
        source=kind,
        index=index,
        citation=judged.citation,
        status=status,
        message=judged.kb_message or judged.reason,
        evidence=judged.evidence,
        conflicts=judged.conflicts,
    )


def as_point(index: int, claim: Claim, extra_citations: list[str]) -> DraftPoint:
    f = claim.finding
    return DraftPoint(
        index=index,
        quotes=(f.quote,) if f.quote else (),
        type=f.type,
        severity=f.severity,
        reasoning=claim.reasoning or f.message,
        suggested_fix=f.suggestion,
        citations=tuple(dict.fromkeys([*claim.citations, *extra_citations])),
    )


class CrossCheckKB:
    name = "cross_check_kb"
    requires: tuple[str, ...] = ("document", "rule_findings", "llm_claims")
    produces: dict[str, Any] = {
        "kb_findings": tuple[Finding, ...],
        "claim_checks": tuple[ClaimCheck, ...],
        "draft_checks": tuple[DraftCheck, ...],
        "kb_review": tuple[HumanReviewItem, ...],
        "kb_info": KBInfo,
        "kb_notices": tuple[HumanReviewItem, ...],
    }
    deterministic = True

    def __init__(
        self,
        checker: CitationChecker | None,
        find_citations: Callable[[str], list[str]] | None = None,
        info: KBInfo | None = None,
        notices: tuple[HumanReviewItem, ...] = (),
    ) -> None:
        self.checker = checker
        self.notices = notices
        # the KB parser's citations, and those of laws outside the KB (real or invented)
        self.find_citations = citation_finder(find_citations)
        self.judge = CitationJudge(checker)
        # A rule's basis is fixed: its support is decided once per (rule, citation) and
        # process, not once per finding (a long contract fires one rule dozens of times).
        self._rule_checks: dict[tuple[str, str], ClaimCheck] = {}
        self.info = info or (
            KBInfo(mode="catalog", reason="the caller gave a citation checker only")
            if checker is not None
            else KBInfo(mode="none", reason="no knowledge base is configured")
        )

    def run(
        self,
        *,
        document: Document,
        rule_findings: tuple[Finding, ...],
        llm_claims: tuple[Claim, ...],
    ) -> dict[str, Any]:
        findings, checks, drafts = self.check_claims(rule_findings, llm_claims, document)
        return {
            "kb_findings": findings,
            "claim_checks": checks,
            "draft_checks": drafts,
            "kb_review": review_items(checks, rule_findings, llm_claims),
            "kb_info": self.info,
            "kb_notices": self.notices,
        }

    def _claim_citations(self, claim: Claim) -> list[str]:
        cited = list(claim.citations)
        for text in (claim.reasoning, claim.finding.suggestion):
            cited += [c for c in self.find_citations(text) if c not in cited]
        return cited

    def check_all(
        self, rule_findings: tuple[Finding, ...], claims: tuple[Claim, ...]
    ) -> tuple[tuple[Finding, ...], tuple[ClaimCheck, ...]]:
        """Citations only (no contract at hand, so no quote or figure check)."""
        findings, checks, _ = self.check_claims(rule_findings, claims, None)
        return findings, checks

    def check_claims(
        self,
        rule_findings: tuple[Finding, ...],
        claims: tuple[Claim, ...],
        document: Document | None,
    ) -> tuple[tuple[Finding, ...], tuple[ClaimCheck, ...], tuple[DraftCheck, ...]]:
        """Generate's claims go through ``draft_check`` as ``contract-review check`` runs it
        (citations, and with the contract its figures); then the rule findings' bases."""
        checks: list[ClaimCheck] = []
        findings: list[Finding] = []
        points = [as_point(i, c, self._claim_citations(c)) for i, c in enumerate(claims)]
        drafts: tuple[DraftCheck, ...] = ()
        if document is not None and points:
            drafts = PointChecker(document, self.judge, self.find_citations).check_all(points)
        for i, point in enumerate(points):
            finding = claims[i].finding
            if not point.citations:
                uncited = self._suggest(i, f"{finding.message} {finding.suggestion}".strip())
                if uncited is not None:
                    checks.append(uncited)
            judged = drafts[i].citations if drafts else judge_citations(self.judge, point)
            for one in judged:
                check = claim_check("claim", i, one)
                checks.append(check)
                made = self._finding_for(check, finding)
                if made is not None:
                    findings.append(made)
            checks += [
                ClaimCheck(
                    source="claim",
                    index=i,
                    citation="",
                    status="figure_mismatch",
                    message=m.reason,
                    evidence=m.evidence,
                )
                for m in (drafts[i].figure_mismatches if drafts else ())
            ]
        for i, f in enumerate(rule_findings):
            for citation in [
                f"{ev.law}{ev.article}"
                for ev in f.evidence_source
                if ev.basis_kind in ("statute", "judicial_interpretation") and ev.article
            ]:
                check = self._rule_check(f, i, citation, f.message)
                checks.append(check)
                made = self._finding_for(check, f)
                if made is not None:
                    findings.append(made)
        return tuple(findings), tuple(checks), drafts

    def _rule_check(self, finding: Finding, index: int, citation: str, said: str) -> ClaimCheck:
        if finding.rule_id is None:
            return self._check("rule", index, citation, said)
        key = (finding.rule_id, citation)
        first = self._rule_checks.get(key)
        if first is None:
            first = self._rule_checks[key] = self._check("rule", index, citation, said)
        return first.model_copy(update={"index": index})

    def _check(self, source: str, index: int, citation: str, claim: str) -> ClaimCheck:
        kind: Literal["claim", "rule"] = "claim" if source == "claim" else "rule"
        judged = self.judge.judge(citation, claim, search_conflicts=kind == "claim")
        return claim_check(kind, index, judged)

    def _suggest(self, index: int, claim: str) -> ClaimCheck | None:
        suggest = getattr(self.checker, "suggest_basis", None)
        if suggest is None:
            return None
        basis: EvidenceSource | None = suggest(claim, "cn" if _CJK.search(claim) else "us")
        if basis is None:
            return None
        return ClaimCheck(
            source="claim",
            index=index,
            citation="",
            status="uncited",
            message=f"possible basis (retrieved, not cited by the review): {basis.law}"
            f"{basis.article or ''}",
            suggested_basis=basis,
        )

    @staticmethod
    def _finding_for(check: ClaimCheck, about: Finding) -> Finding | None:
        if check.status == "fabricated":
            return _citation_finding(
                about,
                "fabricated_citation",
                f"The review cites {check.citation}, which does not exist: {check.message}",
                "Remove the citation or cite an existing article.",
                (),
            )
        if check.status == "repealed":
            return _citation_finding(
                about,
                "repealed_citation",
                f"The review cites {check.citation}, from a repealed law: {check.message}",
                "Cite the law in force that replaced it.",
                (check.evidence,) if check.evidence else (),
            )
        return None


def _citation_finding(
    about: Finding,
    finding_type: str,
    message: str,
    suggestion: str,
    evidence: tuple[EvidenceSource, ...],
) -> Finding:
    """A certain, high-severity finding of this stage on the span of the finding that cited."""
    return about.model_copy(
        update={
            "type": finding_type,
            "severity": Severity.HIGH,
            "message": message,
            "suggestion": suggestion,
            "evidence_source": evidence,
            "stage": "cross_check_kb",
            "rule_id": None,
            "confidence": 1.0,
        }
    )


def review_items(
    checks: tuple[ClaimCheck, ...],
    rule_findings: tuple[Finding, ...],
    claims: tuple[Claim, ...],
) -> tuple[HumanReviewItem, ...]:
    """One human-review item per check that faces conflicting authority, and per claim left
    out because its figures contradict the contract, on its claim's span."""
    items: list[HumanReviewItem] = []
    for check in checks:
        if check.status == "figure_mismatch" and check.source == "claim":
            claim = claims[check.index] if check.index < len(claims) else None
            items.append(
                HumanReviewItem(
                    reason="figure_mismatch",
                    detail="A point of the LLM's draft was left out of the findings because "
                    f"its figures contradict the contract: {check.message}",
                    span=claim.finding.span if claim else None,
                    evidence=(check.evidence,) if check.evidence else (),
                )
            )
            continue
        if not check.conflicts:
            continue
        about = [c.finding for c in claims] if check.source == "claim" else list(rule_findings)
        finding = about[check.index] if check.index < len(about) else None
        said = f"{finding.message} {finding.suggestion}".strip() if finding else ""
        items.append(
            HumanReviewItem(
                reason="conflicting_authority",
                detail=conflict_detail(check, said),
                span=finding.span if finding else None,
                evidence=check.conflicts,
            )
        )
    return tuple(items)
