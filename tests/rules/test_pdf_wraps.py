"""A PDF's line wraps must not change what the rules find: the same contract read from its
PDF and from its text gave different findings where a wrap cut a sentence inside a clause, a
prose cell of a table row, or a date or amount in a row's last cell."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.config import IntakeLimits
from pipeline.entities.textview import build_view
from pipeline.rules_engine.checks_annexes import ANNEX_HEAD
from pipeline.rules_engine.pipe_tables import colon_lists, pipe_tables
from pipeline.stages.intake import read_document
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from pipeline.testing.pdf import render_text_pdf
from tests.entities.helpers import make_document
from tests.rules.cases_annex_price import ZH_WAREHOUSING
from tests.rules.helpers import Stages, rule_ids


@pytest.fixture(scope="module")
def stages() -> Stages:
    return ParseEntities(), ValidateRules()


_FILL = "承运人应按托运人的发货计划安排车辆，并保证车辆状况良好、证照齐全，驾驶员持证上岗。"


def _haulage(clause_seven: str) -> str:
    return "\n".join(
        [
            "道路货物运输合同",
            "托运人（甲方）：合肥澄川家居用品有限公司",
            "承运人（乙方）：安徽迅驰物流有限公司",
            "第一条 乙方将甲方的货物自合肥市运至南京市，每批货物以甲方签发的运单为准。",
            f"第二条 {_FILL}",
            "第三条 运费结算。",
            clause_seven,
            "第四条 本合同争议提交合肥仲裁委员会仲裁。",
        ]
    )


def test_a_wrap_inside_a_fee_clause_does_not_make_a_cap_read_as_the_fee(
    stages: Stages,
) -> None:
    """The cap "违约金总额不超过逾期金额的5%" is on late-payment charges, not the freight. Cut by
    a wrap after 不超, its second half ("过逾期金额的5%") no longer named the overdue sum, and
    its 5% was taken as the freight rate."""
    lines = (
        "3.1 运费按月结算，甲方应于每月十日前付清上月运费；甲方逾期支付运费的，每逾期一日按"
        "逾期金额的万分之三支付违约金，违约金总额不超",
        "过逾期金额的5%。",
    )
    wrapped = _haulage("\n".join(lines))
    whole = _haulage("".join(lines))
    assert "cn.essential.transport" in rule_ids(stages, whole)
    assert "cn.essential.transport" in rule_ids(stages, wrapped)
    priced = _haulage("3.1 运费按每吨每公里人民币0.45元计算，按月结算。")
    assert "cn.essential.transport" not in rule_ids(stages, priced)


def test_a_one_bar_line_cut_from_a_row_is_not_a_new_header() -> None:
    """A row's prose cell wraps: its first line has one bar and no figure, which read as the
    header of a narrower table, and the rest of the row was lost."""
    text = "\n".join(
        [
            "Intro " + "x" * 100,
            "Item | Scope | Quantity",
            "Core | Planning engine | 2 servers",
            "Charge | Amount | Timing",
            "Licence Charge (all items) | To be agreed in writing by the parties once the pilot "
            "has run and the",
            "number of depots is known | Within 30 days after go-live",
            "Support Charge | $12,000 per year | Annually in advance",
        ]
    )
    (table,) = list(pipe_tables(text))
    licence = next(r for r in table if r[0].text.startswith("Licence"))
    assert len(licence) == 3
    assert licence[1].text.endswith("the number of depots is known")
    assert licence[2].text == "Within 30 days after go-live"


_PUMP = "Sealless pump with a ceramic bearing cartridge and a containment shell of alloy"


def test_a_date_or_amount_cut_at_a_row_end_is_made_whole() -> None:
    text = "\n".join(
        [
            "Ref. | Title | Filed | Expires",
            f"P-1 | {_PUMP} | 12 June 2017 | 11",
            "June 2037",
            f"P-2 | {_PUMP} | 20 September",
            "2018 | 19 September 2038",
            "",
            "Instalment | Condition | Share | Amount",
            f"First | {_PUMP} | 40% | RMB",
            "1,080,000",
            "Second | On acceptance | 60% | RMB 1,620,000",
        ]
    )
    patents, payments = list(pipe_tables(text))
    assert [len(r) for r in patents] == [4, 4, 4]
    assert patents[1][3].text == "11 June 2037"
    assert patents[2][2].text == "20 September 2018"
    assert [len(r) for r in payments] == [4, 4, 4]
    assert payments[1][3].value == 1080000


def test_a_caption_below_a_full_width_row_is_not_part_of_it() -> None:
    """The line after a data row that fills the page may be a caption or the next clause."""
    text = f"Ref. | Title | Filed | Fee\nP-1 | {_PUMP} | 12 June 2017 | RMB 300,000\nFees valid from 1 March 2025"
    (table,) = list(pipe_tables(text))
    assert table[1][3].text == "RMB 300,000"


def test_two_column_rows_that_fill_the_line_stay_one_row_a_line() -> None:
    """A two-column schedule ("提成比例 | 另行协商确定") whose rows fill the page's width: the
    view joined each to the next, so a row's deferral read as part of the settlement row."""
    rows = [
        "项目 | 约定内容",
        "入门费 | 人民币800,000.00元（含6%增值税），按本合同第八条分两期支付完毕",
        "提成比例 | 由双方在许可产品通过乙方主要客户的批准后另行协商确定并书面签认",
        "结算周期 | 按日历季度结算，按本合同第十一条报告及支付，逾期按第十五条处理",
    ]
    view = build_view(make_document("\n".join(rows)))
    assert "书面签认\n结算周期" in view.text
    wrapped = "\n".join(["Fee | Amount | Timing", rows[2], "待定 | 按季度"])
    # a wrapped row of a wider table still joins: the line above is no two-column row
    assert "书面签认待定" in build_view(make_document(wrapped)).text


