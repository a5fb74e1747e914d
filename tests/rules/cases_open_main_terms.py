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

ZH_NAMED_GUARANTEE = """保证合同

对应主合同编号：{number}
债权人（甲方）：山东鲁信达商贸有限公司
保证人（乙方）：潍坊瑞丰控股有限公司

第二条 保证范围：乙方保证的范围包括主合同项下的货款本金、逾期付款违约金及实现债权的费用。
第四条 主合同：本合同所称主合同，指本合同首部所载对应主合同编号项下的《钢材购销合同》，主债权的数额及履行期限以主合同的约定为准。
第九条 因本合同引起的争议，向甲方住所地人民法院起诉。
"""

EN_NAMED_GUARANTEE = """GUARANTEE

Principal Agreement No.: {number}
This Guarantee is made on 5 May 2025 by Ganhao Industrial Group Co., Ltd. ("Guarantor") in favour of Runchi Petrochemical Sales Co., Ltd. ("Creditor").
1. The Guarantor guarantees the due payment of all sums owing by the Debtor under the Principal Agreement whose number is stated above.
9. This Guarantee is governed by {law}.
"""

GUARANTEE_CASES: list[tuple[str, str, str]] = [
    (
        "cn.essential.secured_debt_left_blank",
        ZH_NAMED_GUARANTEE.format(number="__________"),
        ZH_NAMED_GUARANTEE.format(number="LXD-GX-2024-117"),
    ),
    (
        "en.essential.secured_debt_left_blank",
        EN_NAMED_GUARANTEE.format(number="__________", law=_ENGLAND),
        EN_NAMED_GUARANTEE.format(number="RC-2025-0419", law=_ENGLAND),
    ),
    (
        "en.prc.essential.secured_debt_left_blank",
        EN_NAMED_GUARANTEE.format(number="[   ]", law=_PRC),
        EN_NAMED_GUARANTEE.format(number="RC-2025-0419", law=_PRC),
    ),
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

ZH_PROCESSING = """加工合同

定作人（甲方）：无锡恒锐精密机械有限公司
承揽人（乙方）：常州捷达钣金制品有限公司

第一条 乙方按甲方图纸加工铝合金安装支架8,000件，加工费单价人民币21.50元/件。
第五条 甲方应于每批产品到库后五个工作日内，依附件二规定的检验项目及合格判定标准进行验收；验收合格后三十日内付款。
第十一条 因本合同引起的争议，向甲方所在地人民法院起诉。

附件二：技术要求及验收标准
项目 | 要求
包装 | 每件单独套袋，每箱40件
{row}

甲方（盖章）：无锡恒锐精密机械有限公司
"""

ANNEX_CRITERIA_CASES: list[tuple[str, str, str]] = [
    (
        "cn.essential.criteria_absent_from_annex",
        ZH_PROCESSING.format(row="唛头 | 箱外标注物料编码及批次号"),
        ZH_PROCESSING.format(row="孔距公差 | ±0.1mm，按GB/T 2828.1一般检验水平II抽样，AQL 1.0"),
    ),
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

ZH_EVENT = """活动策划与执行服务合同

委托方（甲方）：杭州澜庭家居用品有限公司
服务方（乙方）：杭州星启文化传播有限公司

第1条 乙方为甲方2025年秋季新品发布会提供策划、场地搭建及执行服务，服务费总额为人民币186,000元。{date}
第3条 乙方应在活动日前一日14:00起进场搭建，活动结束后当日24:00前完成撤场。
第7条 甲方应于活动日前十日向乙方提供来宾名单及品牌视觉素材。
第12条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

EN_EVENT = """EVENT SPONSORSHIP AGREEMENT

This Agreement is made on 3 February 2025 between Harbour Events Ltd (the "Organiser") and Orchard Cider Co Ltd (the "Sponsor").
Clause 3. The Organiser shall stage the Event at Mayflower Park, Southampton.{date}
Clause 5. The Sponsor shall pay GBP 36,000 within 14 days after the date of this Agreement and GBP 36,000 no later than 28 days before the first day of the Event.
Clause 7. Logo placement shall begin no later than eight weeks before the first day of the Event.
Clause 15. This Agreement is governed by {law}.
"""

EVENT_CASES: list[tuple[str, str, str]] = [
    (
        "cn.essential.event_never_dated",
        ZH_EVENT.format(date=""),
        ZH_EVENT.format(date="发布会于2025年9月18日在杭州国际博览中心举办。"),
    ),
    (
        "en.essential.event_never_dated",
        EN_EVENT.format(date="", law=_ENGLAND),
        EN_EVENT.format(
            date=" The Event will take place on 12 to 14 September 2025.", law=_ENGLAND
        ),
    ),
    (
        "en.prc.essential.event_never_dated",
        EN_EVENT.format(date="", law=_PRC),
        EN_EVENT.format(date=" The Event will take place on 12 to 14 September 2025.", law=_PRC),
    ),
]
