"""Positive and negative texts for agreed damages equal to every payment for the rest of the
term: the negative discounts the sum and credits what reletting recovers, or caps it."""

from __future__ import annotations

EN_LEASE = """OFFICE LEASE AGREEMENT

This Lease is made on February 3, 2025 between Hudson Row Owner LLC ("Landlord") and Brightline Analytics Inc. ("Tenant").
12.3 Agreed Damages. On a termination for an Event of Default, Tenant shall pay to Landlord, as agreed final damages, a sum equal to all Base Rent and Additional Rent that would have been payable for the whole unexpired balance of the Term, {how}.
15.1 This Lease is governed by the laws of {law}.
"""

ZH_LEASE = """商铺租赁合同

出租方（甲方）：杭州禾丰置业有限公司
承租方（乙方）：宁波鲜面餐饮有限公司

第十二条 乙方擅自提前退租的，应按{how}向甲方支付违约金。
第十九条 因本合同引起的争议，向房屋所在地人民法院起诉。
"""

_UNDISCOUNTED = (
    "without reduction to present value and without any credit for rent received on reletting"
)
_DISCOUNTED = (
    "discounted to present value at four percent (4%) per annum, less the net rent Landlord "
    "receives on reletting"
)
_NY = "the State of New York"
_ENGLAND = "England and Wales"
_PRC = "the People's Republic of China"

ACCELERATION_CASES: list[tuple[str, str, str]] = [
    (
        "en.liquidated_damages.whole_term_accelerated",
        EN_LEASE.format(how=_UNDISCOUNTED, law=_NY),
        EN_LEASE.format(how=_DISCOUNTED, law=_NY),
    ),
    (
        "en.liquidated_damages.whole_term_accelerated_england",
        EN_LEASE.format(how=_UNDISCOUNTED, law=_ENGLAND),
        EN_LEASE.format(how=_DISCOUNTED, law=_ENGLAND),
    ),
    (
        "en.prc.penalty.whole_term_accelerated",
        EN_LEASE.format(how=_UNDISCOUNTED, law=_PRC),
        EN_LEASE.format(how=_DISCOUNTED, law=_PRC),
    ),
    (
        "cn.penalty.whole_remaining_term",
        ZH_LEASE.format(how="剩余租赁期限内的全部租金"),
        ZH_LEASE.format(how="三个月租金"),
    ),
]
