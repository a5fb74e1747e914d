"""Twins for the checks generalised on the focused dev contracts (golden_set/focus/dev): each
defect beside the lawful wording that differs from it by one fact or one phrase."""

from __future__ import annotations

import pytest

from pipeline.entities.clauses import segment
from pipeline.entities.textview import build_view
from pipeline.rules_engine.pipe_tables import pipe_tables
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.entities.helpers import make_document
from tests.rules.helpers import Stages, rule_findings, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


ZH_LEASE = """房屋租赁合同

出租方（甲方）：成都锦城置业有限公司
承租方（乙方）：成都蓉芯科技有限公司

第二条 租赁期限为三十六个月，自甲方将该房屋交付乙方之日起算，双方确认交付日为2025年4月1日。
第九条 租赁期满（即{end}）本合同终止，乙方应于当日将该房屋交还甲方。
第十条 本合同争议提交成都仲裁委员会仲裁。
"""


def test_a_term_running_from_an_event_dated_in_its_sentence_and_an_end_named_before_its_date(
    stages: Stages,
) -> None:
    assert "cn.date.term_vs_expiry" in rule_ids(stages, ZH_LEASE.format(end="2028年4月30日"))
    assert "cn.date.term_vs_expiry" not in rule_ids(stages, ZH_LEASE.format(end="2028年3月31日"))


ZH_DISTRIBUTION = """产品经销协议

供货方（甲方）：佛山美厨电器有限公司
经销方（乙方）：昆明滇厨商贸有限公司

第三条 乙方2025年度最低采购额为人民币600万元，按季度分解为每季度150万元。
第七条 乙方违反竞品限制约定的，应向甲方支付{penalty}。
第十条 本协议争议提交昆明仲裁委员会仲裁。
"""


def test_a_penalty_set_at_a_multiple_of_a_contract_sum(stages: Stages) -> None:
    over = ZH_DISTRIBUTION.format(penalty="相当于年度最低采购额三倍的违约金，即人民币1,800万元")
    within = ZH_DISTRIBUTION.format(
        penalty="违约金人民币30万元，且违约金最高不超过年度最低采购额的5%"
    )
    assert "cn.penalty.multiple_of_contract_sum" in rule_ids(stages, over)
    assert "cn.penalty.multiple_of_contract_sum" not in rule_ids(stages, within)
    # one quarter's figure is not the total price stated a second time
    assert "cn.amount.total_restated" not in rule_ids(stages, over)


def test_a_doubled_return_is_not_a_penalty_multiple(stages: Stages) -> None:
    doubled = ZH_DISTRIBUTION.format(
        penalty="违约金人民币30万元，甲方违约的应按已付货款金额的两倍向乙方返还"
    )
    assert "cn.penalty.multiple_of_contract_sum" not in rule_ids(stages, doubled)


ZH_EQUITY = """股权转让协议

转让方（甲方）：上海恒泰投资有限公司
受让方（乙方）：苏州远航创业投资有限公司

第三条 标的股权的转让价款总额为人民币8,400,000元。
第四条 乙方应于本协议签署之日起三个工作日内支付首期转让价款人民币2,100,000元，变更登记完成后十个工作日内支付{rest}。
第十条 本协议争议提交上海仲裁委员会仲裁。
"""


def test_the_remaining_price_is_not_the_total_stated_again(stages: Stages) -> None:
    remaining = ZH_EQUITY.format(rest="剩余转让价款人民币6,300,000元")
    assert "cn.amount.total_restated" not in rule_ids(stages, remaining)


EN_SHARES = """SHARE PURCHASE AGREEMENT

This Agreement is made on 2 June 2025 between Harrow Holdings Limited (the "Seller") and Calder Capital Limited (the "Buyer").
3.1 The total consideration for the Sale Shares is £3,450,000 (three million four hundred and fifty thousand pounds) (the "Consideration").
3.2 The Consideration shall be paid by the Buyer in cash in the following instalments: (a) £2,100,000 on Completion; (b) £750,000 on the first anniversary of Completion; and (c) £{third} on the second anniversary of Completion.
9. This Agreement is governed by the laws of England and Wales.
"""


def test_instalments_must_add_up_to_the_price_they_pay(stages: Stages) -> None:
    assert "en.amount.instalments_vs_total" in rule_ids(stages, EN_SHARES.format(third="500,000"))
    assert "en.amount.instalments_vs_total" not in rule_ids(
        stages, EN_SHARES.format(third="600,000")
    )


def test_a_schedule_that_leaves_the_balance_unstated_is_not_short(stages: Stages) -> None:
    balance = EN_SHARES.replace(
        "and (c) £{third} on the second anniversary of Completion",
        "and (c) the balance on the second anniversary of Completion",
    )
    assert "en.amount.instalments_vs_total" not in rule_ids(stages, balance)


ZH_INSTALMENTS = """设备采购合同

买方（甲方）：无锡华晨机械有限公司
卖方（乙方）：常州恒力数控设备有限公司

第三条 合同总价款为人民币1,000,000元。
第四条 甲方按以下方式分三期支付：合同签订后支付人民币300,000元；设备交付后支付人民币500,000元；验收合格后支付人民币{third}元。
第九条 本合同争议提交无锡仲裁委员会仲裁。
"""


def test_chinese_instalments_must_add_up_to_the_price(stages: Stages) -> None:
    assert "cn.amount.instalments_vs_total" in rule_ids(
        stages, ZH_INSTALMENTS.format(third="100,000")
    )
    assert "cn.amount.instalments_vs_total" not in rule_ids(
        stages, ZH_INSTALMENTS.format(third="200,000")
    )


EN_COMMISSION = """SALES AGENCY AGREEMENT

This Agreement is made on 2 June 2025 between Cascade Outdoor Inc. ("Principal") and Rainier Reps LLC ("Agent").
3. Commission. Principal shall pay Agent a commission of four and one-half percent (4.5%) of Net Sales.
Schedule 1
Target Annual Net Sales: US$2,400,000
Target Commission at the rate in Section 3 (4.5% of Target Annual Net Sales): US${commission}
9. This Agreement is governed by the laws of the State of Washington.
"""


def test_a_share_of_a_named_figure_must_match_its_amount(stages: Stages) -> None:
    wrong = rule_ids(stages, EN_COMMISSION.format(commission="118,000"))
    assert "en.amount.named_share_mismatch" in wrong
    assert "en.amount.named_share_mismatch" not in rule_ids(
        stages, EN_COMMISSION.format(commission="108,000")
    )
    # a schedule label defines the term it names
    assert "en.term.undefined" not in wrong


