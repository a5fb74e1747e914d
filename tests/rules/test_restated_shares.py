"""A share of the price named after the amount it restates ("人民币叁拾陆万元，即合同总价款的30%",
"US$360,000 (being 30% of the Contract Price)") is checked like one named before it."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_ZH = """设备买卖合同

甲方（买方）：杭州明川电子有限公司
乙方（卖方）：宁波东港机械有限公司

1.1 乙方向甲方出售数控车床2台。
1.2 合同总价款为人民币壹佰万元整（¥1,000,000.00）。
2.1 {pay}
3.1 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""
_EN = """EQUIPMENT SUPPLY AGREEMENT

This Agreement is made on January 10, 2025 between Ridgeway Pumps, Inc. ("Seller") and Harbor Water LLC ("Buyer").
1.1 Seller shall sell and deliver the Equipment to Buyer.
1.2 The Contract Price is US$1,000,000.
2.1 {pay}
4.1 This Agreement is governed by the laws of the State of New York.
"""


@pytest.mark.parametrize(
    ("template", "rule", "pay"),
    [
        (
            _ZH,
            "cn.amount.share_mismatch",
            "甲方于签约后五日内支付预付款人民币{words}元（¥{fig}.00），即合同总价款的30%。",
        ),
        (
            _ZH,
            "cn.amount.share_mismatch",
            "甲方于签约后五日内支付预付款人民币{fig}.00元（占合同总价款的30%）。",
        ),
        (
            _EN,
            "en.amount.share_mismatch",
            "Buyer shall pay an advance of US${fig} (being 30% of the Contract Price) within five days.",
        ),
        (
            _EN,
            "en.amount.share_mismatch",
            "Buyer shall pay an advance of US${fig}, representing thirty percent (30%) of the Contract Price, within five days.",
        ),
    ],
    ids=["zh_ji", "zh_zhan", "en_being", "en_representing"],
)
def test_a_share_named_after_its_amount(stages: Stages, template: str, rule: str, pay: str) -> None:
    wrong = template.format(pay=pay.format(words="叁拾陆万", fig="360,000"))
    right = template.format(pay=pay.format(words="叁拾万", fig="300,000"))
    assert rule in rule_ids(stages, wrong)
    assert rule not in rule_ids(stages, right)


def test_a_share_of_another_named_price_is_not_read_as_a_share_of_the_total(
    stages: Stages,
) -> None:
    # a finance lease's down payment "占购买价款的20%" is a share of the asset's price, which is
    # not the contract's total (the rent); named_share_mismatch weighs it against that price
    pay = "乙方支付首付款人民币叁拾陆万元整（¥360,000.00），占购买价款的30%。"
    assert "cn.amount.share_mismatch" not in rule_ids(stages, _ZH.format(pay=pay))
