"""An English point citing a Chinese article, read through the glossary of statutory terms, with
the real bundled catalog: the wrong article is unsupported and the one that states the point's
terms is shown; the right one stays unassessed (nothing here can score it across languages)."""

from __future__ import annotations

import pytest

from kb.bridge import glossary, terms_of
from kb.catalog import default_catalog
from kb.verify import CitationVerifier
from pipeline.draft_check.citations import CitationJudge

CLAIM = (
    "Clause 15.3 makes the Chinese text prevail, but where the two language versions differ, "
    "the words used are to be construed by the purpose of the contract and the principle of "
    "good faith, so the prevailing-language clause cannot override the purpose."
)


@pytest.fixture(scope="module")
def judge() -> CitationJudge:
    return CitationJudge(CitationVerifier(default_catalog()))


def test_the_glossary_reads_the_point_s_legal_terms() -> None:
    assert len(glossary()) >= 250
    assert len(terms_of(CLAIM)) >= 2


def test_an_article_that_states_none_of_the_terms_is_unsupported(judge: CitationJudge) -> None:
    # a point's only citation carries the whole point
    check = judge.rival(judge.judge("PRC Civil Code, Article 469", CLAIM), CLAIM)
    assert check.status == "unsupported"
    assert check.better is not None and check.better.doc_id == "cn.civil-code.466"


def test_the_article_that_states_them_is_left_unassessed(judge: CitationJudge) -> None:
    check = judge.rival(judge.judge("PRC Civil Code, Article 466", CLAIM), CLAIM)
    assert check.status == "supported" and not check.assessed


def test_one_of_several_citations_needs_only_its_own_sentence(judge: CitationJudge) -> None:
    # cited beside others, with no sentence of its own, an article is not read against the
    # whole point (民法典 466 beside 511 in a point about a delivery date)
    assert judge.judge("PRC Civil Code, Article 469", CLAIM).status == "supported"


ROT_CLAIM = (
    "Clause 6.3 is a retention of title clause: the Supplier retains ownership of the Products "
    "until the price is paid in full. The Distributor resells in the ordinary course, and an "
    "unregistered retention of title cannot be set up against a bona fide third party; the "
    "Supplier may take back the goods if the buyer fails to pay."
)


def test_an_article_that_states_fewer_of_the_terms_than_another_is_unsupported(
    judge: CitationJudge,
) -> None:
    """Dev point en_e05 #5: 民法典621 (inspection) states one of the point's terms; 641, on
    retention of title, states far more."""
    wrong = judge.rival(judge.judge("PRC Civil Code, Article 621", ROT_CLAIM), ROT_CLAIM)
    assert wrong.status == "unsupported"
    assert wrong.better is not None and wrong.better.doc_id in (
        "cn.civil-code.641",
        "cn.civil-code.642",
    )
    right = judge.rival(judge.judge("PRC Civil Code, Article 641", ROT_CLAIM), ROT_CLAIM)
    assert right.status == "supported"


PIPL_CLAIM = (
    "Clause 7.1 lets each party share customer data with the other for joint marketing. Under "
    "Article 23 of the Personal Information Protection Law, providing personal information to "
    "another handler requires telling the individuals the recipient's name, the purpose, the "
    "processing method and the categories of data, and obtaining their separate consent; the "
    "sale of products does not dispense with this."
)


def test_the_glossary_of_contract_terms_does_not_judge_other_laws(judge: CitationJudge) -> None:
    """The glossary speaks contract law: "processing" and "sale" in a PIPL point are not
    承揽 and 买卖, so another PIPL article does not outrank the one cited on their strength."""
    assert len(terms_of(PIPL_CLAIM)) >= 2  # the glossary does read contract terms in it
    cited = "Article 23 of the Personal Information Protection Law"
    check = judge.rival(judge.judge(cited, PIPL_CLAIM), PIPL_CLAIM)
    assert check.status == "supported", check.reason
