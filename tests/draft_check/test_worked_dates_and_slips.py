"""Figures a review works out, read from check batch 6's development half (2026-12-07): a date
counted back from the term's end, days of the month that are no periods, a date a schedule
states, and a product written with its decimal point moved or two digits swapped."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.config import IntakeLimits
from pipeline.draft_check.contract_facts import ContractFacts
from pipeline.draft_check.quotes import QuoteFinder
from pipeline.entities.dates import find_dates, find_durations
from pipeline.model import Document
from pipeline.stages.intake import read_document


def _doc(tmp_path: Path, text: str) -> Document:
    path = tmp_path / "c.txt"
    path.write_text(text, encoding="utf-8")
    return read_document(path, IntakeLimits())


def _flagged(doc: Document, quote: str, said: str) -> list[str]:
    found = QuoteFinder(doc.text).locate(quote)
    assert found.start is not None and found.end is not None, quote
    return [
        m.said.text.strip() for m in ContractFacts(doc).mismatches(said, [(found.start, found.end)])
    ]


_TERM = """SUPPORT AGREEMENT
3.1 This Agreement commences on 14 April 2025 and continues for an initial term of twenty-four (24) months, ending on 31 March 2027 (the "Initial Term").
3.2 Either party may give notice of non-renewal at least ninety (90) days before the end of the Initial Term.
12.1 This Agreement continues until February 2, 2030, unless terminated earlier under this Article 12.
SCHEDULE A
Deliverable 3 | final program report | March 31, 2027
"""


@pytest.mark.parametrize(
    ("deadline", "flagged"), [("31 December 2026", []), ("15 December 2026", ["15 December 2026"])]
)
def test_a_date_counted_back_from_the_term_end_is_worked_out(
    tmp_path: Path, deadline: str, flagged: list[str]
) -> None:
    """Ninety days before 31 March 2027 is 31 December 2026: the point's arithmetic, not a
    misreading of clause 3.1 (it was flagged against 31 March 2027 before)."""
    doc = _doc(tmp_path, _TERM)
    said = (
        "The Initial Term ends on 31 March 2027. Notice of non-renewal must be given ninety "
        f"days before the end of the Initial Term, that is by {deadline}."
    )
    assert _flagged(doc, "ending on 31 March 2027", said) == flagged


@pytest.mark.parametrize(
    ("end", "flagged"), [("February 2, 2030", []), ("February 2, 2031", ["February 2, 2031"])]
)
def test_a_date_the_point_reads_from_a_schedule_is_not_compared_with_an_earlier_clause(
    tmp_path: Path, end: str, flagged: list[str]
) -> None:
    """'The Term under Section 12.1 runs until …, while the last Deliverable in Schedule A is due
    on March 31, 2027': the second date is the schedule's, not Section 12.1's."""
    doc = _doc(tmp_path, _TERM)
    said = (
        f"The Term under Section 12.1 runs until {end}, while the last Deliverable in Schedule A "
        "is due on March 31, 2027."
    )
    assert _flagged(doc, "continues until February 2, 2030", said) == flagged


def test_days_of_the_month_and_named_days_are_no_periods() -> None:
    def periods(text: str) -> list[str]:
        return [text[m.start : m.end] for m in find_durations(text, find_dates(text))]

    assert periods("每月11日至15日为对账期") == []
    assert periods("自下一日即2025年4月11日起算，45日期间的最后一日为2025年5月25日") == ["45日"]
    assert periods("乙方应于5日至10日内付款") == ["5日", "10日"]  # a span of days to pay within
    assert periods("届满后三日内通知，提前一日告知") == ["三日", "一日"]


_CANTEEN = """员工餐厅服务合同
5.4 甲方应于次月10日前付清上月餐费。
6.1 每月10日锁定上月刷卡数据，每月11日至15日为对账期，乙方应在对账期内提交对账单。
"""


