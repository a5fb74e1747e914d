"""The shape of the golden-set report (``eval/report.json``), typed for the code that builds it
(``golden_report``) and the code that renders it (``golden_markdown``).

TypedDicts, not dataclasses: the report is written as JSON exactly as these dicts hold it, and
``history.jsonl`` rows read back from disk have the same shape.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from pipeline.eval.metrics import KappaDict, PRFDict

HistoryRow = dict[str, Any]  # a history.jsonl row, as read back


class FabricatedCitation(TypedDict):
    contract: str
    type: str
    citation: str


class Citations(TypedDict):
    total: int
    fabricated: int
    fabrication_rate: float
    fabricated_examples: list[FabricatedCitation]


class Edits(TypedDict):
    proposed: int
    rejected_by_guard: int
    rejected_share: float | None
    mean_pres_lev: float | None
    contracts_with_revision: int


class Cost(TypedDict):
    llm_calls: int
    tokens: int
    wall_s: float
    llm_calls_per_contract: float
    tokens_per_contract: float
    wall_s_per_contract: float


class ContractRow(TypedDict):
    id: str
    findings: int
    llm_calls: int
    tokens: int
    wall_s: float


class Disagreement(TypedDict):
    id: str
    missed: list[str]
    extra: list[str]


class TypeScores(TypedDict):
    presence: PRFDict
    span: PRFDict
    located: PRFDict


class Evidence(TypedDict):
    checked: int
    correct: int
    accuracy: float | None


class FalseAlarm(TypedDict):
    contract: str
    type: str
    severity: str
    quote: str


class FalseAlarms(TypedDict):
    count: int
    clean_contracts: int
    items: list[FalseAlarm]


class SystemSummary(TypedDict):
    """One system's figures; the scored keys are absent when nothing could be scored."""

    name: str
    mode: str
    note: str
    contracts: int
    errors: dict[str, str]
    citations: Citations
    edits: Edits
    cost: Cost
    per_contract: list[ContractRow]
    disagreements: list[Disagreement]
    kappa: NotRequired[KappaDict]
    overall: NotRequired[dict[str, PRFDict]]
    per_type: NotRequired[dict[str, TypeScores]]
    evidence: NotRequired[Evidence]
    false_alarms: NotRequired[FalseAlarms]


class InterAnnotator(TypedDict):
    contracts: int
    kappa: KappaDict | None
    span_f1_pass2_vs_pass1: float | None


class DraftsSummary(TypedDict):
    drafts: int
    per_type: dict[str, PRFDict]
    missed: list[str]
    spurious: list[str]
    errors: dict[str, str]
    note: str


class GoldenReport(TypedDict):
    golden_set: str
    started_at: str
    git_commit: str
    threshold: float
    pipeline: SystemSummary
    baseline: SystemSummary | None
    baseline_note: str
    inter_annotator: InterAnnotator
    previous_run: HistoryRow | None
    recall_regressions: list[str]
    drafts: DraftsSummary | None
