"""Shared fixtures. The socket guard fails any connection that is not to loopback."""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Iterator
from typing import Any

import pytest

# Reviews use the statute KB at $CONTRACT_REVIEW_KB (default .kb/) when it is built. Tests must
# not depend on whether this checkout has built one: point the default at a folder that never
# can hold a KB (catalog mode). Tests that need a KB pass --kb-path / KBSettings explicitly.
os.environ["CONTRACT_REVIEW_KB"] = os.path.join(os.devnull, "contract-review-no-kb")


def _is_loopback(address: Any) -> bool:
    if isinstance(address, (str, bytes)):  # AF_UNIX paths
        return True
    host = address[0]
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a host name: resolving it would already leave the machine


@pytest.fixture(autouse=True)
def socket_guard(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex

    def connect(self: socket.socket, address: Any) -> None:
        if not _is_loopback(address):
            raise AssertionError(f"socket guard: a test tried to connect to {address!r}")
        real_connect(self, address)

    def connect_ex(self: socket.socket, address: Any) -> int:
        if not _is_loopback(address):
            raise AssertionError(f"socket guard: a test tried to connect to {address!r}")
        return real_connect_ex(self, address)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    yield


@pytest.fixture(scope="session")
def smollm2() -> Any:
    """The embedded SmolLM2 backend, loaded once per session (about 1 s, 100 MB)."""
    from pipeline.llm.llamacpp_backend import LlamaCppLLM

    backend = LlamaCppLLM()
    backend.load()
    return backend


@pytest.fixture(scope="session")
def ollama_server(smollm2: Any) -> Iterator[Any]:
    """A real HTTP server on 127.0.0.1 speaking Ollama's API, backed by ``smollm2``."""
    from tests.ollama_server import OllamaTestServer

    with OllamaTestServer(smollm2) as server:
        yield server