def test_a_wide_header_and_its_rows_wrapped_over_two_lines_are_read_whole() -> None:
    """A six-column schedule on a narrow page: the header's last names and each row's last
    cells go on the next line, bars included."""
    spec = "IEC 60227 type 01, sheathed, rated 450/750 V, colours red, blue and green-yellow"
    text = "\n".join(
        [
            f"Code | Description | Specification {spec[:30]} | Base Price (RMB per coil) | Copper",
            "content (kg per 100 m) | Quantity per Lot",
            f"W-15 | Copper wire 1.5 mm2 | {spec},",
            "tinned | 118.00 | 1.34 | To be specified",
            f"W-25 | Copper wire 2.5 mm2 | {spec},",
            "tinned | 176.00 | 2.23 | 400 coils",
        ]
    )
    (table,) = list(pipe_tables(text))
    assert [len(r) for r in table] == [6, 6, 6]
    assert table[0][4].text == "Copper content (kg per 100 m)"
    assert table[1][5].text == "To be specified"
    assert table[2][3].value == 176.0


def test_an_itemised_price_list_cut_by_wraps_still_adds_up_against_the_total(
    stages: Stages,
) -> None:
    lines = [
        "设备买卖合同",
        "买方（甲方）：宁波澜屿精密机械有限公司",
        "卖方（乙方）：台州恒锐数控设备有限公司",
        "第一条 标的及数量：（1）立式加工中心，型号LV-850，3台，单价人民币250,000元，小计人民币750,000",
        "元；（2）数控车床，型号LC-6150，5台，单价人民币90,000元，小计人民币450,000元；（3）运输及安",
        "装调试服务，1项，人民币30,000元。",
        "第二条 合同价款：本合同总价款为人民币壹佰贰拾陆万元整（¥{total}）。",
        "第三条 本合同争议提交宁波仲裁委员会仲裁。",
    ]
    text = "\n".join(lines)
    assert "cn.amount.itemised_total_mismatch" in rule_ids(
        stages, text.format(total="1,260,000.00")
    )
    assert "cn.amount.itemised_total_mismatch" not in rule_ids(
        stages, text.format(total="1,230,000.00").replace("壹佰贰拾陆万", "壹佰贰拾叁万")
    )


