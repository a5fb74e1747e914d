"""Twins of planted problems missed on English contracts moved to development in the twenty-fifth
session (en_b02, en_b05, en_b11, en_b13, en_b14, en_b15), each beside the lawful wording the same
check must leave alone. Written here, not copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_new import en_prc
from tests.rules.helpers import Stages, finding_types, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _separates(stages: Stages, flagged: str, lawful: str, finding_type: str) -> None:
    """The planted wording raises the type; its lawful twin does not."""
    assert finding_type in finding_types(stages, flagged)
    assert finding_type not in finding_types(stages, lawful)


def test_a_commission_or_another_commissions_sub_commission_names_no_single_commission(
    stages: Stages,
) -> None:
    two = "Any dispute shall be submitted for arbitration to the Shanghai International Arbitration Center or the China International Economic and Trade Arbitration Commission Shanghai Sub-Commission."
    own_branch = "Any dispute shall be submitted for arbitration to the China International Economic and Trade Arbitration Commission or its Shanghai Sub-Commission."
    assert "arbitration_institution_unclear" in finding_types(stages, en_prc(disputes=two))
    assert "arbitration_institution_unclear" not in finding_types(
        stages, en_prc(disputes=own_branch)
    )


def test_a_deposit_rule_invoked_by_reference_and_liquidated_damages_on_top_are_stacked(
    stages: Stages,
) -> None:
    deposit = "The deposit paid under Clause 1.2 is earnest money (定金); if Seller breaches, it shall return twice the deposit, and if Buyer breaches, the deposit shall not be returned."
    stacked = (
        deposit
        + "\n5.2 Where either party breaches this Contract, the earnest money shall be dealt with in accordance with Clause 5.1, and in addition the breaching party shall pay liquidated damages of 10% of the Contract Price."
    )
    elected = (
        deposit
        + "\n5.2 Where either party breaches this Contract, the non-breaching party may elect either to have the earnest money dealt with in accordance with Clause 5.1 or to claim liquidated damages of 10% of the Contract Price, but not both."
    )
    assert "deposit_term_confusion" in finding_types(stages, en_prc(extra="5.1 " + stacked))
    assert "deposit_term_confusion" not in finding_types(stages, en_prc(extra="5.1 " + elected))


_US_SUBCONTRACT = """ELECTRICAL SUBCONTRACT

This Subcontract is made as of May 19, 2025 between Brazos Ridge Builders, Inc. ("Contractor") and Lone Star Current Electric, LLC ("Subcontractor").
1. PRICE
1.1 The Subcontract Sum is US$1,200,000.
2. LIABILITY
2.1 {liability}
3. DISPUTES
3.1 Any dispute arising out of this Subcontract shall be decided by binding arbitration administered by the American Arbitration Association in Houston, Texas.
3.2 {courts}
4. LAW
4.1 This Subcontract is governed by the laws of the State of Texas.
"""
_CAP = "Contractor's aggregate liability shall not exceed ten percent (10%) of the Subcontract Sum."


def _subcontract(liability: str = _CAP, courts: str = "") -> str:
    return _US_SUBCONTRACT.format(liability=liability, courts=courts)


def test_exclusive_county_courts_beside_arbitration_contradict_it(stages: Stages) -> None:
    exclusive = "All lawsuits arising out of this Subcontract shall be brought and determined exclusively in the state district courts of Harris County, Texas."
    enforcement = "Judgment on the award may be entered exclusively in the state district courts of Harris County, Texas."
    flagged, lawful = _subcontract(courts=exclusive), _subcontract(courts=enforcement)
    _separates(stages, flagged, lawful, "dispute_resolution_conflict")


def test_exclusive_courts_beside_arbitration_under_prc_law(stages: Stages) -> None:
    arbitration = "Any dispute shall be submitted to the Shanghai International Arbitration Center for arbitration in Shanghai."
    courts = "\n4.3 The people's courts of Shanghai shall have exclusive jurisdiction over any dispute arising out of this Contract."
    enforce = "\n4.3 The people's courts of Shanghai shall have exclusive jurisdiction to enforce the arbitral award."
    flagged, lawful = en_prc(disputes=arbitration + courts), en_prc(disputes=arbitration + enforce)
    _separates(stages, flagged, lawful, "dispute_resolution_conflict")


def test_one_partys_whole_liability_without_limit_is_unlimited_liability(stages: Stages) -> None:
    whole = (
        _CAP
        + " Subject only to the cap on liquidated damages in Clause 1.2, the liability of Subcontractor to Contractor, whether for defects, indemnity, breach of warranty or otherwise, shall be without limit as to amount or kind."
    )
    indemnity_only = (
        _CAP
        + " Subcontractor's liability under the indemnity in Clause 5 shall be without limit as to amount."
    )
    assert "unlimited_liability" in finding_types(stages, _subcontract(liability=whole))
    assert "unlimited_liability" not in finding_types(
        stages, _subcontract(liability=indemnity_only)
    )


def test_limitations_personal_to_one_party_protect_that_party_only(stages: Stages) -> None:
    personal = _CAP + " The limitations in this Clause 2 are personal to Contractor."
    mutual = (
        _CAP.replace("Contractor's", "Each party's")
        + " The limitations in this Clause 2 apply to each party."
    )
    assert "en.liability.cap_for_one_party_only" in rule_ids(
        stages, _subcontract(liability=personal)
    )
    assert "unlimited_liability" not in finding_types(stages, _subcontract(liability=mutual))


_EN_CONSULTANCY = """CONSULTANCY AGREEMENT

