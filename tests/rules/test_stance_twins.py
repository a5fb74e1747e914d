"""Twins for the checks generalised on the 2026-12-02 blind dev batches (golden_set/focus/dev
zh_fe*, en_fe*; golden_set/dev *_nm19-22): each defect beside the lawful wording that differs
from it by one fact."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_caps import CARVED, INSIDE, UNLIMITED, caps
from tests.rules.cases_new import ZH_BUILD, en_services
from tests.rules.helpers import Stages, rule_findings, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _types(stages: Stages, text: str) -> set[str]:
    return {f.type for f in rule_findings(stages, text)}


def test_a_cap_carve_out_and_an_indemnity_that_accepts_the_cap_contradict(stages: Stages) -> None:
    assert "en.indemnity.inside_carved_cap" in rule_ids(
        stages, en_services(extra=caps(INSIDE, CARVED))
    )
    assert "indemnity_cap_conflict" not in _types(stages, en_services(extra=caps(INSIDE)))
    assert "indemnity_cap_conflict" not in _types(
        stages, en_services(extra=caps(UNLIMITED, CARVED))
    )


ONE_LINE = (
    "9. Indemnity. 9.1 The Licensor shall indemnify the Licensee against all losses arising from "
    "any claim that the Software infringes a third party's rights. 9.2 The Licensor's liability "
    "under clause 9.1 is limited only by the separate amount in clause 10.4 and is not subject "
    "to the limit in clause {escaped}.\n"
    "10. Limitation of liability. 10.3 Subject to clause 10.4, each party's total liability under "
    "this Agreement shall not exceed the Fees paid. 10.4 The Licensor's total liability under the "
    "indemnity in clause 9.1 shall not exceed £2,000,000."
)


def test_an_escape_from_one_cap_into_a_separate_cap_is_consistent(stages: Stages) -> None:
    """Whole clauses on one line: a full stop before "9.2" ends a sentence, and an escape that
    names clause 10.3 does not escape the separate indemnity cap in 10.4."""
    rule = "en.indemnity.cap_reaches_escaping_indemnity"
    assert rule not in rule_ids(stages, en_services(extra=ONE_LINE.format(escaped="10.3")))
    assert rule in rule_ids(stages, en_services(extra=ONE_LINE.format(escaped="10.4")))


LIST_CARVE = (
    "8. INDEMNITY\n8.1 The Consultant shall indemnify the Client against third-party claims.\n"
    "8.2 This indemnity shall not be subject to any limitation of liability.\n"
    "9. LIABILITY\n9.1 Each party's total liability under this Agreement shall not exceed the "
    "fees paid.\n9.2 Clause 9.1 does not apply to: (a) the Client's duty to pay the fees; "
    "(b) fraud; or (c) {third}."
)


def test_a_carve_out_list_is_read_past_its_semicolons(stages: Stages) -> None:
    carved = en_services(extra=LIST_CARVE.format(third="the Consultant's liability under clause 8"))
    open_ = en_services(extra=LIST_CARVE.format(third="wilful default"))
    assert "indemnity_cap_conflict" not in _types(stages, carved)
    assert "en.indemnity.uncapped_vs_cap" in rule_ids(stages, open_)


def test_a_cap_in_other_words_beside_a_silent_indemnity(stages: Stages) -> None:
    text = (
        "8. INDEMNITY\n8.1 The Consultant shall keep the Client fully indemnified against all "
        "losses arising from third-party claims.\n9. LIABILITY\n9.1 The Consultant {cap} the fees "
        "paid in the preceding twelve months."
    )
    general = "shall not be liable to the Client for any amount in excess of"
    head = "'s liability for liquidated damages for delay shall not exceed"
    assert "en.indemnity.cap_silent" in rule_ids(
        stages, en_services(extra=text.format(cap=general))
    )
    assert "en.indemnity.cap_silent" not in rule_ids(
        stages, en_services(extra=text.format(cap=head))
    )


RELEASE = (
    "13. LIMITATION OF LIABILITY\n13.2 Each party's total liability arising out of this "
    "Agreement shall not exceed the fees paid.\n13.3 Clause 13.2 shall not apply to (a) a "
    "party's fraud, or (b) {item}."
)


@pytest.mark.parametrize(
    ("item", "released"),
    [
        ("any liability of Consultant arising out of the performance of the Services", True),
        ("any liability of Client arising under Sections 2 through 7", True),
        ("a party's liability arising out of the performance of the Services", False),
        ("Client's obligation to pay the fees", False),
    ],
)
def test_a_carve_out_that_releases_one_party_for_the_whole_contract(
    stages: Stages, item: str, released: bool
) -> None:
    found = "en.liability.cap_released_for_one_party" in rule_ids(
        stages, en_services(extra=RELEASE.format(item=item))
    )
    assert found is released


ZH_DEPOSIT_INSTALMENT = """软件开发合同

