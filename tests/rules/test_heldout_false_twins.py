"""Twins of the false cells read on six held-out contracts moved to dev in the twenty-fourth
session (zh_b03, zh_b18, en_k05, zh_k10, zh_b25, zh_p02): each lawful reading beside the unlawful
one the same check must still report. The texts are written here, not copied."""

from __future__ import annotations

import numpy as np
import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, finding_types, rule_findings, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_SERVICE = """物业服务合同

甲方：青松苑业主委员会
乙方：宁城物业管理有限公司

第一条 服务期限自2025年3月1日起至2026年2月28日止。
第二条 物业服务费每月人民币48,000元，甲方于每月5日前支付。
第三条 {clause}
第四条 任何一方违约的，应赔偿对方因此遭受的损失。
第五条 本合同适用中华人民共和国法律，争议提交宁城市仲裁委员会仲裁。
"""


class _ReadsUnfairTerms:
    """A stand-in defect model (the boundary): every clause reads as an unfair standard term."""

    kinds = ("unfair_standard_term",)

    def thresholds_for(self, language: str | None) -> tuple[float, ...]:
        return (0.5,)

    def scores(self, texts: list[str]) -> np.ndarray:
        return np.array([[0.9] for _ in texts])


def test_an_injury_exemption_is_reported_once_as_void_not_also_as_unfair(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """民法典506 voids it whoever drafted it: the model's standard-term reading (497) of the
    same clause adds nothing; its reading of other clauses still stands."""
    from pipeline.rules_engine import checks_defect_model

    monkeypatch.setattr(checks_defect_model, "default_defect_classifier", _ReadsUnfairTerms)
    clause = (
        "本小区公共区域（包括但不限于电梯、地下车库、楼道及屋面）内发生的人身伤害事故，无论是否与乙方的"
        "巡查、保洁、维修工作有关，乙方均不承担任何赔偿责任，由受害人自行向侵权人或者保险公司索赔。"
    )
    found = rule_findings((ParseEntities(), ValidateRules()), _SERVICE.format(clause=clause))
    void = [f for f in found if f.type == "invalid_exemption"]
    unfair = [f for f in found if f.type == "unfair_standard_term"]
    assert [f.clause for f in void] == ["第三条"]
    assert unfair and "第三条" not in [f.clause for f in unfair]


_LEASE = """{title}

出租人（甲方）：瀚海融资租赁有限公司
承租人（乙方）：云溪精密制造有限公司

第一条 租赁物为乙方自行选定的五轴加工中心两台，租赁期限自2025年6月1日起至2028年5月31日止。
第二条 租金总额人民币3,600,000元，分12期支付，每期人民币300,000元。
第三条 除本合同另有约定外，在租赁期限内乙方不得以任何理由提前终止本合同或要求退还租赁物。
第四条 {third_party}
第五条 本合同适用中华人民共和国法律，争议提交上海国际仲裁中心仲裁。
"""
_THIRD_PARTY = "租赁物造成第三人人身损害或者财产损失的，甲方不承担责任，由乙方依法承担。"


def test_a_finance_lessee_may_be_barred_from_ending_the_lease_early(stages: Stages) -> None:
    """民法典735, 742: the lessee chose the equipment; the rent stays due for the whole term."""
    finance = _LEASE.format(title="融资租赁合同（直租）", third_party=_THIRD_PARTY)
    ordinary = _LEASE.format(title="设备租赁合同", third_party=_THIRD_PARTY)
    assert "unfair_standard_term" not in finding_types(stages, finance)
    assert "cn.standard_terms.unilateral_right" in rule_ids(stages, ordinary)


def test_who_answers_to_a_third_party_is_no_exemption_from_the_other_side(stages: Stages) -> None:
    """民法典749 itself frees a finance lessor from a third party's injury claims."""
    lawful = _LEASE.format(title="融资租赁合同（直租）", third_party=_THIRD_PARTY)
    void = _LEASE.format(
        title="融资租赁合同（直租）",
        third_party="租赁物造成乙方人员人身损害的，甲方不承担任何责任。",
    )
    assert "invalid_exemption" not in finding_types(stages, lawful)
    assert "cn.exemption.personal_injury" in rule_ids(stages, void)


_BROKERAGE = """居间服务合同

委托方（甲方）：东岳投资管理有限公司
居间方（乙方）：临川产业地产顾问有限公司

第一条 甲方委托乙方寻找并促成购买位于临川市的工业厂房一处。
第二条 居间报酬按买卖合同约定的成交总价（不含交易税费）的2%计算（例如：
成交总价为人民币5,000万元的，居间报酬为人民币{fee}万元）。
第三条 甲方应于买卖合同签订之日起10个工作日内支付居间报酬。
第四条 本合同适用中华人民共和国法律。
"""


def test_a_worked_example_whose_lead_in_ends_a_line_sets_no_price(stages: Stages) -> None:
    assert "amount_contradiction" not in finding_types(stages, _BROKERAGE.format(fee="100"))


_LOAN = """借款合同

贷款人（甲方）：金泉小额贷款有限公司
借款人（乙方）：松岭机械制造有限公司

第一条 借款金额人民币8,000,000.00元，借款期限一年，年利率8%，按季付息，到期还本。
第二条 还款计划如下：
期次 | 计息本金（人民币元） | 应付金额（人民币元）
第一期 | 8,000,000.00 | 160,000.00
第二期 | 8,000,000.00 | 160,000.00
第三期 | 8,000,000.00 | 160,000.00
第四期 | 8,000,000.00 | 160,000.00
本金 | — | 8,000,000.00
利息合计 | — | {interest}
第三条 本合同适用中华人民共和国法律。
"""


def test_an_interest_total_sums_the_interest_rows_not_the_principal(stages: Stages) -> None:
    assert "amount_contradiction" not in finding_types(stages, _LOAN.format(interest="640,000.00"))
    assert "cn.amount.table_total" in rule_ids(stages, _LOAN.format(interest="680,000.00"))


_MSA = """MASTER SERVICES AGREEMENT

This agreement is made on 1 May 2025 between Lakeshore Data Services LLC ("Provider") and Harbor Freight Logistics Inc. ("Customer").

1. DEFINITIONS
1.1 "Statement of Work" means a document in substantially the form of Exhibit 1 to Schedule A, signed by both Parties.
1.2 "Change Request" means a request in the form of Exhibit 2 to Schedule A.
2. FEES
2.1 Customer shall pay the fees in Schedule B within 30 days of invoice.
3. GOVERNING LAW
3.1 This agreement is governed by the laws of the State of Ohio.

SCHEDULE A - SERVICES
Part 1 - Managed services: monitoring of 80 servers; service desk for 400 users.
Exhibit 1 - Form of Statement of Work: SOW number; services; deliverables; fees; signatures of both Parties.

SCHEDULE B - FEES
Monthly fee: $42,000.
"""


def test_an_exhibit_given_on_its_own_line_with_its_title_is_attached(stages: Stages) -> None:
    found = [f for f in rule_findings(stages, _MSA) if f.rule_id == "en.annex.missing"]
    assert [f.quote for f in found] == ["Exhibit 2"]
