"""``contract-review serve`` refuses to start where it must not, and its parts that need no
server: where it may listen, the job store, the upload's name."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.serve.jobs import JobStore
from pipeline.serve.settings import is_loopback

REPO = Path(__file__).resolve().parents[2]


def _serve(*args: str, token: str | None = None) -> tuple[int, str]:
    env = {"CONTRACT_REVIEW_TOKEN": token} if token is not None else {}
    runner = CliRunner()
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("CONTRACT_REVIEW_TOKEN", raising=False)
        done = runner.invoke(app, ["serve", *args], env=env)
    return done.exit_code, _flat(done.output)


def _flat(output: str) -> str:
    """Click's usage error as one line, without Rich's box around it."""
    return " ".join(output.translate(str.maketrans("", "", "│╭╮╰╯─")).split())


def test_without_a_token_it_refuses_a_host_other_machines_can_reach() -> None:
    for host in ("0.0.0.0", "::", "192.168.1.20", "contracts.example.com"):
        code, output = _serve("--host", host)
        assert code == 2, output
        assert f"--host {host} is reachable from other machines" in output
        assert "CONTRACT_REVIEW_TOKEN" in output and "127.0.0.1" in output


def test_a_short_token_is_refused() -> None:
    code, output = _serve("--host", "0.0.0.0", token="secret")
    assert code == 2
    assert "$CONTRACT_REVIEW_TOKEN is 6 characters long, shorter than 16" in output


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.8.9.10", True),
        ("::1", True),
        ("[::1]", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("::", False),
        ("10.0.0.5", False),
        ("localhost.example.com", False),
    ],
)
def test_loopback_hosts(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_the_help_names_the_endpoints_and_the_token() -> None:
    done = CliRunner().invoke(app, ["serve", "--help"], terminal_width=200)
    assert done.exit_code == 0
    text = " ".join(done.output.split())
    for part in ("POST /v1/reviews", "GET /v1/reviews/{id}", "/v1/kb/query", "/v1/kb/verify",
                 "/healthz", "CONTRACT_REVIEW_TOKEN", "--data-dir", "--jobs", "--max-bytes"):  # fmt: skip
        assert part in text, part


@pytest.mark.parametrize("module", ["fastapi", "python_multipart", "uvicorn"])
def test_without_the_serve_extra_it_exits_2_naming_the_pip_command(module: str) -> None:
    script = (
        f"import sys; sys.modules[{module!r}] = None; sys.argv = ['contract-review', *sys.argv[1:]]\n"
        "from pipeline.cli.app import main; main()"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, "serve", "--port", "1"],
        capture_output=True, text=True, cwd=REPO, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    message = " ".join(done.stderr.split())
    assert f"this command needs the serve extra ({module} is not installed)" in message
    assert "pip install 'contract-review[serve]'" in message


def test_reviews_left_unfinished_by_a_stopped_server_are_failed_at_start(tmp_path: Path) -> None:
    store = JobStore(tmp_path / "data")
    store.prepare()
    queued = store.create("a.pdf")
    running = store.create("b.pdf").model_copy(update={"status": "running"})
    store.save(running)
    done = store.create("c.pdf").model_copy(update={"status": "done", "exit_code": 0})
    store.save(done)
    assert sorted(store.abandon_unfinished()) == sorted([queued.id, running.id])
    for job in (queued, running):
        again = store.get(job.id)
        assert again is not None and again.status == "failed" and again.error is not None
        assert "upload it again" in again.error.message
    assert store.get(done.id) == done
    assert store.abandon_unfinished() == []


def test_a_review_id_is_never_a_path(tmp_path: Path) -> None:
    store = JobStore(tmp_path / "data")
    store.prepare()
    job = store.create("a.txt")
    assert len(job.id) == 22 and store.get(job.id) == job
    for bad in ("..", "../data", "a/b", job.id + "x", ""):
        assert store.get(bad) is None
        with pytest.raises(ValueError, match="not a review id"):
            store.folder(bad)
    assert len({store.create("a.txt").id for _ in range(50)}) == 50