EN_WORKS = """WORKS CONTRACT

This Contract is made on 3 March 2025 between Ashby Estates Limited (the "Employer") and Corran Build Limited (the "Contractor").
6. {lead}, the Contractor shall on demand pay the Employer the sum of £25,000 in respect of each such breach.
12. This Contract is governed by the laws of England and Wales.
"""


def test_a_fixed_sum_for_any_breach_is_a_penalty_whatever_it_is_called(stages: Stages) -> None:
    any_breach = EN_WORKS.format(
        lead="If the Contractor commits any breach of this Contract, however minor"
    )
    one_breach = EN_WORKS.format(
        lead="If the Contractor removes the site hoarding before Completion in breach of clause 4"
    )
    rule = "en.liquidated_damages.any_breach_or_cumulative_england"
    assert rule in rule_ids(stages, any_breach)
    assert rule not in rule_ids(stages, one_breach)


EN_SUPPLY = """SUPPLY AGREEMENT

This Agreement is made on 3 March 2025 between Halden Parts Inc. ("Supplier") and Corvid Motors LLC ("Buyer").
7. If Supplier fails to deliver on time, Supplier shall pay Buyer liquidated damages {amount}.
12. This Agreement is governed by the laws of the State of New York.
"""


def test_liquidated_damages_at_a_multiple_of_the_price(stages: Stages) -> None:
    rule = "en.liquidated_damages.multiple_of_price"
    assert rule in rule_ids(
        stages, EN_SUPPLY.format(amount="equal to three (3) times the Contract Price")
    )
    assert rule not in rule_ids(
        stages,
        EN_SUPPLY.format(
            amount="of 0.5% of the Contract Price per week, not to exceed two times the monthly fee"
        ),
    )


EN_SAAS = """SUBSCRIPTION TERMS

These Terms are made on 1 July 2025 between Yunfan Cloud Co., Ltd. (the "Provider") and Chengdu Xinda Ltd. (the "Customer").
5. The Provider may, at any time during the Subscription Term, revise the Subscription Fee{proviso} by posting the revised fee schedule in the console.
11. These Terms are governed by the laws of the People's Republic of China.
"""


def test_a_unilateral_fee_change_far_from_its_may(stages: Stages) -> None:
    rule = "en.prc.standard_terms.unilateral_right"
    assert rule in rule_ids(stages, EN_SAAS.format(proviso=""))


def test_a_unilateral_fee_change_behind_a_long_notice_parenthetical(stages: Stages) -> None:
    """ "may, by a notice posted … thirty (30) days in advance, revise the Fees": the notice
    is how the change is made, not the other side's consent."""
    rule = "en.prc.standard_terms.unilateral_right"
    notice = "by a notice posted in the administrator console at least thirty (30) days in advance"
    changed = EN_SAAS.replace(
        "may, at any time during the Subscription Term, revise the Subscription Fee{proviso} by "
        "posting the revised fee schedule in the console",
        f"may, {notice}, revise the Fees{{proviso}}",
    )
    assert rule in rule_ids(stages, changed.format(proviso=""))
    walk_away = ", and the Customer may terminate this Agreement before the revision applies"
    assert rule not in rule_ids(stages, changed.format(proviso=walk_away))


EN_FRANCHISE = """FRANCHISE AGREEMENT

This Agreement is made on 1 July 2025 between Bean Co Limited (the "Franchisor") and Hale Cafe Limited (the "Franchisee").
6. The Franchisor may update the operating procedures and the fees in the Manual on 30 days' notice{proviso}.
20. This Agreement is governed by the laws of England and Wales.
"""


def test_a_change_power_fenced_off_from_the_fees(stages: Stages) -> None:
    rule = "en.amendment.unilateral_right"
    assert rule in rule_ids(stages, EN_FRANCHISE.format(proviso=""))
    fenced = EN_FRANCHISE.format(proviso=", provided that no update increases the fees")
    assert rule not in rule_ids(stages, fenced)


EN_LEASE = """LEASE

This Lease is made on 21 March 2025 between Calder Estates Limited (the "Landlord") and Northbank Design Limited (the "Tenant").
1. Definitions. "Term Commencement Date" means 1 April 2025; "Contractual Term" means a term of five years beginning on and including the Term Commencement Date.
8. Yielding up. At the end of the Contractual Term on {end}, the Tenant shall return the Premises to the Landlord.
20. This Lease is governed by the laws of England and Wales.
"""


def test_a_defined_term_of_years_against_the_date_it_ends(stages: Stages) -> None:
    rule = "en.date.term_vs_expiry"
    assert rule in rule_ids(stages, EN_LEASE.format(end="31 March 2031"))
    assert rule not in rule_ids(stages, EN_LEASE.format(end="31 March 2030"))


EN_WAREHOUSE = """WAREHOUSE LEASE CONTRACT

This Contract is made on 1 March 2025 between Wuhan Port Logistics Co., Ltd. (the "Lessor") and Hubei Fresh Foods Co., Ltd. (the "Lessee").
5. The Lessee shall pay {name} of RMB 302,400 as security for the payment of rent.
7. If the Lessor fails to hand over the Warehouse, the Lessor shall return the {short} to the Lessee in double.
12. This Contract is governed by the laws of the People's Republic of China.
"""


def test_a_security_deposit_returned_in_double(stages: Stages) -> None:
    rule = "en.prc.deposit.security_deposit_doubled"
    doubled = EN_WAREHOUSE.format(name="a security deposit", short="security deposit")
    earnest = EN_WAREHOUSE.format(name="earnest money (定金)", short="earnest money")
    assert rule in rule_ids(stages, doubled)
    assert rule not in rule_ids(stages, earnest)


EN_LATE_RENT = """WAREHOUSE LEASE CONTRACT

This Contract is made on 1 March 2025 between Wuhan Port Logistics Co., Ltd. (the "Lessor") and Hubei Fresh Foods Co., Ltd. (the "Lessee").
7. If the Lessee pays rent late, it shall pay liquidated damages of 0.05% of the overdue amount for each day of delay{cap}.
12. This Contract is governed by the laws of the People's Republic of China.
"""


def test_up_to_a_share_is_a_cap(stages: Stages) -> None:
    rule = "en.prc.penalty.per_period_uncapped"
    capped = EN_LATE_RENT.format(cap=", up to 10% of the overdue amount")
    assert rule not in rule_ids(stages, capped)
    assert rule in rule_ids(stages, EN_LATE_RENT.replace("0.05%", "0.5%").format(cap=""))


