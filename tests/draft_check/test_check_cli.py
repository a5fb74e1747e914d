"""``contract-review check`` end to end on a real contract file, the real reader, the bundled
catalog (lexical support) and the registry of law titles: the issue's acceptance case of a
Markdown review with 5 points (2 invented citations, 1 paraphrased quote), exit codes, outputs
and bad input."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli.app import app

runner = CliRunner()
CONTRACT = """设备买卖合同

第一条 合同价款
合同总价款为人民币壹佰万元整（¥1,000,000.00）。

第二条 定金
买方应于本合同签订之日起五日内向卖方支付定金人民币叁拾万元整（¥300,000.00）。

第三条 交货
卖方应于2025年3月1日前将设备交付至买方指定地点。

第四条 违约责任
卖方逾期交货的，每日按合同总价款的万分之五向买方支付违约金。
"""
REVIEW = """# 合同审查意见

以下为本所对《设备买卖合同》的审查意见。

## 1. 定金比例超过法定上限（严重程度：高）

> 买方应于本合同签订之日起五日内向卖方支付定金人民币叁拾万元整（¥300,000.00）。

定金为叁拾万元，占合同总价款的百分之三十。定金的数额不得超过主合同标的额的百分之二十，超过部分不产生定金的效力。法律依据：民法典第586条。

## 2. 租赁登记（严重程度：中）

> 卖方应于2025年3月1日前将设备交付至买方指定地点。

依据《中华人民共和国房屋租赁条例》第十二条，设备交付须办理登记备案。

## 3. 违约金过高（严重程度：中）

> 卖方逾期交货的，每日按合同总价款的万分之五向买方支付违约金。

违约金按日计算且无上限，可能过分高于损失。民法典第1300条规定违约金可以无限累计。

## 4. 交货地点不明（严重程度：低）

> 卖方应当于2025年3月1日前将设备交付给买方。

交货地点约定不明，易生争议。

## 5. 价款大小写一致（严重程度：低）

> 合同总价款为人民币壹佰万元整（¥1,000,000.00）。

价款大写与小写一致，均为人民币壹佰万元。

综上，建议修改后签署。
"""


def _files(tmp_path: Path, review: str = REVIEW, name: str = "review.md") -> tuple[Path, Path]:
    contract = tmp_path / "contract.txt"
    contract.write_text(CONTRACT, encoding="utf-8")
    draft = tmp_path / name
    draft.write_text(review, encoding="utf-8")
    return contract, draft


def test_a_markdown_review_gets_the_right_five_verdicts(tmp_path: Path) -> None:
    contract, draft = _files(tmp_path)
    out = tmp_path / "out"
    result = runner.invoke(app, ["check", str(contract), "--draft", str(draft), "--out", str(out)])
    assert result.exit_code == 1, result.output  # some point is flagged
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    verdicts = [c["verdict"] for c in report["draft_checks"]]
    assert verdicts == [
        "ok", "fabricated_citation", "fabricated_citation", "quote_not_found", "ok",
    ]  # fmt: skip
    first, invented_law, invented_article, paraphrase, _ = report["draft_checks"]
    assert any(e["doc_id"] == "cn.civil-code.586" for e in first["evidence_source"])
    assert any(e["basis_kind"] == "contract" for e in first["evidence_source"])
    assert first["span"] is not None
    assert "房屋租赁条例" in invented_law["reasons"][0]
    assert "第一千三百条 does not exist" in " ".join(invented_article["reasons"])
    # the closest passage is shown as a hint, never as the point's anchor
    assert paraphrase["span"] is None
    assert paraphrase["quote_hint"].startswith("卖方应于2025年3月1日前将设备交付至买方")
    assert report["draft"]["format"] == "markdown"
    assert any("综上" in part for part in report["draft"]["unparsed"])
    assert report["law"]["system"] == "prc"
    md = (out / "report.md").read_text(encoding="utf-8")
    assert "verified" in md and "fabricated citation" in md and "quote not found" in md
    for path in out.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_all_points_verified_exits_0_and_html_escapes_the_draft(tmp_path: Path) -> None:
    review = (
        "## 1. 价款<script>alert(1)</script>\n\n"
        "> 合同总价款为人民币壹佰万元整（¥1,000,000.00）。\n\n"
        "价款大写与小写一致。\n"
    )
    contract, draft = _files(tmp_path, review)
    out = tmp_path / "out"
    result = runner.invoke(app, ["check", str(contract), "--draft", str(draft), "--out", str(out)])
    assert result.exit_code == 0, result.output
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;" in html


def test_a_generate_json_draft_is_checked_too(tmp_path: Path) -> None:
    point = {
        "quote": "卖方逾期交货的，每日按合同总价款的万分之五向买方支付违约金。",
        "type": "penalty_excessive", "severity": "MEDIUM",
        "reasoning": "合同约定逾期交货违约金按每日万分之八计算，明显偏高。",
        "suggested_fix": "设置违约金上限。", "citations": [],
    }  # fmt: skip
    contract, draft = _files(tmp_path, json.dumps({"risk_points": [point]}), "draft.json")
    out = tmp_path / "out"
    result = runner.invoke(app, ["check", str(contract), "--draft", str(draft), "--out", str(out)])
    assert result.exit_code == 1, result.output
    (check,) = json.loads((out / "report.json").read_text(encoding="utf-8"))["draft_checks"]
    assert check["verdict"] == "figure_mismatch"
    assert "万分之八" in check["reasons"][0] and "万分之五" in check["reasons"][0]


def test_a_bad_draft_names_the_file_and_the_fix_and_writes_nothing(tmp_path: Path) -> None:
    contract, draft = _files(tmp_path, '{"risk_points": [', "draft.json")
    out = tmp_path / "out"
    result = runner.invoke(app, ["check", str(contract), "--draft", str(draft), "--out", str(out)])
    assert result.exit_code == 13, result.output
    assert str(draft) in result.output and "Fix" in result.output
    assert not out.exists()
    binary = tmp_path / "draft.md"
    binary.write_bytes(b"\xff\xfe\x00bad")
    result = runner.invoke(app, ["check", str(contract), "--draft", str(binary), "--out", str(out)])
    assert result.exit_code == 13 and "UTF-8" in result.output
    assert contract.read_text(encoding="utf-8") == CONTRACT  # never modified
