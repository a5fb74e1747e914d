"""English essential terms follow the governing law: an open price is implied under English law
(Sale of Goods Act 1979 s 8) but leaves a main term uncertain under PRC law (民法典 510)."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_essentials_en import ESSENTIAL_EN_CASES
from tests.rules.helpers import Stages, rule_findings


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _essential(stages: Stages, text: str) -> set[str]:
    ids = {f.rule_id or "" for f in rule_findings(stages, text)}
    return {i for i in ids if ".essential." in i}


def test_an_open_price_for_goods_is_a_gap_under_prc_law_only(stages: Stages) -> None:
    _, open_price, _ = next(c for c in ESSENTIAL_EN_CASES if c[0] == "en.prc.essential.sale")
    # the price "to be agreed" is also an express agreement to agree, reported on its sentence
    assert _essential(stages, open_price) == {
        "en.prc.essential.sale",
        "en.prc.essential.deferred_consideration",
    }
    english = open_price.replace(
        "the laws of the People's Republic of China", "the laws of England and Wales"
    )
    # no type-table gap (Sale of Goods Act s 8 implies a price), but May and Butcher v R still
    # holds a price expressly left to be agreed to be an agreement to agree
    assert _essential(stages, english) == {"en.essential.deferred_consideration"}
    silent = english.replace(
        " at a price to be agreed between the parties before each delivery", ""
    )
    assert _essential(stages, silent) == set()


def test_a_fee_fixed_a_sentence_away_from_its_heading_is_fixed(stages: Stages) -> None:
    _, _, fixed = next(c for c in ESSENTIAL_EN_CASES if c[0] == "en.prc.essential.services")
    far = fixed.replace(
        "the Client shall pay the fees stated in the Order Form.",
        "as payment for the Services performed to the Client's satisfaction under Schedule 1, "
        "the Client shall pay the fees, being the sum of US $23,000 per month.",
    )
    assert _essential(stages, far) == set()


def test_a_flattened_filing_is_typed_by_the_start_of_its_first_line(stages: Stages) -> None:
    _, lacking, _ = next(c for c in ESSENTIAL_EN_CASES if c[0] == "en.essential.licence")
    title = "SOFTWARE LICENCE AGREEMENT"
    assert _essential(stages, lacking) == {"en.essential.licence"}
    # a marketing agreement whose preamble mentions a licence further along its first line
    flattened = lacking.replace(
        title + "\n",
        "EXHIBIT 10.3 Execution Copy MARKETING AGREEMENT This Marketing Agreement is made between "
        "the parties, who also signed a Software Licence Agreement on 1 May 2025.\n",
    )
    assert _essential(stages, flattened) == set()
