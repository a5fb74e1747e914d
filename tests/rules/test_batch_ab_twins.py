"""Twins of the misses and the false alarm on batch AB's dev contracts (thirtieth session): each
defect as a fact the check reads, and beside it the lawful version. The texts are written here,
not copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_ZH_FINANCE_LEASE = """融资租赁合同

出租人（甲方）：上海汇通融资租赁有限公司
承租人（乙方）：嘉兴恒美塑胶制品有限公司

第四条 租赁期限
4.1 本合同项下租赁期限为二十四个月，自起租日起算。
4.2 双方确认，起租日为甲方向出卖人支付设备价款之日，即2025年4月1日。
4.3 租赁期限届满日为{expiry}。
第五条 租金
5.1 租金总额为人民币4,800,000元（大写：肆佰捌拾万元整），分四期按半年支付，各期金额以附件二为准。
第十一条 赔偿
11.2 因租赁物造成的环境污染，第三方向甲方索赔的，乙方应赔偿甲方因此遭受的全部损失，该等赔偿按实际发生的金额足额承担，不受金额限制。
第十二条 责任限额
12.1 除{excepted}外，任何一方在本合同项下对另一方承担的全部赔偿责任累计不超过人民币500,000元。
第十三条 本合同争议提交上海国际仲裁中心仲裁。

附件二：租金支付表
期数 | 应付日期 | 租金金额（元）
第1期 | 2025年9月30日 | 1,200,000.00
第2期 | 2026年3月31日 | 1,200,000.00
第3期 | 2026年9月30日 | {third}
第4期 | 2027年3月31日 | 1,200,000.00
"""


def _lease(
    expiry: str = "2027年3月31日", third: str = "1,200,000.00", excepted: str = "第11.2条"
) -> str:
    return _ZH_FINANCE_LEASE.format(expiry=expiry, third=third, excepted=excepted)


def test_a_term_counted_from_a_day_defined_as_an_event_reaches_its_stated_end(
    stages: Stages,
) -> None:
    assert "cn.date.term_vs_expiry" in rule_ids(stages, _lease(expiry="2027年9月30日"))
    assert "cn.date.term_vs_expiry" not in rule_ids(stages, _lease())


def test_a_schedule_of_as_many_instalments_as_the_total_names_adds_up_to_it(
    stages: Stages,
) -> None:
    assert "cn.amount.instalment_table_vs_total" in rule_ids(stages, _lease(third="1,170,000.00"))
    assert "cn.amount.instalment_table_vs_total" not in rule_ids(stages, _lease())


def test_a_duty_not_limited_in_amount_under_a_cap_that_does_not_except_it(
    stages: Stages,
) -> None:
    assert "cn.cap.uncapped_duty_not_excepted" in rule_ids(stages, _lease(excepted="第10.3条"))
    assert "cn.cap.uncapped_duty_not_excepted" not in rule_ids(stages, _lease())


_ZH_SERVICE_YEARS = """物业服务合同

委托方（甲方）：苏州工业园区星湖置业有限公司
受托方（乙方）：苏州锦程物业服务有限公司

第一条 服务期限为三年，自2025年3月1日起至2028年2月29日止。
第二条 “服务年度”指自服务期限起始日或其周年对应日起算的连续十二个月；第一服务年度为2025年3月1日至{first_end}，第二服务年度为2026年3月1日至2027年2月28日。
第三条 本合同争议提交苏州仲裁委员会仲裁。
"""


def test_a_range_named_a_year_is_twelve_months_long(stages: Stages) -> None:
    wrong = _ZH_SERVICE_YEARS.format(first_end="2026年2月25日")
    assert "cn.date.range_length_mismatch" in rule_ids(stages, wrong)
    assert "cn.date.range_length_mismatch" not in rule_ids(
        stages, _ZH_SERVICE_YEARS.format(first_end="2026年2月28日")
    )
    # a short first year ending with the calendar year is a stub by design, not a slip
    stub = _ZH_SERVICE_YEARS.format(first_end="2025年12月31日")
    assert "cn.date.range_length_mismatch" not in rule_ids(stages, stub)


_EN_FRANCHISE = """FRANCHISE AGREEMENT

This Agreement is made on 3 March 2025 between Harbour Lane Coffee Limited (the "Franchisor") and Elm Street Kitchens Ltd (the "Franchisee").

7.1 The Franchisee shall pay a Management Services Fee of 6% and a Brand Fund Contribution of 2% of weekly Gross Sales.
SCHEDULE 2 - WORKED EXAMPLE (illustrative only)
Item | Amount
Gross Sales for the week | £18,500
Management Services Fee at 6% | £1,110
Brand Fund Contribution at 2% | £370
Total continuing Fees at 8% | £{total}

12.1 This Agreement is governed by the laws of England and Wales.
"""


def test_a_summary_total_may_add_up_the_rows_after_its_base_row(stages: Stages) -> None:
    assert "en.amount.table_total" not in rule_ids(stages, _EN_FRANCHISE.format(total="1,480"))
    assert "en.amount.table_total" in rule_ids(stages, _EN_FRANCHISE.format(total="1,840"))


def test_a_total_of_nothing_in_instalments_is_read_without_failing(stages: Stages) -> None:
    nothing = _lease().replace("人民币4,800,000元（大写：肆佰捌拾万元整）", "人民币0元")
    assert "cn.amount.instalment_table_vs_total" not in rule_ids(stages, nothing)