def test_a_cap_that_does_not_in_total_exceed_a_share_is_a_cap(stages: Stages) -> None:
    """The cap's own figure ("ten per cent (10%)") is no daily rate of 10%."""
    rule = "en.prc.penalty.per_period_uncapped"
    cap = (
        ", provided that the liquidated damages for any one instalment shall not in total "
        "exceed ten per cent (10%) of that instalment"
    )
    assert rule not in rule_ids(stages, EN_LATE_RENT.replace("0.05%", "0.5%").format(cap=cap))


EN_DEV = """SOFTWARE DEVELOPMENT AGREEMENT

This Agreement is made on 3 March 2025 between Fenwick Apps Limited (the "Developer") and Harbour Bank plc (the "Client").
8.3 The Developer's total liability under this Agreement shall not exceed the Fees.
8.4 {who} shall be liable without limit for loss arising from any breach of clauses 2 to 7.
20. This Agreement is governed by the laws of England and Wales.
"""


def test_liability_without_limit(stages: Stages) -> None:
    rule = "en.liability.unlimited_express"
    assert rule in rule_ids(stages, EN_DEV.format(who="The Developer"))
    assert rule not in rule_ids(stages, EN_DEV.format(who="Each party"))


EN_DATA = """DATA SERVICES AGREEMENT

This Agreement is made on 3 March 2025 between Ostrava Data Limited (the "Supplier") and Kestrel Retail plc (the "Customer").
7.1 {lead}the Supplier shall indemnify the Customer in full against all losses arising from a personal data breach.
9.2 The Supplier's total liability, including under any indemnity, shall not exceed £500,000 in each year.
20. This Agreement is governed by the laws of England and Wales.
"""


def test_an_indemnity_in_full_beside_a_cap_that_takes_in_indemnities(stages: Stages) -> None:
    rule = "en.indemnity.cap_reaches_escaping_indemnity"
    lead = "Notwithstanding any other provision of this Agreement, "
    assert rule in rule_ids(stages, EN_DATA.format(lead=lead))
    carved = EN_DATA.format(lead=lead).replace(
        "including under any indemnity", "except for the indemnity in clause 7.1"
    )
    assert rule not in rule_ids(stages, carved)


ZH_BROKER = """房屋买卖居间合同

居间方（甲方）：成都安居房产经纪有限公司
委托方（乙方）：王小明

第五条 甲方提供的房源信息仅供乙方参考，房屋产权瑕疵由乙方自行核实，甲方对此不承担任何责任，乙方不得以此为由拒付居间服务费或要求甲方赔偿{tail}。
第十条 本合同争议提交成都仲裁委员会仲裁。
"""


def test_a_bar_on_claims_against_the_drafter(stages: Stages) -> None:
    rule = "cn.standard_terms.unilateral_right"
    assert rule in rule_ids(stages, ZH_BROKER.format(tail=""))
    own_fault = ZH_BROKER.format(tail="因乙方自身原因造成的损失")
    assert rule not in rule_ids(stages, own_fault)


EN_BUILD = """CONSTRUCTION AGREEMENT

Owner: Garnet Dental Group, P.C., 2150 Garnet Avenue, San Diego, California 92109.
Contractor: Mesa Ridge Builders, Inc., 7815 Miramar Road, San Diego, California 92126.
1. The Work. Contractor shall furnish all labor and materials to construct the improvements.
9. This Agreement is governed by the laws of the State of California.
"""


def test_a_role_introduced_as_a_label_is_a_defined_party(stages: Stages) -> None:
    assert "en.party.undefined_role" not in rule_ids(stages, EN_BUILD)


def test_a_cross_reference_wrapped_to_a_line_start_is_not_a_heading() -> None:
    text = (
        "8.2 Cap. Except for the indemnities excluded from this cap as stated in\n"
        "Section 7.3, and except for the price, each party's liability shall not exceed $250,000.\n"
        "9. Term. This Agreement runs for three years.\n"
    )
    document = make_document(text)
    numbers = [c.number for c in segment(document, build_view(document))]
    assert "7.3" not in numbers
    assert "8.2" in numbers


EN_ERP = """ERP IMPLEMENTATION AGREEMENT

This Agreement is made on 10 January 2025 between Ledgerline Consulting LLC ("Consultant") and Harbor Foods Inc. ("Client").
3. Consultant shall achieve these milestones: configuration complete, May 30, 2025; Go-Live (the first day on which Client processes live transactions), July 28, 2025.
6. Client shall freeze the legacy system two days before the production cut-over (Go-Live) scheduled for {date}.
12. This Agreement is governed by the laws of the State of New York.
"""


def test_an_event_named_without_date_given_two_dates(stages: Stages) -> None:
    rule = "en.date.named_event_twice"
    assert rule in rule_ids(stages, EN_ERP.format(date="August 25, 2025"))
    assert rule not in rule_ids(stages, EN_ERP.format(date="July 28, 2025"))


# --- the lawful near-misses of golden_set/dev/contracts/*_nm* (long contracts) -------------

EN_MILESTONES = """SUBSCRIPTION AGREEMENT

This Agreement is made on 1 March 2025 between Claimwise Inc. ("Provider") and Harbor Mutual Insurance Company ("Customer").
Part 3 - Implementation Fee
The Implementation Fee is a fixed fee of eighty-four thousand dollars (US$84,000), payable in three instalments:
Milestone | Description | Target date | Share | Amount (US$)
M1 Kick-off | Project kick-off completed | March 10, 2025 | 25% | 21,000
M2 Configuration | Service ready for testing | April 25, 2025 | 50% | 42,000
M3 Go-Live | Written acceptance after user acceptance testing from May 5 to May 23, 2025 |
June 2, 2025 | 25% | {last}
Total | | | 100% | 84,000
9. This Agreement is governed by the laws of the State of New York.
"""


def test_a_table_row_cut_by_a_line_wrap_is_one_row(stages: Stages) -> None:
    rule = "en.amount.table_total"
    assert rule not in rule_ids(stages, EN_MILESTONES.format(last="21,000"))
    assert rule in rule_ids(stages, EN_MILESTONES.format(last="12,000"))
    # a fee the contract says what it is ("The Implementation Fee is …") is defined
    assert "en.term.undefined" not in rule_ids(stages, EN_MILESTONES.format(last="21,000"))


