"""Realistic contract texts for the side tests; each is reviewed as every side."""

from __future__ import annotations

SALE_ZH = """设备买卖合同

甲方（买方）：上海恒远精密机械有限公司
乙方（卖方）：苏州博达数控设备有限公司

第一条 标的
1.1 乙方向甲方出售数控加工中心两台，型号BD-V650。

第二条 价款与支付
2.1 合同总价款为人民币壹佰万元整（¥1,000,000.00）。
2.2 本合同签订之日起五个工作日内，甲方向乙方支付定金人民币叁拾万元整（¥300,000.00）。
2.3 设备验收合格后三十日内，甲方支付剩余价款。

第三条 违约责任
3.1 乙方未按期交货的，应向甲方支付合同总价款35%的违约金。

第四条 争议解决
4.1 本合同适用中华人民共和国法律。因本合同引起的争议，提交上海国际仲裁中心仲裁。

甲方（盖章）：上海恒远精密机械有限公司
乙方（盖章）：苏州博达数控设备有限公司
"""

LABOUR_ZH = """劳动合同

甲方（用人单位）：杭州云帆信息技术有限公司
乙方（劳动者）：王明

第一条 合同期限
1.1 本合同为固定期限劳动合同，期限自2025年3月1日起至2026年2月28日止，共一年。
1.2 试用期为六个月。

第二条 工作内容与报酬
2.1 乙方担任软件工程师，月工资人民币18000元。

第三条 违约责任
3.1 乙方提前解除劳动合同的，应向甲方支付违约金人民币50000元。

甲方（盖章）：杭州云帆信息技术有限公司
乙方（签字）：王明
"""

SERVICES_EN = """MASTER SERVICES AGREEMENT

This Master Services Agreement (the "Agreement") is entered into as of March 3, 2025 by and \
between Northwind Analytics, Inc., a Delaware corporation ("Provider"), and Harbor Freight \
Logistics LLC, a Washington limited liability company ("Customer").

1. Services
1.1 Provider shall provide the data analytics services described in Schedule A.

2. Fees
2.1 Customer shall pay Provider a monthly fee of US$20,000 within thirty (30) days of invoice.

3. Liability
3.1 Each party's total liability under this Agreement shall not exceed the fees paid in the \
twelve (12) months preceding the claim.
3.2 Provider shall indemnify Customer against all third-party claims, and this indemnity is not \
subject to any limitation of liability.

4. Governing Law
4.1 This Agreement is governed by the laws of the State of New York.
"""
