"""The quantity of the goods is an essential term of a sale (合同编通则解释第3条; UCC 2-201): a
sale that never says how many, nor how the number is fixed, is a gap; a count with its unit, a
quantity left to each order, or one identified thing is not."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.cases_agreed_damages import EN_SUPPLY
from tests.rules.helpers import Stages, rule_findings

_ZH = """设备买卖合同

甲方（买方）：杭州明川电子有限公司
乙方（卖方）：宁波东港机械有限公司

第一条 标的
1.1 乙方向甲方出售{goods}。
第二条 价款
2.1 合同总价款为人民币壹佰万元整（¥1,000,000.00），甲方于验收合格后十日内付清。
第三条 交货
3.1 乙方应于2025年5月30日前将设备交付至甲方位于杭州市滨江区的仓库。
第四条 争议解决
4.1 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

_EN = """SUPPLY AGREEMENT

This Supply Agreement is made on June 2, 2025 between Harrow Tools, Inc. ("Supplier") and Calder Farms LLC ("Buyer").
1. The Supplier shall sell and the Buyer shall buy {goods} at a price of US$25 per unit, delivered to the Buyer's warehouse in Fresno, California by August 1, 2025.
2. The Buyer shall pay each invoice within thirty days.
3. This Agreement is governed by the laws of {law}.
"""
_NEW_YORK = "the State of New York"
_PRC = "the People's Republic of China"


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _gaps(stages: Stages, text: str, rule_id: str) -> str | None:
    """The message of the rule's finding, or None when it did not fire."""
    hits = [f for f in rule_findings(stages, text) if f.rule_id == rule_id]
    return hits[0].message if hits else None


@pytest.mark.parametrize(
    ("goods", "gap"),
    [
        ("数控车床", "标的数量未约定"),
        ("数控车床，数量由双方另行协商确定", "标的数量只提及而未确定"),
        ("数控车床2台", None),
        ("数控车床两台", None),
        ("数控车床，具体数量以甲方订单为准", None),
        ("车架号为LSVAM4187C2184321的二手货车", None),
    ],
)
def test_a_chinese_sale_needs_its_quantity(stages: Stages, goods: str, gap: str | None) -> None:
    message = _gaps(stages, _ZH.format(goods=goods), "cn.essential.sale")
    if gap is None:
        assert message is None
    else:
        assert message is not None and gap in message


def test_a_chinese_service_title_is_no_sale(stages: Stages) -> None:
    text = _ZH.format(goods="数控车床").replace("设备买卖合同", "设备采购及运维服务合同")
    assert _gaps(stages, text, "cn.essential.sale") is None


@pytest.mark.parametrize(
    ("goods", "fires"),
    [
        ("the Goods", True),
        ("such quantity of the Goods as the parties may agree from time to time", True),
        ("400 units of the Goods", False),
        ("the Goods in the quantities stated in each Purchase Order", False),
        ("all of its requirements of the Goods", False),
        ("three (3) used John Deere 8R tractors", False),
    ],
)
def test_a_us_sale_of_goods_needs_a_quantity_in_writing(
    stages: Stages, goods: str, fires: bool
) -> None:
    message = _gaps(stages, _EN.format(goods=goods, law=_NEW_YORK), "en.essential.sale_quantity")
    assert (message is not None) is fires
    if message is not None:
        assert "quantity" in message and "2-201" in message


def test_the_ucc_quantity_rule_follows_the_governing_law(stages: Stages) -> None:
    text = _EN.format(goods="the Goods", law=_PRC)
    assert _gaps(stages, text, "en.essential.sale_quantity") is None
    message = _gaps(stages, text, "en.prc.essential.sale")
    assert message is not None and "quantity of the goods (absent)" in message


def test_an_english_count_in_words_is_a_quantity_but_a_period_is_not(stages: Stages) -> None:
    counted = EN_SUPPLY.format(ld="US$20,000", law="the State of New York")
    uncounted = counted.replace("four stainless steel tanks", "stainless steel tanks").replace(
        "Delivery shall take place", "Delivery shall take place within thirty days and"
    )
    rule = "en.essential.sale_quantity"
    assert rule not in {f.rule_id for f in rule_findings(stages, counted)}
    assert rule in {f.rule_id for f in rule_findings(stages, uncounted)}
