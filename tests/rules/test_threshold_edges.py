"""Thresholds at their edges, through the real rules engine: just under, exactly at, and just
over each limit, close enough that a limit moved by a little fails a row.

``test_thresholds.py`` holds the first rows of each; these add the rows that a mutation run
(``make mutation``) showed were missing: the probation bands' limits *and* where each band
starts, the 30% penalty, the lease's date ranges and the LPR cap on other dates. The flagged
finding's message must also state the limit, so that a changed multiple cannot hide behind a
rate far over either limit.
"""

from __future__ import annotations

import pytest

from kb.catalog import default_catalog
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_agreed_damages import EN_SUPPLY
from tests.rules.cases_new import EN_LEASE, en_prc, zh_sale
from tests.rules.helpers import Stages, rule_findings
from tests.rules.test_rule_catalogue import LEASE, LOAN
from tests.rules.test_thresholds import PROBATION_CONTRACT


@pytest.fixture(scope="module")
def stages() -> Stages:
    validate = ValidateRules(resolver=default_catalog())
    validate.warm_up()
    return ParseEntities(), validate


def messages(stages: Stages, text: str, rule_id: str) -> list[str]:
    return [f.message for f in rule_findings(stages, text) if f.rule_id == rule_id]


# 劳动合同法 19: under 3 months no probation; 3 months to under 1 year at most 1 month; 1 to
# under 3 years at most 2 months; 3 years and more at most 6. Days count 30 to the month.
@pytest.mark.parametrize(
    ("term", "probation", "limit"),
    [
        ("两个月", "一日", "0"),  # under 3 months: any probation is too long
        ("八十九日", "五日", "0"),  # a day short of 3 months: still none
        ("三个月", "三十一日", "1"),  # exactly 3 months: the 1-month band starts here
        ("三个月", "四十五日", "1"),
        ("十一个月", "三十一日", "1"),  # a day over the month
        ("一年", "六十一日", "2"),  # exactly a year: the 2-month band starts here
        ("三年", "一百八十五日", "6"),
    ],
)
def test_probation_over_its_band_is_flagged_with_the_band(
    stages: Stages, term: str, probation: str, limit: str
) -> None:
    text = PROBATION_CONTRACT.format(term=term, probation=probation)
    (message,) = messages(stages, text, "cn.labour.probation_too_long")
    assert f"试用期“{probation}”超过法定上限" in message
    assert message.endswith(f"试用期最长{limit}个月。")


@pytest.mark.parametrize(
    ("term", "probation"),
    [
        ("三个月", "一个月"),  # exactly 3 months allows 1 month
        ("九十日", "三十日"),
        ("十一个月", "三十日"),  # exactly at the limit
        ("十一个月", "一个月"),
        ("一年", "六十日"),
        ("三年", "一百八十日"),
    ],
)
def test_probation_at_its_band_limit_is_lawful(stages: Stages, term: str, probation: str) -> None:
    text = PROBATION_CONTRACT.format(term=term, probation=probation)
    assert messages(stages, text, "cn.labour.probation_too_long") == []


# The one-year LPR in force when the loan was made (rules/data/lpr_1y.yaml), times four.
@pytest.mark.parametrize(
    ("signed", "lpr", "since", "cap", "under", "over"),
    [
        ("2025年6月10日", "3.00%", "2025-05-20", "12.00%", "12%", "12.01%"),
        ("2024年8月1日", "3.35%", "2024-07-22", "13.40%", "13.4%", "13.41%"),
        ("2019年8月20日", "4.25%", "2019-08-20", "17.00%", "17%", "17.01%"),
    ],
)
def test_interest_cap_is_four_times_the_lpr_on_the_signing_date(
    stages: Stages, signed: str, lpr: str, since: str, cap: str, under: str, over: str
) -> None:
    def loan(rate: str) -> str:
        return LOAN.format(interest=f"借款年利率为{rate}。").replace("2025年6月10日", signed)

    assert messages(stages, loan(under), "cn.interest.over_4x_lpr") == []
    (message,) = messages(stages, loan(over), "cn.interest.over_4x_lpr")
    assert f"一年期LPR（{lpr}，{since}起）的四倍即{cap}" in message


