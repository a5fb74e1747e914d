"""An exclusion of liability for injury or death hidden as one item of a list of exclusions,
beside the lawful twins: an item resting on the injured person's own breach, and a saving for
death and personal injury that covers the whole agreement. Also, from the same batch, a supplier's
form that lets it change the contracted capacity on notice and puts the cost on the other side.
The texts are written here."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


EN_GUARDING = """SECURITY SERVICES AGREEMENT

This agreement is made on 3 March 2026 between Sentinel Guarding Limited, a company registered in England (the "Contractor"), and Harbour Retail Parks Limited, a company registered in England (the "Customer").

1. SERVICES
1.1 The Contractor shall provide manned guarding at the Customer's retail parks (the "Sites").
2. CHARGES
2.1 The Customer shall pay the Contractor GBP 21,000 per month.
3. SITE FACILITIES
3.1 The Customer shall provide a secure room for the Contractor's staff at each Site.
3.2 The Customer shall not be responsible for: (a) loss of or damage to the Contractor's equipment left at a Site; (b) any vehicle parked at a Site; (c) any injury or death suffered by the Contractor's staff while at a Site, {cause}; or (d) any delay in access to a Site.
4. LIABILITY
4.1 {saving} limits or excludes either party's liability for death or personal injury caused by its negligence, or for fraud.
4.2 Each party's total liability under this agreement shall not exceed GBP 250,000.
5. GOVERNING LAW
5.1 This agreement is governed by the laws of England and Wales.
"""
ZH_TRAINING = """职业技能培训服务合同

甲方（培训机构）：杭州匠心职业技能培训学校
乙方（学员）：王小明

第一条 培训内容为焊工中级实训，培训费用总额为人民币陆仟捌佰元整（¥6,800.00）。
第二条 甲方应为乙方提供符合安全标准的实训工位及防护用品。
第三条 有下列情形之一的，甲方不承担赔偿责任：（一）乙方违反安全操作规程、不听从指导教师指挥，导致乙方自身损害的；（二）乙方隐瞒自身疾病，在训练中因该疾病发作导致损害的；（三）{item}；（四）乙方未存放于储物柜内的贵重物品遗失的。
第四条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""
EN_RULE = "en.england.exemption.injury_in_exclusion_list"
ZH_RULE = "cn.exemption.injury_in_exclusion_list"


@pytest.mark.parametrize("cause", ["however caused", "whether or not caused by its negligence"])
def test_an_injury_item_however_caused_is_void(stages: Stages, cause: str) -> None:
    text = EN_GUARDING.format(cause=cause, saving="Nothing in this clause 4")
    assert EN_RULE in rule_ids(stages, text)


def test_a_saving_for_the_whole_agreement_keeps_the_injury_liability(stages: Stages) -> None:
    text = EN_GUARDING.format(cause="however caused", saving="Nothing in this agreement")
    assert EN_RULE not in rule_ids(stages, text)


def test_an_injury_item_from_the_injured_persons_own_breach_is_lawful(stages: Stages) -> None:
    text = EN_GUARDING.format(
        cause="caused by their own breach of the site safety rules",
        saving="Nothing in this clause 4",
    )
    assert EN_RULE not in rule_ids(stages, text)


def test_an_inherent_risk_item_limiting_injury_to_insurance_is_void(stages: Stages) -> None:
    item = (
        "焊接弧光及设备运转属于实训的固有风险，乙方因此遭受人身伤害的，以保险理赔金额为限获得补偿"
    )
    assert ZH_RULE in rule_ids(stages, ZH_TRAINING.format(item=item))


def test_an_item_resting_on_the_trainees_own_breach_is_lawful(stages: Stages) -> None:
    item = "乙方违反甲方管理规定，擅自启动设备导致其人身伤害的"
    assert ZH_RULE not in rule_ids(stages, ZH_TRAINING.format(item=item))


