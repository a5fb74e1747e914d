"""Every citation form the issue names, parsed to (law key, article)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.catalog import default_catalog
from kb.citations import default_parser, parse_citation
from kb.registry import default_registry

CASES = [
    ("民法典第585条", "cn.civil-code", "585"),
    ("《民法典》第五百八十五条", "cn.civil-code", "585"),
    ("《中华人民共和国民法典》第五百八十五条第二款", "cn.civil-code", "585"),
    ("民法典合同编第五百八十六条", "cn.civil-code", "586"),
    ("根据民法典第５８５条的规定", "cn.civil-code", "585"),
    ("合同编通则解释第65条", "cn.spc-contract-general", "65"),
    (
        "《最高人民法院关于适用〈中华人民共和国民法典〉合同编通则若干问题的解释》第六十五条",
        "cn.spc-contract-general",
        "65",
    ),
    (
        "《最高人民法院关于适用〈中华人民共和国仲裁法〉若干问题的解释》第七条",
        "cn.spc-arbitration-law",
        "7",
    ),
    ("仲裁法解释第7条", "cn.spc-arbitration-law", "7"),
    ("仲裁法第16条", "cn.arbitration-law", "16"),
    ("劳动争议调解仲裁法第二十七条", "cn.labor-dispute-arbitration-law", "27"),
    ("民间借贷规定第二十五条", "cn.spc-private-lending", "25"),
    ("劳动合同法第10条", "cn.labor-contract-law", "10"),
    ("合同法第52条", "cn.contract-law-1999", "52"),
    ("劳动争议解释（一）第3条", "cn.spc-labor-dispute-1", "3"),
    ("担保制度解释第十七条", "cn.spc-guarantee", "17"),
    ("9 U.S.C. § 2", "us.9usc", "2"),
    ("9 USC 2", "us.9usc", "2"),
    ("9 U.S.C. §10(a)", "us.9usc", "10"),
    ("FAA § 3", "us.9usc", "3"),
    ("Section 2 of the FAA", "us.9usc", "2"),
    ("section 4 of the Federal Arbitration Act", "us.9usc", "4"),
    ("UCC 2-302", "us.dc-ucc", "2-302"),
    ("UCC § 2-302(1)", "us.dc-ucc", "2-302"),
    ("U.C.C. §2-316.01", "us.dc-ucc", "2-316.01"),
    ("§ 2-302", "us.dc-ucc", "2-302"),
    ("Section 2-201 of the Uniform Commercial Code", "us.dc-ucc", "2-201"),
    ("D.C. Code § 28:2-302", "us.dc-ucc", "2-302"),
    ("D.C. Code § 28-3502", "us.dc-statute-of-frauds", "28-3502"),
    ("UETA § 28-4907", "us.dc-ueta", "28-4907"),
    # forms the held-out query author wrote
    ("民法典585条", "cn.civil-code", "585"),
    ("《民法典》585条", "cn.civil-code", "585"),
    ("民法典第585條", "cn.civil-code", "585"),
    ("公司法（2023修订）第54条", "cn.company-law", "54"),
    ("《公司法》（2023年修订）第54条", "cn.company-law", "54"),
    ("《中华人民共和国公司法（2023年修订）》第五十四条", "cn.company-law", "54"),
    ("《民间借贷规定》（2020第二次修正）第25条", "cn.spc-private-lending", "25"),
    ("新建工解释第43条", "cn.spc-construction-contract-1", "43"),
    ("建设工程司法解释（一）第43条", "cn.spc-construction-contract-1", "43"),
    ("建工司法解释一第41条", "cn.spc-construction-contract-1", "41"),
    ("民间借贷新规第25条", "cn.spc-private-lending", "25"),
    ("技术合同司法解释第16条", "cn.spc-technology-contract", "16"),
    ("城镇房屋租赁司法解释第5条", "cn.spc-urban-housing-lease", "5"),
    ("融资租赁司法解释第5条", "cn.spc-financial-leasing", "5"),
    ("预付卡司法解释第14条", "cn.spc-prepaid-consumption", "14"),
    ("商品房买卖司法解释第19条", "cn.spc-commercial-housing-sale", "19"),
    ("民法典第七三零条", "cn.civil-code", "730"),
    ("民法典第五八五条", "cn.civil-code", "585"),
    ("民法典第一二六〇条", "cn.civil-code", "1260"),
    ("UETA Section 28-4911", "us.dc-ueta", "28-4911"),
    ("UCC Article 2, Section 2-705", "us.dc-ucc", "2-705"),
    ("UCC § 2—326", "us.dc-ucc", "2-326"),
    ("UCC § 2–326", "us.dc-ucc", "2-326"),
    ("U.C.C. § 2‑326(1)", "us.dc-ucc", "2-326"),
    ("D.C. Code § 28:2−326", "us.dc-ucc", "2-326"),
    # English forms of PRC law
    ("PRC Civil Code, Article 509", "cn.civil-code", "509"),
    ("Civil Code Article 586", "cn.civil-code", "586"),
    ("Article 586 of the Civil Code", "cn.civil-code", "586"),
    ("Article 585(2) of the PRC Civil Code", "cn.civil-code", "585"),
    ("Article 585, paragraph 2, of the Civil Code", "cn.civil-code", "585"),
    ("Article 88 of the Personal Information Protection Law", "cn.pipl", "88"),
    (
        "Art. 7 of the SPC Interpretation on Several Issues concerning the Application of the "
        "Arbitration Law",
        "cn.spc-arbitration-law",
        "7",
    ),
    ("PRC Arbitration Law, Article 16", "cn.arbitration-law", "16"),
    (
        "Article 16 of the Arbitration Law of the People's Republic of China",
        "cn.arbitration-law",
        "16",
    ),
    ("Labour Contract Law Art. 23", "cn.labor-contract-law", "23"),
    (
        "Labor Dispute Mediation and Arbitration Law, Article 27",
        "cn.labor-dispute-arbitration-law",
        "27",
    ),
    ("Article 52 of the Contract Law", "cn.contract-law-1999", "52"),
]

# Each used to land on the wrong law: a shorter name inside a longer one, or a UCC pattern
# eating a D.C. chapter section.
WRONG_LAW_REGRESSIONS = [
    ("商品房买卖合同司法解释第19条", "cn.spc-commercial-housing-sale", "19"),  # not 买卖合同
    ("调解仲裁法第四十七条", "cn.labor-dispute-arbitration-law", "47"),  # not 仲裁法
    ("Statute of Frauds § 28-3505", "us.dc-statute-of-frauds", "28-3505"),  # not UCC 28-350
    ("D.C. Statute of Frauds, § 28-3502", "us.dc-statute-of-frauds", "28-3502"),
    ("UETA § 28-3502", "us.dc-ueta", "28-3502"),  # the name decides; the lookup says not found
]


@pytest.mark.parametrize(("citation", "law_key", "article"), CASES)
def test_citation_forms(citation: str, law_key: str, article: str) -> None:
    ref = parse_citation(citation)
    assert ref is not None, citation
    assert (ref.law_key, ref.article) == (law_key, article)


@pytest.mark.parametrize(("citation", "law_key", "article"), WRONG_LAW_REGRESSIONS)
def test_the_named_law_wins(citation: str, law_key: str, article: str) -> None:
    ref = parse_citation(citation)
    assert ref is not None and (ref.law_key, ref.article) == (law_key, article)


@pytest.mark.parametrize(
    "text",
    [
        *("本法第十条", "第五条", "see section 2", "hello", "12 U.S.C. § 2"),
        # English article citations that are not of a PRC law in the KB
        *("Article 2 of the UCC", "Article 5 of the Company Law of Delaware"),
        *("the Quebec Civil Code, Article 1", "Article 3 of this Agreement"),
        *("Article 5.1 of the Civil Code", "Article 5 of the PRC Housing Lease Regulations"),
    ],
)
def test_non_citations(text: str) -> None:
    assert parse_citation(text) is None


@pytest.mark.parametrize(
    "text",
    [
        # no law named: an article number alone, or in a contract's own numbering
        "第585条",
        "根据第585条的规定",
        "本合同共5条",
        "合同第585条",
        "本协议第5条",
        "本法585条",
        "共计1260条",
        "民法典颁布后，第5条",
        # version-like and number-like prose
        "2023修订",
        "（2023修订）第54条",
        "公司于2023年修订章程第5条",
        "2023年修订的公司法",
        "依据公司法（2023修订）的规定",
        "价款为585元，分3期",
        "甲方应在30日内付款，违约金为合同总额的20%。",
        # a name that merely ends like a registered one
        "二手房买卖合同解释第3条",
        # English prose with numbers and dashes
        "§ 28-3505",
        "section 7 of this Agreement",
        "UETA applies to this Agreement",
        "Article 2, Section 2.705 of this Agreement",
        "within 2—3 days",
        "pages 2–326",
        "Sections 2-3 of the Lease",
        "Schedule 2-302",
        "see § 7",
    ],
)
def test_find_all_ignores_prose(text: str) -> None:
    assert default_parser().find_all(text) == []


@pytest.mark.parametrize(
    ("text", "explained"),
    [
        ("UETA § 7", "uniform act"),
        ("Uniform Electronic Transactions Act, Section 12", "28-49NN"),
        ("民法典第五百八五条", "not a well-formed Chinese numeral"),
        ("UCC Article 1, Section 2-705", "Article 1 does not contain § 2-705"),
    ],
)
def test_deliberately_unresolved_forms_are_explained(text: str, explained: str) -> None:
    parser = default_parser()
    assert parser.find_all(text) == []
    reason = parser.explain(text)
    assert reason is not None and explained in reason


def test_explain_is_silent_on_resolvable_and_unrelated_text() -> None:
    parser = default_parser()
    for text in ("民法典第585条", "UETA § 28-4907", "UCC Article 2, Section 2-705", "hello"):
        assert parser.explain(text) is None, text


def test_a_name_inside_a_longer_name_does_not_match_but_prose_before_a_name_does() -> None:
    parser = default_parser()
    for prose in ("适用", "依据", "违反", "根据《", "即"):
        ref = parser.parse(f"{prose}民法典第585条")
        assert ref is not None and ref.law_key == "cn.civil-code", prose
    ref = parser.parse("依据仲裁法第十六条")
    assert ref is not None and ref.law_key == "cn.arbitration-law"


def test_every_registry_name_resolves_to_its_own_law() -> None:
    """No name is shadowed by, or rejected as part of, another law's name."""
    parser = default_parser()
    for law in default_registry().laws:
        if law.jurisdiction != "cn":
            continue
        for name in (law.title, *law.aliases):
            for text in (f"{name}第1条", f"《{name}》第一条", f"依据{name}第1条"):
                ref = parser.parse(text)
                assert ref is not None and ref.law_key == law.key, text


