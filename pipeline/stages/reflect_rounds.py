"""One reflection round as a Pipeline of the round's stages: Generate → CrossCheckKB →
Verifier → Revise, for ``reflect`` to run with the runner.

A round redrafts (Generate told what the kept round got wrong, then CrossCheckKB on the new
claims) only when the kept round had unsupported claims or rejected quotes; otherwise it
verifies the kept claims again. Those are two pipelines, both checked when they are built:

redraft round
    run inputs: ``document``, ``rule_findings``, ``feedback`` (str)
    produces: ``llm_claims``, ``rejected_quotes``, CrossCheckKB's outputs (``kb_findings``,
    ``claim_checks``, ...), ``verification``, ``revision``
verify round
    run inputs: the same, and the kept round's ``llm_claims`` and ``claim_checks``
    produces: ``verification``, ``revision``

CrossCheckKB and Revise are the pipeline's own stage objects; Generate and the Verifier take
the feedback here (the pipeline's first pass has none). The round stages return no
``*_llm_calls``: reflect reports its calls once, in ``reflect_llm_calls``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pipeline.claims import Claim, ClaimCheck, RejectedQuote, VerifierResult
from pipeline.model import Document, Finding
from pipeline.runner import Pipeline
from pipeline.stages.cross_check_kb import CrossCheckKB
from pipeline.stages.generate import Generate
from pipeline.stages.revise import Revise
from pipeline.stages.verifier import Verifier

ROUND_INPUTS: dict[str, Any] = {
    "document": Document,
    "rule_findings": tuple[Finding, ...],
    "feedback": str,
}
KEPT_CLAIMS: dict[str, Any] = {
    "llm_claims": tuple[Claim, ...],
    "claim_checks": tuple[ClaimCheck, ...],
}


class Redraft:
    """Generate again, with the feedback on the kept round."""

    name = "generate"
    requires: tuple[str, ...] = ("document", "feedback")
    produces: dict[str, Any] = {
        "llm_claims": tuple[Claim, ...],
        "rejected_quotes": tuple[RejectedQuote, ...],
    }
    deterministic = False

    def __init__(self, generate: Generate) -> None:
        self.generate = generate

    def run(self, *, document: Document, feedback: str) -> dict[str, Any]:
        claims, rejected = self.generate.draft(document, feedback)
        return {"llm_claims": claims, "rejected_quotes": rejected}


class Reverify:
    """The Verifier again, with the feedback on the kept round."""

    name = "verifier"
    requires: tuple[str, ...] = (
        "document",
        "rule_findings",
        "llm_claims",
        "claim_checks",
        "feedback",
    )
    produces: dict[str, Any] = {"verification": VerifierResult}
    deterministic = False

    def __init__(self, verifier: Verifier) -> None:
        self.verifier = verifier

    def run(
        self,
        *,
        document: Document,
        rule_findings: tuple[Finding, ...],
        llm_claims: tuple[Claim, ...],
        claim_checks: tuple[ClaimCheck, ...],
        feedback: str,
    ) -> dict[str, Any]:
        verification = self.verifier.verify(
            document, rule_findings, llm_claims, claim_checks, feedback
        )
        return {"verification": verification}


@dataclass(frozen=True)
class RoundPipelines:
    redraft: Pipeline
    verify: Pipeline


def round_pipelines(
    generate: Generate, cross_check: CrossCheckKB, verifier: Verifier, revise: Revise
) -> RoundPipelines:
    reverify = Reverify(verifier)
    return RoundPipelines(
        redraft=Pipeline.build([Redraft(generate), cross_check, reverify, revise], ROUND_INPUTS),
        verify=Pipeline.build([reverify, revise], {**ROUND_INPUTS, **KEPT_CLAIMS}),
    )
