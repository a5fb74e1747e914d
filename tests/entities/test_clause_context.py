"""Where a clause stands: the heading a sub-clause is read beside, and headings carry no kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.config import IntakeLimits
from pipeline.entities.clause_context import heading_of_line, is_heading_only
from pipeline.entities.clause_kinds import default_classifier
from pipeline.entities.clauses import _enclosing_headings
from pipeline.stages.intake import read_document
from pipeline.stages.parse_entities import ParseEntities


@pytest.mark.parametrize(
    "line",
    ["16. LIMITATION OF LIABILITY", "第八条 违约责任", "ARTICLE 4 - ORDERS AND DELIVERY",
     "Section 3. Term and Renewal", "第五条 甲方的权利义务。", "九、争议解决"],
)  # fmt: skip
def test_a_number_and_a_title_is_a_heading(line: str) -> None:
    assert is_heading_only(line)


@pytest.mark.parametrize(
    "line",
    ["第四条 租赁期限为五年。", "第四条 租期自2025年1月1日起", "8.2 逾期超过十日的，甲方可以解除合同。",
     "1. The Supplier shall deliver the Goods", "第三条 乙方应于签约后支付定金",
     "第八条 违约责任\n乙方逾期交货的，每日按货款的千分之一支付违约金。", "12. Fees are payable monthly"],
)  # fmt: skip
def test_a_clause_that_says_something_is_not_a_heading(line: str) -> None:
    assert not is_heading_only(line)


def test_heading_of_a_line_drops_its_number() -> None:
    assert heading_of_line("ARTICLE 5 - PAYMENT") == "PAYMENT"
    assert heading_of_line("第三条 付款方式") == "付款方式"
    assert heading_of_line("附件一：货物清单") == "货物清单"


def test_sub_clauses_are_read_beside_their_article_heading(tmp_path: Path) -> None:
    path = tmp_path / "contract.txt"
    path.write_text(
        "买卖合同\n第一条 标的\n甲方向乙方购买钢材100吨。\n"
        "第八条 违约责任\n8.1 乙方逾期交货的，每日按货款的千分之一支付违约金。\n"
        "8.2 上述款项甲方可以从应付货款中直接扣除。\n",
        encoding="utf-8",
    )
    clauses = ParseEntities().run(document=read_document(path, IntakeLimits()))["clauses"]
    by_id = {c.id: (c, ctx) for c, ctx in zip(clauses, _enclosing_headings(clauses), strict=True)}
    assert by_id["8.2"][1] == "违约责任"
    assert by_id["8.1"][1] == "违约责任"
    assert by_id["第八条"][1] == ""
    model = default_classifier()
    assert model is not None and model.headings_have_no_kind
    # the article's heading line does nothing itself; its sub-clause does
    assert by_id["第八条"][0].kinds == ()
    assert "penalty" in by_id["8.1"][0].kinds
