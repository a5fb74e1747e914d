"""Positive and negative contract texts for the rules added for issue 11 (typed facts, clause
semantics, governing law). Each pair differs only in what the rule is about; the lawful twin
is the near-miss a careful drafter would write."""

from __future__ import annotations

ZH_SALE = """设备采购合同

签订日期：2025年3月1日
甲方（买方）：杭州明川电子有限公司
乙方（卖方）：宁波东港机械有限公司

第一条 价款
1.1 合同总价款为人民币壹佰万元整（¥1,000,000.00）。
1.2 甲方应于设备验收合格后十日内支付合同总价款的30%，即人民币{share}元。
第二条 交货
2.1 乙方应于2025年5月30日前将设备交付至甲方位于杭州市滨江区的仓库。
第三条 违约责任
3.1 {penalty}
第四条 其他
4.1 {other}
4.2 因本合同引起的争议，提交杭州仲裁委员会仲裁。
甲方（盖章）：杭州明川电子有限公司
乙方（盖章）：宁波东港机械有限公司
"""


def zh_sale(
    share: str = "300,000",
    penalty: str = "乙方逾期交货的，每逾期一日按合同总价款的万分之五支付违约金。",
    other: str = "本合同一式两份。",
) -> str:
    return ZH_SALE.format(share=share, penalty=penalty, other=other)


ZH_BUILD = """办公楼装饰装修工程施工合同

签订日期：2025年4月1日
发包人：南京恒泰置业有限公司
承包人：南京金石装饰工程有限公司

第一条 工程价款为人民币伍佰万元整（¥5,000,000.00）。
第二条 工期为180日，自2025年5月1日起至2025年10月27日止。
第三条 保修
3.1 卫生间及外墙面防渗漏的保修期为{waterproof}，自竣工验收合格之日起计算。
3.2 电气管线、给排水管道及装修工程的保修期为2年。
第四条 本合同履行中发生的争议，提交南京仲裁委员会仲裁。
附件一 工程量清单
"""

EN_PRC = """EQUIPMENT SUPPLY CONTRACT

This Equipment Supply Contract is made on March 3, 2025 between Hanse Maschinen GmbH ("Seller") and Suzhou Lianhe Precision Co., Ltd. ("Buyer").
1. PRICE
1.1 The total Contract Price is EUR 1,000,000 (One Million Euros).
1.2 Within ten days of signing, Buyer shall pay a deposit of EUR {deposit} to Seller.
2. DELIVERY
2.1 Seller shall deliver the Equipment to Buyer's plant in Suzhou by June 30, 2025.
2.2 {delay}
3. LIABILITY
3.1 {liability}
4. LAW AND DISPUTES
4.1 This Contract is governed by the laws of the People's Republic of China.
4.2 {disputes}
{extra}
"""


def en_prc(
    deposit: str = "200,000",
    delay: str = "For late delivery Seller shall pay liquidated damages of 0.05% of the Contract Price for each day of delay, capped at 5% of the Contract Price.",
    liability: str = "Seller's aggregate liability shall not exceed the Contract Price, except for death or personal injury or loss caused by gross negligence or wilful misconduct.",
    disputes: str = "Any dispute shall be submitted to the Shanghai International Arbitration Center for arbitration in Shanghai.",
    extra: str = "",
) -> str:
    return EN_PRC.format(
        deposit=deposit, delay=delay, liability=liability, disputes=disputes, extra=extra
    )


EN_GOODS = """EQUIPMENT SUPPLY AGREEMENT

This Equipment Supply Agreement (the "Agreement") is made on January 10, 2025 between Ridgeway Pumps, Inc. ("Supplier") and Harbor Water LLC ("Buyer").
1. PRICE
1.1 The total purchase price is US$400,000, payable within thirty (30) days of delivery.
2. DELIVERY
2.1 {delay}
3. CHANGES
3.1 {changes}
4. LAW
4.1 This Agreement is governed by the laws of the State of {state}.
"""


def en_goods(
    delay: str = "If Supplier delivers late it shall pay liquidated damages of 0.5% of the purchase price per week of delay, up to a maximum of 5% of the purchase price, as Buyer's sole and exclusive remedy for delay.",
    changes: str = "The prices may be changed only by a written amendment signed by both parties.",
    state: str = "Ohio",
) -> str:
    return EN_GOODS.format(delay=delay, changes=changes, state=state)


