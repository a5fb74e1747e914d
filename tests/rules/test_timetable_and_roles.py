"""Facts read across clauses: stages of performance in order, a term's stated end against the
term that its own sentence spans, the rent described as the landlord's payment, and a quality
standard left to later agreement."""

from __future__ import annotations

import pytest

from pipeline.rules_engine.checks_defect_model import DefectParams, sentence_ok
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_timetable import ZH_DEFERRED_QUALITY, ZH_STANDARD, ZH_WORKS
from tests.rules.helpers import Stages, rule_findings, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_STAGE = "cn.date.stage_before_earlier_stage"


def _works(install: str, quality: str = ZH_STANDARD) -> str:
    return ZH_WORKS.format(quality=quality, install=install)


def test_installation_due_before_the_goods_must_arrive_is_flagged(stages: Stages) -> None:
    found = [f for f in rule_findings(stages, _works("2025年9月15日")) if f.rule_id == _STAGE]
    assert len(found) == 1
    assert found[0].quote == "2025年9月15日"
    assert "2025年9月30日前全部运抵" in found[0].message


def test_installation_on_or_after_the_delivery_deadline_is_not(stages: Stages) -> None:
    assert _STAGE not in rule_ids(stages, _works("2025年9月30日"))
    assert _STAGE not in rule_ids(stages, _works("2025年10月1日"))


def test_a_first_batch_or_a_payment_may_fall_due_before_the_last_delivery(
    stages: Stages,
) -> None:
    batch = _works("2025年10月20日").replace(
        "3.2 乙方应于2025年10月20日前完成全部储罐的安装及调试。",
        "3.2 乙方应于2025年9月15日前完成第一批储罐的安装及调试。",
    )
    payment = _works("2025年10月20日").replace(
        "第四条 违约责任。", "第四条 甲方应于2025年9月10日前支付安装调试预付款。违约责任："
    )
    assert _STAGE not in rule_ids(stages, batch)
    assert _STAGE not in rule_ids(stages, payment)


def test_a_phrase_naming_delivery_and_installation_is_an_installation_deadline(
    stages: Stages,
) -> None:
    text = _works("2025年10月20日").replace(
        "3.2 乙方应于2025年10月20日前完成全部储罐的安装及调试。",
        "3.2 乙方应于2025年9月20日前交货并完成全部储罐的安装及调试。",
    )
    assert _STAGE in rule_ids(stages, text)


_LEASE = """厂房租赁合同

出租方（甲方）：宁波东港置业有限公司
承租方（乙方）：杭州明川电子有限公司

第一条 甲方将位于宁波市北仑区的厂房出租给乙方使用，建筑面积3,000平方米。
第二条 租赁期限为五年，自2025年7月1日起至2030年6月30日止。{free}
第三条 租金为每月人民币90,000元，乙方应于每月5日前支付当月租金。
第四条 {invoice}
第五条 租赁期限届满之日（即{end}）起10日内，乙方应腾空厂房并返还甲方。
第六条 因本合同引起的争议，提交宁波仲裁委员会仲裁。
"""
_EXPIRY = "cn.date.term_vs_expiry"
_SWAP = "cn.party.duty_for_the_other_side"
_GOOD_INVOICE = "甲方应于收到乙方支付的每期租金后5个工作日内向乙方开具发票。"
_SWAPPED_INVOICE = "乙方应于收到甲方支付的每期租金后5个工作日内向甲方开具发票。"


def _lease(end: str, invoice: str = _GOOD_INVOICE, free: str = "") -> str:
    return _LEASE.format(end=end, invoice=invoice, free=free)


def test_a_stated_end_against_the_term_its_own_sentence_spans(stages: Stages) -> None:
    assert _EXPIRY in rule_ids(stages, _lease("2030年12月31日"))
    assert _EXPIRY not in rule_ids(stages, _lease("2030年6月30日"))


def test_a_rent_free_range_beside_the_term_does_not_start_it(stages: Stages) -> None:
    # the term from 2025-07-01 reaches 2030-06-30, as stated; the range in the sentence is a
    # rent-free period, whose start is no start of a five-year term ending on 2030-12-31
    text = _LEASE.format(
        end="2030年6月30日",
        invoice=_GOOD_INVOICE,
        free="",
    ).replace(
        "第二条 租赁期限为五年，自2025年7月1日起至2030年6月30日止。",
        "第二条 租赁期限为五年，其中2026年1月1日至2026年3月31日为免租期。",
    )
    assert _EXPIRY not in rule_ids(stages, text)


