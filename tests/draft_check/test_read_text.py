"""Reading Markdown and plain-text reviews into points (pipeline/draft_check/read_text.py).

The reviews below were written for these tests (source: written here, not taken from any
review in golden_set/; the contract wording they quote is invented). Chinese citations go
through the real KB parser; the English form "PRC Civil Code, Article 586" goes through
``english_prc``, a small stand-in for the English-form parser being added to kb/citations.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from pipeline.draft_check.points import DraftPoint, ParsedDraft
from pipeline.draft_check.read_text import find_kb_citations, read_review_text
from pipeline.model import Severity

_EN_PRC = re.compile(r"(?:PRC )?Civil Code, Article \d+")


def english_prc(text: str) -> list[str]:
    """The KB parser's citations plus "PRC Civil Code, Article N", in text order."""
    from kb.citations import default_parser

    found = [(m.start(), m.group(0)) for m in _EN_PRC.finditer(text)]
    found += [(f.start, f.ref.raw) for f in default_parser().find_all(text)]
    return [raw for _, raw in sorted(found)]


def read(text: str, find: Callable[[str], list[str]] = find_kb_citations) -> ParsedDraft:
    return read_review_text(text, "review.md", find)


def only(draft: ParsedDraft) -> DraftPoint:
    assert len(draft.points) == 1, draft.points
    return draft.points[0]


EN_HEADINGS = """\
# Review of the Distribution Agreement (Huaxin / Lumiere)

This review covers the Supplier's standard form. Points follow in contract order.

## 1. Deposit excessive (severity: HIGH)

> The Security Deposit is paid as earnest money (dingjin)
> and shall equal thirty percent (30%) of the Minimum Purchase Amount.

The deposit (the "Security Deposit") is 30% of the price; a dingjin may not exceed 20%.
Legal basis: PRC Civil Code, Article 586.

Suggested fix: Reduce the deposit to 20% of the price.

## 2. Unilateral price change (severity: MEDIUM)

> the Supplier may adjust the prices at its sole discretion

The words "at its sole discretion" let one side reprice at will: possibly invalid.
Legal basis: PRC Civil Code, Article 496; Regulations on Distribution Pricing, Article 9.

**Suggested fix:** Require 60 days' notice and exclude confirmed orders.

## Summary

Overall the agreement favours the Supplier.
"""


def test_english_headings_with_blockquotes_and_a_legal_basis_line() -> None:
    draft = read(EN_HEADINGS, english_prc)
    assert draft.format == "markdown"
    first, second = draft.points
    assert (first.index, first.line, second.index, second.line) == (0, 5, 1, 15)
    assert first.title == "Deposit excessive"
    assert first.quotes == (
        "The Security Deposit is paid as earnest money (dingjin)\n"
        "and shall equal thirty percent (30%) of the Minimum Purchase Amount.",
    )  # a two-line blockquote is one quote; the "Security Deposit" label is not a quote
    assert first.severity is Severity.HIGH and first.type == ""
    assert first.reasoning == (
        'The deposit (the "Security Deposit") is 30% of the price; a dingjin may not exceed '
        "20%.\nLegal basis: PRC Civil Code, Article 586."
    )
    assert first.suggested_fix == "Reduce the deposit to 20% of the price."
    assert first.citations == ("PRC Civil Code, Article 586",)
    assert first.notes == ()
    assert second.title == "Unilateral price change"
    assert second.quotes == ("the Supplier may adjust the prices at its sole discretion",)
    assert second.severity is Severity.MEDIUM
    assert second.suggested_fix == "Require 60 days' notice and exclude confirmed orders."
    assert second.citations == ("PRC Civil Code, Article 496",)
    assert second.notes == (
        "could not read the citation 'Regulations on Distribution Pricing, Article 9'",
    )
    assert draft.unparsed == (
        "line 1: # Review of the Distribution Agreement (Huaxin / Lumiere)",
        "line 3: This review covers the Supplier's standard form. Points follow in contract order.",
        "line 24: ## Summary",
        "line 26: Overall the agreement favours the Supplier.",
    )


def test_a_legal_basis_item_no_parser_reads_is_a_note_not_a_guess() -> None:
    point = read(EN_HEADINGS, lambda _text: []).points[0]
    assert point.citations == ()
    assert point.notes == ("could not read the citation 'PRC Civil Code, Article 586'",)


