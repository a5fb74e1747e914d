"""Positive and negative texts for the rules generalised on the focused dev contracts
(golden_set/focus/dev): multiples of a contract sum, instalments against the price, shares of
a named figure, a security deposit returned in double."""

from __future__ import annotations

from tests.rules.cases_new import ZH_BUILD, en_goods, en_prc, en_services, zh_sale

EN_SHARES = """SHARE PURCHASE AGREEMENT

This Agreement is made on 2 June 2025 between Harrow Holdings Limited (the "Seller") and Calder Capital Limited (the "Buyer").
3.1 The total consideration for the Sale Shares is £3,450,000 (the "Consideration").
3.2 The Consideration shall be paid in the following instalments: (a) £2,100,000 on Completion; (b) £750,000 on the first anniversary of Completion; and (c) £{third} on the second anniversary of Completion.
9. This Agreement is governed by {law}.
"""

EN_AGENCY = """SALES AGENCY AGREEMENT

This Agreement is made on 2 June 2025 between Cascade Outdoor Inc. ("Principal") and Rainier Reps LLC ("Agent").
3. Principal shall pay Agent a commission on Net Sales at the rate in Schedule 1.
Schedule 1
Target Annual Net Sales: US$2,400,000
Target Commission (4.5% of Target Annual Net Sales): US${commission}
9. This Agreement is governed by the laws of the State of Washington.
"""

_PRC_INSTALMENTS = (
    "5. PAYMENT\n5.1 Buyer shall pay the Contract Price in the following instalments: EUR 300,000 "
    "on signing; EUR 500,000 on delivery; and EUR {last} on acceptance."
)
_PRC_TARGET = (
    "5. TARGETS\nAnnual Purchase Target: EUR 2,000,000\n"
    "Rebate (2% of Annual Purchase Target): EUR {rebate}"
)
_PRC_SECURITY = (
    "5. SECURITY\n5.1 Buyer shall pay a security deposit of EUR 50,000. If Seller fails to deliver, "
    "Seller shall return the security deposit to Buyer {how}."
)
_ZH_INSTALMENTS = (
    "甲方按以下方式分三期支付：合同签订后支付人民币300,000元；设备交付后支付人民币400,000元；"
    "验收合格后支付人民币{last}元。"
)

FOCUS_CASES: list[tuple[str, str, str]] = [
    (
        "cn.penalty.multiple_of_contract_sum",
        zh_sale(penalty="乙方违反本合同约定的，应支付相当于合同总价款两倍的违约金。"),
        zh_sale(penalty="乙方违反本合同约定的，应支付合同总价款百分之五的违约金。"),
    ),
    (
        "en.liquidated_damages.multiple_of_price",
        en_goods(
            delay="If Supplier delivers late it shall pay liquidated damages equal to two times the purchase price."
        ),
        en_goods(),
    ),
    (
        "en.liquidated_damages.multiple_of_price_england",
        en_services(
            delay="If a Deliverable is late, Consultant shall pay liquidated damages of three times the monthly fee."
        ),
        en_services(),
    ),
    (
        "en.prc.penalty.multiple_of_price",
        en_prc(
            delay="For late delivery Seller shall pay liquidated damages equal to two times the Contract Price."
        ),
        en_prc(),
    ),
    (
        "en.amount.instalments_vs_total",
        EN_SHARES.format(third="500,000", law="the laws of England and Wales"),
        EN_SHARES.format(third="600,000", law="the laws of England and Wales"),
    ),
    (
        "en.prc.amount.instalments_vs_total",
        en_prc(extra=_PRC_INSTALMENTS.format(last="100,000")),
        en_prc(extra=_PRC_INSTALMENTS.format(last="200,000")),
    ),
    (
        "cn.amount.instalments_vs_total",
        zh_sale(other=_ZH_INSTALMENTS.format(last="100,000")),
        zh_sale(other=_ZH_INSTALMENTS.format(last="300,000")),
    ),
    (
        "en.amount.named_share_mismatch",
        EN_AGENCY.format(commission="118,000"),
        EN_AGENCY.format(commission="108,000"),
    ),
    (
        "en.prc.amount.named_share_mismatch",
        en_prc(extra=_PRC_TARGET.format(rebate="50,000")),
        en_prc(extra=_PRC_TARGET.format(rebate="40,000")),
    ),
    (
        "cn.amount.named_share_mismatch",
        zh_sale(other="乙方年度采购额为人民币500万元，返利为年度采购额的2%即人民币12万元。"),
        zh_sale(other="乙方年度采购额为人民币500万元，返利为年度采购额的2%即人民币10万元。"),
    ),
    (
        "en.prc.deposit.security_deposit_doubled",
        en_prc(extra=_PRC_SECURITY.format(how="in double")),
        en_prc(extra=_PRC_SECURITY.format(how="in full")),
    ),
]

