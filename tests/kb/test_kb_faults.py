"""An honest KB (issue 13): a damaged, incomplete or read-only KB, on real Chroma KBs and the CLI.

A damaged or incomplete KB stops a review and every ``kb`` command with exit 30 and the fix,
unless the review is given ``--kb-fallback catalog``: then it runs on the catalog, and the
report's KB block and a human-review item say why. A read-only KB folder serves reviews and
``kb query``; ``kb ingest`` on it is a one-line error. An interrupted build resumes.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from ingest.lock import ingest_lock
from kb.embeddings import get_backend
from kb.health import IngestMarker, check_store, marker_path
from kb.manifest import manifest_path
from kb.registry import CORPUS_DIR
from kb.snapshot import snapshot_path
from kb.store import open_store, sqlite_problem
from pipeline.cli.app import app
from pipeline.config import KBSettings
from pipeline.errors import KnowledgeBaseError
from pipeline.kb_runtime import open_kb
from pipeline.model import Document, PageMap, ReviewReport
from pipeline.stages.cross_check_kb import CrossCheckKB
from tests.kb.conftest import TINY_ARTICLES, TINY_SOURCE

pytestmark = pytest.mark.integration
runner = CliRunner()
REPO = Path(__file__).resolve().parents[2]
COLLECTION = "statutes-minilm"
CONTRACT = (
    "SERVICES AGREEMENT\n"
    "1. Fees. The Client shall pay USD 10,000 within 30 days of each invoice.\n"
    "2. Disputes. Any dispute shall be settled by arbitration under 9 U.S.C. § 2.\n"
)


@pytest.fixture
def contract(tmp_path: Path) -> Path:
    path = tmp_path / "agreement.txt"
    path.write_text(CONTRACT, encoding="utf-8")
    return path


def _review(contract: Path, kb: Path, out: Path, *extra: str) -> Result:
    args = ["review", str(contract), "--out", str(out), "--llm", "none"]
    return runner.invoke(app, [*args, "--kb-path", str(kb), "--kb-backend", "minilm", *extra])


def _kb(*args: str, kb: Path | None = None) -> Result:
    where = ["--kb-path", str(kb), "--backend", "minilm"] if kb is not None else []
    return runner.invoke(app, ["kb", *args, *where])


def _one_line_error(result: Result, code: int, *fragments: str) -> str:
    """The command exited ``code`` with exactly one line naming the fix: no traceback."""
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def _hashes(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


# --- each kind of damage: a review stops with the fix, or falls back when asked -------------


def _truncate_db(kb: Path) -> None:
    db = kb / "chroma.sqlite3"
    with open(db, "r+b") as handle:
        handle.truncate(db.stat().st_size // 2 + 100)  # mid-page, as a full disk leaves it


def _empty_db(kb: Path) -> None:
    (kb / "chroma.sqlite3").write_bytes(b"")


def _garbage_db(kb: Path) -> None:
    db = kb / "chroma.sqlite3"
    db.write_bytes(b"\0" * db.stat().st_size)


def _interrupted_marker(kb: Path) -> None:
    marker = IngestMarker(
        collection=COLLECTION, backend="minilm", command="build", started_at="2026-12-01T10:00:00",
        pid=1, planned=4725, done=768,
    )  # fmt: skip
    marker_path(kb, COLLECTION).write_text(marker.model_dump_json(), encoding="utf-8")


def _manifest_unreadable(kb: Path) -> None:
    manifest_path(kb, COLLECTION).write_text('{"collection": "statutes-mini', encoding="utf-8")


def _manifest_counts_more(kb: Path) -> None:
    path = manifest_path(kb, COLLECTION)
    manifest = json.loads(path.read_text(encoding="utf-8"))
    manifest["sources"][TINY_SOURCE]["articles"] += 1  # stamp unchanged: only the count differs
    path.write_text(json.dumps(manifest), encoding="utf-8")


def _snapshot_truncated(kb: Path) -> None:
    path = snapshot_path(kb, COLLECTION)
    path.write_bytes(path.read_bytes()[:5000])


def _snapshot_stale(kb: Path) -> None:
    path = manifest_path(kb, COLLECTION)
    manifest = json.loads(path.read_text(encoding="utf-8"))
    manifest["updated_at"] = "2099-01-01T00:00:00+00:00"  # a build the snapshot did not see
    path.write_text(json.dumps(manifest), encoding="utf-8")


DAMAGE: dict[str, tuple[Callable[[Path], None], str]] = {
    "truncated database": (_truncate_db, "the KB's Chroma database is damaged: it is truncated"),
    "0-byte database": (_empty_db, "the KB's Chroma database is damaged: the file is empty"),
    "not SQLite": (_garbage_db, "it is not an SQLite database"),
    "interrupted build": (
        _interrupted_marker,
        "the KB is incomplete: a `kb build` started 2026-12-01T10:00:00 stopped after 768 of "
        "4,725 articles",
    ),
    "unreadable manifest": (_manifest_unreadable, "the KB manifest cannot be read"),
    "manifest vs snapshot count": (
        _manifest_counts_more,
        f"its manifest lists {TINY_ARTICLES + 1} articles for backend minilm but the review "
        f"snapshot holds {TINY_ARTICLES}",
    ),
    "damaged snapshot": (_snapshot_truncated, "no review snapshot matching its last build"),
    "stale snapshot": (_snapshot_stale, "no review snapshot matching its last build"),
}
FIXES = {
    "truncated database": "Fix: move {kb} aside and rebuild it with `contract-review kb build "
    "--kb-path {kb}`",
    "0-byte database": "Fix: move {kb} aside and rebuild it",
    "not SQLite": "Fix: move {kb} aside and rebuild it",
    "interrupted build": "Fix: run `contract-review kb build --kb-path {kb} --kb-backend minilm` "
    "to resume it (only what is missing is embedded)",
    "unreadable manifest": "Fix: delete it and run `contract-review kb build`",
    "manifest vs snapshot count": "Fix: run `contract-review kb build --kb-path {kb} --kb-backend "
    "minilm` to repair it",
    "damaged snapshot": "Fix: run `contract-review kb build --kb-path {kb} --kb-backend minilm`",
    "stale snapshot": "Fix: run `contract-review kb build --kb-path {kb} --kb-backend minilm`",
}


@pytest.mark.parametrize("case", list(DAMAGE))
def test_a_damaged_kb_stops_the_review_unless_the_catalog_fallback_is_asked_for(
    case: str, tiny_kb: Path
) -> None:
    damage, said = DAMAGE[case]
    damage(tiny_kb)
    fix = FIXES[case].format(kb=tiny_kb)
    before = _hashes(tiny_kb)
    settings = KBSettings(path=str(tiny_kb), backend="minilm")
    with pytest.raises(KnowledgeBaseError) as raised:
        open_kb(settings)
    assert raised.value.exit_code == 30
    assert said in raised.value.message and fix in raised.value.message
    assert raised.value.message.endswith(
        "or pass --kb-fallback catalog to review against the bundled catalog only (the report "
        "then says so)"
    )
    runtime = open_kb(settings.model_copy(update={"fallback": "catalog"}))
    assert (runtime.info.mode, runtime.info.scorer, runtime.info.fingerprint) == (
        "catalog", "lexical", None,
    )  # fmt: skip
    assert said in runtime.info.reason and fix in runtime.info.reason
    assert runtime.info.reason.endswith("[--kb-fallback catalog: the review used the catalog only]")
    (notice,) = runtime.notices
    assert notice.reason == "kb_fallback" and said in notice.detail
    assert notice.detail.startswith(
        "The statute KB could not be used, so citations were checked against the bundled "
        "catalog only"
    )
    assert runtime.checker is not None  # the catalog still checks every citation
    assert _hashes(tiny_kb) == before  # a review repairs nothing and writes nothing


def test_the_fallback_notice_reaches_the_stage_output(tiny_kb: Path) -> None:
    _truncate_db(tiny_kb)
    runtime = open_kb(KBSettings(path=str(tiny_kb), backend="minilm", fallback="catalog"))
    stage = CrossCheckKB(runtime.checker, runtime.find, runtime.info, runtime.notices)
    document = Document(
        source_path="agreement.txt",
        sha256=hashlib.sha256(CONTRACT.encode()).hexdigest(),
        media_type="text",
        text=CONTRACT,
        page_map=PageMap(page_starts=(0,), text_length=len(CONTRACT)),
    )
    out = stage.run(document=document, rule_findings=(), llm_claims=())
    assert out["kb_notices"] == runtime.notices and out["kb_info"].mode == "catalog"
    healthy = CrossCheckKB(runtime.checker, runtime.find, runtime.info)
    assert healthy.run(document=document, rule_findings=(), llm_claims=())["kb_notices"] == ()


# --- the reported cases, through the real CLI ---------------------------------------------


def test_truncated_database_review_and_kb_commands_exit_30_with_the_fix(
    tiny_kb: Path, contract: Path, tmp_path: Path
) -> None:
    _truncate_db(tiny_kb)
    said = "the KB's Chroma database is damaged: it is truncated"
    result = _review(contract, tiny_kb, tmp_path / "out")
    _one_line_error(result, 30, said, f"Fix: move {tiny_kb} aside", "--kb-fallback catalog")
    assert not (tmp_path / "out" / "report.json").exists()
    for command in (["stats"], ["stats", "--json"], ["query", "arbitration"]):
        _one_line_error(_kb(*command, kb=tiny_kb), 30, said, f"Fix: move {tiny_kb} aside")
    _one_line_error(_kb("show", "cn.nothing.1", kb=tiny_kb), 30, said)


def test_a_0_byte_database_is_refused_never_replaced(
    tiny_kb: Path, contract: Path, tmp_path: Path
) -> None:
    _empty_db(tiny_kb)
    said = "the file is empty (0 bytes)"
    _one_line_error(_review(contract, tiny_kb, tmp_path / "out"), 30, said)
    law = CORPUS_DIR / TINY_SOURCE
    _one_line_error(_kb("ingest", str(law), kb=tiny_kb), 30, said, "Fix: move")
    _one_line_error(_kb("build", kb=tiny_kb), 30, said)
    assert (tiny_kb / "chroma.sqlite3").stat().st_size == 0  # not silently a new, empty KB


def test_review_with_kb_fallback_catalog_says_why_and_asks_for_human_review(
    tiny_kb: Path, contract: Path, tmp_path: Path
) -> None:
    _truncate_db(tiny_kb)
    out = tmp_path / "out"
    result = _review(contract, tiny_kb, out, "--kb-fallback", "catalog")
    assert result.exit_code == 3, result.output  # needs human review: never a silent downgrade
    report = ReviewReport.model_validate_json((out / "report.json").read_text("utf-8"))
    assert report.kb is not None and report.kb.mode == "catalog"
    assert "it is truncated" in report.kb.reason and "--kb-fallback catalog" in report.kb.reason
    assert report.needs_human_review
    (notice,) = [i for i in report.human_review if i.reason == "kb_fallback"]
    assert "it is truncated" in notice.detail
    markdown = (out / "report.md").read_text("utf-8")
    assert "catalog only (exact lookup, lexical support)" in markdown and "kb_fallback" in markdown


# --- a build killed midway: refused, then resumed ------------------------------------------
KILLED_INGEST = """
import os, signal, sys
from pathlib import Path
import kb.store
kb.store._BATCH = 8  # four batches of the 31 articles
from ingest.sources import bundled_specs
from ingest.sync import ingest
from kb.store import open_store
specs = [s for s in bundled_specs() if s.source_id == sys.argv[2]]
batches = 0
def progress(phase, n, total):
    global batches
    if phase == "embed" and n:
        batches += 1
        if batches == 2:
            os.kill(os.getpid(), signal.SIGKILL)  # as kill -9, the OOM killer or a power cut
