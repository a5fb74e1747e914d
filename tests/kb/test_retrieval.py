"""Hybrid retrieval on real data: BM25 (jieba/words), dense (MiniLM), RRF, filters."""

from __future__ import annotations

import pytest

from kb.lexical import tokenize
from kb.retrieval import Filters, Retriever, reciprocal_rank_fusion
from kb.store import StatuteStore
from pipeline.errors import KnowledgeBaseError

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def retriever(small_kb: StatuteStore) -> Retriever:
    return Retriever(small_kb)


def test_rrf_rewards_agreement() -> None:
    fused = reciprocal_rank_fusion([["a", "b", "c"], ["b", "a", "d"], ["b"]], k=60)
    assert [doc for doc, _ in fused] == ["b", "a", "c", "d"]
    assert fused[0][1] == pytest.approx(1 / 62 + 1 / 61 + 1 / 61)


def test_tokenizer_segments_chinese_and_english() -> None:
    assert tokenize("定金超过合同金额多少无效") == ["定金", "超过", "合同", "金额", "多少", "无效"]
    assert tokenize("Is the clause unconscionable under UCC 2-302?") == [
        "clause",
        "unconscionable",
        "ucc",
        "2-302",
    ]


def test_citation_query_is_answered_exactly_first(retriever: Retriever) -> None:
    for query, doc_id in [("民法典第586条", "cn.civil-code.586"), ("9 U.S.C. § 10", "us.9usc.10")]:
        hits = retriever.search(query, k=3)
        assert (hits[0].doc_id, hits[0].via) == (doc_id, "citation")


@pytest.mark.parametrize(
    ("query", "expected", "mode"),
    [
        ("定金 不得超过 主合同标的额 百分之二十", "cn.civil-code.586", "bm25"),
        (
            "借贷双方约定的利率超过合同成立时一年期贷款市场报价利率四倍",
            "cn.spc-private-lending.25",
            "bm25",
        ),
        ("court may vacate an arbitration award procured by fraud", "us.9usc.10", "dense"),
        ("court may vacate an arbitration award procured by fraud", "us.9usc.10", "hybrid"),
        (
            "promise to answer for the debt of another must be in writing",
            "us.dc-statute-of-frauds.28-3502",
            "hybrid",
        ),
    ],
)
def test_paraphrases_find_the_article(
    retriever: Retriever, query: str, expected: str, mode: str
) -> None:
    hits = retriever.search(query, k=5, mode=mode)  # type: ignore[arg-type]
    assert expected in [h.doc_id for h in hits]


def test_filters_apply_in_every_mode(retriever: Retriever) -> None:
    for mode in ("bm25", "dense", "hybrid"):
        hits = retriever.search(
            "仲裁 arbitration", k=5, mode=mode, filters=Filters(jurisdiction="cn")
        )
        assert hits and all(h.metadata["jurisdiction"] == "cn" for h in hits)
        by_law = retriever.search("合同", k=5, mode=mode, filters=Filters(law="民间借贷规定"))
        assert by_law and all(h.doc_id.startswith("cn.spc-private-lending.") for h in by_law)
    assert retriever.search("合同", k=5, filters=Filters(status="repealed")) == []


def test_unknown_law_filter_is_a_clear_error(retriever: Retriever) -> None:
    with pytest.raises(KnowledgeBaseError, match="unknown law"):
        retriever.search("x", filters=Filters(law="火星法"))


def test_lexical_only_retriever_needs_no_store(small_kb: StatuteStore) -> None:
    lexical = Retriever(None, small_kb.all_chunks())
    assert (
        lexical.search("违约金 过分高于 造成的损失", k=3, mode="bm25")[0].doc_id
        == "cn.civil-code.585"
    )
    hybrid = lexical.search("民法典第585条", k=3)
    assert hybrid[0].doc_id == "cn.civil-code.585"
    with pytest.raises(KnowledgeBaseError, match="--mode bm25"):
        lexical.search("x", mode="dense")


def test_bm25_tokens_are_cached_next_to_the_store(
    small_kb: StatuteStore, retriever: Retriever
) -> None:
    cache = small_kb.location.state_dir / f"bm25-{small_kb.name}.json"
    cache.unlink(missing_ok=True)
    fresh = Retriever(small_kb)
    assert not cache.exists()  # built on first search, not when the retriever opens
    fresh.warm()
    assert cache.exists()
    again = Retriever(small_kb)  # loads the cached tokens
    query = "违约金 过分高于 造成的损失"
    assert [h.doc_id for h in again.search(query, mode="bm25")] == [
        h.doc_id for h in retriever.search(query, mode="bm25")
    ]
