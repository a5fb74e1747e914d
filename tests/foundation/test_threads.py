"""One thread budget: the request, else $CONTRACT_REVIEW_THREADS, else the cores over the jobs;
applied to the native libraries and recorded in the trace header."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline import threads
from pipeline.batch import config_hash
from pipeline.cli.app import app
from pipeline.config import RunConfig

LIBRARY_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


@pytest.fixture(autouse=True)
def _restore_budget(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # apply_thread_budget writes os.environ, a module global and torch's pool: put them back
    for var in (*LIBRARY_VARS, threads.THREADS_ENV):
        monkeypatch.setenv(var, "")
    monkeypatch.delenv(threads.THREADS_ENV)
    monkeypatch.setattr(threads, "_applied", None)
    torch = sys.modules.get("torch")
    before = torch.get_num_threads() if torch is not None else None
    yield
    torch = sys.modules.get("torch")
    if torch is not None and before is not None:
        torch.set_num_threads(before)


def test_the_request_wins_then_the_environment_then_the_core_share(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(threads, "available_cores", lambda: 8)
    assert threads.resolve_threads(None, jobs=1) == 8
    assert threads.resolve_threads(None, jobs=2) == 4
    assert threads.resolve_threads(None, jobs=16) == 1
    monkeypatch.setenv(threads.THREADS_ENV, "3")
    assert threads.resolve_threads(None, jobs=2) == 3
    assert threads.resolve_threads(5, jobs=2) == 5


def test_a_bad_environment_value_names_the_variable_and_the_fix(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(threads.THREADS_ENV, "many")
    with pytest.raises(ValueError, match=r"CONTRACT_REVIEW_THREADS.*Fix"):
        threads.resolve_threads(None)


def test_the_budget_reaches_the_native_libraries() -> None:
    threads.apply_thread_budget(3)
    import os

    assert {os.environ[v] for v in LIBRARY_VARS} == {"3"}
    assert threads.thread_budget() == 3


def test_the_trace_header_records_the_threads_the_review_had(tmp_path: Path) -> None:
    contract = tmp_path / "c.txt"
    contract.write_text(
        "买卖合同\n甲方：甲公司\n乙方：乙公司\n第一条 货款为人民币10万元。\n", "utf-8"
    )
    result = CliRunner().invoke(
        app, ["review", str(contract), "--out", str(tmp_path / "out"), "--llm", "none",
              "--format", "json", "--threads", "1"],
    )  # fmt: skip
    assert result.exit_code in (0, 1, 3), result.output
    header = json.loads((tmp_path / "out" / "trace.jsonl").read_text("utf-8").splitlines()[0])
    assert header["config"]["threads"] == 1


def test_threads_do_not_change_a_batchs_resume_hash() -> None:
    assert config_hash(RunConfig(threads=1)) == config_hash(RunConfig(threads=2))