ZH_BUILD_PLAN = """厂房施工合同

发包人（甲方）：苏州瑞禾生物科技有限公司
承包人（乙方）：江苏恒筑建设工程有限公司

第五条 签约合同价为人民币65,400,000.00元。甲方支付签约合同价的10%，即人民币6,540,000.00元作为预付款。结算总价的3%作为质保金，质保金为人民币1,962,000.00元。
第七条 保修期自竣工验收合格之日起计算：装修工程为{decoration}。
附件二 付款计划
付款节点 | 预计付款时间 | 比例 | 金额
预付款 | 2025年3月 | 10% | 6,540,000.00
地基基础分部验收合格 | 2025年7月 | 90% | 58,860,000.00
合计 | — | 100% | 65,400,000.00
第十条 本合同争议提交苏州仲裁委员会仲裁。
"""


def test_a_year_and_month_is_not_a_warranty_period_and_shares_are_not_the_price(
    stages: Stages,
) -> None:
    lawful = rule_ids(stages, ZH_BUILD_PLAN.format(decoration="2年"))
    assert "cn.construction.warranty_below_minimum" not in lawful
    assert "cn.amount.total_restated" not in lawful  # 10%，即…; 质保金为…
    short = rule_ids(stages, ZH_BUILD_PLAN.format(decoration="1年"))
    assert "cn.construction.warranty_below_minimum" in short


ZH_FRANCHISE = """特许经营合同

特许人（甲方）：上海味匠餐饮管理有限公司
被特许人（乙方）：杭州禾味餐饮有限公司
签订日期：2025年2月20日

第三条 甲方{when}2025年1月20日向乙方交付信息披露文件及合同文本。
附件一 注册商标
味匠小馆 | 第46318275号 | 第43类 | 2021年6月28日至2031年6月27日
第十条 本合同争议提交上海仲裁委员会仲裁。
"""


def test_a_past_event_before_signing_is_not_a_performance_date(stages: Stages) -> None:
    rule = "cn.date.performance_before_signing"
    assert rule not in rule_ids(stages, ZH_FRANCHISE.format(when="已于"))
    assert rule in rule_ids(stages, ZH_FRANCHISE.format(when="应于"))


EN_WORKS_LD = """DESIGN AND BUILD CONTRACT

This Contract is made on 2 June 2025 between Polar Foods Limited (the "Employer") and Corran Build Limited (the "Contractor").
5.3 If the Contractor fails to complete the Works by the Completion Date, it shall pay liquidated damages at the rate stated in Schedule 1 for every week of delay.
5.4 {cap}
4.5 When the defects have been made good, the Employer's Agent shall issue a Certificate of Making Good, and the Employer's Agent shall confirm it in writing.
12. This Contract is governed by the laws of England and Wales.
SCHEDULE 1
Liquidated damages (clause 5.3) | £8,500 per week | pro rata for part of a week
"""


def test_a_schedule_rate_capped_in_the_clause_it_points_to(stages: Stages) -> None:
    rule = "en.liquidated_damages.per_period_uncapped_england"
    capped = rule_ids(
        stages,
        EN_WORKS_LD.format(
            cap="The total liquidated damages shall not exceed ten per cent (10%) of the Contract Sum."
        ),
    )
    assert rule not in capped
    assert rule in rule_ids(
        stages, EN_WORKS_LD.format(cap="The rate reflects the Employer's estimate.")
    )
    # "the Employer's Agent shall": a possessive role, and a certificate the clause creates
    assert "en.party.undefined_role" not in capped
    assert "en.term.undefined" not in capped


ZH_STORE = """仓储合同

存货人（甲方）：上海鲜达食品有限公司
保管人（乙方）：上海冷链仓储有限公司

第八条 乙方工作人员操作失误{degree}导致库温超出约定范围，进而造成仓储物变质的，乙方不承担赔偿责任。
第十条 本合同争议提交上海仲裁委员会仲裁。
"""


def test_an_exclusion_whatever_the_degree_of_fault_reaches_gross_negligence(
    stages: Stages,
) -> None:
    rule = "cn.exemption.reaches_fault"
    assert rule in rule_ids(stages, ZH_STORE.format(degree="（不论其过失程度如何）"))
    assert rule not in rule_ids(stages, ZH_STORE.format(degree="（轻微过失且已及时补救的）"))


def test_rows_cut_by_a_page_wrap_are_put_back_together() -> None:
    # a PDF's lines are cut at the page width: both cut lines below are printed full width
    header = (
        "Description | Quantity | Monthly Rent | Replacement Value per unit | Total Replacement"
    )
    row = "Electric counterbalance forklift, 5,000 lb side shifter | 6 | $6,900.00 | $42,000.00 |"
    assert len(header) == len(row)
    text = "\n".join(
        [
            "SCHEDULE A",
            header,
            "Value",
            row,
            "$252,000.00",
            "Electric reach truck | 4 | $5,900.00 | $55,000.00 | $220,000.00",
            "Total | 10 units | $12,800.00 | | $472,000.00",
        ]
    )
    (table,) = list(pipe_tables(text))
    assert [len(r) for r in table] == [5, 5, 5, 5]
    assert table[0][-1].text == "Total Replacement Value"
    assert table[1][-1].value == 252000.0


def test_two_tables_with_no_blank_line_between_are_two_tables() -> None:
    """A PDF drops the blank line between a fee table and its payment schedule."""
    text = "\n".join(
        [
            "Package | Media | Weeks | Amount",
            "A | Screens | 12 | 1,020,000",
            # a row cut after its first cell is no header of a narrower table
            "B | Concourse lightboxes at the station entrance |",
            "12 | 468,000",
            "Publication Fee | | | 1,908,000",
            "Payment schedule | Amount (RMB) | Share of Publication Fee",
            "Earnest money (dingjin) | 381,600 | 20%",
            "Total | 1,908,000 | 100%",
        ]
    )
    fees, payments = list(pipe_tables(text))
    assert [len(r) for r in fees] == [4, 4, 4, 4]
    assert fees[2][3].value == 468000
    assert [len(r) for r in payments] == [3, 3, 3]
    assert payments[1][1].value == 381600


def test_a_row_that_ends_on_a_bar_goes_on_over_the_lines_below() -> None:
    """A PDF prints a long row's cells over several lines: "第一阶段 |" on one, the work on
    the next two, the deadline on a fourth; a long last cell wraps twice."""
    wide = "甲" * 40
    text = "\n".join(
        [
            "阶段 | 工作内容 | 交付成果 | 提交时间",
            "第一阶段 现状诊断 |",
            wide,
            "、库存数据 | 《诊断报告》 |",
            "2025年4月18日前",
            "第二阶段 方案设计 | 设计标准流程 | 《优化方案》 | 2025年6月27日前",
            "",
            "阶段 | 不含税服务费（元） | 支付节点",
            "第一阶段 | 480,000.00 |",
            wide,
            wide,
            "款支付",
            "第二阶段 | 720,000.00 | 验收后支付",
            "第三阶段 | 另行协商确定 | 另行约定",
        ]
    )
    first, second = list(pipe_tables(text))
    assert [len(r) for r in first] == [4, 4, 4]
    assert first[1][0].text == "第一阶段 现状诊断"
    assert first[1][3].text == "2025年4月18日前"
    assert [r[0].text for r in second] == ["阶段", "第一阶段", "第二阶段", "第三阶段"]
    assert second[1][2].text.endswith("款支付")


