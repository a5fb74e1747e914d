"""Ingestion: idempotent on the whole corpus, incremental per article, locked, PDF pages."""

from __future__ import annotations

import json
import multiprocessing
import shutil
from pathlib import Path
from typing import Any

import pytest

from ingest.chunking import chunk_source
from ingest.loaders import load_source
from ingest.lock import ingest_lock
from ingest.sources import build_bundled, bundled_specs, specs_for_paths
from ingest.sync import ingest
from kb.manifest import manifest_path
from kb.registry import CORPUS_DIR
from kb.store import StatuteStore, open_store
from pipeline.errors import (
    EmptyInputError,
    KBLockTimeoutError,
    KnowledgeBaseError,
    MalformedInputError,
    UnsupportedInputError,
)
from pipeline.testing.pdf import render_text_pdf

STATUTE = """# 中华人民共和国测试法

<!-- INFO END -->

## 第一章 总则

第一条 为了测试增量导入，制定本法。

第二条 合同当事人应当诚信履约。

第三条 违约方应当赔偿损失。

第四条 本法自公布之日起施行。
"""


@pytest.mark.slow
@pytest.mark.integration
def test_second_build_of_the_whole_corpus_changes_nothing(full_kb: StatuteStore) -> None:
    before = {c.doc_id: c.metadata["content_hash"] for c in full_kb.all_chunks()}
    assert len(before) == 4729  # 4,725 + 建设工程质量管理条例 arts 39–42
    summary = build_bundled(full_kb)
    assert (summary.added, summary.updated, summary.removed) == (0, 0, 0)
    assert summary.unchanged == 4729 and summary.files_unchanged == len(bundled_specs())
    after = {c.doc_id: c.metadata["content_hash"] for c in full_kb.all_chunks()}
    assert after == before
    manifest = json.loads(manifest_path(full_kb.location.state_dir, full_kb.name).read_text())
    record = manifest["sources"]["cn_laws/minfadian/合同编.md"]
    assert record["articles"] == 526 and len(record["file_hash"]) == 64 and record["ingested_at"]


def _law_file(tmp_path: Path, text: str = STATUTE) -> Path:
    path = tmp_path / "测试法.md"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.integration
def test_changed_added_and_removed_articles(tmp_path: Path) -> None:
    store = open_store(tmp_path / "kb", None, "minilm")
    path = _law_file(tmp_path)
    specs = specs_for_paths([path], law_key="cn.test-law")
    first = ingest(store, specs)
    assert (first.added, first.updated, first.removed) == (4, 0, 0)
    assert store.get("cn.test-law.2") is not None

    # Same text, different bytes (a trailing blank line): nothing is re-embedded.
    path.write_text(STATUTE + "\n\n", encoding="utf-8")
    touched = ingest(store, specs)
    assert (touched.added, touched.updated, touched.removed, touched.unchanged) == (0, 0, 0, 4)
    assert ingest(store, specs).files_unchanged == 1

    edited = STATUTE.replace("诚信履约", "全面履行义务").replace(
        "第三条 违约方应当赔偿损失。\n", ""
    )
    edited += "\n第五条 新增条文。\n"
    path.write_text(edited, encoding="utf-8")
    second = ingest(store, specs)
    assert (second.added, second.updated, second.removed, second.unchanged) == (1, 1, 1, 2)
    changed = store.get("cn.test-law.2")
    assert changed is not None and "全面履行义务" in changed.text
    assert store.get("cn.test-law.3") is None
    assert store.get("cn.test-law.5") is not None
    assert store.count() == 4


@pytest.mark.integration
def test_pdf_statute_chunks_carry_pages(tmp_path: Path) -> None:
    body = STATUTE.split("<!-- INFO END -->")[1].replace("## ", "")
    pages = body.replace("第三条", "\f第三条")  # articles 1-2 on page 1, 3-4 on page 2
    pdf = tmp_path / "test-law.pdf"
    assert render_text_pdf("中华人民共和国测试法\n" + pages, pdf) == 2
    loaded = load_source(pdf)
    chunks = chunk_source(specs_for_paths([pdf], law_key="cn.test-pdf")[0].law, loaded, str(pdf))
    assert [(c.article.label, c.article.page) for c in chunks] == [
        ("第一条", 1),
        ("第二条", 1),
        ("第三条", 2),
        ("第四条", 2),
    ]
    evidence = chunks[2].article.evidence()
    assert (
        evidence.page == 2 and evidence.anchor is None and evidence.quote == "违约方应当赔偿损失。"
    )
    store = open_store(tmp_path / "kb", None, "minilm")
    ingest(store, specs_for_paths([pdf], law_key="cn.test-pdf"))
    stored = store.get("cn.test-pdf.3")
    assert stored is not None and stored.metadata["page"] == 2


