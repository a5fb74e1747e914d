"""figure_mismatch: a point's percentage, amount (Chinese capitals included), period or date
that contradicts the contract is found; a figure the contract states, one a review computes
from it, and a figure of the law are not."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.config import IntakeLimits
from pipeline.draft_check.contract_facts import ContractFacts
from pipeline.draft_check.derivations import derivable
from pipeline.draft_check.figures import Figure
from pipeline.draft_check.quotes import QuoteFinder
from pipeline.model import Document
from pipeline.stages.intake import read_document

ZH = """设备买卖合同
第一条 合同价款
合同总价款为人民币壹佰万元整（¥1,000,000.00）。
第二条 定金
买方应于本合同签订之日起五日内向卖方支付定金人民币贰拾万元整（¥200,000.00）。
第三条 交货
卖方应于2025年3月1日前交货。质量保证期为交货之日起十二个月。
第四条 违约责任
逾期交货的，卖方每日按合同总价款的万分之五支付违约金，累计不超过合同总价款的百分之十。
"""

EN = """SUPPLY AGREEMENT
1. Price. The total price is USD 500,000 (five hundred thousand US dollars).
2. Notice. Either party may terminate this Agreement on fifteen (15) days' written notice.
3. Term. This Agreement starts on 1 January 2025 and runs for two (2) years.
4. Late payment. Overdue sums bear interest at 1.5% per month.
"""


def _doc(tmp_path: Path, text: str, name: str) -> Document:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_document(path, IntakeLimits())


def _mismatches(doc: Document, quote: str, said: str) -> list[str]:
    found = QuoteFinder(doc.text).locate(quote)
    assert found.found, quote
    facts = ContractFacts(doc)
    return [m.said.text for m in facts.mismatches(said, [(found.start, found.end)])]  # type: ignore[list-item]


@pytest.fixture()
def zh(tmp_path: Path) -> Document:
    return _doc(tmp_path, ZH, "zh.txt")


@pytest.fixture()
def en(tmp_path: Path) -> Document:
    return _doc(tmp_path, EN, "en.txt")


@pytest.mark.parametrize(
    ("quote", "said", "wrong"),
    [
        (
            "每日按合同总价款的万分之五支付违约金",
            "逾期交货违约金按每日万分之八计算，对卖方偏重。",
            "日万分之八",
        ),
        (
            "累计不超过合同总价款的百分之十",
            "违约金累计上限为合同总价款的百分之二十，明显过高。",
            "百分之二十",
        ),
        (
            "定金人民币贰拾万元整",
            "定金为人民币叁拾万元整，属于买方的主要付款义务。",
            "人民币叁拾万元整",
        ),
        ("质量保证期为交货之日起十二个月", "质量保证期仅为六个月，短于行业惯例。", "六个月"),
        ("卖方应于2025年3月1日前交货", "卖方须在2025年5月1日前交货，交期过长。", "2025年5月1日"),
    ],
)
def test_a_chinese_figure_that_contradicts_the_quoted_clause_is_found(
    zh: Document, quote: str, said: str, wrong: str
) -> None:
    assert _mismatches(zh, quote, said) == [wrong]


@pytest.mark.parametrize(
    ("quote", "said", "wrong"),
    [
        (
            "The total price is USD 500,000",
            "The price of USD 550,000 is payable upfront.",
            "USD 550,000",
        ),
        (
            "fifteen (15) days' written notice",
            "Either party may end the deal on thirty (30) days' notice, which is short.",
            "thirty (30) days",
        ),
        (
            "Overdue sums bear interest at 1.5% per month",
            "Late payment interest of 2% per month is high.",
            "2%",
        ),
        (
            "runs for two (2) years",
            "The Agreement runs for three (3) years from signing.",
            "three (3) years",
        ),
        ("starts on 1 January 2025", "The Agreement starts on 1 March 2025.", "1 March 2025"),
    ],
)
def test_an_english_figure_that_contradicts_the_quoted_clause_is_found(
    en: Document, quote: str, said: str, wrong: str
) -> None:
    assert _mismatches(en, quote, said) == [wrong]


@pytest.mark.parametrize(
    ("quote", "said"),
    [
        # the contract's own figures, in another form
        ("定金人民币贰拾万元整", "定金为¥200,000.00，即人民币贰拾万元，占合同总价款的百分之二十。"),
        # computed from the contract: the deposit's share, and the penalty per year
        ("定金人民币贰拾万元整", "定金占总价款的20%，未超过法定上限。"),
        ("每日按合同总价款的万分之五支付违约金", "日万分之五折合年化18%，并不过高。"),
        # the law's figures, and a proposal
        ("定金人民币贰拾万元整", "根据民法典第586条规定，定金不得超过主合同标的额的百分之二十。"),
        ("累计不超过合同总价款的百分之十", "违约金上限合理，建议改为百分之五以保护卖方。"),
    ],
)
def test_lawful_figures_derived_figures_and_the_law_are_no_mismatch(
    zh: Document, quote: str, said: str
) -> None:
    assert _mismatches(zh, quote, said) == []


def test_an_end_date_computed_from_the_term_is_no_mismatch(en: Document) -> None:
    said = "The Agreement runs from 1 January 2025 to 1 January 2027 and cannot end earlier."
    assert _mismatches(en, "runs for two (2) years", said) == []


@pytest.mark.parametrize(
    ("quote", "said"),
    [
        # the law speaking the rest of the sentence, with its threshold
        (
            "质量保证期为交货之日起十二个月",
            "《建设工程质量管理条例》第四十条规定，防渗漏的最低保修期限为5年。",
        ),
        # a market benchmark and its multiple, not the contract's rate
        (
            "每日按合同总价款的万分之五支付违约金",
            "以近年一年期LPR约3%的水平测算，四倍约为12%，本条并未超过。",
        ),
        # the complement of a share the clause states
        ("累计不超过合同总价款的百分之十", "违约金最多为总价款的10%，其余90%的损失须另行证明。"),
        # the VAT-inclusive amount of the contract's price
        ("The total price is USD 500,000", "The price is about USD 565,000 including 13% VAT."),
    ],
)
def test_the_law_benchmarks_complements_and_vat_inclusive_sums_are_no_mismatch(
    zh: Document, en: Document, quote: str, said: str
) -> None:
    doc = en if quote.startswith("The total") else zh
    assert _mismatches(doc, quote, said) == []


def test_a_threshold_the_point_itself_attributes_to_the_contract_is_still_checked(
    zh: Document,
) -> None:
    # the law is named, but the figure is the contract's: "本合同约定违约金最高为百分之二十"
    said = "依民法典第585条规定，本合同约定的违约金累计最高为合同总价款的百分之二十，偏高。"
    assert _mismatches(zh, "累计不超过合同总价款的百分之十", said) == ["百分之二十"]


@pytest.mark.parametrize(
    ("quote", "said"),
    [
        # a sentence that opens by naming its law: 依据《…》第四十条，…最低…5年
        (
            "质量保证期为交货之日起十二个月",
            "依据《建设工程质量管理条例》第四十条，防渗漏在正常使用条件下的最低保修期限为5年。",
        ),
        # a bound ("不少于5年") against a plain value: another duty's minimum, not this clause
        ("质量保证期为交货之日起十二个月", "卖方对其上游供应商承担的保证义务不少于二十四个月。"),
        # a year or day counted (第3至5年), not a period
        ("质量保证期为交货之日起十二个月", "质保期短，第2至3年的故障将无人负责。"),
        # a suggestion's figures, after 建议 in the same sentence
        (
            "每日按合同总价款的万分之五支付违约金",
            "风险较高。建议调整为每日万分之三，并设置累计上限（如合同总价款的百分之十五）。",
        ),
        # a total the point works out from the parts it lists, repeats included
        ("累计不超过合同总价款的百分之十", "各期比例合计为105%（30%+25%+30%+15%+5%），并不一致。"),
    ],
)
def test_the_law_a_bound_an_ordinal_a_suggestion_and_a_listed_total_are_no_mismatch(
    zh: Document, quote: str, said: str
) -> None:
    assert _mismatches(zh, quote, said) == []


def test_an_example_in_a_suggested_fix_is_no_mismatch(en: Document) -> None:
    said = (
        "The rate is high. Suggested fix: apply it to the late sum only, at a lower rate "
        "(e.g. 1% per month)."
    )
    assert _mismatches(en, "Overdue sums bear interest at 1.5% per month", said) == []


@pytest.mark.parametrize(
    ("text", "quote", "said", "wrong"),
    [
        # a counted day against a counted day is still compared
        (
            "第九条 送达\n通知以快递寄出的，寄出后第三日视为送达。\n",
            "寄出后第三日视为送达",
            "按本条，快递寄出后第五日即视为送达。",
            "五日",
        ),
        # a bound against a bound, the contract's stated as "Label: value"
        (
            "SCHEDULE 2\nMinimum monthly charge from the Go-Live Date: £45,000 excluding VAT\n",
            "£45,000 excluding VAT",
            "The minimum monthly charge of fifty-four thousand pounds applies from Go-Live.",
            "fifty-four thousand pounds",
        ),
    ],
)
def test_figures_of_one_shape_are_still_compared(
    tmp_path: Path, text: str, quote: str, said: str, wrong: str
) -> None:
    doc = _doc(tmp_path, text, "c.txt")
    assert _mismatches(doc, quote, said) == [wrong]


@pytest.mark.parametrize(
    ("quote", "said"),
    [
        # the law's default rate, its citation after "Cal." (an abbreviation, no full stop)
        (
            "Overdue sums bear interest at 1.5% per month",
            "The rate is above the default rate of 10% per annum (Cal. Civ. Code section 3289(b)).",
        ),
        # an estimate is the reviewer's arithmetic
        ("The total price is USD 500,000", "With tax the buyer pays about USD 600,000 in all."),
        # about something the quoted clause never mentions
        (
            "The total price is USD 500,000",
            "The buyer's insurance must cover USD 2,000,000 of stock.",
        ),
    ],
)
def test_the_law_estimates_and_other_subjects_are_no_mismatch_in_english(
    en: Document, quote: str, said: str
) -> None:
    assert _mismatches(en, quote, said) == []


@pytest.mark.parametrize(
    ("quote", "said"),
    [
        # a cap of 10% at 0.05% a day is reached after 200 days: worked out, not misread
        (
            "每日按合同总价款的万分之五支付违约金",
            "违约金日万分之五，累计上限百分之十，在逾期200日时达到。",
        ),
        # an amount of another kind (违约金) than the quoted clause's (定金)
        ("定金人民币贰拾万元整", "另外，卖方逾期交货的违约金每日为人民币伍佰元。"),
    ],
)
def test_worked_out_periods_and_amounts_of_another_kind_are_no_mismatch(
    zh: Document, quote: str, said: str
) -> None:
    assert _mismatches(zh, quote, said) == []


@pytest.mark.parametrize(
    ("quote", "said", "wrong"),
    [
        # the point names the clause it speaks of: compared there, whatever it quotes
        ("定金人民币贰拾万元整", "此外，第三条约定的质量保证期为二十四个月。", "二十四个月"),
        ("定金人民币贰拾万元整", "此外，质量保证期为二十四个月（第三条），较长。", "二十四个月"),
        # a plain figure does restate a bound: 累计不超过…百分之十
        (
            "累计不超过合同总价款的百分之十",
            "违约金累计为合同总价款的百分之十五，偏高。",
            "百分之十五",
        ),
    ],
)
def test_a_named_clause_and_a_restated_bound_are_compared(
    zh: Document, quote: str, said: str, wrong: str
) -> None:
    assert _mismatches(zh, quote, said) == [wrong]


def test_a_percentage_in_words_is_compared(en: Document, tmp_path: Path) -> None:
    doc = _doc(tmp_path, "13. Targets. Supplier may terminate if purchases are below fifty "
               "percent (50%) of the target.\n", "t.txt")  # fmt: skip
    said = "Purchases below sixty percent of the target let Supplier terminate."
    assert _mismatches(doc, "purchases are below fifty percent (50%) of the target", said) == [
        "sixty percent"
    ]


def test_a_sum_that_is_near_but_not_the_stated_figure_excuses_nothing(tmp_path: Path) -> None:
    # 60,000 + 3,870 = 63,870 is within half a percent of 63,810, but a review that writes
    # 63,810 to the yuan has not rounded 63,870
    doc = _doc(
        tmp_path, "第六条 押金\n押金为人民币68,310元。物业费60,000元，保洁费3,870元。\n", "y.txt"
    )
    assert _mismatches(doc, "押金为人民币68,310元", "押金为人民币63,810元，金额较高。") == [
        "人民币63,810元"
    ]


def test_a_total_worked_out_from_a_count_the_point_states_is_no_mismatch(tmp_path: Path) -> None:
    doc = _doc(tmp_path, "第七条 赔偿\n材料毁损的，每件毛坯按人民币壹佰陆拾元赔偿。\n", "m.txt")
    said = "2,040件毛坯按第七条的赔偿标准计算为人民币326,400元，乙方难以承受。"
    assert _mismatches(doc, "每件毛坯按人民币壹佰陆拾元赔偿", said) == []
    assert _mismatches(doc, "每件毛坯按人民币壹佰陆拾元赔偿", "第七条按每件人民币贰佰元赔偿。") == [
        "人民币贰佰元"
    ]


def test_the_deposit_named_loosely_is_still_the_security_deposit(tmp_path: Path) -> None:
    doc = _doc(tmp_path, "5.1 Lessee shall pay a security deposit of Sixteen Thousand Nine "
               "Hundred Dollars ($16,900.00).\n", "l.txt")  # fmt: skip
    said = "The deposit of Eighteen Thousand Nine Hundred Dollars is payable up front."
    assert _mismatches(
        doc, "a security deposit of Sixteen Thousand Nine Hundred Dollars", said
    ) == ["Eighteen Thousand Nine Hundred Dollars"]


def test_the_same_sum_stated_for_another_thing_does_not_excuse_a_wrong_figure(
    tmp_path: Path,
) -> None:
    text = "第二条 定金\n买方支付定金人民币叁拾万元。\n第三条 付款\n首付款人民币贰拾万元，于交货前支付。\n"
    doc = _doc(tmp_path, text, "d.txt")
    said = "定金为人民币贰拾万元，未超过法定比例。"
    assert _mismatches(doc, "买方支付定金人民币叁拾万元", said) == ["人民币贰拾万元"]
    # stated elsewhere for the same thing, it is the contract's figure
    assert _mismatches(doc, "买方支付定金人民币叁拾万元", "首付款为人民币贰拾万元。") == []


def test_a_figure_may_come_from_any_of_the_clauses_the_point_names(tmp_path: Path) -> None:
    text = (
        "5.3 Lessor may apply the deposit within fifteen (15) days of a default.\n"
        "5.4 Lessor shall refund the deposit within thirty (30) days after the end of the term.\n"
    )
    doc = _doc(tmp_path, text, "s.txt")
    quote = "Lessor shall refund the deposit"
    said = "Sections 5.3 and 5.4 require a refund within 30 days, which is fair."
    assert _mismatches(doc, quote, said) == []
    assert _mismatches(doc, quote, "Sections 5.3 and 5.4 require a refund within 60 days.") == [
        "60 days"
    ]


ZH_INSURED = """鲜果采购合同
第一条 价款
合同总价款为人民币贰佰万元整（¥2,000,000.00），预付款为合同总价款的50%。
第二条 保险
乙方应投保产品责任险，每次事故赔偿限额不低于人民币壹佰万元，保险期间覆盖交货期间及其后六个月。
"""


@pytest.mark.parametrize(
    ("said", "wrong"),
    [
        # a restated floor that is half the stated one: no arithmetic, a misreading
        (
            "第二条要求乙方投保产品责任险，每次事故赔偿限额不低于人民币伍拾万元。",
            ["人民币伍拾万元"],
        ),
        # the same figure worked out from the contract's 50%: arithmetic, not a misreading
        ("第二条保额按第一条的比例计，每次事故中乙方自担的部分即人民币伍拾万元。", []),
    ],
)
def test_an_amount_equal_to_a_stated_one_times_an_unrelated_rate_is_no_computation(
    tmp_path: Path, said: str, wrong: list[str]
) -> None:
    doc = _doc(tmp_path, ZH_INSURED, "insured.txt")
    assert _mismatches(doc, "保险期间覆盖交货期间及其后六个月", said) == wrong


_ZH_WRAPPED = (
    "第十三条 逾期竣工\n"
    "13.1 因承包人原因导致工期延误的，每逾期一日，承包人应按签约合同价的万分之三（即每日人民币8,26\n"
    "8.52元）向发包人支付逾期竣工违约金，逾期竣工违约金累计不超过签约合同价的5%，即人民币1,378,087.00元。\n"
)


def test_the_contract_figure_a_point_misstates_is_the_nearest_and_shown_whole() -> None:
    """Dev point zh_f02 #3: a cap of 1,578,087 misstates the cap of 1,378,087 (not the daily
    8,268.52 that the point's words fit as well), and a figure a PDF line wrap cut
    ("8,26⏎8.52") is shown as the page reads."""
    from tests.entities.helpers import make_document

    doc = make_document(_ZH_WRAPPED)
    found = QuoteFinder(doc.text).locate("逾期竣工违约金累计不超过签约合同价的5%")
    assert found.found
    facts = ContractFacts(doc)
    said = (
        "按第13.1条，逾期竣工违约金累计不超过签约合同价的5%，即人民币壹佰伍拾柒万捌仟零捌拾柒元。"
    )
    (mismatch,) = facts.mismatches(said, [(found.start, found.end)])  # type: ignore[list-item]
    reason = mismatch.reason(facts.view)
    assert "states 人民币1,378,087.00元" in reason
    assert "8,268.52" in reason and "8,26\n" not in reason


@pytest.mark.parametrize(
    ("said", "wrong"),
    [
        # a bare figure that happens to be double a contract amount is a misreading
        ("买方支付的定金为人民币肆拾万元整，超过法定比例。", ["人民币肆拾万元整"]),
        # the point says it doubles, or shows the arithmetic: worked out, not misread
        ("卖方违约的，应双倍返还定金人民币肆拾万元整。", []),
        ("卖方违约应返还定金的两倍，即人民币400,000元。", []),
    ],
)
def test_a_multiple_of_a_contract_sum_counts_as_worked_out_only_when_the_point_says_so(
    tmp_path: Path, said: str, wrong: list[str]
) -> None:
    zh = _doc(tmp_path, ZH, "zh.txt")
    assert _mismatches(zh, "定金人民币贰拾万元整", said) == wrong


def test_a_count_of_periods_the_point_writes_is_worked_out(tmp_path: Path) -> None:
    """Dev point zh_h33 #7: "迟延满10个24小时（240小时）" is ten of the clause's periods."""
    text = "运输合同\n第八条 违约责任\n8.1 每迟延24小时，乙方应按该票运费的10%向甲方支付违约金，累计不超过该票运费总额。\n"
    doc = _doc(tmp_path, text, "carriage.txt")
    said = "第8.1条按每迟延24小时计收运费10%的违约金，即迟延满10个24小时（240小时）达到上限。"
    assert _mismatches(doc, "每迟延24小时，乙方应按该票运费的10%向甲方支付违约金", said) == []