_ZH_WORKS = """建设工程施工合同

发包人：重庆两江置业有限公司
承包人：重庆建工第三建设有限责任公司

第三条 合同工期 计划开工日期：2025年9月1日；计划竣工日期：2026年6月27日。
第九条 付款 竣工结算款于竣工验收合格且结算审核完成后二十八日内支付，最迟于{due}前支付。
第十条 本合同争议提交重庆仲裁委员会仲裁。
"""
_EN_WORKS = (
    "6. TIMING\n6.1 The Completion Date is 15 March 2026.\n6.2 The Client shall pay the final "
    "instalment within 30 days after Completion and no later than {due}."
)

FOCUS_CASES += [
    (
        "cn.date.deadline_before_scheduled_event",
        _ZH_WORKS.format(due="2026年5月31日"),
        _ZH_WORKS.format(due="2026年7月31日"),
    ),
    (
        "en.date.deadline_before_scheduled_event",
        en_services(extra=_EN_WORKS.format(due="1 March 2026")),
        en_services(extra=_EN_WORKS.format(due="30 April 2026")),
    ),
    (
        "en.prc.date.deadline_before_scheduled_event",
        en_prc(extra=_EN_WORKS.format(due="1 March 2026")),
        en_prc(extra=_EN_WORKS.format(due="30 April 2026")),
    ),
]

# facts that must agree (FOCUS3): a table's total against the stated price, a named fee in the
# text against its schedule row, a core duty written for the other side
_ZH_PRICE_TABLE = """设备买卖合同

卖方：苏州精工机床有限公司
买方：无锡华达汽车零部件有限公司

第二条 本合同总价为人民币{price}元（含税），明细见附件一。
第九条 本合同争议提交无锡仲裁委员会仲裁。
附件一 价格清单
名称 | 数量 | 单价（元） | 金额（元）
数控车床 | 2台 | 100,000.00 | 200,000.00
安装调试 | 1项 | 50,000.00 | 50,000.00
合计 | — | — | 250,000.00
"""
_EN_PRICE_TABLE = """EQUIPMENT SUPPLY AGREEMENT

This Agreement is made on January 10, 2025 between Ridgeway Pumps, Inc. ("Supplier") and Harbor Water LLC ("Buyer").
1.1 The total purchase price is US${price}, payable within thirty (30) days of delivery.
4.1 This Agreement is governed by {law}.
Schedule 1 - Prices
Item | Quantity | Unit price (US$) | Amount (US$)
Booster pump | 2 | 100,000.00 | 200,000.00
Installation | 1 | 50,000.00 | 50,000.00
Total | | | 250,000.00
"""
_ZH_FEES = """特许经营合同

特许人（甲方）：成都蜀味坊餐饮管理有限公司
被特许人（乙方）：绵阳鑫禾餐饮有限公司

第三条 被特许人应向特许人支付加盟费人民币{fee}。
第十二条 争议解决 因本合同引起的争议，提交成都仲裁委员会仲裁。
附件：费用支付计划
款项 | 金额（元） | 支付时间
加盟费 | 380,000.00 | 本合同签订之日起十日内
开业培训费 | 50,000.00 | 首期集中培训开始前
"""
_EN_FEES = """FRANCHISE AGREEMENT

This Agreement is made on March 3, 2025 between Sunbelt Bagels LLC ("Franchisor") and Coastal Dough Inc. ("Franchisee").
3.1 Franchisee shall pay a Franchise Fee of US${fee} on signing.
9.1 This Agreement is governed by {law}.
Schedule 2 - Fees
Item | Amount (US$) | Due
Franchise Fee | 38,000.00 | on signing
Opening Training Fee | 5,000.00 | before opening
"""
_ZH_SALE_DUTY = """设备买卖合同

卖方：苏州精工机床有限公司
买方：无锡华达汽车零部件有限公司

第二条 本合同总价为人民币250,000元。
第三条 {payer}应于设备验收合格后十日内向{payee}支付全部货款。
第九条 本合同争议提交无锡仲裁委员会仲裁。
"""
_EN_SALE_DUTY = """EQUIPMENT SUPPLY AGREEMENT

This Agreement is made on January 10, 2025 between Ridgeway Pumps, Inc. ("Seller") and Harbor Water LLC ("Buyer").
1.1 Seller shall sell and deliver the Equipment to Buyer.
1.2 {payer} shall pay to {payee} the Contract Price of US$250,000 within thirty (30) days of delivery.
4.1 This Agreement is governed by {law}.
"""
_NY = "the laws of the State of New York"
_PRC = "the laws of the People's Republic of China"

