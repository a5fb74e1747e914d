"""Rule files that are wrong fail to load with a message naming the file, rule and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.catalog import default_catalog
from pipeline.errors import RuleLoadError
from pipeline.rules_engine import load_rules

GOOD = """rules:
  - id: cn.deposit.test
    language: zh
    jurisdiction: cn
    type: deposit_excessive
    severity: HIGH
    check: share_of_price
    params: {topic: deposit, max_ratio: 0.2, sentence_words: "定金"}
    basis:
      - citation: 民法典第586条
    message: "定金{ratio}"
"""


def _load(tmp_path: Path, text: str) -> str:
    (tmp_path / "deposit.yaml").write_text(text, "utf-8")
    with pytest.raises(RuleLoadError) as info:
        load_rules(default_catalog(), tmp_path)
    assert str(tmp_path / "deposit.yaml") in info.value.message
    return info.value.message


def test_good_file_loads_with_resolved_evidence(tmp_path: Path) -> None:
    (tmp_path / "deposit.yaml").write_text(GOOD, "utf-8")
    (rule,) = load_rules(default_catalog(), tmp_path)
    assert rule.evidence[0].doc_id == "cn.civil-code.586"


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "民法典第586条",
            "民法典第1586条",
            "rules -> 0 -> basis -> 0: rule 'cn.deposit.test' cites '民法典第1586条'",
        ),
        ("民法典第586条", "合同法第115条", "repealed"),
        ("    severity: HIGH\n", "    severity: HIGH\n    colour: red\n", "rules -> 0 -> colour"),
        ("check: share_of_price", "check: no_such_check", "unknown check 'no_such_check'"),
        ("max_ratio: 0.2", "max_ratio: 2", "rules -> 0 -> params -> max_ratio"),
        ("定金{ratio}", "定金{nonsense}", "['nonsense']"),
        ('sentence_words: "定金"}', 'sentence_words: "定金", threshold: 3}', "params -> threshold"),
    ],
)
def test_bad_rule_file_names_the_place(tmp_path: Path, old: str, new: str, expected: str) -> None:
    assert old in GOOD
    assert expected in _load(tmp_path, GOOD.replace(old, new))


def test_bad_regex_in_params_is_rejected(tmp_path: Path) -> None:
    text = (
        GOOD.replace("check: share_of_price", "check: sentence_pattern")
        .replace(
            'params: {topic: deposit, max_ratio: 0.2, sentence_words: "定金"}',
            'params: {any_of: ["(定金"]}',
        )
        .replace("定金{ratio}", "定金{sentence}")
    )
    assert "not a valid regular expression" in _load(tmp_path, text)


def test_common_law_basis_needs_a_summary(tmp_path: Path) -> None:
    text = GOOD.replace("      - citation: 民法典第586条", "      - common_law: penalty rule")
    assert "summary" in _load(tmp_path, text)
