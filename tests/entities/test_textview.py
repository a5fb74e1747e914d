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
