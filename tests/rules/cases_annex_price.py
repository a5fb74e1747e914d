"""Positive and negative texts for a price fixed only by a missing attachment or part of one
(price_in_missing_annex): the positive points the storage fee at a part of a schedule that has
only another part, or at an annex whose rates are blanks; the negative attaches them filled in.
And the price itself left blank in a clause (price_left_blank)."""

from __future__ import annotations

EN_WAREHOUSING = """WAREHOUSING SERVICES AGREEMENT

This Agreement is made on 3 March 2025 between Lakeside Foods Limited ("Depositor") and Northgate Storage Limited ("Keeper").
1. The Keeper shall store the Goods listed in Schedule 1 at its warehouse in Leeds.
2. The Depositor shall pay the Storage Fees in accordance with Part B of Schedule 2 and the Handling Charges in accordance with Part A of Schedule 2.
3. This Agreement is governed by {law}.

SCHEDULE 1 - GOODS
Frozen vegetables, palletised, up to 400 pallets.

SCHEDULE 2 - FEES
Part A - Handling Charges
Inbound handling | per pallet | 9.00
{part_b}"""
PART_B = "Part B - Storage Fees\nFrozen storage | per pallet per week | 4.20\n"
ENGLAND = "the laws of England and Wales"
PRC = "the laws of the People's Republic of China"

ZH_WAREHOUSING = """仓储合同

存货人：上海润泽食品有限公司
保管人：嘉兴通达冷链物流有限公司

第一条 保管人为存货人储存附件一所列货物。
第二条 存货人按附件二所列收费标准向保管人支付仓储费，每月结算一次。
第三条 因本合同引起的争议，向保管人所在地人民法院起诉。

附件一：货物清单
速冻蔬菜，托盘装，不超过400托。
{annex_two}"""
ANNEX_TWO = "附件二：收费标准\n冷冻仓储 | 每托每周 | 30元\n"

ZH_BLANK_RATES = "附件二：收费标准\n冷冻仓储 | 每托每周 | ____%\n"
# attached, but it lists only what is stored and how: no rate at all
ZH_NO_RATES = (
    "附件二：收费标准\n冷冻仓储 | 托盘装，每托不超过1吨 | 零下18摄氏度\n"
    "冷藏仓储 | 周转箱装，每箱不超过20千克 | 0至4摄氏度\n"
)
ZH_FEE_CLAUSE = "第二条 存货人按附件二所列收费标准向保管人支付仓储费，每月结算一次。"
ZH_BLANK_FEE = "第二条 存货人每月向保管人支付仓储费人民币________元。"
ZH_FIXED_FEE = "第二条 存货人每月向保管人支付仓储费人民币12,000元。"
EN_FEE_CLAUSE = (
    "2. The Depositor shall pay the Storage Fees in accordance with Part B of Schedule 2 and the "
    "Handling Charges in accordance with Part A of Schedule 2."
)
EN_BLANK_FEE = "2. The Depositor shall pay a storage fee of GBP ________ per month."
EN_FIXED_FEE = "2. The Depositor shall pay a storage fee of GBP 4,200 per month."

ANNEX_PRICE_CASES: list[tuple[str, str, str]] = [
    (
        "en.essential.price_in_missing_annex",
        EN_WAREHOUSING.format(law=ENGLAND, part_b=""),
        EN_WAREHOUSING.format(law=ENGLAND, part_b=PART_B),
    ),
    (
        "en.prc.essential.price_in_missing_annex",
        EN_WAREHOUSING.format(law=PRC, part_b=""),
        EN_WAREHOUSING.format(law=PRC, part_b=PART_B),
    ),
]

BLANK_PRICE_CASES: list[tuple[str, str, str]] = [
    (
        "cn.essential.price_left_blank",
        ZH_WAREHOUSING.format(annex_two=ANNEX_TWO).replace(ZH_FEE_CLAUSE, ZH_BLANK_FEE),
        ZH_WAREHOUSING.format(annex_two=ANNEX_TWO).replace(ZH_FEE_CLAUSE, ZH_FIXED_FEE),
    ),
    (
        "en.essential.price_left_blank",
        EN_WAREHOUSING.format(law=ENGLAND, part_b=PART_B).replace(EN_FEE_CLAUSE, EN_BLANK_FEE),
        EN_WAREHOUSING.format(law=ENGLAND, part_b=PART_B).replace(EN_FEE_CLAUSE, EN_FIXED_FEE),
    ),
    (
        "en.prc.essential.price_left_blank",
        EN_WAREHOUSING.format(law=PRC, part_b=PART_B).replace(EN_FEE_CLAUSE, EN_BLANK_FEE),
        EN_WAREHOUSING.format(law=PRC, part_b=PART_B).replace(EN_FEE_CLAUSE, EN_FIXED_FEE),
    ),
    # an attached annex whose rates are blanks to fill in fixes no price either
    (
        "cn.essential.price_in_missing_annex",
        ZH_WAREHOUSING.format(annex_two=ZH_BLANK_RATES),
        ZH_WAREHOUSING.format(annex_two=ANNEX_TWO),
    ),
    (
        "cn.essential.price_in_missing_annex",
        ZH_WAREHOUSING.format(annex_two=ZH_NO_RATES),
        ZH_WAREHOUSING.format(annex_two=ANNEX_TWO),
    ),
]

# what is stored fixed only by a schedule the contract does not attach (Schedule 1 / 附件一
# dropped while the fee schedule stays): a main term left open, besides an undefined reference
_EN_GOODS_SCHEDULE = "SCHEDULE 1 - GOODS\nFrozen vegetables, palletised, up to 400 pallets.\n\n"
_ZH_GOODS_ANNEX = "附件一：货物清单\n速冻蔬菜，托盘装，不超过400托。\n"

MAIN_TERM_ANNEX_CASES: list[tuple[str, str, str]] = [
    (
        "en.essential.main_term_in_missing_annex",
        EN_WAREHOUSING.format(law=ENGLAND, part_b=PART_B).replace(_EN_GOODS_SCHEDULE, ""),
        EN_WAREHOUSING.format(law=ENGLAND, part_b=PART_B),
    ),
    (
        "en.prc.essential.main_term_in_missing_annex",
        EN_WAREHOUSING.format(law=PRC, part_b=PART_B).replace(_EN_GOODS_SCHEDULE, ""),
        EN_WAREHOUSING.format(law=PRC, part_b=PART_B),
    ),
    (
        "cn.essential.main_term_in_missing_annex",
        ZH_WAREHOUSING.format(annex_two=ANNEX_TWO).replace(_ZH_GOODS_ANNEX, ""),
        ZH_WAREHOUSING.format(annex_two=ANNEX_TWO),
    ),
]
