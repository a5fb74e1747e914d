"""Positive and negative texts for the essential-term rows added on 2026-12-03 (technical
service, warehousing, finance lease, factoring): the positive mentions the fee but never fixes
it; the negative fixes it."""

from __future__ import annotations

_CONTRACT = """{title}

甲方：杭州明川电子有限公司
乙方：宁波东港供应链管理有限公司

第一条 {subject}
第二条 {fee}
第三条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

_ROWS: list[tuple[str, str, str, str, str]] = [
    (
        "cn.essential.tech_service",
        "设备运维技术服务合同",
        "乙方为甲方生产线提供设备巡检、故障排除等技术服务，服务内容以附件一为准。",
        "甲方应按季度向乙方支付技术服务费。",
        "技术服务费为每季度人民币叁万元整（¥30,000.00），于每季度首月十日前支付。",
    ),
    (
        "cn.essential.warehousing",
        "仓储合同",
        "乙方为甲方储存电子元器件等货物，仓储物的品名、数量以入库单为准。",
        "甲方应按月向乙方支付仓储费。",
        "仓储费按每托盘每日人民币3元计算，按月结算。",
    ),
    (
        "cn.essential.finance_lease",
        "融资租赁合同",
        "乙方根据甲方的选择购买数控机床两台作为租赁物出租给甲方，租赁期限为三年。",
        "甲方应按期向乙方支付租金。",
        "租金总额为人民币壹佰贰拾万元整（¥1,200,000.00），分十二期按季度支付。",
    ),
    (
        "cn.essential.factoring",
        "保理合同",
        "甲方将其对江苏澄远新能源装备有限公司的应收账款转让给乙方。",
        "乙方向甲方提供保理融资款，甲方向乙方支付保理费。",
        "乙方向甲方提供保理融资款人民币捌佰万元整（¥8,000,000.00），保理费按年费率6%计收。",
    ),
]

ESSENTIAL_ZH_CASES: list[tuple[str, str, str]] = [
    (
        rule,
        _CONTRACT.format(title=title, subject=subject, fee=open_fee),
        _CONTRACT.format(title=title, subject=subject, fee=fixed_fee),
    )
    for rule, title, subject, open_fee, fixed_fee in _ROWS
]