def test_days_of_the_month_a_point_restates_are_not_read_as_periods(tmp_path: Path) -> None:
    """'11日至15日为对账期' names days of the month: the point's 11日 is no period of 11 days
    set against the clause's '15日' (flagged before). Days of the month are not compared at
    all yet: '11日至20日' would pass too."""
    doc = _doc(tmp_path, _CANTEEN)
    said = "第6.1款约定每月10日锁定数据，11日至15日为对账期，而第5.4款要求甲方在次月10日前付清。"
    assert _flagged(doc, "甲方应于次月10日前付清上月餐费", said) == []


def test_a_counted_period_that_ends_on_a_named_day_is_not_the_day_named() -> None:
    """'最后一日' (the last day) is no period of one day that the point counts."""
    text = "自2025年4月11日起算，45日期间的最后一日为2025年5月25日"
    assert "一日" not in [text[m.start : m.end] for m in find_durations(text, find_dates(text))]


_DESIGN = """设计合同
第二条 设计费总额为人民币3,860,000元，分期支付：
第四期 | 施工图设计文件通过审查后 | 30% | 1,158,000.00
第十二条 乙方逾期提交设计文件的，每逾期一日，应按逾期阶段对应设计费的千分之二向甲方支付违约金，累计违约金不超过设计费总额的百分之十。
"""


@pytest.mark.parametrize(
    ("daily", "flagged"),
    [("2,316元", []), ("23,160元", ["23,160元"]), ("2,361元", ["2,361元"]), ("2,500元", [])],
)
def test_a_product_written_with_a_digit_slipped_is_a_mismatch(
    tmp_path: Path, daily: str, flagged: list[str]
) -> None:
    """1,158,000 × 千分之二 is 2,316 a day: 23,160 moves the decimal point and 2,361 swaps two
    digits, both wrong; 2,500 has other digits, so nothing says which sum it misreads."""
    doc = _doc(tmp_path, _DESIGN)
    said = f"以施工图阶段按第四期1,158,000元计算，每日违约金为{daily}，对乙方压力较大。"
    assert _flagged(doc, "累计违约金不超过设计费总额的百分之十", said) == flagged


_SUPPORT = """SUPPORT TERMS
5.3 The Support Fee for the Initial Support Term is US$113,000 per year.
5.4 For each Renewal Term the Support Fee is increased by the lesser of three percent (3%) and the change in the CPI.
"""


@pytest.mark.parametrize(("fee", "flagged"), [("US$116,390", []), ("US$116,930", ["US$116,930"])])
def test_an_increase_worked_out_with_two_digits_swapped_is_a_mismatch(
    tmp_path: Path, fee: str, flagged: list[str]
) -> None:
    doc = _doc(tmp_path, _SUPPORT)
    said = f"The maximum Support Fee for the first Renewal Term is therefore {fee}."
    assert _flagged(doc, "increased by the lesser of three percent (3%)", said) == flagged


def test_a_right_product_is_no_slip_of_another(tmp_path: Path) -> None:
    """643.2 a day is 1,286,400 × 0.05%, right; that 1,286,400 × 5% is 64,320 (its digits, a
    hundred times larger) makes neither figure a slip."""
    doc = _doc(
        tmp_path,
        "工程合同\n4.1 合同总价为人民币1,286,400元。\n12.1 乙方每逾期一日，按合同总价的0.05%支付违约金，累计不超过合同总价的5%。\n",
    )
    said = "按合同总价1,286,400元计，每日违约金643.2元，累计上限64,320元，约100日达到上限。"
    assert _flagged(doc, "按合同总价的0.05%支付违约金", said) == []


_WORKS = """施工合同
15.1 逾期竣工的，每逾期一日，乙方按签约合同价的万分之五支付违约金，逾期竣工违约金累计不超过签约合同价的5%。
15.2 逾期竣工超过60日的，乙方还应另行支付相当于签约合同价30%的违约金。
第十六条 签约合同价为人民币46,870,000元。
"""


