"""Facts read across clauses of a contract that names no contract price, each with a lawful
twin: a share of a named fee written in words (加盟费的百分之十) against the fee stated in
another clause; a term that runs from the day the contract takes effect, when it takes effect on
signing and the signature block dates the signing; a fixed daily sum with no ceiling measured
against the largest sum the contract names."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids

_FRANCHISE = """特许经营合同

特许人（甲方）：杭州禾穗餐饮管理有限公司
被特许人（乙方）：宁波鲜面餐饮有限公司

第三条 合同期限
3.1 本合同自双方签字盖章之日起生效。特许经营期限为五年，自本合同生效之日起计算。
第四条 特许经营费用
4.1 乙方应向甲方支付一次性加盟费人民币叁拾捌万元整（¥380,000.00）。
4.2 加盟费分两期支付：首期为加盟费的60%，即人民币贰拾贰万捌仟元整（¥228,000.00），于本合同签订之日起五个工作日内支付。
第五条 履约保证金
5.1 乙方应缴纳履约保证金，金额为加盟费的百分之十，即人民币{bond}。
第十三条 续约
13.1 乙方拟续约的，应于本合同期限届满之日（{expiry}）前九十日向甲方提出书面续约申请。
第十四条 合同终止后的义务
14.1 合同终止后乙方应于十五日内拆除全部标识；逾期的，每逾期一日应向甲方支付违约金人民币{daily}，直至乙方完全停止使用之日止。
第十九条 因本合同引起的争议，提交杭州仲裁委员会仲裁。

甲方（盖章）：杭州禾穗餐饮管理有限公司
签订日期：2025年3月1日
"""

_LAWFUL = {"bond": "叁万捌仟元整（¥38,000.00）", "expiry": "2030年2月28日", "daily": "壹佰元"}


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def test_the_lawful_franchise_raises_none_of_the_three(stages: Stages) -> None:
    found = rule_ids(stages, _FRANCHISE.format(**_LAWFUL))
    assert not found & {
        "cn.amount.named_share_mismatch", "cn.date.term_vs_expiry", "cn.penalty.per_period_uncapped"
    }, found  # fmt: skip


def test_a_share_of_a_named_fee_in_words_must_come_to_that_share(stages: Stages) -> None:
    # 10% of 380,000 is 38,000, not 50,000
    wrong = _FRANCHISE.format(**{**_LAWFUL, "bond": "伍万元整（¥50,000.00）"})
    assert "cn.amount.named_share_mismatch" in rule_ids(stages, wrong)
    # two different sums each called 加盟费 leave no one fee to measure against
    refund = wrong.replace(
        "第十九条", "15.1 甲方违约的，应退还加盟费人民币贰拾万元整（¥200,000.00）。\n第十九条"
    )
    assert "cn.amount.named_share_mismatch" not in rule_ids(stages, refund)


def test_a_term_from_the_effective_date_starts_on_the_signing_date(stages: Stages) -> None:
    # five years from 1 March 2025 end on 28 February 2030, not 2029
    early = _FRANCHISE.format(**{**_LAWFUL, "expiry": "2029年2月28日"})
    assert "cn.date.term_vs_expiry" in rule_ids(stages, early)
    # effective on a later event: the signing date is not its start
    paid = early.replace("自双方签字盖章之日起生效", "自双方签字盖章且乙方付清首期加盟费之日起生效")
    assert "cn.date.term_vs_expiry" not in rule_ids(stages, paid)


def test_a_fixed_daily_sum_with_no_ceiling_is_measured_against_the_largest_sum(
    stages: Stages,
) -> None:
    # 10,000 a day is 3,650,000 a year, far past the 380,000 fee; 100 a day is 36,500 (9.6%)
    daily = _FRANCHISE.format(**{**_LAWFUL, "daily": "壹万元"})
    assert "cn.penalty.per_period_uncapped" in rule_ids(stages, daily)
    capped = daily.replace("直至乙方完全停止使用之日止", "累计不超过人民币叁万元")
    assert "cn.penalty.per_period_uncapped" not in rule_ids(stages, capped)


_DEVELOPMENT = """技术开发（委托开发）合同

委托方（甲方）：杭州禾丰食品有限公司
受托方（乙方）：杭州知衡智能技术有限公司

第五条 合同价款。本合同项下研究开发经费和报酬合计为人民币捌拾陆万元整（¥860,000.00），其中不含税价款为人民币811,320.75元，增值税为人民币48,679.25元。
第六条 付款方式。本合同生效后十个工作日内，甲方支付合同总价款的30%，即人民币{first}元。
第十九条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""


def test_a_share_of_the_contract_price_is_not_measured_against_its_pre_tax_part(
    stages: Stages,
) -> None:
    # 30% of the 860,000 price is 258,000; the pre-tax 价款 (811,320.75) is not its base
    assert "cn.amount.named_share_mismatch" not in rule_ids(
        stages, _DEVELOPMENT.format(first="258,000")
    )
    # "研究开发经费和报酬合计为…" is the price: its own check reads a wrong share of it
    assert "cn.amount.share_mismatch" not in rule_ids(stages, _DEVELOPMENT.format(first="258,000"))
    assert "cn.amount.share_mismatch" in rule_ids(stages, _DEVELOPMENT.format(first="268,000"))


EN_EQUIPMENT_LEASE = """EQUIPMENT LEASE AGREEMENT

This Lease is made on March 3, 2025 between Hudson Machine Rentals LLC ("Lessor") and Brightline Packaging Inc. ("Lessee").
4.1 Lessee shall pay rent of Nineteen Thousand Two Hundred Fifty United States Dollars (US$19,250.00) per month (the "Monthly Rent").
5.1 Lessee shall deposit a security deposit equal to two (2) months' Monthly Rent, being {words} United States Dollars ({figure}) (the "Security Deposit").
20. This Lease is governed by the laws of the State of New York.
"""


def test_a_count_of_months_of_a_monthly_sum_restated_as_an_amount(stages: Stages) -> None:
    """Two months of a US$19,250 monthly rent are US$38,500, not US$36,500."""
    rule = "en.amount.named_share_mismatch"
    wrong = EN_EQUIPMENT_LEASE.format(
        words="Thirty-Six Thousand Five Hundred", figure="US$36,500.00"
    )
    right = EN_EQUIPMENT_LEASE.format(
        words="Thirty-Eight Thousand Five Hundred", figure="US$38,500.00"
    )
    assert rule in rule_ids(stages, wrong)
    assert rule not in rule_ids(stages, right)
