"""Checks golden_set/kb/heldout.jsonl, the blind held-out retrieval query set for the statute KB.

The held-out set is only worth anything if it stays valid and independent of the tuning set, so
these tests guard: it loads with the eval's own loader (every expected citation resolves), the
language counts and citation share, unique ``ho-<lang>-NNN`` ids, no query shared with
``queries.jsonl``, at least half of its articles new, citation queries that land on their
article, and paraphrases that do not copy their article (the same shared-run rule as the tuning
set, measured here against the article text the KB itself stores).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from kb.catalog import Catalog, default_catalog
from kb.evaluate import load_queries
from tests.golden_kb.test_queries_format import (
    FIELDS,
    KINDS,
    MAX_SHARED_EN_WORDS,
    MAX_SHARED_ZH_CHARS,
    QUERIES,
    _shared_run,
    load_rows,
    mix_problems,
)

HELDOUT = QUERIES.parent / "heldout.jsonl"
MIN_COUNTS = {"zh": 80, "en": 40}
MIN_NEW_ARTICLE_SHARE = 0.5  # the point of the set: mostly articles nobody tuned on


def shape_problems(rows: list[dict[str, Any]], prefix: str = "ho") -> list[str]:
    problems: list[str] = []
    ids = Counter(str(r.get("id")) for r in rows)
    problems += [f"duplicate id {i!r} ({n} times)" for i, n in ids.items() if n > 1]
    for row in rows:
        where = str(row.get("id", "?"))
        if set(row) != FIELDS:
            problems.append(f"{where}: keys {sorted(row)}; expected exactly {sorted(FIELDS)}")
            continue
        if not re.fullmatch(rf"{prefix}-{re.escape(str(row['lang']))}-\d{{3}}", row["id"]):
            problems.append(f"{where}: id must look like {prefix}-{row['lang']}-NNN")
        if row["kind"] not in KINDS:
            problems.append(f"{where}: kind {row['kind']!r}; use one of {sorted(KINDS)}")
        if not isinstance(row["note"], str) or not row["note"].strip():
            problems.append(f"{where}: note must say what the query tests")
    return problems


def text_problems(rows: list[dict[str, Any]], catalog: Catalog) -> list[str]:
    """Copied paraphrases and citation queries that do not land on their main article."""
    problems = []
    for row in rows:
        doc_ids = [catalog.resolve(e) for e in row["expected"]]
        if row["kind"] == "citation":
            got = catalog.resolve(row["query"])
            if got != doc_ids[0]:
                problems.append(
                    f"{row['id']}: {row['query']!r} resolves to {got}, not {doc_ids[0]}"
                )
            continue
        for citation, doc_id in zip(row["expected"], doc_ids, strict=True):
            article = catalog.get(doc_id) if doc_id else None
            if article is None:
                problems.append(f"{row['id']}: {citation!r} is not a KB article")
                continue
            run = _shared_run(row["query"], article.text, row["lang"])
            size = len(run) if row["lang"] == "zh" else len(run.split())
            limit = MAX_SHARED_ZH_CHARS if row["lang"] == "zh" else MAX_SHARED_EN_WORDS
            if size > limit:
                problems.append(f"{row['id']}: paraphrase copies {run!r} from {citation}")
    return problems


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    return load_rows(HELDOUT)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return default_catalog()


def test_the_eval_loader_accepts_the_file_and_counts_hold(catalog: Catalog) -> None:
    queries = load_queries(HELDOUT, catalog)
    counts = Counter(q.lang for q in queries)
    assert counts["zh"] >= MIN_COUNTS["zh"]
    assert counts["en"] >= MIN_COUNTS["en"]
    assert len({q.id for q in queries}) == len(queries)


def test_every_line_is_well_formed(rows: list[dict[str, Any]]) -> None:
    assert shape_problems(rows) == []
    assert mix_problems(rows, MIN_COUNTS) == []


def test_disjoint_from_the_tuning_set(rows: list[dict[str, Any]], catalog: Catalog) -> None:
    tuning = load_rows(QUERIES)
    assert {r["query"] for r in rows} & {r["query"] for r in tuning} == set()
    tuned = {catalog.resolve(e) for r in tuning for e in r["expected"]}
    mine = {catalog.resolve(e) for r in rows for e in r["expected"]}
    assert len(mine - tuned) / len(mine) >= MIN_NEW_ARTICLE_SHARE


def test_paraphrases_do_not_copy_and_citations_resolve(
    rows: list[dict[str, Any]], catalog: Catalog
) -> None:
    assert text_problems(rows, catalog) == []


def test_validators_reject_broken_rows(catalog: Catalog) -> None:
    good: dict[str, Any] = {"lang": "zh", "kind": "paraphrase", "note": "x"}
    broken: list[dict[str, Any]] = [
        {**good, "id": "zh-001", "query": "试用期多久", "expected": ["劳动合同法第19条"]},
        {
            **good,
            "id": "ho-zh-002",
            "query": "非全日制用工双方当事人不得约定试用期吗",
            "expected": ["劳动合同法第70条"],
        },
        {
            **good,
            "id": "ho-zh-002",
            "kind": "citation",
            "query": "劳动合同法第七十条",
            "expected": ["劳动合同法第71条"],
        },
        {
            "id": "ho-en-001",
            "lang": "en",
            "kind": "paraphrase",
            "note": "x",
            "query": "enforcement of arbitral agreements, confirmation of arbitral awards and act of state?",
            "expected": ["9 U.S.C. § 15"],
        },
    ]
    shape = shape_problems(broken)
    assert "duplicate id 'ho-zh-002' (2 times)" in shape
    assert any(p.startswith("zh-001: id must look like") for p in shape)
    text = text_problems(broken, catalog)
    assert any(p.startswith("ho-zh-002: paraphrase copies") for p in text)
    assert any(
        "resolves to cn.labor-contract-law.70, not cn.labor-contract-law.71" in p for p in text
    )
    assert any(p.startswith("ho-en-001: paraphrase copies") for p in text)
    assert mix_problems(broken, MIN_COUNTS) == [
        "zh: 3 queries, need at least 80",
        "en: 1 queries, need at least 40",
    ]
