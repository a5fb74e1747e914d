"""Twins for the false alarms on six clean contracts moved from the blind sets to dev on
2026-12-03 (en_c02_msa_service_credits_clean, en_d02, en_k08, zh_c01_construction_clean,
en_fb18, en_fg06): each lawful wording beside the defect it was mistaken for."""

from __future__ import annotations

import pytest

from pipeline.entities.amounts import find_words
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_new import ZH_BUILD, en_prc, en_services
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def test_a_one_sided_cap_naming_one_indemnity_does_not_reach_the_others(stages: Stages) -> None:
    extra = (
        "13. INDEMNITIES\n13.1 Client shall indemnify Consultant against third-party claims "
        "caused by the Client Materials.\n13.2 Consultant shall indemnify Client against "
        "third-party claims caused by its negligence.\n13.3 The indemnity in clause 13.2 is "
        "subject to the limit in clause 14.2; Client's indemnity in clause 13.1 is not subject "
        "to any limit.\n14. LIABILITY\n14.2 Consultant's total aggregate liability arising under "
        "this Agreement, including its liability under {reach}, shall not exceed the fees paid.\n"
    )
    rule = "en.indemnity.cap_reaches_escaping_indemnity"
    assert rule not in rule_ids(
        stages, en_services(extra=extra.format(reach="the indemnity in clause 13.2"))
    )
    assert rule in rule_ids(stages, en_services(extra=extra.format(reach="any indemnity")))


def test_an_exclusions_carve_out_is_not_the_caps(stages: Stages) -> None:
    extra = (
        "11. INDEMNITY\n11.1 Consultant shall indemnify Client against third-party IP claims.\n"
        "11.5 Each party's obligations under this Section 11 are subject to, and count toward, "
        "the cap in Section 12.2.\n12. LIABILITY\n12.1 EXCEPT FOR AMOUNTS PAYABLE TO A THIRD "
        "PARTY UNDER SECTION 11 AND AS PROVIDED IN SECTION 12.5, NEITHER PARTY IS LIABLE FOR "
        "ANY INDIRECT OR CONSEQUENTIAL DAMAGES.\n12.2 EXCEPT AS PROVIDED IN SECTION 12.5, "
        "{cap}\n12.5 The limits in Section 12.2 do not apply to fraud.\n"
    )
    cap = "EACH PARTY'S TOTAL AGGREGATE LIABILITY SHALL NOT EXCEED THE FEES PAID."
    rule = "en.indemnity.inside_carved_cap"
    assert rule not in rule_ids(stages, en_services(extra=extra.format(cap=cap)))
    carved = "AND EXCEPT FOR LIABILITY UNDER SECTION 11, " + cap
    assert rule in rule_ids(stages, en_services(extra=extra.format(cap=carved)))


def test_sums_that_do_not_count_towards_a_cap_are_not_inside_it(stages: Stages) -> None:
    extra = (
        "7. INDEMNITY\n7.1 Consultant shall indemnify Client against third-party IP claims.\n"
        "8. LIABILITY\n8.3 Except for liability under clause 7.1, each party's total liability "
        "shall not exceed the fees paid.\n8.5 Sums paid under clause 7.1 {count} the limit in "
        "clause 8.3.\n"
    )
    rule = "en.indemnity.inside_carved_cap"
    assert rule not in rule_ids(
        stages, en_services(extra=extra.format(count="do not count towards"))
    )
    assert rule in rule_ids(stages, en_services(extra=extra.format(count="count towards")))


def test_a_weekly_reduction_capped_in_the_next_clause_by_its_number(stages: Stages) -> None:
    delay = (
        "If a Deliverable is late, the fees shall be reduced by GBP 5,000 for each week of "
        "delay.\n7.2 The total reduction under clause {n} shall not exceed GBP 50,000."
    )
    ids = {
        r for r in rule_ids(stages, en_services(delay=delay.format(n="2.1"))) if "per_period" in r
    }
    assert not ids
    other = {
        r for r in rule_ids(stages, en_services(delay=delay.format(n="9.9"))) if "per_period" in r
    }
    assert other
    # a limit that releases the clause ("does not apply to … under clause 2.1") caps nothing
    released = delay.format(n="2.1").replace(
        "The total reduction under clause 2.1 shall not exceed GBP 50,000.",
        "The aggregate limit in clause 9, under which total liability shall not exceed the fees, "
        "does not apply to the total reductions under clause 2.1.",
    )
    assert {r for r in rule_ids(stages, en_services(delay=released)) if "per_period" in r}


def test_cents_in_words_and_pounds_of_weight() -> None:
    assert [m.value for m in find_words("$9.80 (nine dollars and eighty cents) per pound")] == [9.8]
    weight = "48,000 pounds of Products at $9.80 per pound (forty-eight thousand pounds)"
    assert find_words(weight) == []
    sterling = "£48,000 (forty-eight thousand pounds)"
    assert [m.value for m in find_words(sterling)] == [48000.0]


def test_an_instalment_worked_out_on_the_price_is_not_the_price_again(stages: Stages) -> None:
    extra = "第五条 竣工结算后支付至结算价款的97%，按工程价款测算为人民币{v}元。\n"
    text = ZH_BUILD.format(waterproof="5年") + extra
    assert "cn.amount.total_restated" not in rule_ids(stages, text.format(v="600,000.00"))
    restated = ZH_BUILD.format(waterproof="5年") + "第五条 工程价款为人民币600,000.00元。\n"
    assert "cn.amount.total_restated" in rule_ids(stages, restated)


def test_a_warranty_that_no_arbitration_is_pending_chooses_no_forum(stages: Stages) -> None:
    rule = "en.prc.dispute.arbitration_or_court"
    rep = "5.1 Seller warrants that there is no pending litigation or arbitration involving it."
    assert rule not in rule_ids(stages, en_prc(extra=rep))
    either = "5.1 Either party may refer a dispute to arbitration or bring it before a court."
    assert rule in rule_ids(stages, en_prc(extra=either))
