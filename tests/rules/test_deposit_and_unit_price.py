"""Money facts read together: a 定金 paid in two tranches counts as their sum, a 定金 stated only
in 大写 is still a 定金, and one item's count x unit price must equal the stated total."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_unit_price import UNIT_PRICE_CASES
from tests.rules.helpers import Stages, rule_findings, rule_ids

_SALE = """设备买卖合同

甲方（买方）：杭州明川电子有限公司
乙方（卖方）：宁波东港机械有限公司

第一条 标的与价款
1.1 乙方向甲方出售数控车床2台。
1.2 合同总价款为人民币壹佰万元整（¥1,000,000.00）。
第二条 定金
2.1 {deposit}
第三条 交货
3.1 乙方应于2025年5月30日前将设备交付至甲方位于杭州市滨江区的仓库。
第四条 争议解决
4.1 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""
_OVER = "cn.deposit.over_20_percent"


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


@pytest.mark.parametrize(
    ("deposit", "over"),
    [
        # 10万 + 15万 = 25%: the further tranche adds to the first
        (
            "甲方于签约当日支付定金人民币拾万元（¥100,000.00），交货前再支付定金人民币拾伍万元"
            "（¥150,000.00）。",
            True,
        ),
        # 10万 + 10万 = 20%: at the limit
        (
            "甲方于签约当日支付定金人民币拾万元（¥100,000.00），交货前再支付定金人民币拾万元"
            "（¥100,000.00）。",
            False,
        ),
        # the whole stated first, then split: 20%, not 40%
        (
            "定金共计人民币贰拾万元（¥200,000.00），甲方于签约当日支付人民币拾万元（¥100,000.00），"
            "剩余定金人民币拾万元（¥100,000.00）于2025年3月10日前支付。",
            False,
        ),
        (
            "定金为人民币贰拾万元（¥200,000.00）：签约时支付定金人民币拾万元（¥100,000.00），"
            "交货前再支付定金人民币拾万元（¥100,000.00）。",
            False,
        ),
        # the balance of the price is no second deposit
        (
            "甲方于签约当日支付定金人民币拾万元（¥100,000.00），余款人民币玖拾万元（¥900,000.00）"
            "于交货后支付。",
            False,
        ),
        # 大写 alone: 25%
        ("甲方于签约当日支付定金人民币贰拾伍万元整。", True),
        ("甲方于签约当日支付定金人民币贰拾万元整。", False),
    ],
)
def test_deposit_tranches_and_words_only(stages: Stages, deposit: str, over: bool) -> None:
    assert (_OVER in rule_ids(stages, _SALE.format(deposit=deposit))) is over


def test_a_further_penalty_is_not_summed(stages: Stages) -> None:
    # the further-tranche sum is the deposit's: a second penalty is a separate charge
    text = _SALE.format(
        deposit="乙方逾期交货的，支付违约金人民币拾万元（¥100,000.00）；逾期超过三十日的，再支付"
        "违约金人民币拾伍万元（¥150,000.00）。"
    )
    assert not {r for r in rule_ids(stages, text) if r.startswith("cn.penalty")}


@pytest.mark.parametrize(("rule_id", "mismatch", "agrees"), UNIT_PRICE_CASES)
def test_count_times_unit_price_against_the_total(
    stages: Stages, rule_id: str, mismatch: str, agrees: str
) -> None:
    found = [f for f in rule_findings(stages, mismatch) if f.rule_id == rule_id]
    assert found and ("900,000" in found[0].message or "180,000" in found[0].message)
    assert rule_id not in rule_ids(stages, agrees)


def test_a_unit_price_in_words_and_figures_is_read(stages: Stages) -> None:
    text = _SALE.format(deposit="甲方无需支付定金。").replace(
        "1.1 乙方向甲方出售数控车床2台。",
        "1.1 乙方向甲方出售数控车床2台，单价人民币肆拾伍万元（¥450,000.00）。",
    )
    assert "cn.amount.unit_price_vs_total" in rule_ids(stages, text)
    # 13% VAT on the goods, a discount, or freight in the total: no contradiction
    vat = text.replace("壹佰万元整（¥1,000,000.00）", "壹佰零壹万柒仟元整（¥1,017,000.00）")
    assert "cn.amount.unit_price_vs_total" not in rule_ids(stages, vat)
    freight = text.replace("1.2 合同总价款为", "1.2 合同总价款（含运费及安装费）为")
    assert "cn.amount.unit_price_vs_total" not in rule_ids(stages, freight)
    discount = text.replace("单价人民币", "优惠后单价人民币")
    assert "cn.amount.unit_price_vs_total" not in rule_ids(stages, discount)