ZH_NUMBERED = """\
关于《设备采购合同》的审查意见

经审阅，提出以下意见：

一、定金比例过高（严重程度：高）
合同第4条约定「买方应于签约后五日内支付合同总价款30%的定金」，超过了「定金」不得超过主合同标的额20%的上限。
法律依据：民法典第586条
建议：将定金比例降至20%以内。

二、违约金约定过高（严重程度：中）
合同第9条约定「逾期交货的，卖方每日按合同总价款的1%向买方支付违约金」，明显过高。
法律依据：《中华人民共和国民法典》第五百八十五条
建议：将违约金调整为每日万分之五。

三、缺少争议解决条款（严重程度：低）
合同未约定争议解决方式，发生纠纷时只能依民事诉讼法第24条由法院管辖。

综上，本合同总体风险可控。
"""


def test_chinese_numbered_plain_text_with_corner_brackets() -> None:
    draft = read(ZH_NUMBERED)
    assert draft.format == "text"
    assert [p.title for p in draft.points] == ["定金比例过高", "违约金约定过高", "缺少争议解决条款"]
    assert [p.line for p in draft.points] == [5, 10, 15]
    assert [p.severity for p in draft.points] == [Severity.HIGH, Severity.MEDIUM, Severity.LOW]
    assert [p.quotes for p in draft.points] == [
        ("买方应于签约后五日内支付合同总价款30%的定金",),  # 「定金」 is a word, not a quote
        ("逾期交货的，卖方每日按合同总价款的1%向买方支付违约金",),
        (),
    ]
    assert [p.citations for p in draft.points] == [
        ("民法典第586条",),
        ("《中华人民共和国民法典》第五百八十五条",),
        ("民事诉讼法第24条",),
    ]
    assert [p.suggested_fix for p in draft.points] == [
        "将定金比例降至20%以内。",
        "将违约金调整为每日万分之五。",
        "",
    ]
    assert draft.points[1].reasoning == (
        "合同第9条约定「逾期交货的，卖方每日按合同总价款的1%向买方支付违约金」，明显过高。\n"
        "法律依据：《中华人民共和国民法典》第五百八十五条"
    )
    # a point with no quote is still a point; the checker will say the quote is missing
    assert [p.notes for p in draft.points] == [(), (), ("no quotation of the contract found",)]
    assert draft.unparsed == (
        "line 1: 关于《设备采购合同》的审查意见",
        "line 3: 经审阅，提出以下意见：",
        "line 18: 综上，本合同总体风险可控。",
    )


EN_BULLETS = """\
Comments on the Services Agreement:

- “The Customer shall pay all invoices within seven (7) days of receipt” leaves too little time [HIGH]. See 9 U.S.C. § 2 for the arbitration side.
- The agreement names the provider ("Supplier") and the client the "Customer Group Companies"; "either party may terminate this Agreement on ten (10) days' notice" is too short [MEDIUM].
- No cap on the Supplier's liability is stated [LOW].
- "The Supplier's aggregate liability shall not exceed the fees paid in the preceding month" is too low; UCC § 2-719 governs limitation of remedies [medium].

We have no further comments.
"""


def test_flat_bullet_list_with_curly_and_straight_quotes() -> None:
    draft = read(EN_BULLETS)
    assert draft.format == "markdown"
    assert [p.line for p in draft.points] == [3, 4, 5, 6]
    assert [p.quotes for p in draft.points] == [
        ("The Customer shall pay all invoices within seven (7) days of receipt",),
        # ("Supplier") and the "Customer Group Companies" are defined-term labels
        ("either party may terminate this Agreement on ten (10) days' notice",),
        (),
        (
            "The Supplier's aggregate liability shall not exceed the fees paid in the preceding month",
        ),
    ]
    assert [p.severity for p in draft.points] == [
        Severity.HIGH,
        Severity.MEDIUM,
        Severity.LOW,
        Severity.MEDIUM,
    ]
    assert draft.points[0].title == (
        "“The Customer shall pay all invoices within seven (7) days of receipt” leaves too "
        "little time. See 9 U.S.C. § 2 for the arbitration side."
    )
    assert [p.citations for p in draft.points] == [("9 U.S.C. § 2",), (), (), ("UCC § 2-719",)]
    assert draft.points[2].notes == ("no quotation of the contract found",)
    # a compact list ends at a paragraph after a blank line: the closing line is no point's
    assert draft.unparsed == (
        "line 1: Comments on the Services Agreement:",
        "line 8: We have no further comments.",
    )