EN_SUBTOTALS = """SOFTWARE LICENCE AGREEMENT

This Agreement is made on 3 March 2025 between Hexin Software Co., Ltd. ("Licensor") and Suzhou Precision Co., Ltd. ("Licensee").
SCHEDULE 2 - FEES
Item | Quantity | Amount excl. VAT (RMB)
Core licence | 300 users | 1,080,000.00
Implementation Services | 120 days | 540,000.00
Subtotal: One-off Fees | | 1,620,000.00
Annual Support Fee | 1 year | 194,400.00
Total Contract Price | | {total}
12. This Agreement is governed by the laws of the People's Republic of China.
"""


def test_a_grand_total_counts_a_subtotal_once(stages: Stages) -> None:
    rule = "en.prc.amount.table_total"
    assert rule not in rule_ids(stages, EN_SUBTOTALS.format(total="1,814,400.00"))
    assert rule in rule_ids(stages, EN_SUBTOTALS.format(total="1,914,400.00"))


ZH_HOTEL = """会议服务合同

委托方（甲方）：上海云杉科技有限公司
服务方（乙方）：上海滨江酒店管理有限公司

第三条 预计总价为人民币1,509,440.00元。甲方应于签约后五日内支付定金人民币150,000.00元。
第八条 乙方不能提供服务的，甲方可以选择要求乙方双倍返还定金，或者要求乙方支付预计总价{share}的违约金，但二者不得同时主张。
第九条 创意设计费为人民币318,000.00元，创意设计费分两期支付：确认后支付50%，即人民币159,000.00元；验收后支付50%，即人民币159,000.00元。
第十条 合同总价中的场地费为人民币720,800.00元。
第十二条 本合同争议提交上海仲裁委员会仲裁。
"""


def test_a_penalty_share_fee_instalments_and_a_part_of_the_price_are_not_misread(
    stages: Stages,
) -> None:
    found = rule_ids(stages, ZH_HOTEL.format(share="30%"))
    assert "cn.deposit.over_20_percent" not in found  # 30% is the penalty's share
    assert "cn.amount.instalments_vs_total" not in found  # one fee's two instalments
    assert "cn.amount.total_restated" not in found  # 合同总价中的场地费


ZH_CARRIAGE = """运输服务合同

托运人（甲方）：苏州优品物流有限公司
承运人（乙方）：江苏通达运输有限公司

第六条 乙方可结合运力市场行情及人工成本的变化，{how}附件一各线路的新运价。
第十二条 本合同争议提交苏州仲裁委员会仲裁。
"""


def test_a_carrier_setting_its_own_new_rates(stages: Stages) -> None:
    rule = "cn.standard_terms.unilateral_right"
    assert rule in rule_ids(stages, ZH_CARRIAGE.format(how="自行确定"))
    assert rule not in rule_ids(stages, ZH_CARRIAGE.format(how="与甲方协商一致后确定"))


EN_CATERING = """CATERING AGREEMENT

This Agreement is made on 3 March 2025 between Harbor Events LLC ("Client") and Saffron Table Inc. ("Caterer").
6.2 If Client cancels the Event, Client shall pay to Caterer, as liquidated damages {how} a penalty, the percentage of the Estimated Total set out in Schedule C, regardless of Caterer's actual loss.
12. This Agreement is governed by the laws of the State of Illinois.
"""


def test_liquidated_damages_said_not_to_be_a_penalty(stages: Stages) -> None:
    rule = "en.liquidated_damages.penalty_services"
    assert rule not in rule_ids(stages, EN_CATERING.format(how="and not as"))
    assert rule in rule_ids(stages, EN_CATERING.format(how="and as"))


EN_TRANSITION = """MANAGED SERVICES AGREEMENT

This Agreement is made on 2 December 2024 between Kestrel Hosting Ltd (the "Supplier") and Ashdown Retail plc (the "Customer").
4.2 The Supplier shall deliver a detailed Transition Plan by 17 January 2025.
SCHEDULE 1 - MILESTONES
Milestone | Name | What is done | Date
M1 | Transition Plan approved | Plan delivered and approved under clause 4.2 | 24 January 2025
{row}
20. This Agreement is governed by the laws of England and Wales.
"""


def test_a_table_date_takes_its_role_from_its_cell_or_row_label(stages: Stages) -> None:
    rule = "en.date.two_delivery_dates"
    assert rule not in rule_ids(stages, EN_TRANSITION.format(row=""))
    clash = "Delivery of the Transition Plan | Plan | Complete | 31 January 2025"
    assert rule in rule_ids(stages, EN_TRANSITION.format(row=clash))


ZH_SPARES = """设备维保合同

委托方（甲方）：无锡精工机械有限公司
维保方（乙方）：苏州恒维设备服务有限公司

第五条 备件单价按OEM目录价的85%执行。{clause}
第十二条 本合同争议提交无锡仲裁委员会仲裁。
"""


def test_a_change_described_before_a_right_is_not_a_right_to_change(stages: Stages) -> None:
    rule = "cn.standard_terms.unilateral_right"
    self_help = "调整后单价上涨超过10%的，甲方有权自行或通过第三方采购该备件。"
    assert rule not in rule_ids(stages, ZH_SPARES.format(clause=self_help))
    one_sided = "乙方有权根据市场情况对备件单价进行调整，调整自通知之日起执行。"
    assert rule in rule_ids(stages, ZH_SPARES.format(clause=one_sided))


ZH_RESEARCH = """技术开发合同

委托方（甲方）：苏州新材科技有限公司
研究开发方（乙方）：江南材料研究院

第四条 研究开发经费见附件一，乙方按《实验室管理手册》附件2的规定使用设备。
附件一 经费预算
科目 | 金额 | 出资方
人员费 | 720,000 | 甲方现金
材料费 | 480,000 | 甲方现金
设备使用（作价） | 600,000 | 乙方实物
甲方现金小计 | 1,200,000 | 67%
乙方作价小计 | 600,000 | 33%
全年合计 | {total} | 100%
第十条 本合同争议提交苏州仲裁委员会仲裁。
"""


