"""The human-review queue: JSON Lines in the output folder, part of the review's output set.

Each line: the run id, the document hash and path, the reason (loop_exhausted, no_improvement,
low_confidence, low_reflection_score, degraded, budget_exhausted, context_overflow,
conflicting_authority, ocr_low_confidence, ocr_no_text, page_not_read, model_finding), the detail,
the span (for the OCR reasons: the whole page) and the evidence (for conflicting_authority: the
other articles, quoted; for model_finding: the finding's law).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from pipeline.model import Finding, HumanReviewItem

QUEUE_FILE = "human_review.jsonl"


def queue_lines(
    run_id: str, sha256: str, source_path: str, items: Iterable[HumanReviewItem]
) -> str:
    """One JSON line per item, each naming the run and the document it came from."""
    lines = []
    for item in items:
        line = {
            "run_id": run_id,
            "document_sha256": sha256,
            "source_path": source_path,
            **item.model_dump(mode="json"),
        }
        lines.append(json.dumps(line, ensure_ascii=False) + "\n")
    return "".join(lines)


def read_queue(out_dir: Path) -> list[dict[str, object]]:
    path = out_dir / QUEUE_FILE
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def model_read_items(findings: Sequence[Finding]) -> list[HumanReviewItem]:
    """A finding the defect classifier gave (no rule matched its words) is a reading, not a
    match: a lawyer confirms it."""
    return [
        HumanReviewItem(
            reason="model_finding",
            detail=f"{f.type} read by the defect classifier (score {f.confidence:.2f}), not "
            f"matched by a rule ({f.rule_id}): confirm it",
            span=f.span,
            evidence=f.evidence_source,
        )
        for f in findings
        if f.confidence < 1.0
    ]
