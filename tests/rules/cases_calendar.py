"""Catalogue cases for dates the calendar contradicts: a written weekday (weekday_mismatch) and a
period restated as a date it does not reach (restated_date_mismatch). Each negative is the same
contract with the weekday or the date right; the English ones also keep "the first Monday after
1 July 2025", a weekday that is not a date's label."""

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

ZH_HANDOVER = """房屋租赁合同

出租人（甲方）：杭州恒屿商业管理有限公司
承租人（乙方）：杭州味集餐饮管理有限公司
签订日期：2025年5月16日

第一条 本合同自双方签字盖章之日起生效。
第二条 甲方应于本合同签订之日起60日内（即{handover}前）将该房屋交付乙方。
第三条 乙方应不迟于开业日前十五日（即2025年9月16日）提交装修方案；开业日期：2025年10月1日。
第四条 月租金为人民币肆万贰仟元整（¥42,000.00）。
第五条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

EN_SHARES = """SHARE PURCHASE AGREEMENT

This Agreement is made in Ningbo on 16 March 2026 (the "Signing Date") between Harbour Holdings Ltd ("Seller") and Calder Capital Ltd ("Buyer").
1. "Long-Stop Date" means {long_stop}.
2. If any Condition has not been satisfied within ninety (90) days after the Signing Date (the "Long-Stop Date"), either party may terminate this Agreement.
3. The Buyer shall pay the price within thirty (30) days after the Signing Date (i.e. by 15 April 2026).
4. This Agreement is governed by {law}.
"""

RESTATED_CASES: list[tuple[str, str, str]] = [
    (
        "cn.date.restated_deadline",
        ZH_HANDOVER.format(handover="2025年7月31日"),
        ZH_HANDOVER.format(handover="2025年7月15日"),
    ),
    (
        "en.date.restated_deadline",
        EN_SHARES.format(long_stop="30 June 2026", law=_ENGLAND),
        EN_SHARES.format(long_stop="14 June 2026", law=_ENGLAND),
    ),
    (
        "en.prc.date.restated_deadline",
        EN_SHARES.format(long_stop="30 June 2026", law=_PRC),
        EN_SHARES.format(long_stop="14 June 2026", law=_PRC),
    ),
]