def test_version_suffix_is_kept() -> None:
    found = default_parser().parse_found("公司法（2023修订）第54条")
    assert found is not None and found.version == 2023
    plain = default_parser().parse_found("公司法第54条")
    assert plain is not None and plain.version is None


def test_find_all_chains_articles_of_one_law() -> None:
    found = default_parser().find_all("依据民法典第585条第二款、第586条以及合同编通则解释第65条")
    assert [(f.ref.law_key, f.ref.article) for f in found] == [
        ("cn.civil-code", "585"),
        ("cn.civil-code", "586"),
        ("cn.spc-contract-general", "65"),
    ]
    text = "依据民法典第585条第二款、第586条"
    assert [text[f.start : f.end] for f in found[:2]] == ["民法典第585条", "第586条"]


def test_find_all_chains_bare_numbers_but_not_across_a_comma() -> None:
    found = default_parser().find_all("民法典第585条、586条")
    assert [(f.ref.law_key, f.ref.article) for f in found] == [
        ("cn.civil-code", "585"),
        ("cn.civil-code", "586"),
    ]
    assert [f.ref.article for f in default_parser().find_all("民法典第585条，3条")] == ["585"]


def test_chained_raw_reparses_on_its_own() -> None:
    """CrossCheckKB looks each found citation up by its raw text."""
    text = "依据《公司法》（2023年修订）第54条、第五十五条"
    found = default_parser().find_all(text)
    assert [f.ref.raw for f in found] == [
        "《公司法》（2023年修订）第54条",
        "《公司法》（2023年修订）第五十五条",
    ]
    assert [text[f.start : f.end] for f in found] == [
        "《公司法》（2023年修订）第54条",
        "第五十五条",
    ]
    assert [f.version for f in found] == [2023, 2023]