EN_POINTS = """\
### Point 1
**Price adjustment**
Type: unfair standard term
Severity: High

> Prices may be revised by the Supplier at any time.

- This is a standard term.
- It shifts the pricing risk to the Reseller.

Suggested fix: Fix prices for twelve months.

### Point 2
Type: penalty_excessive
Severity: Low

Clause 8 says “late delivery incurs a penalty of 2% per day”, which is high.

Recommendation: reduce the rate to 0.1% per day.
"""


def test_point_n_headings_with_type_and_severity_fields() -> None:
    draft = read(EN_POINTS)
    first, second = draft.points  # the bullets inside Point 1 are not points
    assert (first.line, second.line) == (1, 13)
    assert (first.title, second.title) == ("Price adjustment", "")
    assert (first.type, second.type) == ("unfair_standard_term", "penalty_excessive")
    assert (first.severity, second.severity) == (Severity.HIGH, Severity.LOW)
    assert first.quotes == ("Prices may be revised by the Supplier at any time.",)
    assert (
        first.reasoning == "This is a standard term.\nIt shifts the pricing risk to the Reseller."
    )
    assert first.suggested_fix == "Fix prices for twelve months."
    assert second.quotes == ("late delivery incurs a penalty of 2% per day",)
    assert second.reasoning == (
        "Clause 8 says “late delivery incurs a penalty of 2% per day”, which is high."
    )
    assert second.suggested_fix == "reduce the rate to 0.1% per day."
    assert draft.unparsed == ()


ZH_MIXED = """\
# 合同审查报告

## 总体意见

本合同整体结构完整，以下问题需要注意。

## 付款条款

1. 预付款比例过高【高】：合同约定‘买方应在合同签订后三日内预付全部货款’，卖方履约前买方承担全部风险。
   - 类型：预付款风险
   - 依据：民法典第527条
2. 逾期付款利息（风险等级：较高）：“逾期付款的，按日千分之五计付利息”，折合年利率约182.5%。

## 违约责任

1. 违约金与定金并用（严重程度：中）
   > 一方违约的，应向对方支付违约金，
   > 并且定金不予退还。

   依据：民法典第588条、第585条；城市房屋租赁管理办法第99条
   修改建议：约定违约金与定金择一适用。
"""


def test_mixed_review_group_headings_with_numbered_points() -> None:
    draft = read(ZH_MIXED)
    first, second, third = draft.points  # 3 numbered items under 2 group headings
    assert [p.line for p in draft.points] == [9, 12, 16]
    assert first.quotes == ("买方应在合同签订后三日内预付全部货款",)  # ‘’ in Chinese text
    assert first.severity is Severity.HIGH
    assert first.type == ""  # never a slug invented from Chinese
    assert first.citations == ("民法典第527条",)
    assert first.notes == ("could not read the type '预付款风险' (a snake_case id is expected)",)
    assert second.quotes == ("逾期付款的，按日千分之五计付利息",)
    assert second.severity is None
    assert second.notes == ("could not read the severity '较高'",)
    assert third.title == "违约金与定金并用"
    assert third.quotes == ("一方违约的，应向对方支付违约金，\n并且定金不予退还。",)
    assert third.severity is Severity.MEDIUM
    assert third.citations == ("民法典第588条", "民法典第585条")  # the chained 第585条
    assert third.suggested_fix == "约定违约金与定金择一适用。"
    assert third.notes == ("could not read the citation '城市房屋租赁管理办法第99条'",)
    assert draft.unparsed == (
        "line 1: # 合同审查报告",
        "line 3: ## 总体意见",
        "line 5: 本合同整体结构完整，以下问题需要注意。",
        "line 7: ## 付款条款",
        "line 14: ## 违约责任",
    )


def test_full_title_citation_form_and_a_remainder_in_the_same_item() -> None:
    point = only(
        read(
            "## 1. 定金\n\n> 定金为合同总价款的百分之三十。\n\n"
            "法律依据：《中华人民共和国民法典》第五百八十六条及房屋租赁条例第12条\n"
        )
    )
    assert point.citations == ("《中华人民共和国民法典》第五百八十六条",)
    assert point.notes == ("could not read the citation '房屋租赁条例第12条'",)