_SAAS = """SAAS AGREEMENT
13.1 Service credits shall not exceed 10% of the monthly fee; the Supplier targets availability of 99.5%.
14.3 The Customer may terminate on 30 days' notice if availability falls below 97% in two consecutive months.
"""


@pytest.mark.parametrize(("level", "wrong"), [("95%", [("95%", "97%")]), ("97%", [])])
def test_a_clause_named_earlier_in_the_sentence_is_the_one_compared(
    tmp_path: Path, level: str, wrong: list[tuple[str, str]]
) -> None:
    """'termination under clause 14.3, which is available only where availability falls below
    95%': the figure belongs to clause 14.3, named before the comma, not to the quoted 99.5%."""
    doc = _doc(tmp_path, _SAAS, "s.txt")
    said = (
        "Credits are the only money remedy. The other remedy is termination under clause 14.3, "
        f"which is available only where availability falls below {level} in two months."
    )
    found = QuoteFinder(doc.text).locate("shall not exceed 10% of the monthly fee")
    assert found.start is not None and found.end is not None
    pairs = [
        (m.said.text, m.stated.text)
        for m in ContractFacts(doc).mismatches(said, [(found.start, found.end)])
    ]
    assert pairs == wrong


def test_a_complement_is_excused_only_of_the_quoted_clauses_rate() -> None:
    """'buys back at 70%': the other 30% is the loss, when the 70% is the contract's; a point's
    own 5% credit does not make 95% a worked-out figure."""
    said = Figure("rate", 0.95, "95%", 0, 3)
    five = Figure("rate", 0.05, "5%", 10, 12)
    assert not derivable(said, [], [], [said, five])
    assert derivable(said, [five], [], [said])


