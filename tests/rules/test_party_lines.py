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


ALIASED = """FREIGHT FORWARDING AGREEMENT

Principal: KUNSHAN VELDMARK PRECISION COMPONENTS CO., LTD., a limited liability company established under the laws of the People's Republic of China (the "Principal"); and
Forwarder: SHANGHAI HAIXIN INTERNATIONAL FREIGHT FORWARDING CO., LTD., a limited liability company established under the laws of the People's Republic of China (the "Forwarder" or "Haixin").

1. The Forwarder shall arrange carriage of the Principal's goods.
2. This Agreement is governed by the laws of the People's Republic of China.

SIGNATURES
Principal: KUNSHAN VELDMARK PRECISION COMPONENTS CO., LTD. (company seal)
Authorised representative: ______________  Date: 18 March 2025
Forwarder: {signed} (company seal)
Authorised representative: ______________  Date: 18 March 2025
"""


def test_a_role_defined_with_an_alias_signs_under_its_own_name(stages: Stages) -> None:
    """(the "Forwarder" or "Haixin") defines the Forwarder: its signature line must agree."""

    def mismatched(signed: str) -> bool:
        findings = rule_findings(stages, ALIASED.format(signed=signed))
        return any(f.rule_id == "en.prc.party.name_mismatch" for f in findings)

    assert mismatched("SHANGHAI HAIXIN INTERNATIONAL LOGISTICS CO., LTD.")
    assert not mismatched("SHANGHAI HAIXIN INTERNATIONAL FREIGHT FORWARDING CO., LTD.")


@pytest.mark.parametrize(
    ("text", "variant", "rule_id"),
    [
        (
            "SOFTWARE SERVICES AGREEMENT\n\nKESTREL LOGISTICS SOFTWARE, INC., a New Jersey corporation"
            ' ("Customer"), and Harbour Data LLC ("Provider").\n'
            "2.2 {name} grants Provider a non-exclusive licence to process Customer Data.\n"
            "9. This Agreement is governed by the laws of the State of New York.\n",
            "Kestrel Logistics Systems, Inc.",
            "en.party.name_variant",
        ),
        (
            "采购代理合同\n\n委托人（以下简称“甲方”）：杭州明川电子有限公司\n"
            "受托人（以下简称“乙方”）：上海恒裕供应链管理有限公司\n"
            "第一条 乙方受甲方委托，以甲方名义向境内外供应商采购电子元器件，办理订货、催货、验货及付款结算等事务，"
            "甲方按本合同第四条的约定向乙方支付代理服务费，代理服务费已包含乙方为处理委托事务所需的一切人工费用。\n"
            "第九条 因本合同引起的争议，提交上海仲裁委员会仲裁。\n"
            "甲方（委托人）（盖章）：杭州明川电子有限公司\n乙方（受托人）（盖章）：{name}\n",
            "上海恒裕供应链服务有限公司",
            "cn.party.name_variant",
        ),
        (
            "商铺租赁合同\n\n出租方（甲方）：成都锦城置业有限公司\n承租方（乙方）：成都蜀味轩餐饮管理有限公司\n"
            "第五条 乙方应于交付日起九十日内以{name}的名义办妥餐饮服务许可证。\n"
            "第九条 争议提交成都仲裁委员会仲裁。\n",
            "成都蜀味轩餐饮连锁有限公司",
            "cn.party.name_variant",
        ),
    ],
    ids=["grants", "signature_block", "in_the_name_of"],
)
def test_a_party_name_written_otherwise_where_it_acts_signs_or_holds(
    stages: Stages, text: str, variant: str, rule_id: str
) -> None:
    own = {
        "en.party.name_variant": "KESTREL LOGISTICS SOFTWARE, INC.",
        "cn.party.name_variant": "上海恒裕供应链管理有限公司"
        if "恒裕" in variant
        else "成都蜀味轩餐饮管理有限公司",
    }[rule_id]
    fired = {f.rule_id for f in rule_findings(stages, text.format(name=variant))}
    assert rule_id in fired
    assert rule_id not in {f.rule_id for f in rule_findings(stages, text.format(name=own))}
