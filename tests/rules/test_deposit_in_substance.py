"""A sum called 保证金 / security deposit that its own clause makes a 定金 is measured as one
(民法典 586: at most 20% of the subject amount); a plain security deposit is not."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.entities.helpers import make_document
from tests.rules.cases_new import en_prc, zh_sale
from tests.rules.helpers import Stages, finding_types


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


ZH_BOND = "第五条 保证金\n5.1 甲方应于签约后三日内向乙方支付履约保证金人民币叁拾万元整（¥300,000.00）。\n5.2 {nature}\n"


def test_a_bond_the_clause_makes_a_dingjin_counts_as_one(stages: Stages) -> None:
    nature = "上述保证金作为定金，甲方违约的，无权要求返还。"
    assert "deposit_excessive" in finding_types(
        stages, zh_sale(other=ZH_BOND.format(nature=nature))
    )


def test_a_plain_performance_bond_is_not_a_dingjin(stages: Stages) -> None:
    nature = "合同履行完毕后十日内，乙方无息退还上述保证金。"
    assert "deposit_excessive" not in finding_types(
        stages, zh_sale(other=ZH_BOND.format(nature=nature))
    )


EN_BOND = (
    "7. SECURITY DEPOSIT\n7.1 Buyer shall pay Seller a security deposit of EUR 300,000 within ten days of signing.\n"
    "7.2 {nature}\n"
)


def test_an_english_security_deposit_paid_as_earnest_money_is_a_dingjin(stages: Stages) -> None:
    nature = "The security deposit is paid as earnest money; if Seller defaults it shall return twice the amount."
    assert "deposit_excessive" in finding_types(stages, en_prc(extra=EN_BOND.format(nature=nature)))
    plain = "Seller shall refund the security deposit without interest within thirty days after delivery."
    assert "deposit_excessive" not in finding_types(
        stages, en_prc(extra=EN_BOND.format(nature=plain))
    )


def test_a_distribution_contracts_purchase_commitment_is_its_subject_amount(stages: Stages) -> None:
    text = en_prc() + (
        "8. MINIMUM PURCHASE\n8.1 The Distributor shall purchase Products with an aggregate FOB value of not less than US$2,000,000 during the Term.\n"
    )
    parse, _ = stages
    entities = parse.run(document=make_document(text))["entities"]
    topics = {e.text: e.attrs.get("topic") for e in entities if e.kind == "amount"}
    assert topics["US$2,000,000"] == "total_price"