def test_category_subtotals_and_a_named_grand_total(stages: Stages) -> None:
    rule = "cn.amount.table_total"
    assert rule not in rule_ids(stages, ZH_RESEARCH.format(total="1,800,000"))
    assert rule in rule_ids(stages, ZH_RESEARCH.format(total="1,900,000"))


EN_FRANCHISE_MANUAL = """FRANCHISE AGREEMENT

This Agreement is made on 1 July 2025 between Bean Co Limited (the "Franchisor") and Hale Cafe Limited (the "Franchisee").
2. "Signature Drinks" means the drinks listed in Appendix 2 {where}.
3. The Franchisee shall pay the fees in Schedule 1.
20. This Agreement is governed by the laws of England and Wales.
SCHEDULE 1
Initial fee: £25,000.
"""


def test_an_appendix_of_another_document_is_not_a_missing_annex(stages: Stages) -> None:
    rule = "en.annex.missing"
    assert rule not in rule_ids(stages, EN_FRANCHISE_MANUAL.format(where="to the Manual"))
    assert rule in rule_ids(stages, EN_FRANCHISE_MANUAL.format(where="to this Agreement"))


EN_SUBCONTRACT = """M&E SUBCONTRACT

Main Contractor: Huadong Construction Engineering Co., Ltd.
Subcontractor: Jiangnan Electromechanical Installation Co., Ltd.

Clause 4 Time. 4.1 The Subcontractor shall start on 10 March 2025 and shall achieve Completion within 270 calendar days, counting the first day, that is, on or before 4 December 2025.
Clause 9 Delay Damages. Delay damages are 0.05% of the Subcontract Price per day, capped at 5%.
Clause 14 Governing Law. This Subcontract is governed by the laws of the People's Republic of China.

SCHEDULE 2 - PROGRAMME
Milestone | Date
Cable tray first fix complete | 30 June 2025
Completion of Subcontract Works | {completion}
"""


def test_a_schedule_row_naming_the_event_against_the_clauses_deadline(stages: Stages) -> None:
    rule = "en.prc.date.named_event_twice"
    assert rule in rule_ids(stages, EN_SUBCONTRACT.format(completion="28 February 2026"))
    assert rule not in rule_ids(stages, EN_SUBCONTRACT.format(completion="4 December 2025"))


EN_DELIVERY_WINDOW = """EQUIPMENT RENTAL AGREEMENT

Lessor: Midwest Lift Rentals LLC
Lessee: Lakeshore Cold Storage Inc.

1.1 "Commencement Date" means the date on which the Equipment has been delivered and accepted, which is scheduled to be June 1, 2027.
3.1 Lessor shall deliver the Equipment to the Premises {window}, and commission each unit.
14.1 This Agreement is governed by the laws of the State of Illinois.
"""


def test_a_delivery_window_between_two_dates_is_not_a_second_delivery_date(
    stages: Stages,
) -> None:
    rule = "en.date.two_delivery_dates"
    window = "between May 24, 2027 and May 28, 2027"
    assert rule not in rule_ids(stages, EN_DELIVERY_WINDOW.format(window=window))
    assert rule in rule_ids(stages, EN_DELIVERY_WINDOW.format(window="on May 24, 2027"))


ZH_PROPERTY = """物业服务合同

委托方（甲方）：杭州云栖科技园开发有限公司
受托方（乙方）：浙江绿城物业服务集团有限公司

4.1 双方应于2025年2月10日至2025年2月25日期间共同对本物业的共用部位进行承接查验。
4.3 双方应于2025年2月28日完成交接并签署交接确认书，乙方自2025年3月1日起正式提供物业服务。
17.1 本合同争议提交杭州仲裁委员会仲裁。

甲方（盖章）：杭州云栖科技园开发有限公司
日期：{signed}
乙方（盖章）：浙江绿城物业服务集团有限公司
日期：{signed}
"""


def test_the_signature_blocks_date_is_the_signing_date_not_another_documents(
    stages: Stages,
) -> None:
    rule = "cn.date.performance_before_signing"
    assert rule not in rule_ids(stages, ZH_PROPERTY.format(signed="2025年2月8日"))
    assert rule in rule_ids(stages, ZH_PROPERTY.format(signed="2025年2月15日"))


ZH_LEASE_FROM_HANDOVER = """房屋租赁合同

出租方（甲方）：杭州西溪云谷置业有限公司
承租方（乙方）：杭州数澜信息技术有限公司

第二条 交付 甲方应于2025年9月1日将房屋按现状交付乙方；该交付日即为租赁期起始日。
第三条 租赁期限 租赁期限共叁拾陆个月，自第二条约定的交付日起算。
第十条 续租与返还 租赁期满日（{end}）前六十日，乙方如需续租，应向甲方书面提出。
第十二条 争议解决 因本合同发生的争议，向杭州市西湖区人民法院提起诉讼。
"""


def test_a_term_in_capital_numerals_running_from_a_handover_dated_in_another_clause(
    stages: Stages,
) -> None:
    rule = "cn.date.term_vs_expiry"
    assert rule in rule_ids(stages, ZH_LEASE_FROM_HANDOVER.format(end="2028年9月30日"))
    assert rule not in rule_ids(stages, ZH_LEASE_FROM_HANDOVER.format(end="2028年8月31日"))


EN_SUPPLY_SCHEDULE = """SUPPLY CONTRACT

Party A (Buyer): Ningbo Hengtai Pump Co., Ltd.
Party B (Seller): Zhejiang Yongda Precision Casting Co., Ltd.

3.1 The total price for the Products is RMB {price} (the "Contract Price"), inclusive of VAT at 13%.
Article 10 This Contract is governed by the laws of the People's Republic of China.

Schedule 1 - Products and Prices
Item | Drawing | Quantity (pcs) | Unit price (RMB) | Line total (RMB)
Impeller | IMP-220 Rev. C | 4,000 | 86.50 | 346,000.00
Impeller | IMP-310 Rev. B, large bore, machined to drawing with the balancing certificate required by
the Buyer's quality plan | 2,500 | 124.00 | 310,000.00
Pump casing | PC-80 Rev. D | 1,200 | 215.00 | 258,000.00
Total | | 7,700 | | 914,000.00
"""


def test_a_price_table_total_against_the_price_the_text_states(stages: Stages) -> None:
    rule = "en.prc.amount.table_total_vs_price"
    found = rule_findings(stages, EN_SUPPLY_SCHEDULE.format(price="941,000.00"))
    assert rule in {f.rule_id for f in found}
    # the row a wrap cut after its first cell is still a row: no "items add up to" alarm
    assert "en.prc.amount.table_total" not in {f.rule_id for f in found}
    assert rule not in rule_ids(stages, EN_SUPPLY_SCHEDULE.format(price="914,000.00"))
    # the table shows the price before 13% VAT: the same price (914,000 x 1.13)
    assert rule not in rule_ids(stages, EN_SUPPLY_SCHEDULE.format(price="1,032,820.00"))