ingest(open_store(Path(sys.argv[1]), None, "minilm"), specs, progress=progress)
"""


@pytest.fixture
def embedded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every passage MiniLM embeds in this process."""
    backend = get_backend("minilm")
    seen: list[str] = []
    real = backend.embed_passages

    def record(texts: list[str]) -> object:
        seen.extend(texts)
        return real(texts)

    monkeypatch.setattr(backend, "embed_passages", record)
    return seen


def test_a_killed_build_is_refused_then_resumed_embedding_only_what_is_missing(
    tmp_path: Path, contract: Path, embedded: list[str]
) -> None:
    kb = tmp_path / "kb"
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_INGEST, str(kb), TINY_SOURCE],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    marker = IngestMarker.model_validate_json(marker_path(kb, COLLECTION).read_text("utf-8"))
    assert (marker.command, marker.planned, marker.done) == ("ingest", TINY_ARTICLES, 16)
    law = str(CORPUS_DIR / TINY_SOURCE)
    said = "the KB is incomplete: a `kb ingest` started"
    line = _one_line_error(_review(contract, kb, tmp_path / "out"), 30, said, "after 16 of 31")
    _one_line_error(_kb("query", "arbitration", "--mode", "bm25", kb=kb), 30, said)
    # the message names the command that resumes it; run exactly that
    named = re.search(r"Fix: run `([^`]+)` to resume it", line)
    assert named is not None
    resume = shlex.split(named.group(1))
    assert resume == ["contract-review", "kb", "ingest", law, "--kb-path", str(kb),
                      "--kb-backend", "minilm"]  # fmt: skip
    resumed = runner.invoke(app, resume[1:])
    assert resumed.exit_code == 0, resumed.output
    assert "added=15 updated=0 removed=0 unchanged=16" in resumed.output
    assert len(embedded) == TINY_ARTICLES - 16  # the 16 stored before the kill are not redone
    assert not marker_path(kb, COLLECTION).exists()
    store = open_store(kb, None, "minilm")
    assert store.count() == TINY_ARTICLES
    check_store(store)  # whole: the manifest and the store agree
    out = tmp_path / "after"
    result = _review(contract, kb, out)
    assert result.exit_code in (0, 1), result.output
    report = ReviewReport.model_validate_json((out / "report.json").read_text("utf-8"))
    assert report.kb is not None
    assert (report.kb.mode, report.kb.articles) == ("chroma", TINY_ARTICLES)


