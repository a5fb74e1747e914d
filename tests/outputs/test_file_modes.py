"""Files written through ``pipeline.atomic`` are private (0600) whatever the umask, also when
they replace a file that was readable by others: a report quotes a confidential contract."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from pipeline.atomic import write_bytes_atomic, write_text_atomic


@pytest.fixture(params=[0o022, 0o002, 0o000], ids=["umask022", "umask002", "umask000"])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    mask: int = request.param
    old = os.umask(mask)
    try:
        yield mask
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_is_0600(tmp_path: Path, umask: int) -> None:
    target = tmp_path / "report.json"
    write_bytes_atomic(target, b"{}")
    assert target.read_bytes() == b"{}"
    assert mode(target) == 0o600


def test_a_text_file_is_0600(tmp_path: Path, umask: int) -> None:
    target = tmp_path / "out" / "report.md"
    write_text_atomic(target, "违约金")
    assert target.read_text("utf-8") == "违约金"
    assert mode(target) == 0o600


def test_replacing_a_world_readable_file_makes_it_0600(tmp_path: Path, umask: int) -> None:
    target = tmp_path / "report.html"
    target.write_text("old", "utf-8")
    target.chmod(0o644)
    write_text_atomic(target, "new")
    assert target.read_text("utf-8") == "new"
    assert mode(target) == 0o600
    # no temp file is left beside it
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]
