"""Catalogue cases for the unit-price rules: one item's count x unit price against the stated
total (the positive: 2 x 450,000 against 1,000,000; the twin: 1,000,000 against 1,000,000)."""

from __future__ import annotations

_ZH = """设备买卖合同

甲方（买方）：杭州明川电子有限公司
乙方（卖方）：宁波东港机械有限公司

第一条 标的与价款
1.1 乙方向甲方出售数控车床2台，单价人民币{unit}元/台。
1.2 合同总价款为人民币1,000,000.00元，甲方于验收合格后十日内付清。
第二条 交货
2.1 乙方应于2025年5月30日前将设备交付至甲方位于杭州市滨江区的仓库。
第三条 违约责任
3.1 任何一方违约的，应赔偿对方因此遭受的损失。
第四条 争议解决
4.1 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

_EN = """SUPPLY AGREEMENT

This Supply Agreement is made on June 2, 2025 between Harrow Tools, Inc. ("Supplier") and Calder Farms LLC ("Buyer").
1. The Supplier shall sell and the Buyer shall buy 40 units of the Goods at a unit price of US${unit}.
2. The total Contract Price is US$200,000, payable within thirty days of delivery.
3. Either party's liability is limited to the Contract Price.
4. This Agreement is governed by the laws of {law}.
"""
_NY = "the State of New York"
_PRC = "the People's Republic of China"

UNIT_PRICE_CASES: list[tuple[str, str, str]] = [
    ("cn.amount.unit_price_vs_total", _ZH.format(unit="450,000"), _ZH.format(unit="500,000")),
    (
        "en.amount.unit_price_vs_total",
        _EN.format(unit="4,500", law=_NY),
        _EN.format(unit="5,000", law=_NY),
    ),
    (
        "en.prc.amount.unit_price_vs_total",
        _EN.format(unit="4,500", law=_PRC),
        _EN.format(unit="5,000", law=_PRC),
    ),
]
