"""Twins of the misses and the false alarm on batch AC's dev contracts (thirty-first session):
each defect as a fact the check reads, and beside it the lawful version. The texts are written
here, not copied."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


FULL_DUTY = "cn.cap.full_amount_duty_not_excepted"

_ZH_CARRIAGE = """货物运输合同

托运人（甲方）：宁波远帆贸易有限公司
承运人（乙方）：宁波顺达物流有限公司

第八条 【运费】运费按附件一结算，甲方应于每月十日前足额支付上月运费。
第十一条 【第三方索赔】因乙方车辆在运输途中发生交通事故，致使第三人向甲方主张权利的，乙方应负责处理；甲方因此支付的赔偿款及合理律师费，{bearer}据实全额承担。
第十二条 【责任限额】{capped}在本合同项下承担的全部赔偿责任，包括货损赔偿、违约金及其他一切损失赔偿，每一合同年度累计不超过人民币伍拾万元整。但因故意或者重大过失造成的损失{excepted}，不受前述限额的约束。
第十三条 本合同争议提交宁波仲裁委员会仲裁。
"""


def _carriage(
    bearer: str = "均由乙方",
    capped: str = "乙方",
    excepted: str = "以及第十一条约定的第三方索赔补偿",
) -> str:
    return _ZH_CARRIAGE.format(bearer=bearer, capped=capped, excepted=excepted)


def test_a_third_party_loss_borne_in_full_under_a_cap_on_all_liability(stages: Stages) -> None:
    assert FULL_DUTY in rule_ids(stages, _carriage(excepted=""))
    assert FULL_DUTY in rule_ids(stages, _carriage(capped="任何一方", excepted=""))
    # the cap's exceptions name the duty's clause: the two terms agree
    assert FULL_DUTY not in rule_ids(stages, _carriage())
    # the cap protects the carrier; the duty falls on the shipper
    assert FULL_DUTY not in rule_ids(stages, _carriage(bearer="由甲方", excepted=""))
    # fees paid in full are a payment, not a loss ("足额支付上月运费" stays silent above)


_ZH_POWER = """供用电合同

供电人：江南供电有限公司
用电人：江南精密铸造有限公司

第五条 供电人因计划检修需要停电的，应提前七日书面通知用电人；供电人未按前述期限通知而停电的，应足额赔偿用电人因此发生的停产损失及设备损坏等全部实际损失{own_limit}。
第十九条 供电人依本合同对用电人承担的赔偿责任按电度电费的五倍计算。前述标准为供电人在本合同项下承担赔偿责任的最高限额，但造成用电人人身损害的，不受前述限额限制。
第二十条 本合同争议提交杭州仲裁委员会仲裁。
"""


def test_a_cap_stated_as_the_highest_limit_of_liability_meets_a_duty_to_pay_in_full(
    stages: Stages,
) -> None:
    assert FULL_DUTY in rule_ids(stages, _ZH_POWER.format(own_limit=""))
    # the duty's own clause says it stands within the limit
    limited = _ZH_POWER.format(own_limit="；该赔偿以第十九条约定的最高限额为限")
    assert FULL_DUTY not in rule_ids(stages, limited)


_ZH_DATA_SERVICE = """运维服务合同

甲方：杭州云衡科技有限公司
乙方：杭州数安运维服务有限公司

第十三条 【数据事故责任】因乙方违反第十二条约定导致甲方数据丢失的，乙方应赔偿甲方因此遭受的全部损失，包括数据恢复费用、第三方索赔金额及行政罚款。
第十四条 【保密】双方应对本合同内容保密。
第十七条 【责任限制】任何一方的违约赔偿责任累计不超过本合同服务费总额的50%。下列情形不适用前述限额：一方故意或者重大过失造成的损失；违反第十四条保密义务造成的损失{excepted}。
第十八条 本合同争议提交杭州仲裁委员会仲裁。
"""


def test_a_bracketed_heading_is_the_subject_the_exceptions_are_compared_with(
    stages: Stages,
) -> None:
    # "违反第十二条" in clause 13's first words and "违反第十四条" in the exceptions share
    # "违反第十"; that is no exception of clause 13
    assert FULL_DUTY in rule_ids(stages, _ZH_DATA_SERVICE.format(excepted=""))
    excepted = _ZH_DATA_SERVICE.format(excepted="；数据事故造成的损失")
    assert FULL_DUTY not in rule_ids(stages, excepted)


_ZH_SOFTWARE = """软件开发合同

甲方：苏州明德软件科技有限公司
乙方：苏州启明信息技术有限公司

5.4 乙方保证开发成果不侵犯任何第三方的知识产权。第三方就开发成果向甲方主张侵权的，乙方应当负责处理并赔偿甲方因此遭受的全部损失，包括甲方支付的赔偿金和合理的律师费。
8.4 除本条第8.5款另有规定外，任何一方在本合同项下承担的赔偿责任总额不超过合同总价。
8.5 下列责任不受第8.4款的限制：一方因故意或者重大过失造成对方财产损失的责任；{listed}。
9.1 本合同争议提交苏州仲裁委员会仲裁。
"""


def test_exceptions_set_out_in_another_sub_clause_that_names_the_duty(stages: Stages) -> None:
    named = _ZH_SOFTWARE.format(listed="乙方依照第5.4款承担的侵权赔偿责任")
    assert FULL_DUTY not in rule_ids(stages, named)
    assert FULL_DUTY in rule_ids(stages, _ZH_SOFTWARE.format(listed="造成人身伤亡的责任"))


ESCAPES_CAP = "en.indemnity.cap_reaches_escaping_indemnity"

_EN_MSA = """MASTER SERVICES AGREEMENT

