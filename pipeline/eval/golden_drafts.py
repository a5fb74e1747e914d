"""Scripted LLM drafts for the citation cross-check types (``fabricated_citation``,
``repealed_citation``).

Those findings are about an LLM's draft review, not about the contract, so a contract alone
cannot carry them. ``golden_set/dev/drafts/<contract id>.draft.json`` holds a recorded draft (a
``GenerateReply``: risk points quoting the contract, with citations, some real, some invented
or repealed) and the findings the cross-check must raise on it::

    {"contract": "zh_01_sale_equipment",
     "draft": {"risk_points": [...]},
     "findings": [{"type": "repealed_citation", "quote": "<risk point quote>",
                   "citation": "合同法第114条", "note": "..."}]}

The real pipeline runs on the contract's PDF with the draft replayed through ``ScriptedLLM``:
Generate receives the draft, every later LLM call fails, so the run degrades to ``none`` and
the deterministic stages (rules, CrossCheckKB) finish it. The result is the same whatever
``--llm`` says, so it is scored in every mode.
"""

from __future__ import annotations

import inspect
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pipeline.assembly import build_review_pipeline
from pipeline.config import LLMSettings, RunConfig
from pipeline.errors import ContractReviewError
from pipeline.eval.golden_labels import (
    CITATION_FINDING_TYPES,
    GoldContract,
    GoldenSetError,
    contracts_dir,
    load_golden_set,
)
from pipeline.eval.metrics import PRF, jaccard, match_one_to_one, prf_per_type
from pipeline.llm.scripted import ScriptedLLM
from pipeline.llm.session import LLMSession, SessionSettings
from pipeline.model import Finding
from pipeline.reviewing import build_report

DRAFTS_FOLDER = "drafts"
_REPLIES_AFTER_DRAFT = 50  # far more failures than the pipeline can ask for after Generate


class DraftRiskPoint(BaseModel):
    """One risk point of a recorded draft: the fields of Generate's ``RiskPoint`` reply.

    Kept here rather than imported so the golden set loads in any build; a test checks that
    every draft also validates as the LLM layer's ``GenerateReply`` when that layer exists.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    quote: str = Field(min_length=1, max_length=400)
    type: str = Field(min_length=1, max_length=60)
    severity: Literal["HIGH", "MEDIUM", "LOW"]
    reasoning: str = Field(max_length=1200)
    suggested_fix: str = Field(max_length=600)
    citations: list[str] = Field(default_factory=list, max_length=5)


class DraftReply(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    risk_points: list[DraftRiskPoint] = Field(max_length=20)


class DraftFinding(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    type: Literal["fabricated_citation", "repealed_citation"]
    quote: str = Field(min_length=1, description="The quote of the risk point that cites it.")
    citation: str
    note: str = ""


class DraftLabel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    contract: str
    draft: DraftReply
    findings: tuple[DraftFinding, ...] = ()


@dataclass(frozen=True)
class DraftCase:
    label: DraftLabel
    contract: GoldContract
    path: Path


def load_drafts(root: Path) -> list[DraftCase]:
    folder = root / DRAFTS_FOLDER if (root / DRAFTS_FOLDER).is_dir() else None
    if folder is None:
        return []
    contracts = {c.id: c for c in load_golden_set(root)}
    cases: list[DraftCase] = []
    for path in sorted(folder.glob("*.draft.json")):
        try:
            label = DraftLabel.model_validate(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError, ValidationError) as exc:
            raise GoldenSetError(
                f"{path}: not a valid draft file: {exc}. Fix: follow pipeline/eval/golden_drafts.py"
            ) from exc
        contract = contracts.get(label.contract)
        if contract is None:
            raise GoldenSetError(
                f"{path}: contract {label.contract!r} is not in {contracts_dir(root)}. "
                "Fix: name an existing <id>"
            )
        quotes = {p.quote for p in label.draft.risk_points}
        for f in label.findings:
            if f.quote not in quotes:
                raise GoldenSetError(
                    f"{path}: finding quote {f.quote!r} is not the quote of any risk point"
                )
        cases.append(DraftCase(label, contract, path))
    return cases


@contextmanager
def _quiet_expected_degrade() -> Iterator[None]:
    """The replayed draft ends in a degrade to ``none`` by design; don't warn about it."""
    logger = logging.getLogger("pipeline.llm.session")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def pipeline_takes_a_session() -> bool:
    """Whether this build wires LLM stages (Generate, CrossCheckKB) that a draft can feed."""
    return "session" in inspect.signature(build_review_pipeline).parameters


def review_with_draft(case: DraftCase, config: RunConfig | None = None) -> list[Finding]:
    """Run the real pipeline with the recorded draft as Generate's only LLM reply."""
    if not pipeline_takes_a_session():
        raise GoldenSetError(
            f"{case.path}: this build has no LLM stages to replay a draft through. "
            "Fix: use a build whose build_review_pipeline accepts an LLM session"
        )
    config = config or RunConfig(llm=LLMSettings(spec="none"))
    replies: list[str | BaseException] = [case.label.draft.model_dump_json()]
    replies += [ConnectionError("scripted draft: no further replies")] * _REPLIES_AFTER_DRAFT
    session = LLMSession(
        ScriptedLLM(replies, model_name="scripted-draft"),
        SessionSettings(retries=0),
        sleep=lambda _seconds: None,
    )
    build: Any = build_review_pipeline  # its session parameter is checked by the caller
    pipeline = build(config, session, False)
    pipeline.warm_up()
    with _quiet_expected_degrade():
        result = pipeline.run({"source_path": str(case.contract.pdf_path)})
    report = build_report(result, "golden-draft", "", "scripted-draft", "")
    return [f for f in report.findings if f.type in CITATION_FINDING_TYPES]


@dataclass
class DraftScores:
    drafts: int = 0
    per_type: dict[str, PRF] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    missed: list[str] = field(default_factory=list)
    spurious: list[str] = field(default_factory=list)
    note: str = ""


def _pair_score(gold: DraftFinding, pred: Finding) -> float:
    return jaccard(gold.quote, pred.quote) if gold.type == pred.type else 0.0


def score_draft(case: DraftCase, predicted: list[Finding], scores: DraftScores) -> None:
    """Match by type and quote (Jaccard ≥ 0.5), one to one."""
    golds = list(case.label.findings)
    pairs = match_one_to_one(golds, predicted, _pair_score, 0.5)
    hit_gold = {g for g, _, _ in pairs}
    hit_pred = {p for _, p, _ in pairs}
    for t, prf in prf_per_type(golds, predicted, pairs, CITATION_FINDING_TYPES).items():
        scores.per_type[t] = scores.per_type.get(t, PRF()) + prf
    cid = case.label.contract
    scores.missed += [
        f"{cid}: {g.type} {g.citation}" for i, g in enumerate(golds) if i not in hit_gold
    ]
    scores.spurious += [
        f"{cid}: {p.type} «{p.quote[:40]}»" for i, p in enumerate(predicted) if i not in hit_pred
    ]


def evaluate_drafts(root: Path, config: RunConfig | None = None) -> DraftScores:
    scores = DraftScores()
    cases = load_drafts(root)
    if cases and not pipeline_takes_a_session():
        scores.drafts = len(cases)
        scores.note = (
            "not measured: this build's review pipeline takes no LLM session, so it has no "
            "Generate/CrossCheckKB stages to feed a draft to"
        )
        return scores
    for case in cases:
        scores.drafts += 1
        try:
            predicted = review_with_draft(case, config)
        except ContractReviewError as exc:
            scores.errors[case.label.contract] = exc.message
            continue
        score_draft(case, predicted, scores)
    return scores
