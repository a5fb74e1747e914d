"""Twins for the checks over typed facts added from the 2026-12-01 dev contracts: each defect
beside the lawful wording that differs from it by one fact."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_new import ZH_INSTALL
from tests.rules.helpers import Stages, rule_findings, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


PRICE_LIST = """农产品采购合同

甲方：江苏禾润生鲜供应链有限公司
乙方：洛川县果丰苹果专业合作社

第一条 采购标的及价格以附件一《采购清单及价格表》为准，合同总价按各项单价乘以约定数量之和计算。
第二条 定金。甲方应于签约后五日内支付第一期定金人民币壹拾贰万元整（¥120,000.00），并于2025年9月5日前支付第二期定金人民币{second}。
第三条 本合同争议提交西安仲裁委员会仲裁。
附件一：采购清单及价格表
红富士苹果｜一级果｜单价7.20元/公斤｜约定数量60,000公斤
红富士苹果｜二级果｜单价6.40元/公斤｜约定数量45,000公斤
瑞阳苹果｜一级果｜单价8.60元/公斤｜约定数量15,000公斤
"""
# the price list totals 7.2 x 60,000 + 6.4 x 45,000 + 8.6 x 15,000 = ¥849,000; 20% = ¥169,800


def test_deposit_tranches_are_measured_against_the_price_list(stages: Stages) -> None:
    over = PRICE_LIST.format(second="伍万元整（¥50,000.00）")  # 170,000: 20.02%
    at = PRICE_LIST.format(second="肆万玖仟捌佰元整（¥49,800.00）")  # 169,800: exactly 20%
    assert "cn.deposit.over_20_percent" in rule_ids(stages, over)
    assert "cn.deposit.over_20_percent" not in rule_ids(stages, at)


# no clause states the price; the schedule's closing row does (Σ rows = ¥900,000; 20% = ¥180,000)
SCHEDULE_TOTAL = """设备买卖合同

买方（甲方）：常州恒锐精密机械有限公司
卖方（乙方）：无锡华锻数控设备有限公司

第一条 设备名称、数量及价款见附件一。
第二条 甲方应于本合同签订后五日内向乙方支付定金人民币{deposit}。
第三条 本合同争议提交无锡仲裁委员会仲裁。
附件一：设备清单
序号 | 设备名称 | 数量 | 单价（元） | 金额（元）
1 | 数控车床CK6150 | 3台 | 180,000.00 | 540,000.00
2 | 立式加工中心VMC850 | 1台 | 360,000.00 | 360,000.00
{label} | | | | 900,000.00
"""


@pytest.mark.parametrize(
    ("deposit", "label", "over"),
    [
        ("壹拾捌万零壹佰元整（¥180,100.00）", "合计", True),
        ("壹拾捌万元整（¥180,000.00）", "合计", False),  # exactly 20%
        ("壹拾捌万零壹佰元整（¥180,100.00）", "小计", False),  # a subtotal is not the whole
    ],
)
def test_a_deposit_is_measured_against_the_schedules_total_row(
    stages: Stages, deposit: str, label: str, over: bool
) -> None:
    text = SCHEDULE_TOTAL.format(deposit=deposit, label=label)
    assert ("cn.deposit.over_20_percent" in rule_ids(stages, text)) is over


def test_a_payment_share_that_credits_the_deposit_is_not_the_deposits_share(
    stages: Stages,
) -> None:
    text = SCHEDULE_TOTAL.format(deposit="壹拾捌万元整（¥180,000.00）", label="合计").replace(
        "第三条 本合同争议",
        "第二条之一 设备验收合格后三十日内，甲方支付至合同总价款的百分之九十（已付{w}计入）。\n第三条 本合同争议",
    )
    assert "cn.deposit.over_20_percent" not in rule_ids(stages, text.format(w="定金"))
    # the same share named as the deposit's own is one
    named = text.format(w="定金").replace(
        "支付至合同总价款的百分之九十（已付定金计入）", "另付定金为合同总价款的百分之九十"
    )
    assert "cn.deposit.over_20_percent" in rule_ids(stages, named)


TOTAL_LINE = """DISTRIBUTION AGREEMENT

This Agreement is made between Hangzhou Lianfeng Pumps Co., Ltd. (the "Supplier") and Ningbo
Ruixin Trading Co., Ltd. (the "Distributor").

1. The Distributor shall buy Products worth at least the amounts in Schedule 2.
2. Within ten days after signing, the Distributor shall pay earnest money (定金) of RMB {deposit}.
3. This Agreement is governed by the laws of the People's Republic of China.

