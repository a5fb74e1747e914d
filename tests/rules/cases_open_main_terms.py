"""Positive and negative texts for main terms left open: a lease that says when its term begins
but never when it ends (lease_without_end), a guarantee of debts still to arise with no maximum
(future_debts_without_maximum), the work a consultancy owes left to one side's later call and a
quantity left to the customer's later say (deferred_main_term). Each negative is the same
contract with the term fixed."""

from __future__ import annotations

ZH_LEASE = """商铺租赁合同

出租人（甲方）：杭州恒屿商业管理有限公司
承租人（乙方）：杭州味集餐饮管理有限公司

第三条 租赁期限{term}，自甲方将商铺交付乙方之日起计算。租赁期限届满后乙方需续租的，应提前三个月书面通知甲方。
第四条 月租金为人民币肆万贰仟元整（¥42,000.00），自第三个租赁年度起每年递增3%。
第九条 租赁期限届满或合同解除后15日内，乙方应返还商铺。
第十二条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

EN_LEASE = """LEASE AGREEMENT

This Lease is made on 3 March 2025 between Kennet Estates Ltd ("Landlord") and Brightwater Print Ltd ("Tenant").
3. Term. The lease period of the Premises runs from the Commencement Date{term}, and each period of twelve months beginning on the Commencement Date or an anniversary of it is a "Lease Year".
4. Rent. The rent is GBP 48,000 a year, payable quarterly in advance.
9. The deposit shall be repaid within 28 days after the end of the lease period.
15. This Lease is governed by {law}.
"""

_ENGLAND = "the laws of England and Wales"
_PRC = "the laws of the People's Republic of China"

LEASE_TERM_CASES: list[tuple[str, str, str]] = [
    (
        "cn.essential.lease_without_end",
        ZH_LEASE.format(term=""),
        ZH_LEASE.format(term="为五年"),
    ),
    (
        "en.essential.lease_without_end",
        EN_LEASE.format(term="", law=_ENGLAND),
        EN_LEASE.format(term=" for five (5) years", law=_ENGLAND),
    ),
    (
        "en.prc.essential.lease_without_end",
        EN_LEASE.format(term="", law=_PRC),
        EN_LEASE.format(term=" for five (5) years", law=_PRC),
    ),
]

ZH_GUARANTEE = """保证合同

债权人：上海润驰石化产品销售有限公司
保证人：江西赣昊实业集团有限公司

鉴于：南昌赣昊物流有限公司（以下简称“债务人”）长期向债权人采购润滑油产品，债权人与债务人之间已订立并将继续订立若干买卖合同及采购订单。
第一条 本合同项下被担保的主债权，为债权人因向债务人销售润滑油产品而对债务人享有的货款债权{cap}。
第二条 保证人承担连带责任保证。
第四条 保证期间为每笔债务履行期限届满之日起三年。
第十三条 因本合同发生的争议，向债权人住所地人民法院起诉。
"""

EN_GUARANTEE = """GUARANTEE

This Guarantee is made on 5 May 2025 by Ganhao Industrial Group Co., Ltd. ("Guarantor") in favour of Runchi Petrochemical Sales Co., Ltd. ("Creditor").
1. "Secured Obligations" means all sums now or at any time hereafter owing by Ganhao Logistics Co., Ltd. to the Creditor under purchase orders for lubricants{cap}.
2. The Guarantor guarantees the due payment of the Secured Obligations.
9. This Guarantee is governed by the laws of the People's Republic of China.
"""

GUARANTEE_CASES: list[tuple[str, str, str]] = [
    (
        "cn.essential.guarantee_future_debts_unbounded",
        ZH_GUARANTEE.format(cap=""),
        ZH_GUARANTEE.format(cap="，最高债权额为人民币伍佰万元整（¥5,000,000.00）"),
    ),
    (
        "en.prc.essential.guarantee_future_debts_unbounded",
        EN_GUARANTEE.format(cap=""),
        EN_GUARANTEE.format(cap=", up to a maximum amount of RMB 5,000,000"),
    ),
]

ZH_CONSULTING = """冷链物流体系优化咨询服务合同

