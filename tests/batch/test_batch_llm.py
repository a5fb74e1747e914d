"""`batch` with an LLM: the command takes review's LLM, side, playbook and reflection options and
every contract is reviewed with them (issue 17).

The LLM is ``FaultyOllamaServer`` answering from a script: a real HTTP server on 127.0.0.1
speaking Ollama's API to the real ``ollama`` client, with no model behind it, so two contracts
take a second. Real inference through the same API is in tests/llm/test_real_review.py and
tests/llm/test_ollama_window.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.llm.client import Message
from pipeline.llm.context import context_window, tokens_needed
from tests.ollama_server import FAULT_MODEL, FaultyOllamaServer, Reply
from tests.reflection.helpers import CONTRACT_ZH, GOOD_DRAFT, VERIFY_OK

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
PLAYBOOK = REPO / "rules" / "playbooks" / "sale_buyer_zh.yaml"
LLM_CTX = 12288
MAX_OUTPUT_TOKENS = 1024  # LLMSettings' default: batch has no option for it


@pytest.fixture()
def contracts(tmp_path: Path) -> Path:
    folder = tmp_path / "contracts"
    folder.mkdir()
    (folder / "a_sale.txt").write_text(CONTRACT_ZH, "utf-8")
    other = CONTRACT_ZH.replace("买卖合同", "设备采购合同").replace("李明", "王芳")
    (folder / "b_purchase.txt").write_text(other, "utf-8")
    return folder


def _batch(folder: Path, out: Path, url: str, *extra: str) -> Any:
    return CliRunner().invoke(
        app,
        ["batch", str(folder), "--out", str(out), "--format", "json",
         "--llm", f"ollama:{FAULT_MODEL}", "--llm-url", url, "--llm-ctx", str(LLM_CTX),
         "--llm-keep-alive", "30m", "--llm-timeout", "10", *extra],
    )  # fmt: skip


def test_batch_reviews_every_contract_with_the_llm_options(contracts: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    with FaultyOllamaServer(Reply.ok(VERIFY_OK)) as server:
        # one contract after the other (--jobs 1): each is drafted, then verified
        server.script(Reply.ok(GOOD_DRAFT), Reply.ok(VERIFY_OK), Reply.ok(GOOD_DRAFT))
        result = _batch(
            contracts, out, server.url, "--side", "乙方", "--playbook", str(PLAYBOOK),
            "--reflection", "light",
        )  # fmt: skip
        chats = [body for path, body in server.requests if path == "/api/chat"]
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text("utf-8"))
    assert [r["file"] for r in summary["results"]] == ["a_sale.txt", "b_purchase.txt"]
    assert [r["mode"] for r in summary["results"]] == [f"ollama:{FAULT_MODEL}"] * 2
    for row in summary["results"]:
        report = json.loads((Path(row["output_dir"]) / "report.json").read_text("utf-8"))
        assert report["mode"] == f"ollama:{FAULT_MODEL}"  # not "(degraded to none)"
        reasons = {item["reason"] for item in report["human_review"]}
        assert not reasons & {"degraded", "budget_exhausted", "context_overflow"}
        assert report["playbook"], "--playbook reached the review"
        assert "generate" in {f["stage"] for f in report["findings"]}  # the LLM's claim kept
    # two contracts, each drafted and verified through the server, each request with its window
    assert len(chats) == 4
    for chat in chats:
        assert chat["model"] == FAULT_MODEL and chat["keep_alive"] == "30m"
        messages = [Message(role=m["role"], content=m["content"]) for m in chat["messages"]]
        needed = tokens_needed(messages, MAX_OUTPUT_TOKENS)
        assert chat["options"]["num_ctx"] >= context_window(needed, LLM_CTX) >= needed
        assert chat["options"]["num_ctx"] <= LLM_CTX
    drafts = [c for c in chats if "risk points" in c["messages"][0]["content"]]
    assert len(drafts) == 2 and all("Party B (乙方)" in c["messages"][0]["content"] for c in drafts)


def test_batch_checks_its_llm_options_before_it_starts(contracts: Path, tmp_path: Path) -> None:
    for bad, named in (
        (["--side", "landlord"], "--side"),
        (["--reflection", "sometimes"], "mode"),
        (["--llm-keep-alive", "ten minutes"], "keep_alive"),
        (["--llm-ctx", "100"], "--llm-ctx"),
    ):
        result = _batch(contracts, tmp_path / "out", "http://127.0.0.1:9", *bad)
        assert result.exit_code == 2, (bad, result.output)
        assert named in result.output, (bad, result.output)
        assert not (tmp_path / "out" / "summary.json").exists()
