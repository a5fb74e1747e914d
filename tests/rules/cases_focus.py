"""Positive and negative texts for the rules generalised on the focused dev contracts
(golden_set/focus/dev): multiples of a contract sum, instalments against the price, shares of
a named figure, a security deposit returned in double."""

from __future__ import annotations

from tests.rules.cases_new import en_goods, en_prc, en_services, zh_sale

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