_WIDE = "This line is filled with ordinary words so that the page's width is known to the view"


def test_a_line_ended_early_by_a_long_code_is_a_wrap() -> None:
    """A renderer moves a word that does not fit to the next line whole: a line ends short
    before a long code, and the code still belongs to the sentence."""
    text = "\n".join(
        [_WIDE, _WIDE, "of the People's Republic of China, Unified Social Credit Code",
         "91320594MA25QW8L3C, registered address No. 88 Suhong Middle Road, Suzhou.",
         "SCHEDULE 1", "Notwithstanding the above, the Lessee shall pay the hire monthly."]
    )  # fmt: skip
    view = build_view(make_document(text)).text
    assert "Credit Code 91320594MA25QW8L3C" in view
    assert "SCHEDULE 1\nNotwithstanding" in view  # a short word after a heading: no wrap


def test_a_registration_code_wrapped_away_from_its_company_is_still_its_own(
    stages: Stages,
) -> None:
    preamble = "\n".join(
        [
            "EQUIPMENT LEASE CONTRACT",
            _WIDE,
            "Lessor: Shanghai Hengli Lifting Equipment Leasing Co., Ltd., a limited liability",
            'company, Unified Social Credit Code 91310115MA1HK4R27X (the "Lessor").',
            "Lessee: Suzhou Jinrun Construction Engineering Co., Ltd.",
            "(苏州金润建设工程有限公司), a limited liability company established under the laws",
            "of the People's Republic of China, Unified Social Credit Code",
            '91320594MA25QW8L3C, registered address No. 88 Suhong Middle Road (the "Lessee").',
            # another company's number, on a definition's own line, is not the Lessee's
            '"Employer" means Aire Valley Academies Trust, a company limited by guarantee with',
            "company number 07733510.",
            "1. This Contract is governed by the laws of the People's Republic of China.",
            "",
            "LESSEE: Suzhou Jinrun Construction Engineering Co., Ltd. (company seal)",
            "Unified Social Credit Code: {code}",
        ]
    )
    found = rule_ids(stages, preamble.format(code="91320594MA25QW6L3C"))
    assert "en.prc.party.registration_code_mismatch" in found
    same = rule_ids(stages, preamble.format(code="91320594MA25QW8L3C"))
    assert "en.prc.party.registration_code_mismatch" not in same


def test_a_page_number_between_two_pages_does_not_end_the_sentence_it_cuts() -> None:
    page_one = f"{_WIDE}\n{_WIDE}\nliquidated damages of £8,500 per week of delay. The total"
    page_two = (
        f"liquidated damages shall not exceed ten per cent (10%) of the Contract Sum.\n{_WIDE}"
    )
    for footer in ("第3页 共9页", "Page 3 of 9", "- 3 -"):
        view = build_view(make_document(f"{page_one}\n{footer}\n\f{page_two}")).text
        assert "The total liquidated damages shall not exceed" in view
    # without a page break the same line is text, not a page's number
    assert (
        "Page 3 of 9\n" in build_view(make_document(f"{page_one}\nPage 3 of 9\n\n{page_two}")).text
    )


def test_a_paragraph_running_over_a_page_of_a_real_pdf_reads_whole(tmp_path: Path) -> None:
    """A real PDF with "第N页 共M页" in each page's margin: a paragraph that runs over the page
    reads as one in the view, with the page's number left out."""
    words = " ".join(f"item{n} is delivered on time" for n in range(400))
    pdf = tmp_path / "long.pdf"
    pages = render_text_pdf(f"SUPPLY AGREEMENT\n{words}.", pdf, footer="第{page}页 共{pages}页")
    assert pages >= 2
    document = read_document(pdf, IntakeLimits())
    assert "第1页 共" in document.text  # the page's number is in the extracted text
    view = build_view(document).text
    assert "第1页" not in view
    assert words in view


