"""Real ``contract-review serve`` processes (uvicorn on 127.0.0.1, a free port) for the HTTP tests.

Each server runs the LLM in none mode (rules and KB only), stores its reviews in its own
temporary data folder and writes its log to a file the tests read. ``token_server`` requires a
bearer token and searches a tiny real KB (9 U.S.C., MiniLM, real Chroma); ``open_server`` has no
token (loopback only), no KB, a queue of one and a limit of one PDF page.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from ingest.sync import ingest
from kb.store import open_store
from tests.kb.conftest import tiny_specs

REPO = Path(__file__).resolve().parents[2]
TOKEN = "test-token-6c1f0e2b9a4d4d53a8f1"
MAX_BYTES = 20_000  # the samples are 3-7 kB; the 413 tests send more


@dataclass
class Server:
    url: str
    data_dir: Path
    log: Path
    token: str | None
    process: subprocess.Popen[bytes]

    def client(self, token: str | None = None, anonymous: bool = False) -> httpx.Client:
        """A client sending ``token`` (default: the server's own) as the bearer token, or no
        Authorization header at all when ``anonymous``."""
        given = None if anonymous else token or self.token
        headers = {"Authorization": f"Bearer {given}"} if given else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=180)

    def reviews(self) -> list[Path]:
        folder = self.data_dir / "reviews"
        return sorted(p for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(folder: Path, *options: str, token: str | None = None) -> Server:
    port = _free_port()
    data_dir = folder / "data"
    log = folder / "server.log"
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("CONTRACT_REVIEW_TOKEN", "CONTRACT_REVIEW_THREADS")
    }
    env |= {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "ANONYMIZED_TELEMETRY": "False"}
    if token:
        env["CONTRACT_REVIEW_TOKEN"] = token
    command = [
        sys.executable, "-m", "pipeline", "serve", "--port", str(port),
        "--data-dir", str(data_dir), "--llm", "none", *options,
    ]  # fmt: skip
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT)
    server = Server(f"http://127.0.0.1:{port}", data_dir, log, token, process)
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{server.url}/healthz", timeout=1).status_code == 200:
                return server
        except httpx.TransportError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            stop_server(server)
            raise RuntimeError(f"the server did not start:\n{log.read_text('utf-8')}")
        time.sleep(0.2)


def stop_server(server: Server) -> None:
    """Ctrl-C, as a user stops it: uvicorn shuts down and the worker pool with it."""
    if server.process.poll() is None:
        server.process.send_signal(signal.SIGINT)
        try:
            server.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()


@pytest.fixture(scope="session")
def tiny_kb_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """9 U.S.C. (31 articles) in a real Chroma KB with MiniLM embeddings."""
    path = tmp_path_factory.mktemp("serve-kb")
    ingest(open_store(path, None, "minilm"), tiny_specs())
    return path


@pytest.fixture(scope="session")
def token_server(tmp_path_factory: pytest.TempPathFactory, tiny_kb_path: Path) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("token-server")
    server = start_server(
        folder,
        "--jobs", "2", "--max-bytes", str(MAX_BYTES),
        "--kb-path", str(tiny_kb_path), "--kb-backend", "minilm",
        token=TOKEN,
    )  # fmt: skip
    yield server
    stop_server(server)


@pytest.fixture(scope="session")
def open_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("open-server")
    server = start_server(folder, "--max-queue", "1", "--max-pages", "1")
    yield server
    stop_server(server)
