"""The baseline the pipeline improves on: one LLM, generate → critique → rewrite, no rules/KB.

This is the self-reflection loop of the seed articles: the model drafts a review, critiques
its own draft, and rewrites it, at most ``max_rounds`` times, stopping early when the
critique says ``PASS``. No rules, no knowledge base and no quote checking feed the loop; the
KB is used only afterwards, by the evaluator, to measure how many of its citations exist.

Calls per contract: 1 (generate) + up to 2 × ``max_rounds`` (critique + rewrite).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from kb.catalog import Catalog
from pipeline.config import IntakeLimits
from pipeline.errors import ContractReviewError
from pipeline.eval.golden import (
    CitationUse,
    ContractRun,
    SystemResult,
    gold_offsets,
    locate,
)
from pipeline.eval.golden_labels import FINDING_TYPES, GoldContract
from pipeline.eval.golden_score import Prediction
from pipeline.llm.client import LLMClient, Message
from pipeline.llm.session import LLMSession, SessionSettings
from pipeline.model import Document
from pipeline.stages.intake import Intake

MAX_ROUNDS = 2


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class BaselineFinding(_Strict):
    type: str = Field(description="One of the finding type ids listed in the instructions.")
    severity: Literal["HIGH", "MEDIUM", "LOW"]
    quote: str = Field(description="Exact words copied from the contract.")
    citation: str = Field(default="", description="The statute article relied on, if any.")
    reason: str = ""


class BaselineReview(_Strict):
    findings: list[BaselineFinding]


class Critique(_Strict):
    verdict: Literal["PASS", "REVISE"]
    problems: list[str] = Field(default_factory=list)


def _system_prompt() -> str:
    return (
        "You are a contract lawyer reviewing a contract (Chinese contracts under PRC law, "
        "English contracts under US law). Report legal risks as JSON. Use only these finding "
        "types: " + ", ".join(FINDING_TYPES) + ". Quote the contract exactly. Cite the statute "
        "article you rely on (e.g. 民法典第585条, 9 U.S.C. § 2), or leave citation empty for "
        "common law."
    )


def generate_critique_rewrite(
    session: LLMSession, text: str, max_rounds: int = MAX_ROUNDS, temperature: float = 0.2
) -> tuple[BaselineReview, int]:
    """Run the loop; return the final review and the number of critique rounds used."""
    system = Message(role="system", content=_system_prompt())
    draft = session.ask(
        "baseline_generate",
        [system, Message(role="user", content=f"Review this contract:\n\n{text}")],
        BaselineReview,
        temperature,
    )
    rounds = 0
    for _ in range(max_rounds):
        rounds += 1
        shown = draft.model_dump_json()
        critique = session.ask(
            "baseline_critique",
            [
                system,
                Message(
                    role="user",
                    content=(
                        f"Contract:\n\n{text}\n\nDraft review (JSON):\n{shown}\n\n"
                        "Critique the draft: missed risks, wrong findings, wrong citations, "
                        "inexact quotes. Answer verdict PASS if it needs no change."
                    ),
                ),
            ],
            Critique,
            temperature,
        )
        if critique.verdict == "PASS":
            break
        draft = session.ask(
            "baseline_rewrite",
            [
                system,
                Message(
                    role="user",
                    content=(
                        f"Contract:\n\n{text}\n\nDraft review (JSON):\n{shown}\n\nProblems:\n"
                        + json.dumps(critique.problems, ensure_ascii=False)
                        + "\n\nRewrite the review, fixing every problem."
                    ),
                ),
            ],
            BaselineReview,
            temperature,
        )
    return draft, rounds


def predictions_from_review(
    contract_id: str, review: BaselineReview, document: Document, catalog: Catalog
) -> tuple[tuple[Prediction, ...], tuple[CitationUse, ...], int]:
    """Predictions, citation uses, and how many quotes were not found in the text.

    A quote is located exactly, or else with whitespace ignored (PDF line wrapping); one that
    is not found keeps its type (it still counts at the presence level) but has no span.
    Unknown finding types are dropped.
    """
    preds: list[Prediction] = []
    uses: list[CitationUse] = []
    missing = 0
    for f in review.findings:
        if f.type not in FINDING_TYPES:
            continue
        at = document.text.find(f.quote) if f.quote else -1
        span = (at, at + len(f.quote)) if at >= 0 else locate(document.text, f.quote)
        if span is None:
            missing += 1
        keys: tuple[str, ...] = ()
        if f.citation.strip():
            result = catalog.lookup(f.citation)
            exists = bool(result.exists and result.evidence)
            uses.append(CitationUse(contract_id, f.type, f.citation, exists))
            if result.evidence is not None:
                keys = (result.evidence.doc_id,)
        preds.append(
            Prediction(
                type=f.type,
                severity=f.severity,
                quote=f.quote,
                start=span[0] if span else -1,
                end=span[1] if span else -1,
                citation_keys=keys,
                common_law=not f.citation.strip(),
            )
        )
    return tuple(preds), tuple(uses), missing


def run_llm_only(
    contracts: Sequence[GoldContract],
    client: LLMClient,
    catalog: Catalog,
    settings: SessionSettings | None = None,
    limits: IntakeLimits | None = None,
    max_rounds: int = MAX_ROUNDS,
) -> SystemResult:
    """Run the baseline on every contract's PDF, one fresh session (budget) per contract."""
    intake = Intake(limits)
    runs: list[ContractRun] = []
    missing_quotes = 0
    for contract in contracts:
        session = LLMSession(client, settings)
        began = time.perf_counter()
        try:
            document: Document = intake.run(source_path=str(contract.pdf_path))["document"]
            review, _ = generate_critique_rewrite(session, document.text, max_rounds)
        except ContractReviewError as exc:
            runs.append(
                ContractRun(
                    contract,
                    error=exc.message,
                    llm_calls=len(session.calls),
                    tokens=session.tokens_used,
                    wall_s=time.perf_counter() - began,
                )
            )
            continue
        preds, uses, missing = predictions_from_review(contract.id, review, document, catalog)
        missing_quotes += missing
        runs.append(
            ContractRun(
                contract,
                predictions=preds,
                gold_offsets=gold_offsets(contract, document.text),
                citations=uses,
                llm_calls=len(session.calls),
                tokens=session.tokens_used,
                wall_s=time.perf_counter() - began,
            )
        )
    note = (
        f"llm-only baseline ({client.model_name}): generate → critique → rewrite, at most "
        f"{max_rounds} rounds with a PASS exit, no rules or KB; {missing_quotes} quote(s) "
        "not found in the contract text."
    )
    return SystemResult("llm-only", client.model_name, runs, note=note)
