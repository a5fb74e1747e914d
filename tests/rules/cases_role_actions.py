"""Positive and negative texts for an act given to the wrong side (role_action_swapped) and for
one act laid at its own cost on one party and its costs on the other (cost_laid_on_both)."""

from __future__ import annotations

ZH_SALE = """脐橙买卖合同

甲方（买方）：上海鲜达农产品贸易有限公司
乙方（卖方）：赣州橙源果业供应链有限公司

第五条 乙方应于每批货物发运前通知甲方。
第十一条 每批货物到货后，经抽检不合格率超过5%的，{who}有权拒收该批次全部货物，并要求{other}在四十八小时内补足合格货物。
第二十条 因本合同引起的争议，提交上海仲裁委员会仲裁。
"""

ZH_FRANCHISE = """品牌特许经营合同

特许人（以下简称“甲方”）：广州味道坊餐饮管理有限公司
被特许人（以下简称“乙方”）：湖南湘悦餐饮管理有限公司

第十一条 为保证出品的统一性，{who}应按附件三所列的品种、价格向{other}统一供应核心酱料及半成品。
第二十条 因本合同引起的争议，提交广州仲裁委员会仲裁。
"""

EN_SALE = """SUPPLY AGREEMENT

This Agreement is made on March 3, 2025 between Lakeside Valves, Inc. ("Seller") and Harbor Water LLC ("Buyer").
4.1 Seller shall deliver the Products DAP Buyer's plant.
4.3 {who} may reject any Products that fail to conform to the Specifications by notice within ten (10) days of delivery.
12.1 This Agreement is governed by {law}.
"""

EN_LEASE = """EQUIPMENT LEASE AGREEMENT

This Lease is made on May 1, 2025 between Hudson Ridge Equipment Finance LLC ("Lessor") and Calder Precision Components, Inc. ("Lessee").
7.3 Lessee shall bear all costs of delivery, installation, de-installation, crating, transport and return of the Equipment.
12.1 Upon expiry of this Lease, {who} shall, at its own cost and risk, de-install, crate and ship the Equipment to such location as Lessor designates.
15.1 This Lease is governed by {law}.
"""

_NY = "the laws of the State of New York"
_PRC = "the laws of the People's Republic of China"

ROLE_ACTION_CASES: list[tuple[str, str, str]] = [
    (
        "cn.party.role_action_swapped",
        ZH_SALE.format(who="乙方", other="甲方"),
        ZH_SALE.format(who="甲方", other="乙方"),
    ),
    (
        "cn.party.role_action_swapped",
        ZH_FRANCHISE.format(who="乙方", other="甲方"),
        ZH_FRANCHISE.format(who="甲方", other="乙方"),
    ),
    (
        "en.party.role_action_swapped",
        EN_SALE.format(who="Seller", law=_NY),
        EN_SALE.format(who="Buyer", law=_NY),
    ),
    (
        "en.prc.party.role_action_swapped",
        EN_SALE.format(who="Seller", law=_PRC),
        EN_SALE.format(who="Buyer", law=_PRC),
    ),
    (
        "en.party.cost_laid_on_both",
        EN_LEASE.format(who="Lessor", law=_NY),
        EN_LEASE.format(who="Lessee", law=_NY),
    ),
    (
        "en.prc.party.cost_laid_on_both",
        EN_LEASE.format(who="Lessor", law=_PRC),
        EN_LEASE.format(who="Lessee", law=_PRC),
    ),
]