def test_a_signature_line_whose_seal_note_wrapped_still_signs(stages: Stages) -> None:
    """ "(company seal)" pushed to the line below the name: the lines after it still ask for a
    signature, so the name is the party's as it signs."""
    text = "\n".join(
        [
            "FREIGHT FORWARDING AGREEMENT",
            "This Agreement is made between Kunshan Veldmark Precision Components Co., Ltd. (the",
            '"Principal") and Shanghai Haixin International Freight Forwarding Co., Ltd. (the',
            '"Forwarder").',
            "1. The Forwarder shall book sea freight for the Principal's goods.",
            "2. This Agreement is governed by the laws of the People's Republic of China.",
            "SIGNATURES",
            "Forwarder: Shanghai Haixin International {name} Co., Ltd.",
            "(company seal)",
            "Authorised representative: ______________________",
        ]
    )
    assert "en.prc.party.name_mismatch" in rule_ids(stages, text.format(name="Logistics"))
    assert "en.prc.party.name_mismatch" not in rule_ids(
        stages, text.format(name="Freight Forwarding")
    )


def test_an_amount_that_did_not_fit_a_short_row_line_is_still_the_rows() -> None:
    """The row's line ends well short of the page's widest line, because "720,000" did not fit
    after "RMB": the amount goes on the next line and is still the row's last cell."""
    text = "\n".join(
        [
            "x" * 96,
            "Instalment | Payment condition | Share | Amount (excluding VAT)",
            "First | Within 15 Business Days after the Effective Date | 30% | RMB 720,000",
            "Third | Within 15 Business Days after Acceptance under Clause 3.5 | 25% | RMB",
            "720,000",
            "Total | | 55% | RMB 1,440,000",
        ]
    )
    (table,) = list(pipe_tables(text))
    assert [len(r) for r in table] == [4, 4, 4, 4]
    assert table[2][3].value == 720000


def test_an_email_address_a_wrap_put_after_a_role_is_no_party_name(stages: Stages) -> None:
    text = "\n".join(
        [
            "设备租赁合同",
            "出租人（甲方）：杭州恒晟工程机械租赁有限公司",
            "承租人（乙方）：杭州味之源餐饮管理有限公司",
            "第一条 本合同项下的通知可以发送至双方确认的电子邮箱（甲方：leasing@hengsheng-cm.cn；",
            "乙方：{who}）。",
            "第二条 本合同争议提交杭州仲裁委员会仲裁。",
        ]
    )
    assert "cn.party.name_mismatch" not in rule_ids(stages, text.format(who="wzy_admin@wzy-cy.cn"))
    assert "cn.party.name_mismatch" in rule_ids(stages, text.format(who="杭州味源餐饮有限公司"))


def test_a_long_first_cell_wrapped_onto_a_line_without_bars_stays_its_rows() -> None:
    """The first cell filled the line and went on below, so the row's first line has no bar;
    the row is still the table's, and the total row after it is read."""
    text = "\n".join(
        [
            "Item | Basis | Quantity | Unit rate | Amount",
            "Venue dressing | lump sum | 1 | 4,000 | 4,000",
            "Speaker travel, accommodation and local transfers for the keynote and panel",
            "guests | per speaker | 6 | 1,500 | 9,000",
            "Total | | | | 13,000",
        ]
    )
    (table,) = list(pipe_tables(text))
    assert [len(r) for r in table] == [5, 5, 5, 5]
    assert table[2][0].text.endswith("panel guests")
    assert table[3][4].value == 13000


