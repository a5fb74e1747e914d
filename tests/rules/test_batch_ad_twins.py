"""Twins of the misses and false alarms on batch AD's dev contracts and on older dev misses
(thirty-second session): each defect as a fact the check reads, and beside it the lawful version.
The texts are written here, not copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_ZH_PROPERTY = """物业服务合同

委托方（甲方）：杭州云栖置业有限公司
受托方（乙方）：杭州安居物业服务有限公司

第七条 物业服务费。本物业的物业服务费实行包干制。{fee}
第八条 费用的支付。物业服务费按季度结算，甲方应在每季度首月的15日前支付当季物业服务费。
第二十三条 交接。合同期满未续签的，乙方应在15日内办理交接，交接期间乙方继续提供服务，甲方按原标准支付该期间的物业服务费。
第二十四条 争议。本合同争议提交杭州仲裁委员会仲裁。
"""


def test_a_fee_left_to_later_is_not_fixed_by_paying_it_at_the_original_standard(
    stages: Stages,
) -> None:
    deferred = "物业服务费的计费标准及年度总额由双方在乙方进场后根据实际在管面积另行协商，并以补充协议形式确定。"
    fixed = "物业服务费为每月每平方米人民币4.5元，按实际在管面积计算。"
    assert "cn.essential.deferred_consideration" in rule_ids(
        stages, _ZH_PROPERTY.format(fee=deferred)
    )
    assert "cn.essential.deferred_consideration" not in rule_ids(
        stages, _ZH_PROPERTY.format(fee=fixed)
    )


_ZH_CARRIAGE = """货物运输合同

托运人（甲方）：宁波远帆贸易有限公司
承运人（乙方）：宁波顺达物流有限公司

第五条 运价。各线路运价按附件一所列单价执行，本合同年度预估运费总额为人民币叁佰万元整（¥3,000,000.00）。
第七条 对账与结算。乙方应于每月五日前将上月回单提交甲方对账。{payment}
第十七条 甲方未在约定期限内支付运费的，每逾期一日按应付金额的万分之五支付违约金。
第二十条 本合同争议提交宁波仲裁委员会仲裁。
"""


def test_the_time_to_pay_the_price_left_to_later_agreement(stages: Stages) -> None:
    rule = "cn.essential.deferred_performance"
    deferred = (
        "对账确认后运费的支付时间节点与支付方式，由双方在本合同签订后另行协商并以补充协议形式确定。"
    )
    fixed = "甲方应于对账确认后十日内支付运费；运费的支付时间如需调整，由双方另行协商确定。"
    assert rule in rule_ids(stages, _ZH_CARRIAGE.format(payment=deferred))
    assert rule not in rule_ids(stages, _ZH_CARRIAGE.format(payment=fixed))


_ZH_LOAN_ANNEX = """借款合同

出借人（甲方）：深圳前海汇融投资有限公司
借款人（乙方）：深圳市科锐电子有限公司

第一条 借款本金为人民币叁佰万元整（¥3,000,000.00）。
第六条 借款年利率按附件二《借款利率及付息安排》所列标准执行，按实际借款天数计息。
第三十条 本合同争议提交深圳国际仲裁院仲裁。

附件二：借款利率及付息安排

项目 | 约定
借款年利率（单利） | {rate}
甲方代表签章 | ______
"""


def test_a_blank_rate_in_the_schedule_is_open_whatever_the_cell_says_of_signing(
    stages: Stages,
) -> None:
    rule = "cn.essential.open_schedule_row"
    assert rule in rule_ids(
        stages, _ZH_LOAN_ANNEX.format(rate="______%（以甲乙双方另行签章确认的数值为准）")
    )
    assert rule not in rule_ids(stages, _ZH_LOAN_ANNEX.format(rate="6.5%"))


_ZH_FINANCE_LEASE = """融资租赁合同（直租）

出租人（甲方）：上海浦江融资租赁有限公司
承租人（乙方）：苏州精工模具有限公司

