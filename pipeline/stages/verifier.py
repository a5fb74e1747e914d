"""Verifier: check the draft review against external evidence and propose span edits.

requires: ``document``, ``rule_findings``, ``llm_claims``, ``claim_checks``
produces: ``verification`` (VerifierResult), ``verifier_llm_calls``

Factored (CoVe): the LLM Verifier has its own persona and prompt and sees the claims
(quote, span, type, severity, suggested fix, citations), the rule findings and the KB
evidence — never Generate's reasoning. It may only edit existing text; additions come back as
suggestions marked 【建议补充】 / [Suggested addition] (a suggestion to delete words: 【建议删除】 /
[Suggested deletion]). Long contracts are verified per clause block and the results merged; a
block whose prompt does not fit the LLM's context window is split until it does.

Without an active LLM (mode ``none``, or after a degrade) the Verifier is deterministic: a rule
finding whose evidence decides a deletion (``Finding.fix``: a void exemption, the forum the
playbook or ``--side`` does not keep) becomes that deletion (``Edit.decided_by``), written as a
tracked change; each other rule finding that carries a fix becomes a suggestion edit on the
finding's span (an addition stays a comment). The deterministic edits are always included, so
an LLM can never remove a rule's fix.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from pipeline.claims import Claim, ClaimCheck, VerifierResult
from pipeline.config import LLMSettings
from pipeline.errors import LLMError
from pipeline.llm.client import Message
from pipeline.llm.prompts import verifier_messages
from pipeline.llm.schemas import ProposedEdit, VerifierReply
from pipeline.llm.session import SIZING_FENCE, LLMCallRecord, LLMSession
from pipeline.model import Document, Edit, EditType, EvidenceSource, Finding
from pipeline.stages.reflect_support.blocks import fitting_blocks
from pipeline.stages.revise import DELETION_MARKERS, SUGGESTION_MARKERS

log = logging.getLogger(__name__)

_CJK = re.compile(r"[\u4e00-\u9fff]")


MARKERS = SUGGESTION_MARKERS + DELETION_MARKERS
_DELETES = re.compile(r"^(?:删除|删去|去掉|delete|remove|strike)", re.I)


def suggestion_marker(text: str, fix: str = "") -> str:
    """【建议补充】 or [Suggested addition] by the contract's language; 【建议删除】 or [Suggested
    deletion] when the fix opens by deleting words ("删除该免责约定…")."""
    markers = DELETION_MARKERS if _DELETES.match(fix.strip()) else SUGGESTION_MARKERS
    return markers[0] if _CJK.search(text) else markers[1]


def deterministic_edits(document: Document, rule_findings: tuple[Finding, ...]) -> tuple[Edit, ...]:
    """Rule findings with a decided fix -> its deletions; with a suggested fix -> suggestion
    edits on their spans (never written into the text)."""
    edits = []
    for finding in rule_findings:
        if finding.fix is not None:
            edits += [
                Edit(
                    start=span.start,
                    end=span.end,
                    replace_with="",
                    type=EditType.DELETE,
                    evidence_source=finding.evidence_source,
                    confidence=1.0,
                    reason=finding.fix.why,
                    finding_type=finding.type,
                    decided_by=finding.rule_id,
                )
                for span in finding.fix.delete
            ]
            continue
        if not finding.suggestion.strip():
            continue
        fix = finding.suggestion.strip()
        marker = suggestion_marker(document.text, fix)
        edits.append(
            Edit(
                start=finding.span.start,
                end=finding.span.end,
                replace_with=fix if fix.startswith(MARKERS) else f"{marker}{fix}",
                type=EditType.SUGGESTION,
                evidence_source=finding.evidence_source,
                confidence=finding.confidence,
                reason=finding.message,
                finding_type=finding.type,
            )
        )
    return tuple(edits)


def _claim_view(index: int, claim: Claim) -> dict[str, Any]:
    f = claim.finding
    return {
        "claim": index,
        "type": f.type,
        "severity": f.severity.value,
        "span": [f.span.start, f.span.end],
        "quote": f.quote,
        "suggested_fix": f.suggestion,
        "citations": list(claim.citations),
    }


def _finding_view(f: Finding) -> dict[str, Any]:
    return {
        "rule": f.rule_id,
        "type": f.type,
        "severity": f.severity.value,
        "span": [f.span.start, f.span.end],
        "quote": f.quote,
        "message": f.message,
        "fix": f.suggestion,
    }


def _evidence_view(check: ClaimCheck) -> dict[str, Any]:
    view: dict[str, Any] = {
        "for": f"{check.source} {check.index}",
        "citation": check.citation,
        "status": check.status,
    }
    if check.evidence is not None:
        view["text"] = check.evidence.quote[:600]
    return view


def _inside(span: tuple[int, int], block: tuple[int, int]) -> bool:
    return block[0] <= span[0] < block[1] or (span[0] == span[1] == block[1])


def _block_views(
    block: tuple[int, int], claims: tuple[Claim, ...], rule_findings: tuple[Finding, ...]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The claims and the rule findings whose spans start in ``block``, as the prompt shows them."""
    claim_views = [
        _claim_view(i, c)
        for i, c in enumerate(claims)
        if _inside((c.finding.span.start, c.finding.span.end), block)
    ]
    finding_views = [
        _finding_view(f) for f in rule_findings if _inside((f.span.start, f.span.end), block)
    ]
    return claim_views, finding_views


