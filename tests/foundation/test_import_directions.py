"""The directions the house must keep (ARCHITECTURE.md, issue 14), checked on the source:

- kb and ingest import no pipeline code, and kb does not import ingest;
- entities, the rules engine and kb import no LLM package;
- the LLM package is a leaf: it imports no pipeline module but its own, the data model, the
  errors and three value modules that are leaves themselves (settings, side words, threads);
- the data model imports nothing else in the project but the shared leaf ``kb.values`` (the
  entity and claim models also build on ``pipeline.model``);
- the shared leaf ``kb/values.py`` (the frozen base, EvidenceSource, the errors kb and ingest
  raise) imports nothing in the project;
- no stage imports upwards: nothing in ``pipeline/stages/`` imports the assembly or the CLI;
- nothing below the CLI prints.

KNOWN lists tolerated breaks; issue 14 emptied it. A new break fails, and so does a listed one
that is gone, so the list only ever shrinks.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PROJECT = ("pipeline", "kb", "ingest")
DATA_MODEL = (
    "pipeline/model.py",
    "pipeline/entities/model.py",
    "pipeline/claims.py",
    "kb/types.py",
)
# The pipeline's model modules build on its core model (Span, Frozen, Finding); the core model
# and kb's model build on the shared leaf only.
MODEL_MAY_IMPORT: dict[str, tuple[str, ...]] = {
    "pipeline/entities/model.py": ("pipeline.model",),
    "pipeline/claims.py": ("pipeline.model",),
}
SHARED_LEAF = "kb.values"
# What pipeline/llm/ may import of the pipeline besides itself. The value modules in it import
# only the data model and the errors, so nothing above the LLM package is reached through them.
LLM_LEAF_BASE = ("pipeline.model", "pipeline.errors")
LLM_VALUE_MODULES = {"pipeline/config.py", "pipeline/side.py", "pipeline/threads.py"}
LLM_MAY_IMPORT = LLM_LEAF_BASE + tuple(
    f.removesuffix(".py").replace("/", ".") for f in sorted(LLM_VALUE_MODULES)
)
ABOVE_STAGES = ("pipeline.assembly", "pipeline.cli")

Break = tuple[str, str, str]  # (rule, file, imported module or "print")

KNOWN: frozenset[Break] = frozenset({})


def _imports(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def _reaches(tree: ast.AST, targets: tuple[str, ...]) -> set[str]:
    """The modules of ``targets`` (or inside them) that ``tree`` imports, including
    ``from pipeline import assembly``."""

    def hit(name: str) -> bool:
        return name in targets or name.startswith(tuple(f"{t}." for t in targets))

    found = {name for name in _imports(tree) if hit(name)}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.module or node.level:
            continue
        if not hit(node.module):  # ``from pipeline import assembly``
            found |= {f"{node.module}.{a.name}" for a in node.names} & set(targets)
    return found


def _prints(tree: ast.AST) -> bool:
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print"
        for node in ast.walk(tree)
    )


def _llm_leaf_break(path: str, module: str) -> bool:
    if module.split(".")[0] != "pipeline":
        return False
    if path.startswith("pipeline/llm/"):
        own = module == "pipeline.llm" or module.startswith("pipeline.llm.")
        return not own and module not in LLM_MAY_IMPORT
    return path in LLM_VALUE_MODULES and module not in LLM_LEAF_BASE


def breaks_in(path: str, source: str) -> set[Break]:
    """The direction rules ``source`` (the file at ``path``, relative to the repo) breaks."""
    tree = ast.parse(source)
    out: set[Break] = set()
    top = path.split("/")[0]
    for module in _imports(tree):
        head = module.split(".")[0]
        if top in ("kb", "ingest") and head == "pipeline":
            out.add((f"{top}->pipeline", path, module))
        if top == "kb" and head == "ingest":
            out.add(("kb->ingest", path, module))
        below_llm = path.startswith(("pipeline/entities/", "pipeline/rules_engine/", "kb/"))
        if below_llm and module.startswith("pipeline.llm"):
            out.add(("no-llm", path, module))
        allowed = (SHARED_LEAF, *MODEL_MAY_IMPORT.get(path, ()))
        if path in DATA_MODEL and head in PROJECT and module not in allowed:
            out.add(("model->project", path, module))
        if path == "kb/values.py" and head in PROJECT:
            out.add(("leaf->project", path, module))
        if _llm_leaf_break(path, module):
            out.add(("llm-leaf", path, module))
    if path.startswith("pipeline/stages/"):
        out |= {("stages->up", path, module) for module in _reaches(tree, ABOVE_STAGES)}
    if top in PROJECT and not path.startswith("pipeline/cli/") and _prints(tree):
        out.add(("print", path, "print"))
    return out


def _all_breaks() -> set[Break]:
    found: set[Break] = set()
    for package in PROJECT:
        for file in sorted((REPO / package).rglob("*.py")):
            path = file.relative_to(REPO).as_posix()
            found |= breaks_in(path, file.read_text("utf-8"))
    return found


def test_no_new_break_and_no_stale_entry() -> None:
    found = _all_breaks()
    assert found - KNOWN == set(), "a new import against the house's directions"
    assert KNOWN - found == set(), "fixed: remove these from KNOWN"


def test_the_checker_sees_each_kind_of_break() -> None:
    assert breaks_in("kb/x.py", "from pipeline.model import Finding\n") == {
        ("kb->pipeline", "kb/x.py", "pipeline.model")
    }
    assert breaks_in("kb/x.py", "import ingest.sync\n") == {
        ("kb->ingest", "kb/x.py", "ingest.sync")
    }
    assert breaks_in("pipeline/rules_engine/x.py", "from pipeline.llm import session\n") == {
        ("no-llm", "pipeline/rules_engine/x.py", "pipeline.llm")
    }
    assert breaks_in("pipeline/model.py", "from kb.types import Article\n") == {
        ("model->project", "pipeline/model.py", "kb.types")
    }
    assert breaks_in("kb/types.py", "from kb.values import Frozen\n") == set()
    assert breaks_in("pipeline/claims.py", "from pipeline.model import Finding\n") == set()
    assert breaks_in("pipeline/claims.py", "from pipeline.runner import digest\n") == {
        ("model->project", "pipeline/claims.py", "pipeline.runner")
    }
    assert breaks_in("kb/types.py", "from pipeline.model import Span\n") >= {
        ("model->project", "kb/types.py", "pipeline.model")
    }
    assert breaks_in("kb/types.py", "from kb.catalog import Article\n") == {
        ("model->project", "kb/types.py", "kb.catalog")
    }
    assert breaks_in("kb/values.py", "from kb.numerals import cn_to_int\n") == {
        ("leaf->project", "kb/values.py", "kb.numerals")
    }
    assert breaks_in("ingest/x.py", "from pipeline.errors import KBNotBuiltError\n") == {
        ("ingest->pipeline", "ingest/x.py", "pipeline.errors")
    }
    assert breaks_in("pipeline/stages/x.py", "def f():\n    print('hi')\n") == {
        ("print", "pipeline/stages/x.py", "print")
    }
    assert breaks_in("pipeline/stages/x.py", "from pipeline.assembly import review_stages\n") == {
        ("stages->up", "pipeline/stages/x.py", "pipeline.assembly")
    }
    assert breaks_in("pipeline/stages/reflect_support/x.py", "import pipeline.cli.errors\n") == {
        ("stages->up", "pipeline/stages/reflect_support/x.py", "pipeline.cli.errors")
    }
    assert breaks_in("pipeline/stages/x.py", "from pipeline import assembly\n") == {
        ("stages->up", "pipeline/stages/x.py", "pipeline.assembly")
    }
    assert breaks_in("pipeline/stages/x.py", "from pipeline.assembly_notes import x\n") == set()
    assert breaks_in("pipeline/replay.py", "from pipeline.assembly import RUN_INPUTS\n") == set()
    assert breaks_in("pipeline/cli/x.py", "print('a command may print')\n") == set()
    assert breaks_in("pipeline/llm/x.py", "from pipeline.runner import digest\n") == {
        ("llm-leaf", "pipeline/llm/x.py", "pipeline.runner")
    }
    assert breaks_in("pipeline/llm/x.py", "import pipeline.assembly\n") == {
        ("llm-leaf", "pipeline/llm/x.py", "pipeline.assembly")
    }
    assert breaks_in("pipeline/llm/x.py", "from pipeline.llm_usage import LLMUsage\n") == {
        ("llm-leaf", "pipeline/llm/x.py", "pipeline.llm_usage")
    }
    # a value module the LLM package may use must stay a leaf itself
    assert breaks_in("pipeline/side.py", "from pipeline.trace_io import load_trace\n") == {
        ("llm-leaf", "pipeline/side.py", "pipeline.trace_io")
    }
    leaf_imports = "from pipeline.llm.client import Message\nfrom pipeline.model import Span\n"
    leaf_imports += "from pipeline.config import LLMSettings\nfrom pipeline.errors import E\n"
    assert breaks_in("pipeline/llm/x.py", leaf_imports) == set()
    assert breaks_in("pipeline/replay.py", "from pipeline.llm.session import LLMSession\n") == set()
    assert breaks_in("pipeline/stages/x.py", "from kb.store import open_store\n") == set()


def _module_name(path: str) -> str:
    name = path.removesuffix(".py").replace("/", ".")
    return name.removesuffix(".__init__")


def _loaded_at_import(source: str, modules: set[str]) -> set[str]:
    """The project modules a module imports at its top level (function-level imports are lazy,
    and ``if TYPE_CHECKING`` blocks never run); ``from pkg import sub`` loads ``pkg.sub``."""
    found: set[str] = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for inner in node.body if isinstance(node, ast.Try | ast.If) else [node]:
            if isinstance(inner, ast.Import):
                found |= {alias.name for alias in inner.names}
            elif isinstance(inner, ast.ImportFrom) and inner.module and inner.level == 0:
                subs = {f"{inner.module}.{alias.name}" for alias in inner.names} & modules
                found |= subs
                if len(subs) < len(inner.names):
                    found.add(inner.module)
    return found & modules


def import_cycle(sources: dict[str, str]) -> tuple[str, ...] | None:
    """A cycle of module-level imports among ``sources`` (path -> text), or None."""
    from graphlib import CycleError, TopologicalSorter

    modules = {_module_name(path) for path in sources}
    graph = {_module_name(p): _loaded_at_import(text, modules) for p, text in sources.items()}
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as cycle:
        return tuple(cycle.args[1])
    return None


def test_no_import_cycle_between_the_projects_modules() -> None:
    sources = {
        file.relative_to(REPO).as_posix(): file.read_text("utf-8")
        for package in PROJECT
        for file in sorted((REPO / package).rglob("*.py"))
    }
    assert import_cycle(sources) is None
    # the check sees a cycle when there is one, and not a lazy or type-only import
    assert (
        import_cycle(
            {"pipeline/a.py": "import pipeline.b\n", "pipeline/b.py": "from pipeline.a import x\n"}
        )
        is not None
    )
    lazy = "def f():\n    import pipeline.a\n"
    typing_only = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pipeline.a\n"
    for b in (lazy, typing_only):
        assert import_cycle({"pipeline/a.py": "import pipeline.b\n", "pipeline/b.py": b}) is None
