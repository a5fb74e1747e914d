"""Adaptive routing at its edges: which risk markers count, and which score buys which route.

Score: a high-risk contract type 2, an amount of 1,000,000 or more 2, each HIGH rule finding 1
(at most 3), longer than 20,000 characters 1. Light up to 1, standard up to 3, full above.
"""

from __future__ import annotations

import pytest

from pipeline.config import ReflectionSettings
from pipeline.model import Finding, Severity, Span
from pipeline.stages.reflect_support.routing import estimate_risk, route
from pipeline.testing.documents import single_page_document

PLAIN = "买卖合同\n甲方：甲公司\n乙方：乙公司\n第一条 货款为人民币5,000元。\n"
LOAN = PLAIN.replace("买卖合同", "借款合同")  # a high-risk type: +2
LONG = "\n" + "双方应当诚信履行本合同。" * 1700  # over 20,000 characters: +1


def high(n: int) -> tuple[Finding, ...]:
    span = Span(start=0, end=4, page=1)
    return tuple(
        Finding(type=f"t{i}", severity=Severity.HIGH, span=span, quote="买卖合同", message="m",
                stage="validate_rules")
        for i in range(n)
    )  # fmt: skip


@pytest.mark.parametrize(
    ("amount", "large"),
    [
        ("人民币999,999元", False),
        ("人民币1,000,000元", True),
        ("99.99万元", False),
        ("100万元", True),
        ("¥1,000,000.00", True),
        ("USD 999,999.99", False),
    ],
)
def test_an_amount_of_a_million_or_more_is_a_risk_marker(amount: str, large: bool) -> None:
    text = PLAIN.replace("人民币5,000元", amount)
    estimate = estimate_risk(single_page_document(text), ())
    assert (estimate.score == 2) is large
    assert any("1,000,000 or more" in r for r in estimate.reasons) is large


def test_long_text_and_high_findings_count_and_findings_are_capped() -> None:
    assert estimate_risk(single_page_document(PLAIN), ()).score == 0
    assert estimate_risk(single_page_document(PLAIN + LONG), ()).score == 1
    assert estimate_risk(single_page_document(PLAIN), high(2)).score == 2
    assert estimate_risk(single_page_document(PLAIN), high(5)).score == 3
    assert estimate_risk(single_page_document(LOAN), ()).score == 2


@pytest.mark.parametrize(
    ("text", "findings", "score", "name", "rounds"),
    [
        (PLAIN, 0, 0, "light", 0),
        (PLAIN + LONG, 0, 1, "light", 0),  # the top of light
        (LOAN, 0, 2, "standard", 1),  # the bottom of standard
        (LOAN + LONG, 0, 3, "standard", 1),  # the top of standard
        (LOAN, 2, 4, "full", 2),  # the bottom of full
        (LOAN.replace("人民币5,000元", "人民币2,000,000元"), 3, 7, "full", 2),
    ],
    ids=["score0", "score1", "score2", "score3", "score4", "score7"],
)
def test_the_score_picks_the_route(
    text: str, findings: int, score: int, name: str, rounds: int
) -> None:
    chosen = route(single_page_document(text), high(findings), ReflectionSettings())
    assert (chosen.estimate.score, chosen.name, chosen.rounds) == (score, name, rounds)
    assert chosen.overridden is False


@pytest.mark.parametrize(
    ("mode", "max_rounds", "rounds"),
    [("off", 2, 0), ("light", 2, 0), ("standard", 2, 1), ("full", 2, 2), ("full", 1, 1),
     ("full", 5, 2), ("standard", 0, 0)],
)  # fmt: skip
def test_a_mode_overrides_the_score_and_max_rounds_caps_it(
    mode: str, max_rounds: int, rounds: int
) -> None:
    settings = ReflectionSettings.model_validate({"mode": mode, "max_rounds": max_rounds})
    chosen = route(single_page_document(PLAIN), (), settings)
    assert (chosen.name, chosen.rounds, chosen.overridden) == (mode, rounds, True)