This agreement is made on 2 June 2025 between Harrow Biotech Limited (the "Client") and Kestrel Regulatory Consultants Limited (the "Consultant").
1. FEES
1.1 The Client shall pay the Consultant fees of £1,650 per day, estimated at £118,800 in total.
2. CONFIDENTIALITY
2.1 The Consultant shall keep the Client's information confidential.
2.2 {sum}
3. LAW
3.1 This agreement is governed by the laws of England and Wales.
"""


def test_one_agreed_sum_however_slight_the_breach_is_a_penalty(stages: Stages) -> None:
    any_breach = "If the Consultant breaches clause 2.1 in any respect whatsoever, the Consultant shall pay the Client, by way of agreed damages, the sum of £150,000, which the parties agree is payable irrespective of the nature or seriousness of the breach."
    named_breach = "If the Consultant discloses the Client's product formulae in breach of clause 2.1, the Consultant shall pay the Client, by way of agreed damages, the sum of £15,000, which the parties agree is a genuine pre-estimate of the Client's loss."
    flagged, lawful = (_EN_CONSULTANCY.format(sum=s) for s in (any_breach, named_breach))
    _separates(stages, flagged, lawful, "liquidated_damages_penalty")


_EN_MSA = """MASTER SERVICES AGREEMENT

This Agreement is made on March 3, 2025 between Keystone Facilities LLC (the "Provider") and Harbor Point Owners LLC (the "Customer").
Section 1 Services
Section 1.1 The Provider shall provide the facilities management services in Schedule 1 for fees of US$40,000 per month.
Section 2 Indemnification
Section 2.1 The Provider shall defend, indemnify and hold harmless the Customer from Losses arising from third-party claims for bodily injury caused by the Provider's negligence.
Section 2.2 The Provider's obligations under this Section 2 shall not be limited or reduced by any other provision of this Agreement.
Section 3 Limitation of Liability
Section 3.1 {cap}
Section 4 Law
Section 4.1 This Agreement is governed by the laws of the State of New York.
"""


def test_an_indemnity_no_other_provision_may_reduce_beside_a_cap_that_takes_indemnities_in(
    stages: Stages,
) -> None:
    reaching = "The aggregate liability of each party arising out of this Agreement, whether in contract, tort, under any indemnity or otherwise, shall not exceed the fees paid in the twelve months before the claim."
    carved = "Except for the Provider's obligations under Section 2, the aggregate liability of each party arising out of this Agreement shall not exceed the fees paid in the twelve months before the claim."
    _separates(
        stages, _EN_MSA.format(cap=reaching), _EN_MSA.format(cap=carved), "indemnity_cap_conflict"
    )


_EN_DEVELOPMENT = """SOFTWARE DEVELOPMENT AGREEMENT

This Agreement is made on March 3, 2025 between Bluefin Apps LLC ("Developer") and Harbor Clinics PC ("Client").
Section 1 Fees
Section 1.1 Client shall pay Developer US$340,000 for the Deliverables.
Section 8 Confidentiality
Section 8.1 Each party shall keep the other's Confidential Information confidential.
Section 11 Indemnification
Section 11.1 Developer shall defend, indemnify and hold harmless Client from third-party claims that the Deliverables infringe any patent, copyright or trade secret.
Section 11.2 {extent}
Section 12 Limitation of Liability
Section 12.1 Each party's aggregate liability arising out of this Agreement shall not exceed the total amounts paid and payable by Client under this Agreement.
Section 12.2 The limitation in Section 12.1 shall not apply to (a) a party's breach of Section 8, (b) Developer's indemnification obligations for intellectual property infringement, or (c) a party's gross negligence or willful misconduct.
Section 13 Law
Section 13.1 This Agreement is governed by the laws of the State of New York.
"""


def test_an_indemnity_said_to_be_under_the_cap_that_carves_it_out_by_subject(
    stages: Stages,
) -> None:
    inside = "Developer's aggregate liability under Section 11.1 shall be subject to the limitation of liability in Section 12.1."
    outside = "Developer's liability under Section 11.1 is not subject to the limitation of liability in Section 12.1."
    flagged, lawful = (_EN_DEVELOPMENT.format(extent=e) for e in (inside, outside))
    _separates(stages, flagged, lawful, "indemnity_cap_conflict")


_EN_SAAS = """PAYROLL SOFTWARE SUBSCRIPTION AGREEMENT

This Agreement is made on 3 March 2025 between Northgate Payroll Limited (the "Supplier") and Fenwick Retail Limited (the "Customer").
1. SERVICES
1.1 The Supplier shall provide the payroll service for fees of £18,000 a year.
1.2 The Customer shall use the service in accordance with the Acceptable Use Policy and shall ensure its users comply with the Acceptable Use Policy.
2. LAW
2.1 This Agreement is governed by the laws of England and Wales.

SCHEDULE B - POLICIES
Part 1 — Service Levels
1. The service is available 99.5% of each month.
{part_two}
"""


def test_a_policy_titled_in_a_schedules_part_is_defined(stages: Stages) -> None:
    titled = "Part 2 — Acceptable Use Policy\n1. The Customer shall not upload malicious code."
    absent = "Part 2 — Data Retention\n1. Payroll records are kept for six years."
    assert "undefined_term" not in finding_types(stages, _EN_SAAS.format(part_two=titled))
    assert "undefined_term" in finding_types(stages, _EN_SAAS.format(part_two=absent))
