"""Priced items against the total: a difference that is exactly VAT, a list of instalments and a
list with an optional item are not breakdowns that contradict the price."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_itemised import ZH_ITEMS
from tests.rules.helpers import Stages, rule_findings

RULE = "cn.amount.itemised_total_mismatch"


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _fired(stages: Stages, text: str) -> bool:
    return RULE in {f.rule_id for f in rule_findings(stages, text)}


def test_items_net_of_vat_against_a_gross_total_agree(stages: Stages) -> None:
    # 1,072,000 + 579,000 + 88,000 = 1,739,000 net; the total 1,965,070 is that plus 13% VAT
    text = ZH_ITEMS.format(service="88,000").replace(
        "人民币壹佰柒拾叁万玖仟元整（¥1,739,000.00）", "人民币1,965,070元（含13%增值税）"
    )
    assert not _fired(stages, text)


def test_a_list_that_pays_is_an_instalment_schedule_not_a_breakdown(stages: Stages) -> None:
    text = ZH_ITEMS.format(service="48,000").replace("安装调试及培训服务1项", "验收后支付服务费")
    assert not _fired(stages, text)


def test_an_optional_item_is_not_part_of_the_price(stages: Stages) -> None:
    text = ZH_ITEMS.format(service="48,000").replace("安装调试及培训服务1项", "选购的备品备件1批")
    assert not _fired(stages, text)
    assert _fired(stages, ZH_ITEMS.format(service="48,000"))
