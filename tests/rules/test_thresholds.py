"""Every numeric threshold at its boundary: just under, exactly at, and just over the limit.

The law draws each line inclusively or exclusively (定金 "不得超过" 20%: 20% is lawful; a lease
"超过二十年的部分无效": 20 years is lawful), and a test per side keeps a changed constant from
passing unnoticed.
"""

from __future__ import annotations

import pytest

from kb.catalog import default_catalog
from pipeline.model import Finding
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.entities.helpers import make_document
from tests.rules.cases_new import ZH_BUILD, zh_sale
from tests.rules.test_rule_catalogue import LEASE, LOAN, labour, zh

Stages = tuple[ParseEntities, ValidateRules]


@pytest.fixture(scope="module")
def stages() -> Stages:
    validate = ValidateRules(resolver=default_catalog())
    validate.warm_up()
    return ParseEntities(), validate


def _rules_fired(stages: Stages, text: str) -> set[str]:
    parse, validate = stages
    document = make_document(text)
    findings: tuple[Finding, ...] = validate.run(document=document, **parse.run(document=document))[
        "rule_findings"
    ]
    return {f.rule_id for f in findings if f.rule_id}


# One-year LPR 3.00% from 2025-05-20 (rules/data/lpr_1y.yaml); the loan is signed 2025-06-10,
# so the cap is 12.00% a year. Interest above the cap is unprotected; at the cap it is not.
@pytest.mark.parametrize(
    ("interest", "fires"),
    [
        ("借款年利率为11.9%。", False),
        ("借款年利率为12%。", False),
        ("借款年利率为12.1%。", True),
        ("借款月利率为1%。", False),  # 12% a year: at the cap
        ("借款月利率为1.01%。", True),
        # a markup raises a base rate: LPR (3.0%) x 1.5 = 4.5%, far under the cap
        ("借款年利率为6%；逾期还款的，按一年期LPR上浮50%计收逾期利息。", False),
        # the loan's own 9% x 1.5 = 13.5%, over the cap, though "50%" is not a rate
        ("借款年利率为9%；逾期还款的，按本合同借款利率上浮50%计收逾期利息。", True),
        ("借款年利率为6%；逾期还款的，按本合同借款利率上浮50%计收逾期利息。", False),
    ],
)
def test_interest_at_four_times_lpr(stages: Stages, interest: str, fires: bool) -> None:
    assert (
        "cn.interest.over_4x_lpr" in _rules_fired(stages, LOAN.format(interest=interest))
    ) is fires


PROBATION_CONTRACT = """劳动合同

甲方（用人单位）：深圳市云帆科技有限公司
乙方（劳动者）：王小明

第一条 本合同为固定期限劳动合同，合同期限为{term}。
第二条 试用期为{probation}。
第三条 乙方月工资为人民币15,000元。
"""


@pytest.mark.parametrize(
    ("term", "probation", "fires"),
    [
        ("十一个月", "一个月", False),  # 3 months to under 1 year: at most 1 month
        ("十一个月", "两个月", True),
        ("一年", "两个月", False),  # 1 year to under 3 years: at most 2 months
        ("一年", "三个月", True),
        ("两年", "六十日", False),
        ("两年", "七十日", True),
        ("三年", "六个月", False),  # 3 years and more: at most 6 months
        ("三年", "七个月", True),
    ],
)
def test_probation_by_contract_length(
    stages: Stages, term: str, probation: str, fires: bool
) -> None:
    text = PROBATION_CONTRACT.format(term=term, probation=probation)
    assert ("cn.labour.probation_too_long" in _rules_fired(stages, text)) is fires


@pytest.mark.parametrize(
    ("deposit", "fires"),
    [
        ("壹拾玖万玖仟元整（¥199,000.00）", False),
        ("贰拾万元整（¥200,000.00）", False),  # exactly 20%: lawful
        ("贰拾万壹仟元整（¥201,000.00）", True),
    ],
)
def test_deposit_at_twenty_percent(stages: Stages, deposit: str, fires: bool) -> None:
    text = zh(**{"贰拾万元整（¥200,000.00）": deposit})
    assert ("cn.deposit.over_20_percent" in _rules_fired(stages, text)) is fires


@pytest.mark.parametrize(
    ("years", "fires"), [("十九年", False), ("二十年", False), ("二十一年", True)]
)
def test_lease_at_twenty_years(stages: Stages, years: str, fires: bool) -> None:
    assert ("cn.lease.over_20_years" in _rules_fired(stages, LEASE.format(years=years))) is fires


@pytest.mark.parametrize(
    ("term", "fires"), [("二十三个月", False), ("二年", False), ("二十五个月", True)]
)
def test_non_compete_at_two_years(stages: Stages, term: str, fires: bool) -> None:
    fired = _rules_fired(stages, labour(nc_term=term))
    assert ("cn.labour.non_compete_too_long" in fired) is fires


@pytest.mark.parametrize(
    ("rate", "fires"),
    [("万分之九", False), ("千分之一", True), ("千分之二", True)],  # flagged from 0.1%/day
)
def test_per_day_penalty_at_a_tenth_of_a_percent(stages: Stages, rate: str, fires: bool) -> None:
    text = zh_sale(penalty=f"乙方逾期交货的，每逾期一日按合同总价款的{rate}支付违约金。")
    assert ("cn.penalty.per_period_uncapped" in _rules_fired(stages, text)) is fires


@pytest.mark.parametrize(("period", "fires"), [("4年", True), ("5年", False), ("6年", False)])
def test_waterproofing_warranty_at_five_years(stages: Stages, period: str, fires: bool) -> None:
    text = ZH_BUILD.format(waterproof=period)
    assert ("cn.construction.warranty_below_minimum" in _rules_fired(stages, text)) is fires


@pytest.mark.parametrize(
    ("share", "fires"),
    [
        ("296,900", True),
        ("297,000", False),
        ("300,000", False),
        ("303,000", False),
        ("303,100", True),
    ],
)
def test_share_of_price_within_one_percent(stages: Stages, share: str, fires: bool) -> None:
    # 30% of ¥1,000,000 is ¥300,000; the tolerance is 1% of the expected figure (±¥3,000)
    fired = "cn.amount.share_mismatch" in _rules_fired(stages, zh_sale(share=share))
    assert fired is fires


DATED_LABOUR = """劳动合同书

甲方（用人单位）：苏州启明软件有限公司
乙方（劳动者）：赵晓

第一条 本合同为固定期限劳动合同，期限为一年，自2025年3月1日起至2026年2月28日止。
第二条 试用期自2025年3月1日起至{probation_end}止。
第三条 乙方在甲方连续工作满十年的，双方可以依法订立无固定期限劳动合同。
"""


@pytest.mark.parametrize(
    ("probation_end", "fires"), [("2025年4月30日", False), ("2025年5月31日", True)]
)
def test_probation_given_as_dates_against_a_dated_term(
    stages: Stages, probation_end: str, fires: bool
) -> None:
    # two calendar months is the limit for a one-year contract; a clause that only mentions
    # when an open-ended contract may be concluded does not make this one open-ended
    text = DATED_LABOUR.format(probation_end=probation_end)
    assert ("cn.labour.probation_too_long" in _rules_fired(stages, text)) is fires
