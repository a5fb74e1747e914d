"""The speed work must not change a verdict: the findings of dev contracts are the same with
the KB snapshot (real Chroma build) or the catalog only, and with one thread or two."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.store import StatuteStore
from pipeline.config import KBSettings, LLMSettings, RunConfig
from pipeline.reviewing import review_file

REPO = Path(__file__).resolve().parents[2]
DEV = REPO / "golden_set" / "dev" / "contracts"
SAMPLE = json.loads((REPO / "golden_set" / "dev" / "fast_subset.json").read_text("utf-8"))["ids"][
    ::4
]


def _findings(path: Path, config: RunConfig) -> list[tuple[str, str, int, int, str | None]]:
    report = review_file(path, config).report
    return sorted(
        (f.type, f.severity.value, f.span.start, f.span.end, f.rule_id) for f in report.findings
    )


@pytest.mark.parametrize("contract", SAMPLE)
def test_findings_are_the_same_whatever_the_kb_mode_and_threads(
    small_kb: StatuteStore, contract: str
) -> None:
    path = DEV / f"{contract}.pdf"
    none = LLMSettings(spec="none")
    with_store = RunConfig(
        llm=none, threads=1, kb=KBSettings(path=str(small_kb.location.path), backend="minilm")
    )
    catalog = RunConfig(llm=none, threads=2, kb=KBSettings(use_store="off"))
    assert review_file(path, with_store).report.kb.mode == "chroma"  # type: ignore[union-attr]
    assert _findings(path, with_store) == _findings(path, catalog)
