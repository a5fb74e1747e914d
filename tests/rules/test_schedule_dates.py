"""A schedule row that finishes a part after the date the whole is due: found however the whole's
date is worded, and silent for rows that by nature follow it (保修, acceptance, warranty)."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_focus import en_milestones, en_prc_lots, zh_works_plan
from tests.rules.cases_new import en_prc
from tests.rules.helpers import Stages, rule_findings


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _part_rules(stages: Stages, text: str) -> list[str]:
    ids = [f.rule_id or "" for f in rule_findings(stages, text)]
    return [i for i in ids if "part_after_final_date" in i]


def test_a_chinese_works_row_finishing_after_the_planned_completion(stages: Stages) -> None:
    assert _part_rules(stages, zh_works_plan()) == ["cn.date.part_after_final_date"]
    # on the day, or before it: lawful
    assert _part_rules(stages, zh_works_plan(end="2025年10月27日")) == []
    # a row that follows completion by its nature is not a part of the works
    assert _part_rules(stages, zh_works_plan(row="竣工验收及资料移交")) == []
    assert _part_rules(stages, zh_works_plan(row="保修期首次回访", end="2026年10月27日")) == []


def test_an_english_lot_delivered_after_all_must_be_delivered(stages: Stages) -> None:
    assert _part_rules(stages, en_prc_lots()) == ["en.prc.date.part_after_final_date"]
    assert _part_rules(stages, en_prc_lots(last="June 30, 2025")) == []
    assert _part_rules(stages, en_prc_lots(final="July 31, 2025")) == []


def test_a_delivery_column_is_not_read_against_a_completion_date(stages: Stages) -> None:
    lots = (
        'Installation shall be complete by June 30, 2025 (the "Completion Date").\n'
        "SCHEDULE 1 - DELIVERY\nLot | Quantity | Delivery date\n"
        "Lot 1 | 10 | May 30, 2025\nLot 2 | 5 | July 15, 2025\n"
    )
    assert _part_rules(stages, en_prc(extra=lots)) == []


def test_a_named_completion_date_against_a_milestone_under_english_law(stages: Stages) -> None:
    assert _part_rules(stages, en_milestones()) == ["en.date.part_after_final_date"]
    assert _part_rules(stages, en_milestones("Hypercare support")) == []


ZH_CONSULTING = """管理咨询服务合同

委托方（甲方）：杭州冷运物流有限公司
服务方（乙方）：上海远策管理咨询有限公司

2.3 乙方应在本合同第三条约定的服务期限届满之前完成全部三个阶段的工作、提交全部交付成果。
3.1 本合同服务期限为六个月，自2025年3月3日起至2025年9月2日止。
第十五条 因本合同引起的争议，向甲方所在地人民法院起诉。

附件一：交付成果及进度安排
阶段 | 交付成果 | 提交时间
第一阶段 现状诊断 | 《现状诊断报告》 | 2025年4月18日前
第三阶段 试点辅导 | 《试点辅导总结报告》 | {last}前
"""


def test_a_deliverable_due_after_the_term_by_whose_end_all_must_be_submitted(
    stages: Stages,
) -> None:
    """ "服务期限届满之前…提交全部交付成果" with the term dated 自…起至2025年9月2日止: a report
    due on 30 September falls outside it."""
    late = ZH_CONSULTING.format(last="2025年9月30日")
    assert _part_rules(stages, late) == ["cn.date.part_after_final_date"]
    assert _part_rules(stages, ZH_CONSULTING.format(last="2025年8月29日")) == []


ZH_ADVERTISING = """广告发布合同

委托方（甲方）：杭州澜汐家居有限公司
发布方（乙方）：杭州新潮传媒有限公司

第四条 发布期限：本合同项下广告发布期限为六个月，自2025年4月1日起至2025年9月30日止。
第十五条 因本合同引起的争议，向甲方所在地人民法院起诉。

附件一：发布点位及费用
点位 | 规格 | 发布期间 | 月数 | 费用（元）
LED大屏 | 东立面约200平方米 | 2025年4月1日至{end} | 6 | 840,000
社区灯箱 | 40块 | 2025年4月1日至2025年9月30日 | 6 | 360,000
"""


def test_a_schedule_rows_period_that_runs_past_the_contracts_term(stages: Stages) -> None:
    """The term runs 1 April to 30 September; a medium booked from 1 April to 31 October
    cannot also hold. A row that starts later is another matter (a renewal, a second phase)."""
    assert _part_rules(stages, ZH_ADVERTISING.format(end="2025年10月31日")) == [
        "cn.date.part_after_final_date"
    ]
    assert _part_rules(stages, ZH_ADVERTISING.format(end="2025年9月30日")) == []


ZH_PRODUCE = """农产品买卖合同

买方（甲方）：杭州鲜果连锁有限公司
卖方（乙方）：赣州橙源果业供应链有限公司

第四条 供货期自2025年11月1日起至2026年1月31日止。各批次的交货日期以附件一为准，且均应在供货期内交付完毕。
第十五条 因本合同引起的争议，向甲方所在地人民法院起诉。

附件一：交货批次
批次 | 交货日期 | 数量（吨） | 金额（元）
第一批 | 2025年11月5日 | 120 | 528,000
第五批 | {last} | 100 | 400,000
"""


def test_a_batch_delivered_after_the_period_every_batch_must_fall_in(stages: Stages) -> None:
    assert _part_rules(stages, ZH_PRODUCE.format(last="2026年2月6日")) == [
        "cn.date.part_after_final_date"
    ]
    assert _part_rules(stages, ZH_PRODUCE.format(last="2026年1月26日")) == []


ZH_PROCESSING = """委托加工合同

