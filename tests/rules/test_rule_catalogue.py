"""Table-driven: each rule fires on a realistic clause and stays silent on its lawful twin.

All rules load through the real KB catalog (kb.catalog), so every basis is a real article.
"""

from __future__ import annotations

import pytest

from kb.catalog import default_catalog
from pipeline.model import Finding
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.entities.helpers import make_document
from tests.rules.cases_acceleration import ACCELERATION_CASES
from tests.rules.cases_agreed_damages import AGREED_DAMAGES_CASES
from tests.rules.cases_annex_price import (
    ANNEX_PRICE_CASES,
    BLANK_PRICE_CASES,
    MAIN_TERM_ANNEX_CASES,
)
from tests.rules.cases_balance import BALANCE_CASES
from tests.rules.cases_calendar import (
    DAY_AFTER_CASES,
    RESTATED_CASES,
    TERM_FACT_CASES,
    TERM_LENGTH_CASES,
    TIMELINE_CASES,
    WEEKDAY_CASES,
)
from tests.rules.cases_caps import CAPS_CASES
from tests.rules.cases_deferred import DEFERRED_CASES, LOAN_CASES, OPEN_PRICE_CASES
from tests.rules.cases_essentials_en import ESSENTIAL_EN_CASES
from tests.rules.cases_essentials_zh import ESSENTIAL_ZH_CASES
from tests.rules.cases_focus import FOCUS_CASES
from tests.rules.cases_forum_split import FORUM_SPLIT_CASES
from tests.rules.cases_itemised import ITEMISED_CASES
from tests.rules.cases_liability_misses import BATCH_V_CASES, LIABILITY_MISS_CASES
from tests.rules.cases_money_misses import MONEY_MISS_CASES
from tests.rules.cases_new import EN_LEASE, NEW_CASES
from tests.rules.cases_open_bands import BAND_CASES
from tests.rules.cases_open_main_terms import (
    ANNEX_CRITERIA_CASES,
    EVENT_CASES,
    GUARANTEE_CASES,
    LEASE_TERM_CASES,
    QUANTITY_CASES,
    SCOPE_CASES,
)
from tests.rules.cases_open_rows import OPEN_ROW_CASES
from tests.rules.cases_parties import PAYMENT_CASES
from tests.rules.cases_period_sums import PERIOD_SUM_CASES
from tests.rules.cases_relative_deadlines import RELATIVE_DEADLINE_CASES
from tests.rules.cases_relative_rows import RELATIVE_ROW_CASES
from tests.rules.cases_role_actions import ROLE_ACTION_CASES
from tests.rules.cases_share_rows import EN_TIERS, SHARE_ROWS_CASES
from tests.rules.cases_term_periods import TERM_PERIOD_CASES
from tests.rules.cases_timetable import TIMETABLE_CASES
from tests.rules.cases_unit_price import UNIT_PRICE_CASES
from tests.rules.cases_warranty import WARRANTY_CASES
from tests.rules.cases_worked_dates import WORKED_DATE_CASES
from tests.rules.cases_worked_sums import WORKED_SUM_CASES

BASE_ZH = """设备采购合同

签订日期：2025年3月1日
甲方（买方）：杭州明川电子有限公司
乙方（卖方）：宁波东港机械有限公司
标的物：数控车床2台

第一条 价款
1.1 合同总价款为人民币壹佰万元整（¥1,000,000.00）。
1.2 本合同签订之日起五日内，甲方向乙方支付定金人民币贰拾万元整（¥200,000.00）。
第二条 交货
2.1 乙方应于2025年5月30日前将设备交付至甲方位于杭州市滨江区的仓库。
第三条 违约责任
3.1 任何一方违约导致合同解除的，应向对方支付合同总价款10%的违约金。
第四条 争议解决
4.1 因本合同引起的争议，提交杭州仲裁委员会仲裁。
{extra}
甲方（盖章）：杭州明川电子有限公司
乙方（盖章）：宁波东港机械有限公司
"""

BASE_EN = """SOFTWARE SERVICES AGREEMENT

This Software Services Agreement (the "Agreement") is entered into as of January 10, 2025 by and between Bluegate Software, Inc., a Delaware corporation ("Provider"), and Crestline Retail LLC, a Texas limited liability company ("Customer").
1. FEES
1.1 Customer shall pay Provider a fee of Ten Thousand Dollars (US$10,000) per month.
2. TERM
2.1 This Agreement continues for twelve (12) months and renews automatically for successive one-year terms unless either party gives written notice of non-renewal at least sixty (60) days before the end of the then-current term.
3. LIABILITY
3.1 Each party's aggregate liability under this Agreement shall not exceed the fees paid in the twelve (12) months preceding the claim.
4. GOVERNING LAW
4.1 This Agreement is governed by the laws of the State of Texas.
4.2 Any dispute shall be finally resolved by arbitration administered by the American Arbitration Association.
{extra}
"""