def test_rent_received_from_the_landlord_is_a_role_swap(stages: Stages) -> None:
    swapped = [f for f in rule_findings(stages, _lease("2030年6月30日", _SWAPPED_INVOICE))]
    hits = [f for f in swapped if f.rule_id == _SWAP]
    assert hits and hits[0].quote.startswith("乙方应于收到甲方支付的每期租金")
    assert _SWAP not in rule_ids(stages, _lease("2030年6月30日", _GOOD_INVOICE))
    # the deposit the landlord returns runs the other way by design
    returned = "乙方应于收到甲方支付的押金退款后出具收据。"
    assert _SWAP not in rule_ids(stages, _lease("2030年6月30日", returned))


_QUALITY = "cn.essential.deferred_quality"


def test_a_quality_standard_deferred_to_an_annex_or_outside_goods_and_works_is_left_alone(
    stages: Stages,
) -> None:
    annexed = "定作物的技术参数及验收标准，由双方另行协商确定，并作为本合同附件一。"
    assert _QUALITY not in rule_ids(stages, _works("2025年10月20日", annexed))
    services = _works("2025年10月20日", ZH_DEFERRED_QUALITY).replace(
        "不锈钢储罐定作合同", "咨询服务合同"
    )
    assert _QUALITY not in rule_ids(stages, services)
    assert _QUALITY in rule_ids(stages, _works("2025年10月20日", ZH_DEFERRED_QUALITY))


def test_an_annex_that_defers_the_standard_fixes_nothing(stages: Stages) -> None:
    pointed = _works("2025年10月20日", "定作物应符合附件一第三部分所列技术参数，并据此验收。")
    deferred = (
        pointed
        + "\n附件一 技术要求\n三、技术参数\n储罐的技术参数，由双方在图纸会审时另行协商确定。\n"
    )
    assert _QUALITY in rule_ids(stages, deferred)
    fixed = pointed + "\n附件一 技术要求\n三、技术参数\n储罐容积50立方米，设计压力0.6MPa。\n"
    assert _QUALITY not in rule_ids(stages, fixed)


_EN_LEASE = """LEASE OF WAREHOUSE PREMISES

This Lease is made on June 2, 2025 between Harbour Estates, Inc. ("Landlord") and Calder Foods LLC ("Tenant").
1. The Landlord lets to the Tenant the warehouse at 14 Dock Road, Newark, New Jersey, for a term of five years.
2. The Tenant shall pay the Rent of US$9,000 per month on the first day of each month.
3. {receipt}
4. This Lease is governed by the laws of the State of New Jersey.
"""


def test_rent_paid_by_the_landlord_is_a_role_swap_in_english_too(stages: Stages) -> None:
    swapped = "The Tenant shall issue a receipt within five days of receipt of the Rent paid by the Landlord."
    right = "The Landlord shall issue a receipt within five days of receipt of the Rent paid by the Tenant."
    refund = "The Tenant shall sign a release on receipt of the security deposit refund paid by the Landlord."
    rule = "en.party.duty_for_the_other_side"
    assert rule in rule_ids(stages, _EN_LEASE.format(receipt=swapped))
    assert rule not in rule_ids(stages, _EN_LEASE.format(receipt=right))
    assert rule not in rule_ids(stages, _EN_LEASE.format(receipt=refund))


_EN_HIRE = """CRANE HIRE AGREEMENT

This Agreement is made on 12 May 2025 between:
(1) Shanghai Juntai Machinery Leasing Co., Ltd., a company registered in Shanghai (the "Owner"); and
(2) Hefei Anxin Steel Structure Engineering Co., Ltd., a company registered in Hefei (the "Hirer").
1.1 "Commencement Date" means 1 June 2025.
3.1 The Hire Period starts on the Commencement Date and continues for a fixed term of eight (8) Hire Months.
5.1 The Hirer shall pay hire of RMB 398,000.00 for each Hire Month.
12.1 This Agreement is governed by the laws of the People's Republic of China.
Schedule 2
Item | Date
Off-hire date (end of Hire Period) | {end}

Owner: Shanghai Juntai Machinery Leasing Co., Ltd. (company seal)
Hirer: {signer} (company seal)
"""
_HIRER = "Hefei Anxin Steel Structure Engineering Co., Ltd."


def _hire(end: str = "31 January 2026", signer: str = _HIRER) -> str:
    return _EN_HIRE.format(end=end, signer=signer)


def test_a_term_in_defined_months_against_the_schedules_end_of_the_period(
    stages: Stages,
) -> None:
    rule = "en.prc.date.term_vs_expiry"
    assert rule in rule_ids(stages, _hire(end="31 December 2025"))
    assert rule not in rule_ids(stages, _hire(end="31 January 2026"))