def test_every_citation_in_the_corpus_reparses_from_its_raw() -> None:
    """Over every article text of the bundled corpus (its cross-references are real prose)."""
    parser = default_parser()
    count = 0
    for article in default_catalog().articles():
        for found in parser.find_all(article.text):
            again = parser.parse(found.ref.raw)
            assert again is not None, found.ref.raw
            assert (again.law_key, again.article) == (found.ref.law_key, found.ref.article)
            count += 1
    assert count > 400


def test_find_all_english() -> None:
    found = default_parser().find_all("See 9 U.S.C. § 2; UCC 2-302 and D.C. Code § 28:2-201.")
    assert [(f.ref.law_key, f.ref.article) for f in found] == [
        ("us.9usc", "2"),
        ("us.dc-ucc", "2-302"),
        ("us.dc-ucc", "2-201"),
    ]


def test_find_all_english_dashes_and_names() -> None:
    text = "Under UCC § 2—326 and Statute of Frauds § 28-3505, see also UETA Section 28-4911."
    found = default_parser().find_all(text)
    assert [(f.ref.law_key, f.ref.article) for f in found] == [
        ("us.dc-ucc", "2-326"),
        ("us.dc-statute-of-frauds", "28-3505"),
        ("us.dc-ueta", "28-4911"),
    ]
    assert found[0].ref.raw == "UCC § 2—326"  # raw keeps the text as written