_ROUTES = """第八条 违约责任
8.1 未能在附件一约定的时效内送达的，每迟延24小时，乙方应按该票运费的10%支付违约金。
附件一 线路运价及时效
目的地 | 4.2米运费（元） | 9.6米运费（元） | 时效（小时）
广东省东莞市 | 6,300 | 12,400 | 48
"""


def test_a_period_read_from_a_schedule_row_is_no_mismatch(tmp_path: Path) -> None:
    doc = _doc(tmp_path, _ROUTES, "routes.txt")
    quote = "每迟延24小时，乙方应按该票运费的10%支付违约金"
    # the route's 48 hours sits in the row beside the 12,400 the point also reads
    read = "例如东莞线9.6米运费12,400元、时效48小时，迟延3天的违约金为3,720元（12,400×10%×3）。"
    assert _mismatches(doc, quote, read) == []
    # the clause's own period misstated, with no row behind it, is still a mismatch
    assert _mismatches(doc, quote, "第8.1条按每迟延48小时计收违约金。") == ["48小时"]


@pytest.mark.parametrize(
    ("said", "wrong"),
    [
        # a wrong rate and the sum worked out from it agree with each other: neither vouches
        ("逾期违约金为每日万分之八，即每日人民币800元。", ["日万分之八"]),
        ("违约金累计上限为合同总价款的百分之十五，即人民币150,000元。", ["百分之十五"]),
    ],
)
def test_a_wrong_figure_is_not_excused_by_the_sum_worked_out_from_it(
    zh: Document, said: str, wrong: list[str]
) -> None:
    quote = (
        "每日按合同总价款的万分之五支付违约金"
        if "每日" in said
        else "累计不超过合同总价款的百分之十"
    )
    assert _mismatches(zh, quote, said) == wrong