class Verifier:
    name = "verifier"
    requires: tuple[str, ...] = ("document", "rule_findings", "llm_claims", "claim_checks")
    produces: dict[str, Any] = {
        "verification": VerifierResult,
        "verifier_llm_calls": tuple[LLMCallRecord, ...],
    }
    deterministic = False

    def __init__(self, session: LLMSession, settings: LLMSettings | None = None) -> None:
        self.session = session
        self.settings = settings or LLMSettings()

    def run(
        self,
        *,
        document: Document,
        rule_findings: tuple[Finding, ...],
        llm_claims: tuple[Claim, ...],
        claim_checks: tuple[ClaimCheck, ...],
    ) -> dict[str, Any]:
        mark = self.session.mark()
        result = self.verify(document, rule_findings, llm_claims, claim_checks)
        return {"verification": result, "verifier_llm_calls": self.session.calls_since(mark)}

    def verify(
        self,
        document: Document,
        rule_findings: tuple[Finding, ...],
        claims: tuple[Claim, ...],
        checks: tuple[ClaimCheck, ...],
        feedback: str = "",
    ) -> VerifierResult:
        fixed = deterministic_edits(document, rule_findings)
        if self.session.active:
            try:
                return self._verify_llm(document, rule_findings, claims, checks, feedback, fixed)
            except LLMError as exc:
                self.session.degrade(exc)
        return VerifierResult(
            source="deterministic", no_errors_found=not rule_findings, confidence=1.0, edits=fixed
        )

    def _verify_llm(
        self,
        document: Document,
        rule_findings: tuple[Finding, ...],
        claims: tuple[Claim, ...],
        checks: tuple[ClaimCheck, ...],
        feedback: str,
        fixed: tuple[Edit, ...],
    ) -> VerifierResult:
        evidence_by_citation = {c.citation: c.evidence for c in checks if c.evidence is not None}
        evidence = [_evidence_view(c) for c in checks]
        edits: list[Edit] = list(fixed)
        unresolved: list[str] = []
        dropped: list[str] = []
        clean, confidences = True, []

        def messages_for(block: tuple[int, int], fence: str) -> list[Message]:
            claim_views, finding_views = _block_views(block, claims, rule_findings)
            return verifier_messages(
                document.text[block[0] : block[1]],
                block[0],
                fence,
                claim_views,
                finding_views,
                evidence,
                VerifierReply,
                feedback,
            )

        blocks = fitting_blocks(
            document.text,
            self.settings.block_chars,
            lambda start, end: self.session.fits(messages_for((start, end), SIZING_FENCE)),
        )
        for block in blocks:
            if len(blocks) > 1 and not any(_block_views(block, claims, rule_findings)):
                continue  # nothing to verify in this block of a long contract
            # a fresh fence per call: a contract cannot guess it
            messages = messages_for(block, self.session.new_fence())
            reply = self.session.ask(
                self.name, messages, VerifierReply, self.settings.temperature_verify
            )
            clean = clean and reply.no_errors_found
            confidences.append(reply.confidence)
            unresolved.extend(reply.unresolved)
            for proposed in reply.edits:
                edit = self._to_edit(document, proposed, evidence_by_citation)
                if isinstance(edit, str):
                    dropped.append(edit)
                else:
                    edits.append(edit)
        return VerifierResult(
            source="llm",
            no_errors_found=clean,
            confidence=min(confidences, default=1.0),
            edits=tuple(edits),
            unresolved=tuple(unresolved),
            dropped=tuple(dropped),
        )

    def _to_edit(
        self,
        document: Document,
        proposed: ProposedEdit,
        evidence_by_citation: dict[str, EvidenceSource],
    ) -> Edit | str:
        kind = EditType(proposed.type)
        text = proposed.replace_with
        if proposed.start == proposed.end or kind is EditType.SUGGESTION:
            # additions are suggestions, never contract text
            kind = EditType.SUGGESTION
            if not text.startswith(MARKERS):
                # only words that exist can be deleted: a point insertion stays an addition
                deletes = text if proposed.end > proposed.start else ""
                text = suggestion_marker(document.text, deletes) + text
        if proposed.end < proposed.start:
            return f"edit [{proposed.start}, {proposed.end}) ends before it starts"
        evidence = evidence_by_citation.get(proposed.evidence_source)
        return Edit(
            start=proposed.start,
            end=proposed.end,
            replace_with=text,
            type=kind,
            evidence_source=(evidence,) if evidence is not None else (),
            confidence=proposed.confidence,
            reason=proposed.reason,
        )