Schedule 2 - Minimum Purchase Commitment
Quarter 1: RMB 1,050,000
Quarter 2: RMB 1,200,000
Quarter 3: RMB 1,250,000
Quarter 4: RMB 1,300,000
{label}: RMB 4,800,000
"""


@pytest.mark.parametrize(
    ("deposit", "label", "over"),
    [
        ("1,000,000", "Total for the Contract Year", True),  # 20.8%
        ("960,000", "Total for the Contract Year", False),  # exactly 20%
        ("1,000,000", "Total per month", False),  # a rate, not the whole
    ],
)
def test_an_english_schedules_total_line_is_the_subject_amount(
    stages: Stages, deposit: str, label: str, over: bool
) -> None:
    text = TOTAL_LINE.format(deposit=deposit, label=label)
    assert ("en.prc.deposit.over_20_percent" in rule_ids(stages, text)) is over


TERM = """仓储合同

存货人（甲方）：宁波港城物流集团有限公司
保管人（乙方）：宁波北仑冷链仓储有限公司

第三条 仓储期限
3.1 本合同项下的仓储期限为十八个月，自2026年4月1日起算。
3.2 本合同于{end}仓储期限届满后，任何一方不拟续约的，应提前六十日书面通知对方。
第四条 本合同争议提交宁波仲裁委员会仲裁。
"""


def test_a_term_end_named_by_its_verb_is_checked_against_start_plus_term(stages: Stages) -> None:
    assert "cn.date.term_vs_expiry" in rule_ids(stages, TERM.format(end="2027年3月31日"))
    assert "cn.date.term_vs_expiry" not in rule_ids(stages, TERM.format(end="2027年9月30日"))


INSTALMENTS = """装修工程承揽合同

定作人（甲方）：杭州明远家居有限公司
承揽人（乙方）：杭州匠心装饰工程有限公司

第四条 本工程合同总价为人民币贰拾捌万陆仟壹佰贰拾伍元整（¥286,125.00）。
第七条 付款方式
7.1 开工当日，甲方支付首期工程款人民币伍万柒仟贰佰贰拾伍元整（¥57,225.00）。
7.2 水电工程完成后三日内，甲方支付第二期工程款人民币捌万陆仟元整（¥86,000.00）。
7.3 竣工交付之日，甲方支付第三期工程款人民币{third}。
7.4 上述各期款项合计即为本合同第四条约定的工程合同总价。
第八条 本合同争议提交杭州仲裁委员会仲裁。
"""


def test_instalments_that_say_they_make_up_a_total_stated_elsewhere(stages: Stages) -> None:
    wrong = INSTALMENTS.format(third="壹拾叁万贰仟玖佰元整（¥132,900.00）")  # 276,125
    right = INSTALMENTS.format(third="壹拾肆万贰仟玖佰元整（¥142,900.00）")  # 286,125
    assert "cn.amount.parts_vs_stated_sum" in rule_ids(stages, wrong)
    assert "cn.amount.parts_vs_stated_sum" not in rule_ids(stages, right)


FEE = """CONSULTING AGREEMENT

This Consulting Agreement is made on 2 June 2025 between Harrow Analytics Ltd ("Consultant") and Calder Water plc ("Client").
6. FEES
6.1 The Client shall pay the Consultant a fixed fee of £186,000 (one hundred and eighty-six thousand pounds), exclusive of VAT (the "Fee").
7. GOVERNING LAW
7.1 This Agreement is governed by the laws of England and Wales.
SCHEDULE 2 - MILESTONES
Milestone 1 - Inception Report accepted - 50% of the Fee - £93,000
Milestone 2 - Final Report accepted - 50% of the Fee - £{second}
"""


def test_a_share_of_a_defined_fee_must_match_its_amount(stages: Stages) -> None:
    assert "en.amount.share_mismatch" in rule_ids(stages, FEE.format(second="83,000"))
    assert "en.amount.share_mismatch" not in rule_ids(stages, FEE.format(second="93,000"))


CAP = """SOFTWARE LICENCE AGREEMENT