def test_an_ingest_still_running_is_not_taken_for_an_interrupted_one(tiny_kb: Path) -> None:
    _interrupted_marker(tiny_kb)
    settings = KBSettings(path=str(tiny_kb), backend="minilm")
    with ingest_lock(tiny_kb):  # another ingest holds the lock: its marker is work in progress
        runtime = open_kb(settings)
    assert runtime.info.mode == "chroma" and runtime.info.articles == TINY_ARTICLES
    with pytest.raises(KnowledgeBaseError, match="stopped after 768 of 4,725 articles"):
        open_kb(settings)  # the lock is free again: that ingest died


def test_kb_eval_and_an_opened_store_check_the_manifest_count(tiny_kb: Path) -> None:
    _manifest_counts_more(tiny_kb)
    with pytest.raises(KnowledgeBaseError, match=r"lists 32 articles .* the store holds 31"):
        check_store(open_store(tiny_kb, None, "minilm"))
    queries = tiny_kb.parent / "q.jsonl"
    row = {"id": "en-1", "lang": "en", "query": "9 U.S.C. § 2", "expected": ["9 U.S.C. § 2"]}
    queries.write_text(json.dumps(row), encoding="utf-8")
    result = runner.invoke(
        app,
        ["kb", "eval", "--queries", str(queries), "--backends", "minilm", "--no-build",
         "--kb-path", str(tiny_kb)],
    )  # fmt: skip
    _one_line_error(result, 30, "lists 32 articles for backend minilm but the store holds 31")