def test_the_right_figure_and_the_sum_worked_out_from_it_are_no_mismatch(zh: Document) -> None:
    said = "逾期违约金为每日万分之五，即每日人民币500元，累计上限为百分之十，即人民币100,000元。"
    assert _mismatches(zh, "每日按合同总价款的万分之五支付违约金", said) == []


def test_an_example_the_point_makes_up_is_not_the_contracts_figure(zh: Document) -> None:
    quote = "累计不超过合同总价款的百分之十"
    example = "例如逾期损失达到合同总价款的百分之十五，违约金仍以上限为准，买方损失得不到弥补。"
    assert _mismatches(zh, quote, example) == []
    stated = "逾期违约金累计上限为合同总价款的百分之十五，买方损失得不到弥补。"
    assert _mismatches(zh, quote, stated) == ["百分之十五"]


INSURED = """FRANCHISE AGREEMENT
6.1 Your Fees are subject to VAT at 20%.
6.2 The basic fee is £92,500 per annum.
8.1 A car allowance of £7,200 per annum is payable, with life assurance of four times the basic fee.
14.3 The Franchisee shall maintain public liability insurance of not less than £5,000,000 for each occurrence and employer's liability insurance of not less than £10,000,000.
14.4 On early exit the Franchisee shall pay a sum equal to six months' basic fee.
"""