def test_a_title_heading_over_a_single_point_is_not_the_point() -> None:
    draft = read("# Review\n\n## Interest\n\n> interest at 24% per annum is payable\n")
    assert only(draft).title == "Interest"
    assert only(draft).quotes == ("interest at 24% per annum is payable",)
    assert draft.unparsed == ("line 1: # Review",)


def test_headings_without_quote_or_citation_are_not_points_unless_numbered_between_points() -> None:
    text = (
        "## Introduction\nWe read the contract.\n\n"
        "## 1. Deposit\n> the deposit is thirty percent\n\n"
        "## 2. Notices\nNotices are fine in substance but slow.\n\n"
        "## A note on style\nThe drafting is loose.\n\n"
        "## 3. Interest\n> interest at 24% per annum\n\n"
        "## 4. Closing remarks\nNothing else.\n"
    )
    draft = read(text)
    assert [p.title for p in draft.points] == ["Deposit", "Notices", "Interest"]
    assert draft.points[1].notes == ("no quotation of the contract found",)
    assert draft.unparsed == (
        "lines 1-2: ## Introduction\nWe read the contract.",
        "lines 10-11: ## A note on style\nThe drafting is loose.",
        "lines 16-17: ## 4. Closing remarks\nNothing else.",
    )


def test_severity_stated_twice_differently_is_not_chosen() -> None:
    point = only(read("1. Cap (severity: HIGH) [LOW]\n   “liability is capped at USD 100”\n"))
    assert point.severity is None
    assert point.notes == ("severity stated as HIGH and LOW; not chosen",)


def test_english_apostrophes_and_short_or_defined_quotes_are_not_quotes() -> None:
    point = only(
        read(
            '- The Reseller’s wording: ‘sole and absolute discretion’, and the word "cap" '
            'matter; "Products" means the goods (the "Goods"). [HIGH]\n'
        )
    )
    assert point.quotes == ()
    assert point.severity is Severity.HIGH


def test_a_quote_inside_a_quote_is_part_of_it_and_the_fix_holds_no_contract_quote() -> None:
    point = only(
        read(
            "1. 【中】合同约定「乙方应按“甲方书面通知载明的时间”交货」，未约定期限。\n"
            "建议：将「甲方通知的时间」改为「合同签订后三十日内」。\n"
        )
    )
    assert point.quotes == ("乙方应按“甲方书面通知载明的时间”交货",)
    assert point.suggested_fix == "将「甲方通知的时间」改为「合同签订后三十日内」。"
    fix_only = only(
        read(
            "1. 交货期限（严重程度：中）\n建议：将「甲方通知的时间」改为「合同签订后三十日内」。\n"
        )
    )
    assert fix_only.quotes == ()
    assert fix_only.notes == ("no quotation of the contract found",)


def test_a_thematic_break_ends_the_last_point() -> None:
    text = "## 1. Deposit\n\n> the deposit is 30% of the price\n\nIt is high.\n\n---\n\nPrepared by counsel.\n"
    draft = read(text)
    assert only(draft).reasoning == "It is high."
    assert draft.unparsed == ("line 9: Prepared by counsel.",)
    # without the break the closing line is the point's own prose: headings hold their text
    assert only(read(text.replace("---\n\n", ""))).reasoning == "It is high.\nPrepared by counsel."


def test_a_blockquote_under_the_suggested_fix_is_new_wording_not_a_quote() -> None:
    point = only(
        read(
            "## 1. Notice (severity: LOW)\n\n> notices may be given by fax only\n\n"
            "Suggested fix:\n\n> notices may be given by email or courier\n"
        )
    )
    assert point.quotes == ("notices may be given by fax only",)
    assert point.suggested_fix == "notices may be given by email or courier"


def test_a_loose_list_keeps_the_last_points_closing_paragraph_but_not_a_summary() -> None:
    text = (
        "1. Deposit [HIGH]\n\n> the deposit is 30% of the price\n\nIt exceeds the cap.\n\n"
        "2. Interest [LOW]\n\n> interest at 24% per annum\n\nIt is high.\n\n"
        "In summary, two points.\n"
    )
    draft = read(text)
    assert [p.reasoning for p in draft.points] == ["It exceeds the cap.", "It is high."]
    assert draft.unparsed == ("line 13: In summary, two points.",)
    kept = read(text.replace("In summary, two points.", "It also compounds monthly."))
    assert kept.points[1].reasoning == "It is high.\nIt also compounds monthly."
    assert kept.unparsed == ()


