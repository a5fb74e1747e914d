"""Catalogue cases for dates the contract works out: a period beside its own range, and a date
given as "N days before/after X, that is …" (each with its lawful twin)."""

from __future__ import annotations

ZH_LEASE = """房屋租赁合同

出租方（甲方）：杭州明川置业有限公司
承租方（乙方）：苏州恒达餐饮管理有限公司

第一条 本合同签订日期为2025年5月16日。
第二条 {clause}
第三条 本合同适用中华人民共和国法律。
"""

EN_HIRE = """VENUE HIRE AGREEMENT

This Agreement is made on 2 February 2026 between Ashcombe House Ltd (the "Venue Operator") and Meridian Partners LLP (the "Client").

1.1 "Event Date" means Thursday 11 June 2026.
4.3 {clause}
12.1 This Agreement is governed by the laws of {law}.
"""

_ENGLAND = "England and Wales"
_PRC = "the People's Republic of China"
_ZH_RANGE_BAD = "乙方的试用期为六个月，自2025年9月1日起至2026年2月25日止。"
_ZH_RANGE_OK = "乙方的试用期为六个月，自2025年9月1日起至2026年2月28日止。"
_EN_RANGE_BAD = "The set-up period runs from 1 June 2026 to 27 June 2026 (one (1) month)."
_EN_RANGE_OK = "The set-up period runs from 1 June 2026 to 30 June 2026 (one (1) month)."
_ZH_WORKED_BAD = (
    "租赁期限为二十四个月，自2025年3月1日起至2027年2月28日止。租赁期限届满前六十日（即不迟于"
    "2026年12月27日），任何一方均未书面通知对方不再续租的，本合同自动续展一年。"
)
_ZH_WORKED_OK = _ZH_WORKED_BAD.replace("2026年12月27日", "2026年12月30日")
# a date worked back from the end of the term ("the Event Date" defined is restated_deadline's,
# which reports the same words first)
_EN_WORKED_BAD = (
    "The Term runs from 1 March 2026 to 28 February 2027. Either party may give notice of "
    "non-renewal no later than 60 days before the expiry of the Term, that is by 5 January 2027."
)
_EN_WORKED_OK = _EN_WORKED_BAD.replace("5 January 2027", "30 December 2026")

WORKED_DATE_CASES: list[tuple[str, str, str]] = [
    (
        "cn.date.range_length_mismatch",
        ZH_LEASE.format(clause=_ZH_RANGE_BAD),
        ZH_LEASE.format(clause=_ZH_RANGE_OK),
    ),
    (
        "en.date.range_length_mismatch",
        EN_HIRE.format(clause=_EN_RANGE_BAD, law=_ENGLAND),
        EN_HIRE.format(clause=_EN_RANGE_OK, law=_ENGLAND),
    ),
    (
        "en.prc.date.range_length_mismatch",
        EN_HIRE.format(clause=_EN_RANGE_BAD, law=_PRC),
        EN_HIRE.format(clause=_EN_RANGE_OK, law=_PRC),
    ),
    (
        "cn.date.worked_date_wrong",
        ZH_LEASE.format(clause=_ZH_WORKED_BAD),
        ZH_LEASE.format(clause=_ZH_WORKED_OK),
    ),
    (
        "en.date.worked_date_wrong",
        EN_HIRE.format(clause=_EN_WORKED_BAD, law=_ENGLAND),
        EN_HIRE.format(clause=_EN_WORKED_OK, law=_ENGLAND),
    ),
    (
        "en.prc.date.worked_date_wrong",
        EN_HIRE.format(clause=_EN_WORKED_BAD, law=_PRC),
        EN_HIRE.format(clause=_EN_WORKED_OK, law=_PRC),
    ),
]
