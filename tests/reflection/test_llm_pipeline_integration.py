"""The whole pipeline with real inference (Ollama-API server and in-process llama.cpp), the CLI,
replay from recorded replies, metrics and the human-review queue."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pipeline import __version__
from pipeline.cli.app import app
from pipeline.config import LLMSettings, ReflectionSettings, RunConfig
from pipeline.metrics import render_metrics
from pipeline.replay import replay_trace
from pipeline.review_queue import read_queue
from pipeline.reviewing import build_report, review_file, write_outputs
from pipeline.trace_io import TraceHeader, dump_trace
from tests.reflection.helpers import (
    FABRICATED_DRAFT,
    GOOD_DRAFT,
    VERIFY_OK,
    fix_fences,
    run_scripted,
    write_contract,
)

runner = CliRunner()
LLM_STAGES = ("generate", "verifier")
# keep real inference short: one array item, a small reply cap and no re-ask (re-asks are
# covered with the scripted fake); SmolLM2 is a plumbing model, not a legal reasoner
TINY = {"max_output_tokens": 256, "max_decoded_items": 1, "max_reasks": 0, "timeout_s": 300.0}


def _check_real_run(outcome: Any, model: str) -> None:
    report = outcome.report
    assert report.stages_run[-4:] == ("cross_check_kb", "verifier", "revise", "reflect")
    calls = outcome.llm_calls
    assert calls and calls[0].stage == "generate"
    assert {c.model_name for c in calls if c.outcome != "timeout"} == {model}
    assert {c.stage for c in calls} <= set(LLM_STAGES)
    assert sum(c.output_tokens for c in calls) > 0
    assert len(calls) <= 2  # Generate and round 0's Verifier; light routing, no re-asks
    assert "penalty_excessive" in {f.type for f in report.findings}  # rules still report
    # a real-inference test that silently degraded to none would prove nothing: Generate's
    # reply is valid, and a Verifier reply is valid or refused by its schema (a 135M model's
    # JSON differs between CPUs, see tests/llm/test_real_review.py), and then the report says so
    assert calls[0].outcome == "ok"
    if all(c.outcome == "ok" for c in calls):
        assert not report.mode.endswith("(degraded to none)"), report.mode_note
    else:
        assert [c.outcome for c in calls[1:]] == ["invalid"]
        assert report.mode.endswith("(degraded to none)")
        assert "verifier" in report.mode_note and "failed validation" in report.mode_note


@pytest.mark.integration
@pytest.mark.slow
def test_full_review_through_the_ollama_api_server(
    ollama_server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    contract = write_contract(tmp_path)
    fix_fences(monkeypatch, contract)
    config = RunConfig(
        llm=LLMSettings(url=ollama_server.url, ollama_model="smollm2:135m", **TINY),
        reflection=ReflectionSettings(mode="light"),
    )
    before = len(ollama_server.requests)
    outcome = review_file(contract, config)
    assert outcome.report.mode.startswith("ollama:smollm2:135m")
    _check_real_run(outcome, "ollama:smollm2:135m")
    chats = [body for path, body in ollama_server.requests[before:] if path == "/api/chat"]
    assert len(chats) == len(outcome.llm_calls)
    assert "risk_points" in chats[0]["format"]["properties"]
    assert chats[0]["options"]["temperature"] == LLMSettings().temperature_generate


@pytest.mark.integration
@pytest.mark.slow
def test_full_review_with_embedded_llamacpp(
    smollm2: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    contract = write_contract(tmp_path)
    fix_fences(monkeypatch, contract)
    config = RunConfig(
        llm=LLMSettings(spec="llamacpp", **TINY), reflection=ReflectionSettings(mode="light")
    )
    outcome = review_file(contract, config)
    assert outcome.report.mode.startswith("llamacpp:smollm2-135m")
    assert "PLUMBING MODE" in outcome.report.mode_note
    _check_real_run(outcome, "llamacpp:smollm2-135m")
    # plumbing output is never presented as review
    assert {f.stage for f in outcome.report.findings} <= {"validate_rules", "cross_check_kb"}
    assert all(e.finding_type is not None for e in outcome.report.edits)


def test_cli_none_mode_says_which_mode_ran_and_how_to_enable_an_llm(tmp_path: Path) -> None:
    out = tmp_path / "out"
    metrics = tmp_path / "metrics.prom"
    result = runner.invoke(
        app,
        ["review", str(write_contract(tmp_path)), "--out", str(out), "--llm", "none",
         "--format", "json", "--metrics-file", str(metrics)],
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    report = json.loads((out / "report.json").read_text("utf-8"))
    assert report["mode"] == "none"
    assert "no LLM ran" in report["mode_note"] and "--llm ollama:" in report["mode_note"]
    assert report["stages_run"][1] == "generate"
    text = metrics.read_text("utf-8")
    assert 'contract_review_findings_total{severity="HIGH",type="penalty_excessive"} 1.0' in text
    assert 'contract_review_runs_total{mode="none"} 1.0' in text


def test_cli_rejects_a_bad_llm_spec_and_a_bad_side(tmp_path: Path) -> None:
    path = str(write_contract(tmp_path))
    bad = runner.invoke(app, ["review", path, "--out", str(tmp_path / "out"), "--llm", "gpt4"])
    assert bad.exit_code == 18 and "Valid: auto, none" in bad.output
    side = runner.invoke(app, ["review", path, "--out", str(tmp_path / "out"), "--side", "nobody"])
    assert side.exit_code == 2 and "side" in side.output


def test_replay_reuses_recorded_replies_without_calling_the_llm(tmp_path: Path) -> None:
    path = write_contract(tmp_path)
    result, llm, _ = run_scripted(
        path, [FABRICATED_DRAFT, VERIFY_OK, GOOD_DRAFT, VERIFY_OK], "standard"
    )
    assert llm.remaining == 0
    config = RunConfig(reflection=ReflectionSettings(mode="standard"))
    header = TraceHeader(
        run_id="r1", tool_version=__version__, created_at="2026-01-01T00:00:00+00:00",
        config=config, inputs={"source_path": str(path)},
    )  # fmt: skip
    trace = tmp_path / "trace.jsonl"
    trace.write_text(dump_trace(header, result.records), "utf-8")
    recorded = [json.loads(line) for line in trace.read_text("utf-8").splitlines()[1:]]
    replies = [c["reply"] for r in recorded for k, v in r["outputs"].items()
               if k.endswith("_llm_calls") for c in v]  # fmt: skip
    assert replies == [FABRICATED_DRAFT, VERIFY_OK, GOOD_DRAFT, VERIFY_OK]
    outcomes = {r.stage: r.outcome for r in replay_trace(trace)}
    assert outcomes["generate"] == outcomes["verifier"] == outcomes["reflect"] == "reused"
    assert outcomes["cross_check_kb"] == outcomes["revise"] == outcomes["validate_rules"] == "same"
    assert outcomes["reflect[1].generate"] == outcomes["reflect[1].revise"] == "reused"
    assert len(llm.calls) == 4  # replay made no call


def test_metrics_and_the_append_only_human_review_queue(tmp_path: Path) -> None:
    path = write_contract(tmp_path)
    result, _, session = run_scripted(
        path, [FABRICATED_DRAFT, VERIFY_OK, FABRICATED_DRAFT, VERIFY_OK], "full"
    )
    report = build_report(result, "run-1", "2026-01-01T00:00:00+00:00", "scripted", "")
    assert report.needs_human_review
    text = render_metrics(report, session.calls)
    assert (
        'contract_review_llm_calls_total{model="scripted",outcome="ok",stage="generate"} 2.0'
        in text
    )
    assert 'contract_review_human_review_routings_total{reason="no_improvement"} 1.0' in text
    assert "contract_review_llm_latency_seconds_bucket" in text
    assert 'contract_review_llm_tokens_total{direction="output",stage="verifier"}' in text

    from pipeline.reviewing import ReviewOutcome

    outcome = ReviewOutcome(report=report, document=result.artifacts["document"], trace_text="")
    assert outcome.exit_code == 3
    out = tmp_path / "out"
    write_outputs(outcome, out, "json")
    write_outputs(outcome, out, "json")  # the second set replaces the first: no duplicates
    lines = read_queue(out)
    reasons = [line["reason"] for line in lines]
    assert reasons == [i.reason for i in report.human_review]
    assert all(line["run_id"] == "run-1" for line in lines)


def _scripted_trace(tmp_path: Path, replies: list[str], reflection: str) -> Path:
    path = write_contract(tmp_path)
    result, _, _ = run_scripted(path, list(replies), reflection)
    config = RunConfig(reflection=ReflectionSettings.model_validate({"mode": reflection}))
    header = TraceHeader(
        run_id="r2", tool_version=__version__, created_at="2026-01-01T00:00:00+00:00",
        config=config, inputs={"source_path": str(path)},
    )  # fmt: skip
    trace = tmp_path / "trace.jsonl"
    trace.write_text(dump_trace(header, result.records), "utf-8")
    return trace


def test_full_replay_reruns_every_stage_on_the_recorded_replies(tmp_path: Path) -> None:
    from pipeline.replay import replay_with_recorded_replies

    replies = [FABRICATED_DRAFT, VERIFY_OK, GOOD_DRAFT, VERIFY_OK]
    trace = _scripted_trace(tmp_path, replies, "standard")
    outcomes = replay_with_recorded_replies(trace)
    stages = [r.stage for r in outcomes]
    assert stages[-8:-4] == ["cross_check_kb", "verifier", "revise", "reflect[1].generate"]
    assert stages[-1] == "reflect"
    assert {r.outcome for r in outcomes} == {"same"}, [r for r in outcomes if r.outcome != "same"]
    assert "reflect" in {r.stage for r in outcomes}
    assert "reflect[1].verifier" in {r.stage for r in outcomes}  # the round re-ran too

    # a different recorded reply changes what the stages make, and replay says where
    lines = trace.read_text("utf-8").splitlines()
    tampered = [line.replace("民法典第585条", "民法典第586条") for line in lines]
    trace.write_text("\n".join(tampered) + "\n", "utf-8")
    changed = {r.stage: r.outcome for r in replay_with_recorded_replies(trace)}
    assert changed["reflect"] == "differs"


def test_the_embedded_llm_without_its_extra_exits_18_with_the_install_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    real = importlib.util.find_spec

    def without_llama_cpp(name: str, *args: Any) -> Any:
        return None if name == "llama_cpp" else real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", without_llama_cpp)
    path = str(write_contract(tmp_path))
    out = tmp_path / "out"
    result = runner.invoke(app, ["review", path, "--out", str(out), "--llm", "llamacpp"])
    assert result.exit_code == 18, result.output
    assert "embedded-llm" in result.output and "pip install" in result.output
    assert not out.exists()  # nothing half-written