def test_interest_far_over_the_cap_names_the_cap(stages: Stages) -> None:
    (message,) = messages(
        stages, LOAN.format(interest="借款年利率为15%。"), "cn.interest.over_4x_lpr"
    )
    assert "折合年利率15.00%" in message and "四倍即12.00%" in message


# 合同编通则解释 65: a penalty more than 30% over the loss is generally excessive; with no loss
# stated, the rule measures it against the contract price (¥1,000,000 / EUR 1,000,000).
@pytest.mark.parametrize(
    ("penalty", "ratio"),
    [
        ("乙方违约的，应向甲方支付合同总价款29%的违约金。", None),
        ("乙方违约的，应向甲方支付合同总价款30%的违约金。", None),  # at the limit: lawful
        ("乙方违约的，应向甲方支付合同总价款30.5%的违约金。", "30.5%"),
        ("乙方违约的，应向甲方支付违约金人民币300,000元。", None),
        ("乙方违约的，应向甲方支付违约金人民币305,000元。", "30.5%"),
    ],
)
def test_penalty_at_thirty_percent(stages: Stages, penalty: str, ratio: str | None) -> None:
    found = messages(stages, zh_sale(penalty=penalty), "cn.penalty.over_30_percent")
    if ratio is None:
        assert found == []
    else:
        (message,) = found
        assert f"约为合同价款的{ratio}" in message


@pytest.mark.parametrize(
    ("amount", "ratio"),
    [
        ("29% of the Contract Price", None),
        ("30% of the Contract Price", None),
        ("30.5% of the Contract Price", "30.5%"),
        ("EUR 300,000", None),
        ("EUR 305,000", "30.5%"),
    ],
)
def test_english_penalty_under_prc_law_at_thirty_percent(
    stages: Stages, amount: str, ratio: str | None
) -> None:
    delay = f"If Seller fails to deliver, Seller shall pay liquidated damages of {amount}."
    found = messages(stages, en_prc(delay=delay), "en.prc.penalty.share_of_price")
    if ratio is None:
        assert found == []
    else:
        (message,) = found
        assert f"come to {ratio} of the contract price" in message


# 民法典 705: the part of a lease over twenty years is void.
@pytest.mark.parametrize(
    ("years", "fires"),
    [
        ("二百四十个月", False),
        ("二百四十一个月", True),
        ("二十年，自2025年2月1日起至2045年1月31日止", False),  # exactly twenty years
        ("二十年，自2025年2月1日起至2045年7月31日止", True),  # twenty and a half
    ],
)
def test_lease_at_twenty_years_by_months_and_by_dates(
    stages: Stages, years: str, fires: bool
) -> None:
    found = messages(stages, LEASE.format(years=years), "cn.lease.over_20_years")
    assert bool(found) is fires


@pytest.mark.parametrize(
    ("years", "law", "fires"),
    [
        ("twenty (20) years", "the People's Republic of China", False),
        ("two hundred and forty (240) months", "the People's Republic of China", False),
        ("two hundred and forty-one (241) months", "the People's Republic of China", True),
        ("twenty-five (25) years", "the People's Republic of China", True),
        ("twenty-five (25) years", "the State of New York", False),
    ],
)
def test_english_lease_under_prc_law_at_twenty_years(
    stages: Stages, years: str, law: str, fires: bool
) -> None:
    found = messages(stages, EN_LEASE.format(years=years, law=law), "en.prc.lease.over_20_years")
    assert bool(found) is fires


# agreed damages against the whole price (US$200,000): at the price is not over it
@pytest.mark.parametrize(
    ("ld", "over"),
    [("US$199,999", False), ("US$200,000", False), ("US$200,001", True)],
)
def test_agreed_damages_at_the_whole_price(stages: Stages, ld: str, over: bool) -> None:
    text = EN_SUPPLY.format(ld=ld, law="the State of New York")
    found = messages(stages, text, "en.liquidated_damages.over_price")
    assert bool(found) is over
    if over:
        assert "100.0%" in found[0] or "100%" in found[0]
