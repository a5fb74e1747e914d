"""A schedule row that leaves a main term open, beside the lawful rows that look like it."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_open_rows import EN_LEASE, ZH_STAGES
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


RULE_ZH = "cn.essential.open_schedule_row"
RULE_EN = "en.essential.open_schedule_row"
_NY = "the State of New York"


def test_a_stage_fee_left_to_later_agreement_under_a_fee_column(stages: Stages) -> None:
    assert RULE_ZH in rule_ids(stages, ZH_STAGES.format(fee="由双方根据第二阶段方案另行协商确定"))
    assert RULE_ZH not in rule_ids(stages, ZH_STAGES.format(fee="600,000.00"))


def test_extra_work_left_to_later_agreement_is_lawful(stages: Stages) -> None:
    text = ZH_STAGES.format(fee="600,000.00") + "额外服务 | 另行协商确定 | 另行约定\n"
    assert RULE_ZH not in rule_ids(stages, text)


def test_a_redaction_is_no_blank(stages: Stages) -> None:
    assert RULE_EN in rule_ids(stages, EN_LEASE.format(law=_NY, share="[  ]%"))
    assert RULE_EN not in rule_ids(stages, EN_LEASE.format(law=_NY, share="[***]%"))


def test_a_share_the_body_fixes_is_no_gap(stages: Stages) -> None:
    """The row is open but a clause states the figure: the term is fixed."""
    text = EN_LEASE.format(law=_NY, share="to be agreed").replace(
        "as set out in Part 2 of Schedule B.",
        "as set out in Part 2 of Schedule B. Tenant's Proportionate Share is 4.25%.",
    )
    assert RULE_EN not in rule_ids(stages, text)


def test_a_signature_lines_blank_under_a_price_column_is_no_open_term(stages: Stages) -> None:
    """A PDF may run the signature block into a table's last row: its blank is for a name."""
    text = EN_LEASE.format(law=_NY, share="4.25%") + (
        "Item | Quantity | Unit price\n"
        "Parking | 2 spaces | Tenant (seal): Brightline Analytics Inc. "
        "Authorised representative: ____________\n"
    )
    assert RULE_EN not in rule_ids(stages, text)
    assert RULE_EN in rule_ids(stages, text.replace("Tenant (seal)", "[  ] to be agreed"))
