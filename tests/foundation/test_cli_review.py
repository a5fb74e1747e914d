"""`contract-review review` writes its outputs; replay reproduces the deterministic stages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.atomic import write_text_atomic
from pipeline.cli.app import app
from pipeline.model import SCHEMA_VERSION, ReviewReport

runner = CliRunner()
REPO = Path(__file__).resolve().parents[2]


def _review(path: Path, out: Path, *args: str) -> tuple[int, ReviewReport]:
    result = runner.invoke(app, ["review", str(path), "--out", str(out), *args])
    assert result.exit_code in (0, 1, 3), result.output
    report = ReviewReport.model_validate_json((out / "report.json").read_text("utf-8"))
    return result.exit_code, report


def test_review_writes_report_markdown_and_trace(zh_pdf: Path, tmp_path: Path) -> None:
    code, report = _review(zh_pdf, tmp_path)
    names = {p.name for p in tmp_path.iterdir()}
    assert {"report.json", "report.md", "report.html", "revised.docx", "trace.jsonl"} <= names
    assert report.document.pages == 3
    assert report.stages_run[0] == "intake"
    assert report.mode
    assert code == (3 if report.needs_human_review else 1 if report.findings else 0)
    lines = (tmp_path / "trace.jsonl").read_text("utf-8").splitlines()
    assert json.loads(lines[0])["type"] == "run"
    assert [json.loads(line)["stage"] for line in lines[1:]] == list(report.stages_run)


@pytest.mark.parametrize("sample", ["sale_contract_zh.pdf", "services_agreement_en.pdf"])
def test_every_reported_span_quotes_the_text_on_its_page(sample: str, tmp_path: Path) -> None:
    from pipeline.config import IntakeLimits
    from pipeline.stages.intake import read_document

    path = REPO / "examples" / sample
    _, report = _review(path, tmp_path)
    doc = read_document(path, IntakeLimits())
    for finding in report.findings:
        span = finding.span
        assert doc.text[span.start : span.end] == finding.quote
        assert span.page == doc.page_map.page_of(span.start)
        assert span.pages == doc.page_map.pages_of(span.start, span.end)


def test_format_json_writes_no_markdown(en_pdf: Path, tmp_path: Path) -> None:
    _review(en_pdf, tmp_path, "--format", "json")
    assert not (tmp_path / "report.md").exists()
    assert (tmp_path / "trace.jsonl").exists()


def test_unknown_format_is_a_usage_error(en_pdf: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["review", str(en_pdf), "--out", str(tmp_path), "--format", "x"])
    assert result.exit_code == 2
    assert "json, md, html, docx, all" in " ".join(result.output.split())


def test_markdown_escapes_contract_html(tmp_path: Path) -> None:
    path = tmp_path / "evil.txt"
    path.write_text("第一条 <script>alert(1)</script> 甲方")
    _review(path, tmp_path / "out")
    md = (tmp_path / "out" / "report.md").read_text("utf-8")
    assert "<script>" not in md


def test_replay_matches_a_fresh_run_and_detects_tampering(zh_pdf: Path, tmp_path: Path) -> None:
    _review(zh_pdf, tmp_path)
    trace = tmp_path / "trace.jsonl"
    same = runner.invoke(app, ["replay", str(trace)])
    assert same.exit_code == 0, same.output
    assert "differs" not in same.output

    lines = trace.read_text("utf-8").splitlines()
    intake = json.loads(lines[1])
    intake["outputs"]["document"]["text"] = intake["outputs"]["document"]["text"].replace(
        "捌仟伍佰", "玖仟伍佰"
    )
    lines[1] = json.dumps(intake, ensure_ascii=False)
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n", "utf-8")
    result = runner.invoke(app, ["replay", str(tampered)])
    assert result.exit_code == 1
    assert "differs" in result.output


def test_replay_rejects_a_file_that_is_not_a_trace(tmp_path: Path) -> None:
    bad = tmp_path / "notes.jsonl"
    bad.write_text('{"hello": 1}\n')
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 17
    assert "run header" in result.stderr


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old")

    class Boom(str):
        def encode(self, *args: object, **kwargs: object) -> bytes:
            raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        write_text_atomic(target, Boom("new"))
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


def test_version_names_the_schema() -> None:
    result = runner.invoke(app, ["version"])
    assert result.exit_code == 0
    assert f"report schema {SCHEMA_VERSION}" in result.output


def test_committed_json_schema_matches_the_model() -> None:
    committed = json.loads((REPO / "schema" / "report.schema.json").read_text("utf-8"))
    assert committed == ReviewReport.model_json_schema()
