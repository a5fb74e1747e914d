"""Catalogue cases for the penalty and liquidated-damages readings added in the twenty-second
session: the whole price as a penalty, a penalty on top of every future payment, damages beyond
full performance, a charge that keeps what the payee resells (each with its lawful twin)."""

from __future__ import annotations

PERFORMANCE = """演出合同

甲方：杭州西湖文化演艺有限公司
乙方：上海星河演出经纪有限公司

第一条 演出报酬总额为人民币800,000元。
第二条 演出者未按约定时间参加彩排的，乙方应向甲方支付违约金，{penalty}。
第三条 本合同适用中华人民共和国法律。
"""

FIN_LEASE = """融资租赁合同

出租人（甲方）：苏州工业园区恒信融资租赁有限公司
承租人（乙方）：苏州吴中精密模具有限公司

第一条 租赁本金为人民币5,000,000元，租金分三十六期支付。
第二条 乙方连续两期未付租金的，甲方有权解除本合同、收回租赁物，并要求乙方支付全部到期未付租金和未到期租金，{tail}。
第三条 本合同适用中华人民共和国法律。
"""

SPONSOR = """SPONSORSHIP AGREEMENT

This Agreement is made on 1 March 2025 between Harbor Festivals LLC ("Organizer") and Brightwater Beverages Inc. ("Sponsor").

Section 3.1 Sponsor shall pay a Sponsorship Fee of US$400,000 for each Contract Year of the two-year Term.
Section 9.3 Upon any Sponsor Default {ld}.
Section 12.1 This Agreement is governed by the laws of {law}.
"""

GROUP = """GROUP SALES AGREEMENT

This Agreement is made on 5 June 2025 between Lakeside Grand Hotel LLC (the "Hotel") and Meridian Medical Society Inc. (the "Group").

8.2 If the Group cancels, it shall pay a cancellation charge of 50% of the Anticipated Room Revenue.
8.4 The cancellation charge is payable in addition to the attrition charge, {tail}.
12.1 This Agreement is governed by the laws of {law}.
"""

_WHOLE = "Sponsor shall pay as liquidated damages the full unpaid balance of the Sponsorship Fee for the whole Term plus ten percent (10%) of the Sponsorship Fee"
_NET = "that results in termination, Sponsor shall pay as liquidated damages the full unpaid balance of the Sponsorship Fee for the current Contract Year, less the costs Organizer saves"
_NO_CREDIT = "and no credit shall be given for rooms that the Hotel resells"
_CREDIT = "less the net revenue from any rooms that the Hotel resells"
_NY = "the State of New York"
_ENGLAND = "England and Wales"

MONEY_MISS_CASES: list[tuple[str, str, str]] = [
    (
        "cn.penalty.whole_price",
        PERFORMANCE.format(penalty="金额为本合同演出报酬总额"),
        PERFORMANCE.format(penalty="金额为本合同演出报酬总额的百分之五"),
    ),
    (
        "cn.penalty.on_top_of_all_future_payments",
        FIN_LEASE.format(tail="另按租赁本金的20%向甲方支付违约金"),
        FIN_LEASE.format(tail="扣除收回租赁物的价值后，另按租赁本金的5%向甲方支付违约金"),
    ),
    (
        "en.liquidated_damages.beyond_full_performance",
        SPONSOR.format(ld=_WHOLE, law=_NY),
        SPONSOR.format(ld=_NET, law=_NY),
    ),
    (
        "en.liquidated_damages.beyond_full_performance_england",
        SPONSOR.format(ld=_WHOLE, law=_ENGLAND),
        SPONSOR.format(ld=_NET, law=_ENGLAND),
    ),
    (
        "en.liquidated_damages.no_credit_for_resale",
        GROUP.format(tail=_NO_CREDIT, law="the State of Illinois"),
        GROUP.format(tail=_CREDIT, law="the State of Illinois"),
    ),
    (
        "en.liquidated_damages.no_credit_for_resale_england",
        GROUP.format(tail=_NO_CREDIT, law=_ENGLAND),
        GROUP.format(tail=_CREDIT, law=_ENGLAND),
    ),
]
