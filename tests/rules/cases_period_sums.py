"""Positive and negative texts for one period's sum stated in the text and in the schedule
that sets out every period (period_sum_restated): the negative states the same figure."""

from __future__ import annotations

EN_MINIMUMS = """EXCLUSIVE DISTRIBUTION AGREEMENT

This Agreement is entered into as of March 1, 2025 (the "Effective Date") between Harlow Instruments Inc. ("Supplier") and Keystone Lab Supply LLC ("Distributor").
5.2 The Minimum Purchase Commitment for the first Contract Year is {first}.
14.1 This Agreement is governed by the laws of {law}.

SCHEDULE C - {heading}
Contract Year | Quarter 1 | Quarter 2 | Annual minimum
Year 1 | 900,000 | 900,000 | 1,800,000
Year 2 | 1,000,000 | 1,150,000 | 2,150,000
"""

ZH_RENT = """房屋租赁合同

出租人（甲方）：杭州禾丰置业有限公司
承租人（乙方）：宁波鲜面餐饮有限公司

4.1 第二年度租金为人民币{second}元，按季支付。
第十九条 因本合同引起的争议，向房屋所在地人民法院起诉。

附件二 {heading}
年度 | 期间 | {column}（元）
第一年 | 2025年3月1日至2026年2月28日 | 1,200,000
第二年 | 2026年3月1日至2027年2月28日 | 1,260,000
"""

_NY = "the State of New York"
_MPC = "MINIMUM PURCHASE COMMITMENT"
_PRC = "the People's Republic of China"

PERIOD_SUM_CASES: list[tuple[str, str, str]] = [
    (
        "en.amount.period_sum_restated",
        EN_MINIMUMS.format(first="US$1,850,000", law=_NY, heading=_MPC),
        EN_MINIMUMS.format(first="US$1,800,000", law=_NY, heading=_MPC),
    ),
    (
        "en.prc.amount.period_sum_restated",
        EN_MINIMUMS.format(first="RMB 1,850,000", law=_PRC, heading=_MPC),
        EN_MINIMUMS.format(first="RMB 1,800,000", law=_PRC, heading=_MPC),
    ),
    (
        "cn.amount.period_sum_restated",
        ZH_RENT.format(second="1,290,000", heading="各年度租金表", column="年租金"),
        ZH_RENT.format(second="1,260,000", heading="各年度租金表", column="年租金"),
    ),
]
