"""Facts that only arithmetic across clauses gives, each with a lawful twin: a storage contract's
price as its monthly fee times its term (stated in a clause, or as the total of a schedule's
column of monthly fees), measured against the 定金; a schedule whose total rows give the price
before and after VAT; a hire period in weeks that must end on the schedule's Return Date. And
four things that are not defects: a certificate delivered by a date is no second delivery date;
a term's end date does not belong to another, shorter period; a cap on one party's liability
never reaches the other party's indemnity; a release reaches wilful default only when what it
releases is defined to include it."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_period_sums import EN_MINIMUMS, ZH_RENT
from tests.rules.helpers import Stages, rule_ids

_STORAGE = """冷库仓储合同

存货人（甲方）：杭州禾丰食品有限公司
保管人（乙方）：嘉兴港远冷链物流有限公司

第三条 储存期限
3.1 本合同项下的储存期限为十二个月，自2025年4月1日起至2026年3月31日止。
3.2 储存期限届满前三十日内，双方可协商续期。
第五条 仓储费
5.1 包租托盘位的仓储费单价为每托盘位每月人民币45元，据此计算的月度包租仓储费为人民币伍万肆仟元整（¥54,000.00）。
第七条 定金
7.1 甲方应于本合同签订之日起五个工作日内向乙方支付定金人民币{deposit}。
第二十条 因本合同引起的争议，向乙方所在地人民法院起诉。
"""

_STORAGE_TABLE = """冷库仓储合同

存货人（甲方）：杭州禾丰食品有限公司
保管人（乙方）：嘉兴港远冷链物流有限公司

3.1 本合同项下的储存期限为十二个月，自2025年4月1日起至2026年3月31日止。
7.1 甲方按附件一所列月仓储费按月支付仓储费。
8.1 甲方应于本合同签订之日起五个工作日内向乙方支付定金人民币{deposit}。
12.1 因本合同引起的争议，向乙方所在地人民法院起诉。

附件一 保留库位及仓储费明细
库区 | 保留库位（托位） | 单价（元/托位/月） | 月仓储费（元，含税）
A区冷冻库 | 1,200 | 28.00 | 33,600.00
B区冷藏库 | 300 | 35.00 | 10,500.00
合计 | 1,500 | — | 44,100.00
"""

_HIRE = """TOWER CRANE HIRE AGREEMENT

This Agreement is made on 5 August 2025 between Hengli Lifting Co., Ltd. ("Lessor") and Suzhou Jinrun Construction Co., Ltd. ("Lessee").
4.1 The Lessee shall pay the Lessor earnest money (定金) of RMB {deposit} within five days after signing.
14.1 This Agreement is governed by the laws of the People's Republic of China.

SCHEDULE 1 - CHARGES
Item | Description | Amount (RMB)
Crane hire | two Units for ten months | 920,000
Mobilisation | transport and erection | 160,000
Contract price (excl. VAT) | | 1,080,000
VAT at 9% | | 97,200
Contract price (incl. VAT) | | 1,177,200
"""

_WEEKS = """PLANT HIRE AGREEMENT

This Agreement is made on 14 February 2025 between Halberd Plant Limited ("Owner") and Castlegate Civil Engineering Limited ("Hirer").
4.1 The Hire Period begins on the Commencement Date and continues for a minimum period of twelve (12) consecutive weeks, the last day of which is the Return Date.
5.1 The Hirer shall pay the Hire Charges weekly in arrears.
16.1 This Agreement is governed by the laws of England and Wales.