def test_a_row_drawn_between_edge_bars_that_wrapped_inside_its_last_cell() -> None:
    """ "| a | b | c |": a row that opens on a bar and does not close on one goes on below, and
    the next table (other columns, its last header name wrapped) starts after it."""
    text = "\n".join(
        [
            "| Product | Series | Description |",
            "| Gear pumps | GP 10 to GP 40 | Positive displacement pumps for oils, resins and",
            "adhesives |",
            "| Spare parts | All series | Seals |",
            "Schedule B - Annual Minimum",
            "| Contract Year | Q1 (Apr-Jun) | Q2 (Jul-Sep) | Q3 (Oct-Dec) | Q4 (Jan-Mar) |",
            "Annual Minimum |",
            "| Contract Year 1 | 100,000 | 100,000 | 100,000 | 100,000 | 400,000 |",
        ]
    )
    products, minimums = list(pipe_tables(text))
    assert [len(r) for r in products] == [3, 3, 3]
    assert products[1][2].text.endswith("resins and adhesives")
    assert [len(r) for r in minimums] == [6, 6]
    assert minimums[0][5].text == "Annual Minimum"


def test_a_page_number_inside_a_cut_row_is_not_its_last_cell() -> None:
    """A page broke the row after its second cell; the footer ("第8页 共9页") and the blank
    line are the page's, and the amount on the next page is the row's."""
    text = "\n".join(
        [
            "Campaign | Main assets | Estimate excl. VAT",
            "Spring launch | photography, social video cut-downs |",
            "第8页 共9页",
            "",
            "£24,000.00",
            "Summer sale | display and email assets | £9,750.00",
            "Total | | £33,750.00",
        ]
    )
    (table,) = list(pipe_tables(text))
    assert [len(r) for r in table] == [3, 3, 3, 3]
    assert table[1][2].value == 24000


def test_a_heading_below_a_closed_table_row_is_not_joined_to_it() -> None:
    row = (
        "| HX-SN1 | Occupancy and daylight sensor for ceiling mounting in offices | piece | 23.40 |"
    )
    text = f"{row}\nAppendix 2 Supplier's Bank Account\nBeneficiary: Shenzhen Huaxin Co., Ltd."
    assert "23.40 |\nAppendix 2" in build_view(make_document(text)).text


def test_a_row_cut_at_a_bar_in_a_table_without_edge_bars_does_not_swallow_the_next() -> None:
    """Only a table drawn "| a | b |" closes its rows on a bar: here the next row ends on one
    because its own last cell wrapped, and it is still a row of its own."""
    text = "\n".join(
        [
            "序号 | 采购标的 | 数量 | 预算金额 | 要求到货时间",
            "1 | 五轴立式加工中心 | 1台",
            "| 2,350,000.00 | 2025年7月31日前",
            "2 | 数控车床 | 4台 | 680,000.00 |",
            "2025年6月30日前",
            "合计 | — | — | 3,030,000.00 | —",
        ]
    )
    (table,) = list(pipe_tables(text))
    assert [len(r) for r in table] == [5, 5, 5, 5]
    assert table[2][3].value == 680000


def test_a_full_width_caption_before_the_next_tables_header_starts_that_table() -> None:
    """A caption filling the line, then a header of other columns: a new table, not a first cell
    of the table above (its total row would then swallow the caption of the next one)."""
    text = "\n".join(
        [
            "Item | Unit | Quantity | Unit Rate | Monthly Amount",
            "Storage | pallet per month | 6,000 | 48.00 | 288,000.00",
            "Fixed Monthly Fee | | | | 288,000.00",
            "Part B - Fixed Monthly Fees for the Initial Term (1 March 2027 to 29 February 2028)",
            "Item | Excluding VAT | VAT 6% | Including VAT",
            "Per month | 288,000.00 | 17,280.00 | 305,280.00",
        ]
    )
    fees, months = list(pipe_tables(text))
    assert [len(r) for r in fees] == [5, 5, 5]
    assert months[0][0].text == "Item"


