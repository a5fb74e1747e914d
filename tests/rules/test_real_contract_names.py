"""Party names and undefined terms as real filed contracts write them (false alarms found by
running the rules over the CUAD contracts): a title line and "Between" above the first party,
a recital's letter before a name, a list of parties whose last one takes the bracketed term, a
"&" inside a name, a role defined with no registered name; and capitalised names that are
ordinary words. A real mismatch and a real undefined sum are still found."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_findings, rule_ids

_OUTSOURCING = """SERVICES OUTSOURCING AGREEMENT

Between

NORTHGATE BRANDS, INC. ("Company")

And

{supplier} ("Contractor")

This Agreement is made on 1 March 2024 between Northgate Brands, Inc. ("Company") and {second} ("Contractor").

Background:

A. Pellham Health Partners, LLC is a contract manufacturer.

1. Services. Contractor shall manufacture the Products for Company.
2. Fees. Company shall pay Contractor the fees set out in Exhibit A.
3. Governing Law. This Agreement is governed by the laws of the State of New York.

IN WITNESS WHEREOF the parties have signed this Agreement.
"""


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _outsourcing(second: str = "Pellham Health Partners, LLC") -> str:
    return _OUTSOURCING.format(supplier="PELLHAM HEALTH PARTNERS, LLC", second=second)


def test_a_title_and_between_above_a_name_are_no_part_of_it(stages: Stages) -> None:
    assert "en.party.name_mismatch" not in rule_ids(stages, _outsourcing())
    # the same layout naming a different company for the Contractor is still a mismatch
    mismatch = _outsourcing(second="Pellham Health Holdings, LLC")
    assert "en.party.name_mismatch" in rule_ids(stages, mismatch)


_LISTED = """STRATEGIC ALLIANCE AGREEMENT

This Agreement is made on 20 December 2023 by and among Marlow & Co. LLC, a Delaware limited liability company ("Marlow"), Fruitcraft Arrangements, LLC, a Delaware limited liability company ("FA"), and Copper Ridge Confections, Inc., a Delaware corporation (the "Company").

1. Purchase. Marlow shall purchase 100,000 shares of the Company's common stock.
2. Governing Law. This Agreement is governed by the laws of the State of Delaware.

EXHIBIT A
FORM OF JOINDER AGREEMENT

This Joinder Agreement is executed under the Strategic Alliance Agreement by and among Marlow & Co. LLC, a Delaware limited liability company ("Marlow"), Fruitcraft Arrangements, LLC, a Delaware limited liability company, and Copper Ridge Confections, Inc., a Delaware corporation (the "Company").
"""


def test_the_last_listed_party_takes_the_term_and_an_ampersand_is_part_of_a_name(
    stages: Stages,
) -> None:
    assert "en.party.name_mismatch" not in rule_ids(stages, _LISTED)
    # the Company given to another company in the joinder is still a mismatch
    head, joinder = _LISTED.split("EXHIBIT A")
    wrong = head + "EXHIBIT A" + joinder.replace("Copper Ridge Confections", "Copper Ridge Candies")
    assert "en.party.name_mismatch" in rule_ids(stages, wrong)


def test_a_role_defined_with_no_registered_name_is_no_second_name(stages: Stages) -> None:
    exhibit = _outsourcing() + (
        "\nExhibit A  Services  The following services are provided by Pellham Health Partners, "
        'LLC ("Contractor") to the customer named in the order ("Company").\n'
    )
    assert "en.party.name_mismatch" not in rule_ids(stages, exhibit)


_SERVICES = """CONSULTING SERVICES AGREEMENT

This Agreement is made on 3 May 2024 between Larkspur Analytics Ltd ("Consultant") and Fenwick Retail plc ("Client").
1. Services. The Consultant shall provide the Services described in Schedule 1 and shall keep the Liability Insurance in force.
2. Listing. The Client's shares are traded on the Nasdaq Global Market; the Consultant shall observe the rules of the Nasdaq Global Market.
3. Fees. The Client shall pay the {fee} monthly in advance; the Consultant shall invoice the {fee} each month.
4. Insurance. The Consultant shall show the Liability Insurance on request.
5. Governing Law. This Agreement is governed by the laws of England and Wales.
"""


def test_capitalised_ordinary_names_are_not_undefined_terms_but_an_undefined_sum_is(
    stages: Stages,
) -> None:
    found = {
        f.quote
        for f in rule_findings(stages, _SERVICES.format(fee="Retainer Payment"))
        if f.rule_id == "en.term.undefined"
    }
    assert found == {"Retainer Payment"}
