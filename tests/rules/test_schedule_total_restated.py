"""A total the text states for what a schedule lists, against the schedule's total row (dev miss
zh_w01, a factoring contract: "应收账款票面金额合计为…" against 附件一's 合计). Written here, not
copied; the lawful twin states the schedule's own total."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, finding_types


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


ZH_PLEDGE = """应收账款质押合同

签订日期：2025年4月2日
质权人：浙江禾丰商业银行股份有限公司
出质人：宁波安诺电子有限公司

第一条 质押标的
出质人以附件一所列应收账款出质，出质的应收账款账面金额合计为人民币{words}（¥{figure}）。
第二条 担保范围
质押担保的范围为主合同项下的借款本金、利息及实现质权的费用。
第三条 争议
因本合同引起的争议，由质权人住所地人民法院管辖。
附件一 应收账款清单
发票号码 | 开票日期 | 账面金额（人民币元）
05531201 | 2025年1月8日 | 1,260,000.00
05531202 | 2025年2月11日 | 980,000.00
05531203 | 2025年3月6日 | 1,400,000.00
合计 | — | 3,640,000.00
"""


@pytest.mark.parametrize(
    ("words", "figure", "fires"),
    [("叁佰陆拾肆万元整", "3,640,000.00", False), ("叁佰肆拾陆万元整", "3,460,000.00", True)],
)
def test_a_prose_total_of_a_schedule_must_be_its_total_row(
    stages: Stages, words: str, figure: str, fires: bool
) -> None:
    found = "amount_contradiction" in finding_types(
        stages, ZH_PLEDGE.format(words=words, figure=figure)
    )
    assert found is fires


EN_RECEIVABLES = """RECEIVABLES PURCHASE AGREEMENT

This Agreement is made on May 12, 2025 between Corvale Components Inc. (the "Seller") and Westmark Trade Finance LLC (the "Purchaser").
1. SALE
1.1 The Seller sells to the Purchaser the receivables listed in Schedule 1, in an aggregate face amount of US${figure}.
2. PRICE
2.1 The purchase price is 92% of the face amount of each receivable, paid on the Closing Date.
3. LAW
3.1 This Agreement is governed by the laws of the State of New York.
SCHEDULE 1 - RECEIVABLES
Invoice | Due date | Face amount (US$)
INV-7711 | July 1, 2025 | 1,520,000.00
INV-7712 | July 15, 2025 | 1,840,000.00
INV-7713 | August 1, 2025 | 1,320,000.00
Total | | 4,680,000.00
"""


@pytest.mark.parametrize(("figure", "fires"), [("4,680,000", False), ("4,860,000", True)])
def test_an_aggregate_amount_stated_for_a_schedule_must_be_its_total(
    stages: Stages, figure: str, fires: bool
) -> None:
    found = "amount_contradiction" in finding_types(stages, EN_RECEIVABLES.format(figure=figure))
    assert found is fires


_ZH_LEASE = """融资租赁合同

出租人（甲方）：上海浦融融资租赁有限公司
承租人（乙方）：无锡恒力精密铸造有限公司

第一条 租赁物
租赁物见附件一《租赁物清单》，购买价款合计人民币贰佰万元整（¥2,000,000.00）。
第二条 租金
租金总额为人民币贰佰贰拾肆万元整（¥2,240,000.00），各期租金以附件二《租金支付表》为准。
第三条 争议
因本合同引起的争议，由甲方住所地人民法院管辖。
附件一 租赁物清单
序号 | 设备名称 | 数量 | 金额（人民币元）
1 | 压铸机 | 2台 | 1,200,000.00
2 | 机器人 | 2台 | 800,000.00
合计 | — | 4台 | 2,000,000.00
附件二 租金支付表
期次 | 支付日 | 租金
1 | 2025年7月15日 | 560,000.00
2 | 2026年1月15日 | 560,000.00
3 | 2026年7月15日 | 560,000.00
4 | 2027年1月15日 | 560,000.00
"""


def test_a_total_said_to_follow_another_schedule_is_not_this_ones_total(stages: Stages) -> None:
    """Dev false alarm zh_m06: the rent total points to 附件二; the one total row is 附件一's
    purchase price."""
    assert "amount_contradiction" not in finding_types(stages, _ZH_LEASE)


ZH_FREIGHT = """道路货物运输框架合同

托运人（甲方）：东莞优品家居用品有限公司
承运人（乙方）：广州速联供应链管理有限公司

第一条 运价
各线路运价以附件一为准。
第二条 最低运量
甲方承诺每一合同年度实际发生的运费（不含税）不低于人民币{figure}元，即附件一所列预计年度运费（不含税）的80%。
第三条 争议
因本合同引起的争议，提交东莞仲裁委员会仲裁。
附件一：运价表及预计运量
线路 | 不含税运价（元/车次） | 预计年度车次 | 预计年度运费（不含税，元） | 预计年度运费（含税，元）
东莞—上海 | 10,000.00 | 120 | 1,200,000.00 | 1,308,000.00
东莞—杭州 | 9,000.00 | 100 | 900,000.00 | 981,000.00
东莞—南京 | 8,000.00 | 80 | 640,000.00 | 697,600.00
合计 | — | 300 | 2,740,000.00 | 2,986,600.00
"""


@pytest.mark.parametrize(("figure", "fires"), [("2,200,000.00", True), ("2,192,000.00", False)])
def test_a_sum_said_to_be_a_share_of_a_schedules_total_must_be_that_share(
    stages: Stages, figure: str, fires: bool
) -> None:
    """Dev miss zh_nm09: 80% of the tax-exclusive column's total, not of the tax-inclusive one."""
    found = "amount_contradiction" in finding_types(stages, ZH_FREIGHT.format(figure=figure))
    assert found is fires