@pytest.mark.parametrize(("share", "flagged"), [("35%", []), ("45%", ["45%"])])
def test_a_share_worked_out_from_a_clause_the_point_names_is_no_mismatch(
    tmp_path: Path, share: str, flagged: list[str]
) -> None:
    """'与第15.1条的上限2,343,500元叠加 … 16,404,500元，占签约合同价的35%': 15.1's 5% of the price
    is at hand because the point names 15.1, so the 35% follows (it was set against 15.1's 5%
    before); 45% follows from nothing."""
    doc = _doc(tmp_path, _WORKS)
    said = (
        "乙方还须另付签约合同价30%即14,061,000元的违约金。与第15.1条的上限2,343,500元叠加，"
        f"乙方仅违约金即可达16,404,500元，占签约合同价的{share}。"
    )
    assert _flagged(doc, "乙方还应另行支付相当于签约合同价30%的违约金", said) == flagged


_INSTALMENTS = """技术服务合同
7.1 第一期：合同生效后十日内，支付服务费总额的30%。
7.2 第二期：第一季度报告确认后，支付服务费总额的25%。
7.3 第三期：第三季度报告确认后，支付服务费总额的20%。
7.4 第四期：服务期届满后，支付服务费总额的25%，已付定金抵作该期服务费。
"""


@pytest.mark.parametrize(
    ("listed", "flagged"), [("30%、25%、20%、25%", []), ("30%、25%、15%、25%", ["15%"])]
)
def test_a_list_of_figures_the_contract_states_is_no_mismatch_of_the_quoted_clause(
    tmp_path: Path, listed: str, flagged: list[str]
) -> None:
    """'四期付款比例为30%、25%、20%、25%' runs through 7.1–7.4; quoting 7.4 does not make the 30%
    and the 20% misreadings of its 25% (flagged before). A 15% the contract states nowhere is
    still compared."""
    doc = _doc(tmp_path, _INSTALMENTS)
    said = f"四期付款比例为{listed}。第四期为服务费总额的25%，已付定金抵作该期服务费。"
    assert _flagged(doc, "支付服务费总额的25%，已付定金抵作该期服务费", said) == flagged


_CANTEEN_HANDOVER = """员工餐厅服务合同
2.1 服务期限自2025年9月1日起至2027年8月31日止。
4.1 乙方应于2025年8月18日前提交开餐方案。
4.2 甲方应于2025年8月22日前将员工餐厅及设备移交乙方。
9.1 乙方应在收到通知后7日内整改。
"""


@pytest.mark.parametrize(
    ("handover", "days", "flagged"),
    [("2025年8月22日", "十天", []), ("2025年8月25日", "七天", ["2025年8月25日"])],
)
def test_a_period_worked_out_from_the_points_own_wrong_date_grounds_nothing(
    tmp_path: Path, handover: str, days: str, flagged: list[str]
) -> None:
    """'甲方须在2025年8月25日前完成移交，距9月1日服务开始日仅有七天': the seven days come from the
    point's wrong 25 August and the yearless 9月1日, so the 7日 that 9.1 writes for another
    matter does not make 25 August a date counted from 4.1's 18 August (it passed before)."""
    doc = _doc(tmp_path, _CANTEEN_HANDOVER)
    said = f"按第4.2款，甲方须在{handover}前完成移交，距9月1日服务开始日仅有{days}。"
    assert _flagged(doc, "甲方应于2025年8月22日前将员工餐厅及设备移交乙方", said) == flagged


def test_both_end_days_are_no_period() -> None:
    text = "工期总日历天数426天（2025年3月1日至2026年4月30日，含首尾两日）"
    assert [text[m.start : m.end] for m in find_durations(text, find_dates(text))] == ["426天"]


_WARRANTY = """PLATFORM AGREEMENT
9.1 The Supplier warrants the Platform for a Warranty Period of ninety (90) days from Go-Live.
9.2 The Supplier shall respond to Priority 1 defects within four (4) hours and fix them within five (5) days.
SCHEDULE 2
M5 | Go-Live | 17 November 2025
"""


