"""contract-review: contract review with external-knowledge reflection.

The Python API (:mod:`pipeline.api`)::

    from pipeline import review, ReviewOptions, Report

The names below load on first use, so ``import pipeline`` stays cheap: no spaCy, no torch, no
embedding model until a review runs.
"""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kb.local_laws import LawOptions
    from pipeline.api import (
        Report,
        ReviewOptions,
        build_kb,
        ingest_kb,
        query_kb,
        review,
        review_batch,
        verify_citation,
    )
    from pipeline.batch import BatchSummary, ContractResult
    from pipeline.config import (
        IntakeLimits,
        KBSettings,
        LLMSettings,
        OcrSettings,
        ReflectionSettings,
        RulesSettings,
    )
    from pipeline.errors import ContractReviewError, InputError

try:
    __version__ = version("contract-review")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+source"

_HOMES = {
    "review": "pipeline.api",
    "review_batch": "pipeline.api",
    "build_kb": "pipeline.api",
    "ingest_kb": "pipeline.api",
    "LawOptions": "kb.local_laws",
    "query_kb": "pipeline.api",
    "verify_citation": "pipeline.api",
    "ReviewOptions": "pipeline.api",
    "Report": "pipeline.api",
    "BatchSummary": "pipeline.batch",
    "ContractResult": "pipeline.batch",
    "IntakeLimits": "pipeline.config",
    "KBSettings": "pipeline.config",
    "LLMSettings": "pipeline.config",
    "OcrSettings": "pipeline.config",
    "ReflectionSettings": "pipeline.config",
    "RulesSettings": "pipeline.config",
    "ContractReviewError": "pipeline.errors",
    "InputError": "pipeline.errors",
}
__all__ = [
    "BatchSummary",
    "ContractResult",
    "ContractReviewError",
    "InputError",
    "IntakeLimits",
    "KBSettings",
    "LLMSettings",
    "LawOptions",
    "OcrSettings",
    "ReflectionSettings",
    "Report",
    "ReviewOptions",
    "RulesSettings",
    "__version__",
    "build_kb",
    "ingest_kb",
    "query_kb",
    "review",
    "review_batch",
    "verify_citation",
]


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'pipeline' has no attribute {name!r}")
    return getattr(import_module(_HOMES[name]), name)