def test_of_alone_is_no_arithmetic_a_cover_misread_is_found(tmp_path: Path) -> None:
    """ "cover of two million pounds" is not 20% of the £10,000,000 beside it: "of" is in
    nearly every English clause and shows no arithmetic."""
    doc = _doc(tmp_path, INSURED, "insured.txt")
    said = "The public liability cover of two million pounds per occurrence is low."
    assert _mismatches(doc, "public liability insurance of not less than £5,000,000", said) == [
        "two million pounds"
    ]


def test_a_sum_the_contract_states_for_the_same_subject_is_no_mismatch(tmp_path: Path) -> None:
    doc = _doc(tmp_path, INSURED, "insured.txt")
    said = "The exit sum is six months of the £92,500 basic fee, which is high for an exit."
    assert _mismatches(doc, "a sum equal to six months' basic fee", said) == []


SCHEDULED = """WAREHOUSING AGREEMENT
6.6 Liability is limited to Two Dollars ($2.00) per pound unless Customer declares a higher value and pays the excess value charge stated in Schedule A.
SCHEDULE A
Excess value charge: 0.75 per 100.00 of declared value.
"""


def test_a_sum_a_schedule_writes_without_currency_is_the_contracts(tmp_path: Path) -> None:
    doc = _doc(tmp_path, SCHEDULED, "scheduled.txt")
    quote = "pays the excess value charge stated in Schedule A"
    right = "Section 6.6 offers a higher limit at $0.75 per $100 of declared value."
    assert _mismatches(doc, quote, right) == []
    wrong = "Section 6.6 offers a higher limit at $1.25 per $100 of declared value."
    assert _mismatches(doc, quote, wrong) == ["$1.25"]


