"""Where contract-review's files are, in a source checkout and in an installed wheel alike.

This is the one module that knows; nothing else works a path out from ``__file__``. It lives in
``kb`` because kb imports nothing of the pipeline, and the pipeline asks it too.

- **Bundled data** ships inside the packages and is found through :mod:`importlib.resources`
  (:func:`package_data`): the statute corpus, law registry and law titles (``kb/corpus``), the
  thesaurus, the shipped vectors, the HTML templates, the clause model, the CUAD detectors. The
  rules are the checkout's top-level ``rules/`` folder, which the wheel carries as
  ``pipeline/bundled_rules`` (``[tool.setuptools.package-dir]`` in pyproject.toml), so
  :func:`bundled_rules_dir` reads ``rules/`` in a checkout and the package data when installed.
- **The KB folder** that ``kb build`` writes (:func:`default_kb_path`): ``$CONTRACT_REVIEW_KB``,
  else ``.kb/`` at the checkout's root (``make kb``), else the user's data folder (platformdirs:
  ``~/.local/share/contract-review/kb`` on Linux, ``$XDG_DATA_HOME`` honoured).
- **Developer data** (``golden_set/``, ``examples/``) exists only in a checkout
  (:func:`dev_data`); installed, it is looked for under the current folder, and the loaders'
  own errors name the file and the option that points elsewhere.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from kb.values import ContractReviewError

APP_NAME = "contract-review"
KB_PATH_ENV = "CONTRACT_REVIEW_KB"
BUNDLED_RULES = ("pipeline", "bundled_rules")  # where the wheel carries rules/

# kb/ sits at the root of a checkout, or in site-packages when installed
_PACKAGES_ROOT = Path(__file__).resolve().parent.parent


def source_checkout() -> Path | None:
    """The root of the source checkout these packages run from; None when installed.

    A checkout (an editable install included) has ``pyproject.toml`` and ``rules/`` beside the
    packages; site-packages has neither.
    """
    root = _PACKAGES_ROOT
    if (root / "pyproject.toml").is_file() and (root / "rules").is_dir():
        return root
    return None


def package_data(package: str, *parts: str) -> Path:
    """A file or folder shipped inside ``package`` (``package_data("kb", "corpus")``).

    The packages are installed as plain folders (pip unpacks wheels), so the resource is a real
    path that ``glob`` and ``open`` work on; a zipped install is refused with the fix.
    """
    found = resources.files(package).joinpath(*parts)
    if not isinstance(found, Path):
        raise ContractReviewError(
            f"{found}: {package}'s data is inside an archive, not a folder. "
            "Fix: install contract-review with pip, which unpacks it"
        )
    return found


def bundled_rules_dir() -> Path:
    """The rule catalogue shipped with the tool: ``rules/`` in a checkout, else the package's."""
    root = source_checkout()
    if root is not None:
        return root / "rules"
    return package_data(*BUNDLED_RULES)


def user_data_dir() -> Path:
    """The user's data folder for contract-review (created by whoever writes into it)."""
    # imported here: a review that is given its KB path never needs it
    from platformdirs import user_data_path

    return user_data_path(APP_NAME, appauthor=False)


def default_kb_path() -> Path:
    """``$CONTRACT_REVIEW_KB``, else ``.kb/`` in a checkout, else the user data folder's ``kb/``."""
    configured = os.environ.get(KB_PATH_ENV)
    if configured:
        return Path(configured)
    root = source_checkout()
    return root / ".kb" if root is not None else user_data_dir() / "kb"


def dev_data(*parts: str) -> Path:
    """A developer file (``dev_data("golden_set", "kb", "queries.jsonl")``): in the checkout,
    else relative to the current folder."""
    return (source_checkout() or Path()).joinpath(*parts)