第三条 租赁物为附件一所列数控加工中心两台。
第四条 租金。{term}租金按等额本息方式计算，每期租金人民币壹拾贰万元整（¥120,000.00）。
第九条 租赁期限届满，乙方付清全部租金后，租赁物的所有权转移至乙方。
第十五条 本合同争议提交上海国际仲裁中心仲裁。
"""


def test_a_finance_lease_that_never_gives_its_term(stages: Stages) -> None:
    rule = "cn.essential.finance_lease"
    assert rule in rule_ids(stages, _ZH_FINANCE_LEASE.format(term=""))
    assert rule not in rule_ids(stages, _ZH_FINANCE_LEASE.format(term="租赁期限为三十六个月，"))


_EN_HOTEL = """GROUP ROOM BLOCK AGREEMENT

This Agreement is made between Harbourside Hotel LLC (the "Hotel") and Meridian Events Inc. (the "Group").

3.1 {rate}
4.2 If the Room Nights picked up are fewer than the Attrition Allowance, the Group shall pay an amount equal to the shortfall multiplied by the Group Rate, less twenty percent (20%) for the Hotel's saved costs.
13.1 This Agreement is governed by the laws of the State of Delaware.
"""


def test_a_defined_rate_left_to_be_agreed_between_the_parties(stages: Stages) -> None:
    rule = "en.essential.deferred_consideration"
    deferred = (
        "The Group Rate for run-of-house rooms shall be agreed between the Hotel and the Group "
        "and recorded in the Group Resume before the booking link opens."
    )
    fixed = "The Group Rate for run-of-house rooms is US$189.00 per Room Night."
    assert rule in rule_ids(stages, _EN_HOTEL.format(rate=deferred))
    assert rule not in rule_ids(stages, _EN_HOTEL.format(rate=fixed))


_EN_SOFTWARE = """SOFTWARE DEVELOPMENT AGREEMENT

This Agreement is made between Northgate Digital Limited (the "Supplier") and Pennine Lettings Limited (the "Customer").

6.3 The charges for the Development Phase (the "Development Charges") shall be as set out in Part B of Schedule 3.
14.1 This Agreement is governed by the law of England and Wales.

SCHEDULE 3 - CHARGES

Part A - Discovery Fee

Instalment | Amount (excluding VAT)
1 | £14,400
2 | £19,200

Part B - Development Charges

1. {charges}
"""


def test_a_price_one_side_proposes_later_and_the_other_approves(stages: Stages) -> None:
    rule = "en.essential.deferred_consideration"
    deferred = (
        "The Development Charges for each Milestone shall be the fixed price proposed by the "
        "Supplier in the Discovery Report, as approved by the Customer and recorded in a Change Note."
    )
    fixed = "The Development Charges are £96,000, payable in four equal instalments of £24,000."
    assert rule in rule_ids(stages, _EN_SOFTWARE.format(charges=deferred))
    assert rule not in rule_ids(stages, _EN_SOFTWARE.format(charges=fixed))
    # charges for changes quoted and approved later are extra work, lawfully left open
    changes = (
        "Charges for any Change Request shall be the price proposed by the Supplier and approved "
        "by the Customer. The Development Charges are £96,000."
    )
    assert rule not in rule_ids(stages, _EN_SOFTWARE.format(charges=changes))


_EN_VENUE = """EVENT VENUE HIRE AGREEMENT

This Agreement is made between Calder Hall Venues Limited (the "Owner") and Brightwater Conferences Limited (the "Hirer").

1.1 "Event Date" means Wednesday 5 November 2025, being the first day of the Event.
1.2 "Hire Fee" means £46,620 (exclusive of VAT).
1.3 "Hire Period" means the period from 18:00 on 4 November 2025 to 23:00 on 6 November 2025.
5.2 The Hire Fee shall be paid in two instalments: (a) a booking deposit of {share} per cent. of the Hire Fee within seven days of the date of this Agreement; and (b) the balance of the Hire Fee, plus VAT, not later than 28 days before the Event Date.
14.1 This Agreement is governed by the law of England and Wales.

SCHEDULE 2 - PAYMENT TIMETABLE