This Agreement is made between Northwind Systems Inc. ("Provider") and Harbor Retail LLC ("Customer").

9. INDEMNIFICATION

9.1 Provider shall defend Customer against any claim by a third party alleging that the Services infringe that third party's patent or copyright (an "Infringement Claim"), and shall indemnify Customer against all Losses finally awarded in settlement of an Infringement Claim{bearing}.

10. LIMITATION OF LIABILITY

10.2 Except in respect of the Excluded Matters, each party's total aggregate liability for all claims arising out of or relating to this Agreement, whether in contract, tort, under any indemnity or otherwise, shall not exceed Two Million Dollars (US$2,000,000).

10.3 The "Excluded Matters" are: (a) liability for death or bodily injury caused by negligence; and (b) liability for fraud or wilful misconduct.

11. GOVERNING LAW

11.1 This Agreement is governed by the laws of the State of New York.
"""


def test_an_indemnity_borne_whatever_its_amount_under_a_cap_that_takes_in_any_indemnity(
    stages: Stages,
) -> None:
    escaping = _EN_MSA.format(bearing=", which Provider shall bear in full whatever their amount")
    assert ESCAPES_CAP in rule_ids(stages, escaping)
    irrespective = _EN_MSA.format(bearing=", irrespective of their amount")
    assert ESCAPES_CAP in rule_ids(stages, irrespective)
    assert ESCAPES_CAP not in rule_ids(stages, _EN_MSA.format(bearing=""))


ONE_PARTY = "en.liability.cap_released_for_one_party"

_EN_CONSULTANCY = """CONSULTANCY AGREEMENT

This Agreement is made between Fenwick Advisory Limited (the "Consultant") and Marlow Foods plc (the "Client").

6. FEES

6.1 The Client shall pay the Project Fee of £186,000.

12. INDEMNITIES

12.1 The Consultant shall indemnify the Client against all losses arising from any third-party claim that the Deliverables infringe that third party's Intellectual Property Rights.

12.2 Each party shall indemnify the other against all losses arising from its breach of Clause 9.4.

13. LIMITATION OF LIABILITY

13.3 Each party's total aggregate liability arising under or in connection with this Agreement shall not exceed an amount equal to the total Fees paid and payable under this Agreement.

13.4 The limit in Clause 13.3 does not apply to {released}.

14. GOVERNING LAW

14.1 This Agreement is governed by the law of England and Wales.
"""


def test_a_carve_out_into_a_separate_limit_leaves_no_party_uncapped(stages: Stages) -> None:
    separate = (
        "the Client's obligation to pay Fees properly due under Clause 6, or to the Consultant's "
        "liability under the indemnity in Clause 12.1, which is subject instead to the separate "
        "limit of £1,000,000 stated in Clause 12.4. Liability under the indemnity in Clause 12.2 "
        "falls within the limit in Clause 13.3"
    )
    assert ONE_PARTY not in rule_ids(stages, _EN_CONSULTANCY.format(released=separate))
    # the Consultant's liability for a run of four clauses is released: in effect uncapped
    wide = "the Consultant's liability under Clauses 3, 4, 5 and 7"
    assert ONE_PARTY in rule_ids(stages, _EN_CONSULTANCY.format(released=wide))


# three held-out contracts with a missed indemnity/cap conflict, moved to dev and read
UNCAPPED_DUTY = "cn.cap.uncapped_duty_not_excepted"

_ZH_FITOUT = """装饰装修工程施工合同

发包人（甲方）：上海启航置业有限公司
承包人（乙方）：上海华饰建筑装饰工程有限公司

第十九条【第三方损害】乙方施工造成第三人财产损失，第三人因此向甲方主张权利的，乙方应全额赔偿甲方因此支付的赔偿款及合理的律师费{escape}。
第二十二条【责任限额】任何一方在本合同项下承担的全部违约责任及赔偿责任累计不超过合同总价的20%。但因一方故意或者重大过失造成对方财产损失的赔偿{excepted}，不受本条限额的限制。
第二十三条 本合同争议提交上海仲裁委员会仲裁。
"""


def test_a_duty_said_to_be_free_of_the_contract_price_under_a_cap_of_a_share_of_it(
    stages: Stages,
) -> None:
    escaping = _ZH_FITOUT.format(escape="，不受本合同价款数额的限制", excepted="")
    assert UNCAPPED_DUTY in rule_ids(stages, escaping)
    excepted = _ZH_FITOUT.format(
        escape="，不受本合同价款数额的限制", excepted="、第十九条约定的赔偿"
    )
    assert UNCAPPED_DUTY not in rule_ids(stages, excepted)
    for other_words in ("，赔偿金额不受任何限制", "，该项赔偿无上限", "，不以合同总价为限"):
        assert UNCAPPED_DUTY in rule_ids(stages, _ZH_FITOUT.format(escape=other_words, excepted=""))
    # "包括但不以此为限" lists examples; it escapes nothing
    listing = _ZH_FITOUT.format(escape="，包括但不以此为限", excepted="")
    assert UNCAPPED_DUTY not in rule_ids(stages, listing)


_ZH_RESEARCH = """技术合作开发合同

