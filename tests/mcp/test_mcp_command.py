"""``contract-review mcp`` as a command: its help, and what it says without the mcp extra."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from pipeline.cli.app import app
from tests.mcp.conftest import REPO


def test_the_help_names_the_tools_the_transport_and_the_extra() -> None:
    result = CliRunner().invoke(app, ["mcp", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    for tool in ("review_contract", "verify_citation", "search_statutes", "show_article"):
        assert tool in text
    assert "over stdio" in text and "no port is opened" in text
    assert "pip install 'contract-review[mcp]'" in text
    assert '"command": "contract-review"' in text
    for option in ("--kb-path", "--llm-url", "--rules", "--threads"):
        assert option in text


def test_without_the_mcp_extra_the_command_exits_2_with_the_pip_command() -> None:
    script = (
        "import sys; sys.modules['mcp'] = None; sys.argv = ['contract-review', 'mcp']\n"
        "from pipeline.cli.app import main; main()"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, cwd=REPO, timeout=300, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    message = " ".join(done.stderr.split())
    assert "this command needs the mcp extra (mcp is not installed)" in message
    assert "pip install 'contract-review[mcp]'" in message
    assert "serving" not in message  # it fails before it says it serves
    assert done.stdout == ""  # stdout is the protocol channel, even for this
