"""The claim and round values the LLM stages and reflect pass between them (all frozen).

Part of the data model, beside ``pipeline.model``, the only project module it imports.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pipeline.model import Edit, EvidenceSource, Finding, Frozen


class Claim(Frozen):
    """One risk point from Generate, anchored to the contract by an exact, unique quote."""

    finding: Finding
    citations: tuple[str, ...] = ()
    reasoning: str = Field(
        default="", description="Generate's reasoning; the Verifier never sees it."
    )


class RejectedQuote(Frozen):
    quote: str
    type: str
    reason: str


CheckStatus = Literal[
    "supported",
    "unrelated",
    "contradicted",
    "fabricated",
    "repealed",
    "unchecked",
    "uncited",
    "figure_mismatch",
]


class ClaimCheck(Frozen):
    """The KB's verdict on one citation made by a claim (``claim_index``) or a rule finding."""

    source: Literal["claim", "rule"]
    index: int
    citation: str
    status: CheckStatus
    message: str = ""
    evidence: EvidenceSource | None = None
    conflicts: tuple[EvidenceSource, ...] = Field(
        default=(),
        description="Other in-force articles that state the claim's subject differently "
        "(conflicting authority): sent to human review, never a finding by itself.",
    )
    suggested_basis: EvidenceSource | None = Field(
        default=None,
        description="For an uncited claim: the best supporting article retrieved from the KB. "
        "A hint for the reader, never written into the review as a citation.",
    )

    @property
    def is_error(self) -> bool:
        """The citation is wrong: the claim is dropped from the report and a finding says why."""
        return self.status in ("contradicted", "fabricated", "repealed", "figure_mismatch")

    @property
    def is_unsupported(self) -> bool:
        """The KB does not back the claim: a signal for another round, not a finding."""
        return self.is_error or self.status == "unrelated"


class VerifierResult(Frozen):
    source: Literal["llm", "deterministic"]
    no_errors_found: bool
    confidence: float = Field(ge=0, le=1)
    edits: tuple[Edit, ...] = ()
    unresolved: tuple[str, ...] = ()
    dropped: tuple[str, ...] = Field(default=(), description="Edits that did not convert.")


class RejectedEdit(Frozen):
    edit: Edit
    reason: str


class Revision(Frozen):
    """Revise's result: the revised text and what happened to every proposed edit."""

    revised_text: str
    applied: tuple[Edit, ...] = ()
    suggestions: tuple[Edit, ...] = Field(default=(), description="Accepted, not written in.")
    queued: tuple[Edit, ...] = Field(default=(), description="Below the confidence floor.")
    rejected: tuple[RejectedEdit, ...] = ()
    pres_lev: float = Field(ge=0, le=1)


class RoundSignals(Frozen):
    """External signals only: the model's own verdict is never one of them."""

    open_violations: int = Field(ge=0)
    unsupported_claims: int = Field(ge=0)
    review_errors: int = Field(ge=0, description="Unsupported claims + rejected quotes/edits.")
    pres_lev: float = Field(ge=0, le=1)
    reflection_score: float = Field(ge=0, le=1)


class RoundRecord(Frozen):
    round: int
    signals: RoundSignals
    verifier_no_errors_found: bool
    verdict: Literal["pass", "improved", "no_improvement", "stopped"]
    llm_calls: int = Field(ge=0)


class RiskEstimate(Frozen):
    score: int
    reasons: tuple[str, ...]


class Route(Frozen):
    name: Literal["off", "light", "standard", "full"]
    rounds: int = Field(ge=0)
    estimate: RiskEstimate
    overridden: bool = False