def test_a_header_that_closes_on_a_bar_has_its_last_names_below() -> None:
    """ "期数 | … | 定金抵扣（元） |" then "实付金额（元） | 最迟付款日": the header's last two
    names wrapped, so the total row's amounts sit under the right columns."""
    text = "\n".join(
        [
            "期数 | 计租期间 | 月租金（元） | 当期租金（元） | 定金抵扣（元） |",
            "实付金额（元） | 最迟付款日",
            "第1期 | 2025年6月至8月 | 32,000.00 | 96,000.00 | 96,000.00 | 0.00 | —",
            "第2期 | 2025年9月至11月 | 32,000.00 | 96,000.00 | 0.00 | 96,000.00 | 2025年9月5日",
            "合计 | — | — | 192,000.00 | 96,000.00 | 96,000.00 | —",
        ]
    )
    (table,) = list(pipe_tables(text))
    assert [len(r) for r in table] == [7, 7, 7, 7]
    assert table[0][5].text == "实付金额（元）"


def test_a_colon_a_wrap_put_at_the_start_of_a_line_joins_its_list_row() -> None:
    text = "\n".join(
        [
            "附件一：价格组成表",
            "厂房部分土建及钢结构工程、给排水、电气、消防、通风空调",
            "：61,200,000.00",
            "办公楼部分：15,800,000.00",
            "室外总体工程：6,600,000.00",
            "合计：83,600,000.00",
        ]
    )
    (rows,) = list(colon_lists(text))
    assert [r[1].value for r in rows] == [61200000, 15800000, 6600000, 83600000]
    first = rows[0][1]
    assert text[first.start : first.start + len(first.text)] == "61,200,000.00"


def test_a_label_and_value_row_after_a_wrapped_value_starts_its_own_line() -> None:
    """In a "label | value" schedule a value wrapped onto a line of its own; the next row
    ("明档厨房 | …") is not joined to it, nor the row after that to it."""
    text = "\n".join(
        [
            "项目 | 要求",
            "堂食区 |",
            "原木色桌椅，座位数不少于40个，墙面使用甲方标准墨绿色涂料及品牌故事墙" * 2,
            "明档厨房 | 面档与汤档采用不锈钢明档设计，操作台面向顾客可视",
            "收银系统 | 使用甲方指定的收银及会员管理系统",
        ]
    )
    view = build_view(make_document(text)).text
    assert "故事墙\n明档厨房 |" in view
    assert "可视\n收银系统 |" in view


def test_a_row_cut_at_a_bar_keeps_its_label_for_a_period_past_the_term(stages: Stages) -> None:
    """ "LED大屏 | 东立面 |" then "2025年4月1日至2025年10月31日 | 6 | …": the period's row
    starts on the line above, so it is still a row whose period runs past the term."""
    row = "LED大屏 | 新潮商务中心东立面，约200平方米，每日播放120次，每次15秒 |"
    text = "\n".join(
        [
            "广告发布合同",
            "甲方：杭州云栖鲜果科技有限公司",
            "乙方：杭州新潮传媒有限公司",
            "第四条 发布期限：本合同项下广告发布期限为六个月，自2025年4月1日起至2025年9月30日止。",
            "附件一：发布排期及费用明细表",
            "媒体 | 点位及规格 | 发布周期 | 月数 | 单价（元/月） | 小计（元）",
            row,
            "{period} | 6 | 140,000 | 840,000",
            "合同总价 | — | — | — | — | 840,000",
        ]
    )
    late = text.format(period="2025年4月1日至2025年10月31日")
    assert "cn.date.part_after_final_date" in rule_ids(stages, late)
    on_time = text.format(period="2025年4月1日至2025年9月30日")
    assert "cn.date.part_after_final_date" not in rule_ids(stages, on_time)


def test_a_field_line_below_a_tables_last_row_is_not_that_rows_cell() -> None:
    """ "特装展台搭建服务费 | … | 另行报价" then "合同总价款大写：…": the field below is no part
    of the row, so the fee left to a later quotation keeps no figure of its own."""
    row = "特装展台搭建服务费 | 以甲方确认的设计方案及材料清单为准 | — | 另行报价"
    text = f"{row}\n合同总价款大写：人民币玖万肆仟壹佰肆拾元整\n附件二：特装展台主要构成"
    assert "另行报价\n合同总价款大写" in build_view(make_document(text)).text