_POWER = """供用电合同

供电人：国网杭州市某区供电公司
用电人：杭州恒信食品有限公司

第一条 供电人向用电人供应10千伏电力，电价按国家规定执行。
第二条 代维护作业期间，作业现场的安全措施由用电人负总责；作业期间用电人人员伤亡的，{tail}
第三条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""


def test_injury_with_no_compensation_duty_is_void(stages: Stages) -> None:
    text = _POWER.format(tail="除供电人作业人员故意所致外，由用电人自行承担，供电人不负赔偿责任。")
    assert "cn.exemption.personal_injury" in rule_ids(stages, text)


def test_injury_answered_by_whoever_caused_it_is_lawful(stages: Stages) -> None:
    text = _POWER.format(tail="由造成伤亡的一方依法承担赔偿责任。")
    assert "cn.exemption.personal_injury" not in rule_ids(stages, text)


_GRID = """供用电合同

供电人：国网杭州市某区供电公司
用电人：杭州恒信食品有限公司

第一条 供电人向用电人供应10千伏电力，核定用电容量为2000千伏安，电价按国家规定执行。
第二条 供电人根据电网规划调整或设备改造的需要，可对供电电源、接入位置及核定用电容量作出变更，{effect}；用电人为适应该等变更而需改造受电设施的，改造费用由{bearer}自行承担。
第三条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""


@pytest.mark.parametrize(
    ("effect", "bearer", "fires"),
    [
        ("变更方案自供电人书面告知用电人之日起生效", "用电人", True),
        # the side that changes the terms bears the cost of the change
        ("变更方案自供电人书面告知用电人之日起生效", "供电人", False),
        # the change needs the other side's consent
        ("变更方案经双方协商一致后生效", "用电人", False),
    ],
)
def test_a_change_binding_on_notice_with_the_cost_on_the_other_side_is_unfair(
    stages: Stages, effect: str, bearer: str, fires: bool
) -> None:
    text = _GRID.format(effect=effect, bearer=bearer)
    assert ("cn.standard_terms.unilateral_right" in rule_ids(stages, text)) is fires


EN_HIRE = """VENUE HIRE AGREEMENT

This agreement is made on 3 March 2026 between Riverside Halls Limited, a company registered in England (the "Owner"), and Brightstage Events Limited, a company registered in England (the "Hirer").

1. HIRE
1.1 The Owner shall make the main hall available to the Hirer on 12 June 2026 for a fee of GBP 9,500.
2. LIABILITY
2.1 {sentence}
2.2 The Owner's total liability under this agreement shall not exceed the hire fee.
3. GOVERNING LAW
3.1 This agreement is governed by the laws of England and Wales.
"""


@pytest.mark.parametrize(
    ("sentence", "fires"),
    [
        (
            "The Owner shall not be liable for any injury to the Hirer's staff, howsoever caused.",
            True,
        ),
        (
            "The Owner shall not be liable for any death or personal injury suffered at the venue.",
            True,
        ),
        (
            "The Owner shall not be liable for any injury to the Hirer's staff unless caused by "
            "the negligence of the Owner or its staff.",
            False,
        ),
        ("This clause does not exclude liability for death or personal injury.", False),
        (
            "Nothing in this clause limits or excludes liability for death or personal injury.",
            False,
        ),
    ],
)
def test_an_english_sentence_excluding_injury_whatever_the_cause(
    stages: Stages, sentence: str, fires: bool
) -> None:
    found = "en.england.exemption.injury_excluded" in rule_ids(
        stages, EN_HIRE.format(sentence=sentence)
    )
    assert found is fires


_CONSIGNED = """CONTRACT MANUFACTURING AGREEMENT

This agreement is made on 3 March 2026 between Suzhou Precision Moulding Co., Ltd. (the "Manufacturer") and Hangzhou Brightlight Lighting Co., Ltd. (the "Customer").

1. CONSIGNED MATERIALS
1.1 The Customer shall insure the Consigned Materials held at the Manufacturer's plant. The Manufacturer shall bear no liability for any loss of or damage to the Consigned Materials {scope}.
2. GOVERNING LAW
2.1 This agreement is governed by the laws of the People's Republic of China.
"""


@pytest.mark.parametrize(
    ("scope", "fires"),
    [
        ("from whatever cause, including any act or omission of the Manufacturer", True),
        ("except loss caused by the Manufacturer's wilful misconduct or gross negligence", False),
    ],
)
def test_an_exclusion_from_whatever_cause_reaches_gross_fault_under_prc_law(
    stages: Stages, scope: str, fires: bool
) -> None:
    found = "en.prc.exemption.reaches_fault" in rule_ids(stages, _CONSIGNED.format(scope=scope))
    assert found is fires
