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

ZH_WORKS = """市政道路施工合同

发包人：杭州市滨江区城市建设发展有限公司
承包人：浙江东港市政工程有限公司

一、合同工期
1.1 计划开工日期：2025年4月1日。
1.2 计划竣工日期：2026年3月31日。
1.3 工期总日历天数：{days}（含法定节假日）。
二、发包人应于计划开工日期前14天向承包人提供施工图纸。
三、签约合同价为人民币捌佰万元整（¥8,000,000.00）。
四、因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

ZH_SERVICE = """物业服务合同

甲方：杭州恒屿业主委员会
乙方：杭州安居物业服务有限公司

第五条 本合同的服务期限为叁年，自乙方按照第六条约定进场之日起计算。
第六条 乙方应于2025年6月1日进场，并在进场前完成承接查验。
第九条 续约。乙方拟续约的，应于本合同期限届满前至少九十日向甲方提交书面续约申请，且最迟不得晚于{latest}。
第二十三条 本合同服务期限于{expiry}届满。
第二十四条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

EN_WORKS = """CONSTRUCTION AGREEMENT

This Agreement is made on June 23, 2025 between Harbour Estates LLC ("Owner") and Calder Builders Inc. ("Contractor").
3. Contractor shall achieve Substantial Completion no later than December 12, 2025 (the "Scheduled Completion Date").
6. If Substantial Completion is not achieved by {late}, which is the Scheduled Completion Date, Contractor shall pay liquidated damages of $500 per day.
7. This Agreement is governed by the laws of the State of New York.
"""

EN_SPONSOR = """SPONSORSHIP AGREEMENT

This Agreement is made on 2 June 2025 between Castlebrook Rovers Ltd ("Club") and Millfield Brewing Ltd ("Sponsor").
1. "Commencement Date" means 1 July 2025.
3.1 This Agreement shall commence on the Commencement Date and shall continue until {end} (the "Term").
4. The Sponsor shall pay the fees in Schedule 2.
5. This Agreement is governed by the laws of England and Wales.
Schedule 2
Contract Year | Period | Fee
Contract Year 1 | 1 July 2025 to 30 June 2026 | £180,000
Contract Year 2 | 1 July 2026 to 30 June 2027 | £190,000
Contract Year 3 | 1 July 2027 to 30 June 2028 | £200,000
"""

TERM_FACT_CASES: list[tuple[str, str, str]] = [
    ("cn.date.works_period_vs_dates", ZH_WORKS.format(days="300天"), ZH_WORKS.format(days="365天")),
    (
        "cn.date.term_vs_expiry",
        ZH_SERVICE.format(latest="2028年3月1日", expiry="2027年5月31日"),
        ZH_SERVICE.format(latest="2028年3月1日", expiry="2028年5月31日"),
    ),
    (
        "cn.date.notice_deadline_after_window",
        ZH_SERVICE.format(latest="2028年4月30日", expiry="2028年5月31日"),
        ZH_SERVICE.format(latest="2028年3月1日", expiry="2028年5月31日"),
    ),
    (
        "en.date.named_event_twice",
        EN_WORKS.format(late="December 19, 2025"),
        EN_WORKS.format(late="December 12, 2025"),
    ),
    (
        "en.date.period_row_after_term",
        EN_SPONSOR.format(end="30 June 2027"),
        EN_SPONSOR.format(end="30 June 2028"),
    ),
]

ZH_LOAN = """借款合同

出借人（甲方）：杭州恒屿投资管理有限公司
借款人（乙方）：宁波东港机械有限公司

第三条 甲方应于2025年6月10日（以下简称“放款日”）将借款本金人民币叁佰万元整划入乙方账户。
第五条 本合同项下借款期限为十二个月，自放款日起算。借款期限届满之日，乙方应当清偿全部借款本金。
第十条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
附件三 还款计划表
期次 | 还款日期 | 本金（元）
第一期 | 2025年12月10日 | 1,000,000.00
第二期 | {second} | 2,000,000.00
"""

TERM_FACT_CASES.append(
    (
        "cn.date.repayment_after_loan_term",
        ZH_LOAN.format(second="2026年7月10日"),
        ZH_LOAN.format(second="2026年6月9日"),
    )
)