Payment | Amount | Due date
Booking Deposit | £11,655 | 19 May 2025
Balance of the Hire Fee | £34,965 | {balance_due}
"""


def _venue(share: str = "25", balance_due: str = "8 October 2025") -> str:
    return _EN_VENUE.format(share=share, balance_due=balance_due)


def test_a_hire_fee_is_the_rent_of_a_hire_agreement(stages: Stages) -> None:
    assert "en.essential.lease" not in rule_ids(stages, _venue())
    unpriced = (
        _venue()
        .split("SCHEDULE 2")[0]
        .replace("£46,620 (exclusive of VAT)", "the fee for the hire")
    )
    assert "en.essential.lease" in rule_ids(stages, unpriced)


def test_a_step_due_before_a_defined_date_dated_later_in_the_timetable(stages: Stages) -> None:
    assert "en.date.named_event_twice" in rule_ids(stages, _venue(balance_due="15 October 2025"))
    assert "en.date.named_event_twice" not in rule_ids(stages, _venue())


def test_a_share_of_a_defined_sum_restated_as_another_figure_in_its_row(stages: Stages) -> None:
    assert "en.amount.share_row_mismatch" in rule_ids(stages, _venue(share="20"))
    assert "en.amount.share_row_mismatch" not in rule_ids(stages, _venue(share="25"))


_EN_DISCOVERY = """SOFTWARE DEVELOPMENT AGREEMENT

This Agreement is made between Northgate Digital Limited (the "Supplier") and Pennine Lettings Limited (the "Customer").

6.2 The Discovery Phase shall be carried out for a fixed fee of forty-eight thousand pounds (£48,000) (the "Discovery Fee"), payable in the instalments set out in Part A of Schedule 3.
14.1 This Agreement is governed by the law of England and Wales.

SCHEDULE 3 - CHARGES

Part A - Discovery Fee

Instalment | Payment trigger | Amount (excluding VAT)
1 | Signature of this Agreement | £14,400
2 | Delivery of the Discovery Report | £19,200
3 | Acceptance of Milestone 1 | {last}
"""


def test_a_table_headed_by_a_defined_sum_that_does_not_add_up_to_it(stages: Stages) -> None:
    rule = "en.amount.named_sum_table_mismatch"
    assert rule in rule_ids(stages, _EN_DISCOVERY.format(last="£12,000"))
    assert rule not in rule_ids(stages, _EN_DISCOVERY.format(last="£14,400"))


_ZH_WORKS = """装饰装修工程施工合同

发包人（甲方）：南京鼎泰商业管理有限公司
承包人（乙方）：南京华艺装饰工程有限公司

第四条【合同工期】本工程合同工期为90日历天，自开工日期起算，开工当日计入工期。
第五条【开工与竣工】本工程开工日期为2025年5月12日，乙方应于{end}前完成承包范围内全部工程。
第六条【质量】{quality}
第二十条 本合同争议提交南京仲裁委员会仲裁。
"""


def _works(
    end: str = "2025年8月9日", quality: str = "本工程质量等级为合格，执行GB 50210-2018。"
) -> str:
    return _ZH_WORKS.format(end=end, quality=quality)


def test_a_works_period_that_does_not_reach_the_completion_deadline(stages: Stages) -> None:
    assert "cn.date.works_period_vs_dates" in rule_ids(stages, _works(end="2025年7月31日"))
    assert "cn.date.works_period_vs_dates" not in rule_ids(stages, _works())


def test_the_quality_grade_left_to_a_later_meeting(stages: Stages) -> None:
    deferred = "各分项工程的质量等级、允许偏差及观感质量评定办法，由甲乙双方在材料封样会议上另行协商并形成书面纪要后执行。"
    assert "cn.essential.deferred_quality" in rule_ids(stages, _works(quality=deferred))
    assert "cn.essential.deferred_quality" not in rule_ids(stages, _works())


_EN_PRC_SUPPLY = """EQUIPMENT SUPPLY AGREEMENT

This Agreement is made between Suzhou Precision Machinery Co., Ltd. (the "Seller") and Wuxi Components Co., Ltd. (the "Buyer").

2.1 The Contract Price is RMB 8,650,000.
5.5 If the Buyer fails to pay any amount when due, it shall pay interest on the overdue amount {interest}, calculated on a daily basis.
17.1 This Agreement is governed by the laws of the People's Republic of China.
"""


def test_a_markup_on_a_reference_rate_is_no_rate_per_day(stages: Stages) -> None:
    rule = "en.prc.penalty.per_period_uncapped"
    markup = "at the one-year Loan Prime Rate plus fifty per cent (50%) of that rate"
    assert rule not in rule_ids(stages, _EN_PRC_SUPPLY.format(interest=markup))
    assert rule in rule_ids(
        stages, _EN_PRC_SUPPLY.format(interest="at 0.5% per day as late payment damages")
    )


_ZH_CAR_LEASE = """汽车租赁合同