委托方（甲方）：青岛海岳食品股份有限公司
受托方（乙方）：上海链策管理咨询有限公司

2、服务内容与成果：乙方围绕冷库布局、城配运输和温控管理开展调研和方案设计，形成书面咨询成果提交甲方。{scope}
3、服务期限：2025年6月1日至2025年11月30日。乙方应于服务期届满前交付全部咨询成果。
5、服务费总额为人民币肆拾捌万元整（¥480,000.00），乙方交付全部咨询成果并经甲方书面确认后15个工作日内支付70%。
10、因本合同引起的争议，提交青岛仲裁委员会仲裁。
"""

SCOPE_CASES: list[tuple[str, str, str]] = [
    (
        "cn.essential.deferred_scope",
        ZH_CONSULTING.format(
            scope="咨询成果的具体题目、份数及深度，由甲方项目负责人在服务期内视需要以工作联系单的形式提出。"
        ),
        ZH_CONSULTING.format(
            scope="咨询成果为《冷链网络诊断报告》《冷库布局优化方案》《城配运输方案》各一份，详见附件一。"
        ),
    ),
]

EN_PROCESSING = """PROCESSING CONTRACT

This Contract is made on 1 July 2025 between Ningbo Lanyue Textiles Co., Ltd. (the "Customer") and Shaoxing Huarun Dyeing Co., Ltd. (the "Processor").
Clause 3: The processing fee is RMB 4.60 per metre of Finished Fabric accepted by the Customer. The "Contract Price" is the processing fee multiplied by the Contract Quantity.
Clause 4: Within five working days after signing this Contract, the Customer shall pay an advance of 30% of the Contract Price.
Clause 5: The Processor shall reserve capacity sufficient to process {quantity} (the "Contract Quantity").
Clause 14: This Contract is governed by {law}.
"""

_LATER = "the total length of Finished Fabric that the Customer will specify in due course"
_FIXED = "a total length of 180,000 metres of Finished Fabric"

QUANTITY_CASES: list[tuple[str, str, str]] = [
    (
        "en.essential.deferred_quantity",
        EN_PROCESSING.format(quantity=_LATER, law="the laws of England and Wales"),
        EN_PROCESSING.format(quantity=_FIXED, law="the laws of England and Wales"),
    ),
    (
        "en.prc.essential.deferred_quantity",
        EN_PROCESSING.format(quantity=_LATER, law="the laws of the People's Republic of China"),
        EN_PROCESSING.format(quantity=_FIXED, law="the laws of the People's Republic of China"),
    ),
]

EN_DEVELOPMENT = """TECHNOLOGY DEVELOPMENT CONTRACT

This Contract is made on 22 April 2025 between Suzhou Kaiwei Precision Medical Devices Co., Ltd. (the "Client") and Hangzhou Lanxin Vision Technology Co., Ltd. (the "Developer").
Clause 4 Fee. The development fee is RMB 960,000, of which 80% is payable on acceptance.
Clause 5 Acceptance. The Client shall issue an Acceptance Certificate for the System if it meets the detection performance indicators set out in Annex 2.
Clause 14 This Contract is governed by {law}.

Annex 2 - Technical Specification
Parameter | Value
Line speed | Up to 18 metres per minute
Defect types | Coating scratches, bubbles, coating peel
{row}
"""

_NO_ROW = "Operating environment | 18 to 26 degrees Celsius"
_DETECTION_ROW = (
    "Detection rate | At least 99.5% of defects of 0.05 mm or larger; false rejects below 0.5%"
)
_PRC = "the laws of the People's Republic of China"

ANNEX_CRITERIA_CASES: list[tuple[str, str, str]] = [
    (
        "en.essential.criteria_absent_from_annex",
        EN_DEVELOPMENT.format(law="the laws of England and Wales", row=_NO_ROW),
        EN_DEVELOPMENT.format(law="the laws of England and Wales", row=_DETECTION_ROW),
    ),
    (
        "en.prc.essential.criteria_absent_from_annex",
        EN_DEVELOPMENT.format(law=_PRC, row=_NO_ROW),
        EN_DEVELOPMENT.format(law=_PRC, row=_DETECTION_ROW),
    ),
]