FOCUS_CASES += [
    (
        "cn.amount.table_total_vs_price",
        _ZH_PRICE_TABLE.format(price="260,000"),
        _ZH_PRICE_TABLE.format(price="250,000"),
    ),
    (
        "en.amount.table_total_vs_price",
        _EN_PRICE_TABLE.format(price="260,000", law=_NY),
        _EN_PRICE_TABLE.format(price="250,000", law=_NY),
    ),
    (
        "en.prc.amount.table_total_vs_price",
        _EN_PRICE_TABLE.format(price="260,000", law=_PRC),
        _EN_PRICE_TABLE.format(price="250,000", law=_PRC),
    ),
    (
        "cn.amount.named_sum_restated",
        _ZH_FEES.format(fee="叁拾陆万元整"),
        _ZH_FEES.format(fee="叁拾捌万元整"),
    ),
    (
        "en.amount.named_sum_restated",
        _EN_FEES.format(fee="36,000", law=_NY),
        _EN_FEES.format(fee="38,000", law=_NY),
    ),
    (
        "en.prc.amount.named_sum_restated",
        _EN_FEES.format(fee="36,000", law=_PRC),
        _EN_FEES.format(fee="38,000", law=_PRC),
    ),
    (
        "cn.party.duty_for_the_other_side",
        _ZH_SALE_DUTY.format(payer="卖方", payee="买方"),
        _ZH_SALE_DUTY.format(payer="买方", payee="卖方"),
    ),
    (
        "en.party.duty_for_the_other_side",
        _EN_SALE_DUTY.format(payer="Seller", payee="Buyer", law=_NY),
        _EN_SALE_DUTY.format(payer="Buyer", payee="Seller", law=_NY),
    ),
    (
        "en.prc.party.duty_for_the_other_side",
        _EN_SALE_DUTY.format(payer="Seller", payee="Buyer", law=_PRC),
        _EN_SALE_DUTY.format(payer="Buyer", payee="Seller", law=_PRC),
    ),
]

_ZH_CODES = """技术服务合同

甲方：杭州云栖科技园开发有限公司（统一社会信用代码：91330106MA2GL1234X）
乙方：浙江数澜信息技术有限公司（统一社会信用代码：91330108MA27Y5678K）

第一条 乙方为甲方提供信息系统运维服务。
第九条 争议提交杭州仲裁委员会仲裁。

甲方（盖章）：杭州云栖科技园开发有限公司
统一社会信用代码：{code}
乙方（盖章）：浙江数澜信息技术有限公司
"""
_EN_CODES = """SERVICES AGREEMENT

This Agreement is made between Northgate Payroll Limited, a company registered with company number 08123456 (the "Supplier"), and Fenwick Retail Limited (the "Customer").
1.1 The Supplier shall provide the Services.
9.1 This Agreement is governed by {law}.

Signed for and on behalf of Northgate Payroll Limited (company number {number})
"""
_ENGLAND = "the laws of England and Wales"