出租方（甲方）：上海畅行汽车租赁有限公司
承租方（乙方）：上海东湖会展服务有限公司

第四条 租赁期限。租赁期限为十二个月，自2025年3月1日（星期六）起至2026年2月28日止。
第五条 续租。任何一方不希望续租的，应当不迟于{notice}书面通知对方；双方均未发出不续租通知的，本合同自动续展一个租赁年度，即自2026年3月1日起至2027年2月28日止。
第六条 租金。月租金为人民币贰万叁仟伍佰元整（¥23,500.00）。
第二十七条 本合同争议提交上海仲裁委员会仲裁。
"""


def test_a_notice_date_before_the_end_of_the_term_is_not_its_end(stages: Stages) -> None:
    rule = "cn.date.term_vs_expiry"
    notice = "2025年12月30日（即租赁期限届满前六十日）"
    assert rule not in rule_ids(stages, _ZH_CAR_LEASE.format(notice=notice))
    wrong_end = "租赁期限届满之日（即2026年2月20日）"
    assert rule in rule_ids(stages, _ZH_CAR_LEASE.format(notice=wrong_end))


_ZH_PRINTING = """印刷品定作合同

定作人（甲方）：杭州青禾文化传媒有限公司
承揽人（乙方）：杭州彩印包装有限公司

第二条 定作物为企业年鉴，精装，每册320页。
第七条 7.1 本合同项下定作物的单价及合同总价款，{price}
第十五条 本合同争议提交杭州仲裁委员会仲裁。
"""


def test_a_price_left_to_one_sides_later_quote(stages: Stages) -> None:
    rule = "cn.essential.price_by_later_quote"
    later = "按照乙方出具并经甲方确认的报价单执行。"
    attached = "按照乙方出具并经甲方确认的报价单（附件一）执行。"
    per_order = "每批订单按照乙方出具并经甲方确认的报价单执行。"
    assert rule in rule_ids(stages, _ZH_PRINTING.format(price=later))
    assert rule not in rule_ids(stages, _ZH_PRINTING.format(price=attached))
    assert rule not in rule_ids(stages, _ZH_PRINTING.format(price=per_order))


_ZH_COLD_STORE = """冷链仓储合同

存货人（甲方）：上海鲜达食品有限公司
保管人（乙方）：上海冰川冷链物流有限公司

第三条 3.1 包租库位仓储费为每托盘位每月人民币120.00元（不含税）。
3.4 {fees}按照附件二的标准按实际发生量计收。
第十三条 本合同争议提交上海仲裁委员会仲裁。

附件二 收费标准
收费项目 | 计费单位 | 不含税单价（元）
装卸费 | 吨 | 30.00
分拣贴标 | 箱 | 1.00
"""


def test_a_class_of_fees_the_schedule_prices_one_by_one(stages: Stages) -> None:
    rule = "cn.essential.price_in_missing_annex"
    assert rule not in rule_ids(stages, _ZH_COLD_STORE.format(fees="装卸费、分拣贴标费等操作费用"))
    assert rule in rule_ids(stages, _ZH_COLD_STORE.format(fees="冷冻加工费"))


_ZH_HOUSE = """存量房买卖合同

出卖人（甲方）：王建国
买受人（乙方）：李晓梅

第三条 成交总价为人民币肆佰贰拾陆万元整（¥4,260,000.00）。
第四条 4.1 房款分首付款和贷款两部分支付，具体付款计划见附件一。首付款为成交总价的35%，即人民币壹佰肆拾玖万壹仟元整（¥1,491,000.00）。
第十五条 本合同争议提交杭州仲裁委员会仲裁。

