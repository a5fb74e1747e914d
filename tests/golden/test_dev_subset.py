"""A fast slice of the dev golden set, scored in every `make test`: 18 contracts across both
languages, clean and flawed, the first and the second writing batch. It fails when κ, or the
recall of any type it covers, falls below what the last change of the rules reached (the
floors in ``golden_set/dev/fast_subset.json``; raise them when the rules improve).

These contracts are development data: passing here says nothing about unseen contracts; the
blind figure comes from ``golden_set/heldout`` via ``make nightly``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kb.catalog import default_catalog
from pipeline.config import LLMSettings, RunConfig
from pipeline.eval.golden import evaluate_golden
from pipeline.eval.golden_splits import HeadlineFigures, headline

DEV = Path(__file__).resolve().parents[2] / "golden_set" / "dev"
SUBSET = json.loads((DEV / "fast_subset.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def figures(tmp_path_factory: pytest.TempPathFactory) -> HeadlineFigures:
    folder = tmp_path_factory.mktemp("subset") / "contracts"
    folder.mkdir()
    for contract_id in SUBSET["ids"]:
        files = list((DEV / "contracts").glob(f"{contract_id}.*"))
        assert files, f"{contract_id} is not in the dev set"
        for path in files:
            shutil.copy(path, folder)
    evaluation = evaluate_golden(
        folder.parent, RunConfig(llm=LLMSettings(spec="none")), catalog=default_catalog()
    )
    assert evaluation.pipeline.scores is not None
    return headline(evaluation.pipeline)


def test_subset_kappa_does_not_drop(figures: HeadlineFigures) -> None:
    assert figures.contracts == len(SUBSET["ids"])
    assert figures.kappa is not None and figures.kappa >= SUBSET["kappa_floor"]


def test_no_type_loses_recall(figures: HeadlineFigures) -> None:
    fell = {
        kind: f"{found}/{gold}"
        for kind, (found, gold) in figures.per_type_recall.items()
        if found / gold < SUBSET["recall_floors"].get(kind, 0.0) - 1e-9
    }
    assert fell == {}
