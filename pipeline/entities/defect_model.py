"""Which clauses read like a known defect: one classifier per finding type, beside the rules.

A rule finds a defect in the wordings its author foresaw; a one-sided price change can be
worded a hundred ways ("以甲方最新公布的收费标准为准", "the Supplier's then-current list price
shall apply"). This model reads a clause the way the clause-kind model does (character n-gram
TF-IDF plus keyword features, one logistic regression per type), trained on clauses written
blind for it (``golden_set/defects/train``: defects and their lawful look-alikes) and on the
dev contracts' lines. Its thresholds are set for precision on contract text, because an alarm
on a lawful clause costs a lawyer's trust. It ships as ``data/defect_model.npz``, built by
``contract-review dev train-defects``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from kb.locations import package_data
from pipeline.entities.clause_kinds import ClauseClassifier, load

# the types whose defect is what a clause says, not what its figures add up to
DEFECT_TYPES: tuple[str, ...] = (
    "unfair_standard_term",
    "unilateral_amendment",
    "invalid_exemption",
    "unlimited_liability",
    "deposit_term_confusion",
    "labour_penalty_misuse",
    "non_compete_without_compensation",
    "auto_renewal_no_notice",
    "missing_essential_clause",
)
MODEL_FILE = "defect_model.npz"


def model_path() -> Path:
    return package_data("pipeline", "entities", "data", MODEL_FILE)


@lru_cache(maxsize=1)
def default_defect_classifier() -> ClauseClassifier | None:
    """The shipped model, or None when it has not been built (the rules run alone then)."""
    path = model_path()
    return load(path) if path.is_file() else None
