"""A cap that names the whole article an indemnity sits in ("Article 9", when the indemnity is
9.1 under a heading that never says "indemnity") deals with that indemnity. Headings carry no
clause kind, so the article number must be matched to the sub-clause it holds."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_new import en_prc, en_services
from tests.rules.helpers import Stages, rule_findings, rule_ids

_CLAIMS = (
    "8. THIRD-PARTY CLAIMS\n8.1 If a third party claims that the Client's use of the Deliverables "
    "infringes its rights, the Consultant shall take responsibility for the claim and shall "
    "indemnify the Client against all damages awarded by a court and reasonable legal costs.\n"
    "8.2 The Client shall notify the Consultant of any such claim within fifteen (15) days.\n"
)
_CAP = (
    "9. LIABILITY\n9.1 Subject to Clause 9.2, the total liability of each Party under this "
    "Agreement shall not exceed the fees paid in the preceding twelve months.\n"
    "9.2 Clause 9.1 does not apply to {carve}.\n"
)
WHOLE_ARTICLE = "the Consultant's liability under Clause 8, which is not subject to any cap"
OTHER_MATTER = "liability of either Party for breach of Clause 4"


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _cap_conflicts(stages: Stages, text: str) -> set[str]:
    return {
        f.rule_id or "" for f in rule_findings(stages, text) if f.type == "indemnity_cap_conflict"
    }


def test_a_cap_carving_out_the_whole_article_is_not_silent(stages: Stages) -> None:
    text = en_services(extra=_CLAIMS + _CAP.format(carve=WHOLE_ARTICLE))
    assert _cap_conflicts(stages, text) == set()


def test_a_cap_carving_out_something_else_is_silent_on_the_indemnity(stages: Stages) -> None:
    text = en_services(extra=_CLAIMS + _CAP.format(carve=OTHER_MATTER))
    assert "en.indemnity.cap_silent" in rule_ids(stages, text)


def test_under_prc_law_the_whole_article_carve_out_is_read_the_same(stages: Stages) -> None:
    extra = (_CLAIMS + _CAP.format(carve=WHOLE_ARTICLE)).replace("8.", "5.").replace("9.", "6.")
    extra = extra.replace("Clause 8", "Clause 5").replace("Clause 9", "Clause 6")
    silent = extra.replace(WHOLE_ARTICLE.replace("8", "5"), OTHER_MATTER)
    assert _cap_conflicts(stages, en_prc(extra=extra)) == set()
    assert "en.prc.indemnity.cap_silent" in _cap_conflicts(stages, en_prc(extra=silent))


def test_a_carve_out_naming_the_whole_article_finds_its_indemnity(stages: Stages) -> None:
    # "indemnification obligations under Clause 8" while the indemnity is 8.1: not a miss
    carve = "the indemnification obligations under Clause 8"
    text = en_services(extra=_CLAIMS + _CAP.format(carve=carve))
    assert "indemnity_cap_conflict" not in {f.type for f in rule_findings(stages, text)}


_OVERRIDE = (
    "10. CONFIDENTIALITY\n10.1 Each party shall keep the other's information confidential.\n"
    "10.2 Notwithstanding any other provision of this Agreement, {rest}\n"
)
_CAPPED = (
    "11. LIABILITY\n11.1 The Consultant's total liability under this Agreement, including under any "
    "indemnity, shall not exceed "
    "the fees paid in the preceding twelve months.\n"
)


def test_overriding_the_contract_for_equitable_relief_lifts_no_cap(stages: Stages) -> None:
    relief = (
        "each party agrees that indemnity payments would be an inadequate remedy for a breach "
        "of this Clause 10 and that the other party shall be entitled to equitable relief."
    )
    indemnity = "the Consultant shall indemnify the Client in full against any loss from a breach of this Clause 10."
    claims = _CLAIMS.replace("8.", "9.").replace("Clause 9", "Clause 11")
    assert (
        _cap_conflicts(stages, en_services(extra=claims + _OVERRIDE.format(rest=relief) + _CAPPED))
        == set()
    )
    assert _cap_conflicts(
        stages, en_services(extra=claims + _OVERRIDE.format(rest=indemnity) + _CAPPED)
    )