LICENCE = """PATENT LICENCE AGREEMENT
1.1 The Effective Date is 3 March 2025. The Agreement ends on 30 June 2026.
3.1 The Licensor shall deliver the Technical Documentation within thirty (30) days after the Effective Date.
3.2 Either Party may give notice of non-renewal within sixty (60) days before the end of the Term.
"""


MAINTENANCE = """MAINTENANCE AGREEMENT
2.1 This Agreement ends with the maintenance period on 31 December 2026 unless the Parties sign a supplemental agreement by 31 October 2026.
5.1 The Annual Maintenance Fee is RMB 339,000.
6.1 Service credits are RMB 1,000 for each full four hours of delay, capped per quarter at RMB 8,475.
"""


@pytest.mark.parametrize(
    ("quote", "said", "wrong"),
    [
        (
            "capped per quarter at RMB 8,475",
            "Credits are capped at RMB 8,475, which is only 1.25% of the Annual Maintenance Fee "
            "of RMB 339,000.",
            ["1.25%"],
        ),
        (
            "capped per quarter at RMB 8,475",
            "Credits are capped at RMB 8,475, which is only 2.5% of the Annual Maintenance Fee "
            "of RMB 339,000.",
            [],
        ),
        (
            "sign a supplemental agreement by 31 October 2026",
            "Unless an extension is signed by 31 October 2026, the Agreement ends on 31 December "
            "2026. That leaves only 30 days between the last date to sign and expiry.",
            ["30 days"],
        ),
        (
            "sign a supplemental agreement by 31 October 2026",
            "Unless an extension is signed by 31 October 2026, the Agreement ends on 31 December "
            "2026. That leaves only 61 days between the last date to sign and expiry.",
            [],
        ),
        (
            "within thirty (30) days after the Effective Date",
            "The documents are due by 4 April 2025, thirty days after the Effective Date of "
            "3 March 2025.",
            ["4 April 2025"],
        ),
        (
            "within thirty (30) days after the Effective Date",
            "The documents are due by 2 April 2025, thirty days after the Effective Date of "
            "3 March 2025.",
            [],
        ),
    ],
)
def test_a_share_a_day_count_or_a_date_the_point_works_out_wrongly_is_found(
    tmp_path: Path, quote: str, said: str, wrong: list[str]
) -> None:
    """Derived figures no clause states: the point's own arithmetic is redone."""
    contract = LICENCE if "Effective Date" in quote else MAINTENANCE
    doc = _doc(tmp_path, contract, "contract.txt")
    assert _mismatches(doc, quote, said) == wrong