FOCUS_CASES += [
    (
        "cn.party.registration_code_mismatch",
        _ZH_CODES.format(code="91330106MA2GL1243X"),
        _ZH_CODES.format(code="91330106MA2GL1234X"),
    ),
    (
        "en.party.registration_code_mismatch",
        _EN_CODES.format(law=_ENGLAND, number="08123465"),
        _EN_CODES.format(law=_ENGLAND, number="08123456"),
    ),
    (
        "en.prc.party.registration_code_mismatch",
        _EN_CODES.format(law=_PRC, number="08123465"),
        _EN_CODES.format(law=_PRC, number="08123456"),
    ),
]

_ZH_DAYS = """建设工程施工合同

发包人：重庆两江置业有限公司
承包人：重庆建工第三建设有限责任公司

第三条 合同工期 计划开工日期：2025年7月1日；计划竣工日期：{end}；工期总日历天数：365天。
第九条 付款 进度款按月支付。
第十条 本合同争议提交重庆仲裁委员会仲裁。
"""
_EN_DAYS = """CONSTRUCTION CONTRACT

Employer: Harbor Water LLC
Contractor: Ridgeway Builders, Inc.

4.1 The Contractor shall commence the Works on July 1, 2025 and shall achieve Substantial Completion within 300 calendar days after commencement, that is, by {end}.
14.1 This Contract is governed by {law}.
"""
_OHIO = "the laws of the State of Ohio"

FOCUS_CASES += [
    (
        "cn.date.day_period_vs_end",
        _ZH_DAYS.format(end="2026年5月31日"),
        _ZH_DAYS.format(end="2026年6月30日"),
    ),
    (
        "en.date.day_period_vs_end",
        _EN_DAYS.format(end="May 31, 2026", law=_OHIO),
        _EN_DAYS.format(end="April 27, 2026", law=_OHIO),
    ),
    (
        "en.prc.date.day_period_vs_end",
        _EN_DAYS.format(end="May 31, 2026", law=_PRC),
        _EN_DAYS.format(end="April 27, 2026", law=_PRC),
    ),
]

# a part of the work scheduled after the date the whole is due (checks_schedule_dates)
_ZH_PLAN = (
    "第五条 工期。计划开工日期：2025年5月1日；计划竣工日期：2025年10月27日。\n"
    "附件二：施工进度计划\n节点 | 计划开始日期 | 计划完成日期\n"
    "基础及主体工程 | 2025年5月1日 | 2025年8月31日\n"
    "{row} | 2025年9月1日 | {end}\n"
)
_EN_LOTS = (
    "2.3 All Equipment shall be delivered no later than {final}.\n"
    "SCHEDULE 1 - DELIVERY\nLot | Quantity | Delivery date\n"
    "Lot 1 | 10 | May 30, 2025\n{row} | 5 | {last}\n"
)
_EN_MILESTONES = (
    "6. MILESTONES\n6.1 The Completion Date is December 15, 2025.\n"
    "Milestone | Start | Completion\n"
    "Design | February 1, 2025 | April 30, 2025\n"
    "{row} | May 1, 2025 | January 20, 2026\n"
)


def zh_works_plan(row: str = "室外景观工程", end: str = "2025年11月20日") -> str:
    return ZH_BUILD.format(waterproof="5年") + _ZH_PLAN.format(row=row, end=end)


def en_prc_lots(
    row: str = "Lot 2", last: str = "July 15, 2025", final: str = "June 30, 2025"
) -> str:
    return en_prc(extra=_EN_LOTS.format(row=row, last=last, final=final))


def en_milestones(row: str = "Build and integration") -> str:
    return en_services(extra=_EN_MILESTONES.format(row=row))


FOCUS_CASES += [
    ("cn.date.part_after_final_date", zh_works_plan(), zh_works_plan(end="2025年10月27日")),
    ("en.prc.date.part_after_final_date", en_prc_lots(), en_prc_lots(last="June 30, 2025")),
    ("en.date.part_after_final_date", en_milestones(), en_milestones("Hypercare support")),
]
