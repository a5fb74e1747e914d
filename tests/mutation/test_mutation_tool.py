"""The mutation run (``make mutation``): its list stays in step with the code, and a mutant is
judged on a copy and never left behind."""

from __future__ import annotations

from pathlib import Path

from pipeline.testing.mutation import MUTANTS, REPO, Mutant, applies, choose, mutant, run_mutant


def test_every_mutant_applies_and_names_existing_tests() -> None:
    stale = [m.name for m in MUTANTS if applies(REPO, m) == "STALE"]
    assert stale == [], "update pipeline/testing/mutation.py with the code it mutates"
    missing = sorted({t for m in MUTANTS for t in m.tests if not (REPO / t).is_file()})
    assert missing == []
    assert len({m.name for m in MUTANTS}) == len(MUTANTS)
    assert all(orig != new for m in MUTANTS for orig, new in m.choices)


def test_the_six_issue_13_survivors_are_required_and_there_are_twenty_more() -> None:
    required = [m for m in MUTANTS if m.required]
    assert len(required) == 6
    assert {m.path for m in required} >= {
        "rules/zh_money.yaml",
        "pipeline/stages/reflect.py",
        "pipeline/llm/prompts.py",
        "pipeline/atomic.py",
    }
    assert len(MUTANTS) - len(required) >= 14


def test_the_first_choice_found_exactly_once_applies() -> None:
    m = Mutant("m", "f.py", (("absent", "x"), ("twice", "y"), ("once", "z")), ())
    assert choose("once twice twice", m) == ("once", "z")
    assert choose("twice twice", m) is None


def _toy_repo(root: Path) -> Path:
    (root / "tests").mkdir(parents=True)
    (root / "limits.py").write_text("LIMIT = 20\n", "utf-8")
    (root / "tests" / "test_limit.py").write_text(
        "from limits import LIMIT\n\n\ndef test_limit() -> None:\n    assert LIMIT == 20\n",
        "utf-8",
    )
    return root


def test_a_mutant_is_killed_or_survives_and_the_file_is_restored(tmp_path: Path) -> None:
    root = _toy_repo(tmp_path / "toy")
    killed = run_mutant(root, mutant("k", "limits.py", "20", "21", ["tests/test_limit.py"]), 60)
    assert (killed.status, killed.detail) == ("killed", "tests/test_limit.py::test_limit")
    survived = run_mutant(
        root, mutant("s", "limits.py", "LIMIT = 20\n", "LIMIT = 20  # same\n", ["tests"]), 60
    )
    assert survived.status == "survived"
    stale = run_mutant(root, mutant("x", "limits.py", "LIMIT = 30", "LIMIT = 31", ["tests"]), 60)
    assert stale.status == "stale"
    assert (root / "limits.py").read_text("utf-8") == "LIMIT = 20\n"