This Software Licence Agreement is made on March 1, 2025 between Quillon Systems Inc. ("Licensor") and Marlow Freight LLC ("Licensee").
8. WARRANTIES
8.1 Licensor warrants that the Software will perform materially in accordance with the Documentation for ninety (90) days.
9. INDEMNIFICATION
9.1 Licensor shall defend and indemnify Licensee against any third-party claim that the Software infringes a patent or copyright.
11. LIMITATION OF LIABILITY
11.1 Each Party's total liability under this Agreement shall not exceed the Fees paid in the twelve (12) months before the claim.
11.2 The limitation in Section 11.1 shall not apply to Licensor's indemnification obligations under Section {target}.
12. GOVERNING LAW
12.1 This Agreement is governed by the laws of the State of New York.
"""


def test_a_carve_out_pointing_at_a_clause_without_an_indemnity(stages: Stages) -> None:
    assert "en.indemnity.carve_out_misses_indemnity" in rule_ids(stages, CAP.format(target="8.1"))
    assert "en.indemnity.carve_out_misses_indemnity" not in rule_ids(
        stages, CAP.format(target="9.1")
    )


ONE_SIDED = """CONSULTING AGREEMENT

This Consulting Agreement is made on 2 June 2025 between Harrow Analytics Ltd ("Consultant") and Calder Water plc ("Client").
12. LIABILITY
12.1 The Client's total liability shall not exceed the Fee paid in the six (6) months before the claim.
12.2 {who} liability under or in connection with this Agreement shall not be capped or restricted in amount or kind.
13. GOVERNING LAW
13.1 This Agreement is governed by the laws of England and Wales.
"""


def test_one_sided_unlimited_liability_however_the_limit_is_negated(stages: Stages) -> None:
    assert "en.liability.unlimited_express" in rule_ids(
        stages, ONE_SIDED.format(who="The Consultant's")
    )
    assert "en.liability.unlimited_express" not in rule_ids(
        stages, ONE_SIDED.format(who="Neither party's")
    )


INSTALL = ZH_INSTALL  # shared with the rule catalogue's cases


def test_a_deadline_before_the_event_it_runs_from(stages: Stages) -> None:
    assert "cn.date.deadline_before_trigger" in rule_ids(
        stages, INSTALL.format(done="2026年5月18日")
    )
    assert "cn.date.deadline_before_trigger" not in rule_ids(
        stages, INSTALL.format(done="2026年6月18日")
    )


LEASE = """厂房租赁合同

出租人（甲方）：苏州工业园区恒通置业有限公司
承租人（乙方）：苏州精工模具有限公司

第一条 甲方将位于苏州工业园区星湖街88号的厂房出租给乙方使用。
第二条 租赁期限为{term}，自2025年1月1日起计算。
第三条 本合同争议提交苏州仲裁委员会仲裁。
"""


@pytest.mark.parametrize(
    ("term", "over"),
    [("二十年零六个月", True), ("十九年十一个月", False), ("二十年", False), ("20年1个月", True)],
)
def test_a_lease_term_in_years_and_months(stages: Stages, term: str, over: bool) -> None:
    types = {f.type for f in rule_findings(stages, LEASE.format(term=term))}
    assert ("lease_term_over_20_years" in types) is over


ORDER_FORM = """SOFTWARE SUBSCRIPTION AGREEMENT

This Agreement is made between Harrow Systems Limited ("Supplier") and Calder Freight Limited ("Customer").
1. "Commencement Date" means the date stated as such in the Order Form.
2. This Agreement continues for an initial term of thirty-six (36) months from the Commencement Date (the "Initial Term").
3. This Agreement is governed by the laws of England and Wales.
ORDER FORM
Item | Detail
Commencement Date | 1 March 2025
Initial Term end date | {end}
"""


def test_an_order_forms_term_end_row_is_checked_against_start_plus_term(stages: Stages) -> None:
    # 36 months from 1 March 2025 ends on 28 February 2028 (leap-year February has 29 days)
    assert "en.date.term_vs_expiry" in rule_ids(stages, ORDER_FORM.format(end="28 February 2027"))
    assert "en.date.term_vs_expiry" not in rule_ids(
        stages, ORDER_FORM.format(end="29 February 2028")
    )


ZH_ROWS = """房屋租赁合同

出租人（甲方）：杭州安居置业有限公司
承租人（乙方）：杭州青禾餐饮管理有限公司

第一条 租赁期限为二十四个月，自起租日起算。
第二条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
附件一：租赁要素表
项目 | 内容
起租日 | 2025年5月1日
租赁期限届满日 | {end}
"""


def test_a_chinese_schedules_term_end_row_is_checked_too(stages: Stages) -> None:
    assert "cn.date.term_vs_expiry" in rule_ids(stages, ZH_ROWS.format(end="2026年4月30日"))
    assert "cn.date.term_vs_expiry" not in rule_ids(stages, ZH_ROWS.format(end="2027年4月30日"))


USCC = """EQUIPMENT PURCHASE CONTRACT