SCHEDULE 1 - HIRE DETAILS
Commencement Date | Monday 3 March 2025
Return Date | {return_date}
"""


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def test_monthly_fee_times_term_is_the_price_a_deposit_is_measured_against(
    stages: Stages,
) -> None:
    # 54,000 x 12 = 648,000: 160,000 is 24.7%, 120,000 is 18.5%
    assert "cn.deposit.over_20_percent" in rule_ids(
        stages, _STORAGE.format(deposit="壹拾陆万元整（¥160,000.00）")
    )
    assert "cn.deposit.over_20_percent" not in rule_ids(
        stages, _STORAGE.format(deposit="壹拾贰万元整（¥120,000.00）")
    )


def test_a_column_of_monthly_fees_and_its_total_row_price_the_month(stages: Stages) -> None:
    # 44,100 x 12 = 529,200: 130,000 is 24.6%, 100,000 is 18.9%
    assert "cn.deposit.over_20_percent" in rule_ids(
        stages, _STORAGE_TABLE.format(deposit="壹拾叁万元整（¥130,000.00）")
    )
    assert "cn.deposit.over_20_percent" not in rule_ids(
        stages, _STORAGE_TABLE.format(deposit="壹拾万元整（¥100,000.00）")
    )


def test_total_rows_before_and_after_vat_give_one_price(stages: Stages) -> None:
    # 260,000 is 22.1% of 1,177,200; 230,000 is 19.5%
    assert "en.prc.deposit.over_20_percent" in rule_ids(stages, _HIRE.format(deposit="260,000"))
    assert "en.prc.deposit.over_20_percent" not in rule_ids(stages, _HIRE.format(deposit="230,000"))


def test_a_period_in_weeks_must_end_on_the_date_the_schedule_names(stages: Stages) -> None:
    # twelve weeks from Monday 3 March 2025 end on Sunday 25 May 2025
    assert "en.date.term_vs_expiry" in rule_ids(
        stages, _WEEKS.format(return_date="Friday 13 June 2025")
    )
    assert "en.date.term_vs_expiry" not in rule_ids(
        stages, _WEEKS.format(return_date="Sunday 25 May 2025")
    )


_SPONSOR = """EVENT SPONSORSHIP AGREEMENT

This Agreement is made on June 2, 2025 between Harbor Events LLC ("Organizer") and Brightwave Beverages Inc. ("Sponsor").
4.6 Sponsor shall supply up to 1,500 cases of Sponsor products for sampling, delivered to the Venue loading dock between August 12 and August 14, 2025.
5.2 Sponsor shall maintain liability insurance and shall deliver a certificate of insurance to Organizer by July 15, 2025.
{goods}
14.1 This Agreement is governed by the laws of the State of New York.
"""


def test_a_certificate_delivered_by_a_date_is_no_second_delivery_date(stages: Stages) -> None:
    assert "en.date.two_delivery_dates" not in rule_ids(stages, _SPONSOR.format(goods=""))
    goods = "6.1 Sponsor shall deliver the branded coolers to the Venue on July 20, 2025."
    restated = goods + "\n6.2 The branded coolers shall be delivered on July 28, 2025."
    assert "en.date.two_delivery_dates" in rule_ids(stages, _SPONSOR.format(goods=restated))


_TWO_PERIODS = """TOWER CRANE HIRE AGREEMENT

This Agreement is made on 5 August 2025 between Hengli Lifting Co., Ltd. ("Lessor") and Suzhou Jinrun Construction Co., Ltd. ("Lessee").
2.2 The planned Hire Period of each Unit is ten (10) months; for a Unit whose Commencement Date is 1 September 2025 it therefore ends on {end}.
11.2 A minimum hire period of six (6) months applies to each Unit. If the Hire Period of a Unit ends within six (6) months after its Commencement Date, the Lessee shall pay the Rent for the remainder of that six-month period.
14.1 This Agreement is governed by the laws of the People's Republic of China.
"""


def test_an_end_date_belongs_to_the_period_its_own_sentence_states(stages: Stages) -> None:
    # ten months from 1 September 2025 end on 30 June 2026; the six-month minimum is another
    # period and is not measured against that date
    assert "en.prc.date.term_vs_expiry" not in rule_ids(
        stages, _TWO_PERIODS.format(end="30 June 2026")
    )


_CAP = """PLANT HIRE AGREEMENT

This Agreement is made on 14 February 2025 between Halberd Plant Limited ("Owner") and Castlegate Civil Engineering Limited ("Hirer").
11.1 The Hirer shall indemnify the Owner against all claims, costs and liabilities arising from the use of the Equipment during the Hire Period.
12.2 {capped} total liability under or in connection with this Agreement shall not exceed the total Hire Charges paid and payable under it.
16.1 This Agreement is governed by the laws of England and Wales.
"""


def test_a_cap_on_one_party_never_reaches_the_other_partys_indemnity(stages: Stages) -> None:
    assert "en.indemnity.cap_silent" not in rule_ids(stages, _CAP.format(capped="The Owner's"))
    assert "en.indemnity.cap_silent" in rule_ids(stages, _CAP.format(capped="Each party's"))


_RELEASE = """TOWER CRANE HIRE AGREEMENT

