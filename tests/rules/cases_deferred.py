"""Positive and negative texts for the main consideration left to later agreement
(deferred_main_term: the positive defers the fee and fixes it nowhere; the negative fixes the fee
and defers only a renewal's, which is lawful) and for a loan repaid after its term ends."""

from __future__ import annotations

ZH_MAINTENANCE = """设备维护保养合同

甲方：苏州恒泰精密机械有限公司
乙方：无锡华科设备服务有限公司

第一条 乙方负责甲方厂区内十二台数控机床的季度保养和故障维修，服务期限自2025年7月1日起至2026年6月30日止。
第二条 维护费用
2.1 {fee}
2.2 甲方应在收到乙方发票后十五日内付款。
第三条 乙方未按时到场维修的，应赔偿甲方因此遭受的损失。
第四条 因本合同引起的争议，向甲方所在地人民法院起诉。
"""
ZH_DEFERRED = "本合同项下的维护服务费由双方在每季度保养完成后另行协商确定。"
ZH_FIXED = (
    "维护服务费为每季度人民币壹万贰仟元整（¥12,000.00）。续期的维护服务费由双方另行协商确定。"
)

EN_MAINTENANCE = """EQUIPMENT MAINTENANCE AGREEMENT

This Equipment Maintenance Agreement is made on 2 June 2025 between Harrow Systems Limited ("Provider") and Calder Freight Limited ("Customer").
1. Provider shall service the Customer's twelve forklift trucks every quarter and repair breakdowns within two business days.
2. {fee}
3. Customer shall pay each invoice within thirty days.
4. This Agreement is governed by {law}.
"""
EN_DEFERRED = "The Maintenance Fee shall be agreed between the parties at a later date."
EN_FIXED = (
    "The Maintenance Fee is GBP 4,800 per quarter. The Maintenance Fee for any renewal term "
    "shall be agreed between the parties at a later date."
)
ENGLAND = "the laws of England and Wales"
PRC = "the laws of the People's Republic of China"

DEFERRED_CASES: list[tuple[str, str, str]] = [
    (
        "cn.essential.deferred_consideration",
        ZH_MAINTENANCE.format(fee=ZH_DEFERRED),
        ZH_MAINTENANCE.format(fee=ZH_FIXED),
    ),
    (
        "en.essential.deferred_consideration",
        EN_MAINTENANCE.format(fee=EN_DEFERRED, law=ENGLAND),
        EN_MAINTENANCE.format(fee=EN_FIXED, law=ENGLAND),
    ),
    (
        "en.prc.essential.deferred_consideration",
        EN_MAINTENANCE.format(fee=EN_DEFERRED, law=PRC),
        EN_MAINTENANCE.format(fee=EN_FIXED, law=PRC),
    ),
]


EN_DISCOUNT = """DISTRIBUTION AGREEMENT

This Distribution Agreement is made on 2 June 2025 between Harrow Pumps Limited ("Supplier") and Calder Industrial Limited ("Distributor").
1.1 "List Price" means the price of each Product in Schedule 1.
1.2 "Trade Discount" means {discount}.
2.1 Distributor shall pay the List Price less the Trade Discount for each Product it orders.
2.2 The Trade Discount is shown on each invoice.
3.1 This Agreement is governed by {law}.
"""
EN_OPEN_DISCOUNT = "the discount that the Supplier allows to its distributors"
EN_FIXED_DISCOUNT = "a discount of fifteen percent (15%) off the List Price"
OPEN_PRICE_CASES: list[tuple[str, str, str]] = [
    (
        "en.essential.open_price_term",
        EN_DISCOUNT.format(discount=EN_OPEN_DISCOUNT, law=ENGLAND),
        EN_DISCOUNT.format(discount=EN_FIXED_DISCOUNT, law=ENGLAND),
    ),
    (
        "en.prc.essential.open_price_term",
        EN_DISCOUNT.format(discount=EN_OPEN_DISCOUNT, law=PRC),
        EN_DISCOUNT.format(discount=EN_FIXED_DISCOUNT, law=PRC),
    ),
]


ZH_LOAN_SCHEDULE = """借款合同

出借人（甲方）：张立衡
借款人（乙方）：杭州明川电子有限公司

第一条 借款金额为人民币壹佰万元整（¥1,000,000.00），借款期限为壹年，自2025年3月20日起至2026年3月19日止。
第二条 乙方按附件一《还款计划表》分期归还本金。
第三条 因本合同引起的争议，向甲方所在地人民法院起诉。
附件一：还款计划表
期数 | 还款日期 | 归还本金（人民币元）
第1期 | 2025年9月19日 | 500,000.00
第2期 | {last} | 500,000.00
"""
EN_LOAN_SCHEDULE = """LOAN AGREEMENT

This Loan Agreement is made between Harrow Capital Limited ("Lender") and Calder Freight Limited ("Borrower").
1. The Lender lends the Borrower GBP 1,000,000 for a loan term from 20 March 2025 to 19 March 2026.
2. The Borrower shall repay the principal in the instalments set out in Schedule 1.
3. This Agreement is governed by {law}.
SCHEDULE 1
Instalment | Repayment date | Principal (GBP)
1 | 19 September 2025 | 500,000
2 | {last} | 500,000
"""
LOAN_CASES: list[tuple[str, str, str]] = [
    (
        "cn.date.repayment_after_loan_term",
        ZH_LOAN_SCHEDULE.format(last="2026年6月19日"),
        ZH_LOAN_SCHEDULE.format(last="2026年3月19日"),
    ),
    (
        "en.date.repayment_after_loan_term",
        EN_LOAN_SCHEDULE.format(last="19 June 2026", law=ENGLAND),
        EN_LOAN_SCHEDULE.format(last="19 March 2026", law=ENGLAND),
    ),
    (
        "en.prc.date.repayment_after_loan_term",
        EN_LOAN_SCHEDULE.format(last="19 June 2026", law=PRC),
        EN_LOAN_SCHEDULE.format(last="19 March 2026", law=PRC),
    ),
]
