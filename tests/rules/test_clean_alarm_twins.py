"""Twins of the false alarms on five clean contracts moved from the blind sets in the twenty-first
session (en_o06, zh_k06, zh_r02, en_fn06, zh_fr10): each lawful reading, and beside it the
unlawful or open one the same check must still catch. The texts are written here, not copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_EN_HIRE = """CRANE HIRE CONTRACT

This Contract is made in Shanghai on 3 March 2025 between:

Owner: Shanghai Dongbang Lifting Equipment Leasing Co., Ltd., registered address No. 8 Jinqiao Road, Shanghai (the "Owner"); and

Hirer: Zhejiang Hengxin Mechanical & Electrical Steel Structure Engineering Co., Ltd., registered address No. 19 Binjiang Road, Hangzhou (the "Hirer").

1. The Owner shall hire two tower cranes to the Hirer for twelve months. The Monthly Hire is RMB 86,000 per crane.
2. If the Owner fails to deliver a crane by 1 April 2025, it shall pay liquidated damages of zero point two per cent (0.2%) of {base} for each day of delay.
3. This Contract is governed by the laws of the People's Republic of China. Disputes go to the Shanghai International Arbitration Center.

Hirer: Zhejiang Hengxin Mechanical & Electrical Steel Structure Engineering Co., Ltd. (company seal)
"""


def test_a_party_name_of_seven_words_is_read_whole(stages: Stages) -> None:
    found = rule_ids(stages, _EN_HIRE.format(base="the Monthly Hire"))
    assert not {r for r in found if ".party." in r}
    renamed = _EN_HIRE.format(base="the Monthly Hire").replace(
        "Hengxin Mechanical & Electrical Steel Structure Engineering Co., Ltd. (company seal)",
        "Hengxin Mechanical & Electrical Steel Structure Installation Co., Ltd. (company seal)",
    )
    assert "en.prc.party.name_mismatch" in rule_ids(stages, renamed)


def test_a_daily_rate_of_a_monthly_sum_is_not_a_yearly_share_of_the_price(
    stages: Stages,
) -> None:
    """0.2% a day of one month's hire is 6% of that month's hire a month: its yearly share of
    the contract's value is unknown, so it is no per-period penalty that outgrows the price."""
    assert "en.prc.penalty.per_period_uncapped" not in rule_ids(
        stages, _EN_HIRE.format(base="the Monthly Hire")
    )
    assert "en.prc.penalty.per_period_uncapped" in rule_ids(
        stages, _EN_HIRE.format(base="the total hire under this Contract")
    )


_ZH_STORAGE = """仓储合同

存货人（甲方）：苏州禾丰电子材料有限公司
保管人（乙方）：昆山安通仓储服务有限公司

第一条 乙方为甲方提供常温仓储服务，仓储费为每月人民币5,200元，合同期限一年，合同总价为人民币62,400元。
第二条 甲方应于本合同签订之日起5日内向乙方支付保证金人民币伍万元整（¥50,000.00）。{nature}
第三条 本合同争议提交苏州仲裁委员会仲裁。
"""


def test_a_security_deposit_the_contract_says_is_no_earnest_money_is_not_one(
    stages: Stages,
) -> None:
    denied = _ZH_STORAGE.format(nature="该保证金不计利息，不具有定金性质，合同终止后全额退还。")
    assert "cn.deposit.over_20_percent" not in rule_ids(stages, denied)
    made = _ZH_STORAGE.format(nature="该保证金作为定金，适用定金罚则。")
    assert "cn.deposit.over_20_percent" in rule_ids(stages, made)