甲方：杭州云帆信息技术有限公司
乙方：杭州码上科技有限公司

第五条 付款 合同总价款为人民币壹佰万元整（¥1,000,000.00）。甲方分两期付款：第一期为合同总价款的{first}，于签约后十日内支付，甲方依第六条已交付的定金在支付本期款项时抵作价款；第二期为合同总价款的{second}，于验收合格后支付。
第六条 定金 甲方应于签约后五日内支付定金人民币{deposit}。
第七条 本合同争议提交杭州仲裁委员会仲裁。
"""


def test_an_instalment_share_is_not_the_deposit_it_absorbs(stages: Stages) -> None:
    rule = "cn.deposit.over_20_percent"
    lawful = ZH_DEPOSIT_INSTALMENT.format(
        first="30%", second="70%", deposit="壹拾万元整（¥100,000.00）"
    )
    too_big = ZH_DEPOSIT_INSTALMENT.format(
        first="30%", second="70%", deposit="贰拾伍万元整（¥250,000.00）"
    )
    assert rule not in rule_ids(stages, lawful)
    assert rule in rule_ids(stages, too_big)


ZH_PRICE_TABLE = """设备买卖合同

甲方：重庆渝锐精密机械有限公司
乙方：重庆华精数控设备有限公司

第二条 合同总价按附件一所列各型号设备的单价乘以相应数量之和计算。
第三条 定金 甲方应于本合同签订后七日内向乙方支付定金人民币{deposit}。
第四条 本合同争议提交重庆仲裁委员会仲裁。
附件一：设备清单及价格
序号 | 名称 | 数量 | 含税单价（人民币）
1 | 立式加工中心 | 4台 | 386,000.00元/台
2 | 卧式加工中心 | 1台 | 1,150,000.00元/台
3 | 安装调试及培训 | 1项 | 56,000.00元
"""
# 4 x 386,000 + 1,150,000 + 56,000 = 2,750,000; 20% = 550,000


def test_a_price_table_of_quantities_and_unit_prices_gives_the_price(stages: Stages) -> None:
    rule = "cn.deposit.over_20_percent"
    assert rule in rule_ids(
        stages, ZH_PRICE_TABLE.format(deposit="伍拾伍万壹仟元整（¥551,000.00）")
    )
    assert rule not in rule_ids(
        stages, ZH_PRICE_TABLE.format(deposit="伍拾伍万元整（¥550,000.00）")
    )


ZH_DECLARED = """信息系统运维服务合同

甲方：宁波港城物流集团有限公司
乙方：宁波数安信息技术有限公司

第三条 定金 甲方应于签约后五日内支付定金人民币{deposit}。
第四条 本合同争议提交宁波仲裁委员会仲裁。
附件二：服务费用明细表
日常运维服务｜28,000.00元/月 × 12个月｜336,000.00
季度巡检｜22,000.00元/次 × 4次｜88,000.00
以上各项金额之和为本合同服务费总额。
"""
# 336,000 + 88,000 = 424,000; 20% = 84,800


def test_items_declared_to_sum_to_the_price_give_the_price(stages: Stages) -> None:
    rule = "cn.deposit.over_20_percent"
    assert rule in rule_ids(stages, ZH_DECLARED.format(deposit="玖万元整（¥90,000.00）"))
    assert rule not in rule_ids(stages, ZH_DECLARED.format(deposit="捌万元整（¥80,000.00）"))


ZH_WORDS_TOTAL = """特许经营合同

特许人（甲方）：长沙湘味坊餐饮管理有限公司
被特许人（乙方）：株洲味道餐饮有限公司

