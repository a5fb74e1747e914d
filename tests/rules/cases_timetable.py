"""Catalogue cases for stages out of order (installation due before the goods must arrive; the
twin moves installation after delivery) and for a quality standard or a delivery time left to
later agreement (the twins name the national standard, or a date with only each batch's time
left open)."""

from __future__ import annotations

ZH_WORKS = """不锈钢储罐定作合同

甲方（定作人）：杭州明川食品有限公司
乙方（承揽人）：宁波东港机械有限公司

第一条 定作物为304不锈钢储罐4台，合同总价款为人民币800,000.00元。
第二条 质量标准。{quality}
第三条 交付与安装
3.1 定作物应于2025年9月30日前全部运抵甲方厂区。
3.2 乙方应于{install}前完成全部储罐的安装及调试。
第四条 违约责任。任何一方违约的，应赔偿对方因此遭受的损失。
第五条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""
ZH_STANDARD = "定作物应符合GB 150-2011《压力容器》及附件一所列技术参数。"
ZH_DEFERRED_QUALITY = "定作物的技术参数及验收标准，由双方在图纸会审时另行协商确定。"

EN_WORKS = """EQUIPMENT SUPPLY AND INSTALLATION AGREEMENT

This Agreement is made on June 2, 2025 between Harrow Process Systems, Inc. ("Supplier") and Calder Foods LLC ("Customer").
1. The Supplier shall supply four stainless steel tanks for a total Contract Price of US$800,000.
2. Delivery of all tanks to the Customer's plant shall take place no later than September 30, 2025.
3. Installation and commissioning of the tanks shall be completed by {install}.
4. Either party's liability is limited to the Contract Price.
5. This Agreement is governed by the laws of {law}.
"""
ZH_SUPPLY = """原材料采购合同

甲方（买方）：杭州明川食品有限公司
乙方（卖方）：宁波东港化工有限公司

第一条 乙方向甲方出售食品级柠檬酸20吨，单价人民币8,000元/吨，合同总价款为人民币160,000.00元。
第二条 质量标准。货物应符合GB 1886.235-2016的规定。
第三条 交货。{delivery}交货地点为甲方位于杭州市萧山区的仓库。
第四条 违约责任。任何一方违约的，应赔偿对方因此遭受的损失。
第五条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""
ZH_DEFERRED_DELIVERY = "具体交货时间由双方另行协商确定。"
ZH_FIXED_DELIVERY = (
    "乙方应于2025年8月31日前一次性交货；分批交货的，每批的交货时间由双方另行协商确定。"
)

_NY = "the State of New York"
_PRC = "the People's Republic of China"

TIMETABLE_CASES: list[tuple[str, str, str]] = [
    (
        "cn.date.stage_before_earlier_stage",
        ZH_WORKS.format(quality=ZH_STANDARD, install="2025年9月15日"),
        ZH_WORKS.format(quality=ZH_STANDARD, install="2025年10月20日"),
    ),
    (
        "en.date.stage_before_earlier_stage",
        EN_WORKS.format(install="September 15, 2025", law=_NY),
        EN_WORKS.format(install="October 20, 2025", law=_NY),
    ),
    (
        "en.prc.date.stage_before_earlier_stage",
        EN_WORKS.format(install="September 15, 2025", law=_PRC),
        EN_WORKS.format(install="October 20, 2025", law=_PRC),
    ),
    (
        "cn.essential.deferred_performance",
        ZH_SUPPLY.format(delivery=ZH_DEFERRED_DELIVERY),
        ZH_SUPPLY.format(delivery=ZH_FIXED_DELIVERY),
    ),
    (
        "cn.essential.deferred_quality",
        ZH_WORKS.format(quality=ZH_DEFERRED_QUALITY, install="2025年10月20日"),
        ZH_WORKS.format(quality=ZH_STANDARD, install="2025年10月20日"),
    ),
]