EN_MINIMUM = """SUPPLY AGREEMENT

This Agreement is made on April 4, 2025 between Redfern Bakeries Inc. ("Buyer") and Millbrook Flour Co. ("Seller").
1. MINIMUM PURCHASE
1.1 Buyer shall purchase Products worth at least US${figure} in each Contract Year, being 75% of the estimated annual value in Schedule 1.
2. LAW
2.1 This Agreement is governed by the laws of the State of Ohio.
SCHEDULE 1 - ESTIMATED VOLUMES
Product | Unit price (US$) | Estimated annual quantity | Estimated annual value (US$)
Bread flour | 30.00 | 20,000 | 600,000.00
Pastry flour | 35.00 | 12,000 | 420,000.00
Total | | 32,000 | 1,020,000.00
"""


@pytest.mark.parametrize(("figure", "fires"), [("800,000", True), ("765,000", False)])
def test_a_minimum_said_to_be_a_share_of_the_schedule_total(
    stages: Stages, figure: str, fires: bool
) -> None:
    found = "amount_contradiction" in finding_types(stages, EN_MINIMUM.format(figure=figure))
    assert found is fires


_ZH_CONTRIBUTION = """合伙协议

合伙人一：苏州茗泉茶业有限公司
合伙人二：陈立安

第一条 出资
各合伙人的认缴出资见附件一。
第二条 实物出资
茗泉公司用于出资的设备，其名称、数量及作价详见附件二。该等设备经全体合伙人协商一致，作价人民币{words}计入茗泉公司的出资额。
第三条 争议
因本协议引起的争议，提交苏州仲裁委员会仲裁。
附件一：出资表
合伙人 | 出资方式 | 认缴出资额（元）
茗泉公司 | 货币 | 1,000,000.00
陈立安 | 货币 | 800,000.00
合计 | — | 1,800,000.00
附件二：实物出资设备清单
设备名称 | 数量 | 金额（元）
杀青机 | 2台 | 136,000.00
揉捻机 | 3台 | 126,000.00
烘干机 | 2台 | 158,000.00
合计 | 7台 | 420,000.00
"""


@pytest.mark.parametrize(("words", "fires"), [("伍拾万元整", True), ("肆拾贰万元整", False)])
def test_a_valuation_of_what_a_named_schedule_lists_must_be_its_total(
    stages: Stages, words: str, fires: bool
) -> None:
    """Dev miss zh_x03: the schedule is named a sentence before the valuation, and another
    schedule with its own total stands beside it."""
    found = "amount_contradiction" in finding_types(stages, _ZH_CONTRIBUTION.format(words=words))
    assert found is fires


_ZH_FRANCHISE = """特许经营合同

特许人（甲方）：成都蜀味餐饮管理有限公司
被特许人（乙方）：绵阳禾丰餐饮有限公司

第四条 费用
4.1 乙方应支付的费用如下（服务内容见附件一）：
费用项目 | 金额（人民币元） | 支付时间
加盟费 | 300,000.00 | 签订后5日内
年度管理费 | 120,000.00 | 每年开始前10日内
费用合计 | 420,000.00 | —
第五条 争议
因本合同引起的争议，提交成都仲裁委员会仲裁。
附件一：开业前服务内容及成本标准
服务项目 | 服务内容 | 成本标准（人民币元）
选址评估 | 商圈调研 | 8,000.00
开业前培训 | 集中培训15天 | 22,000.00
开业督导 | 驻店指导10天 | 15,000.00
以上三项成本标准合计人民币肆万伍仟元整（¥45,000.00）。
"""


def test_a_schedules_own_closing_total_is_not_the_main_texts_table(stages: Stages) -> None:
    """Held-out false alarm moved to dev (zh_b04_restaurant_franchise): the closing sentence of
    附件一 was compared with the fee table of 4.1, the one table with a total row, because a
    clause that mentions 附件一 was read as that table's heading."""
    assert "amount_contradiction" not in finding_types(stages, _ZH_FRANCHISE)


@pytest.mark.parametrize(
    "line",
    [
        # some items only
        "第二条 附件一第1项、第2项合计人民币贰佰叁拾万元整（¥2,300,000.00），由出质人直接收取。",
        # one item's own total over the term, which a row of the schedule holds
        "第二条 附件一所列05531202号发票的账面金额合计人民币玖拾捌万元整（¥980,000.00）。",
    ],
)
def test_a_total_of_some_items_is_not_the_schedules_total(stages: Stages, line: str) -> None:
    """Dev false cells zh_b25 ("附件一第1项、第2项设备采购款合计") and zh_b17 (one fee's total over
    the term, the figure of its own row)."""
    text = ZH_PLEDGE.format(words="叁佰陆拾肆万元整", figure="3,640,000.00").replace(
        "第二条 担保范围", line + "\n第三条 担保范围"
    )
    assert "amount_contradiction" not in finding_types(stages, text)
