"""The main consideration left to later agreement (deferred_main_term): flagged when nothing
else fixes it, whatever the contract type; lawful deferrals (a fallback for items without a unit
rate, each order's price under a framework, an audit, a future licence, a price already agreed)
are left alone."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_deferred import (
    EN_MAINTENANCE,
    ENGLAND,
    ZH_MAINTENANCE,
)
from tests.rules.helpers import Stages, rule_findings


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _deferred(stages: Stages, text: str) -> list[str]:
    return [f.quote for f in rule_findings(stages, text) if "deferred" in (f.rule_id or "")]


def _zh(fee: str) -> str:
    return ZH_MAINTENANCE.format(fee=fee)


def _en(fee: str) -> str:
    return EN_MAINTENANCE.format(fee=fee, law=ENGLAND)


def test_a_pointer_to_a_schedule_that_defers_the_fee_does_not_fix_it(stages: Stages) -> None:
    text = _en(
        'The "Maintenance Fee" is the fee specified in Schedule A.\n'
        "SCHEDULE A\nMaintenance Fee | To be set by mutual written agreement after the first "
        "quarter | Quarterly in arrears"
    )
    assert _deferred(stages, text) == [
        "Maintenance Fee | To be set by mutual written agreement after the first quarter | "
        "Quarterly in arrears"
    ]


def test_a_fee_fixed_in_another_clause_is_not_deferred(stages: Stages) -> None:
    text = _en(
        "The Maintenance Fee shall be agreed between the parties at a later date.\n"
        "2A. The Maintenance Fee is GBP 4,800 per quarter, payable in arrears."
    )
    assert _deferred(stages, text) == []


@pytest.mark.parametrize(
    "fee",
    [
        "维护服务费按附件一所列单价计算；附件一没有适用单价的配件，其单价由双方另行协商确定。",
        "维护服务费的具体单价以甲方每次下达的订单另行约定为准。",
        "本合同签订前双方已经协商确定维护服务费，本合同不再重复。",
        "乙方与配件供应商之间的服务费由其另行约定，与甲方无关。",
    ],
    ids=["fallback_unit_rate", "framework_orders", "already_agreed", "third_party"],
)
def test_lawful_chinese_deferrals_are_left_alone(stages: Stages, fee: str) -> None:
    assert _deferred(stages, _zh(fee)) == []


@pytest.mark.parametrize(
    "fee",
    [
        "Customer shall keep records of all call-outs in sufficient detail to enable the "
        "Maintenance Fee to be determined and verified.",
        "The Maintenance Fee for each site shall be the price to be agreed in each Purchase Order.",
        "The parties shall negotiate in good faith a separate licence for the telematics software. "
        "Royalties shall be negotiated by the parties in good faith at a later date.",
        "Customer will pay the package price previously agreed by the parties.",
    ],
    ids=["audit", "purchase_orders", "future_licence", "previously_agreed"],
)
def test_lawful_english_deferrals_are_left_alone(stages: Stages, fee: str) -> None:
    assert _deferred(stages, _en(fee)) == []


def test_chinese_fee_left_to_a_confirmation_letter_is_flagged(stages: Stages) -> None:
    fee = "维护服务费的标准及金额，由双方在首次保养完成后另行以《费用确认书》予以确定。"
    assert _deferred(stages, _zh(fee)) == [f"2.1 {fee}"]
