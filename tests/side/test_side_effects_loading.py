"""A rule's ``side_effects`` block is checked at load time like the rest of the rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.catalog import default_catalog
from pipeline.errors import RuleLoadError
from pipeline.model import Severity
from pipeline.rules_engine import load_rules
from tests.rules.test_rule_loading import GOOD

# the rule-loading test's valid rule, plus a side_effects block
RULE = (
    GOOD
    + """    side_effects:
      hurts: payer
      when_hurt: {severity: HIGH, message_suffix: "（您方{party}支付定金）"}
      when_helped: {severity: LOW}
"""
)


def test_side_effects_load(tmp_path: Path) -> None:
    (tmp_path / "deposit.yaml").write_text(RULE, "utf-8")
    (rule,) = load_rules(default_catalog(), tmp_path)
    effects = rule.spec.side_effects
    assert effects is not None and effects.hurts == "payer"
    assert effects.when_helped.severity == Severity.LOW
    assert effects.when_helped.message_suffix == ""


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("hurts: payer", "hurts: landlord_and_tenant",
         "rules -> 0 -> side_effects -> hurts: Value error, 'landlord_and_tenant' is not a role"),
        ("{severity: LOW}", "{severity: CRITICAL}", "side_effects -> when_helped -> severity"),
        ("{severity: LOW}", "{severity: LOW, colour: green}",
         "side_effects -> when_helped -> colour: Extra inputs are not permitted"),
        ("您方{party}支付", "您方{payer_name}支付", "['payer_name']; only {party} exists"),
        ("      when_helped: {severity: LOW}\n", "      when_helped: {severity: LOW}\n      extra: 1\n",
         "side_effects -> extra"),
    ],
)  # fmt: skip
def test_bad_side_effects_name_the_place(tmp_path: Path, old: str, new: str, expected: str) -> None:
    assert old in RULE
    path = tmp_path / "deposit.yaml"
    path.write_text(RULE.replace(old, new), "utf-8")
    with pytest.raises(RuleLoadError) as info:
        load_rules(default_catalog(), tmp_path)
    assert info.value.message.startswith(str(path))
    assert expected in info.value.message
