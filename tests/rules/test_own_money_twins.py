"""A right to leave at will that keeps money is one-sided only when the money kept is the OTHER
side's. "The Client may terminate …, in which case fees paid shall not be refunded": the Client
paid them, so leaving costs it its own money (its twin, where the Consultant may leave and keep
the Client's fees, still fires). The payer is read from the contract's "X shall pay … fees"."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_new import en_services
from tests.rules.helpers import Stages, rule_ids

PRC = "the People's Republic of China"  # only PRC law's standard-term rule reads exits at will
RULE = "en.prc.standard_terms.unilateral_right"
_EXIT = (
    "6. TERMINATION\n6.1 The {holder} may terminate this Agreement at any time by giving thirty "
    "(30) days' written notice, in which case {kept} shall not be refunded.\n"
)


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


@pytest.mark.parametrize("kept", ["any fees already paid", "the fees paid"])
def test_the_payer_leaving_gives_up_its_own_money(stages: Stages, kept: str) -> None:
    text = en_services(law=PRC, extra=_EXIT.format(holder="Client", kept=kept))
    assert RULE not in rule_ids(stages, text)


@pytest.mark.parametrize("kept", ["any fees already paid", "the fees paid"])
def test_the_payee_leaving_keeps_the_other_sides_money(stages: Stages, kept: str) -> None:
    text = en_services(law=PRC, extra=_EXIT.format(holder="Consultant", kept=kept))
    assert RULE in rule_ids(stages, text)


def test_a_sum_the_holder_only_measures_is_not_its_payment(stages: Stages) -> None:
    # the Client pays a penalty measured by the fee, but the Consultant pays the Set-up Fee
    extra = (
        "5. SET-UP\n5.1 The Consultant shall pay the Client a Set-up Fee of £5,000.\n"
        "5.2 If the Client fails to attend, the Client shall pay the Consultant 10% of the "
        "Set-up Fee.\n" + _EXIT.format(holder="Client", kept="the Set-up Fee")
    )
    assert RULE in rule_ids(stages, en_services(law=PRC, extra=extra))
