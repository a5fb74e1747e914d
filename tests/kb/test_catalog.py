"""Exact citation lookup over the bundled corpus: existence, status, replacement, evidence."""

from __future__ import annotations

import json
import time
from collections import Counter

import pytest

from kb.catalog import Catalog, default_catalog
from kb.registry import CORPUS_DIR, default_registry


@pytest.mark.parametrize(
    ("citation", "doc_id", "label"),
    [
        ("民法典第585条", "cn.civil-code.585", "第五百八十五条"),
        ("《民法典》第五百八十五条", "cn.civil-code.585", "第五百八十五条"),
        ("合同编通则解释第65条", "cn.spc-contract-general.65", "第六十五条"),
        (
            "《最高人民法院关于适用〈中华人民共和国仲裁法〉若干问题的解释》第七条",
            "cn.spc-arbitration-law.7",
            "第七条",
        ),
        ("民间借贷规定第25条", "cn.spc-private-lending.25", "第二十五条"),
        ("9 U.S.C. § 2", "us.9usc.2", "§ 2"),
        ("Section 2 of the FAA", "us.9usc.2", "§ 2"),
        ("UCC 2-302", "us.dc-ucc.2-302", "§ 28:2-302"),
        ("§ 2-302", "us.dc-ucc.2-302", "§ 28:2-302"),
        ("D.C. Code § 28:2-302", "us.dc-ucc.2-302", "§ 28:2-302"),
        ("D.C. Code § 28-3502", "us.dc-statute-of-frauds.28-3502", "§ 28-3502"),
    ],
)
def test_lookup_lands_on_the_article(citation: str, doc_id: str, label: str) -> None:
    result = default_catalog().lookup(citation)
    assert result.exists and result.status == "in_force"
    assert result.evidence is not None
    assert (result.evidence.doc_id, result.evidence.anchor, result.evidence.article) == (
        doc_id,
        label,
        label,
    )
    assert result.evidence.page is None  # text sources carry an anchor, not a page


def test_quote_is_the_article_text() -> None:
    result = default_catalog().lookup("民法典第586条")
    assert result.evidence is not None
    assert result.evidence.quote.startswith("当事人可以约定一方向对方给付定金作为债权的担保。")
    assert "定金的数额由当事人约定；但是，不得超过主合同标的额的百分之二十" in result.evidence.quote
    ucc = default_catalog().lookup("UCC 2-302").evidence
    assert ucc is not None and "unconscionable" in ucc.quote


@pytest.mark.parametrize(
    "citation",
    ["民法典第1438条", "民法典第0条", "合同编通则解释第70条", "9 U.S.C. § 17", "UCC 2-999"],
)
def test_fabricated_articles_do_not_exist(citation: str) -> None:
    result = default_catalog().lookup(citation)
    assert result.parsed is not None and not result.exists and result.evidence is None
    assert "does not exist" in result.message


@pytest.mark.parametrize("citation", ["UCC 2A-219", "UCC § 9-107"])
def test_a_section_outside_the_part_of_a_code_the_kb_holds_is_not_judged(citation: str) -> None:
    # the KB holds UCC Articles 1 and 2: Article 2A (leases) and 9 are real, just not here
    result = default_catalog().lookup(citation)
    assert result.parsed is not None and not result.exists and not result.held
    assert "only in part (Articles 1, 2)" in result.message
    assert "does not exist" not in result.message
    assert default_catalog().lookup("UCC 2-999").held  # inside Article 2: judged, fabricated


def test_fabricated_message_names_the_range() -> None:
    result = default_catalog().lookup("民法典第1438条")
    assert "第一条–第一千二百六十条" in result.message and "第一千四百三十八条" in result.message


@pytest.mark.parametrize(
    ("citation", "successor", "exists"),
    [
        ("合同法第52条", "中华人民共和国民法典", True),
        ("《中华人民共和国合同法》第一百一十四条", "中华人民共和国民法典", True),
        ("担保法第18条", "中华人民共和国民法典", True),
        ("民法通则第4条", "中华人民共和国民法典", True),
        (
            "担保法解释第44条",
            "最高人民法院关于适用《中华人民共和国民法典》有关担保制度的解释",
            True,
        ),
        ("合同法第500条", "中华人民共和国民法典", False),
    ],
)
def test_repealed_laws_resolve_to_their_successor(
    citation: str, successor: str, exists: bool
) -> None:
    result = default_catalog().lookup(citation)
    assert result.status == "repealed" and result.replaced_by == successor
    assert result.exists is exists
    assert "repealed" in result.message and successor in result.message


def test_unparseable_citation() -> None:
    result = default_catalog().lookup("the contract law of Mars, article 5")
    assert result.parsed is None and not result.exists