# --- a read-only KB folder ------------------------------------------------------------------


@pytest.fixture
def read_only(tiny_kb: Path) -> Iterator[Callable[..., subprocess.CompletedProcess[str]]]:
    """Runs the real CLI with ``tiny_kb`` read-only. Root ignores permission bits, so as root
    the folder is bind-mounted read-only in a private mount namespace that dies with the
    command; otherwise it is ``chmod -R a-w``, as the issue did."""
    cli = str(Path(sys.executable).with_name("contract-review"))
    if os.geteuid() == 0:
        probe = subprocess.run(["unshare", "--mount", "true"], capture_output=True)
        if probe.returncode != 0:
            pytest.skip("root without CAP_SYS_ADMIN cannot make a read-only folder here")
        script = 'mount --bind -o ro "$0" "$0" && exec "$@"'
        prefix = ["unshare", "--mount", "--propagation", "private", "sh", "-c", script]
        prefix.append(str(tiny_kb))
    else:
        prefix = []
        for path in [tiny_kb, *tiny_kb.rglob("*")]:
            path.chmod(path.stat().st_mode & ~0o222)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*prefix, cli, *args], capture_output=True, text=True, timeout=600, cwd=REPO
        )

    yield run
    for path in [tiny_kb, *tiny_kb.rglob("*")]:
        path.chmod(path.stat().st_mode | 0o200)