EN_SERVICES = """CONSULTING SERVICES AGREEMENT

This Consulting Services Agreement (the "Agreement") is made on January 10, 2025 between Northlake Advisory Ltd ("Consultant") and Brightwater Foods Ltd ("Client").
1. FEES
1.1 Client shall pay Consultant fees of £20,000 per month.
2. DELIVERABLES
2.1 {delay}
3. CHANGES
3.1 {changes}
4. LAW
4.1 This Agreement is governed by the laws of {law}.
5. TERM
5.1 This Agreement runs for {term}, from February 1, 2025 to January 31, 2026.
{extra}
"""


def en_services(
    delay: str = "If a Deliverable is late, Consultant shall credit 2% of the monthly fee for each week of delay, up to a maximum of 10% of that fee, as Client's sole remedy for delay.",
    changes: str = "The fees may be changed only by a written amendment signed by both parties.",
    law: str = "England and Wales",
    term: str = "twelve (12) months",
    extra: str = "",
) -> str:
    return EN_SERVICES.format(delay=delay, changes=changes, law=law, term=term, extra=extra)


ZH_BROKERAGE = """二手房买卖居间服务合同

甲方（委托人）：李明
乙方（居间人）：杭州安居房产经纪有限公司

第一条 乙方为甲方寻找位于杭州市西湖区、面积约90平方米的住宅房源，并协助甲方与出卖人订立房屋买卖合同。
第二条 居间服务费
2.1 {fee}
2.2 乙方未能促成房屋买卖合同订立的，不得收取居间服务费，但可以要求甲方支付从事居间活动支出的必要费用，以人民币伍佰元为限。
第三条 违约责任
3.1 乙方隐瞒房屋重要事实的，不得请求支付报酬，并应赔偿甲方损失。
第四条 争议解决
4.1 因本合同引起的争议，向房屋所在地人民法院起诉。
"""

ZH_MANDATE = """进口采购代理委托合同

委托人：杭州明川电子有限公司
受托人：宁波东港国际贸易有限公司

第一条 委托人委托受托人以受托人名义办理进口设备的采购、报关及运输事务。
第二条 {fee}
第三条 受托人应按委托人的指示处理委托事务，并每月报告委托事务的处理情况。
第四条 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

ZH_LEASE = """厂房租赁合同

出租人（甲方）：杭州明川置业有限公司
承租人（乙方）：宁波东港机械有限公司

第一条 租赁物
1.1 甲方将位于杭州市余杭区的厂房一幢（建筑面积2,000平方米）出租给乙方用于机械加工。
第二条 租赁期限
2.1 租赁期限为五年，自2025年3月1日起至2030年2月28日止。
{rent}
第四条 违约责任
4.1 乙方逾期支付租金的，每逾期一日按应付租金的万分之五支付违约金。
第五条 争议解决
5.1 因本合同引起的争议，向厂房所在地人民法院起诉。
"""


ZH_TYPED = """{title}

甲方：杭州明川电子有限公司
乙方：宁波东港机械有限公司