This Agreement is made on 5 August 2025 between Hengli Lifting Co., Ltd. ("Lessor") and Suzhou Jinrun Construction Co., Ltd. ("Lessee").
1.9 "Site Risks" means death of or injury to any person, and loss of or damage to any property, occurring on the Site in connection with the operation of the Equipment{cause}.
9.1 The Lessee assumes all Site Risks and releases the Lessor from all liability in respect of them.
14.1 This Agreement is governed by the laws of the People's Republic of China.
"""


def test_a_release_of_a_defined_risk_reaches_what_the_definition_includes(
    stages: Stages,
) -> None:
    wilful = ", whatever the cause, including the negligence or wilful default of any person"
    assert "en.prc.exemption.reaches_fault" in rule_ids(stages, _RELEASE.format(cause=wilful))
    assert "en.prc.exemption.reaches_fault" not in rule_ids(stages, _RELEASE.format(cause=""))


_DISTRIBUTION = """EXCLUSIVE DISTRIBUTION AGREEMENT

This Agreement is entered into as of March 1, 2025 (the "Effective Date") between Harlow Instruments Inc. ("Supplier") and Keystone Lab Supply LLC ("Distributor").
3.1 The initial term of this Agreement begins on the Effective Date and ends on {end} (the "Initial Term").
5.1 Distributor shall purchase at least the Minimum Purchase Commitment for each of the three (3) Contract Years {of_what}.
14.1 This Agreement is governed by the laws of the State of New York.
"""


def test_a_count_of_the_terms_own_years_must_fit_its_start_and_end(stages: Stages) -> None:
    # three Contract Years from March 1, 2025 run to February 29, 2028
    short = _DISTRIBUTION.format(end="February 28, 2027", of_what="of the Initial Term")
    assert "en.date.term_vs_expiry" in rule_ids(stages, short)
    fits = _DISTRIBUTION.format(end="February 29, 2028", of_what="of the Initial Term")
    assert "en.date.term_vs_expiry" not in rule_ids(stages, fits)
    # years of some other period say nothing about the term
    other = _DISTRIBUTION.format(end="February 28, 2027", of_what="after the first order")
    assert "en.date.term_vs_expiry" not in rule_ids(stages, other)
    # the first months of the term are a part of it, not its length
    part = fits.replace(
        "14.1", "6.1 Prices are fixed for the first twelve (12) months of the Initial Term.\n14.1"
    )
    assert "en.date.term_vs_expiry" not in rule_ids(stages, part)


def test_one_years_sum_in_the_text_must_match_that_years_row(stages: Stages) -> None:
    def ids(first: str, heading: str) -> set[str]:
        text = EN_MINIMUMS.format(
            first=f"{first} dollars", law="the State of New York", heading=heading
        )
        return rule_ids(stages, text)

    assert "en.amount.period_sum_restated" in ids("1,850,000", "MINIMUM PURCHASE COMMITMENT")
    assert "en.amount.period_sum_restated" not in ids("1,800,000", "MINIMUM PURCHASE COMMITMENT")
    # a table that does not name the sum sets out something else
    assert "en.amount.period_sum_restated" not in ids("1,850,000", "MARKETING PLAN")

    def zh(second: str, heading: str, column: str = "金额") -> set[str]:
        return rule_ids(stages, ZH_RENT.format(second=second, heading=heading, column=column))

    assert "cn.amount.period_sum_restated" in zh("1,290,000", "各年度租金表")
    assert "cn.amount.period_sum_restated" in zh("1,290,000", "付款计划", column="年租金")
    assert "cn.amount.period_sum_restated" not in zh("1,260,000", "各年度租金表")
    assert "cn.amount.period_sum_restated" not in zh("1,290,000", "物业服务费标准")


ZH_BILLING = """云平台运维服务协议

委托方（甲方）：杭州衡川物流有限公司
服务方（乙方）：杭州云栈信息技术有限公司

第三条 服务期限自2025年8月15日起至2027年8月14日止。
第四条 服务费按计费周期收取，每个完整计费周期的服务费为人民币45,000元。本协议所称“计费周期”指自然季度，首尾不足一季的按日折算。
第十二条 因本协议引起的争议，提交杭州仲裁委员会仲裁。

附件一：服务费明细
计费周期 | 起止日期 | 服务费（人民币元）
第1期 | {first} | {fee}
第2期 | {second} | 45,000.00
"""


def test_rows_of_a_calendar_quarter_that_run_quarter_to_quarter_from_go_live(
    stages: Stages,
) -> None:
    off = ZH_BILLING.format(
        first="2025年8月15日至2025年11月14日", fee="45,000.00",
        second="2025年11月15日至2026年2月14日",
    )  # fmt: skip
    aligned = ZH_BILLING.format(
        first="2025年8月15日至2025年9月30日", fee="23,478.26",
        second="2025年10月1日至2025年12月31日",
    )  # fmt: skip
    assert "cn.date.named_period_dated_twice" in rule_ids(stages, off)
    assert "cn.date.named_period_dated_twice" not in rule_ids(stages, aligned)
