"""Twins of the misses and false alarms on batch AF's dev contracts (thirty-eighth session): each
defect as a fact the check reads, and beside it the lawful version. The texts are written here,
not copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids

_ENGLAND = "the laws of England and Wales"
_PRC = "the laws of the People's Republic of China"


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_EN_ADVISORY = """ADVISORY SERVICES AGREEMENT

This Agreement is made on 3 February 2025 between Larchmont Foods plc (the "Client") and Esker Advisory LLP (the "Adviser").

2.1 The Adviser shall review the Client's procurement function and deliver the report described in Schedule 1.
5.1 In consideration of the Services the Client shall pay the Adviser a fixed fee of {fee}, exclusive of VAT (the "Fee").
5.2 The Fee shall be invoiced in four equal quarterly instalments in arrears.
9.1 The Adviser shall indemnify the Client against third-party claims, including reasonable legal fees, in accordance with clause 9.2.
15.1 This Agreement is governed by {law}.
"""


@pytest.mark.parametrize(
    ("rule", "law"),
    [("en.essential.price_range_open", _ENGLAND), ("en.prc.essential.price_range_open", _PRC)],
)
def test_a_fee_written_as_two_bounds_is_a_band(stages: Stages, rule: str, law: str) -> None:
    band = "not less than £96,000 and not more than £124,000"
    assert rule in rule_ids(stages, _EN_ADVISORY.format(fee=band, law=law))
    assert rule not in rule_ids(stages, _EN_ADVISORY.format(fee="£112,000", law=law))


def test_a_bands_bounds_are_not_the_fee_stated_twice(stages: Stages) -> None:
    band = "not less than £96,000 and not more than £124,000"
    ids = rule_ids(stages, _EN_ADVISORY.format(fee=band, law=_ENGLAND))
    assert "en.amount.named_sum_stated_twice" not in ids


_EN_RESELLER = """RESELLER AGREEMENT

This Agreement is made on 10 March 2025 between Corran Valves Inc. (the "Supplier") and Tidewater Controls LLC (the "Reseller").

4.1 Reseller shall pay Supplier for each Product the Reseller Price for that Product set out in Schedule B.
4.2 The Reseller Prices shall remain fixed for the Initial Term and may be changed only by a written amendment signed by both parties.
9.1 Each party shall pay its own legal fees, and invoices shall be paid in accordance with Section 4.
14.1 This Agreement is governed by the laws of the State of New York.

SCHEDULE B - RESELLER PRICES

Product | Reseller Price (USD per unit)
CV-20 ball valve | {first}
CV-40 ball valve | 2,310
"""


def test_a_price_column_whose_cells_are_bands(stages: Stages) -> None:
    rule = "en.essential.price_range_open"
    assert rule in rule_ids(stages, _EN_RESELLER.format(first="1,120 to 1,390"))
    assert rule not in rule_ids(stages, _EN_RESELLER.format(first="1,250"))


_ZH_SUPPLY = """钢材供货合同

需方（甲方）：无锡华拓机械有限公司
供方（乙方）：江阴鑫达金属材料有限公司

第二条 数量。乙方向甲方供应热轧卷板800吨，分四批交付。
第三条 价格。本合同项下热轧卷板的含税单价{price}，含运至甲方仓库的运杂费。
第五条 付款。甲方于每批货物验收合格后30日内支付该批货款。
第十二条 因本合同引起的争议，提交无锡仲裁委员会仲裁。
"""


def test_a_chinese_price_written_as_two_bounds_is_a_band(stages: Stages) -> None:
    rule = "cn.essential.price_range_open"
    band = "不低于每吨人民币3,900元且不高于每吨人民币4,300元"
    assert rule in rule_ids(stages, _ZH_SUPPLY.format(price=band))
    assert rule not in rule_ids(stages, _ZH_SUPPLY.format(price="为每吨人民币4,100元"))


_ZH_TABLE = """钢材供货合同

需方（甲方）：无锡华拓机械有限公司
供方（乙方）：江阴鑫达金属材料有限公司

第二条 数量。乙方向甲方供应钢材共计800吨，品种及数量见附件一。
第三条 价格。各品种的含税单价见附件一。
第十二条 因本合同引起的争议，提交无锡仲裁委员会仲裁。