第一条 {subject}
第二条 {fee}
第三条 违约责任
3.1 任何一方违约的，应赔偿对方因此遭受的损失。
第四条 争议解决
4.1 因本合同引起的争议，提交杭州仲裁委员会仲裁。
"""

UNSETTLED = "由双方另行协商确定。"

# (rule, title, subject clause, fee keyword): the positive leaves the fee "to be agreed",
# the negative fixes it; the subject clause carries the type's other essential terms.
TYPED_FEES: list[tuple[str, str, str, str]] = [
    (
        "cn.essential.construction",
        "厂房建设工程施工合同",
        "乙方承建甲方厂房主体工程，工期180日，自2025年4月1日开工；工程质量应达到国家验收合格标准；保修期按国家规定执行。",
        "工程价款",
    ),
    (
        "cn.essential.work",
        "模具加工承揽合同",
        "乙方为甲方加工注塑模具两套，于2025年6月30日前交付，按甲方图纸验收。",
        "加工费",
    ),
    (
        "cn.essential.tech_development",
        "软件系统委托开发合同",
        "乙方为甲方开发仓储管理系统，开发成果的知识产权归甲方所有，甲方按需求说明书验收。",
        "开发费",
    ),
    (
        "cn.essential.property_service",
        "住宅小区物业服务合同",
        "乙方提供保洁、绿化、秩序维护服务，服务期限自2025年1月1日起三年。",
        "物业服务费",
    ),
    (
        "cn.essential.transport",
        "公路货物运输合同",
        "乙方将甲方货物自杭州仓库运至上海港集装箱码头交付。",
        "运费",
    ),
    (
        "cn.essential.franchise",
        "餐饮品牌特许经营合同",
        "甲方许可乙方在杭州市西湖区使用“明川小馆”商标经营餐厅，特许经营期限为三年。",
        "加盟费",
    ),
    (
        "cn.essential.equity_transfer",
        "股权转让协议",
        "甲方将其持有的杭州明川电子有限公司30%的股权转让给乙方。",
        "转让价款",
    ),
    (
        "cn.essential.loan",
        "借款合同",
        "甲方向乙方出借款项，借款期限为一年，到期一次还本。",
        "借款本金",
    ),
    (
        "cn.essential.labour",
        "劳动合同",
        "合同期限为三年，自2025年3月1日起，乙方担任销售经理岗位。",
        "月工资",
    ),
]


def typed_cases() -> list[tuple[str, str, str]]:
    return [
        (
            rule,
            ZH_TYPED.format(title=title, subject=subject, fee=f"{fee}{UNSETTLED}"),
            ZH_TYPED.format(
                title=title, subject=subject, fee=f"{fee}为人民币伍拾万元整（¥500,000.00）。"
            ),
        )
        for rule, title, subject, fee in TYPED_FEES
    ]


NEW_CASES: list[tuple[str, str, str]] = [
    ("cn.amount.share_mismatch", zh_sale(share="350,000"), zh_sale()),
    (
        "cn.date.term_vs_range",
        zh_sale(other="本合同有效期为两年，自2025年3月1日起至2026年2月28日止。"),
        zh_sale(other="本合同有效期为一年，自2025年3月1日起至2026年2月28日止。"),
    ),
    (
        "cn.penalty.per_period_uncapped",
        zh_sale(penalty="乙方逾期交货的，每逾期一日按合同总价款的千分之三支付违约金。"),
        zh_sale(
            penalty="乙方逾期交货的，每逾期一日按合同总价款的千分之三支付违约金，违约金累计不超过合同总价款的10%。"
        ),
    ),
    (
        "cn.standard_terms.unilateral_right",
        zh_sale(other="乙方有权根据原材料市场价格变动情况单方调整合同单价，并以书面通知为准。"),
        zh_sale(other="原材料市场价格变动超过10%的，双方应协商调整合同单价。"),
    ),
    (
        "cn.annex.missing",
        ZH_BUILD.format(waterproof="5年").replace(
            "第四条", "第四条 承包人应按附件三的施工方案施工。"
        ),
        ZH_BUILD.format(waterproof="5年").replace(
            "第四条", "第四条 承包人应按附件一的工程量清单施工。"
        ),
    ),
    (
        "cn.construction.warranty_below_minimum",
        ZH_BUILD.format(waterproof="3年"),
        ZH_BUILD.format(waterproof="5年"),
    ),
    (
        "cn.exemption.reaches_fault",
        zh_sale(
            other="货物在运输途中毁损、灭失的，乙方仅退还运费，不承担其他赔偿责任；即使系乙方的故意或者重大过失造成，亦同。"
        ),
        zh_sale(
            other="货物在运输途中毁损、灭失的，乙方的赔偿以货值为限，但因乙方故意或者重大过失造成的损失除外。"
        ),
    ),
    (
        "cn.penalty.lump_sum_any_breach",
        zh_sale(
            penalty="乙方违反本合同任何一项约定的，应向甲方一次性支付违约金人民币伍拾万元整（¥500,000.00）。"
        ),
        zh_sale(
            penalty="乙方逾期交货超过三十日的，应向甲方支付违约金人民币伍万元整（¥50,000.00），违约金不足以弥补损失的，乙方应补足。"
        ),
    ),
    (
        "cn.penalty.share_on_top_of_full_loss",
        zh_sale(
            penalty="乙方逾期交货超过六十日的，除按日支付逾期违约金外，还应另行向甲方支付相当于合同总价30%的违约金，并赔偿甲方由此遭受的全部损失。"
        ),
        zh_sale(
            penalty="乙方逾期交货超过六十日的，应向甲方支付相当于合同总价30%的违约金；违约金不足以弥补甲方损失的，乙方应赔偿不足部分。"
        ),
    ),
    (
        "cn.deposit.cumulative_with_penalty",
        zh_sale(
            other="乙方违约致使合同解除的，应双倍返还定金，并另行按合同总价款的10%向甲方支付违约金。"
        ),
        zh_sale(
            other="乙方违约致使合同解除的，甲方可以选择要求乙方双倍返还定金或者按合同总价款的10%支付违约金。"
        ),
    ),
    (
        "en.prc.deposit.cumulative_with_penalty",
        en_prc(
            extra="If Buyer breaches, it forfeits the deposit and shall in addition pay liquidated damages of 10% of the Contract Price."
        ),
        en_prc(
            extra="If Buyer breaches, Seller may elect either to retain the deposit or to claim liquidated damages of 10% of the Contract Price, but not both."
        ),
    ),
    (
        "cn.essential.brokerage",
        ZH_BROKERAGE.format(
            fee="居间服务费的收费标准及金额由双方在房屋买卖合同签订时另行以《佣金确认书》确定。"
        ),
        ZH_BROKERAGE.format(
            fee="居间服务费为房屋成交价的1.5%，于房屋买卖合同签订之日起三日内支付。"
        ),
    ),
    (
        "cn.essential.entrustment",
        ZH_MANDATE.format(fee="受托人的代理费由双方另行协商确定。"),
        ZH_MANDATE.format(fee="本委托为无偿委托，受托人不收取报酬。"),
    ),
    (
        "cn.essential.lease",
        ZH_LEASE.format(rent="第三条 租金\n3.1 租金标准按届时市场行情由双方另行商定。"),
        ZH_LEASE.format(
            rent="第三条 租金\n3.1 月租金为人民币捌仟元整（¥8,000.00），每季度首月五日前支付。"
        ),
    ),
    (
        "en.indemnity.cap_reaches_escaping_indemnity",
        en_services(
            extra="6. INDEMNITY\n6.1 Consultant shall indemnify Client against third-party claims that the Deliverables infringe intellectual property rights.\n6.2 The obligations in this Section 6 shall not be limited by any other provision of this Agreement.\n7. LIABILITY\n7.1 Each party's aggregate liability under this Agreement, including under Section 6, shall not exceed the fees paid in the preceding twelve months."
        ),
        en_services(
            extra="6. INDEMNITY\n6.1 Consultant shall indemnify Client against third-party claims that the Deliverables infringe intellectual property rights.\n6.2 The obligations in this Section 6 shall not be limited by any other provision of this Agreement.\n7. LIABILITY\n7.1 Except for the obligations in Section 6, each party's aggregate liability under this Agreement shall not exceed the fees paid in the preceding twelve months."
        ),
    ),
    (
        "en.prc.indemnity.cap_reaches_escaping_indemnity",
        en_prc(
            liability="The Seller's aggregate liability under this Contract, including any indemnity, shall not exceed the Contract Price.",
            extra="The Seller's indemnity for third-party claims shall not be limited by any cap in this Contract.",
        ),
        en_prc(
            liability="Except for its indemnity for third-party claims, the Seller's aggregate liability under this Contract shall not exceed the Contract Price.",
            extra="The Seller's indemnity for third-party claims shall not be limited by any cap in this Contract.",
        ),
    ),
    (
        "en.indemnity.cap_silent",
        en_services(
            extra="6. INDEMNITY\n6.1 Consultant shall indemnify Client against all losses arising from third-party claims that the Deliverables infringe intellectual property rights.\n7. LIABILITY\n7.1 Each party's aggregate liability under this Agreement shall not exceed the fees paid in the preceding twelve months."
        ),
        en_services(
            extra="6. INDEMNITY\n6.1 Consultant shall indemnify Client against all losses arising from third-party claims that the Deliverables infringe intellectual property rights.\n6.2 Consultant's obligations under this Section 6 are subject to the limitation in Section 7.\n7. LIABILITY\n7.1 Each party's aggregate liability under this Agreement shall not exceed the fees paid in the preceding twelve months."
        ),
    ),
    (
        "en.amount.share_mismatch",
        en_goods().replace(
            "payable within thirty (30) days of delivery",
            "of which 30% of the purchase price, i.e. US$150,000, is payable on signing",
        ),
        en_goods().replace(
            "payable within thirty (30) days of delivery",
            "of which 30% of the purchase price, i.e. US$120,000, is payable on signing",
        ),
    ),
    (
        "en.date.term_vs_range",
        en_services(term="two (2) years"),
        en_services(),
    ),
    (
        "en.liquidated_damages.penalty_services",
        en_services(
            law="the State of New York",
            delay="Consultant shall pay liquidated damages of $5,000 per day of delay as a penalty, regardless of Client's actual loss.",
        ),
        en_services(law="the State of New York"),
    ),
    (
        "en.liquidated_damages.penalty_england",
        en_services(
            delay="Consultant shall pay liquidated damages of £5,000 per day of delay as a penalty, regardless of Client's actual loss."
        ),
        en_services(),
    ),
    (
        "en.amendment.unilateral_common_law",
        en_services(
            changes="Consultant may amend this Agreement at any time by posting a revised version on its website."
        ),
        en_services(),
    ),
    (
        "en.amendment.unilateral_right",
        en_services(
            changes="Consultant may, at its sole discretion, revise the fees for any reason by notice to Client."
        ),
        en_services(),
    ),
    (
        "en.annex.missing",
        en_services(
            extra="SCHEDULE A SERVICES\n6.1 Consultant shall meet the standards in Schedule C."
        ),
        en_services(
            extra="SCHEDULE A SERVICES\n6.1 Consultant shall meet the standards in Schedule A."
        ),
    ),
    (
        "en.liquidated_damages.per_period_uncapped",
        en_goods(
            delay="If Supplier delivers late it shall pay liquidated damages of 2% of the purchase price for each day of delay."
        ),
        en_goods(),
    ),
    (
        "en.liquidated_damages.per_period_uncapped_england",
        en_services(
            delay="If a Deliverable is late, Consultant shall pay liquidated damages of £2,000 for each day of delay."
        ),
        en_services(),
    ),
    (
        "en.liquidated_damages.any_breach_or_cumulative",
        en_goods(
            delay="For any breach of this Agreement Supplier shall pay liquidated damages of US$50,000, in addition to any other damages."
        ),
        en_goods(),
    ),
    (
        "en.liquidated_damages.any_breach_or_cumulative_england",
        en_services(
            delay="For any breach of this Agreement Consultant shall pay liquidated damages of £50,000, in addition to any other damages."
        ),
        en_services(),
    ),
    (
        "en.prc.exemption.personal_injury_or_gross_fault",
        en_prc(
            liability="Seller shall not be liable for death or personal injury caused by the Equipment."
        ),
        en_prc(),
    ),
    (
        "en.prc.exemption.reaches_fault",
        en_prc(
            liability="Seller's liability for loss of or damage to the goods is limited to the freight, howsoever caused."
        ),
        en_prc(),
    ),
    ("en.prc.deposit.over_20_percent", en_prc(deposit="300,000"), en_prc()),
    (
        "en.prc.penalty.share_of_price",
        en_prc(
            delay="If Seller fails to deliver, Seller shall pay liquidated damages of 40% of the Contract Price."
        ),
        en_prc(),
    ),
    (
        "en.prc.penalty.per_period_uncapped",
        en_prc(
            delay="For late delivery Seller shall pay liquidated damages of 0.5% of the Contract Price for each day of delay."
        ),
        en_prc(),
    ),
    (
        "en.prc.dispute.arbitration_or_court",
        en_prc(
            disputes="Any dispute shall be submitted either to the Shanghai International Arbitration Center for arbitration or to the people's court where Buyer is located."
        ),
        en_prc(),
    ),
    (
        "en.prc.arbitration.institution_unclear",
        en_prc(disputes="Any dispute shall be submitted to an arbitration commission in Shanghai."),
        en_prc(),
    ),
    (
        "en.prc.arbitration.two_institutions",
        en_prc(
            disputes="Any dispute shall be settled by arbitration administered by the Shanghai "
            "International Arbitration Center or by the China International Economic and Trade "
            "Arbitration Commission."
        ),
        en_prc(),
    ),
    (
        "en.prc.standard_terms.unilateral_right",
        en_prc(
            extra="5.1 Seller may adjust the Contract Price at any time at its sole discretion."
        ),
        en_prc(),
    ),
    (
        "en.prc.amount.words_vs_figures",
        en_prc().replace("(One Million Euros)", "(One Million Two Hundred Thousand Euros)"),
        en_prc(),
    ),
    (
        "en.prc.amount.share_mismatch",
        en_prc(
            extra="5.1 Buyer shall pay 30% of the Contract Price, i.e. EUR 350,000, on delivery."
        ),
        en_prc(
            extra="5.1 Buyer shall pay 30% of the Contract Price, i.e. EUR 300,000, on delivery."
        ),
    ),
    (
        "en.prc.amount.parts_vs_stated_sum",
        en_prc(
            extra="5. PAYMENT\n5.1 Buyer shall pay EUR 300,000 on signing.\n5.2 Buyer shall pay EUR 600,000 on delivery.\n5.3 The above instalments together make the total of EUR 1,000,000."
        ),
        en_prc(
            extra="5. PAYMENT\n5.1 Buyer shall pay EUR 400,000 on signing.\n5.2 Buyer shall pay EUR 600,000 on delivery.\n5.3 The above instalments together make the total of EUR 1,000,000."
        ),
    ),
    (
        "en.prc.date.end_before_start",
        en_prc(extra="5.1 The warranty runs from July 1, 2025 to June 30, 2024."),
        en_prc(extra="5.1 The warranty runs from July 1, 2025 to June 30, 2026."),
    ),
    (
        "en.prc.date.term_vs_range",
        en_prc(
            extra="5.1 The term of this Contract is two (2) years, from March 3, 2025 to March 2, 2026."
        ),
        en_prc(
            extra="5.1 The term of this Contract is one (1) year, from March 3, 2025 to March 2, 2026."
        ),
    ),
    (
        "en.prc.party.name_variant",
        en_prc(extra="5.1 Hanse Werkzeug GmbH shall issue the invoices."),
        en_prc(extra="5.1 Hanse Maschinen GmbH shall issue the invoices."),
    ),
    (
        "en.prc.annex.missing",
        en_prc(
            extra="Annex 1 Technical Specification\n5.1 Seller shall meet the tests in Annex 3."
        ),
        en_prc(
            extra="Annex 1 Technical Specification\n5.1 Seller shall meet the tests in Annex 1."
        ),
    ),
    (
        "cn.date.named_event_twice",
        zh_sale(
            other="本合同所称“交付日”指2025年5月30日；乙方应自交付日即2025年6月30日起提供保修服务。"
        ),
        zh_sale(
            other="本合同所称“交付日”指2025年5月30日；乙方应自交付日即2025年5月30日起提供保修服务。"
        ),
    ),
    (
        "en.date.named_event_twice",
        en_services(
            extra='6.1 The services start on February 1, 2025 (the "Commencement Date").\n6.2 Fees accrue from the Commencement Date of March 1, 2025.'
        ),
        en_services(
            extra='6.1 The services start on February 1, 2025 (the "Commencement Date").\n6.2 Fees accrue from the Commencement Date of February 1, 2025.'
        ),
    ),
    (
        "en.prc.date.named_event_twice",
        en_prc(
            extra='5.1 Delivery is complete on June 30, 2025 (the "Acceptance Date").\n5.2 The warranty runs from the Acceptance Date of July 30, 2025.'
        ),
        en_prc(
            extra='5.1 Delivery is complete on June 30, 2025 (the "Acceptance Date").\n5.2 The warranty runs from the Acceptance Date of June 30, 2025.'
        ),
    ),
    (
        "cn.amount.table_total",
        zh_sale(
            other="付款计划如下：\n期次 | 比例 | 金额（元）\n第一期 | 30% | 300,000.00\n第二期 | 60% | 600,000.00\n第三期 | 10% | 50,000.00\n合计 | 100% | 1,000,000.00"
        ),
        zh_sale(
            other="付款计划如下：\n期次 | 比例 | 金额（元）\n第一期 | 30% | 300,000.00\n第二期 | 60% | 600,000.00\n第三期 | 10% | 100,000.00\n合计 | 100% | 1,000,000.00"
        ),
    ),
    (
        "en.amount.table_total",
        en_services(
            extra="| Quarter | Q1 | Q2 | Q3 | Q4 | Annual Total |\n| 2025 | 50,000 | 50,000 | 60,000 | 60,000 | 240,000 |"
        ),
        en_services(
            extra="| Quarter | Q1 | Q2 | Q3 | Q4 | Annual Total |\n| 2025 | 50,000 | 50,000 | 60,000 | 60,000 | 220,000 |"
        ),
    ),
    (
        "en.prc.amount.table_total",
        en_prc(
            extra="| Item | Price (EUR) |\n| Machine | 900,000 |\n| Tooling | 150,000 |\n| Total | 1,000,000 |"
        ),
        en_prc(
            extra="| Item | Price (EUR) |\n| Machine | 850,000 |\n| Tooling | 150,000 |\n| Total | 1,000,000 |"
        ),
    ),
    (
        "cn.date.term_vs_expiry",
        zh_sale(other="本合同有效期为两年，自2025年3月1日起生效；本合同到期日为2026年2月28日。"),
        zh_sale(other="本合同有效期为两年，自2025年3月1日起生效；本合同到期日为2027年2月28日。"),
    ),
    (
        "en.date.term_vs_expiry",
        en_services(
            extra="6.1 Term: twenty-four (24) full calendar months, beginning on the Commencement Date.\n6.2 Commencement Date: March 1, 2025.\n6.3 Expiration Date: February 28, 2026."
        ),
        en_services(
            extra="6.1 Term: twenty-four (24) full calendar months, beginning on the Commencement Date.\n6.2 Commencement Date: March 1, 2025.\n6.3 Expiration Date: February 28, 2027."
        ),
    ),
    (
        "en.prc.date.term_vs_expiry",
        en_prc(
            extra="5.1 Term: twenty-four (24) months, beginning on the Effective Date.\n5.2 Effective Date: March 3, 2025.\n5.3 Expiry Date: March 2, 2026."
        ),
        en_prc(
            extra="5.1 Term: twenty-four (24) months, beginning on the Effective Date.\n5.2 Effective Date: March 3, 2025.\n5.3 Expiry Date: March 2, 2027."
        ),
    ),
]
NEW_CASES += typed_cases()

ZH_INSTALL = """设备买卖合同

