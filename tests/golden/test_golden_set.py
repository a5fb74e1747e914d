"""The committed golden set itself: size, mix, coverage, citations, PDFs and label checker."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from kb.catalog import default_catalog
from pipeline.eval.golden import gold_citation_key
from pipeline.eval.golden_labels import (
    RULE_FINDING_TYPES,
    GoldContract,
    check_golden_set,
    load_golden_set,
    pdf_text,
    squash,
)

GOLDEN = Path(__file__).resolve().parents[2] / "golden_set" / "dev"


@pytest.fixture(scope="module")
def contracts() -> list[GoldContract]:
    return load_golden_set(GOLDEN)


def test_size_and_language_mix(contracts: list[GoldContract]) -> None:
    langs = Counter(c.label.lang for c in contracts)
    assert len(contracts) >= 40
    assert langs["zh"] >= 25
    assert langs["en"] >= 15
    kinds = {c.label.contract_type for c in contracts}
    assert {"sale", "lease", "services", "loan", "labour", "guarantee", "construction",
            "software_licence", "nda", "supply", "saas"} <= kinds  # fmt: skip


def test_every_rule_type_planted_at_least_twice(contracts: list[GoldContract]) -> None:
    counts = Counter(f.type for c in contracts for f in c.label.findings)
    assert {t: counts[t] for t in RULE_FINDING_TYPES if counts[t] < 2} == {}
    assert all(len(c.label.findings) <= 4 for c in contracts)


def test_clean_contracts_and_second_passes(contracts: list[GoldContract]) -> None:
    assert sum(c.label.clean for c in contracts) >= 6
    assert sum(c.second is not None for c in contracts) >= 10


def test_some_pdfs_span_three_pages(contracts: list[GoldContract]) -> None:
    long_ones = [c.id for c in contracts if len(PdfReader(c.pdf_path).pages) >= 3]
    assert len(long_ones) >= 3


def test_every_statute_basis_exists_in_the_kb(contracts: list[GoldContract]) -> None:
    catalog = default_catalog()
    missing = []
    for c in contracts:
        for f in c.label.findings:
            for citation in f.citations:
                if citation.basis_kind == "common_law":
                    continue
                key = gold_citation_key(citation)
                if key is None or catalog.get(key) is None:
                    missing.append((c.id, citation.law, citation.article))
    assert missing == []


def test_checker_passes_on_the_committed_set() -> None:
    assert check_golden_set(GOLDEN) == []


def test_every_pdf_is_current_with_its_text(contracts: list[GoldContract]) -> None:
    """A PDF whose text layer differs from the .txt was not re-rendered after an edit."""
    stale = [
        c.id
        for c in contracts
        if squash(pdf_text(c.pdf_path)) != squash(c.text_path.read_text(encoding="utf-8"))
    ]
    assert stale == []


@pytest.mark.parametrize("split", ["heldout", "focus/dev", "focus/heldout"])
def test_the_other_splits_labels_are_well_formed(split: str) -> None:
    """Quotes found in the text, known types and law names, PDFs rendered (a failure here names
    the label problem only, never a result)."""
    assert check_golden_set(GOLDEN.parent / split) == []
