"""Golden-set scoring (presence κ cells, span and located matches, evidence, false alarms)."""

from __future__ import annotations

import pytest

from pipeline.eval.golden_labels import Citation, GoldFinding, GoldLabel
from pipeline.eval.golden_score import ContractScoreInput, Prediction, label_agreement, score

TYPES = ("penalty_excessive", "deposit_excessive", "missing_essential_clause")
MFD = "中华人民共和国民法典"


def _finding(type_: str, quote: str) -> GoldFinding:
    return GoldFinding(
        type=type_,
        severity="MEDIUM",
        quote=quote,
        basis=Citation(law=MFD, article="第五百八十五条"),
    )


def _label(cid: str, *findings: GoldFinding) -> GoldLabel:
    return GoldLabel(id=cid, lang="zh", contract_type="sale", clean=not findings, findings=findings)


def test_score_counts_presence_span_located_and_evidence() -> None:
    gold = _label(
        "a",
        _finding("penalty_excessive", "应支付合同总价款百分之五十的违约金"),
        _finding("deposit_excessive", "定金数额为合同总价款的百分之三十"),
    )
    text_offsets = (((10, 27),), ((40, 56),))
    preds = (
        # same clause, quote close enough: span and located match, right article
        Prediction(
            "penalty_excessive", "HIGH", "支付合同总价款百分之五十的违约金", 11, 27,
            citation_keys=("cn.civil-code.585",),
        ),
        # the decisive words only: Jaccard 5/16 < 0.5, but the span overlaps -> located
        Prediction(
            "deposit_excessive", "HIGH", "百分之三十", 51, 56,
            citation_keys=("cn.civil-code.587",),
        ),
        # a type gold does not have
        Prediction("missing_essential_clause", "MEDIUM", "合同", 0, 2),
    )  # fmt: skip
    clean = _label("b")
    clean_preds = (Prediction("deposit_excessive", "HIGH", "¥1,440,000.00", 5, 18),)
    result = score(
        [
            ContractScoreInput(
                gold, preds, text_offsets, (("cn.civil-code.585",), ("cn.civil-code.586",))
            ),
            ContractScoreInput(clean, clean_preds),
        ],
        TYPES,
    )
    # cells: contract a -> penalty TP, deposit TP, missing FP; contract b -> deposit FP
    assert result.kappa.cells == 6
    assert result.kappa.gold_positive == 2
    assert result.kappa.predicted_positive == 4
    assert result.overall("presence").as_dict()["tp"] == 2
    assert result.overall("presence").fp == 2
    assert result.span["penalty_excessive"].tp == 1
    assert result.span["deposit_excessive"].fn == 1
    assert result.located["deposit_excessive"].tp == 1
    # evidence: penalty cites 585 (gold), deposit cites 587 (gold is 586, no alternative)
    assert (result.evidence_checked, result.evidence_correct) == (2, 1)
    assert [(cid, p.type) for cid, p in result.false_alarms] == [("b", "deposit_excessive")]
    # agreement: 4 of 6 cells; pe = (2/6)(4/6) + (4/6)(2/6) = 16/36 -> κ = (24/36-16/36)/(20/36)
    assert result.kappa.kappa == pytest.approx(0.4)


def test_document_level_types_match_once_by_type() -> None:
    gold = _label("c", _finding("missing_essential_clause", "办公家具采购合同"))
    preds = (
        Prediction("missing_essential_clause", "MEDIUM", "第六条", 100, 103),
        Prediction("missing_essential_clause", "MEDIUM", "第七条", 200, 203),
    )
    result = score([ContractScoreInput(gold, preds)], TYPES)
    assert result.span["missing_essential_clause"].as_dict()["tp"] == 1
    assert result.span["missing_essential_clause"].fp == 0


def test_label_agreement_between_passes() -> None:
    first = [
        _label("a", _finding("penalty_excessive", "x")),
        _label("b"),
    ]
    second = [
        _label("a", _finding("penalty_excessive", "x"), _finding("deposit_excessive", "y")),
        _label("b"),
    ]
    # 6 cells, one disagreement; pe = (1/6)(2/6) + (5/6)(4/6) = 22/36
    result = label_agreement(first, second, TYPES)
    assert result.kappa == pytest.approx((5 / 6 - 22 / 36) / (1 - 22 / 36))