ZH_FRANCHISE_FEES = """特许经营合同

特许人（甲方）：成都蜀味坊餐饮管理有限公司
被特许人（乙方）：绵阳鑫禾餐饮有限公司

第三条 特许经营费用 被特许人应向特许人支付下列费用：（1）加盟费人民币{fee}；（2）开业培训及督导费人民币伍万元整。
第十二条 争议解决 因本合同引起的争议，提交成都仲裁委员会仲裁。
附件：费用支付计划
款项 | 金额（元） | 支付时间
加盟费 | 380,000.00 | 本合同签订之日起十日内
第一经营年度品牌使用费 | 60,000.00 | 2026年2月19日前
开业培训及督导费 | 50,000.00 | 首期集中培训开始前
"""


def test_a_named_fee_stated_in_the_text_and_again_in_the_schedule(stages: Stages) -> None:
    rule = "cn.amount.named_sum_restated"
    assert rule in rule_ids(stages, ZH_FRANCHISE_FEES.format(fee="叁拾陆万元整"))
    assert rule not in rule_ids(stages, ZH_FRANCHISE_FEES.format(fee="叁拾捌万元整"))


EN_MIPA = """MEMBERSHIP INTEREST PURCHASE AGREEMENT

This Agreement is made by and between Brantley Holdings LLC ("Seller") and Ostrander Capital Partners II, L.P. ("Buyer").

Section 1.1 At the Closing, Seller shall sell to Buyer, and Buyer shall purchase from Seller, all of the membership interests.
Section 1.2 The aggregate purchase price is $12,400,000 (the "Purchase Price").
Section 1.3 At the Closing, {payer} shall pay to {payee}, by wire transfer of immediately available funds, $12,400,000, being the Purchase Price.
Section 1.4 If the closing working capital is less than the target, Seller shall pay the shortfall to Buyer.
Section 8.1 This Agreement is governed by the laws of the State of Delaware.
"""


def test_the_seller_paying_the_price_is_a_duty_written_for_the_other_side(
    stages: Stages,
) -> None:
    rule = "en.party.duty_for_the_other_side"
    assert rule in rule_ids(stages, EN_MIPA.format(payer="the Seller", payee="the Buyer"))
    # the buyer pays; and the seller's shortfall payment in 1.4 runs that way by design
    assert rule not in rule_ids(stages, EN_MIPA.format(payer="the Buyer", payee="the Seller"))


ZH_EQUITY_TO_A_PARTNERSHIP = """股权转让协议

转让方：深圳市前海博源投资有限公司
受让方：广州天擎创业投资合伙企业（有限合伙）

第二条 转让价款 标的股权的转让价款为人民币叁佰陆拾万元整（¥3,600,000.00），系以目标公司经审计的净资产人民币2,400万元为基础协商确定。
第四条 变更登记 转让方应促使目标公司办理股东变更登记，将标的股权变更登记至{holder}名下。
第九条 争议解决 因本协议发生的争议，提交深圳国际仲裁院仲裁。

受让方：广州天擎创业投资合伙企业（有限合伙）（盖章）
"""


def test_a_partnership_party_and_a_company_of_a_like_name_receiving_the_shares(
    stages: Stages,
) -> None:
    rule = "cn.party.name_variant"
    found = rule_ids(stages, ZH_EQUITY_TO_A_PARTNERSHIP.format(holder="广州天擎创业投资有限公司"))
    assert rule in found
    # the net assets the price was based on are not a second statement of the price
    assert "cn.amount.total_restated" not in found
    assert rule not in rule_ids(stages, ZH_EQUITY_TO_A_PARTNERSHIP.format(holder="受让方"))


EN_WAREHOUSING = """WAREHOUSING AGREEMENT

Keeper: Suzhou Hengtong Logistics Co., Ltd.
Depositor: Kunshan Meida Electronics Co., Ltd.

1.1 "Commencement Date" means 1 April 2025.
2.2 The storage period is twenty-four (24) months starting on the Commencement Date (the "Storage Period").
10. Upon expiry of the Storage Period on {end}, the Depositor shall remove all Goods from the Warehouse within ten (10) days.
12. This Agreement is governed by the laws of the People's Republic of China.
"""


def test_a_storage_period_against_the_date_its_expiry_is_given(stages: Stages) -> None:
    rule = "en.prc.date.term_vs_expiry"
    assert rule in rule_ids(stages, EN_WAREHOUSING.format(end="31 May 2027"))
    assert rule not in rule_ids(stages, EN_WAREHOUSING.format(end="31 March 2027"))


ZH_LEASE_DEPOSIT = """房屋租赁合同

出租方（甲方）：杭州西溪置业有限公司
承租方（乙方）：杭州数澜信息技术有限公司

第三条 租赁期限为十二个月，自2025年9月1日起至2026年8月31日止。
第四条 月租金为人民币10,000元，按季度支付。
第五条 乙方应于本合同签订之日起五日内向甲方支付定金人民币{deposit}元，甲方违约的双倍返还定金。
第十二条 争议解决 因本合同发生的争议，向杭州市西湖区人民法院提起诉讼。
"""
ZH_UNITS_DEPOSIT = """买卖合同

卖方（甲方）：苏州精工机床有限公司
买方（乙方）：无锡华达汽车零部件有限公司

第二条 乙方向甲方购买数控车床5台，每台单价人民币20万元。
第三条 乙方应于合同签订后三日内支付定金人民币{deposit}万元。
第九条 争议提交无锡仲裁委员会仲裁。
"""
EN_UNITS_DEPOSIT = """SUPPLY CONTRACT

Party A (Buyer): Ningbo Hengtai Pump Co., Ltd.
Party B (Seller): Zhejiang Yongda Precision Casting Co., Ltd.

2.1 Party B shall supply 500 units of the Model X pump at a unit price of RMB 1,000.00 per unit.
3.1 Party A shall pay a deposit (定金) of RMB {deposit} within five days after signing.
10.1 This Contract is governed by the laws of the People's Republic of China.
"""


