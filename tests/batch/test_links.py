"""batch reads only regular files inside its folder: a link is listed as refused, never read."""

from __future__ import annotations

import json
import os
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli.app import app

runner = CliRunner()
SECRET = "root:$6$hash-that-must-never-reach-a-report:19000:0:99999:7:::\n"


def test_links_out_of_the_folder_are_refused_and_not_read(tmp_path: Path) -> None:
    outside = tmp_path / "private"
    outside.mkdir()
    secret = outside / "shadow.txt"
    secret.write_text(SECRET)
    linked = outside / "linked.txt"
    linked.write_text(SECRET)
    uploads = tmp_path / "uploads"
    uploads.mkdir()
    (uploads / "ok.txt").write_text(
        "买卖合同\n第一条 甲方向乙方购买钢材，总价款为人民币伍拾万元整。\n"
    )
    (uploads / "sym.txt").symlink_to(secret)
    os.link(linked, uploads / "hard.txt")
    out = tmp_path / "out"

    result = runner.invoke(app, ["batch", str(uploads), "--out", str(out)])

    assert result.exit_code == 1, result.output
    summary = json.loads((out / "summary.json").read_text("utf-8"))
    status = {r["file"]: (r["status"], r["error"]) for r in summary["results"]}
    assert status["ok.txt"][0] == "reviewed"
    assert status["sym.txt"][0] == "refused" and "symbolic link" in status["sym.txt"][1]
    assert status["hard.txt"][0] == "refused" and "hard link" in status["hard.txt"][1]
    assert summary["refused"] == 2
    written = "".join(p.read_text("utf-8", "replace") for p in out.rglob("*") if p.is_file())
    assert "hash-that-must-never-reach-a-report" not in written
    assert "refused" in result.stderr
