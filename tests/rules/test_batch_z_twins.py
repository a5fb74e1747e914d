"""Twins of the false alarms on batch Z's clean dev contracts (twenty-eighth session): each lawful
near-miss, and beside it the defect the same check must still catch. The texts are written here,
not copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_EN_LEASE = """EQUIPMENT LEASE AGREEMENT

This Agreement is made in Ningbo on 12 January 2025 between Ningbo Haiyue Machinery Leasing Co., Ltd. (the "Lessor") and Cixi Tongda Plastics Co., Ltd. (the "Lessee").

1.1 "Commencement Date" means 1 April 2025, and "Expiry Date" means {expiry}.
2.1 The Lessor leases the moulding machines to the Lessee for a term of twelve (12) months starting on the Commencement Date and ending on the Expiry Date (the "Lease Term").
2.2 The Lease Term shall be extended once for a further six (6) months from 1 April 2026 to and including 30 September 2026, unless either Party gives notice of non-extension no later than 1 February 2026.
3.1 The monthly rent is RMB 40,000.
4.1 This Agreement is governed by the laws of the People's Republic of China.
"""


def test_a_further_period_after_the_expiry_is_a_renewal_not_the_term(stages: Stages) -> None:
    assert "en.prc.date.term_vs_expiry" not in rule_ids(
        stages, _EN_LEASE.format(expiry="31 March 2026")
    )
    # the term itself still meets its end: twelve months from 1 April 2025 is not 30 June 2026
    assert "en.prc.date.term_vs_expiry" in rule_ids(stages, _EN_LEASE.format(expiry="30 June 2026"))


_ZH_SUPERVISION = """建设工程监理合同

委托人：扬州广陵城市建设发展有限公司
监理人：江苏正衡工程咨询有限公司

第一条 正常工作酬金。本合同正常工作酬金为{fee}。
第二条 附加工作酬金。监理服务期延长的，每延长一个月的附加工作酬金为人民币叁万元整（¥30,000.00）。
第三条 履约担保。监理人应提交金额为正常工作酬金的5%即人民币{bond}的履约保函。
第四条 本合同争议提交扬州仲裁委员会仲裁。
"""


def test_a_share_of_one_fee_is_not_measured_against_another_fee_of_the_same_noun(
    stages: Stages,
) -> None:
    lump_sum = "总价包干，金额为人民币壹佰万元整（¥1,000,000.00）"
    # 5% of the regular fee (¥1,000,000) is ¥50,000; the monthly additional fee is another sum
    assert "cn.amount.named_share_mismatch" not in rule_ids(
        stages, _ZH_SUPERVISION.format(fee=lump_sum, bond="伍万元整（¥50,000.00）")
    )
    # where the regular fee is named with its figure, a wrong 5% is still caught
    stated = "人民币壹佰万元整（¥1,000,000.00）"
    assert "cn.amount.named_share_mismatch" in rule_ids(
        stages, _ZH_SUPERVISION.format(fee=stated, bond="陆万元整（¥60,000.00）")
    )


_ZH_SHOP = """商铺租赁合同

出租方（甲方）：南通星汇商业管理有限公司
承租方（乙方）：南通禾悦餐饮管理有限公司

第一条 甲方将星汇广场一层A108号商铺出租给乙方用于餐饮经营，月租金为人民币叁万元整（¥30,000.00）。
第二条 保险与风险。因第三方侵权、盗窃或乙方自身原因造成乙方在商铺内的财产损失，由乙方自行承担或向责任人追偿，甲方不承担赔偿责任；{saving}
第三条 本合同争议提交南通仲裁委员会仲裁。
"""
_EXEMPTION_RULES = {
    "cn.exemption.reaches_fault",
    "cn.exemption.intent_gross_negligence",
    "cn.exemption.personal_injury",
}


def test_a_saving_for_the_landlords_own_fault_and_for_injury_is_not_an_exemption(
    stages: Stages,
) -> None:
    saving = "但因甲方或其工作人员的故意或者重大过失造成的财产损失，以及任何人身伤害，甲方仍应依法承担责任，本条不作任何免除或限制。"
    assert not _EXEMPTION_RULES & rule_ids(stages, _ZH_SHOP.format(saving=saving))


@pytest.mark.parametrize(
    ("saving", "rule"),
    [
        ("即使因甲方工作人员的故意或者重大过失造成财产损失，甲方亦不承担赔偿责任。",
         "cn.exemption.intent_gross_negligence"),
        ("乙方人员在商铺内发生人身伤害的，甲方亦不承担任何责任。", "cn.exemption.personal_injury"),
    ],
)  # fmt: skip
def test_an_exemption_of_the_landlords_own_fault_or_of_injury_is_still_caught(
    stages: Stages, saving: str, rule: str
) -> None:
    assert rule in rule_ids(stages, _ZH_SHOP.format(saving=saving))


_ZH_RENT = """房屋租赁合同

