"""Quotes are found up to layout (whitespace, quotation-mark style), never fuzzily."""

from __future__ import annotations

from pipeline.draft_check.quotes import QuoteFinder

CONTRACT = (
    "第五条 付款\n乙方应于验收合格后三十日内支付合同价款的百分之九十，即人民币玖拾万元整"
    "（¥900,000.00）。\n第六条 违约责任\n逾期付款的，每日按未付款项的万分之五支付违约金。\n"
    'Section 7. The Supplier shall deliver the "Goods" within thirty\n(30) days.\n'
)


def test_a_verbatim_quote_is_found_with_its_span() -> None:
    finder = QuoteFinder(CONTRACT)
    quote = "逾期付款的，每日按未付款项的万分之五支付违约金。"
    match = finder.locate(quote)
    assert match.found and match.count == 1
    assert CONTRACT[match.start : match.end] == quote


def test_a_line_wrap_and_quote_marks_do_not_hide_a_quote() -> None:
    finder = QuoteFinder(CONTRACT)
    match = finder.locate("shall deliver the “Goods” within thirty (30) days")
    assert match.found
    assert "thirty\n(30) days" in CONTRACT[match.start : match.end]
    wrapped = finder.locate("合同价款的百分之九十，\n即人民币玖拾万元整")
    assert wrapped.found


def test_a_changed_figure_is_not_the_contract_and_the_hint_is_only_a_hint() -> None:
    finder = QuoteFinder(CONTRACT)
    match = finder.locate("逾期付款的，每日按未付款项的万分之三支付违约金。")
    assert not match.found and match.start is None
    assert match.hint is not None and "万分之五" in match.hint
    assert 0.6 <= match.hint_ratio < 1.0


def test_an_unrelated_sentence_gets_no_hint() -> None:
    match = QuoteFinder(CONTRACT).locate("The Licensee may sublicense the Software to affiliates.")
    assert not match.found and match.hint is None


def test_a_quote_found_twice_counts_both() -> None:
    match = QuoteFinder("甲方应付款。乙方应付款。").locate("应付款")
    assert match.count == 2 and match.start == 2


def test_authorities_no_parser_resolves_are_named() -> None:
    from pipeline.draft_check.unresolved import unresolved_authorities

    text = (
        "Under the Unfair Contract Terms Act 1977, s 11 the cap must be reasonable; see "
        "Cavendish Square Holding BV v Makdessi [2015] UKSC 67 and Section 2.5 of this Agreement."
    )
    found = unresolved_authorities(text, ())
    assert any("Unfair Contract Terms Act 1977, s 11" in f for f in found)
    assert any("v Makdessi [2015]" in f for f in found)
    assert not any("2.5" in f for f in found)  # the contract's own section is no authority
    assert unresolved_authorities("UCC § 2-302 applies", ("UCC § 2-302",)) == []
    # state compilations: a point relying on one is not verified by anything here
    state = "the Illinois Landlord Act at 765 ILCS 742/5 and N.Y. Gen. Oblig. Law § 5-1401"
    assert unresolved_authorities(state, ()) == ["765 ILCS 742/5", "N.Y. Gen. Oblig. Law § 5-1401"]


def test_a_us_case_cited_by_its_reporter_is_named_and_a_bracketed_year_alone_is_not() -> None:
    from pipeline.draft_check.unresolved import unresolved_authorities

    text = (
        "Courts enforce such waivers: Harrow Point Mutual Insurance Co. v. Brightlake Cloud "
        "Systems, Inc., 219 A.3d 1144 (Del. 2019); see also 556 U.S. 662 (2009)."
    )
    assert unresolved_authorities(text, ()) == ["219 A.3d 1144 (Del. 2019)", "556 U.S. 662 (2009)"]
    assert unresolved_authorities("a fee of 12 percent (2019) for 300 days", ()) == []


def test_a_statute_title_with_brackets_or_commas_is_named_whole() -> None:
    from pipeline.draft_check.unresolved import unresolved_authorities

    text = (
        "Set-off is governed by the Late Payment of Commercial Debts (Interest) Act 1998, s 4; "
        "copyright vests under the Copyright, Designs and Patents Act 1988, s. 91; and see the "
        "Contracts (Rights of Third Parties) Act 1999, s 1. Under the Limitation Act 1980, s 5 "
        "the period is six years."
    )
    assert unresolved_authorities(text, ()) == [
        "Late Payment of Commercial Debts (Interest) Act 1998, s 4",
        "Copyright, Designs and Patents Act 1988, s. 91",
        "Contracts (Rights of Third Parties) Act 1999, s 1",
        "Limitation Act 1980, s 5",
    ]
