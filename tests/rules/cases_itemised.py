"""Positive and negative texts for priced items that do not add up to the total
(itemised_total_mismatch): the negative's items add up."""

from __future__ import annotations

ZH_ITEMS = """设备买卖合同

买方（甲方）：佛山市南海区骏达五金制品有限公司
卖方（乙方）：宁波恒锐数控机床有限公司

第一条 标的及数量：（1）立式加工中心4台，单价人民币268,000元，小计人民币1,072,000元；（2）数控车床6台，单价人民币96,500元，小计人民币579,000元；（3）安装调试及培训服务1项，人民币{service}元。
第二条 合同价款：本合同总价款为人民币壹佰柒拾叁万玖仟元整（¥1,739,000.00）。
第三条 因本合同引起的争议，提交佛山仲裁委员会仲裁。
"""
EN_ITEMS = """EQUIPMENT SUPPLY AGREEMENT

This Agreement is made between Harrow Systems Limited ("Supplier") and Calder Freight Limited ("Buyer").
1. Items: (1) four racking units at a unit price of GBP 12,500, subtotal GBP 50,000; (2) two forklift chargers, subtotal GBP 9,000; (3) installation and training, GBP {service}.
2. The total Contract Price is GBP 68,000.
3. This Agreement is governed by {law}.
"""
ENGLAND = "the laws of England and Wales"
PRC = "the laws of the People's Republic of China"

ITEMISED_CASES: list[tuple[str, str, str]] = [
    (
        "cn.amount.itemised_total_mismatch",
        ZH_ITEMS.format(service="48,000"),
        ZH_ITEMS.format(service="88,000"),
    ),
    (
        "en.amount.itemised_total_mismatch",
        EN_ITEMS.format(service="5,000", law=ENGLAND),
        EN_ITEMS.format(service="9,000", law=ENGLAND),
    ),
    (
        "en.prc.amount.itemised_total_mismatch",
        EN_ITEMS.format(service="5,000", law=PRC),
        EN_ITEMS.format(service="9,000", law=PRC),
    ),
]