附件一 品种、数量及单价
品种 | 数量（吨） | 含税单价（元/吨）
热轧卷板 | 500 | {price}
冷轧卷板 | 300 | 4,860
"""


def test_a_chinese_price_column_whose_cells_are_bands(stages: Stages) -> None:
    rule = "cn.essential.price_range_open"
    assert rule in rule_ids(stages, _ZH_TABLE.format(price="3,950至4,280"))
    assert rule not in rule_ids(stages, _ZH_TABLE.format(price="4,120"))


_EN_HIRE = """PLANT HIRE AGREEMENT

This Agreement is made on 2 June 2025 between Northgate Build Ltd (the "Hirer") and Fellside Lifting Ltd (the "Owner").

3.1 The Owner shall hire two crawler cranes to the Hirer for use at the Site.
5.1 The Hirer shall pay the Owner hire for each Crane for each calendar month of the Hire Period at the monthly rate for that Crane set out in Schedule 2.
5.2 The Hirer shall also pay the delivery and collection charges set out in Schedule 2.
14.1 This Agreement is governed by {law}.

SCHEDULE 2 - CHARGES
Item | Basis | Amount (GBP)
{row}Delivery to the Site | per Crane | 6,500
Collection from the Site | per Crane | 6,500
Operator overtime | per hour | 85
"""


@pytest.mark.parametrize(
    ("rule", "law"),
    [
        ("en.essential.price_in_missing_annex", _ENGLAND),
        ("en.prc.essential.price_in_missing_annex", _PRC),
    ],
)
def test_a_named_rate_the_schedule_it_is_sent_to_leaves_out(
    stages: Stages, rule: str, law: str
) -> None:
    priced = (
        "Monthly rate, Crane 1 | per month | 41,000\nMonthly rate, Crane 2 | per month | 38,500\n"
    )
    assert rule in rule_ids(stages, _EN_HIRE.format(law=law, row=""))
    assert rule not in rule_ids(stages, _EN_HIRE.format(law=law, row=priced))


_EN_LICENCE = """SOFTWARE LICENCE AGREEMENT

This Agreement is made on 1 July 2025 between Halden Systems Ltd (the "Licensor") and Brightwater Pharma Ltd (the "Licensee").

2.1 Licensor grants Licensee a non-exclusive licence to use the Licensed Modules listed in the Order Form at the Site.
6.1 Licensee shall pay Licensor the Licence Fee in the amount stated in the Order Form.
14.1 This Agreement is governed by {law}.

SCHEDULE 1 - ORDER FORM
Part A - Licensed Modules
Module | Edition | Named Users
QMS Core | Enterprise | 60 Named Users
Part B - Site
Site: Unit 4, Riverside Park, Leeds
{fee}"""


@pytest.mark.parametrize(
    ("rule", "law"),
    [
        ("en.essential.price_in_missing_annex", _ENGLAND),
        ("en.prc.essential.price_in_missing_annex", _PRC),
    ],
)
def test_an_annex_named_by_its_title_that_states_no_fee(
    stages: Stages, rule: str, law: str
) -> None:
    open_fee = "Fees and invoicing: in accordance with Clause 6"
    fixed_fee = "Licence Fee: GBP 84,000, payable in accordance with Clause 6"
    assert rule in rule_ids(stages, _EN_LICENCE.format(law=law, fee=open_fee))
    assert rule not in rule_ids(stages, _EN_LICENCE.format(law=law, fee=fixed_fee))


_EN_ENGAGEMENT = """CONSULTANCY AGREEMENT

This Agreement is made on 14 March 2025 between Pendle Retail Ltd (the "Client") and Marlow Insight Ltd (the "Consultant").

"Commencement Date" means 1 April 2025.
3.1 This Agreement begins on the Commencement Date and, unless terminated earlier, continues for a period of six months (the "Engagement Period").
6.1 The Client shall pay the Consultant GBP 12,000 for each month of the Engagement Period.
16.1 This Agreement is governed by the laws of England and Wales.

SCHEDULE 1 - KEY DETAILS
Engagement Period: 1 April 2025 to {end}
"""


def test_a_period_defined_where_it_runs_and_laid_out_in_a_schedule(stages: Stages) -> None:
    rule = "en.date.named_event_twice"
    assert rule in rule_ids(stages, _EN_ENGAGEMENT.format(end="31 August 2025"))
    assert rule not in rule_ids(stages, _EN_ENGAGEMENT.format(end="30 September 2025"))


_EN_SUPPORT = """SOFTWARE SUPPORT AGREEMENT

