"""Every third-party package that pipeline/, kb/ and ingest/ import is declared in pyproject.toml.

A package imported on the way of a review is in ``dependencies``. One that only evaluation,
bench or test code imports, or that is imported lazily inside the one function that needs it
(Ray for ``batch --executor ray``, llama-cpp-python for ``--llm llamacpp``), may be in an extra
instead; the CLI then names the extra to install (``EXTRA_MODULES``).
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from collections import defaultdict
from dataclasses import dataclass
from importlib.metadata import packages_distributions
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from pipeline.cli.errors import EXTRA_MODULES

REPO = Path(__file__).resolve().parents[2]
PROJECT = ("pipeline", "kb", "ingest")
# Code that only evaluation, the bench, the tests and the HTTP service run (``contract-review
# serve`` imports pipeline/serve/ on use; tests/serve checks that without the extra it exits 2).
OFF_THE_REVIEW_PATH = (
    "pipeline/eval/",
    "pipeline/serve/",
    "pipeline/testing/",
    "pipeline/bench.py",
    "ingest/bench.py",
    "kb/llamaindex.py",  # imported only by users' LlamaIndex apps (the llamaindex extra)
)
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]


def _names(requirements: list[str]) -> set[str]:
    return {canonicalize_name(Requirement(r).name) for r in requirements}


DEPENDENCIES = _names(PYPROJECT["dependencies"])
EXTRAS = {extra: _names(reqs) for extra, reqs in PYPROJECT["optional-dependencies"].items()}


@dataclass(frozen=True)
class ImportSite:
    file: str
    lazy: bool  # inside a function, or under ``if TYPE_CHECKING:``


def _sites(tree: ast.AST, file: str) -> list[tuple[str, ImportSite]]:
    found: list[tuple[str, ImportSite]] = []

    def visit(node: ast.AST, lazy: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = lazy or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                inner = True
            if isinstance(child, ast.Import):
                found.extend((a.name, ImportSite(file, lazy)) for a in child.names)
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                found.append((child.module, ImportSite(file, lazy)))
            visit(child, inner)

    visit(tree, False)
    return found


def third_party_imports() -> dict[str, list[ImportSite]]:
    """Top-level module name -> where the project imports it."""
    imports: dict[str, list[ImportSite]] = defaultdict(list)
    for package in PROJECT:
        for path in sorted((REPO / package).rglob("*.py")):
            file = str(path.relative_to(REPO))
            for module, site in _sites(ast.parse(path.read_text("utf-8")), file):
                top = module.partition(".")[0]
                if top not in sys.stdlib_module_names and top not in (*PROJECT, "__future__"):
                    imports[top].append(site)
    return imports


def distributions(module: str) -> set[str]:
    return {canonicalize_name(d) for d in packages_distributions().get(module, [])}


def test_every_imported_package_is_declared() -> None:
    declared = DEPENDENCIES.union(*EXTRAS.values())
    missing = {
        module: (sorted(distributions(module)) or "not installed", sites[0].file)
        for module, sites in third_party_imports().items()
        if not distributions(module) & declared
    }
    assert missing == {}, f"imported but not declared in pyproject.toml: {missing}"


def test_a_package_only_an_extra_declares_stays_off_the_review_path() -> None:
    problems = []
    for module, sites in sorted(third_party_imports().items()):
        dists = distributions(module)
        if dists & DEPENDENCIES:
            continue
        extras = sorted(extra for extra, names in EXTRAS.items() if dists & names)
        if EXTRA_MODULES.get(module) not in extras:
            problems.append(f"{module}: EXTRA_MODULES says {EXTRA_MODULES.get(module)}, {extras}")
        problems += [
            f"{module}: imported at the top of {site.file}, on the way of a review"
            for site in sites
            if not site.lazy and not site.file.startswith(OFF_THE_REVIEW_PATH)
        ]
    assert problems == []


def test_extra_modules_names_what_pyproject_puts_in_each_extra() -> None:
    for module, extra in EXTRA_MODULES.items():
        dists = distributions(module)
        assert dists & EXTRAS[extra], f"{module} ({dists}) is not in the {extra} extra"
        assert not dists & DEPENDENCIES, f"{module} is a dependency, not only an extra"


def test_evaluation_and_test_tools_are_extras_not_dependencies() -> None:
    assert {"scikit-learn", "reportlab"} <= EXTRAS["eval"]
    assert not {"scikit-learn", "reportlab"} & DEPENDENCIES
    assert "contract-review" in EXTRAS["dev"]  # dev pulls the eval extra in (the tests use it)
    makefile = (REPO / "Makefile").read_text("utf-8")
    assert "-e '.[dev,eval,scale,serve,embedded-llm,mcp,llamaindex]'" in makefile  # make test
    assert "nightly: setup eval-deps" in makefile  # make nightly scores with scikit-learn


def test_a_command_whose_extra_is_missing_names_the_pip_command(tmp_path: Path) -> None:
    # scikit-learn made unimportable, as in an install without the eval extra
    script = (
        "import sys; sys.modules['sklearn'] = None; sys.argv = ['contract-review', *sys.argv[1:]]\n"
        "from pipeline.cli.app import main; main()"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, "eval", "cuad", str(tmp_path)],
        capture_output=True, text=True, cwd=REPO, timeout=300,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    message = " ".join(done.stderr.split())
    assert "this command needs the eval extra (sklearn is not installed)" in message
    assert "pip install 'contract-review[eval]'" in message