_ZH_FITOUT = """装饰装修工程施工合同

发包人（甲方）：南京瑞禾置业有限公司
承包人（乙方）：江苏景筑装饰工程有限公司

第一条 本工程暂定总价为人民币壹佰万元整（¥1,000,000.00）。
第二条 付款：（一）开工后7日内，甲方支付暂定总价的30%；（二）隐蔽工程验收合格后7日内，甲方支付暂定总价的{second}，{cumulative}；（三）竣工验收合格后7日内，甲方支付暂定总价的20%，累计付至暂定总价的80%；（四）结算价确认后14日内，甲方付至结算价的97%。按暂定总价测算，本期应付¥170,000.00。
第三条 乙方逾期竣工的，每逾期一日按暂定总价的万分之五支付违约金，违约金累计不超过暂定总价的5%，即不超过人民币伍万元整（¥50,000.00）。
第四条 本合同争议提交南京仲裁委员会仲裁。
"""


def test_cumulative_levels_instalments_and_caps_are_not_further_prices_or_shares(
    stages: Stages,
) -> None:
    lawful = _ZH_FITOUT.format(second="30%", cumulative="累计付至暂定总价的60%")
    found = rule_ids(stages, lawful)
    assert "cn.amount.instalments_exceed_total" not in found
    assert "cn.amount.total_restated" not in found
    too_much = _ZH_FITOUT.format(second="70%", cumulative="累计付至暂定总价的100%")
    assert "cn.amount.instalments_exceed_total" in rule_ids(stages, too_much)
    restated = lawful.replace(
        "第三条 乙方逾期竣工",
        "第三条 本合同总价为人民币壹佰贰拾万元整（¥1,200,000.00）。乙方逾期竣工",
    )
    assert "cn.amount.total_restated" in rule_ids(stages, restated)


_EN_DISTRIBUTION = """EXCLUSIVE DISTRIBUTION AGREEMENT

This Agreement is made on 1 March 2025 between Nordhaven Cutting Tools GmbH (the "Supplier") and Shanghai Jingrui Industrial Trading Co., Ltd. (the "Distributor").

1. The Supplier appoints the Distributor as its exclusive distributor of the Products in the PRC.
2. The price for Products under each accepted Order is the List Price in Schedule 1, CIP Shanghai (Incoterms 2020).
3. This Agreement is governed by the laws of the People's Republic of China. Disputes go to the Shanghai International Arbitration Center.

SCHEDULE 1 - PRODUCTS AND LIST PRICES (EUR per piece)
Product code | Description | List Price
NC-100 | Carbide end mill, 6 mm | {first}
NC-200 | Carbide drill, 8.5 mm | {second}
"""


def test_a_price_list_in_a_table_fixes_the_distributors_price(stages: Stages) -> None:
    listed = _EN_DISTRIBUTION.format(first="38.40", second="74.90")
    assert "en.prc.essential.distribution" not in rule_ids(stages, listed)
    open_list = _EN_DISTRIBUTION.format(first="to be agreed", second="to be agreed")
    assert "en.prc.essential.distribution" in rule_ids(stages, open_list)


_ZH_GIFT = """{title}

{giver}（甲方）：云南滇禾建设投资有限公司
{taker}（乙方）：禄劝县实验小学

第一条 甲方{verb}乙方人民币贰拾万元整（¥200,000.00），用于学校食堂改造。
第二条 乙方应于{deadline}前完成食堂改造。
第三条 本协议争议提交昆明仲裁委员会仲裁。
"""


def test_a_gift_needs_no_breach_clause_but_a_sale_does(stages: Stages) -> None:
    gift = _ZH_GIFT.format(
        title="定向捐赠协议", giver="捐赠人", taker="受赠人", verb="向", deadline="2025年9月1日"
    ).replace("甲方向乙方", "甲方向乙方捐赠")
    assert "cn.missing.liability" not in rule_ids(stages, gift)
    sale = _ZH_GIFT.format(
        title="设备买卖合同", giver="卖方", taker="买方", verb="向", deadline="2025年9月1日"
    ).replace(
        "甲方向乙方人民币贰拾万元整（¥200,000.00），用于学校食堂改造",
        "甲方向乙方出售商用蒸饭柜2台，单价人民币10万元，价款共计人民币贰拾万元整（¥200,000.00），"
        "质量符合GB 4706.1标准，于2025年8月1日前交付至乙方学校",
    )
    assert "cn.missing.liability" in rule_ids(stages, sale)