@pytest.mark.parametrize(
    ("ends", "flagged"), [("15 February 2026", []), ("15 January 2026", ["15 January 2026"])]
)
def test_the_end_of_the_quoted_clauses_period_is_counted_from_the_date_the_point_gives(
    tmp_path: Path, ends: str, flagged: list[str]
) -> None:
    """'If Go-Live takes place on 17 November 2025, the Warranty Period ends on 15 January
    2026': 9.1's ninety days from Go-Live end on 15 February 2026 (the wrong date passed
    before: no clause states a date to compare it with)."""
    doc = _doc(tmp_path, _WARRANTY)
    said = f"If Go-Live takes place on 17 November 2025, the Warranty Period ends on {ends}."
    assert _flagged(doc, "Warranty Period of ninety (90) days from Go-Live", said) == flagged


def test_a_clause_with_two_periods_leaves_the_end_date_unread(tmp_path: Path) -> None:
    """9.2 sets four hours and five days: which one the point counts by is not known."""
    doc = _doc(tmp_path, _WARRANTY)
    said = "If the defect is reported on 17 November 2025, the fix period ends on 30 November 2025."
    assert _flagged(doc, "fix them within five (5) days", said) == []


_LICENCE = """LICENCE AGREEMENT
4.5 The Software is deemed accepted if Customer uses it to process live claims.
5.2 The License Fee is payable in two instalments: forty percent (40%), being US$226,000, on the Effective Date; and sixty percent (60%), being US$339,000, on Acceptance.
"""


@pytest.mark.parametrize(
    ("sum_", "flagged"),
    [
        ("Three Hundred Thirty-Nine Thousand Dollars", []),
        (
            "Three Hundred Thirty-Three Thousand Dollars",
            ["Three Hundred Thirty-Three Thousand Dollars"],
        ),
    ],
)
def test_a_sum_beside_a_share_is_the_sum_the_contract_sets_beside_it(
    tmp_path: Path, sum_: str, flagged: list[str]
) -> None:
    """'the second instalment of sixty percent, Three Hundred Thirty-Three Thousand Dollars':
    5.2 sets US$339,000 beside sixty percent, so the point's sum misstates it, though its words
    share nothing with 5.2 and it quotes 4.5 (it passed before)."""
    doc = _doc(tmp_path, _LICENCE)
    said = f"Deemed acceptance makes the second instalment of sixty percent, {sum_}, invoiceable."
    assert _flagged(doc, "deemed accepted if Customer uses it", said) == flagged


def test_a_share_the_contract_pairs_with_two_sums_names_neither(tmp_path: Path) -> None:
    doc = _doc(
        tmp_path,
        _LICENCE
        + "5.3 The Support Fee is payable as to sixty percent (60%), being US$67,800, in advance.\n",
    )
    said = (
        "Deemed acceptance makes the second instalment of sixty percent, US$333,000, invoiceable."
    )
    assert _flagged(doc, "deemed accepted if Customer uses it", said) == []


_CARRIAGE = """冷链运输合同
第三十条 合同期限：本合同期限自2025年4月1日起至2026年3月31日止。期满前30日任何一方未书面通知不续约的，本合同自动续展一年，最多续展两次。
"""


@pytest.mark.parametrize(
    ("latest", "flagged"), [("2028年3月31日", []), ("2029年3月31日", ["2029年3月31日"])]
)
def test_a_date_counted_by_the_number_of_renewals_the_point_states_is_worked_out(
    tmp_path: Path, latest: str, flagged: list[str]
) -> None:
    """'自动续展一年，最多续展两次，最长可延续至2028年3月31日': two one-year renewals after 2026-03-31
    (flagged before against the term's start); three would end in 2029."""
    doc = _doc(tmp_path, _CARRIAGE)
    said = f"未发出通知的，合同自动续展一年，最多续展两次，最长可延续至{latest}。"
    assert _flagged(doc, "本合同期限自2025年4月1日起至2026年3月31日止", said) == flagged
