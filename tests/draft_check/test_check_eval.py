"""eval check scores a folder of labelled reviews: interception counts any flag on a bad point,
the false-flag rate any flag on a true one, and each kind's recall the exact verdict."""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.eval.check_eval import render, score_folder

CONTRACT = "第一条 合同总价款为人民币壹佰万元整（¥1,000,000.00）。\n第二条 违约金为合同总价款的百分之十。\n"


def test_a_labelled_folder_is_scored(tmp_path: Path) -> None:
    contracts, reviews = tmp_path / "contracts", tmp_path / "reviews"
    contracts.mkdir()
    reviews.mkdir()
    (contracts / "c1.txt").write_text(CONTRACT, encoding="utf-8")
    points = [
        ("违约金为合同总价款的百分之十", "违约金为合同总价款的百分之十，尚属合理。", []),
        ("违约金为合同总价款的百分之三十", "违约金过高。", []),
        ("合同总价款为人民币壹佰万元整", "价款明确。", ["民法典第1300条"]),
        ("违约金为合同总价款的百分之十", "违约金比例适中。", []),
    ]
    draft = {
        "risk_points": [
            {"quote": q, "reasoning": r, "citations": c, "type": "x", "severity": "LOW",
             "suggested_fix": ""}
            for q, r, c in points
        ]
    }  # fmt: skip
    (reviews / "c1.draft.json").write_text(json.dumps(draft, ensure_ascii=False), "utf-8")
    truths = ["true", "quote_not_found", "fabricated_citation", "figure_mismatch"]
    labels = {"contract": "c1", "points": [{"index": i, "truth": t} for i, t in enumerate(truths)]}
    (reviews / "c1.labels.json").write_text(json.dumps(labels), encoding="utf-8")
    score = score_folder(reviews, contracts)
    assert (score.reviews, score.points, score.bad) == (1, 4, 3)
    assert score.interception == 2 / 3  # the figure_mismatch point states no wrong figure
    assert score.false_flags == 0.0
    assert score.kinds["quote_not_found"].recall == 1.0
    assert score.kinds["figure_mismatch"].recall == 0.0
    assert score.confusion[("figure_mismatch", "ok")] == 1
    assert "interception (bad points flagged): **0.67**" in render(score, "t")
