"""``contract-review dev ...``: the former ``python -m`` scripts, printed by the CLI layer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline import bench
from pipeline.cli.app import app

runner = CliRunner()
REPO = Path(__file__).resolve().parents[2]


def test_schema_prints_the_committed_file() -> None:
    result = runner.invoke(app, ["dev", "schema"])
    assert result.exit_code == 0
    assert result.stdout == (REPO / "schema" / "report.schema.json").read_text("utf-8")


def test_golden_pdfs_renders_the_same_pdfs(small_set: Path) -> None:
    pdf = small_set / "contracts" / "zh_06_loan_company.pdf"
    shipped = pdf.read_bytes()
    pdf.unlink()
    result = runner.invoke(app, ["dev", "golden-pdfs", str(small_set)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("rendered 2 PDFs;")
    assert pdf.read_bytes() == shipped


def test_bench_prints_each_section_and_writes_the_results(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    written: list[dict[str, object]] = []

    def write(results: dict[str, object]) -> Path:
        written.append(results)
        return tmp_path / "results.json"

    monkeypatch.setattr(bench, "SECTIONS", {"one": lambda: {"ms": 1.5}, "two": lambda: [2]})
    monkeypatch.setattr(bench, "write_results", write)
    result = runner.invoke(app, ["dev", "bench"])
    assert result.exit_code == 0, result.output
    one = json.dumps({"ms": 1.5}, indent=2)
    two = json.dumps([2], indent=2)
    assert result.stdout == f"== one\n{one}\n== two\n{two}\nwrote {tmp_path / 'results.json'}\n"
    assert written[0]["one"] == {"ms": 1.5} and written[0]["two"] == [2]
    assert {"tool_version", "python", "created_at"} <= set(written[0])


def test_mutation_lists_the_chosen_mutants() -> None:
    result = runner.invoke(app, ["dev", "mutation", "--list", "--only", "lease"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "  choice 1 lease: 20 years and 6 months allowed  [rules/zh_validity.yaml]  -> "
        "tests/rules/test_threshold_edges.py tests/rules/test_thresholds.py"
    ]
    nothing = runner.invoke(app, ["dev", "mutation", "--only", "no such mutant"])
    assert nothing.exit_code == 2 and "no mutant matches" in nothing.output
