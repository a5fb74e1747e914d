"""How a passage cut over several lines is shown in a message: joined as the search view joins
soft breaks (a space between Latin words, nothing inside CJK text or a cut figure)."""

from __future__ import annotations

from pipeline.entities.textview import build_view, joined
from tests.entities.helpers import make_document


def test_a_quote_across_lines_is_shown_joined_as_the_view_joins_it() -> None:
    assert joined("as liquidated damages and not as a\npenalty") == (
        "as liquidated damages and not as a penalty"
    )
    assert joined("违约\n金") == "违约金"
    assert joined("late pay-\nment") == "late payment"
    assert joined("¥80,00\n0.00元") == "¥80,000.00元"
    # an English line that breaks before a Chinese gloss still breaks between words
    assert joined("shall pay the Lessor earnest\nmoney (定金) of RMB 260,000") == (
        "shall pay the Lessor earnest money (定金) of RMB 260,000"
    )


def test_a_capitals_line_that_stops_on_or_runs_on_into_the_next() -> None:
    wide = "This line of ordinary text is here to set the page width for the lines that follow it."
    text = (
        f"{wide}\n{wide}\n"
        "10.2 EACH PARTY'S LIABILITY, WHETHER IN CONTRACT, TORT, INDEMNITY OR\n"
        "OTHERWISE, SHALL NOT EXCEED THE FEES.\n"
        "Schedule A\n"
        "Price List\n"
        "Owner: Harborline Dental Partners, LLC, 2150 Garnet Avenue; and\n"
        "Contractor: Mesa Ridge Builders, Inc.\n"
        "12.2 After the Initial Term, this Agreement renews for successive terms of twelve (12)\n"
        "months each, unless either Party gives notice of non-renewal.\n"
        "12.3 Each renewal of this Agreement lasts for a further period of exactly one (1)\n"
        "Contract Year, unless either Party gives ninety (90) days' notice.\n"
        "(b) all the sums that are due and payable by the Customer under the Section (2)\n"
        "Clause 3 applies.\n"
    )
    view = build_view(make_document(text)).text
    assert "INDEMNITY OR OTHERWISE" in view
    assert "Schedule A\nPrice List" in view
    # "; and" closes a list item (here a party's line): the next party keeps its own line
    assert "; and\nContractor:" in view
    assert "twelve (12) months each" in view  # a bracketed figure does not end the sentence
    assert "one (1) Contract Year" in view  # nor before a capitalised defined term
    assert "Section (2)\nClause 3" in view  # a bracketed reference is no figure


def test_a_capitals_line_that_stops_on_as_or_shall_runs_on() -> None:
    wide = "This line of ordinary text is here to set the page width for the lines that follow it."
    text = (
        f"{wide}\n{wide}\n"
        "12.1 EXCEPT FOR AMOUNTS PAYABLE UNDER SECTION 11 AND AS\n"
        "PROVIDED IN SECTION 12.5, NEITHER PARTY IS LIABLE FOR INDIRECT LOSS.\n"
        "12.2 THE SUPPLIER'S LIABILITY SHALL\n"
        "NOT EXCEED THE FEES.\n"
    )
    view = build_view(make_document(text)).text
    assert "AND AS PROVIDED IN SECTION 12.5" in view
    assert "LIABILITY SHALL NOT EXCEED" in view


def test_a_cross_reference_or_a_figure_wrapped_to_a_line_start_heads_nothing() -> None:
    wide = "This line of ordinary text is here to set the page width for the lines that follow it."
    text = (
        f"{wide}\n{wide}\n"
        "6.1 Reseller shall keep in stock the demonstration units marked in\n"
        "Schedule A.\n"
        "6.2 Either party may end this Agreement by written notice given not less than\n"
        "90 days before the end of the term.\n"
        "SCHEDULE A\n"
        "Demonstration units\n"
    )
    view = build_view(make_document(text)).text
    assert "marked in Schedule A.\n6.2" in view
    assert "not less than 90 days before" in view
    assert "\nSCHEDULE A\nDemonstration units" in view  # a real heading keeps its line


def test_a_reference_word_ending_a_line_takes_the_number_below_even_across_a_page() -> None:
    """ "accepted under Section⏎3.3 (the …)": the number is the reference's, not a heading."""
    wide = "This line of ordinary text is here to set the page width for the lines that follow it."
    text = (
        f"{wide}\n3.2 The Term starts on the date the Equipment is accepted under Section\f\n"
        "3.3 (the Commencement Date) and runs for thirty-six months.\n"
        "3.3 The Lessee shall inspect the Equipment within five days of delivery.\n"
    )
    view = build_view(make_document(text)).text
    assert "accepted under Section 3.3 (the Commencement Date) and runs" in view
    assert "months.\n3.3 The Lessee" in view  # the real heading keeps its line


def test_a_figure_cut_at_its_decimal_point_is_one_figure() -> None:
    """A PDF line may end on "70,000." with "00元" below: a decimal point, no full stop."""
    text = (
        "5.1 全部车辆月租金（不含税）为人民币70,000.\n00元（大写：柒万元整），增值税另计。\n"
        "5.2 The monthly rent is US$19,250.\n00 per month. It is payable in advance.\n"
        "5.3 本条至此结束。\n下一条另起。\n"
    )
    view = build_view(make_document(text)).text
    assert "人民币70,000.00元" in view
    assert "US$19,250.00 per month" in view
    assert "结束。\n下一条" in view  # a full stop still ends the line


