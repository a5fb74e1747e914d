"""Clause numbers a text names, in Chinese and English (pipeline/entities/clause_refs.py)."""

from __future__ import annotations

from pipeline.entities.clause_refs import clause_refs, refs


def test_english_references_and_their_lists() -> None:
    assert refs("subject to Sections 11.1, 11.2 or 12 and Clause 8.4") == {
        "11.1",
        "11.2",
        "12",
        "8.4",
    }
    assert refs("the Supplier shall deliver") == set()


def test_chinese_and_english_references_in_the_order_named() -> None:
    text = "第7.2款约定的期限，见第六条及Clauses 8.4 and 9.3；另见第12条"
    assert clause_refs(text) == ["7.2", "6", "8.4", "9.3", "12"]
    assert clause_refs("依《物业管理条例》办理") == []  # 条例 is no clause