def test_nothing_readable_is_all_unparsed_and_empty_text_is_empty() -> None:
    draft = read("Looks fine to me.\n\n- sign it\n- file it\n")
    assert draft.points == ()
    assert draft.unparsed == ("line 1: Looks fine to me.", "line 3: - sign it", "line 4: - file it")
    assert read("") == ParsedDraft(format="text", points=(), unparsed=())


def test_fields_around_the_quote_belong_to_the_point() -> None:
    draft = read(
        "## 1. Deposit\n\n> the deposit is thirty percent of the price\n\n"
        "### Suggested fix\n\nLower it to 20%.\n\n"
        "## 2. Interest\n\n> interest at 24% per annum is payable\n\n"
        "Suggested fix: cap it at the legal limit.\nLegal basis: 民法典第680条\n"
    )
    first, second = draft.points
    assert first.suggested_fix == "Lower it to 20%."  # a field heading is not a point
    assert second.suggested_fix == "cap it at the legal limit."  # the basis line ends the fix
    assert second.reasoning == "Legal basis: 民法典第680条"
    assert second.citations == ("民法典第680条",)


def test_a_bold_field_line_under_a_bare_heading_is_not_the_title() -> None:
    point = only(read("### Point 3\n**Suggested fix:**\nLower it.\nSeverity: HIGH\n"))
    assert point.title == ""
    assert point.suggested_fix == "Lower it."  # the severity field ends the fix
    assert point.severity is Severity.HIGH


def test_field_bullets_and_nested_bullets_do_not_start_points() -> None:
    fields = read(
        "- “the deposit is thirty percent of the price” is too high [HIGH]\n"
        "- Suggested fix: lower it to 20%\n"
        "- “interest at 24% per annum is payable” is high [LOW]\n"
    )
    assert [p.suggested_fix for p in fields.points] == ["lower it to 20%", ""]
    nested = read(
        "- Deposit [HIGH]\n  - “the deposit is thirty percent of the price”\n  - it exceeds the cap\n"
        "- Interest [LOW]\n  - “interest at 24% per annum is payable”\n"
    )
    assert [p.title for p in nested.points] == ["Deposit", "Interest"]
    assert nested.points[0].quotes == ("the deposit is thirty percent of the price",)


def test_a_numbered_list_under_one_findings_heading_is_the_unit() -> None:
    draft = read("## Findings\n\n1. Deposit [HIGH]\n   > the deposit is thirty percent\n")
    assert only(draft).title == "Deposit"
    assert draft.unparsed == ("line 1: ## Findings",)


def test_labelled_and_standalone_quotes_are_declared_and_leave_the_reasoning() -> None:
    labelled = only(
        read(
            "1. 付款期限（严重程度：中）\n原文：「买方应于收货后九十日内付款」\n"
            "分析：「九十日」过长，且「收货后九十日内付款」对卖方不利。\n"
        )
    )
    assert labelled.quotes == ("买方应于收货后九十日内付款",)
    assert labelled.reasoning == "「九十日」过长，且「收货后九十日内付款」对卖方不利。"
    unmarked = only(
        read("- Deposit [HIGH]\n  Quote: The deposit is 30% of the price.\n  Too high.\n")
    )
    assert unmarked.quotes == ("The deposit is 30% of the price.",)
    assert unmarked.reasoning == "Too high."
    standalone = only(
        read(
            "## 1. Interest (severity: LOW)\n\n“interest at 24% per annum is payable”\n\n"
            "The words “24% per annum” exceed the cap.\n"
        )
    )
    assert standalone.quotes == ("interest at 24% per annum is payable",)
    assert standalone.reasoning == "The words “24% per annum” exceed the cap."


def test_the_word_severity_in_prose_is_no_severity_field() -> None:
    point = only(
        read(
            "## 1. Breach\n\n> either party may terminate for any breach\n\nThe severity of a breach is ignored.\n"
        )
    )
    assert (point.severity, point.notes) == (None, ())


def test_bold_numbered_lines_and_headings_are_numbered_points() -> None:
    items = read(
        "**1. Deposit excessive** (severity: HIGH)\n> the deposit is thirty percent\n\n"
        "**2. Interest**\n> interest at 24% per annum\n"
    )
    assert [(p.title, p.severity) for p in items.points] == [
        ("Deposit excessive", Severity.HIGH),
        ("Interest", None),
    ]
    headings = read("## **1. Notice** [LOW]\n> notices by fax only\n\n## **Summary**\nFine.\n")
    assert [(p.title, p.severity) for p in headings.points] == [("Notice", Severity.LOW)]
    assert headings.unparsed == ("lines 4-5: ## **Summary**\nFine.",)


