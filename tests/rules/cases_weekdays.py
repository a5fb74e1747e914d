"""Catalogue cases for a date whose written weekday the calendar contradicts (weekday_mismatch).
Each negative is the same contract with the weekday right; the English ones also keep "the
first Monday after 1 July 2025", a weekday that is not a date's label."""

from __future__ import annotations

ZH_EVENT = """演出服务合同

甲方：杭州星河文化传播有限公司
乙方：上海弦歌演艺经纪有限公司

第一条 演出日期：2025年10月18日（{day}）19:30开演，地点为杭州大剧院。
第二条 乙方应于演出日前一日（2025年10月17日，星期五）14:00进场装台。
第三条 演出费为人民币叁拾万元整（¥300,000.00）。
第四条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

EN_EVENT = """EVENT SERVICES AGREEMENT

This Agreement is made on 2 June 2025 between Harbour Events Ltd ("Producer") and Calder Venues Ltd ("Venue").
1. The first Show Day is Thursday, 16 October 2025; load-in and technical rehearsal take place on {day}, 15 October 2025.
2. Weekly progress meetings are held on the first Monday after 1 July 2025 and every second Monday after that.
3. The hire fee is GBP 42,000, payable 28 days before the first Show Day.
4. This Agreement is governed by {law}.
"""

_ENGLAND = "the laws of England and Wales"
_PRC = "the laws of the People's Republic of China"

WEEKDAY_CASES: list[tuple[str, str, str]] = [
    ("cn.date.weekday_mismatch", ZH_EVENT.format(day="星期五"), ZH_EVENT.format(day="星期六")),
    (
        "en.date.weekday_mismatch",
        EN_EVENT.format(day="Tuesday", law=_ENGLAND),
        EN_EVENT.format(day="Wednesday", law=_ENGLAND),
    ),
    (
        "en.prc.date.weekday_mismatch",
        EN_EVENT.format(day="Thursday", law=_PRC),
        EN_EVENT.format(day="Wednesday", law=_PRC),
    ),
]
