"""Positive and negative texts for a price given only as a band (price_range_open), a main term
sent to an annex that only promises a later agreement (annex_left_to_later), and English
acceptance criteria left to later agreement (deferred_main_term). Each negative is the same
contract with the term fixed."""

from __future__ import annotations

_ENGLAND = "the laws of England and Wales"
_PRC = "the laws of the People's Republic of China"

ZH_STEEL = """冷轧钢板买卖合同

买方（甲方）：常州恒展机械制造有限公司
卖方（乙方）：江阴鑫达金属材料有限公司

第二条 数量。乙方向甲方供应冷轧钢板600吨，分三批交付。
第三条 价格。本合同项下冷轧钢板含税单价{price}，该单价包含运至甲方仓库的运杂费。结算金额按实际交货数量乘以结算单价计算。
第五条 付款。甲方于每批货物验收合格后30日内支付该批货款。
第十二条 因本合同引起的争议，提交常州仲裁委员会仲裁。
"""
_BAND = "在每吨人民币4,100元至4,450元之间"
_BAND_PICKED = (
    "在每吨人民币4,100元至4,450元之间，每批结算单价以该批发货日上海钢联冷轧板卷价格指数为准"
)

EN_STEEL = """STEEL SUPPLY AGREEMENT

This Agreement is made on 2 June 2025 between Harrow Fabrication Ltd (the "Buyer") and Teesside Coil Ltd (the "Seller").
Clause 2. The Seller shall supply 600 tonnes of cold-rolled coil in three lots.
Clause 3. The unit price is between GBP 610 and GBP 660 per tonne{picked}, delivered to the Buyer's works.
Clause 5. The Buyer shall pay for each lot within 30 days after acceptance.
Clause 14. This Agreement is governed by {law}.
"""
_PICKED = ", and the price for each lot shall be determined by the MEPS UK cold-rolled coil index on its despatch date"

ZH_MACHINE = """数控车床买卖合同

买方（甲方）：宁波恒远汽车零部件有限公司
卖方（乙方）：济南精工机床有限公司

第一条 标的。乙方向甲方出售数控车床四台，设备的技术参数、加工精度及验收标准以附件二《技术协议》为准。
第二条 价款。合同总价为人民币壹佰陆拾万元整（¥1,600,000.00）。
第五条 验收。设备安装调试完成后，双方按附件二进行最终验收。
第十六条 附件一《设备清单》、附件二《技术协议》为本合同的组成部分。

附件一 设备清单
数控车床 | 4台 | 型号CK6150

附件二 技术协议
{annex}
"""
_ANNEX_LATER = "（技术协议由双方技术部门在本合同签订后另行商定并签署。）"
_ANNEX_FIXED = (
    "主轴转速 | 30–2000转/分\n定位精度 | ±0.008毫米\n验收方法 | 试切件三件，按GB/T 16462.1检验"
)

EN_MACHINE = """EQUIPMENT SUPPLY AGREEMENT

This Agreement is made on 4 March 2025 between Calder Plastics Ltd (the "Buyer") and Pennine Machine Tools Ltd (the "Seller").
Clause 1. The Seller shall supply two injection moulding machines meeting the Specifications in Schedule 2.
Clause 4. The price is GBP 480,000, payable 30% on order and 70% on acceptance.
Clause 6. The Buyer shall accept each machine that passes the tests described in Schedule 2.
Clause 15. This Agreement is governed by {law}.

Schedule 2 - Specifications
{schedule}
"""
_SCHEDULE_LATER = "To be agreed by the parties' engineers after signature."
_SCHEDULE_FIXED = (
    "Clamping force | 2,500 kN\nShot weight | 1,200 g\nAcceptance test | 8-hour dry cycle run"
)

EN_APP = """SOFTWARE DEVELOPMENT AGREEMENT

This Agreement is made on 3 March 2025 between Tamar Freight Ltd (the "Client") and Brightlane Apps Ltd (the "Developer").
Clause 4. The Client shall pay GBP 90,000 in three equal instalments, each on Acceptance of a Deliverable.
Clause 5. Within ten business days after delivery the Client shall test each Deliverable against the Acceptance Criteria. {criteria}
Clause 14. This Agreement is governed by {law}.
"""
_CRITERIA_LATER = 'The "Acceptance Criteria" are the performance criteria that the parties will agree together in writing once the design workshops have ended.'
_CRITERIA_FIXED = 'The "Acceptance Criteria" are that every user story listed in the statement of work passes its test case with no defect of severity 1 or 2.'


def _under_both_laws(
    name: str, text: str, positive: dict[str, str], negative: dict[str, str]
) -> list[tuple[str, str, str]]:
    """The English rule and its en.prc twin on the same contract, under each governing law."""
    return [
        (
            rule,
            text.format(law=law, **positive),
            text.format(law=law, **negative),
        )
        for rule, law in ((f"en.essential.{name}", _ENGLAND), (f"en.prc.essential.{name}", _PRC))
    ]


BAND_CASES: list[tuple[str, str, str]] = [
    (
        "cn.essential.price_range_open",
        ZH_STEEL.format(price=_BAND),
        ZH_STEEL.format(price=_BAND_PICKED),
    ),
    (
        "cn.essential.annex_left_to_later",
        ZH_MACHINE.format(annex=_ANNEX_LATER),
        ZH_MACHINE.format(annex=_ANNEX_FIXED),
    ),
    *_under_both_laws("price_range_open", EN_STEEL, {"picked": ""}, {"picked": _PICKED}),
    *_under_both_laws(
        "annex_left_to_later",
        EN_MACHINE,
        {"schedule": _SCHEDULE_LATER},
        {"schedule": _SCHEDULE_FIXED},
    ),
    *_under_both_laws(
        "deferred_quality", EN_APP, {"criteria": _CRITERIA_LATER}, {"criteria": _CRITERIA_FIXED}
    ),
]
