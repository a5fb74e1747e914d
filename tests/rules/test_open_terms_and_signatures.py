"""Three facts read across places in an English reseller agreement: a term whose own sentence
names its end date but whose start is the Effective Date defined elsewhere; a signature block
naming a company other than the party; a defined discount that nothing ever gives a figure.
Each has a lawful twin that must stay quiet."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids

_RESELLER = """RESELLER AGREEMENT

This Reseller Agreement is entered into as of April 1, 2025 (the "Effective Date") by and between:

MERIDIAN FLOW CONTROLS, INC., an Ohio corporation ("Supplier"); and

NORTHSHORE PROCESS SUPPLY, LLC, a Michigan limited liability company ("Reseller").

1.1 "List Price" means the price shown for each Product in Schedule A.
1.2 "Dealer Discount" means {discount}.
1.3 "Dealer Price" means the List Price less the Dealer Discount.
3.1 Reseller shall pay Supplier the Dealer Price for each Product ordered.
12.1 This Agreement begins on the Effective Date and continues for an initial term of {months} months, expiring on March 31, 2028 (the "Initial Term").
12.2 Either party may end this Agreement at the end of the Initial Term by ninety (90) days' written notice.
14.1 This Agreement is governed by the laws of the State of Ohio.

IN WITNESS WHEREOF, the parties have signed this Agreement as of the Effective Date.

MERIDIAN FLOW CONTROLS, INC.
By: ______________________
Name: Laura Pinsky

{signatory}
By: ______________________
Name: Owen Bradley

SCHEDULE A - PRODUCTS AND LIST PRICES
Part No. | Product | List Price (US$)
MV-20 | Manifold valve | 410.00
"""

_AGREED = {
    "discount": "twenty-two percent (22%) off the List Price",
    "months": "thirty-six (36)",
    "signatory": "NORTHSHORE PROCESS SUPPLY, LLC",
}


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _fired(stages: Stages, **changed: str) -> set[str]:
    return rule_ids(stages, _RESELLER.format(**{**_AGREED, **changed}))


def test_the_lawful_reseller_agreement_raises_none_of_the_three(stages: Stages) -> None:
    fired = _fired(stages)
    assert not fired & {
        "en.date.term_vs_expiry", "en.party.name_variant", "en.essential.open_price_term"
    }, fired  # fmt: skip


def test_a_term_that_cannot_reach_its_own_stated_end_date(stages: Stages) -> None:
    # 24 months from 1 April 2025 end on 31 March 2027, not 2028
    assert "en.date.term_vs_expiry" in _fired(stages, months="twenty-four (24)")


def test_a_signature_block_naming_another_company(stages: Stages) -> None:
    fired = _fired(stages, signatory="NORTHSHORE PROCESS SUPPLIES, INC.")
    assert "en.party.name_variant" in fired


def test_a_discount_that_nothing_gives_a_figure(stages: Stages) -> None:
    circular = "the discount from List Price that applies to Reseller under this Agreement"
    assert "en.essential.open_price_term" in _fired(stages, discount=circular)
    # a discount set out in a schedule, or stated in a later clause, is fixed
    listed = "the discount for each Product set out in Schedule B"
    assert "en.essential.open_price_term" not in _fired(stages, discount=listed)
    stated = _RESELLER.format(**{**_AGREED, "discount": circular}).replace(
        "3.1 Reseller", "3.0 The Dealer Discount is 18% for all Products.\n3.1 Reseller"
    )
    assert "en.essential.open_price_term" not in rule_ids(stages, stated)


_ZH_CONSIGNMENT = """二手设备寄售行纪合同

委托人（甲方）：杭州恒远机械租赁有限公司
行纪人（乙方）：宁波通衢设备贸易有限公司

第四条 行纪期限为六个月，自2025年5月12日起算。
第七条 行纪报酬为成交价的百分之三，于每台设备售出后结算。
第二十条 行纪期限届满（即{end}）后仍未售出的设备，乙方应通知甲方取回。
第二十五条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""


def test_a_term_named_after_the_contract_kind_meets_its_stated_end(stages: Stages) -> None:
    # 行纪期限: the term of a commission agency, like 委托期限 or 仓储期限
    assert "cn.date.term_vs_expiry" in rule_ids(stages, _ZH_CONSIGNMENT.format(end="2026年2月11日"))
    assert "cn.date.term_vs_expiry" not in rule_ids(
        stages, _ZH_CONSIGNMENT.format(end="2025年11月11日")
    )