附件一 付款计划
款项 | 比例 | 金额（元）
首付款 | 35% | 1,491,000.00
{label} | 35% | 1,491,000.00
贷款 | 65% | 2,769,000.00
"""


def test_the_total_of_one_part_of_the_price_is_not_the_price(stages: Stages) -> None:
    rule = "cn.amount.table_total_vs_price"
    assert rule not in rule_ids(stages, _ZH_HOUSE.format(label="首付款合计（含定金）"))
    assert rule in rule_ids(stages, _ZH_HOUSE.format(label="合计"))


_EN_EQUITY = """EQUITY TRANSFER AGREEMENT

This Agreement is made between Jiangsu Ruifeng Holdings Co., Ltd. (the "Transferor") and Harbour Bridge Capital Limited (the "Transferee").

{price}
12.1 This Agreement is governed by the laws of the People's Republic of China.

SCHEDULE 2 - PAYMENT OF THE PURCHASE PRICE

Instalment | Share | Amount (RMB)
First | 60% | 23,040,000
Second | 40% | 15,360,000
Total | 100% | 38,400,000
"""


def test_the_unit_a_price_is_counted_by_is_not_the_price(stages: Stages) -> None:
    rule = "en.prc.amount.table_total_vs_price"
    per_unit = (
        '3.1 The price for the Sale Interest is RMB 38,400,000 (the "Purchase Price"), being a unit '
        "price of RMB 3.20 for each RMB 1.00 of registered capital multiplied by the RMB 12,000,000 "
        "of registered capital transferred."
    )
    stated = "3.1 The total consideration payable by the Transferee is RMB 38,400,000."
    assert rule not in rule_ids(stages, _EN_EQUITY.format(price=per_unit))
    assert rule in rule_ids(stages, _EN_EQUITY.format(price=stated.replace("38,4", "36,4")))


_ZH_FACTORING = """保理合同

保理商（甲方）：上海浦银商业保理有限公司
卖方（乙方）：江苏澄远机电有限公司

第四条 4.1 保理融资期限自放款日起算，融资到期日与附件一所列应收账款的到期日一致，即{stated}。
第十五条 本合同争议提交上海国际仲裁中心仲裁。

附件一：应收账款转让明细表
序号 | 发票号码 | 票面金额（人民币元） | 应收账款到期日
1 | 32002511020087654 | 4,200,000.00 | 2025年11月15日
2 | 32002511020087911 | 3,500,000.00 | 2025年11月15日
合计 | — | 7,700,000.00 | —
"""

_EN_LOAN = """FACILITY AGREEMENT

This Agreement is made between Harbour Commercial Bank Limited (the "Lender") and Northgate Foods Limited (the "Borrower").

7.1 The Borrower shall repay the Loan in full on the Final Repayment Date, being the Maturity Date set out in Schedule 1, that is {stated}.
20.1 This Agreement is governed by {law}.

SCHEDULE 1 - REPAYMENT

Tranche | Amount | Maturity Date
A | £400,000 | 31 July 2026
B | £600,000 | 31 July 2026
"""


def test_a_date_said_to_be_the_schedules_restated_as_another(stages: Stages) -> None:
    rule = "cn.date.restated_schedule_date"
    assert rule in rule_ids(stages, _ZH_FACTORING.format(stated="2025年10月15日"))
    assert rule not in rule_ids(stages, _ZH_FACTORING.format(stated="2025年11月15日"))
    england = "the law of England and Wales"
    assert "en.date.restated_schedule_date" in rule_ids(
        stages, _EN_LOAN.format(stated="30 June 2026", law=england)
    )
    assert "en.date.restated_schedule_date" not in rule_ids(
        stages, _EN_LOAN.format(stated="31 July 2026", law=england)
    )


_EN_SHARES = """SHARE PURCHASE AGREEMENT

This Agreement is made between Alder Holdings Limited (the "Seller") and Fenwick Group plc (the "Buyer").