签订日期：2025年3月17日
定作方（甲方）：宁波海通厨具有限公司
承揽方（乙方）：慈溪恒力五金制品有限公司

4.1 乙方应按附件二所列批次分三批交货，全部产品应于本合同签订之日起四个月内交付完毕。
第十五条 因本合同引起的争议，向甲方所在地人民法院起诉。

附件二：交货计划
批次 | 产品及数量 | 交货日期
第一批 | 拉篮3,000件 | 2025年5月20日
第三批 | 拉篮5,000件 | {last}
"""


def test_a_batch_after_the_months_from_signing_all_must_be_delivered_in(stages: Stages) -> None:
    """Four months from 17 March end on 17 July: a third batch on 28 July is late."""
    assert _part_rules(stages, ZH_PROCESSING.format(last="2025年7月28日")) == [
        "cn.date.part_after_final_date"
    ]
    assert _part_rules(stages, ZH_PROCESSING.format(last="2025年7月10日")) == []


_ZH_DEV_PERIOD = """仓储管理系统定制开发合同

委托方（甲方）：苏州云仓物流有限公司
开发方（乙方）：杭州澜序信息技术有限公司
签订日期：2025年3月10日

3.1 本项目开发期限为自本合同生效之日起120个日历日。乙方应于开发期限内完成全部功能开发、内部测试及系统集成测试，并向甲方提交终验版本。
18.1 本合同自双方法定代表人或授权代表签字并加盖公章或合同专用章之日起{effect}。

附件二：项目里程碑
里程碑 | 工作内容 | 完成日期
M1 | 提交《需求规格说明书》 | 2025年3月31日
M3 | 交付系统集成测试版本 | 2025年6月20日
M4 | 提交终验版本 | {m4}
"""


def test_a_milestone_after_a_named_period_counted_from_taking_effect(stages: Stages) -> None:
    # 120 calendar days after 10 March 2025 end on 8 July 2025 (民法典 201: the first day is not
    # counted); "日历日" is a day, and effect on signing with the company chop starts the period
    late = _ZH_DEV_PERIOD.format(effect="生效", m4="2025年7月31日")
    assert _part_rules(stages, late) == ["cn.date.part_after_final_date"]
    assert _part_rules(stages, _ZH_DEV_PERIOD.format(effect="生效", m4="2025年7月8日")) == []
    # effect on a later condition: the period's start is unknown, so nothing is computed
    conditional = _ZH_DEV_PERIOD.format(
        effect="成立，自甲方支付首期款之日起生效", m4="2025年7月31日"
    )
    assert _part_rules(stages, conditional) == []


_EN_TERM_LOAN = """TERM LOAN AGREEMENT

This Agreement is made on June 20, 2025 between Hudson Crest Capital Partners LLC ("Lender") and Brightwater Foods Inc. ("Borrower").
ARTICLE 1 - DEFINITIONS. "Closing Date" means June 30, 2025; "Maturity Date" means the date falling {months} months after the Closing Date.
ARTICLE 5 - REPAYMENT. The Borrower shall repay the principal in four equal quarterly installments of $150,000 on the dates set out in Schedule A.
ARTICLE 12 - GOVERNING LAW. This Agreement is governed by the laws of the State of New York.

SCHEDULE A - PRINCIPAL REPAYMENT SCHEDULE
Installment | Payment date | Principal amount
1 | September 30, 2025 | $150,000
2 | December 31, 2025 | $150,000
3 | March 31, 2026 | $150,000
4 | June 30, 2026 | $150,000
"""


def test_an_instalment_after_a_maturity_defined_as_months_after_closing(stages: Stages) -> None:
    # nine months after 30 June 2025 is 30 March 2026: the fourth instalment, and the third by a
    # day, fall after it; twelve months is 30 June 2026, the last instalment's day
    ids = [f.rule_id for f in rule_findings(stages, _EN_TERM_LOAN.format(months="nine (9)"))]
    assert "en.date.repayment_after_loan_term" in ids
    twelve = _EN_TERM_LOAN.format(months="twelve (12)")
    assert "en.date.repayment_after_loan_term" not in [
        f.rule_id for f in rule_findings(stages, twelve)
    ]


_EN_FITOUT = """CLEANROOM FIT-OUT CONTRACT

This Contract is made on 20 May 2025 between Suzhou Kaiwei Medical Co., Ltd. (the "Employer") and Shanghai Purelab Engineering Co., Ltd. (the "Contractor").
Article 3 The Contractor shall achieve Completion no later than 30 September 2025 (the "Time for Completion"). "Completion" means that all of the Works{including} have been finished and have passed the completion inspection.
Article 15 This Contract is governed by the laws of the People's Republic of China.

Annex 2 - Milestones
Milestone | Description | Target date | Payment (% of Contract Price)
3 | Cleanroom partitions and ceilings installed | 5 September 2025 | 20%
4 | Cleanroom HVAC installed; commissioning and air-balance test passed | 10 October 2025 | 15%
5 | Completion certificate signed | by 30 September 2025 | 12%
"""


def test_a_milestone_the_whole_is_defined_to_include_falls_after_it(stages: Stages) -> None:
    included = _EN_FITOUT.format(
        including=", including the commissioning and air-balance testing of the HVAC system,"
    )
    assert _part_rules(stages, included) == ["en.prc.date.part_after_final_date"]
    # commissioning is not said to be part of Completion: a step that by nature follows it
    assert _part_rules(stages, _EN_FITOUT.format(including="")) == []
