"""Catalogue cases for the arithmetic a contract states: an equation, a spelled-out sum, shares
of one base, and a table's own rows (each with its lawful twin)."""

from __future__ import annotations

ZH_SALE = """设备采购合同

甲方（买方）：杭州明川电子有限公司
乙方（卖方）：苏州恒达机械有限公司

第一条 合同价款
1.1 合同总价为人民币1,200,000.00元（含税）。
1.2 {clause}
第二条 本合同适用中华人民共和国法律。
"""

EN_SERVICES = """MANAGED SERVICES AGREEMENT

This Agreement is made on 1 March 2025 between Northgate Logistics Ltd ("Customer") and Brightline Systems Ltd ("Supplier").

5. CHARGES
5.1 The Charges for the Initial Term are £57,620 exclusive of VAT.
5.2 {clause}
12. GOVERNING LAW
12.1 This Agreement is governed by the laws of {law}.
"""

_ENGLAND = "England and Wales"
_PRC = "the People's Republic of China"

_ZH_EQ_BAD = "提前解约费按月租金计算：12 × 15,570.00元 × 35% = 66,394.00元。"
_ZH_EQ_OK = "提前解约费按月租金计算：12 × 15,570.00元 × 35% = 65,394.00元。"
_EN_EQ_BAD = "The Early Termination Charge is 12 x £15,570.00 x 35% = £66,394.00."
_EN_EQ_OK = "The Early Termination Charge is 12 x £15,570.00 x 35% = £65,394.00."
_ZH_SUM_BAD = "设备款人民币1,061,946.90元，加增值税人民币138,053.10元，合计人民币1,210,000.00元。"
_ZH_SUM_OK = "设备款人民币1,061,946.90元，加增值税人民币138,053.10元，合计人民币1,200,000.00元。"
_EN_SUM_BAD = (
    "The set-up charge is £20,000.00 exclusive of VAT, plus VAT of £4,000.00, that is £25,000.00."
)
_EN_SUM_OK = (
    "The set-up charge is £20,000.00 exclusive of VAT, plus VAT of £4,000.00, that is £24,000.00."
)
_ZH_SHARE_BAD = (
    "甲方分三期付款：第一期为合同总价的30%，即人民币360,000.00元；第二期为合同总价的60%，"
    "即人民币720,000.00元；第三期为合同总价的10%，即人民币130,000.00元。"
)
_ZH_SHARE_OK = _ZH_SHARE_BAD.replace("130,000.00", "120,000.00")
_EN_SHARE_BAD = (
    "The Customer shall pay a first instalment of £14,405 (25%), a second instalment of "
    "£28,810 (50%) and the balance of £15,405 (25%)."
)
_EN_SHARE_OK = _EN_SHARE_BAD.replace("£15,405", "£14,405")
_ZH_TABLE = """设备清单如下：
设备 | 数量 | 单价（元） | 金额（元）
注塑机 | 2 | 420,000.00 | 840,000.00
模温机 | 4 | 32,000.00 | {amount}
干燥机 | 3 | 8,000.00 | 24,000.00
"""
_EN_TABLE = """The Charges by Contract Year are:
Contract Year | Charges (excl. VAT) | VAT | Charges (incl. VAT)
Year 1 | £510,000 | £102,000 | £612,000
Year 2 | £510,000 | £102,000 | {amount}
Year 3 | £480,000 | £96,000 | £576,000
"""

_ZH_TAX = (
    "合同总价为含税价¥1,272,000.00，其中不含税金额为¥1,200,000.00，按6%税率计算的增值税为¥{tax}。"
)
_EN_TAX = """The Contract Sum is:
Contract Sum (excl. VAT) | £2,460,000
VAT at 20% | £{tax}
Contract Sum (incl. VAT) | £2,952,000
"""

_ZH_TAX_SUM = "不含税合计：1,061,946.90元；增值税额：{tax}元；含税合计：1,200,000.00元。"
_EN_TAX_SUM = (
    "The set-up charge is RMB 20,000.00 exclusive of VAT; VAT RMB {tax}; RMB 22,600.00 in total."
)
_ZH_DEPOSIT = (
    "甲方应于签约后五日内支付定金人民币贰拾肆万元整（¥240,000.00）。\n"
    "1.3 定金：人民币{words}（¥{figure}），于交货后抵作价款。"
)
_EN_DEPOSIT = (
    'The Customer shall pay a deposit of £11,524 (the "Initial Deposit") on signing. '
    "The Initial Deposit of £{figure} is credited against the first invoice."
)