This Agreement is made on 1 July 2025 between Vantrel Software (Shanghai) Co., Ltd. (the "Licensor") and Kessing Precision (Suzhou) Co., Ltd. (the "Licensee").

7.1 Licensor shall provide the Support Services in accordance with the Support Policy in Schedule 2.
7.4 Licensor may amend the Support Policy at any time, including the scope of the Support Services and the response times, by publishing the amended policy on its portal{fence}.
8.1 Licensee shall pay the annual Support Fee of RMB 180,000 in advance.
13.1 This Agreement is governed by the laws of the People's Republic of China.
"""


def test_a_right_to_cut_the_drafters_own_service_alone(stages: Stages) -> None:
    rule = "en.prc.standard_terms.unilateral_right"
    fence = ", provided that no amendment shall materially reduce the Support Services"
    assert rule in rule_ids(stages, _EN_SUPPORT.format(fence=""))
    assert rule not in rule_ids(stages, _EN_SUPPORT.format(fence=fence))


_EN_FORUM = """SOFTWARE LICENCE AGREEMENT

This Agreement is made on 1 July 2025 between Vantrel Software (Shanghai) Co., Ltd. (the "Licensor") and Kessing Precision (Suzhou) Co., Ltd. (the "Licensee").

13.1 This Agreement is governed by the laws of the People's Republic of China.
13.2 Any dispute arising out of this Agreement shall be submitted to the Shanghai International Arbitration Center for arbitration in Shanghai.
13.3 Claims by Licensor for payment of the Fees {forum}.
"""


def test_claims_that_may_also_be_brought_before_a_court(stages: Stages) -> None:
    rule = "en.prc.dispute.arbitration_and_litigation"
    court = "may also be brought by Licensor before the people's court where Licensor is domiciled"
    award = "are included in the arbitration under Clause 13.2"
    assert rule in rule_ids(stages, _EN_FORUM.format(forum=court))
    assert rule not in rule_ids(stages, _EN_FORUM.format(forum=award))


_EN_DEFAULT = """DISTRIBUTION AGREEMENT

This Agreement is made on 5 May 2025 between Hallbrook Pumps, Inc. (the "Supplier") and Tidewater Fluid Supply LLC (the "Distributor").

2.3 Distributor shall not sell competing pumps in the Territory.
3.3 Distributor shall deliver a quarterly sales report within fifteen days after each quarter.
10.1 {trigger}, Distributor shall pay Supplier the sum of USD 150,000 as liquidated damages.
14.1 This Agreement is governed by the laws of the State of New York.
"""


def test_one_sum_for_each_breach_by_a_named_party_of_several_sections(stages: Stages) -> None:
    rule = "en.liquidated_damages.one_sum_for_many_breaches"
    many = "For each breach by Distributor of Section 2.3 or Section 3"
    one = "If Distributor sells competing pumps in the Territory in breach of Section 2.3"
    assert rule in rule_ids(stages, _EN_DEFAULT.format(trigger=many))
    assert rule not in rule_ids(stages, _EN_DEFAULT.format(trigger=one))


_EN_COPYRIGHT = """SOFTWARE LICENCE AGREEMENT

This Agreement is made on 1 July 2025 between Vantrel Software (Shanghai) Co., Ltd., unified social credit code 91310115MA1HB7QK3R (the "Licensor"), and Kessing Precision (Suzhou) Co., Ltd. (the "Licensee").

2.5 Licensor warrants that it owns the copyright in the Software, {registered}.
13.1 This Agreement is governed by the laws of the People's Republic of China.
"""


def test_a_copyright_registration_number_is_not_the_partys(stages: Stages) -> None:
    rule = "en.prc.party.registration_code_mismatch"
    copyright_no = "registered under Computer Software Copyright Registration No. 2022SR0419837"
    other_code = (
        "as recorded for Vantrel Software (Shanghai) Co., Ltd., unified social credit code "
        "91310115MA1HB7QK4X"
    )
    assert rule not in rule_ids(stages, _EN_COPYRIGHT.format(registered=copyright_no))
    assert rule in rule_ids(stages, _EN_COPYRIGHT.format(registered=other_code))


_ZH_ENGAGEMENT = """咨询服务合同

委托方（甲方）：苏州恒泰零售有限公司
受托方（乙方）：上海明策管理咨询有限公司

