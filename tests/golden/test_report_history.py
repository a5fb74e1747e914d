"""write_outputs: report files, history rows, and the regression named on the next run."""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.eval.golden import ContractRun, GoldenEvaluation, SystemResult, score_system
from pipeline.eval.golden_labels import Citation, GoldContract, GoldFinding, GoldLabel
from pipeline.eval.golden_report import EXIT_ROLL_BACK, write_outputs
from pipeline.eval.golden_score import Prediction

QUOTE = "借款年利率为24%"


def _evaluation(tmp_path: Path, found: bool) -> GoldenEvaluation:
    finding = GoldFinding(
        type="excessive_interest",
        severity="HIGH",
        quote=QUOTE,
        basis=Citation(law="中华人民共和国民法典", article="第六百八十条"),
    )
    label = GoldLabel(id="c", lang="zh", contract_type="loan", clean=False, findings=(finding,))
    contract = GoldContract(label, tmp_path / "c.txt", tmp_path / "c.pdf")
    preds = (Prediction("excessive_interest", "HIGH", QUOTE, 0, 9),) if found else ()
    system = SystemResult("pipeline", "none", [ContractRun(contract, predictions=preds)])
    score_system(system)
    return GoldenEvaluation(
        root=tmp_path,
        threshold=0.75,
        pipeline=system,
        baseline=None,
        baseline_note="not requested",
        agreement=None,
        agreement_contracts=0,
        agreement_span_f1=None,
        started_at="2026-01-01T00:00:00+00:00",
        git_commit="abc123",
    )


def test_second_run_names_the_type_whose_recall_fell(tmp_path: Path) -> None:
    out = tmp_path / "eval"
    report, verdict = write_outputs(_evaluation(tmp_path, found=True), out)
    assert report["pipeline"]["kappa"]["kappa"] == 1.0
    assert verdict.exit_code == 0
    report, verdict = write_outputs(_evaluation(tmp_path, found=False), out)
    assert report["recall_regressions"] == ["excessive_interest 1.00 → 0.00"]
    assert verdict.exit_code == EXIT_ROLL_BACK
    assert "excessive_interest 1.00 → 0.00" in verdict.message
    markdown = (out / "report.md").read_text(encoding="utf-8")
    assert "Recall fell for: excessive_interest 1.00 → 0.00" in markdown
    rows = [json.loads(r) for r in (out / "history.jsonl").read_text().splitlines()]
    assert [r["per_type_recall"]["excessive_interest"] for r in rows] == [1.0, 0.0]
    assert rows[0]["git_commit"] == "abc123"
