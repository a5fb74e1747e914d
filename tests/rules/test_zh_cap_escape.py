"""A Chinese cap on all liability beside a duty to pay a loss in full that "no other term may
reduce or limit", which the cap does not except (dev miss zh_w01). Written here, not copied. The
lawful twins: the cap names the duty's clause or its subject among its exceptions, the cap
yields to the contract's other terms, or the duty names the cap it stands outside."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, finding_types


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


ZH_DATA_SERVICES = """技术服务合同

签订日期：2025年5月8日
甲方：杭州云岫物流有限公司
乙方：上海衡策信息科技有限公司

第一条 服务内容
乙方为甲方提供仓储管理系统的运维服务，服务费为每月人民币60,000.00元。
第五条 数据安全。乙方违反数据安全义务导致甲方数据泄露的，应赔偿甲方因此遭受的全部损失，{duty}。
第九条 责任限额。{cap_head}任何一方在本合同项下承担的损害赔偿及其他补偿责任累计不超过人民币柒拾贰万元整（¥720,000.00）。{cap_tail}
第十条 争议
因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

ESCAPES_OTHER_TERMS = "该项赔偿不因本合同其他条款的约定而减少或者受到限制"
_NAMED = "该项赔偿不受第九条责任限额的限制"


@pytest.mark.parametrize(
    ("duty", "cap_head", "cap_tail", "fires"),
    [
        (
            ESCAPES_OTHER_TERMS,
            "",
            "下列事项不受前述限额的约束：一方因故意或者重大过失造成的损失。",
            True,
        ),
        (
            ESCAPES_OTHER_TERMS,
            "",
            "下列事项不受前述限额的约束：乙方依第五条承担的赔偿责任。",
            False,
        ),
        (ESCAPES_OTHER_TERMS, "", "违反数据安全义务的赔偿不受前述限额的约束。", False),
        (ESCAPES_OTHER_TERMS, "除本合同另有约定外，", "", False),
        (_NAMED, "", "", False),
    ],
)
def test_a_cap_must_except_a_duty_that_no_other_term_may_limit(
    stages: Stages, duty: str, cap_head: str, cap_tail: str, fires: bool
) -> None:
    text = ZH_DATA_SERVICES.format(duty=duty, cap_head=cap_head, cap_tail=cap_tail)
    assert ("indemnity_cap_conflict" in finding_types(stages, text)) is fires
