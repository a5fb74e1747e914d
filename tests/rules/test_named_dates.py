"""One event, two dates: read from what the sentence says about the event, not one phrasing."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_new import en_services
from tests.rules.helpers import Stages, finding_types, rule_ids


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


EN_LONG_STOP = """ASSET PURCHASE AGREEMENT

This Asset Purchase Agreement (this "Agreement") is made on 18 March 2025 in Suzhou between Qinglan Components Co., Ltd. (the "Seller") and Haochen Auto Parts Co., Ltd. (the "Buyer").
1.1 "Long-Stop Date" means the date falling three (3) months after the date of this Agreement, or such later date as the Parties may agree in writing;
4.4 If any Condition has not been satisfied or waived by {date} (being the Long-Stop Date), either Party may terminate this Agreement by written notice.
18.1 This Agreement is governed by the laws of the People's Republic of China.
"""

ZH_LONG_STOP = """股权转让协议

本协议于2025年3月18日在苏州签订。
转让方（甲方）：苏州青岚精密部件有限公司
受让方（乙方）：宁波浩辰汽车零部件有限公司
第一条 最后截止日指本协议签署之日起三个月届满之日。
第五条 先决条件未能于最后截止日（即{date}）前全部满足的，任何一方均可解除本协议。
第十二条 本协议适用中华人民共和国法律。
"""


@pytest.mark.parametrize(
    ("text", "rule", "wrong", "right"),
    [
        (EN_LONG_STOP, "en.prc.date.named_event_twice", "30 June 2025", "18 June 2025"),
        (ZH_LONG_STOP, "cn.date.named_event_twice", "2025年6月30日", "2025年6月18日"),
    ],
)
def test_a_date_defined_as_a_period_from_signing_and_given_as_another_day(
    stages: Stages, text: str, rule: str, wrong: str, right: str
) -> None:
    """Three months after 18 March is 18 June: a Long-Stop Date of 30 June cannot also hold."""
    assert rule in rule_ids(stages, text.format(date=wrong))
    assert rule not in rule_ids(stages, text.format(date=right))


def test_a_date_defined_in_business_days_is_not_computed(stages: Stages) -> None:
    """Business days need a holiday calendar the contract does not give: left alone."""
    text = EN_LONG_STOP.replace("three (3) months", "sixty (60) Business Days")
    assert "en.prc.date.named_event_twice" not in rule_ids(stages, text.format(date="30 June 2025"))


ZH_LICENCE_TERM = """专利实施许可合同

许可方（甲方）：苏州恒拓新材料科技有限公司
被许可方（乙方）：常州驰远汽车部件有限公司
第五条 许可期限为五年，自本合同生效日起算。
第二十九条 因本合同引起的争议，提交苏州仲裁委员会仲裁。
第三十条 本合同自双方签字盖章之日起成立，于2025年4月1日起生效。

附件一 许可事项
项目 | 内容
许可方式 | 排他实施许可
许可期限 | 2025年4月1日至{end}
"""


def test_a_term_from_the_day_the_contract_says_it_takes_effect(stages: Stages) -> None:
    """ "于2025年4月1日起生效" dates the 生效日 the term runs from: five years end in 2030."""
    rule = "cn.date.term_vs_expiry"
    assert rule in rule_ids(stages, ZH_LICENCE_TERM.format(end="2031年3月31日"))
    assert rule not in rule_ids(stages, ZH_LICENCE_TERM.format(end="2030年3月31日"))


EN_SCHEDULE_TERM = """EQUIPMENT LEASE AGREEMENT

This Lease is made on March 3, 2025 between Hudson Machine Rentals LLC ("Lessor") and Brightline Packaging Inc. ("Lessee").
3.1 The base term of this Lease (the "Base Term") begins on the Commencement Date and runs for forty-two (42) consecutive months.
20. This Lease is governed by the laws of the State of New York.

SCHEDULE A
Commencement Date: April 1, 2025
Expiration Date of Base Term: {end}
"""


def test_a_schedule_label_naming_the_terms_end(stages: Stages) -> None:
    """Forty-two months from 1 April 2025 end on 30 September 2028, not 31 March 2028."""
    rule = "en.date.term_vs_expiry"
    assert rule in rule_ids(stages, EN_SCHEDULE_TERM.format(end="March 31, 2028"))
    assert rule not in rule_ids(stages, EN_SCHEDULE_TERM.format(end="September 30, 2028"))