def test_english_articles_in_one_mention_are_separate_citations() -> None:
    text = "Articles 496 and 497 of the Civil Code apply."
    found = default_parser().find_all(text)
    assert [(f.ref.law_key, f.ref.article) for f in found] == [
        ("cn.civil-code", "496"),
        ("cn.civil-code", "497"),
    ]
    # each raw re-parses on its own, as the chained Chinese form does
    assert [f.ref.raw for f in found] == [
        "Article 496 of the Civil Code",
        "Article 497 of the Civil Code",
    ]
    assert [text[f.start : f.end] for f in found] == ["Articles 496", "497 of the Civil Code"]


def test_english_prc_citations_beside_us_ones() -> None:
    text = (
        "Unlike UCC Article 2, Section 2-705 and 9 U.S.C. § 2, PRC Civil Code, Article 509 applies."
    )
    found = default_parser().find_all(text)
    assert [(f.ref.law_key, f.ref.article) for f in found] == [
        ("us.dc-ucc", "2-705"),
        ("us.9usc", "2"),
        ("cn.civil-code", "509"),
    ]


def test_every_english_alias_resolves_to_its_own_law() -> None:
    parser = default_parser()
    for law in default_registry().laws:
        for name in law.english_aliases:
            for text in (f"Article 1 of the {name}", f"{name}, Article 1", f"{name} Art. 1"):
                ref = parser.parse(text)
                assert ref is not None and (ref.law_key, ref.article) == (law.key, "1"), text


def test_english_prc_citation_is_looked_up_in_the_catalog() -> None:
    result = default_catalog().lookup("Article 585 of the Civil Code")
    assert result.exists and result.evidence is not None
    assert result.evidence.doc_id == "cn.civil-code.585"
    missing = default_catalog().lookup("Article 88 of the Personal Information Protection Law")
    assert not missing.exists and "74 articles" in missing.message


_FRAGMENTS = [
    *("民法典", "《", "》", "公司法", "（2023修订）", "(2018)", "商品房", "买卖合同司法解释"),
    *("调解", "仲裁法", "第", "585", "五八五", "五百八五", "十", "条", "條", "之一", "第二款"),
    *("、", "，", "和", " ", "UCC", "Article 2,", "§ ", "2—326", "UETA", "Section", "28-3505"),
    *("Statute of Frauds", "D.C. Code", "9 U.S.C.", "7"),
    *("Article ", "Articles ", "Art. ", " of the ", "PRC ", "Civil Code", " and ", "(2)", ", "),
    *("Labour Contract Law", "Quebec ", "Interpretation"),
]


@given(st.lists(st.sampled_from(_FRAGMENTS), max_size=14))
def test_find_all_on_citation_like_noise(parts: list[str]) -> None:
    """Never raises on near-citations, finds non-overlapping spans, and each raw re-parses."""
    text = "".join(parts)
    parser = default_parser()
    found = parser.find_all(text)
    assert all(a.end <= b.start for a, b in itertools.pairwise(found))
    for item in found:
        again = parser.parse(item.ref.raw)
        assert again is not None, (text, item.ref.raw)
        assert (again.law_key, again.article) == (item.ref.law_key, item.ref.article), text
    parser.explain(text)  # must not raise either