ZH_DEVELOPMENT = """技术开发合同

委托方（甲方）：杭州恒屿物流有限公司
研究开发方（乙方）：杭州数衡软件有限公司

第2条 乙方应于2025年12月5日前交付第一阶段成果。乙方应自第一阶段验收合格之日起四十五日内完成第二阶段开发并交付全部成果。
第4条 研究开发经费和报酬总额为人民币壹佰贰拾陆万元整（¥1,260,000.00）。
第9条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
附件二 进度表
序号 | 节点 | 计划日期
1 | 第一阶段成果交付 | 2025年12月5日
2 | 第一阶段验收完成 | 2025年12月19日
3 | 第二阶段成果交付 | {second}
"""

EN_DEVELOPMENT = """SOFTWARE DEVELOPMENT AGREEMENT

This Agreement is made on 2 June 2025 between Kestrel Insurance Ltd ("Kestrel") and Larkspur Digital Ltd ("Developer").
3. The Developer shall deliver the Phase 1 Deliverables by the Phase 1 delivery date in the Timetable.
4. The Developer shall start work on Phase 2 as soon as Phase 1 is Accepted and shall deliver the Phase 2 Deliverables no later than thirty (30) days after the date of Acceptance of Phase 1.
5. This Agreement is governed by {law}.
Timetable
Phase 1 delivery | Thursday 17 July 2025
End of Phase 1 test period (Acceptance if no failure notified) | Thursday 31 July 2025
Phase 2 delivery | {second}
"""

TIMELINE_CASES: list[tuple[str, str, str]] = [
    (
        "cn.date.timeline_row_after_deadline",
        ZH_DEVELOPMENT.format(second="2026年3月20日"),
        ZH_DEVELOPMENT.format(second="2026年1月30日"),
    ),
    (
        "en.date.timeline_row_after_deadline",
        EN_DEVELOPMENT.format(second="Monday 15 September 2025", law=_ENGLAND),
        EN_DEVELOPMENT.format(second="Friday 29 August 2025", law=_ENGLAND),
    ),
    (
        "en.prc.date.timeline_row_after_deadline",
        EN_DEVELOPMENT.format(second="Monday 15 September 2025", law=_PRC),
        EN_DEVELOPMENT.format(second="Friday 29 August 2025", law=_PRC),
    ),
]

ZH_PROPERTY = """物业服务合同

甲方：杭州恒屿业主委员会
乙方：杭州安居物业服务有限公司

第四条 服务期限 本合同服务期限为三年，自2025年7月1日起至2028年6月30日止。
第十五条 履约保证金 在本合同约定的{years}服务期限届满且乙方完成交接后30日内，甲方无息退还履约保证金。
第二十条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

EN_MSA = """MASTER SERVICES AGREEMENT

This Agreement is made on 2 June 2025 between Harbour Ltd ("Supplier") and Calder Ltd ("Customer").
3. The Initial Term is three (3) years from the Effective Date.
9. At the end of the {years} Initial Term the Customer may renew for one further year.
12. This Agreement is governed by {law}.
"""

TERM_LENGTH_CASES: list[tuple[str, str, str]] = [
    (
        "cn.date.term_length_restated",
        ZH_PROPERTY.format(years="两年"),
        ZH_PROPERTY.format(years="三年"),
    ),
    (
        "en.date.term_length_restated",
        EN_MSA.format(years="two-year", law=_ENGLAND),
        EN_MSA.format(years="three-year", law=_ENGLAND),
    ),
    (
        "en.prc.date.term_length_restated",
        EN_MSA.format(years="two-year", law=_PRC),
        EN_MSA.format(years="three-year", law=_PRC),
    ),
]

EN_WAREHOUSING = """WAREHOUSING SERVICES AGREEMENT

This Agreement is made on 2 June 2025 between Harbour Logistics Ltd ("Provider") and Calder Retail Ltd ("Customer").
3.1 During the period beginning on the Effective Date and ending on September 30, 2025 (the "Transition Period"), Provider shall configure racking and integrate its systems.
3.3 Provider shall commence full operational Services on the day immediately following the end of the Transition Period (the "Go-Live Date").
12. This Agreement is governed by {law}.
Schedule 1
Go-Live Date | {go_live}
"""

DAY_AFTER_CASES: list[tuple[str, str, str]] = [
    (
        "en.date.day_after_mismatch",
        EN_WAREHOUSING.format(go_live="August 15, 2025", law=_ENGLAND),
        EN_WAREHOUSING.format(go_live="October 1, 2025", law=_ENGLAND),
    ),
    (
        "en.prc.date.day_after_mismatch",
        EN_WAREHOUSING.format(go_live="August 15, 2025", law=_PRC),
        EN_WAREHOUSING.format(go_live="October 1, 2025", law=_PRC),
    ),
]
