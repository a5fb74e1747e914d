"""The arithmetic checks on the forms that tripped them on dev contracts: chained workings, a
tax on the net of a stated gross, a hidden third factor, a total over a column with words."""

from __future__ import annotations

import pytest

from kb.catalog import default_catalog
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.entities.helpers import make_document
from tests.rules.cases_worked_sums import EN_SERVICES, ZH_SALE

Stages = tuple[ParseEntities, ValidateRules]


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules(resolver=default_catalog())


def _rules(stages: Stages, text: str) -> set[str]:
    parse, validate = stages
    document = make_document(text)
    found = validate.run(document=document, **parse.run(document=document))["rule_findings"]
    return {f.rule_id for f in found}


def _zh(clause: str) -> str:
    return ZH_SALE.format(clause=clause)


def _en(clause: str) -> str:
    return EN_SERVICES.format(clause=clause, law="England and Wales")


def test_chained_workings_balance_step_by_step(stages: Stages) -> None:
    rebate = (
        "The rebate is £500,000.00 x 2% = £10,000.00 plus £120,000.00 x 3.5% = £4,200.00, "
        "a total of £14,200.00."
    )
    assert "en.amount.worked_sum_wrong" not in _rules(stages, _en(rebate))
    refund = (
        "退费金额＝4,800－280－4,600×60÷320－1,920×12÷224＝4,800－280－862.50－102.86＝3,554.64元。"
    )
    assert "cn.amount.worked_sum_wrong" not in _rules(stages, _zh(refund))
    wrong = refund.replace("3,554.64", "3,564.64")
    assert "cn.amount.worked_sum_wrong" in _rules(stages, _zh(wrong))


def test_a_tax_on_the_net_of_a_stated_gross_is_no_odd_share(stages: Stages) -> None:
    clause = (
        "合同总价构成：设备款人民币1,000,000.00元；安装费人民币61,946.90元；增值税（税率13%）"
        "人民币138,053.10元。第一期为合同总价的30%，即人民币360,000.00元；第二期为合同总价的70%，"
        "即人民币840,000.00元。"
    )
    assert "cn.amount.share_base_disagrees" not in _rules(stages, _zh(clause))


def test_a_third_factor_hidden_by_ones_in_other_rows_is_read(stages: Stages) -> None:
    table = (
        "Package | Quantity | Unit price | Weeks | Amount\n"
        "A | 1 package | 85,000 per week | 12 | 1,020,000\n"
        "B | 6 units | 6,500 per unit per week | 12 | 468,000\n"
        "C | 1 package | 26,000 per week | 12 | 312,000\n"
    )
    assert "en.amount.table_arithmetic_breaks" not in _rules(stages, _en(table))


def test_a_dated_row_is_still_checked_and_a_column_with_words_is_not_totalled(
    stages: Stages,
) -> None:
    dated = (
        "批次 | 交货日期 | 数量 | 单价 | 金额\n"
        "第一批 | 2025年10月25日 | 120 | 4,400 | 528,000\n"
        "第二批 | 2025年11月25日 | 120 | 4,400 | 582,000\n"
        "第三批 | 2025年12月25日 | 150 | 4,400 | 660,000\n"
    )
    assert "cn.amount.table_arithmetic_breaks" in _rules(stages, _zh(dated))
    months = (
        "租期年度 | 计租月数 | 月租金（元） | 年度租金（元）\n"
        "第一年度 | 10（扣除免租期2个月） | 36,000 | 360,000\n"
        "第二年度 | 12 | 36,000 | 432,000\n"
        "第三年度 | 12 | 37,800 | 453,600\n"
        "合计 | 36 | — | 1,245,600\n"
    )
    assert "cn.amount.table_arithmetic_breaks" not in _rules(stages, _zh(months))