LABOUR = """劳动合同

签订日期：2025年2月1日
甲方（用人单位）：深圳市云帆科技有限公司
乙方（劳动者）：王小明

第一条 合同期限
1.1 本合同期限为{term}，自2025年2月1日起至2026年1月31日止。
1.2 试用期为{probation}。
第二条 劳动报酬
2.1 乙方月工资为人民币15,000元。
第三条 竞业限制
3.1 乙方离职后的竞业限制期限为{nc_term}，期间不得到与甲方有竞争关系的单位任职。{nc_comp}
第四条 违约责任
4.1 {penalty}
第五条 争议解决
5.1 因本合同发生的劳动争议，双方应向甲方所在地劳动人事争议仲裁委员会申请仲裁；对仲裁裁决不服的，可以向人民法院提起诉讼。
甲方（盖章）：深圳市云帆科技有限公司
乙方（签字）：王小明
"""


def labour(
    term: str = "一年",
    probation: str = "一个月",
    nc_term: str = "一年",
    nc_comp: str = "竞业限制期间甲方按月向乙方支付经济补偿，标准为乙方离职前月工资的30%。",
    penalty: str = "乙方违反服务期约定的，应按照甲方提供的专项培训费用向甲方支付违约金。",
) -> str:
    return LABOUR.format(
        term=term, probation=probation, nc_term=nc_term, nc_comp=nc_comp, penalty=penalty
    )


def goods(text: str) -> str:
    """The same contract as a sale of goods: UCC Article 2 rules apply to goods only."""
    return text.replace("SOFTWARE SERVICES AGREEMENT", "EQUIPMENT SUPPLY AGREEMENT", 1)


def zh(extra: str = "", **replace: str) -> str:
    text = BASE_ZH.format(extra=extra)
    for old, new in replace.items():
        text = text.replace(old, new)
    return text


def en(extra: str = "", **replace: str) -> str:
    text = BASE_EN.format(extra=extra)
    for old, new in replace.items():
        text = text.replace(old.replace("_", " "), new)
    return text


LOAN = """借款合同

签订日期：2025年6月10日
出借人：李建国
借款人：张伟

第一条 借款金额为人民币50万元。
第二条 {interest}
第三条 借款期限为一年，借款人应于2026年6月9日前归还本金及利息。
第四条 借款人逾期还款的，应按未还金额支付违约责任范围内的损失。
第五条 因本合同引起的纠纷，向出借人所在地人民法院起诉。
"""

LEASE = """房屋租赁合同

签订日期：2025年1月5日
出租人：北京鼎盛置业有限公司
承租人：北京青禾餐饮管理有限公司

第一条 租赁期限为{years}，租金为每月人民币3万元。
第二条 承租人逾期支付租金的，应支付违约金。
第三条 因本合同引起的争议，提交北京仲裁委员会仲裁。
"""

GUARANTEE = """保证合同

签订日期：2025年3月3日
债权人：上海浦江小额贷款有限公司
保证人：陈立

第一条 保证人为借款人在主合同项下的借款本金人民币100万元提供连带责任保证。
第二条 {period}
第三条 保证人未履行保证责任的，应赔偿债权人的损失。
第四条 因本合同引起的争议，提交上海仲裁委员会仲裁。
"""

