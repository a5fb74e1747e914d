"""An event's run against a schedule row that starts inside it and ends after it (with a range
end written without its year), a price left to a later quote, and unit rates and listed parts
that are not the total price restated."""

from __future__ import annotations

import pytest

from pipeline.entities.dates import find_dates
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_EXPO = """展会服务合同

甲方（参展方）：宁波恒瑞厨具有限公司
乙方（服务方）：上海博展会展服务有限公司

2.1 本届展会展期为2025年10月22日至2025年10月24日，共三天。
5.2 合同总价款由以下部分组成：展位费按展位面积54平方米、单价人民币1,680元/平方米计算，为人民币90,720元；展馆管理费为人民币1,620元；电箱租用费为人民币1,800元。
5.3 合同总价款为人民币94,140元。
5.4 {build}
第十四条 因本合同引起的争议，提交上海仲裁委员会仲裁。

附件三：展会日程
项目 | 日期 | 时间
布展 | 2025年10月20日至10月21日 | 8:30-20:00
{row}
"""


def test_a_range_end_without_its_year_takes_the_start_year() -> None:
    values = [
        d.value for d in find_dates("布展 | 2025年10月20日至10月21日 | 租期2025年11月1日至3月31日")
    ]
    assert values == ["2025-10-20", "2025-10-21", "2025-11-01", "2026-03-31"]


def test_a_schedule_row_running_past_the_event_it_belongs_to(stages: Stages) -> None:
    rule = "cn.date.part_after_final_date"
    build = "特装展台搭建服务费为人民币36,000元，于布展前支付。"
    late = _EXPO.format(build=build, row="公众开放日 | 2025年10月24日至10月25日 | 9:00-17:00")
    within = _EXPO.format(build=build, row="公众开放日 | 2025年10月23日至10月24日 | 9:00-17:00")
    teardown = _EXPO.format(build=build, row="撤展 | 2025年10月24日至10月25日 | 15:00-22:00")
    assert rule in rule_ids(stages, late)
    assert rule not in rule_ids(stages, within)
    assert rule not in rule_ids(stages, teardown)


def test_a_fee_left_to_a_later_quote_is_an_open_price(stages: Stages) -> None:
    rule = "cn.essential.deferred_consideration"
    row = "公众开放日 | 2025年10月23日至10月24日 | 9:00-17:00"
    open_fee = "特装展台搭建服务费根据甲方最终确认的设计方案及材料清单另行核定。"
    fixed_fee = "特装展台搭建服务费为人民币36,000元，于布展前支付。"
    assert rule in rule_ids(stages, _EXPO.format(build=open_fee, row=row))
    assert rule not in rule_ids(stages, _EXPO.format(build=fixed_fee, row=row))


def test_a_unit_rate_and_the_listed_parts_are_not_the_total_restated(stages: Stages) -> None:
    rule = "cn.amount.total_restated"
    row = "公众开放日 | 2025年10月23日至10月24日 | 9:00-17:00"
    build = "特装展台搭建服务费为人民币36,000元，于布展前支付。"
    assert rule not in rule_ids(stages, _EXPO.format(build=build, row=row))
    again = "甲方应于2025年9月22日前一次付清合同总价款人民币{total}元。"
    agrees = _EXPO.format(build=again.format(total="94,140"), row=row)
    differs = _EXPO.format(build=again.format(total="96,140"), row=row)
    assert rule not in rule_ids(stages, agrees)
    assert rule in rule_ids(stages, differs)
