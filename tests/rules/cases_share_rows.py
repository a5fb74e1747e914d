"""Positive and negative texts for a payment table whose rows disagree on the whole they are
shares of (share_rows_disagree): the positive has one instalment whose sum is not its share of
the whole the other rows agree on; the negative has every row agree, and a twin whose shares
are tiered rates, which never agree on one whole."""

from __future__ import annotations

ZH_PLAN = """软件开发合同

甲方：杭州明川电子有限公司
乙方：宁波东港软件有限公司

第一条 合同总价为人民币壹佰捌拾陆万元整（¥1,860,000.00），按附件二分期支付。
第二条 因本合同引起的争议，提交杭州仲裁委员会仲裁。

附件二：付款计划表
序号 | 里程碑 | 付款比例 | 付款金额（人民币元）
1 | 合同生效 | 合同总价的30% | 558,000.00
2 | 需求确认 | 合同总价的25% | {second}
3 | 上线试运行 | 合同总价的30% | 558,000.00
4 | 终验合格 | 合同总价的15% | 279,000.00
合计 | — | 100% | 1,860,000.00
"""

EN_PLAN = """TECHNOLOGY LICENCE AGREEMENT

This Agreement is made on 3 March 2025 between Hollen Fluid Technology Limited ("Licensor") and Calder Pumps Limited ("Licensee").
1. The Licensee shall pay the Licensor an initial fee of {currency} 2,400,000 in the instalments set out in Schedule 3.
2. This Agreement is governed by {law}.

SCHEDULE 3 - INSTALMENTS
Instalment | Payment condition | Share | Amount
First | Within 15 days after the Effective Date | 30% | {currency} 720,000
Second | Within 15 days after delivery of the Documentation | 45% | {currency} 1,080,000
Third | Within 15 days after Acceptance | 25% | {currency} {third}
Total | | 100% | {currency} {total}
"""

# royalty tiers: each rate applies to its own band, so the rows assume no common whole
EN_TIERS = """TRADEMARK LICENCE AGREEMENT

This Agreement is made on 3 March 2025 between Hollen Brands Limited ("Licensor") and Calder Foods Limited ("Licensee").
1. The Licensee shall pay royalties on Net Sales in each Contract Year at the rates in Schedule 1.
2. This Agreement is governed by the laws of England and Wales.

SCHEDULE 1 - ROYALTY RATES
Band | Net Sales in the Contract Year | Rate | Royalty on the full band
A | up to £1,000,000 | 6% | £60,000
B | £1,000,001 to £3,000,000 | 5% | £100,000
C | £3,000,001 to £6,000,000 | 4% | £120,000
"""

ENGLAND = "the laws of England and Wales"
PRC = "the laws of the People's Republic of China"

SHARE_ROWS_CASES: list[tuple[str, str, str]] = [
    (
        "cn.amount.share_rows_disagree",
        ZH_PLAN.format(second="372,000.00"),
        ZH_PLAN.format(second="465,000.00"),
    ),
    (
        "en.amount.share_rows_disagree",
        EN_PLAN.format(currency="GBP", law=ENGLAND, third="720,000", total="2,520,000"),
        EN_PLAN.format(currency="GBP", law=ENGLAND, third="600,000", total="2,400,000"),
    ),
    (
        "en.prc.amount.share_rows_disagree",
        EN_PLAN.format(currency="RMB", law=PRC, third="720,000", total="2,520,000"),
        EN_PLAN.format(currency="RMB", law=PRC, third="600,000", total="2,400,000"),
    ),
]
