"""The indemnity-versus-cap check reads clause numbers and listing phrases, not one wording."""

from __future__ import annotations

import pytest

from pipeline.model import Finding
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_new import en_prc, en_services
from tests.rules.helpers import Stages, rule_findings

INDEMNITY = (
    "6. INDEMNITY\n6.1 Consultant shall indemnify Client against all losses arising from "
    "third-party claims, including without limitation reasonable legal fees.\n"
)
CAP_INCLUDING_6 = (
    "7. LIABILITY\n7.1 Each party's aggregate liability under this Agreement, including under "
    "Section 6, shall not exceed the fees paid in the preceding twelve months."
)


@pytest.fixture(scope="module")
def stages() -> tuple[ParseEntities, ValidateRules]:
    return ParseEntities(), ValidateRules()


def _types(stages: Stages, text: str) -> dict[str, Finding]:
    return {f.type: f for f in rule_findings(stages, text)}


def test_listing_words_are_not_an_escape_from_the_cap(
    stages: tuple[ParseEntities, ValidateRules],
) -> None:
    # "including without limitation" lists examples: the indemnity stays inside the cap
    found = _types(stages, en_services(extra=INDEMNITY + CAP_INCLUDING_6))
    assert "indemnity_cap_conflict" not in found


def test_escape_by_clause_number_conflicts_with_a_cap_naming_that_clause(
    stages: tuple[ParseEntities, ValidateRules],
) -> None:
    escape = (
        "6.2 The obligations in this Section 6 are not subject to any limitation of liability.\n"
    )
    finding = _types(stages, en_services(extra=INDEMNITY + escape + CAP_INCLUDING_6))[
        "indemnity_cap_conflict"
    ]
    assert "Section 6" in finding.quote
    assert finding.evidence_source


def test_under_prc_law_the_conflict_cites_the_civil_code(
    stages: tuple[ParseEntities, ValidateRules],
) -> None:
    escape = "The Seller's indemnity for third-party claims shall not be limited by any cap in this Contract."
    cap = "The Seller's aggregate liability under this Contract, including any indemnity, shall not exceed the Contract Price."
    finding = _types(stages, en_prc(liability=cap, extra=escape))["indemnity_cap_conflict"]
    assert finding.rule_id == "en.prc.indemnity.cap_reaches_escaping_indemnity"
    assert "第四百六十六条" in {e.article for e in finding.evidence_source}


def test_a_cap_that_names_the_indemnity_sections_by_number_is_not_silent(
    stages: tuple[ParseEntities, ValidateRules],
) -> None:
    text = en_services(
        extra="11. INDEMNIFICATION\n11.1 Consultant shall defend, indemnify and hold harmless Client "
        "from all losses arising from third-party claims.\n12. LIMITATION OF LIABILITY\n12.1 EXCEPT FOR "
        "ITS OBLIGATIONS UNDER SECTION 11.1, EACH PARTY'S AGGREGATE LIABILITY SHALL NOT EXCEED THE FEES PAID."
    )
    assert "indemnity_cap_conflict" not in _types(stages, text)