甲方：苏州纳微材料科技有限公司
乙方：苏州大学先进材料研究所

第十二条 知识产权保证。因一方违反前述保证导致另一方被第三方提起侵权主张的，违约方应全额赔偿另一方因此遭受的全部损失，该等赔偿不受本合同任何责任限额的限制。
第十五条 保密。双方应对技术秘密保密。
第十七条 责任限制。除因违反第十五条保密义务所产生的责任{included}外，任何一方在本合同项下承担的违约责任及赔偿责任（包括{taken}项下的赔偿责任）累计总额不超过人民币伍佰万元整。
第十八条 本合同争议提交苏州仲裁委员会仲裁。
"""


def test_a_cap_that_names_the_uncapped_duty_to_take_it_in(stages: Stages) -> None:
    taken_in = _ZH_RESEARCH.format(included="", taken="第十二条")
    assert UNCAPPED_DUTY in rule_ids(stages, taken_in)
    excepted = _ZH_RESEARCH.format(included="及第十二条约定的赔偿", taken="第十六条")
    assert UNCAPPED_DUTY not in rule_ids(stages, excepted)


_ZH_CAR_HIRE = """汽车租赁合同

出租人（甲方）：杭州畅行汽车租赁有限公司
承租人（乙方）：王明

6.4 租赁车辆因碰撞受损的，乙方应当将车辆送至甲方指定的维修厂维修。{whoever}乙方均应按甲方指定维修厂出具的维修结算单全额承担维修费用。
7.2 乙方已选购无忧保障服务的，乙方就每次事故承担的车辆维修费用以人民币1,500元为限，超出部分由甲方自行承担。
8.1 本合同争议提交杭州仲裁委员会仲裁。
"""


def test_a_cost_borne_in_full_beside_a_ceiling_on_that_same_cost(stages: Stages) -> None:
    both = _ZH_CAR_HIRE.format(whoever="无论乙方是否选购无忧保障服务，")
    assert FULL_DUTY in rule_ids(stages, both)
    # the duty yields to the ceiling in its own words
    own = both.replace(
        "全额承担维修费用。", "全额承担维修费用，但第7.2条另有约定的，以该条约定的限额为准。"
    )
    assert FULL_DUTY not in rule_ids(stages, own)


ESCAPES = "en.indemnity.cap_reaches_escaping_indemnity"


@pytest.mark.parametrize(
    "words",
    [
        ", without any financial limit",
        ", and that indemnity shall not be capped",
        ", and Provider shall remain fully liable for them",
        " to the full extent of such Losses",
        ", however large",
        ", which shall not count towards the cap",
    ],
)
def test_other_words_for_an_indemnity_without_a_ceiling(stages: Stages, words: str) -> None:
    assert ESCAPES in rule_ids(stages, _EN_MSA.format(bearing=words))


def test_an_indemnity_that_accepts_the_cap_save_for_the_carve_outs_escapes_nothing(
    stages: Stages,
) -> None:
    accepted = _EN_MSA.format(
        bearing=". Provider's liability under this Section 9.1 is subject to the cap in Section "
        "10.2, except for liability of the kinds listed in Section 10.3, which is not capped"
    )
    assert ESCAPES not in rule_ids(stages, accepted)


RESTATED = "cn.amount.schedule_total_restated"

_ZH_STORAGE = """仓储保管合同

存货人（甲方）：上海星演文化传播有限公司
保管人（乙方）：上海安储仓储服务有限公司

第四条 保管费按附件二支付。
附件二：保管费支付计划
期次 | 对应保管期间 | 应付保管费（元） | 定金抵扣（元） | 实付金额（元）
第一期 | 2025年3月1日至2025年8月31日 | 216,000.00 | 0.00 | 216,000.00
第二期 | 2025年9月1日至2026年2月28日 | 216,000.00 | 86,400.00 | 129,600.00
合计 | 2025年3月1日至2026年2月28日 | 432,000.00 | 86,400.00 | 345,600.00
注：定金人民币86,400.00元已于本合同签订之日起五个工作日内另行支付，与上表实付金额合计为人民币{total}元。
"""


def test_a_sum_said_to_be_a_figure_and_the_tables_column_together(stages: Stages) -> None:
    """Dev zh_y03 (clean), once its PDF's note stood on its own line: the deposit plus the
    column's total is the whole fee, not a second total of the column."""
    assert RESTATED not in rule_ids(stages, _ZH_STORAGE.format(total="432,000.00"))
    assert RESTATED in rule_ids(stages, _ZH_STORAGE.format(total="350,000.00"))
