"""Facts read across a Chinese franchise contract: a named fee's instalments against that fee's
own amount; an opening deadline counted from signing against the annex timetable; a royalty rate
left to "market conditions"; and a party's alias note that is no second name. Each has a lawful
twin. Then two English layouts a PDF produces: a wrapped "90 days" line and a carve-out written
"Neither … nor … applies to"."""

from __future__ import annotations

import pytest

from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.rules.helpers import Stages, rule_ids

_FRANCHISE = """“禾丰小馆”品牌特许经营合同

签订日期：2025年3月10日
特许人（甲方）：上海禾丰餐饮管理有限公司（以下亦称“禾丰总部”）
被特许人（乙方）：苏州悦食餐饮有限公司

第六条 乙方应向甲方支付一次性加盟费人民币壹拾捌万元整（¥180,000.00）。
第七条 乙方应按月向甲方支付特许经营使用费，以当月营业额为计算基数，{royalty}。
第八条 加盟费分两期支付：第一期于本合同签订后五个工作日内支付人民币108,000.00元；第二期于开业验收合格后五个工作日内支付人民币{second}元。
第十三条 乙方应自本合同签订之日起{days}日内完成加盟门店的装修并正式对外营业。
第三十条 因本合同引起的争议，提交上海仲裁委员会仲裁。

甲方（盖章）：上海禾丰餐饮管理有限公司
乙方（盖章）：苏州悦食餐饮有限公司

附件二：开店筹备时间表
节点 | 完成时间 | 责任方
门店选址确认 | 2025年3月31日前 | 乙方
装修施工完成 | 2025年5月31日前 | 乙方
"""
_LAWFUL = {"royalty": "计提比例为百分之五", "second": "72,000.00", "days": "九十"}


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


def _fired(stages: Stages, **changed: str) -> set[str]:
    return rule_ids(stages, _FRANCHISE.format(**{**_LAWFUL, **changed}))


def test_the_lawful_franchise_raises_none_of_them(stages: Stages) -> None:
    fired = _fired(stages)
    assert not fired & {
        "cn.amount.instalments_vs_total", "cn.date.part_after_final_date",
        "cn.essential.deferred_consideration", "cn.party.name_mismatch",
    }, fired  # fmt: skip


def test_a_named_fees_instalments_against_that_fees_amount(stages: Stages) -> None:
    assert "cn.amount.instalments_vs_total" in _fired(stages, second="82,000.00")


def test_a_deadline_from_signing_that_the_timetable_overruns(stages: Stages) -> None:
    # sixty days from 10 March end on 9 May; the timetable finishes the fit-out on 31 May
    assert "cn.date.part_after_final_date" in _fired(stages, days="六十")


def test_a_royalty_rate_left_to_market_conditions(stages: Stages) -> None:
    vague = "计提比例参照同区域同类餐饮品牌的市场行情确定"
    assert "cn.essential.deferred_consideration" in _fired(stages, royalty=vague)


_SERVICES = """PAYROLL SERVICES AGREEMENT

This Agreement is made on 1 April 2025 between Fenmore Payroll Limited ("Supplier") and Ashgrove Retail Limited ("Customer").
3.2 This Agreement shall automatically renew for successive periods of 12 months unless either party gives written notice of non-renewal not less than
{days} days before the end of the then current term.
12.1 The Supplier shall indemnify the Customer against all losses arising out of any claim that the Services infringe a third party's intellectual property rights. As stated in clause 13.4, this indemnity is not subject to the General Cap.
13.2 Subject to clauses 13.1 and 13.4, each party's total aggregate liability arising under this Agreement in each Contract Year shall not exceed 125% of the Charges paid in that Contract Year (the "General Cap").
13.4 {carve_out}
14.1 This Agreement is governed by the laws of England and Wales.
"""
_CARVED = "Neither the General Cap nor any other limit applies to the Supplier's liability under the indemnity in clause 12.1."


def test_a_wrapped_notice_period_and_a_neither_nor_carve_out(stages: Stages) -> None:
    lawful = rule_ids(stages, _SERVICES.format(days="90", carve_out=_CARVED))
    assert not lawful & {"en.model.auto_renewal_no_notice", "en.indemnity.uncapped_vs_cap"}, lawful
    silent = "The General Cap applies to all liability of either party."
    assert "en.indemnity.uncapped_vs_cap" in rule_ids(
        stages, _SERVICES.format(days="90", carve_out=silent)
    )


