"""Outputs are all or nothing, private (0600 files, 0700 folders), and a bad --out is refused
before the review runs."""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline import output_set
from pipeline.cli.app import app

runner = CliRunner()
ZH = "买卖合同\n第一条 甲方向乙方购买钢材一百吨，总价款为人民币伍拾万元整。\n"
# an Ollama that does not answer: the review degrades to none and queues itself for a human
UNREACHABLE_LLM = ("--llm", "ollama:qwen2.5", "--llm-url", "http://127.0.0.1:9")


def _invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    unboxed = result.stderr.translate({ord(c): " " for c in "│╭╮╰╯─"})  # Rich's usage box
    return result.exit_code, " ".join(unboxed.split())


def _contract(tmp_path: Path, name: str = "a.txt", text: str = ZH) -> Path:
    src = tmp_path / "in"
    src.mkdir(exist_ok=True)
    path = src / name
    path.write_text(text, "utf-8")
    return path


def _digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_out_naming_a_file_is_a_usage_error_before_the_review(tmp_path: Path) -> None:
    target = tmp_path / "report.txt"
    target.write_text("keep me")
    code, message = _invoke("review", str(_contract(tmp_path)), "--out", str(target))
    assert code == 2
    assert "is not a folder" in message and "Fix" in message
    assert target.read_text() == "keep me"


def test_out_below_a_file_is_a_usage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, message = _invoke("review", str(_contract(tmp_path)), "--out", str(blocker / "out"))
    assert code == 2
    assert "is a file, not a folder" in message


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into any folder")
def test_unwritable_out_parent_is_a_usage_error(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    code, message = _invoke("review", str(_contract(tmp_path)), "--out", str(locked / "out"))
    assert code == 2
    assert "not writable" in message


def test_out_holding_foreign_files_is_refused_and_untouched(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "thesis.docx").write_text("years of work")
    code, message = _invoke("review", str(_contract(tmp_path)), "--out", str(out))
    assert code == 2
    assert "thesis.docx" in message and "new or empty folder" in message
    assert (out / "thesis.docx").read_text() == "years of work"


def test_second_review_replaces_the_whole_set(tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = _contract(tmp_path, "first.txt")
    code, _ = _invoke("review", str(first), "--out", str(out), *UNREACHABLE_LLM)
    assert code == 3
    assert (out / "human_review.jsonl").exists() and (out / "report.md").exists()
    second = _contract(tmp_path, "second.txt")
    code, _ = _invoke("review", str(second), "--out", str(out), "--llm", "none", "--format", "json")
    assert code in (0, 1)
    # nothing of the first contract is left beside the second's report
    assert sorted(p.name for p in out.iterdir()) == ["report.json", "trace.jsonl"]
    assert "second.txt" in (out / "report.json").read_text("utf-8")


def test_a_write_failing_midway_leaves_the_previous_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    code, _ = _invoke("review", str(_contract(tmp_path, "old.txt")), "--out", str(out))
    assert code in (0, 1)
    before = _digest(out)
    real_write = output_set._write_private
    calls = {"n": 0}

    def disk_full_on_third(path: Path, data: bytes) -> None:
        calls["n"] += 1
        if calls["n"] == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(path, data)

    monkeypatch.setattr(output_set, "_write_private", disk_full_on_third)
    code, message = _invoke("review", str(_contract(tmp_path, "new.txt")), "--out", str(out))
    assert code == 50
    assert (
        "No space left on device" in message and "previous outputs there are untouched" in message
    )
    assert _digest(out) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_outputs_are_private(tmp_path: Path) -> None:
    out = tmp_path / "out"
    metrics = tmp_path / "metrics" / "review.prom"
    path = _contract(tmp_path, "q.txt")
    code, _ = _invoke(
        "review", str(path), "--out", str(out), "--metrics-file", str(metrics), *UNREACHABLE_LLM
    )
    assert code == 3
    assert stat.S_IMODE(out.stat().st_mode) == 0o700
    assert stat.S_IMODE(metrics.parent.stat().st_mode) == 0o700
    files = [*out.iterdir(), metrics]
    assert {p.name for p in files} >= {"human_review.jsonl", "report.html", "review.prom"}
    assert {p.name: stat.S_IMODE(p.stat().st_mode) for p in files} == {p.name: 0o600 for p in files}


def test_metrics_file_inside_out_survives_the_next_run(tmp_path: Path) -> None:
    out = tmp_path / "out"
    for _ in range(2):
        code, _ = _invoke(
            "review", str(_contract(tmp_path)), "--out", str(out),
            "--metrics-file", str(out / "metrics.prom"),
        )  # fmt: skip
        assert code in (0, 1)
    assert "contract_review_findings" in (out / "metrics.prom").read_text()


@pytest.mark.parametrize("option", ["--max-bytes", "--max-pages", "--max-chars", "--token-budget"])
def test_negative_limits_are_usage_errors(tmp_path: Path, option: str) -> None:
    result = runner.invoke(app, ["review", str(_contract(tmp_path)), option, "-1"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_markup_in_paths_is_printed_as_it_is(tmp_path: Path) -> None:
    (tmp_path / "in[").mkdir()
    path = tmp_path / "in[" / "b]deal[final].txt"  # the path holds "[/b]": a Rich closing tag
    path.write_text(ZH, "utf-8")
    out = tmp_path / "out[final]"
    result = runner.invoke(app, ["review", str(path), "--out", str(out)])
    assert result.exit_code in (0, 1), result.output
    assert "in[/b]deal[final].txt" in result.stderr
    assert f"wrote {out / 'report.json'}" in " ".join(result.stderr.split())


def test_markup_in_an_error_path_is_printed_as_it_is(tmp_path: Path) -> None:
    missing = tmp_path / "gone[/b].pdf"
    code, message = _invoke("review", str(missing), "--out", str(tmp_path / "out"))
    assert code == 10
    assert "gone[/b].pdf" in message


def test_nul_bytes_never_reach_the_html(tmp_path: Path) -> None:
    path = _contract(tmp_path, "nul.txt", ZH.replace("钢材", "钢\x00材\x07"))
    out = tmp_path / "out"
    code, _ = _invoke("review", str(path), "--out", str(out), "--format", "html")
    assert code in (0, 1)
    page = (out / "report.html").read_text("utf-8")
    assert "\x00" not in page and "\x07" not in page
    assert "钢\ufffd材" in page


def test_an_internal_error_is_one_line_and_exit_70(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pipeline import reviewing as review_module
    from pipeline.cli.app import main
    from pipeline.cli.errors import DebugFlag

    def bug(*args: object, **kwargs: object) -> None:
        raise KeyError("a bug")

    monkeypatch.setattr(review_module, "review_file", bug)
    monkeypatch.setattr(DebugFlag, "enabled", False)
    argv = ["contract-review", "review", str(_contract(tmp_path)), "--out", str(tmp_path / "o")]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as exited:
        main()
    assert exited.value.code == 70
    err = capsys.readouterr().err
    assert "internal error: KeyError: 'a bug'" in " ".join(err.split())
    assert "--debug" in err and "Traceback" not in err

    monkeypatch.setattr(sys, "argv", [argv[0], "--debug", *argv[1:]])
    with pytest.raises(KeyError):
        main()
