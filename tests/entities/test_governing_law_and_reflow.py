"""The law follows the governing-law clause, not the language; figures and words cut by a
PDF line wrap are read whole, and every span still quotes the page text exactly."""

from __future__ import annotations

import pytest

from pipeline.entities.governing_law import assumed_law, subject_of
from pipeline.entities.parse import parse_contract
from pipeline.entities.textview import build_view
from tests.entities.helpers import make_document


@pytest.mark.parametrize(
    ("text", "language", "system", "source"),
    [
        (
            "Supply Contract\n12.1 This Contract is governed by the laws of the People's Republic of "
            "China (excluding the laws of Hong Kong, Macao and Taiwan).",
            "en", "prc", "clause",
        ),
        (
            "Franchise Agreement\n18.1 This Agreement shall be governed by the laws of the People's "
            "Republic of China (which, for the purposes of this Agreement, do not include the laws "
            "of the Hong Kong Special Administrative Region, the Macao Special Administrative "
            "Region or Taiwan).",
            "en", "prc", "clause",
        ),
        ("Lease\n9.1 This Lease is governed by the laws of mainland China.", "en", "prc", "clause"),
        ("Services Agreement\n9.1 This Agreement is governed by the laws of England and Wales.",
         "en", "england", "clause"),
        ("Services Agreement\n9.1 This Agreement shall be governed by the laws of the State of "
         "New York.", "en", "us", "clause"),
        ("Agency Agreement\n9.1 This Agreement is governed by the laws of Hong Kong.",
         "en", "other", "clause"),
        ("Services Agreement\n9.1 Notices shall be in writing.", "en", "unknown", "language"),
        ("买卖合同\n第九条 本合同适用中华人民共和国法律。", "zh", "prc", "clause"),
        ("买卖合同\n第九条 本合同适用新加坡法律。", "zh", "prc", "clause"),  # no foreign element
        ("买卖合同\n第九条 双方应诚信履行。", "zh", "prc", "language"),
    ],
)  # fmt: skip
def test_the_clause_decides_the_law(text: str, language: str, system: str, source: str) -> None:
    law = assumed_law(text, language)
    assert (law.system, law.source) == (system, source)
    assert law.note


def test_a_foreign_law_in_a_chinese_contract_says_why_prc_law_applies() -> None:
    law = assumed_law("买卖合同\n第九条 本合同适用新加坡法律。", "zh")
    assert "涉外民事关系法律适用法" in law.note and law.quote and "新加坡" in law.quote


@pytest.mark.parametrize(
    ("title", "subject"),
    [("EQUIPMENT SUPPLY AGREEMENT", "goods"), ("MASTER SERVICES AGREEMENT", "services"),
     ("Distribution Agreement", "goods"), ("Software Licence Agreement", "services")],
)  # fmt: skip
def test_ucc_article_2_needs_goods(title: str, subject: str) -> None:
    assert subject_of(f"{title}\n1. Terms.") == subject


def _wrapped(first: str, second: str) -> str:
    filler = (
        "本条所称货物以附件所列型号为准，乙方应按约定的时间、地点和方式交付，并提供合格证明文件。"
    )
    return f"第三条 价款\n{first}\n{second}\n{filler}\n第四条 其他。\n"


def test_a_figure_cut_by_a_cjk_line_wrap_is_read_whole() -> None:
    text = _wrapped(
        "3.1 本合同项下全部设备及其随机备件的合同总价款为人民币捌拾万元整（¥800,00",
        "0.00），由甲方分两期支付给乙方，首期款在合同签订后十日内支付，余款于验收合格后支付。",
    )
    document = make_document(text)
    amounts = [e for e in parse_contract(document).entities if e.kind == "amount"]
    figure = next(e for e in amounts if e.attrs.get("form") == "figure")
    assert figure.value == 800000.0
    assert figure.text == document.text[figure.span.start : figure.span.end]
    assert "\n" in figure.text  # the span quotes the page text, wrap included


def test_a_hyphenated_english_word_is_rejoined() -> None:
    line = "The Customer shall make each pay-"
    rest = "ment within thirty days of the date of the invoice issued by the Supplier under this."
    text = (
        f"{line}\n{rest}\n" + "Filler text of the usual width to make the wrapped line look full.\n"
    )
    view = build_view(make_document(text))
    assert "each payment within" in view.text


def test_a_reference_to_an_annex_after_a_wrap_is_not_a_heading() -> None:
    text = _wrapped(
        "3.1 甲方有权根据品牌运营及市场情况对第十条各项费用的计收比例、最低额以及",
        "附件三所列物料的供应价格进行调整，调整通知以甲方公告为准，自公告之日起执行。",
    )
    assert "以及附件三所列" in build_view(make_document(text)).text
