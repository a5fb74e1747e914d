"""Generate: the LLM drafts the review as risk points anchored to exact contract quotes.

requires: ``document``
produces: ``llm_claims`` (tuple[Claim, ...]), ``rejected_quotes``, ``generate_llm_calls``

Persona: a contract lawyer for ``--side`` (neutral by default). The contract sits inside
nonce-carrying delimiters and is labelled as data. Each quote becomes a span by an exact match
that must occur exactly once; a quote that matches zero or several times is rejected and
logged, never fuzzy-matched. Long contracts are drafted per clause block, and a block whose
prompt does not fit the LLM's context window is split until it does.

Skipped (empty outputs) when no LLM is active; an LLM error degrades the run to ``none``.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from pipeline.claims import Claim, RejectedQuote
from pipeline.config import LLMSettings
from pipeline.errors import LLMError
from pipeline.llm.client import Message
from pipeline.llm.prompts import generate_messages
from pipeline.llm.schemas import GenerateReply, RiskPoint
from pipeline.llm.session import SIZING_FENCE, LLMCallRecord, LLMSession
from pipeline.model import Document, Finding, Severity
from pipeline.stages.reflect_support.blocks import fitting_blocks

log = logging.getLogger(__name__)


def risk_type(raw: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "_", raw.strip().lower()).strip("_")
    if not slug or not slug[0].isalpha():
        return "llm_risk" if not slug else f"llm_{slug}"
    return slug


def anchor_claims(
    document: Document, points: list[RiskPoint], offset: int = 0, end: int | None = None
) -> tuple[list[Claim], list[RejectedQuote]]:
    """Turn quotes into spans by exact, unique match inside ``[offset, end)``."""
    text = document.text
    stop = len(text) if end is None else end
    claims: list[Claim] = []
    rejected: list[RejectedQuote] = []
    for point in points:
        quote = point.quote
        first = text.find(quote, offset, stop)
        count = text.count(quote, offset, stop) if first != -1 else 0
        if count != 1:
            reason = "not found in the contract" if count == 0 else f"matches {count} times"
            log.warning("generate: rejected quote %r: %s", quote[:60], reason)
            rejected.append(RejectedQuote(quote=quote, type=point.type, reason=reason))
            continue
        span = document.span(first, first + len(quote))
        finding = Finding(
            type=risk_type(point.type),
            severity=Severity(point.severity),
            span=span,
            quote=document.quote(span),
            message=point.reasoning or point.type,
            suggestion=point.suggested_fix,
            stage="generate",
            confidence=0.5,
        )
        claims.append(
            Claim(finding=finding, citations=tuple(point.citations), reasoning=point.reasoning)
        )
    return claims, rejected


class Generate:
    name = "generate"
    requires: tuple[str, ...] = ("document",)
    produces: dict[str, Any] = {
        "llm_claims": tuple[Claim, ...],
        "rejected_quotes": tuple[RejectedQuote, ...],
        "generate_llm_calls": tuple[LLMCallRecord, ...],
    }
    deterministic = False

    def __init__(self, session: LLMSession, settings: LLMSettings | None = None) -> None:
        self.session = session
        self.settings = settings or LLMSettings()

    def warm_up(self) -> None:
        self.session.warm_up()

    def run(self, *, document: Document) -> dict[str, Any]:
        mark = self.session.mark()
        claims, rejected = self.draft(document)
        return {
            "llm_claims": claims,
            "rejected_quotes": rejected,
            "generate_llm_calls": self.session.calls_since(mark),
        }

    def draft(
        self, document: Document, feedback: str = ""
    ) -> tuple[tuple[Claim, ...], tuple[RejectedQuote, ...]]:
        """Draft (or, with ``feedback``, redraft) the claims; empty when no LLM is active."""
        if not self.session.active:
            return (), ()
        claims: list[Claim] = []
        rejected: list[RejectedQuote] = []

        def messages_for(start: int, end: int, fence: str) -> list[Message]:
            text = document.text[start:end]
            return generate_messages(text, fence, self.settings.side, GenerateReply, feedback)

        blocks = fitting_blocks(
            document.text,
            self.settings.block_chars,
            lambda start, end: self.session.fits(messages_for(start, end, SIZING_FENCE)),
        )
        try:
            for start, end in blocks:
                # a fresh fence per call: a contract cannot guess it
                messages = messages_for(start, end, self.session.new_fence())
                reply = self.session.ask(
                    self.name, messages, GenerateReply, self.settings.temperature_generate
                )
                found, bad = anchor_claims(document, reply.risk_points, start, end)
                claims.extend(found)
                rejected.extend(bad)
        except LLMError as exc:
            self.session.degrade(exc)
            return (), ()
        return tuple(claims), tuple(rejected)
