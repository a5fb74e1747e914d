"""Main terms open in facts that the wording checks read wrongly, from the twentieth session's
dev half of the missed missing-term contracts: "运费按月结算" (when, not how much) and a tax rate
on the invoice taken as the freight; "12% of the Charges" taken as the Charges' figure; a fee
for the later years of the term left to agreement while the first years have a figure; an annex
that prices other items than the fee sent to it; an annex of measurements taken as rates. Each
has a lawful twin where the contract fixes the term."""

from __future__ import annotations

import pytest

from kb.catalog import default_catalog
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    validate = ValidateRules(resolver=default_catalog())
    validate.warm_up()
    return ParseEntities(), validate


ZH_FREIGHT = """公路货物运输合同

托运人（甲方）：郑州恒通食品有限公司
承运人（乙方）：河南远驰物流有限公司

第二条 乙方负责将甲方货物自郑州市经开区仓库运至华北各配送中心。
第七条 运费结算。
7.1 运费包括燃油费、过路过桥费及驾驶员费用。{rate}
7.2 运费按月结算。甲方在收到乙方开具的增值税专用发票（税率9%）后30日内支付。
第十二条 因本合同引起的争议，提交郑州仲裁委员会仲裁。
"""


def test_freight_settled_monthly_is_not_a_freight_rate(stages: Stages) -> None:
    assert "cn.essential.transport" in rule_ids(stages, ZH_FREIGHT.format(rate=""))
    fixed = ZH_FREIGHT.format(rate="运价为每吨公里人民币0.42元。")
    assert "cn.essential.transport" not in rule_ids(stages, fixed)


EN_LOGISTICS = """LOGISTICS SERVICES AGREEMENT

This Agreement is made on 2 May 2025 between Fenland Foods Ltd (the "Customer") and Wash Logistics Ltd (the "Provider").
1.1 "Charges" means the charges for the Services, {charges};
8.1 The Provider shall invoice the Charges monthly in arrears.
9.2 Service credits in any month shall not exceed 12% of the Charges for that month.
Schedule 2 - Service Levels
KPI | Target | Service credit (% of monthly Charges)
Orders despatched same day | 99.5% | 3%
20. This Agreement is governed by the laws of England and Wales.
"""


def test_a_share_of_the_charges_does_not_fix_them(stages: Stages) -> None:
    rule = "en.essential.deferred_consideration"
    later = EN_LOGISTICS.format(charges="to be agreed between the parties in writing")
    assert rule in rule_ids(stages, later)
    fixed = EN_LOGISTICS.format(charges="being GBP 9.50 per pallet per week and GBP 2.10 per order")
    assert rule not in rule_ids(stages, fixed)


ZH_LAND = """土地经营权流转合同

流出方（甲方）：凤阳县临淮镇东岗村股份经济合作社
流入方（乙方）：凤阳县丰禾家庭农场

第三条 流转期限为十年，自2025年11月1日起至2035年10月31日止。
4.1 第一至第三个流转年度，流转费标准为每亩每年人民币620元。
4.2 {later}
第十二条 因本合同引起的争议，可以向凤阳县农村土地承包仲裁委员会申请仲裁。
"""


def test_a_fee_for_the_later_years_left_open_is_not_fixed_by_the_early_years(
    stages: Stages,
) -> None:
    rule = "cn.essential.deferred_consideration"
    later = "自第四个流转年度起，流转费标准由双方于第三个流转年度届满前另行协商确定。"
    assert rule in rule_ids(stages, ZH_LAND.format(later=later))
    stepped = "自第四个流转年度起，流转费标准为每亩每年人民币680元。"
    assert rule not in rule_ids(stages, ZH_LAND.format(later=stepped))


ZH_STORAGE = """钢材仓储合同

存货人（甲方）：无锡恒钢贸易有限公司
保管人（乙方）：无锡港联仓储有限公司

第七条 仓储费。仓储费按附件二所列收费标准，以每日实际在库吨数为基数计算，按自然月结算。
第二十条 附件一《入库计划》、附件二《仓储服务收费标准》为本合同的组成部分。

附件二：仓储服务收费标准
收费项目 | 计费单位 | 单价（元）
入库装卸费 | 吨 | 16.00
出库装卸费 | 吨 | 16.00
{row}说明：以上费用随当月仓储费一并结算。
"""


def test_an_annex_that_prices_other_items_does_not_fix_the_fee(stages: Stages) -> None:
    rule = "cn.essential.price_in_missing_annex"
    assert rule in rule_ids(stages, ZH_STORAGE.format(row=""))
    priced = ZH_STORAGE.format(row="仓储费 | 吨·天 | 0.85\n")
    assert rule not in rule_ids(stages, priced)


EN_COLD_STORE = """COLD STORAGE AGREEMENT

This Agreement is made on 20 March 2025 between Solent Seafood Ltd (the "Depositor") and Itchen Cold Chain Ltd (the "Warehouse Keeper").
Article 6. The Depositor shall pay the storage charges at the rates set out in Annex 2.
Article 14. This Agreement is governed by the laws of England and Wales. Annex 1 and Annex 2 form part of this Agreement.

Annex 2 Storage Requirements and Rates
Item | Requirement
Pallet | 1,200 mm x 1,000 mm
Core temperature | minus 18 degrees Celsius or colder
{row}"""


def test_measurements_in_an_annex_are_not_its_rates(stages: Stages) -> None:
    rule = "en.essential.price_in_missing_annex"
    assert rule in rule_ids(stages, EN_COLD_STORE.format(row=""))
    rated = EN_COLD_STORE.format(row="Storage | GBP 1.35 per pallet per day\n")
    assert rule not in rule_ids(stages, rated)


ZH_LICENCE = """专利实施许可合同

许可方（甲方）：合肥锂岳智能装备有限公司
被许可方（乙方）：东莞联创新能源设备有限公司

第五条 许可使用费。（一）入门费为人民币伍拾万元整（¥500,000.00）；（二）提成费以乙方每季度不含税销售额为基数，按附件二所列提成比例计算。
第十四条 附件一、附件二为本合同的组成部分。

附件二：{annex}
"""
_REPORT_FORM = "季度销售报表（格式）\n季度 | 销售台数 | 不含税销售额（元）\n（填写季度） | （填写台数） | （填写金额）"
_RATES = "提成比例\n年销售额 | 提成比例\n5,000万元以下 | 3%\n5,000万元以上部分 | 2%"


def test_a_royalty_rate_sent_to_a_report_form(stages: Stages) -> None:
    rule = "cn.essential.price_in_missing_annex"
    assert rule in rule_ids(stages, ZH_LICENCE.format(annex=_REPORT_FORM))
    assert rule not in rule_ids(stages, ZH_LICENCE.format(annex=_RATES))
