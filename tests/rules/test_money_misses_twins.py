"""Twins of the liquidated-damages, penalty and deposit problems missed on nine contracts moved
from the blind held-out set in the twenty-second session (en_b04, en_d01, en_n07, en_u04, en_b12,
zh_m06, zh_q06, en_q04, zh_b23): each unlawful reading beside the lawful one the same check must
leave alone. The texts are written here, not copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_money_misses import FIN_LEASE, GROUP, PERFORMANCE, SPONSOR
from tests.rules.helpers import Stages, rule_findings, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_FRANCHISE = """FRANCHISE AGREEMENT

This Agreement is made in Shenzhen on 2 May 2025 between:
(1) Lotus Noodle Holdings Limited, a company incorporated in Hong Kong (the "Franchisor"); and
(2) Shenzhen Futian Lianhua Catering Co., Ltd., a company established in the PRC (the "Franchisee").

1. FEES
1.1 The Franchisee shall pay the Franchisor an initial franchise fee of RMB 600,000 (the "Initial Fee").
1.2 Within five business days after signing, the Franchisee shall pay the Franchisor, as earnest money (定金) securing performance, an amount equal to {share} of the {base}.
1.3 The Franchisee shall maintain public liability insurance of not less than RMB 5,000,000 per occurrence.
2. EXIT
2.1 For each day of delay in removing the signage after termination the Franchisee shall pay liquidated damages of RMB 8,000 per day.
3. GOVERNING LAW
3.1 This Agreement is governed by the laws of the People's Republic of China (which, for this purpose, do not include the laws of the Hong Kong Special Administrative Region, the Macao Special Administrative Region or Taiwan).
"""


def _franchise(share: str = "twenty per cent (20%)", base: str = "Initial Fee") -> str:
    return _FRANCHISE.format(share=share, base=base)


def test_prc_law_that_leaves_out_hong_kong_law_is_prc_law(stages: Stages) -> None:
    """The clause names Hong Kong only to leave its law out: the PRC rules apply."""
    found = rule_ids(stages, _franchise())
    assert "en.prc.penalty.per_period_uncapped" in found
    assert not any(r.startswith("en.liquidated_damages.") for r in found)


def test_insurance_cover_is_not_the_base_of_a_daily_sum(stages: Stages) -> None:
    (hit,) = [
        f for f in rule_findings(stages, _franchise())
        if f.rule_id == "en.prc.penalty.per_period_uncapped"
    ]  # fmt: skip
    assert "600,000" in hit.message and "5,000,000" not in hit.message


def test_a_deposit_as_a_share_of_a_defined_fee(stages: Stages) -> None:
    """50% of the Initial Fee is RMB 300,000, half the only fixed sum the contract pays."""
    assert "en.prc.deposit.over_20_percent" in rule_ids(stages, _franchise("fifty per cent (50%)"))
    assert "en.prc.deposit.over_20_percent" not in rule_ids(stages, _franchise())
    # a share of one month's fee says nothing about the whole price
    monthly = _franchise("fifty per cent (50%)", "Monthly Fee").replace(
        '(the "Initial Fee")', '(the "Initial Fee") and a fee of RMB 20,000 (the "Monthly Fee")'
    )
    assert "en.prc.deposit.over_20_percent" not in rule_ids(stages, monthly)


_HIRE = """EQUIPMENT HIRE AGREEMENT

Lessor: Ningbo Haitong Machinery Leasing Co., Ltd. (the "Lessor")
Lessee: Ningbo Beilun Port Construction Co., Ltd. (the "Lessee")

1. The Lessor hires the Equipment in Schedule 1 to the Lessee at the monthly rates in Schedule 1.
2. To secure performance the Lessee shall pay the Lessor earnest money (dingjin) of RMB {deposit} within five days after signing; the party in breach forfeits it or returns twice the amount.
3. This Agreement is governed by the laws of the People's Republic of China.

