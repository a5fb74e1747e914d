"""Lawful sentences that share words with a defect and must stay silent (precision on
contracts nobody tuned on), each beside the defect it resembles."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.entities.helpers import make_document
from tests.rules.cases_new import en_services, zh_sale
from tests.rules.test_rule_catalogue import labour

Stages = tuple[ParseEntities, ValidateRules]


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _types(stages: Stages, text: str) -> set[str]:
    parse, validate = stages
    document = make_document(text)
    found = validate.run(document=document, **parse.run(document=document))["rule_findings"]
    return {f.type for f in found}


def test_a_representation_naming_arbitration_is_not_an_arbitration_clause(stages: Stages) -> None:
    # zh_sale already sends disputes to 杭州仲裁委员会; add only a court clause without it
    court_only = zh_sale().replace("提交杭州仲裁委员会仲裁", "向甲方住所地人民法院提起诉讼")
    rep = "乙方保证不存在未披露的重大诉讼、仲裁或者行政处罚。"
    assert "dispute_resolution_conflict" not in _types(
        stages, court_only.replace("本合同一式两份。", rep)
    )
    assert "dispute_resolution_conflict" in _types(
        stages, zh_sale(other="争议也可以向甲方住所地人民法院提起诉讼。")
    )


def test_serving_court_papers_at_an_address_is_not_a_court_forum(stages: Stages) -> None:
    other = "上述地址适用于各方之间通知的送达，以及发生争议时人民法院诉讼文书的送达。"
    assert "dispute_resolution_conflict" not in _types(stages, zh_sale(other=other))


def test_releasing_the_employee_from_a_non_compete_owes_no_compensation(stages: Stages) -> None:
    release = "劳动合同终止时，甲方可以书面通知乙方不再要求其履行竞业限制义务，乙方不受本条约束，甲方无需支付补偿。"
    refuse = "竞业限制期间甲方无需支付补偿。"
    assert "non_compete_without_compensation" not in _types(stages, labour(nc_comp=release))
    assert "non_compete_without_compensation" in _types(stages, labour(nc_comp=refuse))


def test_deliveries_in_stages_are_not_two_dates_for_one_delivery(stages: Stages) -> None:
    staged = "6.1 Consultant shall deliver the draft report by March 15, 2025.\n6.2 Consultant shall deliver the final report by April 30, 2025."
    twice = "6.1 Consultant shall deliver the first report by March 15, 2025.\n6.2 Notwithstanding 6.1, Consultant shall deliver the first report by April 30, 2025."
    assert "date_inconsistency" not in _types(stages, en_services(extra=staged))
    assert "date_inconsistency" in _types(stages, en_services(extra=twice))


def test_another_instruments_earlier_date_is_not_performance_before_signing(stages: Stages) -> None:
    authority = "出租人授权管理公司出租该厂房，授权期限自2022年1月1日起至2036年12月31日止。"
    early = "乙方应于2025年1月1日前交付设备。"
    assert "date_inconsistency" not in _types(stages, zh_sale(other=authority))
    assert "date_inconsistency" in _types(stages, zh_sale(other=early))


def test_a_defined_term_ending_in_a_role_word_is_not_an_undefined_party(stages: Stages) -> None:
    escrow = '6.1 Funds are held by Pacific Escrow Services, Inc. (the "Escrow Agent").\n6.2 The Escrow Agent shall release the funds on closing.'
    stray = "6.1 The Agent shall release the funds on closing."
    assert "party_inconsistency" not in _types(stages, en_services(extra=escrow))
    assert "party_inconsistency" in _types(stages, en_services(extra=stray))