Buyer: Hangzhou Lanfeng Precision Machinery Co., Ltd.
Unified Social Credit Code: 91330106MA2H7K3Q4X

Seller: Suzhou Ruitong Hydraulic Components Co., Ltd.
Unified Social Credit Code: 91320505MA1XK8P72D

1. The Seller shall deliver the Equipment by 30 June 2025.
2. This Contract is governed by the laws of the People's Republic of China.

Seller: Suzhou Ruitong Hydraulic Components Co., Ltd. (company seal)
Unified Social Credit Code: {code}
"""


def test_a_chinese_companys_social_credit_code_in_an_english_contract(stages: Stages) -> None:
    rule = "en.prc.party.registration_code_mismatch"
    assert rule in rule_ids(stages, USCC.format(code="91320505MA1XK8P27D"))
    assert rule not in rule_ids(stages, USCC.format(code="91320505MA1XK8P72D"))


def test_a_code_on_another_partys_line_is_not_the_company_aboves(stages: Stages) -> None:
    rule = "en.prc.party.registration_code_mismatch"
    hospital = USCC.replace(
        "\n1. The Seller",
        "Institution: Hangzhou Xilin People's Hospital, unified social credit code "
        "12330100470113625P, No. 311 Wenyi West Road, Hangzhou\n\n1. The Seller",
        1,
    )
    assert rule not in rule_ids(stages, hospital.format(code="91320505MA1XK8P72D"))
    assert rule in rule_ids(stages, hospital.format(code="91320505MA1XK8P27D"))


# a price breakdown written as "label: figure" lines is a table without bars; the parts sum to
# 25,286,000 before tax and 27,561,740 with VAT
PRICE_BREAKDOWN = """建设工程施工合同

发包人：杭州城东教育投资有限公司
承包人：浙江中恒建工集团有限公司

第五条 合同价款构成见附件一。
第六条 本合同争议提交杭州仲裁委员会仲裁。
附件一：合同价款构成表（币种：人民币元）
分部分项工程费：20,180,000.00（其中3#楼10,012,000.00）
措施项目费：2,620,000.00
其他项目费：2,000,000.00
规费：486,000.00
不含税价款小计：25,286,000.00
增值税（9%）：2,275,740.00
合计（签约合同价，含税）：{total}
"""


@pytest.mark.parametrize(
    ("total", "off"),
    [("27,516,740.00", True), ("27,561,740.00", False), ("27,561,700.00", False)],
)
def test_a_price_breakdown_list_must_add_up(stages: Stages, total: str, off: bool) -> None:
    # a digit transposed (0.16%) is a contradiction; 40 yuan of rounding on 27.5 million is not
    text = PRICE_BREAKDOWN.format(total=total)
    assert ("cn.amount.table_total" in rule_ids(stages, text)) is off


def test_a_price_breakdown_lists_total_against_the_stated_price(stages: Stages) -> None:
    text = PRICE_BREAKDOWN.format(total="27,561,740.00").replace(
        "第五条 合同价款构成见附件一。",
        "第五条 签约合同价（含税）为人民币{price}元，构成见附件一。",
    )
    assert "cn.amount.table_total_vs_price" in rule_ids(stages, text.format(price="28,561,740.00"))
    assert "cn.amount.table_total_vs_price" not in rule_ids(
        stages, text.format(price="27,561,740.00")
    )


# the header names each column by its year: "2026 Summit (US$)" is no figure to add, and
# "Summit" is no "Sum" column
YEAR_COLUMNS = """SPONSORSHIP AGREEMENT

This Agreement is made between Harbor Events LLC ("Organizer") and Norvale Analytics Inc.
("Sponsor"). It is governed by the laws of the State of New York.

Schedule A - Allocation of the Sponsorship Fee
Benefit | Share | 2026 Summit (US$) | 2027 Summit (US$)
Keynote | 25% | 112,500.00 | 118,125.00
Exhibit space | 75% | 337,500.00 | 354,375.00
Total | 100% | {total} | 472,500.00
"""


def test_a_tables_year_headers_are_not_figures(stages: Stages) -> None:
    assert "en.amount.table_total" not in rule_ids(stages, YEAR_COLUMNS.format(total="450,000.00"))
    assert "en.amount.table_total" in rule_ids(stages, YEAR_COLUMNS.format(total="460,000.00"))