第四条 乙方应向甲方支付的特许经营费用总额为人民币叁拾陆万元整。
第五条 乙方应于本合同签订之日起三日内向甲方交付定金人民币{deposit}。
第六条 本合同争议提交长沙仲裁委员会仲裁。
"""


def test_a_total_stated_in_words_alone_is_the_price(stages: Stages) -> None:
    rule = "cn.deposit.over_20_percent"
    assert rule in rule_ids(stages, ZH_WORDS_TOTAL.format(deposit="玖万元整（¥90,000.00）"))
    assert rule not in rule_ids(stages, ZH_WORDS_TOTAL.format(deposit="柒万贰仟元整（¥72,000.00）"))


ZH_TRIAL = """物业服务合同

甲方：杭州锦绣物业管理有限公司
乙方：杭州华庭业主委员会

第四条 服务期限为九十日，自2025年3月1日起至{end}止。
第五条 本合同争议提交杭州仲裁委员会仲裁。
"""


def test_a_term_in_days_counts_days(stages: Stages) -> None:
    rule = "cn.date.term_vs_range"
    assert rule not in rule_ids(stages, ZH_TRIAL.format(end="2025年5月29日"))
    assert rule in rule_ids(stages, ZH_TRIAL.format(end="2025年6月29日"))


ZH_LEVELS = """设备采购合同

甲方：重庆渝锐精密机械有限公司
乙方：重庆华精数控设备有限公司

第四条 合同总价款为人民币壹佰万元整（¥1,000,000.00），分三期支付：签约后支付合同总价的30%；设备预验收后，甲方支付{second}；验收合格后，甲方支付{third}。
第五条 本合同争议提交重庆仲裁委员会仲裁。
"""


def test_a_payment_up_to_a_level_is_cumulative(stages: Stages) -> None:
    rule = "cn.amount.instalments_exceed_total"
    levels = ZH_LEVELS.format(second="至合同总价的60%", third="至合同总价的95%")
    shares = ZH_LEVELS.format(second="合同总价的60%", third="合同总价的20%")
    assert rule not in rule_ids(stages, levels)
    assert rule in rule_ids(stages, shares)


def test_a_monthly_progress_rate_and_a_threshold_are_not_shares_of_the_price(
    stages: Stages,
) -> None:
    rule = "cn.amount.instalments_exceed_total"
    schedule = (
        "签约后支付合同总价的10%作为预付款，预付款自累计完成产值达到合同总价30%的当月起扣回；"
        "甲方{progress}支付进度款；竣工后支付合同总价的20%。"
    )
    text = ZH_LEVELS.replace(
        "分三期支付：签约后支付合同总价的30%；设备预验收后，甲方支付{second}；验收合格后，甲方支付{third}。",
        schedule,
    )
    # 75% of each month's approved work is not 75% of the price
    assert rule not in rule_ids(stages, text.format(progress="每月按审定工程量对应价款的75%"))
    # 10% + 70% + 20%: the 30% the advance is recovered from is a threshold, not a payment
    assert rule not in rule_ids(stages, text.format(progress="按合同总价的70%"))
    assert rule in rule_ids(stages, text.format(progress="按合同总价的75%"))


def test_third_party_injury_allocated_to_one_party_is_not_an_exemption(stages: Stages) -> None:
    text = """设备租赁合同

出租人（甲方）：上海联宏设备租赁有限公司
承租人（乙方）：上海建工第七建筑有限公司

第八条 {clause}
第九条 本合同争议提交上海仲裁委员会仲裁。
"""
    allocated = "租赁物造成第三人人身损害或者财产损失的，由乙方承担责任，甲方不承担责任。"
    exempted = "租赁物造成乙方人员人身损害的，甲方不承担责任。"
    assert "cn.exemption.personal_injury" not in rule_ids(stages, text.format(clause=allocated))
    assert "cn.exemption.personal_injury" in rule_ids(stages, text.format(clause=exempted))


def test_an_annex_of_a_regulation_is_not_a_missing_annex(stages: Stages) -> None:
    def build(ref: str) -> str:
        clause = f"第四条 承包人所用材料应符合{ref}的要求。"
        return ZH_BUILD.format(waterproof="5年").replace("第四条", clause)

    assert "cn.annex.missing" not in rule_ids(stages, build("欧盟REACH法规附件三"))
    assert "cn.annex.missing" in rule_ids(stages, build("附件三"))
    # a reference to one annex of this contract is not a list of its annexes
    assert "cn.annex.missing" in rule_ids(stages, build("本合同附件三"))


def test_a_name_after_an_institutions_acronym_is_not_an_undefined_term(stages: Stages) -> None:
    tail = "either party may propose mediation under the {name}."
    named = en_services(extra="17.1 " + tail.format(name="CEDR Model Mediation Procedure"))
    bare = en_services(extra="17.1 " + tail.format(name="the Model Mediation Procedure"))
    assert "en.term.undefined" not in rule_ids(stages, named)
    assert "en.term.undefined" in rule_ids(stages, bare)


def test_the_parts_listed_after_qizhong_are_not_the_total(stages: Stages) -> None:
    text = """建设工程施工合同