def test_a_page_number_in_an_annex_of_open_rates_is_no_rate(stages: Stages) -> None:
    """The annex lists what is stored and how, with no rate; the page's footer ("第3页 共3页")
    printed in it is no figure the annex states."""
    annex = "附件二：收费标准\n项目 | 收费标准（元/托·周）\n冷冻仓储 | 由双方另行商定\n"
    assert "cn.essential.price_in_missing_annex" in rule_ids(
        stages, ZH_WAREHOUSING.format(annex_two=annex + "第3页 共3页\n")
    )


def test_a_contact_a_wrap_left_alone_under_a_role_is_no_party_name(stages: Stages) -> None:
    """ "甲方：物流部 徐婷婷，电话0574-6357" (the number's end wrapped): a department and a person
    under the role are a contact, not the party's name."""
    text = "\n".join(
        [
            "货运代理合同",
            "委托方（甲方）：宁波甬晟家用电器有限公司",
            "受托方（乙方）：宁波港通达国际货运代理有限公司",
            "第一条 甲方委托乙方办理海运出口货运代理业务。",
            "附件三：双方联系人",
            "甲方：{who}，电话0574-6357",
            "8812",
        ]
    )
    assert "cn.party.name_mismatch" not in rule_ids(stages, text.format(who="物流部 徐婷婷"))
    assert "cn.party.name_mismatch" in rule_ids(stages, text.format(who="宁波甬胜电器有限公司"))


def test_a_line_that_begins_with_a_comma_goes_on_from_the_line_above() -> None:
    """A renderer without line-breaking rules put "，最迟付款日为…" at a line's start: no
    sentence begins with a comma, so the two lines are one sentence."""
    text = "\n".join(
        [
            "x" * 80,
            "6.2 甲方应向乙方支付第一期剩余广告费用人民币柒拾万元整（¥700,000.00）",
            "，最迟付款日为2026年6月15日。",
        ]
    )
    assert "（¥700,000.00），最迟付款日" in build_view(make_document(text)).text


def test_a_figure_a_wrap_cut_in_a_colon_list_is_read_whole() -> None:
    text = "\n".join(
        [
            "厂房部分土建及钢结构工程、给排水、电气、消防、通风空调：61,200,00",
            "0.00",
            "办公楼部分：15,800,000.00",
            "室外总体工程：6,600,000.00",
            "合计：83,600,000.00",
        ]
    )
    (rows,) = list(colon_lists(text))
    assert [r[1].value for r in rows] == [61200000, 15800000, 6600000, 83600000]


def test_annexes_named_in_a_list_at_a_lines_start_are_no_annex_heading() -> None:
    """A wrap put "附件二、附件一、施工图及技术标准。" at a line's start: a list of documents, not
    the heading of annex 二 (whose body would then be the clause that follows it)."""
    text = "\n".join(
        [
            "18.1 合同文件之间不一致的，按照以下顺序解释：本合同条款、",
            "附件二、附件一、施工图及技术标准。",
            "18.2 双方往来通知应以书面形式送达本合同首部载明的住所。",
            "附件一：主要工程量清单",
            "附件二 工程质量保修书",
            "附件三",
        ]
    )
    heads = [m.group() for m in ANNEX_HEAD["zh"].finditer(text)]
    assert heads == ["附件一", "附件二", "附件三"]


def test_a_reference_after_a_determiner_that_ends_a_line_is_not_a_heading() -> None:
    text = "\n".join(
        [
            "12.2 EXCEPT FOR ITS OBLIGATIONS UNDER SECTION 11.1 (WHICH SHALL NOT BE SUBJECT TO ANY",
            "LIMITATION IN THIS",
            "ARTICLE XII), EACH PARTY'S AGGREGATE LIABILITY SHALL NOT EXCEED THE FEES PAID.",
        ]
    )
    assert "IN THIS ARTICLE XII)" in build_view(make_document(text)).text


