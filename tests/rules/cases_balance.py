"""Catalogue cases for a balance stated after a deduction (the positive: 8,618,000 less the
1,880,000 earnest money stated as 6,783,000; the twin states 6,738,000)."""

from __future__ import annotations

ZH_SALE = """钢材买卖合同

甲方（买方）：杭州明川建设有限公司
乙方（卖方）：宁波东港钢铁贸易有限公司

第一条 乙方向甲方出售热轧钢板500吨，合同总价款为人民币8,618,000.00元（含增值税）。
第二条 甲方应于本合同签订之日起五日内向乙方支付定金人民币1,000,000.00元。
第三条 扣除定金后的余款人民币{balance}元，甲方应于货物验收合格后三十日内付清。
第四条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

EN_SALE = """STEEL PLATE SALES CONTRACT

This Contract is made on 2 June 2025 between Ningbo Donggang Steel Trading Co., Ltd. (the "Seller") and Hangzhou Mingchuan Construction Co., Ltd. (the "Buyer").
1. The Seller shall sell 500 tonnes of hot-rolled steel plate to the Buyer. The Contract Price is RMB 8,618,000.00 inclusive of VAT.
2. The Buyer shall pay the Seller a deposit of RMB 1,000,000.00 (the "Advance Payment") within five days after signing.
3. The balance of the Contract Price after crediting the Advance Payment, being RMB {balance}, shall be paid within 30 days after acceptance.
4. This Contract is governed by the laws of {law}.
"""
_NY = "the State of New York"
_PRC = "the People's Republic of China"

BALANCE_CASES: list[tuple[str, str, str]] = [
    (
        "cn.amount.balance_after_deduction",
        ZH_SALE.format(balance="7,681,000.00"),
        ZH_SALE.format(balance="7,618,000.00"),
    ),
    (
        "en.amount.balance_after_deduction",
        EN_SALE.format(balance="7,681,000.00", law=_NY),
        EN_SALE.format(balance="7,618,000.00", law=_NY),
    ),
    (
        "en.prc.amount.balance_after_deduction",
        EN_SALE.format(balance="7,681,000.00", law=_PRC),
        EN_SALE.format(balance="7,618,000.00", law=_PRC),
    ),
]