_ZH_RENT_PLAN = """租金总额为人民币1,200,000.00元，分四期支付，各期金额以下表为准。
期数 | 应付日期 | 租金金额（元）
第1期 | 2025年6月30日 | 300,000.00
第2期 | 2025年9月30日 | 300,000.00
第3期 | 2025年12月31日 | {third}
第4期 | 2026年3月31日 | 300,000.00
"""
_EN_FEE_PLAN = """The total Fee of £57,620 is payable in three instalments as follows.
Instalment | Due date | Amount
First | 1 April 2025 | £14,405
Second | 1 July 2025 | £28,810
Third | 1 October 2025 | {third}
"""

_ZH_PERIOD_FEE = "物业服务费合计每月人民币356,048.00元。\n1.3 物业服务费按季度预付，每季度物业服务费为人民币{q}元。"
_EN_PERIOD_FEE = (
    "The Customer shall pay a monthly Service Charge of £4,250. "
    "The annual Service Charge of £{year} is invoiced in twelve equal parts."
)

WORKED_SUM_CASES: list[tuple[str, str, str]] = [
    (
        "cn.amount.period_fee_mismatch",
        ZH_SALE.format(clause=_ZH_PERIOD_FEE.format(q="1,086,144.00")),
        ZH_SALE.format(clause=_ZH_PERIOD_FEE.format(q="1,068,144.00")),
    ),
    (
        "en.amount.period_fee_mismatch",
        EN_SERVICES.format(clause=_EN_PERIOD_FEE.format(year="52,000"), law=_ENGLAND),
        EN_SERVICES.format(clause=_EN_PERIOD_FEE.format(year="51,000"), law=_ENGLAND),
    ),
    (
        "en.prc.amount.period_fee_mismatch",
        EN_SERVICES.format(clause=_EN_PERIOD_FEE.format(year="52,000"), law=_PRC),
        EN_SERVICES.format(clause=_EN_PERIOD_FEE.format(year="51,000"), law=_PRC),
    ),
    (
        "cn.amount.instalment_table_vs_total",
        ZH_SALE.format(clause=_ZH_RENT_PLAN.format(third="270,000.00")),
        ZH_SALE.format(clause=_ZH_RENT_PLAN.format(third="300,000.00")),
    ),
    (
        "en.amount.instalment_table_vs_total",
        EN_SERVICES.format(clause=_EN_FEE_PLAN.format(third="£15,405"), law=_ENGLAND),
        EN_SERVICES.format(clause=_EN_FEE_PLAN.format(third="£14,405"), law=_ENGLAND),
    ),
    (
        "en.prc.amount.instalment_table_vs_total",
        EN_SERVICES.format(clause=_EN_FEE_PLAN.format(third="£15,405"), law=_PRC),
        EN_SERVICES.format(clause=_EN_FEE_PLAN.format(third="£14,405"), law=_PRC),
    ),
    (
        "cn.amount.tax_sum_wrong",
        ZH_SALE.format(clause=_ZH_TAX_SUM.format(tax="148,053.10")),
        ZH_SALE.format(clause=_ZH_TAX_SUM.format(tax="138,053.10")),
    ),
    (
        "en.amount.tax_sum_wrong",
        EN_SERVICES.format(clause=_EN_TAX_SUM.format(tax="2,700.00"), law=_ENGLAND),
        EN_SERVICES.format(clause=_EN_TAX_SUM.format(tax="2,600.00"), law=_ENGLAND),
    ),
    (
        "en.prc.amount.tax_sum_wrong",
        EN_SERVICES.format(clause=_EN_TAX_SUM.format(tax="2,700.00"), law=_PRC),
        EN_SERVICES.format(clause=_EN_TAX_SUM.format(tax="2,600.00"), law=_PRC),
    ),
    (
        "cn.amount.named_sum_stated_twice",
        ZH_SALE.format(clause=_ZH_DEPOSIT.format(words="贰拾伍万元整", figure="250,000.00")),
        ZH_SALE.format(clause=_ZH_DEPOSIT.format(words="贰拾肆万元整", figure="240,000.00")),
    ),
    (
        "en.amount.named_sum_stated_twice",
        EN_SERVICES.format(clause=_EN_DEPOSIT.format(figure="12,524"), law=_ENGLAND),
        EN_SERVICES.format(clause=_EN_DEPOSIT.format(figure="11,524"), law=_ENGLAND),
    ),
    (
        "en.prc.amount.named_sum_stated_twice",
        EN_SERVICES.format(clause=_EN_DEPOSIT.format(figure="12,524"), law=_PRC),
        EN_SERVICES.format(clause=_EN_DEPOSIT.format(figure="11,524"), law=_PRC),
    ),
    (
        "cn.amount.tax_between_net_and_gross",
        ZH_SALE.format(clause=_ZH_TAX.format(tax="73,000.00")),
        ZH_SALE.format(clause=_ZH_TAX.format(tax="72,000.00")),
    ),
    (
        "en.amount.tax_between_net_and_gross",
        EN_SERVICES.format(clause=_EN_TAX.format(tax="482,000"), law=_ENGLAND),
        EN_SERVICES.format(clause=_EN_TAX.format(tax="492,000"), law=_ENGLAND),
    ),
    (
        "en.prc.amount.tax_between_net_and_gross",
        EN_SERVICES.format(clause=_EN_TAX.format(tax="482,000"), law=_PRC),
        EN_SERVICES.format(clause=_EN_TAX.format(tax="492,000"), law=_PRC),
    ),
    (
        "cn.amount.worked_sum_wrong",
        ZH_SALE.format(clause=_ZH_EQ_BAD),
        ZH_SALE.format(clause=_ZH_EQ_OK),
    ),
    (
        "en.amount.worked_sum_wrong",
        EN_SERVICES.format(clause=_EN_EQ_BAD, law=_ENGLAND),
        EN_SERVICES.format(clause=_EN_EQ_OK, law=_ENGLAND),
    ),
    (
        "en.prc.amount.worked_sum_wrong",
        EN_SERVICES.format(clause=_EN_EQ_BAD, law=_PRC),
        EN_SERVICES.format(clause=_EN_EQ_OK, law=_PRC),
    ),
    (
        "cn.amount.spelled_sum_wrong",
        ZH_SALE.format(clause=_ZH_SUM_BAD),
        ZH_SALE.format(clause=_ZH_SUM_OK),
    ),
    (
        "en.amount.spelled_sum_wrong",
        EN_SERVICES.format(clause=_EN_SUM_BAD, law=_ENGLAND),
        EN_SERVICES.format(clause=_EN_SUM_OK, law=_ENGLAND),
    ),
    (
        "en.prc.amount.spelled_sum_wrong",
        EN_SERVICES.format(clause=_EN_SUM_BAD, law=_PRC),
        EN_SERVICES.format(clause=_EN_SUM_OK, law=_PRC),
    ),
    (
        "cn.amount.share_base_disagrees",
        ZH_SALE.format(clause=_ZH_SHARE_BAD),
        ZH_SALE.format(clause=_ZH_SHARE_OK),
    ),
    (
        "en.amount.share_base_disagrees",
        EN_SERVICES.format(clause=_EN_SHARE_BAD, law=_ENGLAND),
        EN_SERVICES.format(clause=_EN_SHARE_OK, law=_ENGLAND),
    ),
    (
        "en.prc.amount.share_base_disagrees",
        EN_SERVICES.format(clause=_EN_SHARE_BAD, law=_PRC),
        EN_SERVICES.format(clause=_EN_SHARE_OK, law=_PRC),
    ),
    (
        "cn.amount.table_arithmetic_breaks",
        ZH_SALE.format(clause=_ZH_TABLE.format(amount="138,000.00")),
        ZH_SALE.format(clause=_ZH_TABLE.format(amount="128,000.00")),
    ),
    (
        "en.amount.table_arithmetic_breaks",
        EN_SERVICES.format(clause=_EN_TABLE.format(amount="£622,000"), law=_ENGLAND),
        EN_SERVICES.format(clause=_EN_TABLE.format(amount="£612,000"), law=_ENGLAND),
    ),
    (
        "en.prc.amount.table_arithmetic_breaks",
        EN_SERVICES.format(clause=_EN_TABLE.format(amount="£622,000"), law=_PRC),
        EN_SERVICES.format(clause=_EN_TABLE.format(amount="£612,000"), law=_PRC),
    ),
]