def test_a_read_only_kb_serves_reviews_and_queries_and_refuses_ingest_in_one_line(
    read_only: Callable[..., subprocess.CompletedProcess[str]],
    tiny_kb: Path,
    contract: Path,
    tmp_path: Path,
) -> None:
    before = _hashes(tiny_kb)
    kb = ["--kb-path", str(tiny_kb)]
    out = tmp_path / "out"
    review = read_only("review", str(contract), "--out", str(out), "--llm", "none", *kb,
                       "--kb-backend", "minilm")  # fmt: skip
    assert review.returncode in (0, 1), review.stderr
    report = ReviewReport.model_validate_json((out / "report.json").read_text("utf-8"))
    assert report.kb is not None and report.kb.reason == ""
    assert (report.kb.mode, report.kb.articles) == ("chroma", TINY_ARTICLES)
    query = read_only("kb", "query", "stay of proceedings", "--mode", "bm25", "--k", "1", *kb,
                      "--backend", "minilm")  # fmt: skip
    assert query.returncode == 0, query.stderr
    assert "us.9usc.3" in query.stdout
    law = tmp_path / "law.md"
    law.write_text("# Test Act\n\n§ 1. Scope\nThis act applies.\n", encoding="utf-8")
    ingest = read_only("kb", "ingest", str(law), *kb, "--backend", "minilm")
    assert ingest.returncode == 30, ingest.stderr
    lines = ingest.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in ingest.stderr
    assert lines[0].startswith(f"error: {tiny_kb}: the KB folder is read-only")
    assert f"Fix: make it writable (chmod -R u+w {tiny_kb})" in lines[0]
    assert _hashes(tiny_kb) == before


# --- an unreachable --kb-url: 34 in every kb command, as the README says --------------------


def test_an_unreachable_kb_url_exits_34_in_every_kb_command(tmp_path: Path) -> None:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{sock.getsockname()[1]}"  # nothing listens once closed
    law = tmp_path / "law.md"
    law.write_text("# Test Act\n\n§ 1. Scope\nThis act applies.\n", encoding="utf-8")
    where = ["--kb-url", url, "--kb-path", str(tmp_path / "state"), "--backend", "minilm"]
    for command in (["query", "arbitration"], ["ingest", str(law)], ["build"], ["stats"],
                    ["show", "us.nothing.1"]):  # fmt: skip
        result = runner.invoke(app, ["kb", *command, *where])
        _one_line_error(result, 34, f"{url}: cannot reach the Chroma server", "Fix: start it")


# --- the header check itself ----------------------------------------------------------------


def test_sqlite_problem_reads_only_the_header(tiny_kb_template: Path, tmp_path: Path) -> None:
    whole = (tiny_kb_template / "chroma.sqlite3").read_bytes()
    db = tmp_path / "chroma.sqlite3"
    assert sqlite_problem(db) is None  # absent: nothing built, not damage
    db.write_bytes(whole)
    assert sqlite_problem(db) is None
    page = 4096
    db.write_bytes(whole[:-page])  # a whole number of pages, but fewer than the header says
    assert sqlite_problem(db) == f"it is truncated ({len(whole) - page:,} of {len(whole):,} bytes)"
    db.write_bytes(whole[:50])
    assert sqlite_problem(db) == "it is not an SQLite database (50 bytes)"
    db.write_bytes(b"")
    assert sqlite_problem(db) == "the file is empty (0 bytes)"
