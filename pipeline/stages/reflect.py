"""Reflect: the bounded reflection loop; the LLM drafts and proposes, external signals decide.

requires: ``document``, ``rule_findings`` and round 0's artifacts: ``llm_claims``,
          ``rejected_quotes``, ``claim_checks``, ``kb_findings``, ``verification``, ``revision``
produces: ``report_findings``, ``applied_edits``, ``human_review``, ``revised_text``,
          ``reflection_rounds`` (tuple[RoundRecord, ...]), ``route``, ``reflect_llm_calls``,
          ``final_claims``, ``final_claim_checks``, ``kb_review_final``

Each round is a Pipeline of the round's stages (``reflect_rounds``): Generate → CrossCheckKB →
Verifier → Revise, run by the runner, so an inner stage that fails raises its own
``StageError`` and each writes a trace line ``reflect[N].<stage>`` with ``round`` N. The rules
that re-check a revised text (``rule_check``, wired by the assembly) run the same way; round 0's
re-check is ``reflect[0]``.

A round counts as an improvement only by external signals (fewer open rule violations, fewer
unsupported or contradicted claims, fewer review errors, Pres_Lev above its floor); the
Verifier's own ``no_errors_found`` is recorded but never trusted. A round passes when the
review has no errors left. No improvement: exit at once, keeping the best round. Rounds are
bounded by the route (light 0, standard 1, full 2) and ``max_rounds``; every LLM call is
bounded by the session's token budget. Whatever the loop cannot settle goes to the
human-review queue with its reason.

LLM calls: Generate 1, round 0's Verifier 1, each reflection round at most 2 (a redraft when
claims failed the KB or quotes were rejected, and a Verifier call): at most 1 + 2 × rounds
run, counting round 0 (per clause block for long contracts; re-asks come on top).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pipeline.claims import (
    Claim,
    ClaimCheck,
    RejectedQuote,
    Revision,
    RoundRecord,
    RoundSignals,
    Route,
    VerifierResult,
)
from pipeline.config import ReflectionSettings
from pipeline.llm.session import LLMCallRecord, LLMSession
from pipeline.model import (
    Document,
    DraftCheck,
    Edit,
    Finding,
    HumanReviewItem,
    PageMap,
    StageRecord,
)
from pipeline.review_queue import model_read_items
from pipeline.runner import Pipeline
from pipeline.stages.cross_check_kb import CrossCheckKB
from pipeline.stages.cross_check_kb import review_items as conflict_review_items
from pipeline.stages.generate import Generate
from pipeline.stages.reflect_rounds import round_pipelines
from pipeline.stages.reflect_support.routing import route
from pipeline.stages.reflect_support.signals import improved, reflection_score
from pipeline.stages.revise import Revise
from pipeline.stages.verifier import Verifier


@dataclass(frozen=True)
class RoundState:
    claims: tuple[Claim, ...]
    rejected_quotes: tuple[RejectedQuote, ...]
    kb_findings: tuple[Finding, ...]
    checks: tuple[ClaimCheck, ...]
    verification: VerifierResult
    revision: Revision
    signals: RoundSignals
    drafts: tuple[DraftCheck, ...] = ()  # draft_check's verdict per claim (report.json)


def revised_document(original: Document, text: str) -> Document:
    return Document(
        source_path=original.source_path,
        sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        media_type="text",
        text=text,
        page_map=PageMap(page_starts=(0,), text_length=len(text)),
        line_breaks=original.line_breaks,  # a DOCX's paragraphs stay paragraphs when re-checked
    )


def _overlaps(finding: Finding, edits: tuple[Edit, ...]) -> bool:
    return any(e.start < finding.span.end and finding.span.start < e.end for e in edits)


def feedback_for(state: RoundState) -> str:
    lines: list[str] = []
    for check in state.checks:
        if check.is_unsupported and check.source == "claim":
            lines.append(f"- claim {check.index}: citation {check.citation} is {check.status}")
    lines += [f"- quote {q.quote[:80]!r} rejected: {q.reason}" for q in state.rejected_quotes]
    lines += [
        f"- edit [{r.edit.start}, {r.edit.end}) rejected: {r.reason}"
        for r in state.revision.rejected
    ]
    lines += [f"- unresolved: {u}" for u in state.verification.unresolved]
    return "\n".join(lines)


class Reflect:
    name = "reflect"
    requires: tuple[str, ...] = (
        "document",
        "rule_findings",
        "llm_claims",
        "rejected_quotes",
        "claim_checks",
        "kb_findings",
        "verification",
        "revision",
        "draft_checks",
    )
    produces: dict[str, Any] = {
        "report_findings": tuple[Finding, ...],
        "applied_edits": tuple[Edit, ...],
        "human_review": tuple[HumanReviewItem, ...],
        "revised_text": str,
        "reflection_rounds": tuple[RoundRecord, ...],
        "route": Route,
        "reflect_llm_calls": tuple[LLMCallRecord, ...],
        # the kept round's claims and KB checks: a redraft replaces round 0's
        "final_claims": tuple[Claim, ...],
        "final_claim_checks": tuple[ClaimCheck, ...],
        "final_draft_checks": tuple[DraftCheck, ...],
        "kb_review_final": tuple[HumanReviewItem, ...],
    }
    deterministic = False

    def __init__(
        self,
        session: LLMSession,
        generate: Generate,
        cross_check: CrossCheckKB,
        verifier: Verifier,
        revise: Revise,
        settings: ReflectionSettings | None = None,
        rule_check: Pipeline | None = None,
        plumbing: bool = False,
    ) -> None:
        """``rule_check``: the stages that make ``rule_findings`` from a ``document``, to
        count the rule violations a revision leaves open (none: counted by span overlap)."""
        self.session = session
        self.rounds = round_pipelines(generate, cross_check, verifier, revise)
        self.settings = settings or ReflectionSettings()
        self.rule_check = rule_check
        self.plumbing = plumbing
        self._inner: list[StageRecord] = []

    def take_inner_records(self) -> tuple[StageRecord, ...]:
        """The trace lines of the last run's rounds, for the runner (once)."""
        records, self._inner = tuple(self._inner), []
        return records

    def _run_round(
        self, pipeline: Pipeline, inputs: dict[str, Any], number: int
    ) -> Mapping[str, Any]:
        result = pipeline.run_round(inputs, self.name, number)
        self._inner += result.records
        return result.artifacts

    # -- signals -----------------------------------------------------------------------------

    def measure(
        self,
        document: Document,
        rule_findings: tuple[Finding, ...],
        checks: tuple[ClaimCheck, ...],
        rejected_quotes: tuple[RejectedQuote, ...],
        verification: VerifierResult,
        revision: Revision,
        number: int,
    ) -> RoundSignals:
        if self.rule_check is not None and revision.applied:
            revised = {"document": revised_document(document, revision.revised_text)}
            found = self._run_round(self.rule_check, revised, number)["rule_findings"]
            open_violations = len(found)
        else:
            open_violations = sum(1 for f in rule_findings if not _overlaps(f, revision.applied))
        unsupported = len({c.index for c in checks if c.source == "claim" and c.is_unsupported})
        errors = (
            unsupported
            + len(rejected_quotes)
            + len(revision.rejected)
            + len(verification.unresolved)
        )
        return RoundSignals(
            open_violations=open_violations,
            unsupported_claims=unsupported,
            review_errors=errors,
            pres_lev=round(revision.pres_lev, 6),
            reflection_score=reflection_score(
                errors, len(document.text), self.settings.errors_per_kchar_scale
            ),
        )

    # -- the loop ----------------------------------------------------------------------------

    def run(
        self,
        *,
        document: Document,
        rule_findings: tuple[Finding, ...],
        llm_claims: tuple[Claim, ...],
        rejected_quotes: tuple[RejectedQuote, ...],
        claim_checks: tuple[ClaimCheck, ...],
        kb_findings: tuple[Finding, ...],
        verification: VerifierResult,
        revision: Revision,
        draft_checks: tuple[DraftCheck, ...] = (),
    ) -> dict[str, Any]:
        self._inner = []
        mark = self.session.mark()
        llm_ran = bool(self.session.calls) or self.session.active
        chosen = route(document, rule_findings, self.settings)
        signals = self.measure(
            document, rule_findings, claim_checks, rejected_quotes, verification, revision, 0
        )
        best = RoundState(
            llm_claims, rejected_quotes, kb_findings, claim_checks, verification, revision, signals,
            draft_checks,
        )  # fmt: skip
        records = [
            RoundRecord(
                round=0,
                signals=signals,
                verifier_no_errors_found=verification.no_errors_found,
                verdict="pass" if signals.review_errors == 0 else "stopped",
                llm_calls=len(self.session.calls),
            )
        ]
        review: list[HumanReviewItem] = []
        if signals.review_errors and self.session.active and chosen.rounds:
            best, outcome = self._reflect(document, rule_findings, best, chosen.rounds, records)
            if outcome is not None:
                review.append(outcome)
        self.session.set_reflection_score(0, best.signals.reflection_score)
        review += self._review_items(document, best, llm_ran)
        review += model_read_items(rule_findings)
        return {
            "report_findings": self._report_findings(rule_findings, best),
            "applied_edits": self._report_edits(best.revision),
            "human_review": tuple(review),
            "revised_text": best.revision.revised_text,
            "reflection_rounds": tuple(records),
            "route": chosen,
            "reflect_llm_calls": self.session.calls_since(mark),
            "final_claims": best.claims,
            "final_claim_checks": best.checks,
            "final_draft_checks": best.drafts,
            "kb_review_final": conflict_review_items(best.checks, rule_findings, best.claims),
        }

    def _reflect(
        self,
        document: Document,
        rule_findings: tuple[Finding, ...],
        best: RoundState,
        rounds: int,
        records: list[RoundRecord],
    ) -> tuple[RoundState, HumanReviewItem | None]:
        for number in range(1, rounds + 1):
            if not self.session.active:
                return best, None  # the degrade is reported on its own
            before = len(self.session.calls)
            feedback = feedback_for(best)
            claims, quotes = best.claims, best.rejected_quotes
            kb_findings, checks, drafts = best.kb_findings, best.checks, best.drafts
            inputs = {"document": document, "rule_findings": rule_findings, "feedback": feedback}
            if best.signals.unsupported_claims or quotes:
                out = self._run_round(self.rounds.redraft, inputs, number)
                claims, quotes = out["llm_claims"], out["rejected_quotes"]
                kb_findings, checks = out["kb_findings"], out["claim_checks"]
                drafts = out.get("draft_checks", ())
            else:
                kept = {"llm_claims": claims, "claim_checks": checks}
                out = self._run_round(self.rounds.verify, inputs | kept, number)
            verification, revision = out["verification"], out["revision"]
            signals = self.measure(
                document, rule_findings, checks, quotes, verification, revision, number
            )
            state = RoundState(
                claims, quotes, kb_findings, checks, verification, revision, signals, drafts
            )
            passed = signals.review_errors == 0 and signals.pres_lev >= self.settings.pres_lev_floor
            better = improved(best.signals, signals, self.settings)
            verdict = "pass" if passed else "improved" if better else "no_improvement"
            records.append(
                RoundRecord(
                    round=number,
                    signals=signals,
                    verifier_no_errors_found=verification.no_errors_found,
                    verdict=verdict,
                    llm_calls=len(self.session.calls) - before,
                )
            )
            if passed:
                return state, None
            if not better:
                return best, HumanReviewItem(
                    reason="no_improvement",
                    detail=f"round {number} did not improve the external signals; "
                    f"kept round {number - 1} ({best.signals.review_errors} review error(s))",
                )
            best = state
        return best, HumanReviewItem(
            reason="loop_exhausted",
            detail=f"{rounds} reflection round(s) used; {best.signals.review_errors} review "
            "error(s) remain",
        )

    # -- the result --------------------------------------------------------------------------

    def _review_items(
        self, document: Document, best: RoundState, llm_ran: bool
    ) -> list[HumanReviewItem]:
        items: list[HumanReviewItem] = []
        if self.session.degraded_reason is not None:
            items.append(
                HumanReviewItem(
                    reason=self.session.degrade_kind or "degraded",
                    detail="the LLM stopped and the run continued in none mode: "
                    + self.session.degraded_reason,
                )
            )
        for edit in best.revision.queued:
            items.append(
                HumanReviewItem(
                    reason="low_confidence",
                    detail=f"edit not applied (confidence {edit.confidence:.2f} < "
                    f"{self.settings.confidence_floor}): {edit.replace_with[:120]!r}",
                    span=document.span(edit.start, edit.end),
                )
            )
        score = best.signals.reflection_score
        if llm_ran and score < self.settings.reflection_score_floor:
            items.append(
                HumanReviewItem(
                    reason="low_reflection_score",
                    detail=f"reflection_score {score:.2f} < {self.settings.reflection_score_floor}"
                    f" ({best.signals.review_errors} review error(s) in {len(document.text)} "
                    "characters)",
                )
            )
        return items

    def _report_findings(
        self, rule_findings: tuple[Finding, ...], best: RoundState
    ) -> tuple[Finding, ...]:
        bad_claims = {c.index for c in best.checks if c.source == "claim" and c.is_error}
        rule_kb = best.kb_findings
        if self.plumbing:
            # SmolLM2 is a plumbing model: nothing it produced is presented as review.
            claim_spans = {(c.finding.span.start, c.finding.span.end) for c in best.claims}
            rule_kb = tuple(f for f in rule_kb if (f.span.start, f.span.end) not in claim_spans)
            return _dedupe(rule_findings + rule_kb)
        claims = tuple(
            _with_evidence(c.finding, i, best.checks)
            for i, c in enumerate(best.claims)
            if i not in bad_claims
        )
        return _dedupe(rule_findings + rule_kb + claims)

    def _report_edits(self, revision: Revision) -> tuple[Edit, ...]:
        edits = revision.applied + revision.suggestions
        if self.plumbing:
            edits = tuple(e for e in edits if e.finding_type is not None)
        return tuple(sorted(edits, key=lambda e: (e.start, e.end)))


def _with_evidence(finding: Finding, index: int, checks: tuple[ClaimCheck, ...]) -> Finding:
    """A claim that survived CrossCheckKB carries the articles the KB found to support it: the
    verdict's evidence, with doc-id and anchor, as a rule finding carries its basis."""
    supported = tuple(
        c.evidence
        for c in checks
        if c.source == "claim" and c.index == index and c.status == "supported" and c.evidence
    )
    known = {e.doc_id for e in finding.evidence_source}
    new = tuple(e for e in supported if e.doc_id not in known)
    if not new:
        return finding
    return finding.model_copy(update={"evidence_source": finding.evidence_source + new})


def _dedupe(findings: tuple[Finding, ...]) -> tuple[Finding, ...]:
    seen: set[tuple[str, int, int, str]] = set()
    out: list[Finding] = []
    for f in findings:
        key = (f.type, f.span.start, f.span.end, f.message)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return tuple(out)
