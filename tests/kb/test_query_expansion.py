"""Legal-thesaurus query expansion: loading, matching rules, and its effect on real BM25."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.query_expansion import default_thesaurus, load_thesaurus
from kb.retrieval import Retriever
from kb.store import StatuteStore
from pipeline.errors import KnowledgeBaseError


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "t.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_everyday_words_gain_their_statutory_terms() -> None:
    terms = default_thesaurus().terms_for("房东把房子卖了，租客还能继续住吗")
    assert {"出租人", "承租人", "所有权变动"} <= set(terms)


def test_a_query_without_known_concepts_is_left_as_typed() -> None:
    assert default_thesaurus().expand("甲乙丙丁") == "甲乙丙丁"


def test_english_terms_match_whole_words_only(tmp_path: Path) -> None:
    thesaurus = load_thesaurus((write(tmp_path, "- {ask: [cap], law: [limitation]}\n"),))
    assert thesaurus.terms_for("Is a liability CAP valid?") == ["limitation"]
    assert thesaurus.terms_for("the capital of the company") == []


def test_longer_concepts_are_tried_first_and_terms_are_not_repeated(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "- {ask: [违约], law: [违约责任]}\n- {ask: [违约金过高], law: [适当减少, 违约责任]}\n",
    )
    assert load_thesaurus((path,)).terms_for("违约金过高怎么办") == ["适当减少", "违约责任"]


@pytest.mark.parametrize(
    "text",
    [
        "{ask: [a]}\n",
        "- just a word\n",
        "- {ask: [], law: [x]}\n",
        "- {ask: [房东]}\n",
        "- [1, 2\n",
    ],
)
def test_a_malformed_thesaurus_names_its_file(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(KnowledgeBaseError, match=str(path)):
        load_thesaurus((path,))


@pytest.mark.integration
def test_expansion_finds_the_article_plain_bm25_misses(small_kb: StatuteStore) -> None:
    chunks = small_kb.all_chunks()
    query = "房东把出租的房子卖给别人了，新房东能不能让租客搬走"
    expanded = [h.doc_id for h in Retriever(None, chunks).search(query, k=5, mode="bm25")]
    plain = [
        h.doc_id for h in Retriever(None, chunks, expand=False).search(query, k=5, mode="bm25")
    ]
    assert "cn.civil-code.725" in expanded
    assert "cn.civil-code.725" not in plain