def test_catalog_matches_the_derived_articles_jsonl() -> None:
    """Our parser and the independent parse in articles.jsonl agree on every Chinese article."""
    catalog = default_catalog()
    registry = default_registry()
    expected: Counter[str] = Counter()
    texts: dict[tuple[str, int], str] = {}
    for line in (
        (CORPUS_DIR / "cn_laws" / "articles.jsonl").read_text(encoding="utf-8").splitlines()
    ):
        row = json.loads(line)
        law = registry.law_for_source(f"cn_laws/{row['source_file']}")
        assert law is not None, row["source_file"]
        expected[law.key] += 1
        texts[(law.key, row["article_no"])] = row["text"][len(row["article"]) :].strip()
    for key, count in expected.items():
        assert len(catalog.law_articles(key)) == count, key
    for (key, number), text in list(texts.items())[::97]:
        article = catalog.get(f"{key}.{number}")
        assert article is not None and article.text == text


def test_every_registry_source_parses_and_counts() -> None:
    catalog = default_catalog()
    assert len(catalog.law_articles("cn.civil-code")) == 1260
    assert len(catalog.law_articles("us.9usc")) == 31
    assert len(catalog.law_articles("us.dc-ucc")) == 129
    article = catalog.get("cn.civil-code.585")
    assert article is not None
    assert article.heading_path == ("合同编", "第一分编 通则", "第八章 违约责任")


def test_catalog_loads_fast() -> None:
    started = time.perf_counter()
    Catalog(default_registry())
    assert time.perf_counter() - started < 3.0


@pytest.mark.parametrize(
    ("citation", "doc_id"),
    [
        ("商品房买卖合同司法解释第19条", "cn.spc-commercial-housing-sale.19"),
        ("Statute of Frauds § 28-3505", "us.dc-statute-of-frauds.28-3505"),
        ("民法典585条", "cn.civil-code.585"),
        ("民法典第585條", "cn.civil-code.585"),
        ("公司法（2023修订）第54条", "cn.company-law.54"),
        ("新建工解释第43条", "cn.spc-construction-contract-1.43"),
        ("建设工程司法解释（一）第43条", "cn.spc-construction-contract-1.43"),
        ("建工司法解释一第41条", "cn.spc-construction-contract-1.41"),
        ("民间借贷新规第25条", "cn.spc-private-lending.25"),
        ("技术合同司法解释第16条", "cn.spc-technology-contract.16"),
        ("城镇房屋租赁司法解释第5条", "cn.spc-urban-housing-lease.5"),
        ("融资租赁司法解释第5条", "cn.spc-financial-leasing.5"),
        ("预付卡司法解释第14条", "cn.spc-prepaid-consumption.14"),
        ("商品房买卖司法解释第19条", "cn.spc-commercial-housing-sale.19"),
        ("民法典第七三零条", "cn.civil-code.730"),
        ("民法典第五八五条", "cn.civil-code.585"),
        ("UETA Section 28-4911", "us.dc-ueta.28-4911"),
        ("UCC Article 2, Section 2-705", "us.dc-ucc.2-705"),
        ("UCC § 2—326", "us.dc-ucc.2-326"),
    ],
)
def test_heldout_author_forms_land_on_the_article(citation: str, doc_id: str) -> None:
    result = default_catalog().lookup(citation)
    assert result.exists and result.evidence is not None
    assert result.evidence.doc_id == doc_id


def test_heldout_forms_land_on_the_right_text() -> None:
    """Not just an id: the article says what the cited interpretation says there."""
    catalog = default_catalog()
    checks = {
        "新建工解释第43条": "实际施工人以发包人为被告主张权利",
        "民间借贷新规第25条": "一年期贷款市场报价利率四倍",
        "商品房买卖合同司法解释第19条": "商品房担保贷款合同",
        "公司法（2023修订）第54条": "未届出资期限的股东提前缴纳出资",
        "Statute of Frauds § 28-3505": "debt contracted during infancy",
    }
    for citation, phrase in checks.items():
        evidence = catalog.lookup(citation).evidence
        assert evidence is not None and phrase in evidence.quote, citation


def test_another_version_is_not_found_and_names_the_kb_version() -> None:
    result = default_catalog().lookup("公司法（2018修正）第54条")
    assert not result.exists and result.evidence is None
    assert result.parsed is not None and result.parsed.law_key == "cn.company-law"
    assert "2023-12-29" in result.message and "2018" in result.message


def test_uniform_ueta_numbering_is_not_guessed() -> None:
    """UETA § 7 is the uniform act's numbering; the KB's D.C. text does not carry that numbering,
    so the lookup refuses rather than guess (D.C. § 28-4907 is the uniform act's § 8)."""
    result = default_catalog().lookup("UETA § 7")
    assert not result.exists and result.parsed is None
    assert "28-49NN" in result.message and "uniform act" in result.message


def test_malformed_numeral_is_reported_as_such() -> None:
    result = default_catalog().lookup("民法典第五百八五条")
    assert not result.exists and "not a well-formed Chinese numeral" in result.message


def test_name_decides_the_dc_chapter() -> None:
    result = default_catalog().lookup("UETA § 28-3502")
    assert not result.exists and result.parsed is not None
    assert result.parsed.law_key == "us.dc-ueta" and "does not exist" in result.message
