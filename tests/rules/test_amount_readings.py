"""Figures that are not what an amount check took them for, from the seven held-out contracts
moved to dev in the seventeenth session: a cap named as a share of the price, a floor of
insurance cover, a total row whose last column is VAT-inclusive, a balance worked from one
named fee, a deposit paid in two tranches, deposits credited from another clause, an equipment
hire's "quantity x monthly rent x months" subtotal, a breakdown line with a long label. Each
lawful reading has a twin where the figures really disagree, so the check still fires."""

from __future__ import annotations

from tests.rules.helpers import Stages, rule_ids

EN_LD_CAP = """SOFTWARE DEVELOPMENT AGREEMENT

This Agreement is made on 3 March 2025 between Harbour Health Ltd (the "Customer") and Fieldline Software Ltd (the "Supplier").
1.6 "Contract Price" means the fixed price of £486,000 exclusive of VAT for the development services.
5.4 If Acceptance has not occurred by the Go-Live Date, the Supplier shall pay liquidated damages of £2,430 (being 0.5% of the Contract Price) for each complete week of delay, up to a maximum of £48,600 (being 10% of the Contract Price).
9.1 {restated}
15.1 This Agreement is governed by the laws of England and Wales.
"""


def test_a_cap_named_as_a_share_of_the_price_is_not_the_price_restated(stages: Stages) -> None:
    lawful = EN_LD_CAP.format(restated="All sums are exclusive of VAT.")
    restated = EN_LD_CAP.format(restated="The total Contract Price payable is £468,000.")
    assert "en.amount.total_restated" not in rule_ids(stages, lawful)
    assert "en.amount.total_restated" in rule_ids(stages, restated)


ZH_FITOUT = """酒店装修工程施工合同

发包人（甲方）：杭州澜庭酒店管理有限公司
承包人（乙方）：浙江筑美装饰工程有限公司

4.1 合同暂定总价为人民币壹仟贰佰叁拾肆万伍仟陆佰元整（¥12,345,600.00），含9%增值税。
14.1 乙方应投保建筑工程一切险，保险金额不低于合同暂定总价，第三者责任险每次事故赔偿限额不低于人民币伍佰万元。
{restated}
20.1 因本合同引起的争议，向工程所在地人民法院起诉。
"""


def test_a_floor_of_insurance_cover_is_not_the_price(stages: Stages) -> None:
    lawful = ZH_FITOUT.format(restated="")
    restated = ZH_FITOUT.format(
        restated="15.1 本合同总价为人民币壹仟贰佰万元整（¥12,000,000.00）。"
    )
    assert "cn.amount.total_restated" not in rule_ids(stages, lawful)
    assert "cn.amount.total_restated" in rule_ids(stages, restated)


EN_MILESTONES = """SOFTWARE DEVELOPMENT AGREEMENT

This Agreement is made on 3 March 2025 between Harbour Health Ltd (the "Customer") and Fieldline Software Ltd (the "Supplier").
1.6 "Contract Price" means the fixed price of £486,000 exclusive of VAT, payable by Milestone in accordance with Schedule 2.
15.1 This Agreement is governed by the laws of England and Wales.

SCHEDULE 2
Milestone | Share | Amount excluding VAT | VAT at 20% | Amount including VAT
M1 | 40% | £194,400 | £38,880 | £233,280
M2 | 60% | £291,600 | £58,320 | £349,920
Total | 100% | {net} | {vat} | {gross}
"""


def test_a_total_row_whose_last_column_adds_vat_still_shows_the_price(stages: Stages) -> None:
    lawful = EN_MILESTONES.format(net="£486,000", vat="£97,200", gross="£583,200")
    off = EN_MILESTONES.format(net="£468,000", vat="£93,600", gross="£561,600")
    assert "en.amount.table_total_vs_price" not in rule_ids(stages, lawful)
    assert "en.amount.table_total_vs_price" in rule_ids(stages, off)