买受人（甲方）：宁波华辰塑胶制品有限公司
出卖人（乙方）：广东瑞达智能装备有限公司

第五条 交货
5.1 乙方应于2026年5月25日将设备运至甲方工厂交付。
第六条 安装
6.1 乙方应自设备运抵交货地点之日起安排技术人员进场安装，安装调试工作应于{done}前全部完成。
第七条 本合同争议提交宁波仲裁委员会仲裁。
"""
EN_CAP_CARVE_OUT = """8. WARRANTIES
8.1 Seller warrants that the Equipment will perform materially in accordance with its specification for twelve (12) months.
9. INDEMNIFICATION
9.1 Seller shall defend and indemnify Buyer against any third-party claim that the Equipment infringes a patent.
11. LIMITATION OF LIABILITY
11.1 The limitation of liability in this Agreement shall not apply to Seller's indemnification obligations under Section {target}."""

NEW_CASES += [
    (
        "cn.date.deadline_before_trigger",
        ZH_INSTALL.format(done="2026年5月18日"),
        ZH_INSTALL.format(done="2026年6月18日"),
    ),
    (
        "en.indemnity.carve_out_misses_indemnity",
        en_services(extra=EN_CAP_CARVE_OUT.format(target="8.1")),
        en_services(extra=EN_CAP_CARVE_OUT.format(target="9.1")),
    ),
    (
        "en.prc.indemnity.carve_out_misses_indemnity",
        en_prc(extra=EN_CAP_CARVE_OUT.format(target="8.1")),
        en_prc(extra=EN_CAP_CARVE_OUT.format(target="9.1")),
    ),
]


EN_LEASE = """EQUIPMENT LEASE CONTRACT

This Equipment Lease Contract is made on 1 March 2025 between Sunroof Energy Co., Ltd. (the "Lessor") and Huqiu Textiles Co., Ltd. (the "Lessee").
1. Lease Term
1.1 The lease term under this Contract shall be {years}, counted from the Commissioning Date.
2. Rent
2.1 The annual Rent is RMB 486,000, payable quarterly in advance.
3. Governing Law
3.1 This Contract is governed by the laws of {law}.
"""