3.1 The consideration for the Shares is £6,450,000 (the "Consideration"), which shall be paid as set out in clauses 3.2 to 3.4.
3.2 At Completion the Buyer shall pay £4,450,000 (the "Completion Payment"), of which £400,000 shall be paid into the Retention Account.
3.3 On the first anniversary of the Completion Date the Buyer shall pay £1,000,000 (the "First Deferred Payment").
3.4 On the second anniversary of the Completion Date the Buyer shall pay {last} (the "Second Deferred Payment").
15.1 This Agreement is governed by {law}.
"""


def test_payments_a_run_of_clauses_sets_out_against_the_total(stages: Stages) -> None:
    england = "the law of England and Wales"
    assert "en.amount.payment_clauses_vs_total" in rule_ids(
        stages, _EN_SHARES.format(last="£750,000", law=england)
    )
    assert "en.amount.payment_clauses_vs_total" not in rule_ids(
        stages, _EN_SHARES.format(last="£1,000,000", law=england)
    )


def test_the_price_of_a_sale_interest_is_a_price_not_interest(stages: Stages) -> None:
    rule = "en.prc.amount.table_total_vs_price"
    price = '3.1 The total price for the Sale Interest is RMB {figure} (the "Purchase Price").'
    assert rule in rule_ids(stages, _EN_EQUITY.format(price=price.format(figure="36,400,000")))
    assert rule not in rule_ids(stages, _EN_EQUITY.format(price=price.format(figure="38,400,000")))


_EN_PRINT = """MANAGED PRINT SERVICES AGREEMENT

This Agreement is made between Copyline Services Limited (the "Supplier") and Westmere Housing Trust (the "Customer").

6.1 The Customer shall pay the Fixed Monthly Charge of £5,265.00 excluding VAT, monthly in advance.
6.5 At the rate of twenty per cent (20%), VAT on the Fixed Monthly Charge is £1,053.00.
16.1 This Agreement is governed by {law}.

SCHEDULE 2 - CHARGES

Item | Amount (GBP)
Fixed Monthly Charge | 5,265.00
Annual Fixed Charge (12 x Fixed Monthly Charge) | {annual}
"""


def test_a_schedule_row_that_is_not_what_its_own_formula_gives(stages: Stages) -> None:
    england = "the law of England and Wales"
    rule = "en.amount.row_formula_mismatch"
    assert rule in rule_ids(stages, _EN_PRINT.format(annual="61,380.00", law=england))
    assert rule not in rule_ids(stages, _EN_PRINT.format(annual="63,180.00", law=england))


_EN_FORWARDING = """FREIGHT FORWARDING AGREEMENT

This Agreement is made between Shanghai Orient Logistics Co., Ltd. (the "Forwarder") and Westbury Home Goods Limited (the "Principal").

5.2 The Principal shall pay the Forwarder an annual fixed service fee of RMB 216,000 (exclusive of VAT), paid monthly in arrears in equal instalments in the amount set out in Schedule 2.
18.1 This Agreement is governed by {law}.

SCHEDULE 2 - RATES AND CHARGES

Item | Unit | Rate (RMB, excl. VAT)
Fixed service fee | per month | {monthly}
Documentation fee | per bill of lading | 350
"""


def test_a_monthly_row_that_does_not_make_the_annual_sum(stages: Stages) -> None:
    prc = "the laws of the People's Republic of China"
    rule = "en.prc.amount.periodic_row_vs_annual"
    assert rule in rule_ids(stages, _EN_FORWARDING.format(monthly="16,000", law=prc))
    assert rule not in rule_ids(stages, _EN_FORWARDING.format(monthly="18,000", law=prc))


_ZH_ROAD = """市政道路工程施工合同

发包人（甲方）：南通市城市建设投资有限公司
承包人（乙方）：江苏通达路桥工程有限公司

第三条 签约合同价为人民币叁仟捌佰陆拾贰万肆仟伍佰元整（¥38,624,500.00），分项金额见附件二。
第二十条 本合同争议提交南通仲裁委员会仲裁。

附件二 签约合同价构成
序号 | 项目名称 | 金额
1 | 道路工程 | 21,356,800.00
2 | 雨污水排水工程 | {drains}
3 | 路灯照明工程 | 3,215,600.00
4 | 绿化工程 | 12,577,700.00
| 合计（即签约合同价） | 38,624,500.00
"""


def test_a_total_row_with_its_first_cell_left_empty(stages: Stages) -> None:
    assert "cn.amount.table_total" in rule_ids(stages, _ZH_ROAD.format(drains="1,374,400.00"))
    assert "cn.amount.table_total" not in rule_ids(stages, _ZH_ROAD.format(drains="1,474,400.00"))
