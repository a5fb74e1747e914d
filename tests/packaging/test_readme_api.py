"""The README's Python API example runs as written, so it cannot drift from the API."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def readme_example() -> str:
    section = (REPO / "README.md").read_text("utf-8").split("\n## Python API\n", 1)[1]
    section = section.split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    return code


def test_the_example_is_about_ten_lines() -> None:
    assert len([line for line in readme_example().splitlines() if line.strip()]) <= 10


@pytest.mark.slow
def test_the_readme_example_reviews_the_sample_with_evidence() -> None:
    # the run inherits conftest's KB path that can never hold a KB: the catalog is used
    done = subprocess.run(
        [sys.executable, "-c", readme_example()],
        capture_output=True, text=True, cwd=REPO, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "KB: catalog | human review: False"
    found = lines.index("HIGH deposit_excessive page 1: ¥360,000.00")
    assert lines[found + 1] == "    evidence: 中华人民共和国民法典 第五百八十六条"
    assert (
        "HIGH dispute_resolution_conflict page 2: 任何一方均可向甲方所在地人民法院提起诉讼" in lines
    )