def test_a_chinese_share_worked_out_wrongly_is_found(zh: Document) -> None:
    quote = "定金人民币贰拾万元整"
    wrong = "以合同总价款1,000,000元计，定金200,000元约占25%，超过法定上限。"
    assert _mismatches(zh, quote, wrong) == ["25%"]
    right = "以合同总价款1,000,000元计，定金200,000元约占20%，未超过法定上限。"
    assert _mismatches(zh, quote, right) == []
    named = "定金200,000元占合同总价款1,000,000元的25%。"
    assert _mismatches(zh, quote, named) == ["25%"]


def test_the_days_a_daily_penalty_takes_to_reach_its_cap_are_checked(zh: Document) -> None:
    """ZH: 万分之五 a day of ¥1,000,000 is ¥500, capped at 百分之十 (¥100,000): 200 days."""
    quote = "每日按合同总价款的万分之五支付违约金"
    wrong = "每日违约金为500元，累计上限为100,000元，逾期约80日即达到上限。"
    assert _mismatches(zh, quote, wrong) == ["80日"]
    right = "每日违约金为500元，累计上限为100,000元，逾期200日即达到上限。"
    assert _mismatches(zh, quote, right) == []


def test_a_worked_figure_s_reason_shows_the_arithmetic_and_the_clause(tmp_path: Path) -> None:
    doc = _doc(tmp_path, MAINTENANCE, "contract.txt")
    found = QuoteFinder(doc.text).locate("capped per quarter at RMB 8,475")
    facts = ContractFacts(doc)
    said = "Credits are capped at RMB 8,475, which is only 1.25% of the fee of RMB 339,000."
    (mismatch,) = facts.mismatches(said, [(found.start, found.end)])  # type: ignore[list-item]
    reason = mismatch.reason(facts.view)
    assert "RMB 8,475 / RMB 339,000 = 2.50%" in reason
    assert "clause 6.1: “6.1 Service credits" in reason