# (rule id, contract text that must fire it, contract text that must not)
CASES: list[tuple[str, str, str]] = [
    ("cn.amount.capital_vs_figure", zh(**{"壹佰万元整": "壹佰贰拾万元整"}), zh()),
    (
        "cn.amount.total_restated",
        zh("第五条 其他\n5.1 本合同总价款为人民币1,100,000元。"),
        zh("第五条 其他\n5.1 本合同总价款为人民币1,000,000元。"),
    ),
    (
        "cn.amount.instalments_exceed_total",
        zh(
            "第五条 付款\n5.1 设备交付后十日内甲方支付合同总价款的70%。\n5.2 验收合格后十日内甲方支付合同总价款的40%。"
        ),
        zh(
            "第五条 付款\n5.1 设备交付后十日内甲方支付合同总价款的70%。\n5.2 验收合格后十日内甲方支付合同总价款的30%。"
        ),
    ),
    (
        "cn.date.end_before_start",
        zh("第五条 质保\n5.1 质量保证期自2025年6月1日起至2025年3月1日止。"),
        zh("第五条 质保\n5.1 质量保证期自2025年6月1日起至2026年5月31日止。"),
    ),
    (
        "cn.date.performance_before_signing",
        zh(**{"2025年5月30日前将设备交付": "2025年2月10日前将设备交付"}),
        zh(),
    ),
    (
        "cn.date.two_delivery_dates",
        zh("第五条 补充\n5.1 乙方应于2025年6月15日前将设备交付甲方。"),
        zh("第五条 补充\n5.1 乙方应于2025年5月30日前将设备交付甲方。"),
    ),
    (
        "cn.party.name_mismatch",
        zh(**{"乙方（盖章）：宁波东港机械有限公司": "乙方（盖章）：宁波东港精密机械有限公司"}),
        zh(),
    ),
    (
        "cn.party.undefined_role",
        zh("第五条 其他\n5.1 丙方负责设备的安装调试。"),
        zh("第五条 其他\n5.1 乙方负责设备的安装调试。"),
    ),
    ("cn.penalty.over_30_percent", zh(**{"合同总价款10%的违约金": "合同总价款35%的违约金"}), zh()),
    (
        "cn.deposit.over_20_percent",
        zh(**{"贰拾万元整（¥200,000.00）": "贰拾伍万元整（¥250,000.00）"}),
        zh(),
    ),
    (
        "cn.deposit.term_confusion",
        zh("第五条 订金\n5.1 甲方支付订金人民币5万元，乙方违约的，应双倍返还订金。"),
        zh("第五条 订金\n5.1 甲方支付订金人民币5万元，乙方违约的，应返还订金并赔偿损失。"),
    ),
    (
        "cn.amount.parts_vs_stated_sum",
        zh(
            "第五条 付款\n5.1 设备交付后十日内，甲方支付人民币600,000元；\n"
            "5.2 验收合格后十日内，甲方支付人民币300,000元；\n"
            "5.3 上述两期款项合计即为合同总价款人民币1,000,000元。"
        ),
        zh(
            "第五条 付款\n5.1 设备交付后十日内，甲方支付人民币700,000元；\n"
            "5.2 验收合格后十日内，甲方支付人民币300,000元；\n"
            "5.3 上述两期款项合计即为合同总价款人民币1,000,000元。"
        ),
    ),
    (
        "en.amount.parts_vs_stated_sum",
        en(
            "5. PAYMENT\n5.1 Customer shall pay US$40,000 on signature.\n"
            "5.2 Customer shall pay US$50,000 on go-live.\n"
            "5.3 The above instalments together make up the total price of US$100,000."
        ),
        en(
            "5. PAYMENT\n5.1 Customer shall pay US$40,000 on signature.\n"
            "5.2 Customer shall pay US$60,000 on go-live.\n"
            "5.3 The above instalments together make up the total price of US$100,000."
        ),
    ),
    (
        "cn.deposit.earnest_money_forfeit",
        zh("第五条 订金\n5.1 甲方支付订金人民币5万元，甲方违约的，订金不予退还。"),
        zh("第五条 订金\n5.1 甲方支付订金人民币5万元，合同履行后订金抵作价款。"),
    ),
    (
        "cn.party.name_variant",
        zh("第五条 安装\n5.1 宁波东港精密机械有限公司应负责设备的安装调试。"),
        zh("第五条 安装\n5.1 宁波东港机械有限公司应负责设备的安装调试。"),
    ),
    (
        "cn.guarantee.period_not_after_debt",
        GUARANTEE.format(
            period="主债务借款期限自2025年3月5日起至2026年3月4日止。"
            "保证期间自本合同生效之日起至2026年3月4日止。"
        ),
        GUARANTEE.format(
            period="主债务借款期限自2025年3月5日起至2026年3月4日止。"
            "保证期间自2026年3月5日起至2029年3月4日止。"
        ),
    ),
    (
        "en.date.two_delivery_dates",
        en(
            "5. DELIVERY\n5.1 Provider shall deliver the Software on or before March 1, 2025.\n"
            "5.2 Notwithstanding Section 5.1, Provider shall deliver the Software on or before "
            "April 15, 2025."
        ),
        en("5. DELIVERY\n5.1 Provider shall deliver the Software on or before March 1, 2025."),
    ),
    (
        "en.party.name_variant",
        en(
            "5. SUPPORT\n5.1 Bluegate Software Holdings LLC shall provide support during business hours."
        ),
        en("5. SUPPORT\n5.1 Bluegate Software, Inc. shall provide support during business hours."),
    ),
    (
        "cn.interest.over_4x_lpr",
        LOAN.format(interest="借款年利率为24%，按月付息。"),
        LOAN.format(interest="借款年利率为10%，按月付息。"),
    ),
    (
        "cn.interest.overdue_charges_over_4x_lpr",
        LOAN.format(
            interest="借款年利率为8%。借款人逾期还款的，按年利率10%计收逾期利息，并按逾期金额每日万分之三支付违约金。"
        ),
        LOAN.format(
            interest="借款年利率为8%。借款人逾期还款的，按年利率10%计收逾期利息，并按逾期金额每日万分之三支付违约金，出借人只能择一主张。"
        ),
    ),
    (
        "cn.interest.deducted_upfront",
        LOAN.format(interest="借款年利率为10%，利息在出借时预先从借款本金中扣除。"),
        LOAN.format(interest="借款年利率为10%，出借人不得预先在本金中扣除利息。"),
    ),
    (
        "cn.dispute.arbitration_and_litigation",
        zh("第五条 诉讼\n5.1 协商不成的，任何一方均可向甲方所在地人民法院提起诉讼。"),
        zh("第五条 诉讼\n5.1 一方申请撤销仲裁裁决的，由仲裁委员会所在地人民法院管辖。"),
    ),
    (
        "cn.dispute.arbitration_institution_unclear",
        zh(**{"提交杭州仲裁委员会仲裁": "提交当地仲裁委员会仲裁"}),
        zh(),
    ),
    (
        "cn.law.foreign_law_no_foreign_element",
        zh("第五条 法律适用\n5.1 本合同适用美国纽约州法律。"),
        zh("第五条 法律适用\n5.1 本合同适用中华人民共和国法律。"),
    ),
    (
        "cn.missing.dispute_resolution",
        zh(**{"第四条 争议解决\n4.1 因本合同引起的争议，提交杭州仲裁委员会仲裁。\n": ""}),
        zh(),
    ),
    (
        "cn.exemption.personal_injury",
        zh("第五条 免责\n5.1 乙方对因设备缺陷造成甲方人员人身伤害的，不承担任何赔偿责任。"),
        zh("第五条 责任\n5.1 因设备缺陷造成甲方人员人身伤害的，乙方应依法承担赔偿责任。"),
    ),
    (
        "cn.exemption.intent_gross_negligence",
        zh("第五条 免责\n5.1 即使因乙方故意或者重大过失造成甲方财产损失，乙方亦不承担赔偿责任。"),
        zh("第五条 责任\n5.1 因乙方故意或者重大过失造成甲方财产损失的，乙方应全额赔偿。"),
    ),
    (
        "cn.standard_terms.unfair",
        zh("第五条 解释\n5.1 本合同的最终解释权归乙方所有。"),
        zh("第五条 解释\n5.1 本合同的解释以双方协商一致为准。"),
    ),
    (
        "cn.missing.liability",
        zh(
            **{
                "第三条 违约责任\n3.1 任何一方违约导致合同解除的，应向对方支付合同总价款10%的违约金。\n": ""
            }
        ),
        zh(),
    ),
    (
        "cn.essential.sale",
        zh(
            **{
                "2.1 乙方应于2025年5月30日前将设备交付至甲方位于杭州市滨江区的仓库。": "2.1 设备型号以附件为准。",
                "第二条 交货": "第二条 标的",
                "本合同签订之日起五日内，": "",
            }
        ),
        zh(),
    ),
    (
        "cn.missing.price",
        "信息化服务合同\n\n甲方：杭州明川电子有限公司\n乙方：宁波东港信息服务有限公司\n第一条 乙方为甲方提供系统运维服务，服务期限自2025年1月1日起至2025年12月31日止。\n第二条 违约责任：违约方应赔偿对方损失。\n第三条 争议提交杭州仲裁委员会仲裁。\n",
        zh(),
    ),
    ("cn.lease.over_20_years", LEASE.format(years="二十五年"), LEASE.format(years="二十年")),
    (
        "cn.guarantee.period_defect",
        GUARANTEE.format(period="保证期间为自本合同生效之日起直至主债务本息全部还清时为止。"),
        GUARANTEE.format(period="保证期间为主债务履行期限届满之日起三年。"),
    ),
    ("cn.labour.probation_too_long", labour(probation="三个月"), labour()),
    (
        "cn.labour.penalty_misuse",
        labour(penalty="乙方提前解除劳动合同的，应向甲方支付违约金人民币2万元。"),
        labour(),
    ),
    ("cn.labour.non_compete_too_long", labour(nc_term="三年"), labour(nc_term="二年")),
    ("cn.labour.non_compete_without_compensation", labour(nc_comp=""), labour()),
    (
        "cn.labour.non_compete_compensation_refused",
        labour(nc_comp="竞业限制期间甲方不另行支付经济补偿。"),
        labour(),
    ),
    (
        "en.governing_law.missing",
        en(
            **{
                "4. GOVERNING LAW\n4.1 This Agreement is governed by the laws of the State of Texas.\n": "4. DISPUTES\n"
            }
        ),
        en(),
    ),
    (
        "en.dispute.arbitration_and_exclusive_courts",
        en(
            "4.3 The state and federal courts located in Dallas County, Texas shall have exclusive jurisdiction over any dispute arising out of this Agreement."
        ),
        en(
            "4.3 Judgment on the award may be entered in the state and federal courts located in Dallas County, Texas, which shall have exclusive jurisdiction to enforce the award."
        ),
    ),
    (
        "en.indemnity.uncapped_vs_cap",
        en(
            "5. INDEMNITY\n5.1 Provider shall indemnify and hold harmless Customer from all third-party claims arising out of the Services, without limitation."
        ),
        en(
            "5. INDEMNITY\n5.1 Provider shall indemnify and hold harmless Customer from all third-party claims arising out of the Services, subject to Section 3.1."
        ),
    ),
    (
        "en.liquidated_damages.penalty",
        goods(
            en(
                "5. DELAY\n5.1 Provider shall pay liquidated damages of $5,000 per day of delay as a penalty, regardless of Customer's actual loss."
            )
        ),
        en(
            "5. DELAY\n5.1 Provider shall pay liquidated damages of $500 per day of delay, which the parties agree is a reasonable pre-estimate of Customer's loss and not a penalty."
        ),
    ),
    (
        "en.renewal.auto_without_notice",
        en(
            **{
                " unless either party gives written notice of non-renewal at least sixty (60) days before the end of the then-current term": ""
            }
        ),
        en(),
    ),
    (
        "en.liability.unlimited_express",
        en("5. SPECIAL\n5.1 Provider accepts unlimited liability for any breach of Section 1."),
        en(
            "5. SPECIAL\n5.1 Provider's liability for any breach of Section 1 is subject to Section 3.1."
        ),
    ),
    (
        "en.amendment.unilateral",
        goods(
            en(
                "5. AMENDMENT\n5.1 Provider may amend this Agreement at any time by posting a revised version on its website."
            )
        ),
        en(
            "5. AMENDMENT\n5.1 This Agreement may be amended only in writing signed by both parties."
        ),
    ),
    ("en.amount.words_vs_figures", en(**{"(US$10,000)": "(US$100,000)"}), en()),
    (
        "en.amount.total_restated",
        en(
            "5. PRICE\n5.1 The total contract price is US$120,000.\n5.2 For clarity, the total contract price is US$150,000."
        ),
        en(
            "5. PRICE\n5.1 The total contract price is US$120,000.\n5.2 For clarity, the total contract price is US$120,000."
        ),
    ),
    (
        "en.date.end_before_start",
        en("5. PROJECT\n5.1 The pilot runs from March 1, 2025 to February 1, 2025."),
        en("5. PROJECT\n5.1 The pilot runs from March 1, 2025 to June 1, 2025."),
    ),
    (
        "en.date.performance_before_signing",
        en("5. DELIVERY\n5.1 Provider shall deliver the Software on December 1, 2024."),
        en("5. DELIVERY\n5.1 Provider shall deliver the Software on March 1, 2025."),
    ),
    (
        "en.party.name_mismatch",
        en(
            **{
                '("Customer").': '("Customer"). Crestline Holdings LLC ("Customer") joins as the paying party.'
            }
        ),
        en(),
    ),
    (
        "en.party.undefined_role",
        en("5. SUPPORT\n5.1 The Supplier shall provide support during business hours."),
        en("5. SUPPORT\n5.1 Provider shall provide support during business hours."),
    ),
    (
        "en.term.undefined",
        en(
            "5. SUPPORT\n5.1 Provider shall meet the Service Levels for the Hosted Platform and report monthly against the Service Levels."
        ),
        en(
            '5. SUPPORT\n5.1 "Service Levels" means the targets in Exhibit A. Provider shall meet the Service Levels.'
        ),
    ),
]


