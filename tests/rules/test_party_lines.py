"""English contracts laid out the PRC way name each party on a line of its own ("Warehouse Keeper:
… Co., Ltd.") and again in the signature block: a different name there is a party mismatch."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_findings

CONTRACT = """WAREHOUSING AGREEMENT

Depositor: Suzhou Lanxin Electronics Trading Co., Ltd.
Legal representative: Gu Minghui
Warehouse Keeper: Kunshan Hengtai Supply Chain (Kunshan) Management Co., Ltd.
Address: No. 36 Qianjin East Road, Kunshan

1. The Warehouse Keeper shall store the Goods at its warehouse for a monthly fee of RMB 81,000.
2. This Agreement is governed by the laws of the People's Republic of China.

Depositor: Suzhou Lanxin Electronics Trading Co., Ltd. (seal)
Warehouse Keeper: {signed} (seal)
Authorised representative: Zhao Qing

SCHEDULE 1 - SHIPPING DETAILS
Consignee: Ningbo Port Logistics Co., Ltd.
Consignee: Ningbo Harbour Logistics Co., Ltd.
"""


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _mismatches(stages: Stages, signed: str) -> list[str]:
    findings = rule_findings(stages, CONTRACT.format(signed=signed))
    return [f.message for f in findings if f.rule_id == "en.prc.party.name_mismatch"]


def test_a_signature_block_naming_another_company(stages: Stages) -> None:
    (message,) = _mismatches(stages, "Kunshan Hengtai Supply Chain (Kunshan) Services Co., Ltd.")
    # the whole registered name, place in brackets and "Co., Ltd." included
    assert '"Kunshan Hengtai Supply Chain (Kunshan) Management Co., Ltd."' in message


def test_the_same_name_signed_is_no_mismatch(stages: Stages) -> None:
    # nor are the consignees a schedule lists parties of the contract
    signed = "Kunshan Hengtai Supply Chain (Kunshan) Management Co., Ltd."
    findings = rule_findings(stages, CONTRACT.format(signed=signed))
    assert [f.rule_id for f in findings if f.type == "party_inconsistency"] == []


_HIRE = """PLANT HIRE AGREEMENT

This Agreement is made on 14 February 2025 between HALBERD PLANT HIRE LIMITED (the "Owner") and CASTLEGATE CIVIL ENGINEERING LIMITED (the "Hirer").
1. The Owner shall hire the Equipment to the Hirer for twelve weeks.
2. This Agreement is governed by the laws of England and Wales.

Signed by Priya Mistry, Commercial Director, for and on behalf of CASTLEGATE {signed}
LIMITED
Signature: ______________________
"""


def test_a_signature_line_the_page_cut_before_its_suffix(stages: Stages) -> None:
    # the printed page put "LIMITED" on a line of its own: the name is still read whole
    wrong = rule_findings(stages, _HIRE.format(signed="CIVILS (NORTHERN)"))
    assert "en.party.name_variant" in {f.rule_id for f in wrong}
    right = rule_findings(stages, _HIRE.format(signed="CIVIL ENGINEERING"))
    assert "en.party.name_variant" not in {f.rule_id for f in right}