HOLDOVER = """OFFICE LEASE
12.1 If Tenant remains in possession after the expiration of this Lease, Tenant shall pay, for each month of holdover, one hundred fifty percent (150%) of the monthly Base Rent payable for the last full month of the Term. Tenant shall be liable for consequential damages only if the holdover continues for more than sixty (60) days after notice.
SCHEDULE 1 - BASE RENT
Months 49-60 | $24,724 per month
"""


@pytest.mark.parametrize(("share", "wrong"), [("200%", ["200%"]), ("150%", [])])
def test_a_period_in_days_is_no_count_of_a_monthly_sum(
    tmp_path: Path, share: str, wrong: list[str]
) -> None:
    """200% of a month's rent is not "worked out" as two months' rent from "sixty days"."""
    doc = _doc(tmp_path, HOLDOVER, "lease.txt")
    rent = f"{float(share[:-1]) / 100 * 24724:,.0f}"
    said = (
        f"Holdover rent is {share} of the last full month's Base Rent, about ${rent} per month on "
        "the final $24,724 rate, and consequential damages may be added after sixty days."
    )
    assert _mismatches(doc, "one hundred fifty percent (150%) of the monthly Base Rent", said) == (
        wrong
    )


INSTALMENTS = """PATENT LICENCE AGREEMENT
5.1 The Licensee shall pay the Initial Fee of RMB 2,520,000 in the instalments set out in Schedule 3.
12.5 If a Licensed Patent is declared invalid, the Licensee may terminate but the Initial Fee is not refundable.
SCHEDULE 3 - FEES
Instalment | Payment condition | Share | Amount
First | Within 15 Business Days after the Effective Date | 30% | RMB 720,000
Second | Within 15 Business Days after delivery | 45% | RMB 1,080,000
Third | Within 15 Business Days after Acceptance | 25% | RMB 720,000
"""


@pytest.mark.parametrize(
    ("said", "wrong"),
    [
        ("The first two instalments alone amount to RMB 1,680,000.", ["RMB 1,680,000"]),
        ("The first two instalments alone amount to RMB 1,800,000.", []),
        ("The first three instalments total RMB 2,520,000.", []),
    ],
)
def test_a_sum_of_the_first_instalments_is_redone_from_the_schedule(
    tmp_path: Path, said: str, wrong: list[str]
) -> None:
    doc = _doc(tmp_path, INSTALMENTS, "licence.txt")
    quote = "the Initial Fee is not refundable"
    assert _mismatches(doc, quote, said) == wrong


ZH_INSTALMENTS = """技术服务合同
第四条 服务费总额为人民币930,000元，分三期支付：
第一期：合同签订后十日内支付人民币279,000元；
第二期：中期验收合格后十日内支付人民币372,000元；
第三期：终验合格后十日内支付人民币279,000元。
"""


@pytest.mark.parametrize(("total", "wrong"), [("600,000", ["600,000元"]), ("651,000", [])])
def test_a_chinese_sum_of_the_first_instalments(
    tmp_path: Path, total: str, wrong: list[str]
) -> None:
    doc = _doc(tmp_path, ZH_INSTALMENTS, "service.txt")
    said = f"验收前甲方须支付的前两期合计{total}元，占总额七成。"
    assert _mismatches(doc, "服务费总额为人民币930,000元", said) == wrong
