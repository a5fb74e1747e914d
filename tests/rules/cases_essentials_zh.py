"""Positive and negative texts for the essential-term rows added on 2026-12-03 (technical
service, warehousing, finance lease, factoring; and on 2026-12-04 commission agency,
safekeeping, partnership, technology licence, performance): the positive mentions the fee but never fixes
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
    # the rows added on 2026-12-04 (twelfth session): 行纪, 保管, 合伙, 技术许可, 演出
    (
        "cn.essential.commission_agency",
        "行纪合同",
        "乙方以自己的名义为甲方销售附件一所列货物。",
        "甲方应向乙方支付行纪报酬。",
        "行纪报酬按成交金额的3%计算，每月结算。",
    ),
    (
        "cn.essential.safekeeping",
        "保管合同",
        "乙方为甲方保管其交付的档案资料及样品。",
        "甲方应按月向乙方支付保管费。",
        "保管费为每月人民币2,000元，按月支付。",
    ),
    (
        "cn.essential.partnership",
        "合伙协议",
        "甲乙双方合伙经营餐饮门店，利润按出资比例分配，亏损按出资比例分担。",
        "双方均以货币出资。",
        "甲方出资人民币60万元，乙方出资人民币40万元。",
    ),
    (
        "cn.essential.tech_transfer",
        "专利实施许可合同",
        "甲方许可乙方在中国境内实施其专利号为ZL202110000001.X的发明专利。",
        "乙方应向甲方支付许可使用费。",
        "许可使用费为人民币伍拾万元整（¥500,000.00），于本合同生效后十日内支付。",
    ),
    (
        "cn.essential.performance_fee",
        "演出合同",
        "乙方组织艺人于2025年10月1日在杭州大剧院演出一场。",
        "甲方应于演出前向乙方支付演出费。",
        "演出费为人民币捌万元整（¥80,000.00），于演出前支付。",
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
