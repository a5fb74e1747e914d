"""Positive and negative texts for one period's sum stated in the text and in the schedule
that sets out every period (period_sum_restated): the negative states the same figure."""

from __future__ import annotations

_EN = """EXCLUSIVE DISTRIBUTION AGREEMENT

This Agreement is entered into as of March 1, 2025 (the "Effective Date") between Harlow Instruments Inc. ("Supplier") and Keystone Lab Supply LLC ("Distributor").
5.2 The Minimum Purchase Commitment for the first Contract Year is {first}.
14.1 This Agreement is governed by the laws of {law}.

SCHEDULE C - MINIMUM PURCHASE COMMITMENT
Contract Year | Quarter 1 | Quarter 2 | Annual minimum
Year 1 | 900,000 | 900,000 | 1,800,000
Year 2 | 1,000,000 | 1,150,000 | 2,150,000
"""

_ZH = """房屋租赁合同

出租人（甲方）：杭州禾丰置业有限公司
承租人（乙方）：宁波鲜面餐饮有限公司

4.1 第二年度租金为人民币{second}元，按季支付。
第十九条 因本合同引起的争议，向房屋所在地人民法院起诉。

附件二 各年度租金表
租赁年度 | 期间 | 年租金（元）
第一年 | 2025年3月1日至2026年2月28日 | 1,200,000
第二年 | 2026年3月1日至2027年2月28日 | 1,260,000
"""

_NY = "the State of New York"
_PRC = "the People's Republic of China"

PERIOD_SUM_CASES: list[tuple[str, str, str]] = [
    (
        "en.amount.period_sum_restated",
        _EN.format(first="US$1,850,000", law=_NY),
        _EN.format(first="US$1,800,000", law=_NY),
    ),
    (
        "en.prc.amount.period_sum_restated",
        _EN.format(first="RMB 1,850,000", law=_PRC),
        _EN.format(first="RMB 1,800,000", law=_PRC),
    ),
    (
        "cn.amount.period_sum_restated",
        _ZH.format(second="1,290,000"),
        _ZH.format(second="1,260,000"),
    ),
]
