"""CrossCheckKB: verify every cited provision through the KB, never by similarity search.

requires: ``document``, ``rule_findings``, ``llm_claims``
produces: ``kb_findings`` (tuple[Finding, ...]), ``claim_checks`` (tuple[ClaimCheck, ...])

For each LLM claim, the citations it lists plus those the KB's citation parser finds in its
reasoning and fix; for each rule finding, its statute evidence. Each is checked for existence,
being in force, and (when the checker assesses it) support. A citation of an article that
does not exist becomes a ``fabricated_citation`` finding; one of a repealed law a
``repealed_citation`` finding, both on the span of the claim or finding that made it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from kb.types import CitationResolver, CitationVerdict
from pipeline.model import Document, Finding, Severity
from pipeline.reflection.types import CheckStatus, Claim, ClaimCheck


class CitationChecker(Protocol):
    """What ``kb.verify.CitationVerifier`` provides: existence, status and support."""

    def verify(self, citation: str, claim: str) -> CitationVerdict: ...


class LookupChecker:
    """Existence and status from a ``CitationResolver`` (the KB catalog); support unassessed."""

    def __init__(self, resolver: CitationResolver) -> None:
        self.resolver = resolver

    def verify(self, citation: str, claim: str) -> CitationVerdict:
        return CitationVerdict(lookup=self.resolver.lookup(citation))


def status_of(verdict: CitationVerdict) -> CheckStatus:
    lookup = verdict.lookup
    if lookup.parsed is None:
        return "unchecked"  # names no law the KB knows: neither confirmed nor refuted
    if not lookup.exists:
        return "fabricated"
    if lookup.status == "repealed":
        return "repealed"
    if verdict.support == "conflicts":
        return "contradicted"
    if verdict.support == "unrelated":
        return "unrelated"
    return "supported"


class CrossCheckKB:
    name = "cross_check_kb"
    requires: tuple[str, ...] = ("document", "rule_findings", "llm_claims")
    produces: dict[str, Any] = {
        "kb_findings": tuple[Finding, ...],
        "claim_checks": tuple[ClaimCheck, ...],
    }
    deterministic = True

    def __init__(
        self,
        checker: CitationChecker | None,
        find_citations: Callable[[str], list[str]] | None = None,
    ) -> None:
        self.checker = checker
        self.find_citations = find_citations or (lambda text: [])

    def run(
        self,
        *,
        document: Document,
        rule_findings: tuple[Finding, ...],
        llm_claims: tuple[Claim, ...],
    ) -> dict[str, Any]:
        findings, checks = self.check_all(rule_findings, llm_claims)
        return {"kb_findings": findings, "claim_checks": checks}

    def _claim_citations(self, claim: Claim) -> list[str]:
        cited = list(claim.citations)
        for text in (claim.reasoning, claim.finding.suggestion):
            cited += [c for c in self.find_citations(text) if c not in cited]
        return cited

    def check_all(
        self, rule_findings: tuple[Finding, ...], claims: tuple[Claim, ...]
    ) -> tuple[tuple[Finding, ...], tuple[ClaimCheck, ...]]:
        checks: list[ClaimCheck] = []
        findings: list[Finding] = []
        targets: list[tuple[str, int, Finding, list[str], str]] = []
        for i, claim in enumerate(claims):
            f = claim.finding
            said = f"{f.message} {f.suggestion}".strip()
            targets.append(("claim", i, f, self._claim_citations(claim), said))
        for i, f in enumerate(rule_findings):
            cited = [
                f"{ev.law}{ev.article}"
                for ev in f.evidence_source
                if ev.basis_kind in ("statute", "judicial_interpretation") and ev.article
            ]
            targets.append(("rule", i, f, cited, f.message))
        for source, index, finding, cited, claim_text in targets:
            for citation in cited:
                check = self._check(source, index, citation, claim_text)
                checks.append(check)
                made = self._finding_for(check, finding)
                if made is not None:
                    findings.append(made)
        return tuple(findings), tuple(checks)

    def _check(self, source: str, index: int, citation: str, claim: str) -> ClaimCheck:
        kind = "claim" if source == "claim" else "rule"
        if self.checker is None:
            return ClaimCheck(
                source=kind, index=index, citation=citation, status="unchecked",
                message="no knowledge base is configured",
            )  # fmt: skip
        verdict = self.checker.verify(citation, claim)
        return ClaimCheck(
            source=kind,
            index=index,
            citation=citation,
            status=status_of(verdict),
            message=verdict.lookup.message,
            evidence=verdict.lookup.evidence,
        )

    @staticmethod
    def _finding_for(check: ClaimCheck, about: Finding) -> Finding | None:
        if check.status == "fabricated":
            return about.model_copy(
                update={
                    "type": "fabricated_citation",
                    "severity": Severity.HIGH,
                    "message": f"The review cites {check.citation}, which does not exist: "
                    f"{check.message}",
                    "suggestion": "Remove the citation or cite an existing article.",
                    "evidence_source": (),
                    "stage": "cross_check_kb",
                    "rule_id": None,
                    "confidence": 1.0,
                }
            )
        if check.status == "repealed":
            return about.model_copy(
                update={
                    "type": "repealed_citation",
                    "severity": Severity.HIGH,
                    "message": f"The review cites {check.citation}, from a repealed law: "
                    f"{check.message}",
                    "suggestion": "Cite the law in force that replaced it.",
                    "evidence_source": (check.evidence,) if check.evidence else (),
                    "stage": "cross_check_kb",
                    "rule_id": None,
                    "confidence": 1.0,
                }
            )
        return None