def test_a_labelled_field_starts_its_line_after_a_full_width_line() -> None:
    """A long contact line with no full stop runs on, unless the next line is a field."""
    contact = "Contact for notices: Ms. Fang Yuqing, Chief Information Officer, fang.yuqing@lanxi-retail.cn"
    text = (
        f"{contact}\nSupplier: Suzhou Tianrui Information Technology Services Co., Ltd.\n"
        f"{contact}\nand copied to the legal department of the Customer at the same address.\n"
    )
    view = build_view(make_document(text)).text
    assert "lanxi-retail.cn\nSupplier: Suzhou" in view
    assert "lanxi-retail.cn and copied" in view


def test_a_tables_header_is_no_cut_row_of_the_wider_table_above_its_title() -> None:
    """Dev miss zh_t07: a seven-column price table, a note and a title, then a four-column
    delivery plan whose first row wraps. The header was taken for a row cut short (three bars
    plus the next line's three made the six above) and joined to the first row."""
    text = (
        "序号 | 产品 | 型号 | 规格 | 数量 | 单价 | 金额\n"
        "1 | 调味拉篮 | HT-LL300 | 300×460×185 | 12,000 | 38.00 | 456,000.00\n"
        "合计 | — | — | — | 12,000 | — | 456,000.00\n"
        "注：上表金额不含增值税。\n"
        "附件二：交货计划\n"
        "批次 | 交货产品及数量 | 交货日期 | 交货地点\n"
        "第一批 | HT-LL300调味拉篮6,000件 | 2025年4月30日 |\n"
        "宿迁市宿豫区珠江路66号成品仓库\n"
        "第二批 | HT-LL300调味拉篮6,000件 | 2025年6月10日 | 同上\n"
    )
    view = build_view(make_document(text)).text
    assert "批次 | 交货产品及数量 | 交货日期 | 交货地点\n第一批 |" in view


def test_a_rows_last_cell_wrapped_below_it_rejoins_the_row() -> None:
    """Dev zh_v04's PDF: a row cut after its last bar, the last cell alone on the next line.
    A short total row that ends on an empty cell keeps the line below apart."""
    text = (
        "第十条 本附件所列各项服务指标按月考核，考核结果作为服务费结算和服务抵扣的依据，双方另有约定的除外。\n"
        "项目 | 要求 | 响应时限 | 恢复时限\n"
        "三级 | 非核心系统故障或单个用户问题 | 2小时 | 2个工作日\n"
        "备份要求 | 每日增量备份、每周全量备份，备份保留期不少于90日 | — |\n"
        "数据恢复点不早于故障前24小时\n"
        "附件三：服务费构成\n"
        "Item | Year 1 | Amount | Note\n"
        "Support | 2025 | 339,000 | fixed\n"
        "Total | | 339,000 |\n"
        "Schedule 4 sets out the service levels.\n"
    )
    view = build_view(make_document(text)).text
    assert "— |数据恢复点不早于故障前24小时\n附件三" in view
    assert "339,000 |\nSchedule 4" in view


def test_a_narrower_table_under_a_wider_ones_total_keeps_one_row_a_line() -> None:
    """Dev zh_q01's PDF: a three-column fee table right under a five-column table's total row.
    Its rows (two bars each) were taken for a five-column row cut in two and joined."""
    text = (
        "托盘位 | 区域 | 温区 | 单价 | 数量\n"
        "A区 | 1号库 | 常温 | 45 | 1,200\n"
        "合计 | — | — | — | 1,200\n"
        "费用项目 | 计算方式 | 金额（人民币元）\n"
        "月度包租仓储费（不含税） | 1,200托盘位×45元/托盘位·月 | 54,000.00\n"
        "年度包租仓储费（不含税） | 54,000.00元×12个月 | 648,000.00\n"
    )
    view = build_view(make_document(text)).text
    assert "金额（人民币元）\n月度包租仓储费" in view
    assert "54,000.00\n年度包租仓储费" in view


def test_a_cut_row_once_rejoined_is_not_joined_to_the_next_row() -> None:
    """Dev zh_n07's PDF: each row cut after its fourth bar. The second half of the first row
    (one bar) and the next row (four) made the five above, so the two rows were run together."""
    text = (
        "点位编号 | 点位名称及位置 | 屏幕规格 | 播放时段 | 每日播放频次 | 月发布费（元，含税）\n"
        "NB-01 | 宁波市海曙区中山西路与解放南路交叉口天一商厦东立面 | 12m×8m | 07:00-23:00 |\n"
        "15秒×120次 | 68,000\n"
        "NB-02 | 宁波市鄞州区四明中路与天童南路交叉口嘉和中心北立面 | 10m×6m | 07:00-23:00 |\n"
        "15秒×100次 | 52,000\n"
    )
    view = build_view(make_document(text)).text
    assert "07:00-23:00 |15秒×120次 | 68,000\nNB-02 |" in view
    assert view.rstrip().endswith("07:00-23:00 |15秒×100次 | 52,000")


def test_a_note_under_a_tables_last_row_starts_its_own_line() -> None:
    """Dev zh_s02's PDF: "注：上表单价…" under a full-width last row was run into the row."""
    text = (
        "序号 | 设备名称 | 型号 | 单位 | 数量 | 单价 | 金额 | 产地\n"
        "3 | 立式加工中心 | VMC-850 | 台 | 1 | 386,000.00 | 386,000.00 | 江苏无锡\n"
        "4 | 随机备件及专用工装 | 见备件清单 | 套 | 1 | 57,000.00 | 57,000.00 | 江苏无锡\n"
        "注：上表单价均为含13%增值税的价格。\n"
    )
    view = build_view(make_document(text)).text
    assert "江苏无锡\n注：上表单价" in view
