"""Overdue interest and a late-payment penalty are capped together (民间借贷规定 29): the sum is
compared with four times the LPR, whichever the two are worded as."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_findings
from tests.rules.test_rule_catalogue import LOAN

RULE = "cn.interest.overdue_charges_over_4x_lpr"


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _fired(stages: Stages, interest: str) -> list[str]:
    return [
        f.message
        for f in rule_findings(stages, LOAN.format(interest=interest))
        if f.rule_id == RULE
    ]


def test_a_markup_on_the_loan_rate_plus_a_daily_penalty_is_summed(stages: Stages) -> None:
    # 9% x 1.3 = 11.7% a year, 万分之二 a day = 7.2% a year: 18.9% against 4 x 3.0% (June 2025)
    fired = _fired(
        stages,
        "借款年利率为9%。借款人逾期还款的，按借款年利率上浮30%（即年利率11.7%）计收逾期利息；"
        "逾期超过5日的，除支付逾期利息外，还应按逾期金额每日万分之二支付违约金。",
    )
    assert len(fired) == 1
    assert "合计年18.90%" in fired[0] and "12.00%" in fired[0]


def test_charges_within_the_cap_together_are_not_flagged(stages: Stages) -> None:
    assert not _fired(
        stages,
        "借款年利率为6%。借款人逾期还款的，按年利率8%计收逾期利息，并按逾期金额每日万分之一支付违约金。",
    )


def test_a_one_off_penalty_is_not_a_rate_to_add(stages: Stages) -> None:
    assert not _fired(
        stages,
        "借款年利率为9%。借款人逾期还款的，按年利率11%计收逾期利息，并支付借款本金5%的违约金。",
    )


def test_an_overdue_rate_already_over_the_cap_is_the_single_rate_rule(stages: Stages) -> None:
    text = "借款年利率为9%。借款人逾期还款的，按年利率15%计收逾期利息，并按逾期金额每日万分之二支付违约金。"
    assert not _fired(stages, text)
    ids = {f.rule_id for f in rule_findings(stages, LOAN.format(interest=text))}
    assert "cn.interest.over_4x_lpr" in ids
