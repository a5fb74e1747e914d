"""Positive and negative texts for a schedule row dated later than a period after the row it is
counted from (row_after_relative_deadline): the negative dates it within the period."""

from __future__ import annotations

EN_BATCHES = """MANUFACTURING AGREEMENT

This Agreement is made on 10 March 2025 between Harmon Appliances Ltd ("Customer") and Ningbo Ruifeng Electric Co., Ltd. ("Manufacturer").
5.1 The Manufacturer shall deliver Batch 1 within seventy-five (75) days after the Effective Date.
5.2 The Manufacturer shall deliver Batch 2 within forty-five (45) days after the Batch 1 Delivery Date.
14.1 This Agreement is governed by {law}.

SCHEDULE 2 - DELIVERY TIMETABLE
Batch | Quantity (units) | Delivery Date | Batch Price (RMB)
Batch 1 | 20,000 | 24 May 2025 | 2,599,000.00
Batch 2 | 20,000 | {second} | 2,599,000.00
"""

ZH_BATCHES = """钢材买卖合同

买方（甲方）：上海建恒工程有限公司
卖方（乙方）：江苏沙钢物资贸易有限公司

第四条 乙方分两批交货，第二批货物应于第一批货物交付之日起30日内交付。
第十二条 因本合同引起的争议，提交上海仲裁委员会仲裁。

附件一：交货计划表
批次 | 数量（吨） | 交货时间
第一批 | 500 | 2025年5月10日
第二批 | 500 | {second}
"""

_NY = "the laws of the State of New York"
_PRC = "the laws of the People's Republic of China"

RELATIVE_ROW_CASES: list[tuple[str, str, str]] = [
    (
        "cn.date.row_after_relative_deadline",
        ZH_BATCHES.format(second="2025年6月20日"),
        ZH_BATCHES.format(second="2025年6月9日"),
    ),
    (
        "en.date.row_after_relative_deadline",
        EN_BATCHES.format(second="18 July 2025", law=_NY),
        EN_BATCHES.format(second="8 July 2025", law=_NY),
    ),
    (
        "en.prc.date.row_after_relative_deadline",
        EN_BATCHES.format(second="18 July 2025", law=_PRC),
        EN_BATCHES.format(second="8 July 2025", law=_PRC),
    ),
]

EN_RENEWAL = """DISTRIBUTION AGREEMENT

This Agreement is made on January 2, 2025 between Lakeview Pumps Inc. ("Supplier") and Orchard Water LLC ("Distributor").
7. TERM AND RENEWAL. This Agreement continues until December 31, 2026 (the "Initial Term") and then renews automatically for one (1) year, unless either party gives written notice of non-renewal at least ninety (90) days before the expiry of the Initial Term.
14. This Agreement is governed by {law}.

EXHIBIT B - KEY DATES
Expiry of the Initial Term | December 31, 2026
Last day for receipt of notice of non-renewal of the Initial Term | {last}
"""

RELATIVE_ROW_CASES += [
    (
        "en.date.notice_deadline_after_window",
        EN_RENEWAL.format(last="October 15, 2026", law=_NY),
        EN_RENEWAL.format(last="October 2, 2026", law=_NY),
    ),
    (
        "en.prc.date.notice_deadline_after_window",
        EN_RENEWAL.format(last="October 15, 2026", law=_PRC),
        EN_RENEWAL.format(last="October 2, 2026", law=_PRC),
    ),
]

ZH_RENEWAL = """商铺租赁合同

出租方（甲方）：杭州禾丰置业有限公司
承租方（乙方）：宁波鲜面餐饮有限公司

第二条 租赁期限自2025年6月1日起至2027年5月31日止，共二十四个月。
第七条 租赁期限届满后乙方有意续租的，应于租赁期限届满前九十日向甲方提出书面续租申请。
第十九条 因本合同引起的争议，向房屋所在地人民法院起诉。

附件：关键日期
续租书面申请最迟送达日 | {last} | 第七条
"""

RELATIVE_ROW_CASES += [
    (
        "cn.date.notice_deadline_after_window",
        ZH_RENEWAL.format(last="2027年3月15日"),
        ZH_RENEWAL.format(last="2027年3月2日"),
    ),
]
