from __future__ import annotations

import shutil
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parents[2] / "golden_set" / "dev"


def copy_contracts(dest: Path, *ids: str) -> Path:
    """Copy some golden contracts (text, PDF, labels) into ``dest/contracts``."""
    folder = dest / "contracts"
    folder.mkdir(parents=True)
    for cid in ids:
        for path in (GOLDEN / "contracts").glob(f"{cid}.*"):
            shutil.copy(path, folder / path.name)
    return dest


@pytest.fixture
def small_set(tmp_path: Path) -> Path:
    return copy_contracts(tmp_path / "gs", "zh_06_loan_company", "en_15_clean_nda")