CASES += NEW_CASES
CASES += ROLE_ACTION_CASES
CASES += RELATIVE_ROW_CASES
CASES += TERM_PERIOD_CASES
CASES += LEASE_TERM_CASES
CASES += GUARANTEE_CASES
CASES += EVENT_CASES
CASES += SCOPE_CASES
CASES += QUANTITY_CASES
CASES += ANNEX_CRITERIA_CASES
CASES += FORUM_SPLIT_CASES


def _under_prc_law(rule_id: str) -> tuple[str, str, str]:
    """The English case of a law-neutral consistency rule, governed by PRC law instead: its
    en.prc twin must fire on the same text."""
    _, positive, negative = next(case for case in CASES if case[0] == rule_id)
    texas = "the laws of the State of Texas"
    prc = "the laws of the People's Republic of China"
    return (
        rule_id.replace("en.", "en.prc.", 1),
        positive.replace(texas, prc),
        negative.replace(texas, prc),
    )


CASES += [
    _under_prc_law(rule_id)
    for rule_id in (
        "en.party.name_mismatch",
        "en.party.undefined_role",
        "en.date.performance_before_signing",
        "en.date.two_delivery_dates",
    )
]
CASES += FOCUS_CASES
CASES += CAPS_CASES
CASES += PERIOD_SUM_CASES
CASES += OPEN_ROW_CASES
CASES += ACCELERATION_CASES
CASES += ESSENTIAL_EN_CASES
CASES += DEFERRED_CASES
CASES += OPEN_PRICE_CASES
CASES += ANNEX_PRICE_CASES
CASES += MAIN_TERM_ANNEX_CASES
CASES += RELATIVE_DEADLINE_CASES
CASES += BLANK_PRICE_CASES
CASES += WARRANTY_CASES
CASES += LOAN_CASES
CASES += ITEMISED_CASES
CASES += ESSENTIAL_ZH_CASES
CASES += UNIT_PRICE_CASES
CASES += TIMETABLE_CASES
CASES += AGREED_DAMAGES_CASES
CASES += BALANCE_CASES
CASES += SHARE_ROWS_CASES
CASES += WEEKDAY_CASES
CASES += RESTATED_CASES
CASES += TERM_FACT_CASES
CASES += TIMELINE_CASES
CASES += TERM_LENGTH_CASES
CASES += PAYMENT_CASES
CASES += DAY_AFTER_CASES
CASES += BAND_CASES
CASES += MONEY_MISS_CASES
CASES += LIABILITY_MISS_CASES
CASES += BATCH_V_CASES
CASES += WORKED_SUM_CASES
CASES += WORKED_DATE_CASES

