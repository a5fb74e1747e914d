"""One assertion for every refused input: the right exit code, a message that names the file,
the problem and the fix, no traceback, no partial outputs, and the input left unchanged."""

from __future__ import annotations

import hashlib
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli.app import app

runner = CliRunner()


def assert_refused_cleanly(
    path: Path, out: Path, args: list[str], code: int, problem: str, fix: str
) -> None:
    before = hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None
    result = runner.invoke(app, ["review", str(path), "--out", str(out), *args])
    message = " ".join(result.stderr.split())
    assert result.exit_code == code, result.output
    assert str(path) in message
    assert problem in message
    assert "Fix:" in message and fix in message
    assert "Traceback" not in result.output
    assert not out.exists(), "no partial outputs are written for a refused input"
    if before is not None:
        assert hashlib.sha256(path.read_bytes()).hexdigest() == before
