"""A penalty that accrues per day with no ceiling, in wording the per-period reader once missed:
any verb between 每 and 一日 (每延误一日), "for every day", and a rate of a periodic sum (月租金的
百分之二十 per day), measured against a year of that sum. Twins of dev misses zh_s02, zh_q04 and
en_s06, each beside its lawful near-miss. Written here, not copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_new import en_prc, zh_sale
from tests.rules.helpers import Stages, rule_findings


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _uncapped(stages: Stages, text: str) -> list[str]:
    return [
        f.message
        for f in rule_findings(stages, text)
        if f.rule_id in ("cn.penalty.per_period_uncapped", "en.prc.penalty.per_period_uncapped")
    ]


@pytest.mark.parametrize(
    ("penalty", "fires"),
    [
        (
            "乙方未按期完成安装的，每延误一日，乙方应支付相当于合同总价款百分之一的违约金，直至验收合格之日止。",
            True,
        ),
        (
            "乙方未按期完成安装的，每延误一日，乙方应支付相当于合同总价款百分之一的违约金，累计不超过合同总价款的百分之十。",
            False,
        ),
        ("乙方未按期完成安装的，每迟延交货一天，乙方应支付合同总价款千分之五的违约金。", True),
    ],
)
def test_any_verb_between_every_and_one_day_is_a_daily_penalty(
    stages: Stages, penalty: str, fires: bool
) -> None:
    assert bool(_uncapped(stages, zh_sale(penalty=penalty))) is fires


@pytest.mark.parametrize(
    ("share", "fires"),
    [("百分之二十", True), ("百分之一", False)],  # a year: 608% and 30% of a year's rent
)
def test_a_daily_rate_of_the_monthly_rent_is_measured_against_a_year_of_rent(
    stages: Stages, share: str, fires: bool
) -> None:
    penalty = f"甲方逾期返还设备的，每逾期一日，应按全部设备月租金合计额的{share}向乙方支付违约金。"
    found = _uncapped(stages, zh_sale(penalty=penalty))
    assert bool(found) is fires
    if fires:
        assert "该基数一年合计额的608%" in found[0]


@pytest.mark.parametrize(
    ("delay", "fires"),
    [
        (
            "If Buyer fails to pay on time, it shall pay liquidated damages of 0.5% of the Contract Price for every day until payment.",
            True,
        ),
        (
            "If Buyer fails to pay on time, it shall pay liquidated damages of 0.5% of the Contract Price for every day until payment, capped at 5% of the Contract Price.",
            False,
        ),
    ],
)
def test_for_every_day_is_a_daily_penalty_in_english(
    stages: Stages, delay: str, fires: bool
) -> None:
    assert bool(_uncapped(stages, en_prc(delay=delay))) is fires


@pytest.mark.parametrize(
    ("delay", "fires"),
    [
        (
            "If any Named Engineer is absent from Site without approval, Seller shall pay, for each such Named Engineer and each calendar day of absence, liquidated damages of 1% of the Contract Price.",
            True,
        ),
        (
            "If any Named Engineer is absent from Site without approval, Seller shall pay, for each such Named Engineer and each calendar day of absence, liquidated damages of 1% of the Contract Price, capped at 5% of the Contract Price.",
            False,
        ),
    ],
)
def test_and_each_calendar_day_is_a_daily_penalty(stages: Stages, delay: str, fires: bool) -> None:
    """Dev miss en_w07: the day stands after a count of persons ("for each such Key Person and
    each calendar day of non-attendance")."""
    assert bool(_uncapped(stages, en_prc(delay=delay))) is fires
