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


def test_a_signature_block_that_shouts_the_role_is_the_same_party(stages: Stages) -> None:
    """ "WAREHOUSE KEEPER: … (company seal)" signs for the Warehouse Keeper."""
    shouted = CONTRACT.replace(
        "Warehouse Keeper: {signed} (seal)", "WAREHOUSE KEEPER: {signed} (company seal)"
    )
    right = "Kunshan Hengtai Supply Chain (Kunshan) Management Co., Ltd."
    wrong = "Kunshan Hengtai Supply Chain (Kunshan) Services Co., Ltd."
    found = [
        f.rule_id
        for signed in (right, wrong)
        for f in rule_findings(stages, shouted.format(signed=signed))
        if f.rule_id == "en.prc.party.name_mismatch"
    ]
    assert found == ["en.prc.party.name_mismatch"]  # the wrong name only


LICENCE = """SYNCHRONISATION LICENCE

This Licence is made on 3 March 2025 between Harrow Lane Music Limited (the "Licensor") and Ashby Films Limited (the "Licensee").
1. The Licensee shall pay the Licence Fee of £24,000 within 30 days.
11.2 The Licensee shall indemnify the Licensor{also} against all losses arising from its use of the Master.
18.3 {variant} shall pay the mechanical royalties on the Master.
19. This Licence is governed by the laws of England and Wales.
"""


def test_a_related_company_the_contract_treats_as_someone_else_is_no_variant(
    stages: Stages,
) -> None:
    """A sister company named beside the Licensor ("the Licensor and Harrow Lane Recordings
    Limited") is another entity, not the Licensor misnamed."""
    variant = "Harrow Lane Recordings Limited"

    def variants(also: str) -> list[str]:
        text = LICENCE.format(also=also, variant=variant)
        return [
            f.rule_id for f in rule_findings(stages, text) if f.rule_id == "en.party.name_variant"
        ]

    assert variants("") == ["en.party.name_variant"]
    assert variants(f" and {variant}") == []
