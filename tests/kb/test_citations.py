"""Every citation form the issue names, parsed to (law key, article)."""

from __future__ import annotations

import pytest

from kb.citations import default_parser, parse_citation

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
]


@pytest.mark.parametrize(("citation", "law_key", "article"), CASES)
def test_citation_forms(citation: str, law_key: str, article: str) -> None:
    ref = parse_citation(citation)
    assert ref is not None, citation
    assert (ref.law_key, ref.article) == (law_key, article)


@pytest.mark.parametrize(
    "text", ["本法第十条", "第五条", "see section 2", "hello", "12 U.S.C. § 2"]
)
def test_non_citations(text: str) -> None:
    assert parse_citation(text) is None


def test_find_all_chains_articles_of_one_law() -> None:
    found = default_parser().find_all("依据民法典第585条第二款、第586条以及合同编通则解释第65条")
    assert [(f.ref.law_key, f.ref.article) for f in found] == [
        ("cn.civil-code", "585"),
        ("cn.civil-code", "586"),
        ("cn.spc-contract-general", "65"),
    ]
    text = "依据民法典第585条第二款、第586条"
    assert [text[f.start : f.end] for f in found[:2]] == ["民法典第585条", "第586条"]


def test_find_all_english() -> None:
    found = default_parser().find_all("See 9 U.S.C. § 2; UCC 2-302 and D.C. Code § 28:2-201.")
    assert [(f.ref.law_key, f.ref.article) for f in found] == [
        ("us.9usc", "2"),
        ("us.dc-ucc", "2-302"),
        ("us.dc-ucc", "2-201"),
    ]