def test_a_page_break_inside_a_row_drawn_between_edge_bars() -> None:
    """ "| a | b | c" is cut inside its last cell; the page's footer and blank line come before
    the cell's end ("cooling duties |"), and a header cut the same way keeps its last name."""
    text = "\n".join(
        [
            "| Product | Series | Description |",
            "| Split-case pumps | HFS-SC 6 to 24 | Horizontal pumps for municipal water and",
            "Page 3 of 9",
            "",
            "cooling duties |",
            "| Spare parts | All series | Seals |",
            "Schedule B",
            "| Contract Year | Q1 | Q2 | Annual",
            "Minimum |",
            "| Contract Year 1 | 100,000 | 100,000 | 200,000 |",
        ]
    )
    products, minimums = list(pipe_tables(text))
    assert [len(r) for r in products] == [3, 3, 3]
    assert products[1][2].text.endswith("water and cooling duties")
    assert minimums[0][3].text == "Annual Minimum"


def test_a_row_cut_inside_a_date_is_one_line_of_the_view() -> None:
    """ "4 | HVAC installed | 10 October" then "2025 | 15% | 729,000": fewer bars than the rows
    above, and the next line's make up the rest, so the date is read whole."""
    text = "\n".join(
        [
            "No. | Milestone | Date | Share | Amount",
            "3 | Floors and finishes complete | 5 September 2025 | 15% | 729,000",
            "4 | Cleanroom HVAC installed; commissioning and air-balance test passed | 10 October",
            "2025 | 15% | 729,000",
        ]
    )
    assert "| 10 October 2025 | 15% |" in build_view(make_document(text)).text


def test_a_wrapped_header_with_a_share_in_a_name_and_a_cell_cut_after_to_be() -> None:
    text = "\n".join(
        [
            "Product code | Description | Base Price (RMB per 100-metre coil, incl.",
            "13% VAT) | Copper content (kg per 100 m) | Quantity per Lot",
            "HT-BV15 | Single-core copper wire, 1.5 mm2 | 118.00 | 1.34 | To be",
            "specified",
        ]
    )
    (table,) = list(pipe_tables(text))
    assert [len(r) for r in table] == [5, 5]
    assert table[1][4].text == "To be specified"


def test_a_paragraph_in_capitals_wrapped_short_reads_as_one_sentence() -> None:
    """Capitals print wider than the width estimate, so a wrapped line of them looks short."""
    text = "\n".join(
        [
            "Section 8.2 Limitation of Liability. In no event shall either party's total "
            "liability arising out of or",
            "RELATED TO THIS AGREEMENT, INCLUDING INDEMNIFICATION",
            "OBLIGATIONS, EXCEED THE FEES PAID IN THE TWELVE (12) MONTHS BEFORE THE CLAIM.",
        ]
    )
    assert "INDEMNIFICATION OBLIGATIONS, EXCEED" in build_view(make_document(text)).text


def test_two_chinese_signature_lines_are_not_a_paragraph_in_capitals() -> None:
    """Chinese has no lower case: only Latin capitals make a paragraph in capitals."""
    text = "\n".join(
        [
            "x" * 60,
            "发包人（盖章）：常熟市溯澄精密模塑有限公司",
            "承包人（盖章）：江苏砺筑建设工程有限公司",
        ]
    )
    assert "有限公司\n承包人" in build_view(make_document(text)).text


def test_a_signature_field_below_a_full_width_party_line_is_its_own_field() -> None:
    """In a narrow column the party line fills the width; "负责人（签字）：" below it is the
    next field of the block, not the rest of the name."""
    text = "\n".join(
        [
            "甲方（盖章）：佛山市南海区里水镇大石经济联合社",
            "负责人（签字）：",
            "乙方（盖章）：佛山市顺德区恒达实业有限公司",
        ]
    )
    assert "联合社\n负责人（签字）：" in build_view(make_document(text)).text
