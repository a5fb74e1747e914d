"""Run configuration. Pydantic with ``extra="forbid"`` so a typo in a setting is an error."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class IntakeLimits(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    max_bytes: int = Field(default=50 * 1024 * 1024, ge=1)
    max_pages: int = Field(default=500, ge=1)
    max_chars: int = Field(default=2_000_000, ge=1)
    min_chars_per_page: float = Field(
        default=5.0,
        ge=0,
        description="Below this many non-space characters per page a PDF counts as scanned.",
    )


class RunConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    intake: IntakeLimits = IntakeLimits()