ZH_LLM = """\
# 合同审查意见

## 一、主要风险

### 风险点1：定金比例过高
- **风险等级**：高
- **类型**：deposit_excessive
- **原文**：「买方应于签约后五日内支付合同总价款30%的定金」
- **分析**：定金超过主合同标的额的20%，超过部分不产生定金效力。
- **法律依据**：《民法典》第586条
- **修改建议**：将定金比例调整为不超过20%。

### 风险点2：争议解决条款冲突
- **风险等级**：中
- **原文**：「争议可以向深圳国际仲裁院申请仲裁，也可以向甲方所在地人民法院起诉」
- **分析**：或裁或诉的约定无效。
- **法律依据**：仲裁法解释第7条

## 二、总结
合同总体可签，但需修改以上条款。
"""


def test_chinese_point_headings_with_bold_field_bullets() -> None:
    draft = read(ZH_LLM)
    first, second = draft.points
    assert [(p.line, p.title) for p in draft.points] == [
        (5, "定金比例过高"),
        (13, "争议解决条款冲突"),
    ]
    assert (first.severity, second.severity) == (Severity.HIGH, Severity.MEDIUM)
    assert (first.type, second.type) == ("deposit_excessive", "")
    assert first.quotes == ("买方应于签约后五日内支付合同总价款30%的定金",)
    assert first.reasoning == (
        "定金超过主合同标的额的20%，超过部分不产生定金效力。\n**法律依据**：《民法典》第586条"
    )
    assert first.suggested_fix == "将定金比例调整为不超过20%。"
    assert (first.citations, second.citations) == (("《民法典》第586条",), ("仲裁法解释第7条",))
    assert draft.unparsed == (
        "line 1: # 合同审查意见",
        "line 3: ## 一、主要风险",
        "lines 19-20: ## 二、总结\n合同总体可签，但需修改以上条款。",
    )


def test_the_development_review_in_golden_set_check_dev() -> None:
    """The one Markdown review open for development (its citations are English PRC forms,
    which the KB parser is still learning, so only the structure is asserted)."""
    path = (
        Path(__file__).resolve().parents[2] / "golden_set/check/dev/en_h12_reseller_prc.review.md"
    )
    draft = read(path.read_text(encoding="utf-8"))
    assert [p.line for p in draft.points] == [5, 13, 21, 29, 37, 45, 53, 61, 69]
    assert [p.severity.value if p.severity else None for p in draft.points] == [
        "HIGH", "HIGH", "HIGH", "HIGH", "MEDIUM", "LOW", "LOW", "MEDIUM", "LOW"
    ]  # fmt: skip
    assert [len(p.quotes) for p in draft.points] == [1] * 9
    assert draft.points[0].quotes == ("The Security Deposit is paid as earnest money (dingjin).",)
    assert all(p.suggested_fix and p.reasoning.endswith(".") for p in draft.points)
    assert len(draft.unparsed) == 2 and draft.unparsed[0].startswith("line 1: # Review of")


def test_a_citation_named_twice_is_listed_once_in_order() -> None:
    point = only(
        read(
            "1. 违约金过高（严重程度：高）\n「逾期一日按合同总价款的百分之一支付违约金」\n"
            "依民法典第585条可请求调减；民法典第585条第二款亦同，另见民法典第584条。\n"
            "建议：参照民法典第585条降低。\n"
        )
    )
    assert point.citations == ("民法典第585条", "民法典第584条")


def test_one_numbered_sequence_in_mixed_forms_is_one_list_of_points() -> None:
    review = (
        "# Review note\n\nIntro paragraph.\n\n"
        "## 1. Fee cap (clause 5.5)\n\n> The Fees shall not exceed £240,000\n\nWords and figures.\n\n"
        '**2. Indemnity.** Clause 10.1 says "The Consultant shall indemnify the Client in full".\n\n'
        "### 3. Termination\n\n> The Client may terminate this agreement for convenience\n\nFine.\n"
    )
    parsed = read(review, lambda text: [])
    assert [p.title.split()[0] for p in parsed.points] == ["Fee", "Indemnity.", "Termination"]
    assert parsed.points[1].quotes == ("The Consultant shall indemnify the Client in full",)