_LICENCE = """PATENT LICENCE AGREEMENT

This Agreement is made on 3 March 2025 (the "Effective Date") between Hangzhou Ruitong Technology Co., Ltd. ("Licensor") and Pearl River Instruments Co., Ltd. ("Licensee").
1.1 "Contract Year" means each successive period of twelve (12) months beginning on the Effective Date.
5.2 The Licensee shall pay a running royalty equal to the Royalty Rate applied to the Net Sales of each quarter.
5.3 {royalty}
12.1 This Agreement takes effect on the Effective Date and continues in force for five (5) Contract Years (the "Term").
12.6 On expiry of the Term on {end}, the Licensee shall cease manufacturing Licensed Products.
14.1 This Agreement is governed by the laws of the People's Republic of China.

SCHEDULE 2 - MINIMUM ROYALTIES
Contract Year | Period | Minimum (RMB)
Contract Year 1 | Quarter 1 | 50,000
Contract Year 1 | Quarter 2 | 50,000
Contract Year 1 | Annual total | {annual}
"""
_LICENCE_LAWFUL = {
    "royalty": "The Royalty Rate is four percent (4%) of Net Sales.",
    "end": "2 March 2030",
    "annual": "100,000",
}


def _licence(stages: Stages, **changed: str) -> set[str]:
    return rule_ids(stages, _LICENCE.format(**{**_LICENCE_LAWFUL, **changed}))


def test_the_lawful_licence_raises_none_of_them(stages: Stages) -> None:
    fired = _licence(stages)
    assert not fired & {
        "en.prc.date.term_vs_expiry", "en.prc.essential.deferred_consideration",
        "en.prc.amount.table_total",
    }, fired  # fmt: skip


def test_a_term_in_contract_years_that_ends_a_year_early(stages: Stages) -> None:
    assert "en.prc.date.term_vs_expiry" in _licence(stages, end="2 March 2029")


def test_a_royalty_rate_left_to_a_confirmation_signed_later(stages: Stages) -> None:
    later = (
        "The Royalty Rate shall be the percentage of Net Sales stated in a royalty confirmation "
        "to be signed by both Parties after the first Contract Year."
    )
    assert "en.prc.essential.deferred_consideration" in _licence(stages, royalty=later)


def test_a_group_total_row_labelled_in_its_second_cell(stages: Stages) -> None:
    assert "en.prc.amount.table_total" in _licence(stages, annual="120,000")


def test_a_financing_rate_left_to_market_conditions(stages: Stages) -> None:
    factoring = (
        "保理合同\n\n保理人（甲方）：上海浦融商业保理有限公司\n债权人（乙方）：苏州恒通机电有限公司\n\n"
        "第二条 甲方向乙方支付保理融资款人民币2,000,000.00元。\n"
        "第四条 保理融资款的融资利率{rate}，利息按实际占用天数计算。\n"
        "第九条 因本合同引起的争议，向甲方所在地人民法院起诉。\n"
    )
    assert "cn.essential.deferred_consideration" in rule_ids(
        stages, factoring.format(rate="参照放款当期的市场行情确定")
    )
    assert "cn.essential.deferred_consideration" not in rule_ids(
        stages, factoring.format(rate="为年化6%")
    )


def test_a_part_is_found_after_a_line_that_only_starts_with_the_annexs_name(
    stages: Stages,
) -> None:
    text = (
        "仓储合同\n\n存货人：上海润泽食品有限公司\n保管人：嘉兴通达冷链物流有限公司\n\n"
        "第二条 存货人按附件二第二部分所列收费标准向保管人支付仓储费。\n"
        "第九条 本合同的附件为：\n"
        "附件二、附件一为本合同不可分割的组成部分。\n"
        "第十条 因本合同引起的争议，向保管人所在地人民法院起诉。\n\n"
        "附件一：货物清单\n速冻蔬菜，托盘装。\n"
        "附件二：收费标准\n第一部分 装卸费\n入库装卸 | 每托 | 18元\n{part_two}"
    )
    present = text.format(part_two="第二部分 仓储费\n冷冻仓储 | 每托每周 | 30元\n")
    absent = text.format(part_two="")
    assert "cn.essential.price_in_missing_annex" not in rule_ids(stages, present)
    assert "cn.essential.price_in_missing_annex" in rule_ids(stages, absent)
