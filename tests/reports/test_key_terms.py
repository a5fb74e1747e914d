"""The key terms of the summary, on the two samples and three golden contracts, against what a
reader of each contract writes down by hand (expectations written from the contract text, not
from the program's output).

Each stated term must quote the contract exactly at its span, sit in the clause named, and say
what the expectation says it says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from pipeline.config import RunConfig
from pipeline.model import Document, KeyTerms, LawAssumed, ReviewScope, StatedTerm
from pipeline.report_view import clause_location
from pipeline.stages.intake import Intake
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.summarise import Summarise
from pipeline.stages.validate_rules import ValidateRules

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "golden_set" / "dev" / "contracts"

# (kind, clause name, words the term must contain)
Stated = tuple[str, str, str]


@dataclass(frozen=True)
class Expected:
    language: str
    parties: list[tuple[str, str]]  # (role as worded, name)
    price: list[Stated]
    price_amounts: tuple[float, ...]
    words_figures_differ: bool
    payment: list[Stated]
    term: list[Stated]
    governing_law: Stated | None
    law_system: str  # the law the review assumes
    law_source: str  # clause or language
    forum: list[Stated]
    must_check: set[str] = field(default_factory=set)  # finding types the rules look for


CASES: dict[str, Expected] = {
    # the sample sale contract: 大写 1,200,000 against 小写 1,250,000; arbitration and a court
    "sale_contract_zh": Expected(
        language="zh",
        parties=[
            ("甲方（买方）", "上海恒远精密机械有限公司"),
            ("乙方（卖方）", "苏州博达数控设备有限公司"),
        ],
        price=[("price", "第2.1条", "合同总价款为人民币壹佰贰拾万元整（¥1,250,000.00）")],
        price_amounts=(1_200_000.0, 1_250_000.0),
        words_figures_differ=True,
        payment=[
            ("payment", "第2.2条", "五个工作日内，甲方向乙方支付定金人民币叁拾陆万元整"),
            ("payment", "第2.3条", "十日内，甲方支付合同总价款的60%"),
            ("payment", "第2.4条", "满十二个月后，甲方支付剩余价款"),
        ],
        term=[("effective", "第9.1条", "本合同自双方签字盖章之日起生效")],
        governing_law=None,
        law_system="prc",
        law_source="language",
        forum=[
            ("arbitration", "第8.2条", "上海仲裁委员会"),
            ("court", "第8.3条", "甲方所在地人民法院"),
        ],
        must_check={"penalty_excessive", "deposit_excessive", "dispute_resolution_conflict"},
    ),
    # the sample services agreement: "Twenty-Five Thousand Dollars (US$52,000)", no governing law
    "services_agreement_en": Expected(
        language="en",
        parties=[
            ("Provider", "Northwind Analytics, Inc."),
            ("Customer", "Harbor Freight Logistics LLC"),
        ],
        price=[("price", "Clause 4.1", "monthly fee of Twenty-Five Thousand Dollars (US$52,000)")],
        price_amounts=(25_000.0, 52_000.0),
        words_figures_differ=True,
        payment=[("payment", "Clause 4.2", "Invoices are due within thirty (30) days of receipt")],
        term=[
            ("term", "Clause 3.1", "initial term of twelve (12) months"),
            ("renewal", "Clause 3.2", "automatically renew for successive one-year renewal terms"),
        ],
        governing_law=None,
        law_system="unknown",
        law_source="language",
        forum=[
            ("arbitration", "Clause 9.1", "American Arbitration Association"),
            ("court", "Clause 9.2", "state and federal courts located in King County, Washington"),
        ],
        must_check={"liquidated_damages_penalty", "missing_governing_law", "unilateral_amendment"},
    ),
    # a clean shop lease: 20 years from 2025-09-01, monthly rent ¥37,200 paid quarterly
    "zh_28_clean_lease": Expected(
        language="zh",
        parties=[
            ("出租人（甲方）", "南昌赣江商业管理有限公司"),
            ("承租人（乙方）", "南昌茶语时光餐饮有限公司"),
        ],
        price=[("price", "第3.1条", "月租金为人民币叁万柒仟贰佰元整（¥37,200.00）")],
        price_amounts=(37_200.0, 37_200.0),
        words_figures_differ=False,
        payment=[("payment", "第3.2条", "乙方应于每季度开始前十日支付当季租金")],
        term=[
            ("term", "第2.1条", "租赁期限为二十年，自2025年9月1日起至2045年8月31日止"),
            ("renewal", "第2.2条", "乙方需要续租的，应于期满前六个月书面提出"),
            ("effective", "第十条", "自双方签字盖章之日起生效"),
        ],
        governing_law=None,
        law_system="prc",
        law_source="language",
        forum=[("arbitration", "第九条", "南昌仲裁委员会")],
        must_check={"lease_term_over_20_years"},
    ),
    # a domestic consulting contract that names English law: reviewed under PRC law
    "zh_37_consulting_uklaw": Expected(
        language="zh",
        parties=[
            ("委托方（甲方）", "深圳市鹏城智能家居有限公司"),
            ("服务方（乙方）", "深圳市前海睿思品牌管理有限公司"),
        ],
        price=[("price", "第二条", "服务费总计人民币伍拾万元整（¥500,000.00）")],
        price_amounts=(500_000.0, 500_000.0),
        words_figures_differ=False,
        payment=[("payment", "第二条", "五日内，甲方向乙方支付定金人民币壹拾万元整")],
        term=[("effective", "第七条", "本合同自双方盖章之日起生效")],
        governing_law=("governing_law", "第五条", "本合同受英格兰和威尔士法律管辖"),
        law_system="prc",
        law_source="clause",
        forum=[("arbitration", "第六条", "深圳国际仲裁院")],
        must_check={"governing_law_forum_mismatch"},
    ),
    # an MSA whose fees are in each SOW: no price stated; Nebraska law and courts
    "en_08_msa_it_services": Expected(
        language="en",
        parties=[
            ("Provider", "Cobalt Ridge Technologies, Inc."),
            ("Customer", "Great Plains Mutual Insurance Company"),
        ],
        price=[],
        price_amounts=(),
        words_figures_differ=False,
        payment=[
            ("payment", "Clause 5.2", "pay each undisputed invoice within forty-five (45) days")
        ],
        term=[("term", "Clause 14.1", "continues for five (5) years")],
        governing_law=(
            "governing_law",
            "Clause 15.1",
            "governed by the laws of the State of Nebraska",
        ),
        law_system="us",
        law_source="clause",
        forum=[("court", "Clause 15.2", "courts located in Douglas County, Nebraska")],
        must_check={"unlimited_liability", "indemnity_cap_conflict"},
    ),
}


def _path(name: str) -> Path:
    sample = REPO / "examples" / f"{name}.pdf"
    return sample if sample.exists() else GOLDEN / f"{name}.pdf"


@dataclass(frozen=True)
class Summarised:
    document: Document
    terms: KeyTerms
    scope: ReviewScope
    law: LawAssumed


@pytest.fixture(scope="module")
def validate() -> ValidateRules:
    return ValidateRules()


def _summarise(name: str, validate: ValidateRules) -> Summarised:
    config = RunConfig()
    document = Intake(config.intake, config.ocr).run(source_path=str(_path(name)))["document"]
    parsed = ParseEntities().run(document=document)
    law = validate.run(document=document, **parsed)["law_assumed"]
    out = Summarise(lambda: validate.rules).run(document=document, **parsed)
    return Summarised(document, out["key_terms"], out["review_scope"], law)


def _clause(term: StatedTerm, language: str) -> str:
    return clause_location(term.clause, "zh" if language == "zh" else "en")


def _squash(text: str) -> str:
    return "".join(text.split())


def _check_stated(
    got: tuple[StatedTerm, ...], want: list[Stated], document: Document, language: str
) -> None:
    assert [(t.kind, _clause(t, language)) for t in got] == [(k, c) for k, c, _ in want]
    for term, (_, _, words) in zip(got, want, strict=True):
        assert document.quote(term.span) == term.text  # the contract's own words, at its span
        # PDF lines wrap: compare without layout whitespace
        assert _squash(words) in _squash(term.text), (words, term.text)


@pytest.mark.parametrize("name", sorted(CASES))
def test_key_terms_match_what_a_reader_writes_down(name: str, validate: ValidateRules) -> None:
    want = CASES[name]
    got = _summarise(name, validate)
    terms = got.terms
    assert terms.language == want.language
    assert [(p.role, p.name) for p in terms.parties] == want.parties
    for party in terms.parties:
        assert party.name in got.document.quote(party.span)
    _check_stated(terms.price, want.price, got.document, want.language)
    if want.price:
        (price,) = terms.price
        assert price.amounts == want.price_amounts
        assert price.words_figures_differ is want.words_figures_differ
    _check_stated(terms.payment, want.payment, got.document, want.language)
    _check_stated(terms.term, want.term, got.document, want.language)
    laws = (terms.governing_law,) if terms.governing_law else ()
    wanted_law = [want.governing_law] if want.governing_law else []
    _check_stated(laws, wanted_law, got.document, want.language)
    _check_stated(terms.forum, want.forum, got.document, want.language)
    assert (got.law.system, got.law.source) == (want.law_system, want.law_source)
    assert want.must_check <= set(got.scope.rule_types)
    assert got.scope.rule_count >= len(got.scope.rule_types) > 0


def test_the_scope_lists_only_rules_of_the_law_assumed(validate: ValidateRules) -> None:
    zh = _summarise("zh_28_clean_lease", validate).scope
    en = _summarise("en_08_msa_it_services", validate).scope
    assert (
        "lease_term_over_20_years" in zh.rule_types and "unilateral_amendment" not in zh.rule_types
    )
    assert "unilateral_amendment" in en.rule_types and "deposit_excessive" not in en.rule_types


def test_without_rules_the_scope_is_empty() -> None:
    config = RunConfig()
    path = _path("zh_28_clean_lease")
    document = Intake(config.intake, config.ocr).run(source_path=str(path))["document"]
    parsed = ParseEntities().run(document=document)
    out = Summarise(None).run(document=document, **parsed)
    assert out["review_scope"] == ReviewScope(rule_count=0, rule_types=())
    assert out["key_terms"].parties  # the key terms do not depend on the rules
