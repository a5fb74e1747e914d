"""False alarms read off batch Y's dev contracts, each beside the twin that must still fire:
"punitive damages" excluded beside liquidated damages, a term whose mechanics a schedule sets
out, and a prose sum of the figures just before it under a fee schedule. Texts written here."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_SUPPLY = """PRIVATE LABEL SUPPLY AGREEMENT

This Agreement is made on April 4, 2026 between Brightway Foods Inc. ("Buyer") and Millbrook Packing Co. ("Supplier").
1. SUPPLY
1.1 Supplier shall manufacture and deliver the Products ordered by Buyer.
2. LATE DELIVERY
2.1 For each day of late delivery Supplier shall pay Buyer liquidated damages of US$500, up to 5% of the order value. {penalty}
3. LIMITATION
3.1 NEITHER PARTY SHALL BE LIABLE FOR ANY INDIRECT, CONSEQUENTIAL OR PUNITIVE DAMAGES. LIQUIDATED DAMAGES UNDER SECTION 2 ARE DIRECT DAMAGES FOR THIS PURPOSE.
4. LAW
4.1 This Agreement is governed by the laws of the State of Delaware.
"""


@pytest.mark.parametrize(
    ("penalty", "fires"),
    [("", False), ("The liquidated damages are punitive and payable as a penalty.", True)],
)
def test_punitive_damages_excluded_are_no_penalty_wording(
    stages: Stages, penalty: str, fires: bool
) -> None:
    found = "en.liquidated_damages.penalty" in rule_ids(stages, _SUPPLY.format(penalty=penalty))
    assert found is fires


_OUTSOURCING = """IT OUTSOURCING AGREEMENT

This agreement is made on 3 March 2026 between Fenwick Data Systems Limited, a company registered in England (the "Supplier"), and Harbour Homes Association Limited, a company registered in England (the "Customer").

1. SERVICE LEVELS
1.1 If the Supplier fails to meet a service level, the Service Credits {how} and deducted from the next invoice.
1.2 The Service Credits in any month shall not exceed 12% of the monthly charge, and the Service Credits are the Customer's sole remedy for a missed service level.
2. GOVERNING LAW
2.1 This agreement is governed by the laws of England and Wales.

Schedule 2 - Credit Table
Availability below 99.5% | 5% of the monthly charge
"""


@pytest.mark.parametrize(
    ("how", "fires"),
    [("shall be calculated as set out in Schedule 2", False), ("shall be calculated", True)],
)
def test_a_term_whose_schedule_sets_it_out_is_defined(
    stages: Stages, how: str, fires: bool
) -> None:
    found = "en.term.undefined" in rule_ids(stages, _OUTSOURCING.format(how=how))
    assert found is fires


_TRAINING = """职业技能培训服务合同

甲方：杭州匠心职业技能培训学校
乙方：王小明

第一条 培训费用总额以附件一为准。
第二条 退费计算示例：乙方已缴附件一所列费用中的定金1,000元及第二期费用3,800元，共计{figure}元，退学时按已上课时扣减。
第三条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
附件一 培训费用明细
项目 | 金额（元） | 说明
学费 | 4,600.00 | 含理论教学及实操指导
教材资料费 | 280.00 | 开班首日发放
实训耗材费 | 1,920.00 | 焊条、焊丝及保护气体
合计 | 6,800.00 | 大写：人民币陆仟捌佰元整
"""


@pytest.mark.parametrize(("figure", "fires"), [("4,800", False), ("5,800", True)])
def test_a_sum_of_the_figures_just_before_is_not_the_schedules_total(
    stages: Stages, figure: str, fires: bool
) -> None:
    found = "cn.amount.schedule_total_restated" in rule_ids(stages, _TRAINING.format(figure=figure))
    assert found is fires
