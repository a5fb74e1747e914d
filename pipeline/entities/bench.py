"""Timing helpers for ``make bench``: the entity and rule stages, without the CLI."""

from __future__ import annotations

import time
from pathlib import Path

from pipeline.config import IntakeLimits
from pipeline.entities.textview import clear_caches
from pipeline.stages.intake import read_document
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules


def stage_seconds(path: Path, repeat: int = 1) -> dict[str, float]:
    """Mean wall seconds of ParseEntities and ValidateRules on one contract (models warm)."""
    document = read_document(path, IntakeLimits())
    parse, validate = ParseEntities(), ValidateRules()
    parse.warm_up()
    validate.warm_up()
    totals = {"parse_entities": 0.0, "validate_rules": 0.0}
    for _ in range(repeat):
        clear_caches()  # time a cold document, as a review sees it
        began = time.perf_counter()
        out = parse.run(document=document)
        middle = time.perf_counter()
        validate.run(document=document, **out)
        totals["parse_entities"] += middle - began
        totals["validate_rules"] += time.perf_counter() - middle
    return {k: v / repeat for k, v in totals.items()}


def contracts_per_second(directory: Path, pattern: str = "*.txt") -> tuple[int, float]:
    """(contracts, contracts per second) for both stages over every file in ``directory``."""
    files = sorted(directory.rglob(pattern))
    parse, validate = ParseEntities(), ValidateRules()
    parse.warm_up()
    validate.warm_up()
    began = time.perf_counter()
    for path in files:
        document = read_document(path, IntakeLimits())
        validate.run(document=document, **parse.run(document=document))
    seconds = time.perf_counter() - began
    return len(files), len(files) / seconds if seconds else 0.0