FREELY_MIXED = """\
# Comments on the Distribution Agreement

We acted for the Distributor. The agreement is governed by PRC law (Section 14.1).

## 1. The Supplier may end the deal at will (Section 9.2)

> The Supplier may terminate this Agreement at any time without cause.

A drafting party's right to walk away at will is open to challenge (PRC Civil Code, Article 497).

**2. Liquidated damages (Section 10.1).** The Distributor pays "liquidated damages equal to \
forty percent (40%) of the Annual Target" for any breach (PRC Civil Code, Article 585).

Three further points:

- **Exclusivity (Section 3.1).** "The Distributor shall not sell competing goods in the Territory."
- **Price changes (Section 5.2).** "The Supplier may revise the Price List on thirty days' notice."

### Notices (Section 15.2)

> Notices sent by courier are deemed received on the third day after dispatch.

The deemed-receipt rule is workable.

**Governing law (Section 14.1).** "This Agreement is governed by the laws of the PRC." Fine.

---

In short: renegotiate Sections 9.2 and 10.1.
"""


def test_points_in_several_forms_are_each_a_point_in_reading_order() -> None:
    # headed points, a bold run-in paragraph, bullets, a lower heading and a bold paragraph:
    # each holds a quote of its own, so each is a point, whatever the review's main form
    draft = read(FREELY_MIXED, english_prc)
    assert [p.line for p in draft.points] == [5, 11, 15, 16, 18, 24]
    assert [p.quotes[0][:24] for p in draft.points] == [
        "The Supplier may termina",
        "liquidated damages equal",
        "The Distributor shall no",
        "The Supplier may revise ",
        "Notices sent by courier ",
        "This Agreement is govern",
    ]
    assert draft.points[1].citations == ("PRC Civil Code, Article 585",)
    assert draft.unparsed[-1] == "line 28: In short: renegotiate Sections 9.2 and 10.1."


def test_a_bold_label_run_in_is_a_field_not_a_point() -> None:
    draft = read(
        "## Deposit\n\n> the deposit is thirty percent of the price\n\n"
        "**Suggested fix:** reduce it to twenty percent.\n"
    )
    assert only(draft).suggested_fix == "reduce it to twenty percent."


def test_a_fix_label_after_a_full_stop_starts_the_fix_mid_line() -> None:
    point = only(
        read(
            "### Point 1 — Late delivery (clause 7.6)\n\n"
            'Clause 7.6 charges "fifteen per cent (15%) of the Price per day".\n\n'
            "Severity: high. Suggested fix: reduce the daily rate (e.g. 1–2%) and cap it.\n"
        )
    )
    assert point.severity is Severity.HIGH
    assert point.suggested_fix == "reduce the daily rate (e.g. 1–2%) and cap it."
    assert "1–2%" not in point.reasoning


MIXED_FORMS = """\
# Review of the franchise agreement

### Post-term non-compete

Clause text: “For twelve months after the end of this Agreement, the Franchisee shall not operate a coffee shop.”

The restraint is likely to be reasonable for a single outlet. Severity: medium.

**Renewal notice window.** The clause reads “by giving written notice not more than twelve months before the end of the Term”. A late notice is ineffective. Severity: medium.

- **Fees on Gross Sales:** “the Management Service Fee is £2,400”
  The arithmetic is correct. Severity: low.

### Insurance levels

- **Cover:** “public and products liability insurance of not less than £5,000,000”
  The cover is adequate. Severity: low.

Overall, the agreement is balanced.
"""


def test_bold_titled_paragraphs_and_bullets_after_a_quoted_heading_are_points_of_their_own() -> (
    None
):
    """Reviews mix forms: a heading with its quote, then a bold run-in paragraph and a bold
    bullet, each with a quote of its own, are three points; a bold bullet that carries the
    quote of a heading with none stays part of it."""
    draft = read(MIXED_FORMS)
    assert [p.line for p in draft.points] == [3, 9, 11, 14]
    assert len(draft.points) == 4, [p.title for p in draft.points]
    assert [p.quotes for p in draft.points] == [
        ("For twelve months after the end of this Agreement, the Franchisee shall not operate a "
         "coffee shop.",),
        ("by giving written notice not more than twelve months before the end of the Term",),
        ("the Management Service Fee is £2,400",),
        ("public and products liability insurance of not less than £5,000,000",),
    ]  # fmt: skip