def test_a_liability_ceiling_that_counts_the_penalty_in_is_no_penalty_of_that_share(
    stages: Stages,
) -> None:
    ceiling = "任何一方承担的赔偿责任总额（含违约金）不超过合同总价的100%。"
    assert "cn.penalty.over_30_percent" not in _rules(stages, _zh(ceiling))
    penalty = "任何一方违约的，应向对方支付合同总价的100%作为违约金。"
    assert "cn.penalty.over_30_percent" in _rules(stages, _zh(penalty))


def test_a_worked_date_counts_from_the_contract_term_only_when_it_names_it(
    stages: Stages,
) -> None:
    term = "租赁期限为二十四个月，自2025年3月1日起至2027年2月28日止。"
    own = term + "租赁期限届满前六十日（即不迟于2026年12月27日），双方应协商续租事宜。"
    assert "cn.date.worked_date_wrong" in _rules(stages, _zh(own))
    # a warranty's end is another day: the contract's term says nothing of it
    warranty = term + "质保期届满前三十日（即2026年12月27日前），乙方应完成巡检。"
    assert "cn.date.worked_date_wrong" not in _rules(stages, _zh(warranty))


def test_a_share_is_checked_against_the_sum_its_base_is_named_for(stages: Stages) -> None:
    named = (
        'The price of the Products is £5,198,000 (the "Product Price"). The remaining 5% of the '
        "Product Price, being £{retention}, is held as retention."
    )
    assert "en.amount.share_base_disagrees" in _rules(
        stages, _en(named.format(retention="269,900"))
    )
    assert "en.amount.share_base_disagrees" not in _rules(
        stages, _en(named.format(retention="259,900"))
    )
    zh = (
        "施工合同\n甲方：杭州明川建设有限公司\n乙方：苏州恒达建筑有限公司\n"
        "第一条 签约合同价为人民币83,600,000.00元。\n"
        "第二条 发包人支付签约合同价的10%作为预付款，即人民币{advance}元。\n"
    )
    assert "cn.amount.share_mismatch" in _rules(stages, zh.format(advance="8,460,000.00"))
    assert "cn.amount.share_mismatch" not in _rules(stages, zh.format(advance="8,360,000.00"))


def test_two_shares_of_a_base_their_own_paragraph_names_must_agree(stages: Stages) -> None:
    fee = (
        "The Customer shall pay a transition fee of RMB 360,000 in two instalments: forty per cent "
        "(40%), being RMB {first}, on signing; and sixty per cent (60%), being RMB 216,000, on "
        "acceptance."
    )
    assert "en.amount.share_base_disagrees" in _rules(stages, _en(fee.format(first="154,000")))
    assert "en.amount.share_base_disagrees" not in _rules(stages, _en(fee.format(first="144,000")))


def test_a_limit_beside_a_share_is_not_that_share(stages: Stages) -> None:
    fee = (
        "居间报酬为成交价的1.2%，但最高不超过人民币陆拾万元整（¥600,000.00）。"
        "以成交价人民币伍仟伍佰万元为例，居间报酬为人民币陆拾万元整（¥600,000.00）。"
    )
    assert "cn.amount.share_base_disagrees" not in _rules(stages, _zh(fee))


def test_what_the_instalments_add_up_to_is_not_one_more_instalment(stages: Stages) -> None:
    plan = (
        "各期款项合计为合同总价的100%。甲方支付合同总价的30%，即人民币360,000.00元；"
        "验收后支付合同总价的70%，即人民币840,000.00元。"
    )
    assert "cn.amount.instalments_exceed_total" not in _rules(stages, _zh(plan))


def test_a_table_cell_that_works_out_a_sum_must_give_the_next_cell(stages: Stages) -> None:
    rows = "费用项目 | 计算方式 | 金额（元）\n增值税 | 648,000.00元×6% | {tax}\n"
    assert "cn.amount.worked_sum_wrong" in _rules(stages, _zh(rows.format(tax="39,880.00")))
    assert "cn.amount.worked_sum_wrong" not in _rules(stages, _zh(rows.format(tax="38,880.00")))
    sizes = "纸箱 | 规格（mm） | 数量\n大号 | 300×460×140 | 12,000\n"
    assert "cn.amount.worked_sum_wrong" not in _rules(stages, _zh(sizes))