发包人：重庆两江置业有限公司
承包人：重庆建工第三建设有限责任公司

第五条 签约合同价为人民币肆仟陆佰叁拾捌万元整（¥46,380,000.00），其中安全文明施工费人民币壹佰叁拾玖万壹仟肆佰元整（¥1,391,400.00），暂列金额人民币壹佰伍拾万元整（¥1,500,000.00）。
第六条 合同价款为人民币{again}。
第九条 本合同争议提交重庆仲裁委员会仲裁。
"""
    same = text.format(again="肆仟陆佰叁拾捌万元整（¥46,380,000.00）")
    other = text.format(again="肆仟陆佰万元整（¥46,000,000.00）")
    assert "cn.amount.total_restated" not in rule_ids(stages, same)
    assert "cn.amount.total_restated" in rule_ids(stages, other)


def test_a_renewal_stopped_by_notifying_the_other_party_has_its_window(stages: Stages) -> None:
    renewal = (
        "2. TERM\n2.1 The Subscription Term renews automatically for successive twelve (12) month "
        "periods{tail}."
    )
    window = (
        " unless either party notifies the other in writing at least sixty (60) days before the "
        "end of the then-current term that it does not wish to renew"
    )
    rule = "en.renewal.auto_without_notice"
    assert rule not in rule_ids(stages, en_services(extra=renewal.format(tail=window)))
    assert rule in rule_ids(stages, en_services(extra=renewal.format(tail="")))


def test_a_share_named_after_a_colon_is_the_deposits(stages: Stages) -> None:
    text = ZH_DEPOSIT_INSTALMENT.replace(
        "第六条 定金 甲方应于签约后五日内支付定金人民币{deposit}。",
        "第六条 定金：合同总价款的{deposit}，由甲方于签约后五日内支付。",
    )
    rule = "cn.deposit.over_20_percent"
    assert rule in rule_ids(stages, text.format(first="30%", second="70%", deposit="25%"))
    assert rule not in rule_ids(stages, text.format(first="30%", second="70%", deposit="20%"))


def test_a_cooling_off_exit_after_signing_is_not_a_one_sided_termination(stages: Stages) -> None:
    text = """特许经营合同

特许人（甲方）：广州味道坊餐饮管理有限公司
被特许人（乙方）：长沙湘味餐饮有限公司

第七条 {exit}
第八条 本合同争议提交广州仲裁委员会仲裁。
"""
    rule = "cn.standard_terms.unilateral_right"
    cooling_off = "乙方可以在本合同签订之日起10日内书面通知甲方单方解除本合同，无须承担违约责任。"
    at_will = "甲方可以随时书面通知乙方单方解除本合同，无须承担违约责任，已收取的加盟费不予退还。"
    assert rule not in rule_ids(stages, text.format(exit=cooling_off))
    assert rule in rule_ids(stages, text.format(exit=at_will))


def test_a_note_on_whom_a_party_acts_for_is_not_another_name(stages: Stages) -> None:
    text = """物业服务合同

甲方：成都市锦江区翠湖天地小区业主委员会（代表翠湖天地小区全体业主）
乙方：成都锦城物业服务有限公司

第一条 乙方为翠湖天地小区提供物业服务，物业服务费为每月每平方米2.50元。
第二条 本合同争议提交成都仲裁委员会仲裁。

甲方（盖章）：{signed}
乙方（盖章）：成都锦城物业服务有限公司
"""
    rule = "cn.party.name_mismatch"
    assert rule not in rule_ids(stages, text.format(signed="成都市锦江区翠湖天地小区业主委员会"))
    assert rule in rule_ids(stages, text.format(signed="成都市锦江区翠湖花园小区业主委员会"))