Stages = tuple[ParseEntities, ValidateRules]


@pytest.fixture(scope="session")
def stages() -> tuple[ParseEntities, ValidateRules]:
    validate = ValidateRules(resolver=default_catalog())
    validate.warm_up()
    return ParseEntities(), validate


def _review(stages: tuple[ParseEntities, ValidateRules], text: str) -> tuple[Finding, ...]:
    parse, validate = stages
    document = make_document(text)
    findings: tuple[Finding, ...] = validate.run(document=document, **parse.run(document=document))[
        "rule_findings"
    ]
    for f in findings:
        assert f.quote == document.text[f.span.start : f.span.end]
    return findings


# an English lease under PRC law: the 20-year line of 民法典 705 (boundaries in test_threshold_edges)
_PRC = "the People's Republic of China"
CASES += [
    (
        "en.prc.lease.over_20_years",
        EN_LEASE.format(years="twenty-five (25) years", law=_PRC),
        EN_LEASE.format(years="twenty (20) years", law=_PRC),
    )
]


# 2026-12-06 (twenty-sixth session): a term restated in a schedule row, a schedule's total
# restated in the text, and a Chinese cap beside a duty no other term may limit
from tests.rules.test_batch_x_twins import EN_TOOLING  # noqa: E402
from tests.rules.test_labelled_events import EN_EVENT, ZH_SHOW  # noqa: E402
from tests.rules.test_period_own_end import EN_STORAGE  # noqa: E402
from tests.rules.test_schedule_total_restated import (  # noqa: E402
    EN_MINIMUM,
    EN_RECEIVABLES,
    ZH_FREIGHT,
    ZH_PLEDGE,
)
from tests.rules.test_zh_cap_escape import ESCAPES_OTHER_TERMS, ZH_DATA_SERVICES  # noqa: E402