本合同于2025年4月1日在苏州签订。

第三条 “服务期”指自本合同签订之日起六个月。
第六条 甲方按服务期内每月人民币80,000元向乙方支付服务费。
第十六条 本合同争议提交苏州仲裁委员会仲裁。

附件一 主要事项
服务期：2025年4月1日至{end}
"""


def test_a_chinese_period_laid_out_in_a_schedule(stages: Stages) -> None:
    rule = "cn.date.named_event_twice"
    assert rule in rule_ids(stages, _ZH_ENGAGEMENT.format(end="2025年8月31日"))
    assert rule not in rule_ids(stages, _ZH_ENGAGEMENT.format(end="2025年9月30日"))


_EN_SURCHARGE = """FREIGHT SERVICES AGREEMENT

This Agreement is made on 1 May 2025 between Harbor Basin Foods LLC (the "Shipper") and Redline Carriers Inc. (the "Carrier").

4.1 The Shipper shall pay the Carrier the line-haul rate of USD 2.10 per mile set out in Schedule A, plus the fuel charge in Schedule A.
14.1 This Agreement is governed by the laws of the State of Texas.

SCHEDULE A - RATES
Item | Rate
Line-haul rate | USD 2.10 per mile

Fuel charge
{table}
"""


def test_a_band_that_keys_a_rows_figure_prices_nothing_open(stages: Stages) -> None:
    rule = "en.essential.price_range_open"
    keyed = (
        "Tier | DOE diesel price (USD per gallon) | Fuel rate (USD per mile)\n"
        "Tier 1 | 3.00 to 3.249 | 0.40\nTier 2 | 3.25 to 3.499 | 0.45"
    )
    priced_by_band = "Tier | Fuel rate (USD per mile)\nTier 1 | 0.40 to 0.55\nTier 2 | 0.60"
    assert rule not in rule_ids(stages, _EN_SURCHARGE.format(table=keyed))
    assert rule in rule_ids(stages, _EN_SURCHARGE.format(table=priced_by_band))


_EN_MANAGED = """MANAGED SERVICES AGREEMENT

This Agreement is made on 1 April 2025 between Lakeshore Insurance Group, Inc. (the "Customer") and Northwind Managed IT LLC (the "Provider").

5.1 The Customer shall pay the Monthly Fee set out in Part A of Schedule 2.
5.3 Additional Services are charged at the hourly rates set out in Part B of Schedule 2.
15.1 This Agreement is governed by the laws of the State of New York.

SCHEDULE 2 - FEES

Part A - Monthly Fee
Service | Monthly Fee (US$)
Service Desk | 42,000

Part B - Rates for Additional Services
{head}
Service Delivery Manager | 185
Security Analyst | 150
"""


def test_an_hourly_rate_column_priced_in_its_head_is_the_rate(stages: Stages) -> None:
    rule = "en.essential.price_in_missing_annex"
    assert rule not in rule_ids(stages, _EN_MANAGED.format(head="Role | Hourly Rate (US$)"))
    assert rule in rule_ids(stages, _EN_MANAGED.format(head="Role | Minimum call-out (hours)"))


_EN_OUTSOURCING = """MASTER SERVICES AGREEMENT

This Agreement is made on 10 March 2025 between Harland Mutual Insurance plc (the "Customer") and Calderbridge Managed Services Limited (the "Supplier").

(A) The Customer's service desk is currently run by an incumbent supplier under a contract expiring on {recital}.
"Effective Date" means 1 April 2025.
2.1 This Agreement commences on the Effective Date and continues for an initial term of three years{own}.
16.1 This Agreement is governed by the laws of England and Wales.
"""


def test_another_contracts_expiry_in_a_recital_ends_nothing_here(stages: Stages) -> None:
    rule = "en.date.term_vs_expiry"
    assert rule not in rule_ids(stages, _EN_OUTSOURCING.format(recital="30 June 2025", own=""))
    wrong_own = " expiring on 31 March 2027"
    assert rule in rule_ids(stages, _EN_OUTSOURCING.format(recital="30 June 2025", own=wrong_own))


# the four clean held-out contracts moved to dev_pending in the thirty-eighth session


_ZH_MAKE = """家具定作合同

定作人（甲方）：杭州西溪栖舍酒店管理有限公司
承揽人（乙方）：浙江安吉木艺家具制造有限公司

