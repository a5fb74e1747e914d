"""Positive and negative texts for a schedule row that leaves a main term open
(open_schedule_row): the negative fills the row in."""

from __future__ import annotations

ZH_LICENCE = """专利实施许可合同

许可方（甲方）：苏州恒拓新材料科技有限公司
被许可方（乙方）：常州驰远汽车部件有限公司

第十一条 乙方应按季度支付提成费，金额为该季度许可产品净销售额乘以附件三所列的提成比例。
第二十九条 因本合同引起的争议，提交苏州仲裁委员会仲裁。

附件三：使用费计算及支付
项目 | 约定内容
入门费 | 人民币1,200,000.00元，按本合同第十条分两期支付
提成比例 | {rate}
结算周期 | 按日历季度结算
"""

ZH_STAGES = """管理咨询服务合同

委托方（甲方）：杭州冷运物流有限公司
服务方（乙方）：上海远策管理咨询有限公司

4.1 各阶段服务费用以附件二为准。
第十五条 因本合同引起的争议，向甲方所在地人民法院起诉。

附件二：服务费用及支付安排
阶段 | 不含税服务费（元） | 支付节点
第一阶段 | 480,000.00 | 验收后十五个工作日内
第二阶段 | 720,000.00 | 验收后十五个工作日内
第三阶段 | {fee} | 验收后十五个工作日内
"""

EN_LEASE = """OFFICE LEASE AGREEMENT

This Lease is made on February 3, 2025 between Hudson Row Owner LLC ("Landlord") and Brightline Analytics Inc. ("Tenant").
5.1 Tenant shall pay as Additional Rent Tenant's Proportionate Share of the increase in Operating Expenses over the Base Year, as set out in Part 2 of Schedule B.
15.1 This Lease is governed by the laws of {law}.

SCHEDULE B
Part 2 - Additional Rent
Item | Agreed term
Base Year | Calendar year 2025
Tenant's Proportionate Share | {share}
"""

EN_SAAS = """SUBSCRIPTION AGREEMENT

This Agreement is made on 14 March 2025 between Northgate Analytics Ltd (the "Provider") and Harrowfield Pharmacies Ltd (the "Customer").
6. SUBSCRIPTION FEE. The Subscription Fee is the annual charge for the Subscription and shall be the amount set out in Schedule 2 for each year of the Subscription Term. It is payable annually in advance.
7. ADDITIONAL USERS. The Customer may add users at the per-user charge stated in Schedule 2.
15. This Agreement is governed by the laws of England and Wales.

SCHEDULE 2 - CHARGES
Charge | Basis | When payable
Subscription Fee | {fee} | annually in advance
Additional users | GBP 38 per user per month | monthly in arrears
"""
# the row only sends the reader back to clause 6, which sent them here
_CIRCULAR_FEE = "the annual charge for the Subscription payable under clause 6"

_NY = "the State of New York"
_PRC = "the People's Republic of China"
_OPEN_SHARE = "[  ]% - to be settled between Landlord and Tenant before the Rent Commencement Date"

OPEN_ROW_CASES: list[tuple[str, str, str]] = [
    (
        "cn.essential.open_schedule_row",
        ZH_LICENCE.format(rate="由双方在许可产品量产后另行协商确定"),
        ZH_LICENCE.format(rate="净销售额的3%"),
    ),
    (
        "en.essential.open_schedule_row",
        EN_LEASE.format(law=_NY, share=_OPEN_SHARE),
        EN_LEASE.format(law=_NY, share="4.25%"),
    ),
    (
        "en.prc.essential.open_schedule_row",
        EN_LEASE.format(law=_PRC, share=_OPEN_SHARE),
        EN_LEASE.format(law=_PRC, share="4.25%"),
    ),
    (
        "en.essential.open_schedule_row",
        EN_SAAS.format(fee=_CIRCULAR_FEE),
        EN_SAAS.format(fee="GBP 24,000 a year, as clause 6 provides"),
    ),
]
