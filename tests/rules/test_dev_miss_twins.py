"""Twins of planted problems missed on development contracts (twenty-fourth session: en_r02,
zh_o02), each beside the lawful wording the same check must leave alone. Written here, not
copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, finding_types, rule_findings, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_SERVICES = """MANAGED SERVICES AGREEMENT

This agreement is made on 2 June 2025 between Fenwick Data Limited (the "Supplier") and Orchard Housing Trust (the "Customer").

1. DEFINITIONS
1.1 "Monthly Charge" means the sum of the monthly charges for each service line set out in Schedule 2.
2. SERVICE CREDITS
2.1 Service Credits in any Month shall not exceed ten per cent (10%) of the Monthly Charge for that Month.
3. GOVERNING LAW
3.1 This agreement is governed by the laws of England and Wales.

SCHEDULE 1 - SERVICE LEVELS
Service Credit Cap: £{cap} in any Month (being 10% of the Monthly Charge).

SCHEDULE 2 - CHARGES
Service line | Monthly charge
Hosting | £18,000
Service desk | £6,000
Monthly Charge | | £24,000
"""


def test_a_share_stated_after_its_figure_is_checked_against_the_named_sum(stages: Stages) -> None:
    assert "en.amount.named_share_mismatch" in rule_ids(stages, _SERVICES.format(cap="2,900"))
    assert "amount_contradiction" not in finding_types(stages, _SERVICES.format(cap="2,400"))


_SUPPLY = """年度供货框架协议

甲方：合川商贸有限公司
乙方：鹤鸣食品有限公司

第一条 年度采购额为人民币600万元。
第二条 乙方按季度向甲方支付返利人民币{rebate}万元（即年度采购额的5%），于次年1月31日前付清。
第三条 本协议适用中华人民共和国法律。
"""


def test_a_chinese_share_stated_after_its_figure(stages: Stages) -> None:
    assert "cn.amount.named_share_mismatch" in rule_ids(stages, _SUPPLY.format(rebate="36"))
    assert "amount_contradiction" not in finding_types(stages, _SUPPLY.format(rebate="30"))


_FINANCE_LEASE = """融资租赁合同（回租）

出租人（甲方）：泓远融资租赁有限公司
承租人（乙方）：青禾包装材料有限公司

第一条 乙方将其所有的注塑机三台以人民币2,400,000元出售给甲方，价款付清之日，租赁物的所有权即转移至甲方，甲方再将租赁物出租给乙方使用。
第二条 租赁期限三年，租金总额人民币2,700,000元，分12期支付。
第三条 租赁期限届满，乙方付清全部租金后，向甲方支付留购价款人民币100元，租赁物的所有权即转移至{owner}。
第四条 本合同适用中华人民共和国法律。
"""


def test_ownership_after_the_buy_out_goes_to_the_lessee(stages: Stages) -> None:
    """民法典759: the lessee that pays the buy-out price becomes the owner; the leaseback's sale to
    the lessor at the start (第一条) is no role swap."""
    swapped = rule_findings(stages, _FINANCE_LEASE.format(owner="甲方"))
    found = [f for f in swapped if f.rule_id == "cn.party.role_action_swapped"]
    assert len(found) == 1 and "留购" in found[0].quote
    assert "party_inconsistency" not in finding_types(stages, _FINANCE_LEASE.format(owner="乙方"))