SCHEDULE 1 - EQUIPMENT
Equipment | Quantity | Monthly rate per unit (RMB) | Hire Months
Excavator, 30 t | 2 | 50,000 | 4
Wheel loader, 5 t | 1 | 30,000 | 6
"""


def test_a_hire_schedule_gives_the_price_as_units_times_monthly_rate_times_months(
    stages: Stages,
) -> None:
    """2 x 50,000 x 4 + 1 x 30,000 x 6 = RMB 580,000: a deposit of 130,000 is 22.4% of it,
    one of 110,000 is 19.0%."""
    assert "en.prc.deposit.over_20_percent" in rule_ids(stages, _HIRE.format(deposit="130,000"))
    assert "en.prc.deposit.over_20_percent" not in rule_ids(stages, _HIRE.format(deposit="110,000"))


def test_a_monthly_rate_without_a_months_column_is_no_price(stages: Stages) -> None:
    """The same schedule without its months column: one month's hire is not the price, so a
    deposit is measured against nothing rather than against RMB 130,000."""
    text = (
        _HIRE.format(deposit="60,000")
        .replace(" | Hire Months", "")
        .replace(" | 4\n", "\n")
        .replace(" | 6\n", "\n")
    )
    assert "en.prc.deposit.over_20_percent" not in rule_ids(stages, text)


def test_the_whole_price_as_the_penalty_for_a_minor_breach(stages: Stages) -> None:
    assert "cn.penalty.whole_price" in rule_ids(
        stages, PERFORMANCE.format(penalty="金额为本合同演出报酬总额")
    )
    for lawful in (
        "金额为本合同演出报酬总额的百分之五",  # a share of the price
        "违约金和赔偿责任总额以本合同演出报酬总额为限",  # a cap, not the sum
    ):
        assert "cn.penalty.whole_price" not in rule_ids(stages, PERFORMANCE.format(penalty=lawful))


def test_a_penalty_on_top_of_every_future_payment(stages: Stages) -> None:
    assert "cn.penalty.on_top_of_all_future_payments" in rule_ids(
        stages, FIN_LEASE.format(tail="另按租赁本金的20%向甲方支付违约金")
    )
    assert "cn.penalty.on_top_of_all_future_payments" not in rule_ids(
        stages,
        FIN_LEASE.format(tail="扣除收回租赁物的价值后，另按租赁本金的5%向甲方支付违约金"),
    )


def test_damages_beyond_full_performance(stages: Stages) -> None:
    rule = "en.liquidated_damages.beyond_full_performance"
    assert rule in rule_ids(
        stages,
        SPONSOR.format(
            law="the State of New York",
            ld="Sponsor shall pay as liquidated damages the full unpaid balance of the "
            "Sponsorship Fee for the whole Term plus ten percent (10%) of the Sponsorship Fee",
        ),
    )
    assert rule not in rule_ids(
        stages,
        SPONSOR.format(
            law="the State of New York",
            ld="that results in termination, Sponsor shall pay as liquidated damages the full "
            "unpaid balance of the Sponsorship Fee for the current Contract Year, less the "
            "costs Organizer saves by not delivering the remaining benefits",
        ),
    )


def test_a_charge_that_keeps_what_the_payee_resells(stages: Stages) -> None:
    rule = "en.liquidated_damages.no_credit_for_resale"
    assert rule in rule_ids(
        stages,
        GROUP.format(
            law="the State of Illinois",
            tail="and no credit shall be given for rooms that the Hotel resells",
        ),
    )
    assert rule not in rule_ids(
        stages,
        GROUP.format(
            law="the State of Illinois",
            tail="less the net revenue from any rooms that the Hotel resells",
        ),
    )


_EVENT = """EVENT PRODUCTION AGREEMENT

This Agreement is made on 10 April 2025 between Northlight Productions LLC ("Producer") and Cobalt Analytics Inc. ("Client").

4.1 The Event Fee is US$300,000.
5.4 {ld}
12.1 This Agreement is governed by the laws of the State of Delaware.
"""


def test_one_sum_for_any_obligation_of_a_section(stages: Stages) -> None:
    rule = "en.liquidated_damages.one_sum_for_many_breaches"
    assert rule in rule_ids(
        stages,
        _EVENT.format(
            ld="If Client fails to perform any obligation under this Section 5, Client shall "
            "pay Producer, as liquidated damages, a sum equal to forty percent (40%) of the "
            "Event Fee."
        ),
    )
    assert rule not in rule_ids(
        stages,
        _EVENT.format(
            ld="If Client fails to deliver the stage artwork by the Artwork Deadline, Client "
            "shall pay Producer, as liquidated damages, a sum equal to US$500 for each day of "
            "delay, not to exceed US$15,000 in total."
        ),
    )


_EMPLOYMENT = """SERVICE AGREEMENT

This Agreement is made on 1 February 2025 between Corvid Precision Ltd (the "Company") and Jane Holloway (the "Executive").

17.1 Either party may terminate the employment by giving the other not less than six months' written notice.
17.4 {ld}
25.1 This Agreement is governed by the laws of England and Wales.
"""


def test_the_same_sum_for_leaving_at_once_or_a_day_early(stages: Stages) -> None:
    rule = "en.liquidated_damages.one_sum_for_many_breaches_england"
    assert rule in rule_ids(
        stages,
        _EMPLOYMENT.format(
            ld="If the Executive leaves without giving notice under clause 17.1, or gives "
            "notice but does not work the whole of it, she shall pay the Company, by way of "
            "agreed damages, an amount equal to four months' gross basic salary."
        ),
    )
    assert rule not in rule_ids(
        stages,
        _EMPLOYMENT.format(
            ld="If the Executive leaves without working her notice, she shall pay the Company, "
            "by way of agreed damages, a sum equal to her basic salary for the part of the "
            "notice period not worked."
        ),
    )


_DEVELOPMENT = """技术开发合同

委托方（甲方）：深圳南山智控科技有限公司
受托方（乙方）：深圳前海机器人研究院有限公司

第五条 合同价款为人民币4,000,000元。
第六条 付款方式：
（1）{item}
第七条 本合同适用中华人民共和国法律。
"""


def test_a_deposit_item_that_pays_a_share_of_the_price(stages: Stages) -> None:
    """The item's label names the sum; the share, restated as an amount, is the 定金's."""
    assert "cn.deposit.over_20_percent" in rule_ids(
        stages,
        _DEVELOPMENT.format(
            item="定金：本合同签订后10个工作日内，甲方向乙方支付合同价款的30%，即人民币"
            "1,200,000元作为定金。"
        ),
    )
    assert "cn.deposit.over_20_percent" not in rule_ids(
        stages,
        _DEVELOPMENT.format(
            item="定金及预付款：本合同签订后10个工作日内，甲方向乙方支付合同价款的30%作为"
            "预付款，其中定金为合同价款的10%。"
        ),
    )
