"""Batch review: resumable, a corrupt file is reported and never fatal, executors agree."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.batch import comparable, run_batch
from pipeline.cli.app import app
from pipeline.config import IntakeLimits, RunConfig

REPO = Path(__file__).resolve().parents[2]
CUAD = REPO / "tests" / "data" / "cuad" / "full_contract_txt"  # vendored: runs on a clean clone


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    src = tmp_path / "contracts"
    src.mkdir()
    for sample in (REPO / "examples").glob("*.pdf"):
        shutil.copy(sample, src / sample.name)
    (src / "lease.txt").write_text(
        "租赁合同\n第一条 出租人：甲方\n第二条 租金每月人民币伍仟元整。\n", "utf-8"
    )
    (src / "corrupt.pdf").write_bytes(
        (REPO / "examples" / "sale_contract_zh.pdf").read_bytes()[:400]
    )
    (src / "notes.odt").write_bytes(b"ignored: not a contract type")
    return src


def test_batch_reviews_all_and_reports_the_corrupt_file(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["batch", str(folder), "--out", str(out)])
    assert result.exit_code == 1, result.output  # one failure
    summary = json.loads((out / "summary.json").read_text("utf-8"))
    assert summary["contracts"] == 4 and summary["reviewed"] == 3 and summary["failed"] == 1
    failed = [r for r in summary["results"] if r["status"] == "failed"]
    assert failed[0]["file"] == "corrupt.pdf"
    assert failed[0]["exit_code"] == 13 and "truncated or malformed" in failed[0]["error"]
    assert "corrupt.pdf" in (out / "summary.csv").read_text("utf-8")
    for r in summary["results"]:
        if r["status"] == "reviewed":
            assert (Path(r["output_dir"]) / "report.json").exists()


def test_batch_resumes_and_redoes_changed_files(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = run_batch(folder, out)
    assert first.skipped == 0
    second = run_batch(folder, out)
    assert second.skipped == 3
    assert comparable(second) == comparable(first)

    (folder / "lease.txt").write_text("租赁合同\n第一条 出租人：乙方\n", "utf-8")
    third = run_batch(folder, out)
    assert third.skipped == 2
    changed = next(r for r in third.results if r.file == "lease.txt")
    assert not changed.skipped and changed.status == "reviewed"

    other_config = RunConfig(intake=IntakeLimits(max_pages=7))
    assert run_batch(folder, out, other_config).skipped == 0


def test_parallel_jobs_give_the_same_results(folder: Path, tmp_path: Path) -> None:
    one = run_batch(folder, tmp_path / "one", jobs=1)
    two = run_batch(folder, tmp_path / "two", jobs=2)
    assert comparable(one) == comparable(two)


@pytest.mark.slow
@pytest.mark.integration
def test_ray_executor_matches_the_local_executor(folder: Path, tmp_path: Path) -> None:
    local = run_batch(folder, tmp_path / "local")
    distributed = run_batch(folder, tmp_path / "ray", executor="ray")
    assert comparable(distributed) == comparable(local)
    assert distributed.failed == 1


@pytest.mark.slow
def test_batch_over_cuad_completes(tmp_path: Path) -> None:
    folder = tmp_path / "cuad"
    folder.mkdir()
    names = sorted(p.name for p in CUAD.glob("*.txt"))[:20]
    for name in names:
        shutil.copy(CUAD / name, folder / name)
    (folder / "broken.pdf").write_bytes(b"%PDF-1.7\n garbage")
    summary = run_batch(folder, tmp_path / "out", jobs=2)
    assert summary.reviewed == 20 and summary.failed == 1