@pytest.mark.parametrize(
    ("text", "rule", "over", "within"),
    [
        (ZH_LEASE_DEPOSIT, "cn.deposit.over_20_percent", "30,000", "24,000"),
        (ZH_UNITS_DEPOSIT, "cn.deposit.over_20_percent", "25", "20"),
        (EN_UNITS_DEPOSIT, "en.prc.deposit.over_20_percent", "120,000.00", "100,000.00"),
    ],
    ids=["monthly rent x term", "count x unit price (zh)", "count x unit price (en)"],
)
def test_a_deposit_against_a_price_only_arithmetic_states(
    stages: Stages, text: str, rule: str, over: str, within: str
) -> None:
    assert rule in rule_ids(stages, text.format(deposit=over))
    assert rule not in rule_ids(stages, text.format(deposit=within))


ZH_LEASE_LETTERS = """房屋租赁合同

出租方（甲方）：杭州西溪置业有限公司
承租方（乙方）：杭州数澜信息技术有限公司

第四条 月租金为人民币10,000元，{payer}应于每月5日前向{payee}支付当月租金。
第十二条 争议解决 因本合同发生的争议，向杭州市西湖区人民法院提起诉讼。
"""


def test_the_landlord_named_by_its_letter_paying_the_rent(stages: Stages) -> None:
    rule = "cn.party.duty_for_the_other_side"
    assert rule in rule_ids(stages, ZH_LEASE_LETTERS.format(payer="甲方", payee="乙方"))
    assert rule not in rule_ids(stages, ZH_LEASE_LETTERS.format(payer="乙方", payee="甲方"))


ZH_DESIGN = """建设工程设计合同

发包人（甲方）：苏州工业园区启迪置业有限公司
设计人（乙方）：华东建筑设计研究院有限公司

第六条 设计费按总建筑面积每平方米人民币58元计算，以暂定总建筑面积68,000平方米计，设计费总额为人民币叁佰玖拾肆万肆仟元整（¥3,944,000.00）。
第十三条 乙方的赔偿责任总额不超过设计费总额的两倍，即人民币柒佰捌拾捌万捌仟元整（¥7,888,000.00）。
第十五条 争议提交苏州仲裁委员会仲裁。
附件二 计费说明：单价58元/平方米 × 暂定总建筑面积68,000平方米 ＝ 3,944,000.00元。
"""
ZH_STORAGE_DEPOSIT = """仓储合同

存货人（甲方）：苏州生益电子材料有限公司
保管人（乙方）：苏州通联物流有限公司

第九条 固定储位费：单价为每个托盘位每月人民币53元，甲方租用700个托盘位。
第十二条 甲方应于合同签订后五日内向乙方支付定金人民币74,200元。
第十五条 争议提交苏州仲裁委员会仲裁。
"""


def test_a_multiple_of_the_price_and_a_monthly_rate_are_not_the_price(stages: Stages) -> None:
    # "两倍，即…" restates a multiple of the fee, not the fee; the computation is said twice
    assert "cn.amount.total_restated" not in rule_ids(stages, ZH_DESIGN)
    # 53元 per pallet per month is a rate: no price to measure the 定金 against
    assert "cn.deposit.over_20_percent" not in rule_ids(stages, ZH_STORAGE_DEPOSIT)


ZH_COOPERATIVE = """鲜食苹果采购合同

甲方（买方）：江苏禾润生鲜供应链有限公司
统一社会信用代码：91320115MA1X7K3Q2R

乙方（卖方）：洛川县金塬果业专业合作社
统一社会信用代码：93610629MA6Y2T8L5C

第一条 乙方向甲方供应鲜食苹果。
第九条 争议提交南京仲裁委员会仲裁。

甲方（盖章）：江苏禾润生鲜供应链有限公司
统一社会信用代码：{code}
"""


def test_each_partys_code_belongs_to_the_party_on_its_line(stages: Stages) -> None:
    rule = "cn.party.registration_code_mismatch"
    # the cooperative's own code is not a second code of the company above it
    assert rule not in rule_ids(stages, ZH_COOPERATIVE.format(code="91320115MA1X7K3Q2R"))
    assert rule in rule_ids(stages, ZH_COOPERATIVE.format(code="91320115MA1X7K3Q2Z"))


def test_a_dated_row_after_a_page_break_goes_on_with_its_table() -> None:
    rows = [
        "节点 | 节点内容 | 计划完成日期",
        "第一节点 | 土方开挖及基坑支护完成 | 2025年4月20日",
        "",
        "第二节点 | 全部工程完工 | 2026年6月30日",
    ]
    (table,) = list(pipe_tables("\n".join(rows)))
    assert [r[0].text for r in table] == ["节点", "第一节点", "第二节点"]
    # a row of words after the break is the header of the next table
    rows[3] = "保修项目 | 保修期限 | 说明"
    assert len(list(pipe_tables("\n".join(rows)))) == 2
    english = [
        "Milestone | Description | Date",
        "M1 | Piling | 20 April 2025",
        "",
        "M2 | Roof | June 30, 2026",
    ]
    (table,) = list(pipe_tables("\n".join(english)))
    assert len(table) == 3


ZH_SHOP = """商铺租赁合同

出租方（甲方）：杭州禾丰置业有限公司
承租方（乙方）：宁波鲜面餐饮有限公司

第十一条 甲方负责商业街公共区域设施设备的维修和安全管理。
第十二条 乙方及其员工、顾客在商铺及公共区域内的人身和财产安全由乙方自行负责{bar}。
第十九条 因本合同引起的争议，向房屋所在地人民法院起诉。
"""


def test_a_bar_on_claiming_for_personal_injury_against_the_other_side(stages: Stages) -> None:
    """Bearing one's own safety is an allocation; barring every claim against the landlord for
    injury, its own facilities included, is an exemption 民法典 506 voids."""
    rule = "cn.exemption.personal_injury"
    bar = "，相关损害概由乙方自行承担，乙方不得就此向甲方主张赔偿"
    assert rule in rule_ids(stages, ZH_SHOP.format(bar=bar))
    assert rule not in rule_ids(stages, ZH_SHOP.format(bar=""))
    # one defect, one finding: the bar is not also read as a standard term's waiver of remedies
    assert "cn.standard_terms.unilateral_right" not in rule_ids(stages, ZH_SHOP.format(bar=bar))


def test_a_few_months_rent_is_no_multiple_of_the_contract_sum(stages: Stages) -> None:
    """Three times one month's rent is three months' rent on a two-year lease; twice the
    year's rent is more than the whole of a year's bargain."""
    rule = "cn.penalty.multiple_of_contract_sum"
    lease = ZH_SHOP.format(bar="") + "第十三条 乙方擅自退租的，应按{base}向甲方支付违约金。\n"
    assert rule not in rule_ids(stages, lease.format(base="解除时当期月租金的三倍"))
    assert rule in rule_ids(stages, lease.format(base="年租金的两倍"))