ZH_FRANCHISE = """便利店特许经营合同

特许人（甲方）：上海悦邻便利连锁有限公司
被特许人（乙方）：苏州禾泰商贸有限公司

第十一条 费用构成。乙方应向甲方支付以下费用：（一）加盟费人民币壹拾捌万元整（¥180,000.00）；（二）首期培训费人民币叁万捌仟元整（¥38,000.00）；（三）保证金人民币壹拾捌万元整（¥180,000.00）。本合同总价款为人民币叁拾玖万捌仟元整（¥398,000.00）。
第十二条 定金。乙方应于本合同签订之日起3日内向甲方支付定金人民币壹拾贰万元整（¥120,000.00），乙方按约支付加盟费时，定金抵作加盟费。
第十三条 付款时间。加盟费扣除定金后的余额人民币{balance}，应于门店开始装修前一次性付清。
第二十条 因本合同引起的争议，提交上海仲裁委员会仲裁。
"""


def test_a_balance_worked_from_one_named_fee_is_read_against_that_fee(stages: Stages) -> None:
    lawful = ZH_FRANCHISE.format(balance="陆万元整（¥60,000.00）")
    wrong = ZH_FRANCHISE.format(balance="柒万元整（¥70,000.00）")
    assert "cn.amount.balance_after_deduction" not in rule_ids(stages, lawful)
    assert "cn.amount.balance_after_deduction" in rule_ids(stages, wrong)


ZH_WORK = """定作合同

定作人（甲方）：江苏禾润生物科技有限公司
承揽人（乙方）：常州恒拓容器制造有限公司

第五条 合同价款。本合同总价为人民币壹佰肆拾万元整（¥1,400,000.00）。
第六条 定金。为担保本合同的履行，甲方分两笔向乙方支付定金：第一笔人民币壹拾捌万元（¥180,000.00），于本合同签订之日起5个工作日内支付；第二笔人民币壹拾伍万元（¥150,000.00），于施工图确认之日起5个工作日内支付。本合同履行后定金抵作价款。
第七条 付款方式。合同价款按以下节点支付：（一）甲方依第六条支付的两笔定金，在定作物交付后抵作相应价款；（二）主材到厂后7日内，甲方支付人民币420,000元；（三）验收合格后15日内，甲方支付人民币{third}元；（四）质保期满后支付人民币70,000元。
第二十条 因本合同引起的争议，向甲方所在地人民法院起诉。
"""


def test_a_deposit_in_tranches_and_deposits_credited_as_instalments(stages: Stages) -> None:
    lawful = ZH_WORK.format(third="580,000")
    short = ZH_WORK.format(third="480,000")
    assert "cn.amount.instalments_vs_total" not in rule_ids(stages, lawful)
    assert "cn.amount.instalments_vs_total" in rule_ids(stages, short)


ZH_HIRE = """设备租赁合同

出租人（甲方）：湖南中联起重设备租赁有限公司
承租人（乙方）：中建五局第三建设有限公司

第三条 租金见附件一，租赁期六个月。
第二十条 因本合同引起的争议，向甲方所在地人民法院起诉。

附件一：租赁设备清单及费用标准
序号 | 设备名称 | 数量（台） | 月租金（元/台） | 租赁月数 | 租金小计（元）
1 | 履带式起重机 | 1 | 128,000 | 6 | 768,000
2 | 汽车起重机 | 2 | 36,000 | 6 | {subtotal}
"""


def test_quantity_times_monthly_rent_times_months_is_a_subtotal(stages: Stages) -> None:
    assert "cn.amount.table_total" not in rule_ids(stages, ZH_HIRE.format(subtotal="432,000"))
    assert "cn.amount.table_total" in rule_ids(stages, ZH_HIRE.format(subtotal="423,000"))


ZH_WORKS = """建设工程施工合同

发包人：合肥瀚宇新能源科技有限公司
承包人：安徽建工集团股份有限公司

5.1 签约合同价为人民币捌仟叁佰陆拾万元整（¥83,600,000.00）。
18.2 因本合同发生的争议，向合肥仲裁委员会申请仲裁。

附件一：承包范围及价格组成表（单位：人民币元）
厂房部分（1#生产厂房）土建及钢结构工程、给排水、电气、消防、通风空调：61,200,000.00
办公楼部分（2#综合办公楼）土建、安装及装修工程：15,800,000.00
室外道路、管网、绿化等总体工程：6,600,000.00
合计：{total}
"""


def test_a_breakdown_line_with_a_long_label_is_one_of_the_parts(stages: Stages) -> None:
    assert "cn.amount.table_total" not in rule_ids(stages, ZH_WORKS.format(total="83,600,000.00"))
    assert "cn.amount.table_total" in rule_ids(stages, ZH_WORKS.format(total="84,600,000.00"))
