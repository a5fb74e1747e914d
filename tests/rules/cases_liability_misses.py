"""Catalogue cases (rule id, positive, negative) for the rule written from the contracts moved
from the blind held-out set in the twenty-third session: the whole minimum charged for any
shortfall. The texts are written here, not copied."""

from __future__ import annotations

DISTRIBUTION = """DISTRIBUTION AGREEMENT

This Distribution Agreement is made as of April 1, 2025 between Orchard Valley Tools, Inc., a New York corporation ("Supplier"), and Lakeside Hardware Supply LLC, a Delaware limited liability company ("Distributor").

1. APPOINTMENT
1.1 Supplier appoints Distributor as its distributor of the Products in the Territory.
2. MINIMUM PURCHASES
2.1 In each Contract Year Distributor shall purchase Products of not less than the Minimum Annual Commitment of $500,000.
2.2 If Distributor's purchases in any Contract Year are less than the Minimum Annual Commitment, Distributor shall pay Supplier, as liquidated damages, {payment}.
3. PRICES
3.1 {price}
4. LIMITATION OF LIABILITY
4.1 EACH PARTY'S AGGREGATE LIABILITY ARISING OUT OF THIS AGREEMENT SHALL NOT EXCEED THE AMOUNTS PAID IN THE PRECEDING TWELVE (12) MONTHS.
4.2 SECTION 4.1 SHALL NOT APPLY TO (A) EITHER PARTY'S OBLIGATIONS UNDER SECTION 5; (B) EITHER PARTY'S FRAUD; OR (C) {carve}.
5. INDEMNITY
5.1 Each party shall indemnify the other against third-party claims arising from its breach.
6. GOVERNING LAW
6.1 This Agreement is governed by the laws of {law}.
"""
WHOLE_MINIMUM = "an amount equal to the Minimum Annual Commitment"
SHORTFALL = (
    "an amount equal to the difference between the Minimum Annual Commitment and its purchases"
)
CAPPED_CHANGE = (
    "Supplier may change its price list once in a Contract Year by ninety (90) days' written "
    "notice, provided that no increase may exceed five percent (5%)."
)
MUTUAL_CARVE = "EITHER PARTY'S BREACH OF SECTION 5"
NEW_YORK = "the State of New York"


def distribution(
    payment: str = SHORTFALL,
    price: str = CAPPED_CHANGE,
    carve: str = MUTUAL_CARVE,
    law: str = NEW_YORK,
) -> str:
    return DISTRIBUTION.format(payment=payment, price=price, carve=carve, law=law)


LIABILITY_MISS_CASES = [
    (
        "en.liquidated_damages.whole_minimum_for_shortfall",
        distribution(payment=WHOLE_MINIMUM),
        distribution(),
    ),
    (
        "en.liquidated_damages.whole_minimum_for_shortfall_england",
        distribution(payment=WHOLE_MINIMUM, law="England and Wales"),
        distribution(law="England and Wales"),
    ),
]


# batch V (twenty-third session): a live-stream cooperation whose sessions are listed by day
LIVE = """直播带货合作协议

甲方：杭州青禾食品有限公司
乙方：杭州星耀文化传媒有限公司

第一条 合作期限。本协议合作期限自2025年4月1日起至2025年9月30日止。
第二条 服务费。乙方完成附件一所列全部直播，基础服务费合计人民币陆拾万元整（¥600,000.00）。
第三条 场次违约。乙方未按附件一完成任一场直播的，每发生一场，乙方除退还该场坑位费外，还应向甲方支付{penalty}。
第四条 争议解决。本协议适用中华人民共和国法律，争议提交杭州仲裁委员会仲裁。

附件一 直播排期
场次 | 日期 | 时段
第1—3场 | 2025年4月8日、5月8日、6月8日 | 19:30—23:30
第4—6场 | {days} | 19:30—23:30
"""
PER_SESSION_SHARE = "相当于基础服务费20%的违约金"
PER_SESSION_OWN = "相当于该场坑位费20%的违约金"

ROYALTY = """商标使用许可合同

许可方（甲方）：上海禾木品牌管理有限公司
被许可方（乙方）：苏州青石服饰有限公司

第一条 许可使用费。许可使用费总额为人民币叁佰陆拾万元整（¥3,600,000.00），含税。
第二条 付款方式。许可使用费分三期支付：第一期为许可使用费总额的百分之四十，即¥1,440,000.00；第二期为许可使用费总额的百分之三十，即¥1,080,000.00；第三期为许可使用费总额剩余的百分之三十，即¥{third}。
第三条 争议解决。本合同适用中华人民共和国法律。
"""

BATCH_V_CASES = [
    (
        "cn.penalty.whole_price_share_per_occurrence",
        LIVE.format(days="2025年7月8日、8月8日、9月8日", penalty=PER_SESSION_SHARE),
        LIVE.format(days="2025年7月8日、8月8日、9月8日", penalty=PER_SESSION_OWN),
    ),
]
