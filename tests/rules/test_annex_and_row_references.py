"""An annex or schedule row that is attached but does not fix the price: the guards that keep
lawful references silent (the price stated in the clause itself, an annex named for what is
priced, not for the price)."""

from __future__ import annotations

from tests.rules.cases_annex_price import ZH_FEE_CLAUSE, ZH_NO_RATES, ZH_WAREHOUSING
from tests.rules.cases_open_rows import EN_SAAS
from tests.rules.helpers import Stages, rule_ids

RULE = "cn.essential.price_in_missing_annex"


def test_price_stated_in_the_clause_is_not_left_to_an_annex_without_rates(stages: Stages) -> None:
    stated = ZH_WAREHOUSING.format(annex_two=ZH_NO_RATES).replace(
        ZH_FEE_CLAUSE,
        "第二条 存货人每月向保管人支付仓储费人民币12,000元，已含附件二所列货物的装卸。",
    )
    assert RULE not in rule_ids(stages, stated)


def test_an_annex_named_for_the_goods_is_not_where_the_price_is(stages: Stages) -> None:
    far = ZH_WAREHOUSING.format(annex_two=ZH_NO_RATES).replace(
        ZH_FEE_CLAUSE,
        "第二条 存货人应于每月5日前按实际储存天数结算仓储费，保管人并应按附件二的储存条件保管货物。",
    )
    assert RULE not in rule_ids(stages, far)


def test_a_row_that_names_a_clause_stating_the_figure_is_not_circular(stages: Stages) -> None:
    fixed_in_clause = EN_SAAS.replace(
        "shall be the amount set out in Schedule 2 for each year",
        "shall be GBP 24,000 for each year",
    ).format(fee="the annual charge payable under clause 6")
    assert "en.essential.open_schedule_row" not in rule_ids(stages, fixed_in_clause)
