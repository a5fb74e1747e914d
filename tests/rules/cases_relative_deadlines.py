"""Positive and negative texts for an instalment due later after an event than the whole it is
part of (instalment_after_whole_deadline)."""

from __future__ import annotations

EN_JV = """JOINT VENTURE CONTRACT

This Contract is made between Suzhou Hengwo Industrial Co., Ltd. ("Party A") and Verdant Composites GmbH ("Party B").

3.4 Each Party shall pay its Subscribed Capital in full within eighteen (18) months after the Establishment Date, in the instalments set out in Schedule 3.
20.1 This Contract is governed by {law}.

SCHEDULE 3 - PAYMENT OF CAPITAL
Instalment | Party A | Party B | Due date
First instalment | RMB 9,000,000 | RMB 8,000,000 | Within thirty (30) days after the Establishment Date
Second instalment | RMB 9,000,000 | RMB 12,000,000 | {second}
"""
LATE = "On or before the second anniversary of the Establishment Date"
IN_TIME = "Within twelve (12) months after the Establishment Date"
PRC = "the laws of the People's Republic of China"
ENGLAND = "the laws of England and Wales"

ZH_COMPANY = """有限责任公司章程

第八条 股东应于公司成立之日起两年内缴足全部出资。
第九条 出资分两期缴纳：首期出资于公司成立之日起三十日内缴纳；第二期出资于公司成立之日起{second}内缴纳。
"""

RELATIVE_DEADLINE_CASES: list[tuple[str, str, str]] = [
    (
        "en.date.instalment_after_whole_deadline",
        EN_JV.format(law=ENGLAND, second=LATE),
        EN_JV.format(law=ENGLAND, second=IN_TIME),
    ),
    (
        "en.prc.date.instalment_after_whole_deadline",
        EN_JV.format(law=PRC, second=LATE),
        EN_JV.format(law=PRC, second=IN_TIME),
    ),
    (
        "cn.date.instalment_after_whole_deadline",
        ZH_COMPANY.format(second="三年"),
        ZH_COMPANY.format(second="十八个月"),
    ),
]