_ZH_STORE = """仓储合同

签订日期：2025年2月20日
存货人（甲方）：宁波港城食品有限公司
保管人（乙方）：宁波北仑冷链仓储有限公司

第一条 仓储期限为十二个月，自2025年3月1日起至2026年2月28日止。
第二条 仓储费为每月人民币48,000.00元。
第三条 因本合同引起的争议，提交宁波仲裁委员会仲裁。
附件一 仓储要素
项目 | 内容
仓储期限 | {row}
仓库 | 北仑区港城路8号3号库
"""
_TO_PRC = ("the laws of the State of New York", "the laws of the People's Republic of China")
_STORAGE_PRC = EN_STORAGE.replace("the laws of England and Wales", _TO_PRC[1])
CASES += [
    (
        "en.date.term_row_dated_otherwise",
        EN_STORAGE.format(row="1 July 2025 to 30 June 2026"),
        EN_STORAGE.format(row="1 June 2025 to 31 May 2026"),
    ),
    (
        "en.prc.date.term_row_dated_otherwise",
        _STORAGE_PRC.format(row="1 July 2025 to 30 June 2026"),
        _STORAGE_PRC.format(row="1 June 2025 to 31 May 2026"),
    ),
    (
        "cn.date.term_row_dated_otherwise",
        _ZH_STORE.format(row="2025年3月1日至2026年1月31日"),
        _ZH_STORE.format(row="2025年3月1日至2026年2月28日"),
    ),
    (
        "en.amount.schedule_total_restated",
        EN_RECEIVABLES.format(figure="4,860,000"),
        EN_RECEIVABLES.format(figure="4,680,000"),
    ),
    (
        "en.prc.amount.schedule_total_restated",
        EN_RECEIVABLES.replace(*_TO_PRC).format(figure="4,860,000"),
        EN_RECEIVABLES.replace(*_TO_PRC).format(figure="4,680,000"),
    ),
    (
        "cn.amount.schedule_total_restated",
        ZH_PLEDGE.format(words="叁佰肆拾陆万元整", figure="3,460,000.00"),
        ZH_PLEDGE.format(words="叁佰陆拾肆万元整", figure="3,640,000.00"),
    ),
    (
        "en.date.act_before_its_precondition",
        EN_TOOLING.format(lot1="16 May 2025"),
        EN_TOOLING.format(lot1="20 June 2025"),
    ),
    (
        "en.prc.date.act_before_its_precondition",
        EN_TOOLING.replace("the laws of England and Wales", _TO_PRC[1]).format(lot1="16 May 2025"),
        EN_TOOLING.replace("the laws of England and Wales", _TO_PRC[1]).format(lot1="20 June 2025"),
    ),
    (
        "cn.date.labelled_event_row_conflict",
        ZH_SHOW.format(day="2025年11月9日"),
        ZH_SHOW.format(day="2025年11月8日"),
    ),
    (
        "en.date.labelled_event_row_conflict",
        EN_EVENT.format(day="21 September 2025"),
        EN_EVENT.format(day="20 September 2025"),
    ),
    (
        "en.prc.date.labelled_event_row_conflict",
        EN_EVENT.replace("the laws of England and Wales", _TO_PRC[1]).format(
            day="21 September 2025"
        ),
        EN_EVENT.replace("the laws of England and Wales", _TO_PRC[1]).format(
            day="20 September 2025"
        ),
    ),
    (
        "en.amount.share_of_schedule_total",
        EN_MINIMUM.format(figure="800,000"),
        EN_MINIMUM.format(figure="765,000"),
    ),
    (
        "en.prc.amount.share_of_schedule_total",
        EN_MINIMUM.replace("the State of Ohio", "the People's Republic of China").format(
            figure="800,000"
        ),
        EN_MINIMUM.replace("the State of Ohio", "the People's Republic of China").format(
            figure="765,000"
        ),
    ),
    (
        "cn.amount.share_of_schedule_total",
        ZH_FREIGHT.format(figure="2,200,000.00"),
        ZH_FREIGHT.format(figure="2,192,000.00"),
    ),
    (
        "cn.cap.uncapped_duty_not_excepted",
        ZH_DATA_SERVICES.format(duty=ESCAPES_OTHER_TERMS, cap_head="", cap_tail=""),
        ZH_DATA_SERVICES.format(
            duty=ESCAPES_OTHER_TERMS,
            cap_head="",
            cap_tail="违反数据安全义务的赔偿不受前述限额的约束。",
        ),
    ),
]