def test_a_two_column_summary_of_figures_must_add_up_to_its_total(stages: Stages) -> None:
    summary = (
        "The Charges are summarised below.\nItem | Amount\nImplementation Fee | £42,000\nMonthly Service Charges (36 months) | £675,000\n"
        "Total Charges excluding VAT | £{total}\n"
    )
    assert "en.amount.table_total" in _rules(stages, _en(summary.format(total="727,000")))
    assert "en.amount.table_total" not in _rules(stages, _en(summary.format(total="717,000")))
    terms = (
        "Item | Terms\nBase Term | 60 months\nMonthly Rent | $18,450.00, plus sales tax\n"
        "Aggregate Monthly Rent for the Base Term | $1,107,000.00\n"
    )
    assert "en.amount.table_total" not in _rules(stages, _en(terms))


def test_a_tax_stated_with_its_rate_and_a_spelled_or_named_figure_is_read(stages: Stages) -> None:
    hire = (
        "The Total Hire is RMB 868,200.00 exclusive of value-added tax, plus value-added tax at "
        "13% of RMB {tax}, making RMB {gross} inclusive of value-added tax."
    )
    wrong_tax = _en(hire.format(tax="122,866.00", gross="981,066.00"))
    assert "en.amount.tax_between_net_and_gross" in _rules(stages, wrong_tax)
    wrong_gross = _en(hire.format(tax="112,866.00", gross="991,066.00"))
    assert "en.amount.tax_sum_wrong" in _rules(stages, wrong_gross)
    right = _rules(stages, _en(hire.format(tax="112,866.00", gross="981,066.00")))
    assert not {"en.amount.tax_sum_wrong", "en.amount.tax_between_net_and_gross"} & right
    spelled = (
        "The Contract Sum is £2,460,000 excluding VAT. VAT at 20% amounts to four hundred and "
        "eighty-two thousand pounds (£482,000), giving a total of £2,952,000."
    )
    assert "en.amount.tax_between_net_and_gross" in _rules(stages, _en(spelled))


def test_named_parts_listed_before_their_total_must_add_up(stages: Stages) -> None:
    listed = "Milestone payments: Milestone 1 $75,000; Milestone 2 ${second}; total $200,000."
    assert "en.amount.spelled_sum_wrong" in _rules(stages, _en(listed.format(second="135,000")))
    assert "en.amount.spelled_sum_wrong" not in _rules(stages, _en(listed.format(second="125,000")))
    fees = (
        "软件许可费为人民币壹佰肆拾万元整（¥1,400,000.00），实施服务费为人民币{words}（¥{figure}），"
        "合计人民币贰佰万元整（¥2,000,000.00）。"
    )
    wrong = fees.format(words="陆拾壹万元整", figure="610,000.00")
    assert "cn.amount.spelled_sum_wrong" in _rules(stages, _zh(wrong))
    right = fees.format(words="陆拾万元整", figure="600,000.00")
    assert "cn.amount.spelled_sum_wrong" not in _rules(stages, _zh(right))
    # a total of more than the parts it lists is no slip
    more = "Year 1 fee $100,000; Year 2 fee $110,000; total for the Initial Term $420,000."
    assert "en.amount.spelled_sum_wrong" not in _rules(stages, _en(more))


def test_the_rest_of_the_total_is_a_share_of_the_total(stages: Stages) -> None:
    rest = "甲方应于交货后支付合同总价款剩余的70%，即人民币{figure}元。"
    assert "cn.amount.share_mismatch" in _rules(stages, _zh(rest.format(figure="850,000.00")))
    assert "cn.amount.share_mismatch" not in _rules(stages, _zh(rest.format(figure="840,000.00")))
