"""Your own rule folders: `--rules DIR` / $CONTRACT_REVIEW_RULES add them to the bundled rules,
`--no-bundled-rules` uses them alone, and every mistake names the folder or file and the fix."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.catalog import default_catalog
from kb.locations import bundled_rules_dir
from pipeline.cli.app import app
from pipeline.errors import RuleLoadError
from pipeline.model import ReviewReport
from pipeline.rules_engine import load_rules, rule_folders

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "examples" / "sale_contract_zh.txt"
runner = CliRunner()

# A house rule that fires on the sample's 3.2 (乙方负责设备的卸货、就位、安装及调试，并承担相应费用).
HOUSE_RULE = """rules:
  - id: house.{name}
    language: zh
    jurisdiction: cn
    type: {name}
    severity: LOW
    check: sentence_pattern
    params: {{all_of: ["{pattern}"]}}
    basis:
      - citation: 民法典第510条
    message: "内部规则：{{sentence}}"
"""


def _rule_folder(root: Path, name: str, pattern: str) -> Path:
    folder = root / name
    folder.mkdir()
    (folder / f"{name}.yaml").write_text(HOUSE_RULE.format(name=name, pattern=pattern), "utf-8")
    return folder


def _review(out: Path, *args: str, env: dict[str, str] | None = None) -> ReviewReport:
    result = runner.invoke(
        app,
        ["review", str(SAMPLE), "--out", str(out), "--format", "json", "--llm", "none", *args],
        env=env,
    )
    assert result.exit_code in (0, 1, 3), result.output
    return ReviewReport.model_validate_json((out / "report.json").read_text("utf-8"))


def _types(report: ReviewReport) -> set[str]:
    return {finding.type for finding in report.findings}


@pytest.mark.slow
def test_a_rules_folder_adds_to_the_bundled_rules_and_the_trace_names_it(tmp_path: Path) -> None:
    folder = _rule_folder(tmp_path, "installation_cost", "安装及调试")
    report = _review(tmp_path / "out", "--rules", str(folder))
    (house,) = [f for f in report.findings if f.type == "installation_cost"]
    assert "安装及调试" in house.quote
    assert house.evidence_source[0].doc_id == "cn.civil-code.510"
    assert "deposit_excessive" in _types(report)  # the bundled rules still ran
    header = json.loads((tmp_path / "out" / "trace.jsonl").read_text("utf-8").splitlines()[0])
    assert header["config"]["rules"] == {"dirs": [str(folder)], "bundled": True}


@pytest.mark.slow
def test_the_env_var_names_several_folders_and_no_bundled_rules_replaces_them(
    tmp_path: Path,
) -> None:
    first = _rule_folder(tmp_path, "installation_cost", "安装及调试")
    second = _rule_folder(tmp_path, "delivery_place", "运抵甲方")
    env = {"CONTRACT_REVIEW_RULES": os.pathsep.join([str(first), str(second)])}
    report = _review(tmp_path / "out", "--no-bundled-rules", env=env)
    assert _types(report) == {"installation_cost", "delivery_place"}


def test_no_bundled_rules_without_a_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["review", str(SAMPLE), "--out", str(tmp_path / "out"), "--no-bundled-rules"]
    )
    assert result.exit_code == 2
    assert "--rules DIR" in " ".join(result.output.split())
    assert not (tmp_path / "out").exists()


def test_a_missing_rules_folder_is_a_usage_error(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-rules"
    result = runner.invoke(
        app, ["review", str(SAMPLE), "--out", str(tmp_path / "out"), "--rules", str(missing)]
    )
    assert result.exit_code == 2
    shown = " ".join(result.output.split())  # the usage box wraps long paths
    assert "Invalid value for '--rules'" in shown and "does not exist" in shown


def test_a_folder_without_rule_files_exits_40_naming_it(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("not a rule", "utf-8")
    result = runner.invoke(
        app, ["review", str(SAMPLE), "--out", str(tmp_path / "out"), "--rules", str(empty)]
    )
    assert result.exit_code == 40, result.output
    assert f"{empty}: no rule files (*.yaml)" in result.output
    assert "--rules" in result.output  # the fix


def test_a_rule_id_repeated_across_folders_names_both_files_and_the_fix(tmp_path: Path) -> None:
    copy = tmp_path / "mine"
    copy.mkdir()
    bundled = bundled_rules_dir() / "zh_money.yaml"
    (copy / "money.yaml").write_text(bundled.read_text("utf-8"), "utf-8")
    with pytest.raises(RuleLoadError) as info:
        load_rules(default_catalog(), rule_folders(True, [str(copy)]))
    message = info.value.message
    assert message.startswith(str(copy / "money.yaml"))
    assert f"also in {bundled}" in message
    assert "--no-bundled-rules" in message
    # the same folder instead of the bundled ones loads: same ids, nothing repeated
    own = load_rules(default_catalog(), rule_folders(False, [str(copy)]))
    assert {r.source for r in own} == {str(copy / "money.yaml")}


def test_the_bundled_rules_are_the_checkouts_rules_folder() -> None:
    assert bundled_rules_dir() == REPO / "rules"
    assert rule_folders() == (REPO / "rules",)
    assert {Path(r.source).parent for r in load_rules(default_catalog())} == {REPO / "rules"}
