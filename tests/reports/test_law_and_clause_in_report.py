"""Every report says which law it assumed and why, and names the clause of each finding."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli.app import app
from tests.rules.cases_new import en_prc

runner = CliRunner()


def test_english_contract_under_prc_law_is_reviewed_under_prc_law(tmp_path: Path) -> None:
    source = tmp_path / "supply.txt"
    source.write_text(en_prc(deposit="300,000"), encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(app, ["review", str(source), "--out", str(out), "--llm", "none"])
    assert result.exit_code == 1, result.output
    report = json.loads((out / "report.json").read_text("utf-8"))
    assert report["law"]["system"] == "prc" and report["law"]["source"] == "clause"
    assert "People's Republic of China" in report["law"]["quote"]
    (deposit,) = [f for f in report["findings"] if f["type"] == "deposit_excessive"]
    assert deposit["clause"] == "1 / 1.2"
    assert [e["doc_id"] for e in deposit["evidence_source"]] == ["cn.civil-code.586"]
    markdown = (out / "report.md").read_text("utf-8")
    assert (
        "- Law assumed: PRC law" in markdown
        and "`deposit_excessive` — Clause 1.2, page 1" in markdown
    )
    assert (
        "| **Law the review assumed** | PRC law (中华人民共和国法律) "
        "*(Named in the governing-law clause.)* |  |"
    ) in markdown
    html = (out / "report.html").read_text("utf-8")
    row = html.split('<tr id="term-law_assumed">', 1)[1].split("</tr>", 1)[0]
    assert "PRC law (中华人民共和国法律)" in row and "Named in the governing-law clause." in row
    chosen = html.split('<tr id="term-governing_law">', 1)[1].split("</tr>", 1)[0]
    assert "People&#39;s Republic of China" in chosen
