"""What the LLM must reply, as pydantic models with ``extra="forbid"``.

Their JSON schemas go to the backend as the structured-output format and into the prompt.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Reply(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RiskPoint(_Reply):
    quote: str = Field(
        min_length=1, max_length=400, description="Exact text copied from the contract."
    )
    type: str = Field(min_length=1, max_length=60, description="snake_case risk type.")
    severity: Literal["HIGH", "MEDIUM", "LOW"]
    reasoning: str = Field(max_length=1200)
    suggested_fix: str = Field(max_length=600)
    citations: list[str] = Field(default_factory=list, max_length=5)


class GenerateReply(_Reply):
    risk_points: list[RiskPoint] = Field(max_length=20)


class ProposedEdit(_Reply):
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    replace_with: str = Field(max_length=600)
    type: Literal["replace", "delete", "suggestion"]
    evidence_source: str = Field(max_length=200, description="A citation, or 'contract'.")
    confidence: float = Field(ge=0, le=1)
    reason: str = Field(max_length=600)


class VerifierReply(_Reply):
    no_errors_found: bool
    confidence: float = Field(ge=0, le=1)
    edits: list[ProposedEdit] = Field(max_length=20)
    unresolved: list[str] = Field(max_length=20)
