"""An event the text dates under a label, against the one schedule row that names the same event
(dev miss zh_q06: "演出时间：2025年10月18日" while 附件四 puts "正式演出" on the 19th and only
"技术彩排" on the 18th). Written here, not copied; the lawful twins agree, or name another step."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, finding_types


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


ZH_SHOW = """演出合同

甲方：杭州西溪文化传播有限公司
乙方：上海星河演艺经纪有限公司

第一条 演出
1.1 演出时间：2025年11月8日（星期六）19:30开演。
1.2 演出费用为人民币叁拾万元整（¥300,000.00）。
第二条 争议
因本合同引起的争议，提交杭州仲裁委员会仲裁。
附件一 演出日程
日期 | 时间 | 事项
2025年11月7日 | 14:00–18:00 | 技术彩排
{day} | 19:30–22:00 | 正式演出
"""

EN_EVENT = """VENUE SERVICES AGREEMENT

This Agreement is made on 2 June 2025 between Orchard Lane Events Ltd (the "Organiser") and Riverside Halls Ltd (the "Venue").
1. THE EVENT
1.1 Event date: 20 September 2025.
1.2 The hire fee is £24,000.
2. LAW
2.1 This Agreement is governed by the laws of England and Wales.
SCHEDULE 1 - RUNNING ORDER
Date | Time | Item
19 September 2025 | 09:00-17:00 | Build and rehearsal
{day} | 10:00-18:00 | Main event
"""


@pytest.mark.parametrize(
    ("text", "wrong", "right"),
    [
        (ZH_SHOW, "2025年11月9日", "2025年11月8日"),
        (EN_EVENT, "21 September 2025", "20 September 2025"),
    ],
)
def test_a_labelled_event_and_its_schedule_row_must_agree(
    stages: Stages, text: str, wrong: str, right: str
) -> None:
    assert "date_inconsistency" in finding_types(stages, text.format(day=wrong))
    assert "date_inconsistency" not in finding_types(stages, text.format(day=right))