第五条 合同价款。合同总价款为人民币贰佰叁拾玖万零捌佰陆拾元整（¥2,390,860.00），由附件一所列定作物价款合计人民币贰佰叁拾叁万贰仟肆佰元整（¥2,332,400.00）与运输及安装费人民币{fee}组成。
第二十四条 争议。本合同争议提交杭州仲裁委员会仲裁。

附件一 定作物清单及价款
序号 | 名称 | 数量 | 单价（元） | 金额（元）
1 | 大床房床架 | 96套 | 9,500.00 | 912,000.00
2 | 客房书桌 | 168套 | 8,460.71 | 1,420,400.00
小计 | 定作物价款 | — | — | 2,332,400.00
3 | 运输及安装费 | 1项 | 58,460.00 | 58,460.00
合计 | 合同总价款 | — | — | 2,390,860.00
"""


def test_a_total_stated_with_the_parts_it_is_made_of(stages: Stages) -> None:
    parts = "伍万捌仟肆佰陆拾元整（¥58,460.00）"
    short = "伍万叁仟肆佰陆拾元整（¥53,460.00）"
    ids = rule_ids(stages, _ZH_MAKE.format(fee=parts))
    assert "cn.amount.total_restated" not in ids
    assert "cn.amount.schedule_total_restated" not in ids
    assert "cn.amount.total_restated" in rule_ids(stages, _ZH_MAKE.format(fee=short))


_EN_CREDITS = """TRANSLATION SERVICES AGREEMENT

This Agreement is made on 2 June 2025 between Orwell Biologics Ltd (the "Customer") and Linguaplex Ltd (the "Supplier").

6.1 The Customer shall pay the Order Fee of GBP 24,000 for each Order.
7.1 If the Supplier delivers a Translation after its Delivery Date, the Supplier shall credit to the Customer a Service Credit equal to two per cent (2%) of the Order Fee for each Business Day of delay.
7.2 {cap}
16.1 This Agreement is governed by the laws of England and Wales.
"""


def test_a_daily_credit_capped_in_the_next_sub_clause(stages: Stages) -> None:
    rule = "en.liquidated_damages.per_period_uncapped_england"
    capped = "The total Service Credits for any one Order shall not exceed ten per cent (10%) of the Order Fee."
    other = "Service Credits shall be deducted from the next invoice."
    assert rule not in rule_ids(stages, _EN_CREDITS.format(cap=capped))
    assert rule in rule_ids(stages, _EN_CREDITS.format(cap=other))


_ZH_CAP = """运维服务合同

委托方（甲方）：杭州数衡信息科技有限公司
服务方（乙方）：杭州云栈运维服务有限公司

第十四条 知识产权。乙方保证交付物不侵犯任何第三方的知识产权，如甲方因使用交付物遭受第三方知识产权侵权索赔，乙方应赔偿甲方因此遭受的损失。依第十六条第（二）款，本项赔偿责任不受责任上限的限制。
第十六条
责任限制。（一）除第（二）款另有规定外，任何一方在本合同项下的累计赔偿责任不超过本合同含税服务费总额1,272,000元；（二）前款上限不适用于下列情形：因一方故意或者重大过失造成的损失、
{excepted}
第二十条 本合同争议提交杭州仲裁委员会仲裁。
"""


def test_a_clause_reference_wrapped_to_a_line_start_is_no_heading(stages: Stages) -> None:
    rule = "cn.cap.uncapped_duty_not_excepted"
    listed = "第十四条约定的知识产权侵权赔偿责任，以及甲方支付已到期服务费的义务。"
    unlisted = "以及甲方支付已到期服务费的义务。"
    assert rule not in rule_ids(stages, _ZH_CAP.format(excepted=listed))
    assert rule in rule_ids(stages, _ZH_CAP.format(excepted=unlisted))


def test_a_cap_on_the_base_is_no_cap_on_the_daily_sum(stages: Stages) -> None:
    rule = "en.liquidated_damages.per_period_uncapped_england"
    base_capped = "The aggregate Price of all Orders in a year shall not exceed GBP 500,000."
    text = _EN_CREDITS.replace(
        "a Service Credit equal to two per cent (2%) of the Order Fee",
        "as liquidated damages a sum equal to fifteen per cent (15%) of the Price of the whole Order",
    )
    assert rule in rule_ids(stages, text.format(cap=base_capped))
