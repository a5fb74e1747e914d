"""One event, two dates: read from what the sentence says about the event, not one phrasing."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_new import en_services
from tests.rules.helpers import Stages, finding_types


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


CLOSING = (
    '6. CLOSING\n6.1 The closing of the sale (the "Closing") shall take place remotely by the '
    "exchange of signatures on April 1, 2025, or on such other date as the parties agree in "
    'writing (the "Closing Date").\n6.2 Buyer shall employ the staff effective as of the Closing '
    "Date of {employ}.\n"
)


def test_a_closing_that_takes_place_on_one_day_and_a_closing_date_of_another(
    stages: Stages,
) -> None:
    assert "date_inconsistency" in finding_types(
        stages, en_services(extra=CLOSING.format(employ="March 17, 2025"))
    )
    assert "date_inconsistency" not in finding_types(
        stages, en_services(extra=CLOSING.format(employ="April 1, 2025"))
    )


TIED = (
    '7. LEASE\n7.1 The lease commences on December 1, 2025 (the "Commencement Date").\n'
    "7.2 The Equipment shall be delivered on or before {delivery}, and the Commencement Date "
    "shall be the date of delivery.\n"
)


def test_an_event_fixed_on_a_day_and_tied_to_a_later_delivery(stages: Stages) -> None:
    assert "date_inconsistency" in finding_types(
        stages, en_services(extra=TIED.format(delivery="December 15, 2025"))
    )
    assert "date_inconsistency" not in finding_types(
        stages, en_services(extra=TIED.format(delivery="December 1, 2025"))
    )


def test_a_chinese_event_fixed_and_tied_to_a_later_handover(stages: Stages) -> None:
    from tests.rules.cases_new import ZH_LEASE

    rent = "第三条 租金\n3.1 月租金为人民币捌仟元整（¥8,000.00）。\n3.2 起租日为2025年3月1日。\n3.3 起租日为厂房交付之日，甲方应于{handover}前交付厂房。"
    late = ZH_LEASE.format(rent=rent.format(handover="2025年3月15日"))
    same = ZH_LEASE.format(rent=rent.format(handover="2025年3月1日"))
    assert "date_inconsistency" in finding_types(stages, late)
    assert "date_inconsistency" not in finding_types(stages, same)