# 2026-12-06 (twenty-seventh session): an indemnity's own limit above the cap that governs it
from tests.rules.test_cap_amount_twins import CAP as LIMIT_CAP  # noqa: E402
from tests.rules.test_cap_amount_twins import CONTRACT as LIMIT_CONTRACT  # noqa: E402

_CAP_PRC = LIMIT_CONTRACT.replace("the laws of England and Wales", _TO_PRC[1])
CASES += [
    (
        "en.indemnity.limit_above_cap",
        LIMIT_CONTRACT.format(limit="GBP 2,000,000", cap=LIMIT_CAP),
        LIMIT_CONTRACT.format(limit="GBP 200,000", cap=LIMIT_CAP),
    ),
    (
        "en.prc.indemnity.limit_above_cap",
        _CAP_PRC.format(limit="GBP 2,000,000", cap=LIMIT_CAP),
        _CAP_PRC.format(limit="GBP 200,000", cap=LIMIT_CAP),
    ),
]


# an injury exclusion hidden as one item of a list of exclusions
from tests.rules.test_exclusion_list_twins import EN_GUARDING, EN_HIRE, ZH_TRAINING  # noqa: E402

_SAVED = "Nothing in this clause 4"
_GUARDING_PRC = EN_GUARDING.replace("England and Wales", "the People's Republic of China")
CASES += [
    (
        "en.england.exemption.injury_in_exclusion_list",
        EN_GUARDING.format(cause="however caused", saving=_SAVED),
        EN_GUARDING.format(cause="however caused", saving="Nothing in this agreement"),
    ),
    (
        "en.prc.exemption.injury_in_exclusion_list",
        _GUARDING_PRC.format(cause="however caused", saving=_SAVED),
        _GUARDING_PRC.format(cause="caused by their own breach of the site rules", saving=_SAVED),
    ),
    (
        "en.england.exemption.injury_excluded",
        EN_HIRE.format(sentence="The Owner shall not be liable for any injury, howsoever caused."),
        EN_HIRE.format(sentence="This clause does not exclude liability for personal injury."),
    ),
    (
        "cn.exemption.injury_in_exclusion_list",
        ZH_TRAINING.format(
            item="实训属于固有风险，乙方因此遭受人身伤害的，以保险理赔金额为限获得补偿"
        ),
        ZH_TRAINING.format(item="乙方违反甲方管理规定，擅自启动设备导致其人身伤害的"),
    ),
]


# 2026-12-07 (thirty-first session): a third party's loss borne in full beside a cap on all
# liability whose exceptions do not name it (batch AC)
from tests.rules.test_batch_ac_twins import _carriage  # noqa: E402

CASES += [
    ("cn.cap.full_amount_duty_not_excepted", _carriage(excepted=""), _carriage()),
]


# 2026-12-07 (thirty-second session): a table headed by a defined sum, a share of a defined sum
# restated in its row, a price one side will quote later (batch AD)
from tests.rules.test_batch_ad_twins import (  # noqa: E402
    _EN_DISCOVERY,
    _EN_FORWARDING,
    _EN_LOAN,
    _EN_PRINT,
    _EN_SHARES,
    _ZH_FACTORING,
    _ZH_PRINTING,
    _venue,
)


def _under_prc_law(text: str) -> str:
    return text.replace(
        "the law of England and Wales", "the laws of the People's Republic of China"
    )


_ENGLAND_LAW = "the law of England and Wales"
_PRC_LAW = "the laws of the People's Republic of China"


