"""A wrong playbook fails before the review runs, naming the file and the field."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.errors import PlaybookLoadError
from pipeline.playbook import load_playbook
from tests.side.contracts import SALE_ZH

GOOD = """name: Buyer positions
language: zh
positions:
  - id: deposit_cap
    title: 定金不超过20%
    measure: deposit_ratio
    green: {max: 0.20}
    yellow: {max: 0.25}
    escalation: 报法务
  - id: law
    title: 适用中国法律
    measure: governing_law
    allowed: ["中华人民共和国"]
"""
BUNDLED = sorted((Path(__file__).resolve().parents[2] / "rules" / "playbooks").glob("*.yaml"))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_playbooks_load(path: Path) -> None:
    assert load_playbook(path).positions


def test_good_playbook_loads(tmp_path: Path) -> None:
    (tmp_path / "p.yaml").write_text(GOOD, "utf-8")
    playbook = load_playbook(tmp_path / "p.yaml")
    assert [p.id for p in playbook.positions] == ["deposit_cap", "law"]
    assert playbook.positions[0].if_missing == "YELLOW"


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("    green: {max: 0.20}\n", "    green: {max: 0.20}\n    colour: red\n",
         "positions -> 0 -> colour: Extra inputs are not permitted"),
        ("measure: deposit_ratio", "measure: deposit_percent", "positions -> 0 -> measure"),
        ("green: {max: 0.20}", "green: {max: 20}", "0: green -> max: deposit_ratio is a fraction: write 0.2 for 20%, not 20"),
        ("green: {max: 0.20}", "green: {}", "positions -> 0 -> green"),
        ("green: {max: 0.20}", "green: {min: 0.3, max: 0.2}", "min 0.3 is above max 0.2"),
        ('    allowed: ["中华人民共和国"]\n', "", "needs an 'allowed' list"),
        ("id: law", "id: deposit_cap", "duplicate position id(s): deposit_cap"),
        ("id: law", "id: Law!", "positions -> 1 -> id"),
        ("language: zh", "language: fr", "language"),
        ("positions:", "position:", "positions: Field required"),
        ("title: 定金不超过20%", "title: [unclosed", "not valid UTF-8 YAML"),
    ],
)  # fmt: skip
def test_bad_playbook_names_file_and_field(
    tmp_path: Path, old: str, new: str, expected: str
) -> None:
    assert old in GOOD
    path = tmp_path / "bad.yaml"
    path.write_text(GOOD.replace(old, new), "utf-8")
    with pytest.raises(PlaybookLoadError) as info:
        load_playbook(path)
    assert info.value.message.startswith(str(path))
    assert expected in info.value.message


def test_cli_bad_playbook_exits_41_before_reviewing(tmp_path: Path) -> None:
    contract = tmp_path / "sale.txt"
    contract.write_text(SALE_ZH, "utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("green: {max: 0.20}", "green: {max: 20}"), "utf-8")
    out = tmp_path / "out"
    base = ["review", str(contract), "--llm", "none", "--out", str(out), "--playbook"]
    result = CliRunner().invoke(app, [*base, str(bad)])
    assert result.exit_code == 41
    shown = " ".join(result.output.split())
    assert f"{bad}: positions -> 0: green -> max: deposit_ratio is a fraction" in shown
    assert not (out / "report.json").exists()
    missing = CliRunner().invoke(app, [*base, str(tmp_path / "nope.yaml")])
    assert missing.exit_code == 41
    assert "no such file" in missing.output
