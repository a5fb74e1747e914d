"""Positive and negative texts for periods laid out against the term: a named period dated two
ways or with a length its definition does not allow (named_period_dated_twice), and a periodic
schedule row that begins after the term ends (period_row_after_term). Each negative is the
same contract with the dates made to agree."""

from __future__ import annotations

ZH_LEASE_YEARS = """商铺租赁合同

出租人（甲方）：杭州恒屿商业管理有限公司
承租人（乙方）：杭州味集餐饮管理有限公司

第三条 租赁期限为三年，自2025年6月1日起至2028年5月31日止。本合同所称"租赁年度"，指自起租日起每满十二个月的期间，第一个租赁年度为2025年6月1日至2026年5月31日。
第四条 各租赁年度的月租金见附件。
第十二条 因本合同引起的争议，提交杭州仲裁委员会仲裁。

附件：租金明细表
租赁年度 | 起止期间 | 月租金（元）
第一租赁年度 | {first} | 42,000.00
第二租赁年度 | {second} | 43,260.00
第三租赁年度 | 2027年6月1日至2028年5月31日 | 44,557.80
"""

EN_CONTRACT_YEARS = """SERVICES AGREEMENT

This Agreement is made on 20 March 2025 between Northgate Facilities Ltd ("Customer") and Brightline Cleaning Services Ltd ("Provider").
1.1 "Contract Year" means each successive period of twelve (12) months, the first beginning on 1 April 2025.
4.1 The Annual Fee for each Contract Year is set out in Schedule 2.
15.1 This Agreement is governed by {law}.

SCHEDULE 2 - FEES
Contract Year | Period | Annual Fee (GBP)
Contract Year 1 | {first} | 120,000
Contract Year 2 | 1 April 2026 to 31 March 2027 | 124,800
"""

ZH_RENT_PERIODS = """挖掘机租赁合同

出租方（甲方）：安徽中固工程机械租赁有限公司
承租方（乙方）：合肥滨湖路桥建设有限公司

第三条 租赁期限。租赁期限为{months}个月，自2025年7月8日起至{end}止。
第四条 租金按租赁季度结算，乙方应于每一租赁季度届满后十日内支付该季度租金人民币贰拾万零肆仟元整（¥204,000.00）。各期租金的所属期间见附件二。
第十条 因本合同引起的争议，提交合肥仲裁委员会仲裁。

附件二：租金支付计划
期次 | 所属期间 | 付款截止日 | 金额（元）
第1期 | 2025年7月8日至2025年10月7日 | 2025年10月17日 | 204,000
第2期 | 2025年10月8日至2026年1月7日 | 2026年1月17日 | 204,000
第3期 | 2026年1月8日至2026年4月7日 | 2026年4月17日 | 204,000
第4期 | 2026年4月8日至2026年7月7日 | 2026年7月17日 | 204,000
"""

EN_BILLING_QUARTERS = """EQUIPMENT MAINTENANCE AGREEMENT

This Agreement is made on 3 February 2025 between Harbour Lift Services Ltd ("Contractor") and Quayside Properties plc ("Client").
2.1 The term of this Agreement is one year, from 1 March 2025 to {end}.
5.1 The Client shall pay the quarterly charge for each billing period in Schedule 1 within 30 days of invoice.
14.1 This Agreement is governed by {law}.

SCHEDULE 1 - CHARGES
Billing period | Dates | Charge (GBP)
Quarter 1 | 1 March 2025 to 31 May 2025 | 6,000
Quarter 2 | 1 June 2025 to 31 August 2025 | 6,000
Quarter 3 | 1 September 2025 to 30 November 2025 | 6,000
Quarter 4 | 1 December 2025 to 28 February 2026 | 6,000
Quarter 5 | 1 March 2026 to 31 May 2026 | 6,000
"""

_ENGLAND = "the laws of England and Wales"
_PRC = "the laws of the People's Republic of China"

TERM_PERIOD_CASES: list[tuple[str, str, str]] = [
    (
        "cn.date.named_period_dated_twice",
        ZH_LEASE_YEARS.format(
            first="2025年6月1日至2025年12月31日", second="2026年1月1日至2027年5月31日"
        ),
        ZH_LEASE_YEARS.format(
            first="2025年6月1日至2026年5月31日", second="2026年6月1日至2027年5月31日"
        ),
    ),
    (
        "en.date.named_period_dated_twice",
        EN_CONTRACT_YEARS.format(first="1 April 2025 to 31 December 2025", law=_ENGLAND),
        EN_CONTRACT_YEARS.format(first="1 April 2025 to 31 March 2026", law=_ENGLAND),
    ),
    (
        "en.prc.date.named_period_dated_twice",
        EN_CONTRACT_YEARS.format(first="1 April 2025 to 31 December 2025", law=_PRC),
        EN_CONTRACT_YEARS.format(first="1 April 2025 to 31 March 2026", law=_PRC),
    ),
    (
        "cn.date.period_row_after_term",
        ZH_RENT_PERIODS.format(months="九", end="2026年4月7日"),
        ZH_RENT_PERIODS.format(months="十二", end="2026年7月7日"),
    ),
    (
        "en.date.period_row_after_term",
        EN_BILLING_QUARTERS.format(end="28 February 2026", law=_ENGLAND),
        EN_BILLING_QUARTERS.format(end="31 May 2026", law=_ENGLAND),
    ),
    (
        "en.prc.date.period_row_after_term",
        EN_BILLING_QUARTERS.format(end="28 February 2026", law=_PRC),
        EN_BILLING_QUARTERS.format(end="31 May 2026", law=_PRC),
    ),
]