def _both_laws(
    check: str, template: str, field: str, bad: str, good: str
) -> list[tuple[str, str, str]]:
    """The English-law rule ``en.<check>`` and its PRC-law twin ``en.prc.<check>``, each fired by
    ``bad`` and silenced by ``good`` in ``template``'s ``field``."""
    return [
        (
            f"{prefix}.{check}",
            template.format(**{field: bad, "law": law}),
            template.format(**{field: good, "law": law}),
        )
        for prefix, law in (("en", _ENGLAND_LAW), ("en.prc", _PRC_LAW))
    ]


CASES += [
    (
        "en.amount.named_sum_table_mismatch",
        _EN_DISCOVERY.format(last="£12,000"),
        _EN_DISCOVERY.format(last="£14,400"),
    ),
    (
        "en.prc.amount.named_sum_table_mismatch",
        _under_prc_law(_EN_DISCOVERY.format(last="£12,000")),
        _under_prc_law(_EN_DISCOVERY.format(last="£14,400")),
    ),
    ("en.amount.share_row_mismatch", _venue(share="20"), _venue(share="25")),
    (
        "en.prc.amount.share_row_mismatch",
        _under_prc_law(_venue(share="20")),
        _under_prc_law(_venue(share="25")),
    ),
    (
        "cn.date.restated_schedule_date",
        _ZH_FACTORING.format(stated="2025年10月15日"),
        _ZH_FACTORING.format(stated="2025年11月15日"),
    ),
    *_both_laws("date.restated_schedule_date", _EN_LOAN, "stated", "30 June 2026", "31 July 2026"),
    *_both_laws("amount.payment_clauses_vs_total", _EN_SHARES, "last", "£750,000", "£1,000,000"),
    *_both_laws("amount.row_formula_mismatch", _EN_PRINT, "annual", "61,380.00", "63,180.00"),
    *_both_laws("amount.periodic_row_vs_annual", _EN_FORWARDING, "monthly", "16,000", "18,000"),
    (
        "cn.essential.price_by_later_quote",
        _ZH_PRINTING.format(price="按照乙方出具并经甲方确认的报价单执行。"),
        _ZH_PRINTING.format(price="按照乙方出具并经甲方确认的报价单（附件一）执行。"),
    ),
]


def test_catalogue_size_and_every_rule_tested(stages: Stages) -> None:
    rules = stages[1].rules
    assert sum(r.spec.language == "zh" for r in rules) >= 25
    assert sum(r.spec.language == "en" for r in rules) >= 12
    # the defect model's rules are tested against the shipped model in test_defect_model.py
    checked_by_rules = {r.spec.id for r in rules if r.spec.check != "defect_model"}
    assert checked_by_rules == {case[0] for case in CASES}


@pytest.mark.parametrize(("rule_id", "positive", "negative"), CASES, ids=[c[0] for c in CASES])
def test_rule_fires_on_positive_and_not_on_negative(
    stages: Stages, rule_id: str, positive: str, negative: str
) -> None:
    fired = [f for f in _review(stages, positive) if f.rule_id == rule_id]
    assert fired, f"{rule_id} did not fire"
    assert fired[0].evidence_source
    assert rule_id not in {f.rule_id for f in _review(stages, negative)}


@pytest.mark.parametrize(
    "text", [zh(), en(), labour()], ids=["sale_zh", "services_en", "labour_zh"]
)
def test_clean_contracts_have_no_findings(stages: Stages, text: str) -> None:
    assert [(f.rule_id, f.quote) for f in _review(stages, text)] == []


def test_near_misses_do_not_fire(stages: Stages) -> None:
    # 违约金 10%, 定金 exactly 20%, labour arbitration then court, 服务期违约金 (劳动合同法 22)
    types = {f.type for f in _review(stages, zh()) + _review(stages, labour())}
    assert not types & {
        "penalty_excessive",
        "deposit_excessive",
        "dispute_resolution_conflict",
        "labour_penalty_misuse",
    }


def test_tiered_rates_are_not_instalments(stages: Stages) -> None:
    # each rate is a share of its own band: the rows never agree on one whole
    assert "amount_contradiction" not in {f.type for f in _review(stages, EN_TIERS)}


def test_statute_evidence_quotes_the_article(stages: Stages) -> None:
    finding = next(
        f
        for f in _review(stages, zh(**{"贰拾万元整（¥200,000.00）": "贰拾伍万元整（¥250,000.00）"}))
        if f.type == "deposit_excessive"
    )
    evidence = finding.evidence_source[0]
    assert evidence.doc_id == "cn.civil-code.586" and "百分之二十" in evidence.quote
    assert finding.message.startswith("定金“¥250,000.00”占合同总价") and "25.0%" in finding.message


def test_common_law_basis_has_no_citation(stages: Stages) -> None:
    finding = next(
        f
        for f in _review(stages, en(**{"(US$10,000)": "(US$100,000)"}))
        if f.type == "amount_contradiction"
    )
    (evidence,) = finding.evidence_source
    assert (
        evidence.basis_kind == "common_law" and evidence.article is None and evidence.anchor is None
    )
