"""Recorded LLM drafts for the citation cross-check types: files, replay and scoring."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from pipeline.eval.golden_drafts import (
    DraftScores,
    load_drafts,
    pipeline_takes_a_session,
    review_with_draft,
    score_draft,
)
from pipeline.eval.golden_labels import GoldenSetError
from pipeline.model import Finding, Severity, Span
from pipeline.stages.intake import Intake

GOLDEN = Path(__file__).resolve().parents[2] / "golden_set" / "dev"


def test_committed_drafts_cover_both_types_twice() -> None:
    cases = load_drafts(GOLDEN)
    counts = Counter(f.type for c in cases for f in c.label.findings)
    assert counts["fabricated_citation"] >= 2
    assert counts["repealed_citation"] >= 2


def test_every_risk_point_quote_occurs_once_in_the_pdf_text() -> None:
    """Generate anchors a quote only if it occurs exactly once; a wrapped quote would not."""
    intake = Intake()
    bad = []
    for case in load_drafts(GOLDEN):
        text = intake.run(source_path=str(case.contract.pdf_path))["document"].text
        bad += [
            (case.label.contract, p.quote)
            for p in case.label.draft.risk_points
            if text.count(p.quote) != 1
        ]
    assert bad == []


def _finding(type_: str, quote: str) -> Finding:
    span = Span(start=0, end=len(quote), page=1)
    return Finding(
        type=type_, severity=Severity.HIGH, span=span, quote=quote, message="m", stage="x"
    )


def test_score_draft_by_type_and_quote() -> None:
    (case,) = [c for c in load_drafts(GOLDEN) if c.label.contract == "zh_01_sale_equipment"]
    scores = DraftScores()
    predicted = [
        _finding("repealed_citation", "百分之五十的违约金"),  # right
        _finding("fabricated_citation", "百分之五十的违约金"),  # wrong type for that quote
    ]
    score_draft(case, predicted, scores)
    assert scores.per_type["repealed_citation"].as_dict()["tp"] == 1
    fabricated = scores.per_type["fabricated_citation"]
    assert (fabricated.tp, fabricated.fp, fabricated.fn) == (0, 1, 1)
    assert scores.missed == ["zh_01_sale_equipment: fabricated_citation 民法典第1300条"]


@pytest.mark.slow
@pytest.mark.skipif(not pipeline_takes_a_session(), reason="this build has no LLM stages")
def test_replay_runs_the_real_pipeline_on_the_draft() -> None:
    (case,) = [c for c in load_drafts(GOLDEN) if c.label.contract == "zh_06_loan_company"]
    found = review_with_draft(case)
    assert sorted((f.type, f.quote) for f in found) == [
        ("fabricated_citation", "借款年利率为24%"),
        ("repealed_citation", "从借款本金中一次性扣除前三个月的利息"),
    ]
    messages = {f.type: f.message for f in found}
    assert messages["fabricated_citation"].startswith(
        "The review cites 民间借贷规定第35条, which does not exist"
    )
    assert messages["repealed_citation"].startswith(
        "The review cites 合同法第二百条, from a repealed law"
    )
    scores = DraftScores()
    score_draft(case, found, scores)
    assert {t: (p.tp, p.fp, p.fn) for t, p in scores.per_type.items()} == {
        "fabricated_citation": (1, 0, 0),
        "repealed_citation": (1, 0, 0),
    }
    assert scores.missed == [] and scores.spurious == []


@pytest.mark.slow
@pytest.mark.skipif(not pipeline_takes_a_session(), reason="this build has no LLM stages")
def test_every_recorded_draft_scores_exactly_its_labels() -> None:
    """Each draft's labelled findings come out of the real pipeline, with the labelled quote
    and citation, and nothing else of the citation types does."""
    scores = DraftScores()
    for case in load_drafts(GOLDEN):
        found = review_with_draft(case)
        gold = {(g.type, g.quote) for g in case.label.findings}
        assert {(f.type, f.quote) for f in found} == gold, case.label.contract
        assert len(found) == len(gold), case.label.contract
        cited = {(f.type, f.quote): f.message for f in found}
        for g in case.label.findings:
            assert f"cites {g.citation}," in cited[(g.type, g.quote)], case.label.contract
        score_draft(case, found, scores)
    assert {t: (p.tp, p.fp, p.fn) for t, p in scores.per_type.items()} == {
        "fabricated_citation": (5, 0, 0),
        "repealed_citation": (3, 0, 0),
    }
    assert scores.missed == [] and scores.spurious == []


def test_a_finding_quote_must_belong_to_a_risk_point(tmp_path: Path) -> None:
    root = tmp_path / "gs"
    (root / "contracts").mkdir(parents=True)
    (root / "drafts").mkdir()
    for path in (GOLDEN / "contracts").glob("zh_09_labour_sales.*"):
        shutil.copy(path, root / "contracts" / path.name)
    draft = json.loads((GOLDEN / "drafts" / "zh_09_labour_sales.draft.json").read_text("utf-8"))
    draft["findings"][0]["quote"] = "不在草稿里的引文"
    bad = root / "drafts" / "zh_09_labour_sales.draft.json"
    bad.write_text(json.dumps(draft, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(GoldenSetError, match="not the quote of any risk point") as info:
        load_drafts(root)
    assert str(bad) in info.value.message


def test_drafts_validate_as_the_llm_layers_generate_reply() -> None:
    schemas = pytest.importorskip("pipeline.llm.schemas")
    for case in load_drafts(GOLDEN):
        schemas.GenerateReply.model_validate(case.label.draft.model_dump())
