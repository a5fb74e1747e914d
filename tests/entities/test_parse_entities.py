"""ParseEntities on the bundled sample PDFs, with the real spaCy models (jieba, en_core_web_sm)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.config import IntakeLimits
from pipeline.entities import Clause
from pipeline.entities.nlp import chinese, english
from pipeline.model import Document, Entity
from pipeline.stages.intake import read_document
from pipeline.stages.parse_entities import ParseEntities

Parsed = tuple[Document, tuple[Entity, ...], tuple[Clause, ...]]
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="session")
def zh_parsed() -> Parsed:
    document = read_document(EXAMPLES / "sale_contract_zh.pdf", IntakeLimits())
    out = ParseEntities().run(document=document)
    return document, out["entities"], out["clauses"]


@pytest.fixture(scope="session")
def en_parsed() -> Parsed:
    document = read_document(EXAMPLES / "services_agreement_en.pdf", IntakeLimits())
    out = ParseEntities().run(document=document)
    return document, out["entities"], out["clauses"]


def _by_text(entities: tuple[Entity, ...], kind: str, text: str) -> Entity:
    return next(e for e in entities if e.kind == kind and e.text.replace("\n", "") == text)


def test_every_entity_span_quotes_the_document_exactly(
    zh_parsed: Parsed, en_parsed: Parsed
) -> None:
    for document, entities, _ in (zh_parsed, en_parsed):
        for e in entities:
            assert document.text[e.span.start : e.span.end] == e.text
            assert e.span.page == document.page_map.page_of(e.span.start)


def test_chinese_amounts_capital_twins_and_topics(zh_parsed: Parsed) -> None:
    _, entities, _ = zh_parsed
    capital = _by_text(entities, "amount", "人民币壹佰贰拾万元整")
    assert capital.value == 1_200_000 and capital.attrs["twin_value"] == 1_250_000
    assert capital.attrs["topic"] == "total_price" and capital.clause == "2.1"
    deposit = _by_text(entities, "amount", "¥360,000.00")
    assert deposit.attrs["topic"] == "deposit" and deposit.attrs["currency"] == "CNY"


def test_chinese_rates_dates_durations_parties(zh_parsed: Parsed) -> None:
    _, entities, clauses = zh_parsed
    assert _by_text(entities, "rate", "40%").attrs["of_total"] is True
    assert _by_text(entities, "rate", "万分之五").value == pytest.approx(0.0005)
    signing = [e for e in entities if e.kind == "date" and e.attrs.get("role") == "signing"]
    assert signing[0].value == "2025-04-18"
    delivery = _by_text(entities, "date", "2025年6月30日")
    assert delivery.attrs["role"] == "delivery"
    warranty = _by_text(entities, "duration", "二十四个月")
    assert warranty.attrs["topic"] == "warranty" and warranty.attrs["months"] == 24
    parties = {(e.attrs["role"], e.value) for e in entities if e.kind == "party"}
    assert ("甲方", "上海恒远精密机械有限公司") in parties
    assert ("乙方", "苏州博达数控设备有限公司") in parties
    by_id = {c.id: c for c in clauses}
    assert by_id["第六条"].heading == "违约责任" and by_id["6.3"].parent == "第六条"
    assert "penalty" in by_id["6.3"].types and "arbitration" in by_id["8.2"].types


def test_english_parties_defined_terms_and_words_amount(en_parsed: Parsed) -> None:
    _, entities, _ = en_parsed
    parties = {e.value: e.attrs.get("name") for e in entities if e.kind == "party"}
    assert parties["Provider"] == "Northwind Analytics, Inc."
    assert parties["Customer"] == "Harbor Freight Logistics LLC"
    defined = {e.value for e in entities if e.kind == "defined_term"}
    assert {"Services", "Deliverables", "Fees"} <= defined
    words = _by_text(entities, "amount", "Twenty-Five Thousand Dollars")
    assert words.value == 25_000 and words.attrs["twin_value"] == 52_000
    term = _by_text(entities, "duration", "twelve (12) months")
    assert term.attrs["topic"] == "contract_term" and term.attrs["words_value"] == 12
    assert _by_text(entities, "rate", "1.5%").attrs["period"] == "month"


def test_real_spacy_models_are_used() -> None:
    doc = chinese()("甲方逾期付款的，应支付违约金。乙方有权解除合同。")
    assert [s.text for s in doc.sents] == ["甲方逾期付款的，应支付违约金。", "乙方有权解除合同。"]
    assert "违约金" in [t.text for t in doc]  # jieba words, not single characters
    ents = english()(
        "This Agreement is made by Northwind Analytics, Inc., a Delaware corporation."
    ).ents
    assert any(e.label_ == "ORG" and "Northwind" in e.text for e in ents)


def test_parse_is_deterministic(zh_parsed: Parsed) -> None:
    document, entities, clauses = zh_parsed
    again = ParseEntities().run(document=document)
    assert again["entities"] == entities and again["clauses"] == clauses


def test_dispute_forums_and_governing_law(zh_parsed: Parsed, en_parsed: Parsed) -> None:
    zh_forums = {(e.value, e.attrs["forum"]) for e in zh_parsed[1] if e.kind == "forum"}
    assert zh_forums == {("上海仲裁委员会", "arbitration"), ("甲方所在地人民法院", "court")}
    en_forums = {(e.value, e.attrs["forum"]) for e in en_parsed[1] if e.kind == "forum"}
    assert ("American Arbitration Association", "arbitration") in en_forums
    assert ("state and federal courts located in King County, Washington", "court") in en_forums
    assert not [e for e in en_parsed[1] if e.kind == "governing_law"]  # the planted omission


def test_english_words_after_their_currency_are_the_figures_twin() -> None:
    from pipeline.entities.amounts import find_amounts

    text = (
        "an advance of RMB 1,050,000 (Renminbi One Million and Fifty Thousand Yuan) and "
        "a fee of US$ 600 (Five Hundred US Dollars) and Four Thousand Dollars and $200."
    )
    by_text = {text[m.start : m.end]: m for m in find_amounts(text, "en")}
    words = by_text["One Million and Fifty Thousand Yuan"]
    assert words.attrs["twin_start"] == text.index("RMB 1,050,000")
    # a twin that disagrees is still paired: that is how a words/figure mismatch is found
    assert by_text["Five Hundred US Dollars"].attrs["twin_value"] == 600
    # two amounts joined by "and" are two amounts, not one written twice
    assert "twin_start" not in by_text["Four Thousand Dollars"].attrs


def test_a_scale_word_after_a_bracketed_numeral_is_no_amount_in_words() -> None:
    from pipeline.entities.amounts import find_amounts

    text = "in excess of three (3) million dollars ($3,000,000) in aggregate"
    words = [m for m in find_amounts(text, "en") if m.attrs.get("form") == "words"]
    assert words == []
    assert [m.value for m in find_amounts(text, "en")] == [3_000_000]


def test_a_comma_after_a_scale_word_goes_on_with_the_same_number() -> None:
    from pipeline.entities.amounts import find_amounts

    text = (
        "The Subcontract Sum is £1,284,600 (one million, two hundred and eighty-four thousand, "
        "six hundred pounds). Items one, two and three cost nine pounds."
    )
    words = {text[m.start : m.end]: m.value for m in find_amounts(text, "en")}
    spelled = "one million, two hundred and eighty-four thousand, six hundred pounds"
    assert words[spelled] == 1_284_600
    # a comma after a plain number is a list, not one figure
    assert words["nine pounds"] == 9