def test_bad_inputs_name_the_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.md"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(EmptyInputError, match=r"empty\.md"):
        load_source(empty)
    odd = tmp_path / "law.docx"
    odd.write_bytes(b"x")
    with pytest.raises(UnsupportedInputError, match=r"law\.docx"):
        specs_for_paths([odd])
    prose = tmp_path / "prose.md"
    prose.write_text("# Not a statute\n\nJust words.\n", encoding="utf-8")
    law = specs_for_paths([prose])[0].law
    with pytest.raises(MalformedInputError, match=r"prose\.md"):
        chunk_source(law, load_source(prose), str(prose))


@pytest.mark.integration
def test_same_doc_id_from_two_files_is_refused(tmp_path: Path) -> None:
    store = open_store(tmp_path / "kb", None, "minilm")
    a = _law_file(tmp_path)
    b = tmp_path / "copy.md"
    shutil.copy(a, b)
    ingest(store, specs_for_paths([a], law_key="cn.test-law"))
    with pytest.raises(KnowledgeBaseError, match="already in the KB"):
        ingest(store, specs_for_paths([b], law_key="cn.test-law"))


def test_bundled_corpus_files_keep_their_registry_law() -> None:
    spec = specs_for_paths([CORPUS_DIR / "en/statutes/usc_title9_arbitration_2013.md"])[0]
    assert (
        spec.law.key == "us.9usc" and spec.source_id == "en/statutes/usc_title9_arbitration_2013.md"
    )


def test_lock_times_out_with_a_clear_error(tmp_path: Path) -> None:
    with (
        ingest_lock(tmp_path),
        pytest.raises(KBLockTimeoutError, match=r"ingest\.lock"),
        ingest_lock(tmp_path, timeout=0.3),
    ):
        pass


def _concurrent_worker(kb_path: str, barrier: Any, results: Any) -> None:
    from ingest.sync import ingest as run_ingest
    from kb.store import open_store as open_kb
    from tests.kb.conftest import small_specs

    store = open_kb(Path(kb_path), None, "minilm")  # model loaded before the race starts
    specs = [s for s in small_specs() if s.source_id.endswith("statute_of_frauds.md")]
    specs += [
        s for s in bundled_specs() if s.source_id.endswith("uniform_electronic_transactions.md")
    ]
    barrier.wait(timeout=120)
    summary = run_ingest(store, specs)
    results.put((summary.added, summary.unchanged, summary.lock_wait_seconds))


@pytest.mark.slow
@pytest.mark.integration
def test_two_concurrent_ingestions_neither_lose_nor_duplicate(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(2)
    results = ctx.Queue()
    workers = [
        ctx.Process(target=_concurrent_worker, args=(str(tmp_path), barrier, results))
        for _ in range(2)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=300)
        assert worker.exitcode == 0
    outcomes = sorted(results.get(timeout=5) for _ in workers)
    # Exactly one ingestion added the 23 articles; the other waited for the lock and saw them.
    assert [(added, unchanged) for added, unchanged, _ in outcomes] == [(0, 23), (23, 0)]
    assert max(wait for _, _, wait in outcomes) > 0.05
    store = open_store(tmp_path, None, "minilm")
    assert store.count() == 23
    manifest = json.loads(manifest_path(tmp_path, store.name).read_text())
    assert len(manifest["sources"]) == 2


class _Crash(Exception):
    pass


@pytest.mark.integration
def test_an_interrupted_ingest_leaves_its_marker_and_the_next_one_completes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kb.health import read_marker
    from tests.kb.conftest import TINY_ARTICLES, tiny_specs

    monkeypatch.setattr("kb.store._BATCH", 8)
    store = open_store(tmp_path, None, "minilm")
    specs = tiny_specs()

    def crash_after_the_first_batch(phase: str, advance: int, total: int) -> None:
        if phase == "embed" and advance:
            raise _Crash

    with pytest.raises(_Crash):
        ingest(store, specs, progress=crash_after_the_first_batch)
    assert store.count() == 8 and not manifest_path(tmp_path, store.name).exists()
    marker = read_marker(tmp_path, store.name, "minilm")
    assert marker is not None
    assert (marker.command, marker.sources, marker.planned, marker.done) == (
        "ingest", (str(specs[0].path),), TINY_ARTICLES, 8,
    )  # fmt: skip
    # same file, same hash, 8 of its articles stored: not "unchanged" until all are there
    resumed = ingest(store, specs)
    assert (resumed.added, resumed.unchanged, resumed.files_changed) == (TINY_ARTICLES - 8, 8, 1)
    assert store.count() == TINY_ARTICLES and read_marker(tmp_path, store.name, "minilm") is None
    again = ingest(store, specs)
    assert (again.added, again.unchanged, again.files_unchanged) == (0, TINY_ARTICLES, 1)