出租方（甲方）：苏州金鸡湖物业经营有限公司
承租方（乙方）：苏州云帆信息科技有限公司

第一条 乙方应向甲方支付租金，每月5日前支付当月租金，月租金为人民币贰万元整（¥20,000.00）。
第二条 {clause}
第三条 本合同争议提交苏州仲裁委员会仲裁。
"""


def test_a_penalty_measured_in_months_of_rent_is_not_the_rent_paid_back(stages: Stages) -> None:
    penalty = "因甲方原因提前解除本合同的，甲方应向乙方支付相当于两个月月租金的违约金。"
    assert "cn.party.payment_reversed" not in rule_ids(stages, _ZH_RENT.format(clause=penalty))
    reversed_rent = "租金由甲方向乙方支付，每季度结算一次。"
    assert "cn.party.payment_reversed" in rule_ids(stages, _ZH_RENT.format(clause=reversed_rent))
    # "以银行转账方式" is how the rent is paid, not what measures it
    by_transfer = "甲方应按月以银行转账方式向乙方支付租金。"
    assert _payment_conflicts(_ZH_RENT.format(clause=by_transfer))


def _payment_conflicts(text: str) -> list[object]:
    """The check's own hits (another rule's finding on the same words may stand in its place)."""
    from pipeline.rules_engine.checks_payment_direction import (
        PaymentDirectionParams,
        payment_direction_conflict,
    )
    from pipeline.rules_engine.context import RuleContext
    from tests.entities.helpers import make_document

    document = make_document(text)
    parsed = ParseEntities().run(document=document)
    ctx = RuleContext(document, parsed["entities"], parsed["clauses"])
    return list(payment_direction_conflict(ctx, PaymentDirectionParams()))


_ZH_STORE = """仓储合同

存货人（甲方）：常熟联丰纺织品有限公司
保管人（乙方）：常熟港城仓储物流有限公司

第一条 乙方为甲方保管坯布一批，仓储费每月人民币捌仟元整（¥8,000.00）。
第二条 因盗窃或甲方自身原因造成仓储物损失的，乙方不承担赔偿责任{rest}
第三条 本合同争议提交苏州仲裁委员会仲裁。
"""


def test_a_saving_right_after_an_exclusion_on_the_same_line_answers_it(stages: Stages) -> None:
    saved = "；但因乙方或其工作人员的故意或者重大过失造成的损失，乙方仍应承担赔偿责任。"
    assert "cn.exemption.reaches_fault" not in rule_ids(stages, _ZH_STORE.format(rest=saved))
    # theft by anyone, the keeper's own staff included, with no saving: the exclusion reaches it
    assert "cn.exemption.reaches_fault" in rule_ids(stages, _ZH_STORE.format(rest="。"))


_EN_MANAGED = """MANAGED SERVICES AGREEMENT

This Agreement is made on February 10, 2025 between Harbor Point Logistics, Inc., a Delaware corporation ("Customer"), and Bluegate Systems LLC, a New York limited liability company ("Provider").

1.1 "Security Breach" means any unauthorised access to or loss of Customer Data in Provider's systems.
3.1 This Agreement begins on the Effective Date and, unless terminated earlier, continues until {end} (the "Initial Term").
3.2 Provider shall provide the Services for a committed period of twenty-four (24) months beginning on April 1, 2025.
11. INDEMNITIES
11.1 Provider shall defend Customer against any third-party claim that the Services infringe a United States patent, and shall indemnify Customer against all Losses awarded in such a claim.
11.2 Provider shall indemnify Customer against all Losses arising out of any Security Breach, and shall reimburse Customer for the full amount of such Losses as and when incurred.
12. LIMITATION OF LIABILITY
12.1 Subject to Section 12.2, each Party's total aggregate liability arising out of this Agreement, whether in contract, tort, under any indemnity or otherwise, shall not exceed the total Charges paid in the twelve (12) months preceding the claim.
12.2 The limit in Section 12.1 does not apply to Provider's obligations under {carved}.
13. This Agreement is governed by the laws of the State of New York.
"""


def test_a_committed_service_period_must_reach_the_stated_end_of_the_term(stages: Stages) -> None:
    ids = rule_ids(stages, _EN_MANAGED.format(end="March 31, 2027", carved="Section 11.1"))
    assert not {r for r in ids if r.endswith("term_vs_expiry")}
    ids = rule_ids(stages, _EN_MANAGED.format(end="March 31, 2026", carved="Section 11.1"))
    assert {r for r in ids if r.endswith("term_vs_expiry")}


def test_a_carve_out_of_one_indemnity_does_not_release_its_sibling(stages: Stages) -> None:
    rule = "en.indemnity.cap_reaches_escaping_indemnity"
    both = _EN_MANAGED.format(end="March 31, 2027", carved="Sections 11.1 and 11.2")
    assert rule not in rule_ids(stages, both)
    one = _EN_MANAGED.format(end="March 31, 2027", carved="Section 11.1")
    assert rule in rule_ids(stages, one)