def test_a_signature_line_for_a_role_defined_in_brackets_names_that_party(
    stages: Stages,
) -> None:
    rule = "en.prc.party.name_mismatch"
    other = "Anhui Anxin Steel Structure Engineering Co., Ltd."
    found = [f for f in rule_findings(stages, _hire(signer=other)) if f.rule_id == rule]
    assert found and "Anhui Anxin" in found[0].quote
    assert rule not in rule_ids(stages, _hire(signer=_HIRER))


def test_a_clause_that_affirms_liability_is_no_exemption(stages: Stages) -> None:
    """The model's exemption reading needs words that exclude or limit; a clause affirming
    liability for personal injury has none (a false alarm on a blind contract)."""
    rule = next(r for r in stages[1].rules if r.spec.id == "en.prc.model.invalid_exemption")
    params = DefectParams.model_validate(rule.spec.params)
    affirms = "The Owner is liable for loss, damage or personal injury caused by defects."
    assert not sentence_ok(affirms, params)
    for excludes in (
        "The Owner shall not be liable for any personal injury caused by defects.",
        "The Owner's liability for personal injury is limited to RMB 100,000.",
        "甲方对乙方人员的人身伤害不承担任何责任。",
    ):
        assert sentence_ok(excludes, params), excludes


_DEVELOPMENT = """技术开发（委托开发）合同

委托方（甲方）：杭州禾丰食品有限公司
受托方（乙方）：杭州知衡智能技术有限公司

第三条 乙方应于2025年9月9日前完成全部研究开发工作，并向甲方交付全部研究开发成果。
第五条 研究开发经费和报酬合计为人民币捌拾陆万元整（¥860,000.00）。
第十九条 因本合同引起的争议，提交杭州仲裁委员会仲裁。

附件二 研究开发进度计划
阶段 | 工作内容 | 起止时间
阶段一 | 需求调研 | 2025年3月10日至2025年4月8日
阶段二 | 联调及研究开发成果交付 | 2025年8月1日至{last}
"""


def test_a_stage_that_ends_after_all_the_work_is_due_is_flagged(stages: Stages) -> None:
    rule = "cn.date.part_after_final_date"
    assert rule in rule_ids(stages, _DEVELOPMENT.format(last="2025年10月31日"))
    assert rule not in rule_ids(stages, _DEVELOPMENT.format(last="2025年9月5日"))


_EN_PAYEE = """IT OUTSOURCING AGREEMENT

Date of signature: 20 June 2025

PARTIES

Customer: Hangzhou Lanxi Retail Chain Co., Ltd.
Unified Social Credit Code: 91330106MA2H4Q7L8D

Supplier: Suzhou Tianrui Information Technology Services Co., Ltd.
Unified Social Credit Code: 91320594MA1Y7K3R2B

In this Agreement, Hangzhou Lanxi Retail Chain Co., Ltd. is referred to as "Lanxi" or the "Customer", and Suzhou Tianrui Information Technology Services Co., Ltd. is referred to as "Tianrui" or the "Supplier".
1.1 The Supplier shall provide the Services to the Customer.
5.1 The Customer shall pay the Supplier the Fees monthly in arrears.
5.6 The Supplier shall issue every invoice in its own name, and the Customer may withhold payment of any invoice that does not.
16.1 This Agreement is governed by the laws of the People's Republic of China.

SCHEDULE 3 - INVOICING
Payee name: {payee}
Taxpayer identification number (USCC): {code}
"""


def test_a_payee_in_the_bank_details_named_unlike_the_supplier(stages: Stages) -> None:
    rule = "en.prc.party.name_variant"
    own = "Suzhou Tianrui Information Technology Services Co., Ltd."
    other = "Suzhou Tianrui Information Technology Co., Ltd."
    code = "91320594MA1Y7K3R2B"
    assert rule in rule_ids(stages, _EN_PAYEE.format(payee=other, code=code))
    assert rule not in rule_ids(stages, _EN_PAYEE.format(payee=own, code=code))


def test_a_taxpayer_identification_number_is_a_registration_code(stages: Stages) -> None:
    rule = "en.prc.party.registration_code_mismatch"
    own = "Suzhou Tianrui Information Technology Services Co., Ltd."
    assert rule in rule_ids(stages, _EN_PAYEE.format(payee=own, code="91320505MA27T9QX4N"))
    assert rule not in rule_ids(stages, _EN_PAYEE.format(payee=own, code="91320594MA1Y7K3R2B"))
