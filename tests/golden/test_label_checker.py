"""The label checker finds each kind of broken label, naming the file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.eval.golden_labels import GoldenSetError, check_golden_set
from pipeline.testing.pdf import render_text_pdf


def _check_exit(root: Path) -> int:
    """The exit code of ``contract-review eval golden-check ROOT``."""
    return CliRunner().invoke(app, ["eval", "golden-check", str(root)]).exit_code


def _edit_label(root: Path, cid: str, change: str) -> Path:
    path = root / "contracts" / f"{cid}.json"
    label = json.loads(path.read_text(encoding="utf-8"))
    if change == "bad_quote":
        label["findings"][0]["quote"] = "年利率为36%"
    elif change == "bad_type":
        label["findings"][0]["type"] = "usury"
    elif change == "clean_with_findings":
        label["clean"] = True
    path.write_text(json.dumps(label, ensure_ascii=False), encoding="utf-8")
    return path


def test_small_set_is_clean(small_set: Path) -> None:
    assert check_golden_set(small_set) == []
    assert _check_exit(small_set) == 0


def test_quote_missing_from_text_is_reported(small_set: Path) -> None:
    path = _edit_label(small_set, "zh_06_loan_company", "bad_quote")
    problems = check_golden_set(small_set)
    assert {p.path for p in problems} == {path}
    assert any("not in the .txt" in p.problem for p in problems)
    assert any("not in the PDF text" in p.problem for p in problems)
    assert _check_exit(small_set) == 1


def test_stale_pdf_is_caught(small_set: Path) -> None:
    folder = small_set / "contracts"
    text = (folder / "zh_06_loan_company.txt").read_text(encoding="utf-8")
    render_text_pdf(
        text.replace("借款年利率为24%", "借款年利率为12%"), folder / "zh_06_loan_company.pdf"
    )
    problems = check_golden_set(small_set)
    assert [p.problem for p in problems] == [
        "findings[0] (excessive_interest): quote not in the PDF text: '借款年利率为24%'"
    ]


def test_wrapped_quote_is_found_in_the_pdf(tmp_path: Path) -> None:
    folder = tmp_path / "contracts"
    folder.mkdir()
    clause = (
        "第一条 "
        + "甲方应当按照本合同约定的期限和方式支付全部价款，" * 4
        + "违约金为合同总价款的百分之五十。"
    )
    (folder / "c1.txt").write_text(clause + "\n", encoding="utf-8")
    render_text_pdf(clause, folder / "c1.pdf")
    label = {
        "id": "c1", "lang": "zh", "contract_type": "sale", "clean": False,
        "findings": [{
            "type": "penalty_excessive", "severity": "MEDIUM",
            "quote": "支付全部价款，违约金为合同总价款的百分之五十",
            "basis": {"law": "中华人民共和国民法典", "article": "第五百八十五条"},
        }],
    }  # fmt: skip
    (folder / "c1.json").write_text(json.dumps(label, ensure_ascii=False), encoding="utf-8")
    assert check_golden_set(tmp_path) == []


def test_unknown_type_is_reported(small_set: Path) -> None:
    _edit_label(small_set, "zh_06_loan_company", "bad_type")
    (problem,) = check_golden_set(small_set)
    assert "unknown type 'usury'" in problem.problem


def test_clean_label_with_findings_is_invalid(small_set: Path) -> None:
    path = _edit_label(small_set, "zh_06_loan_company", "clean_with_findings")
    with pytest.raises(GoldenSetError, match="must have no findings") as info:
        check_golden_set(small_set)
    assert str(path) in info.value.message


def test_missing_pdf_is_reported(small_set: Path) -> None:
    (small_set / "contracts" / "en_15_clean_nda.pdf").unlink()
    (problem,) = check_golden_set(small_set)
    assert "missing PDF" in problem.problem


def test_missing_folder_is_a_golden_set_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["eval", "golden-check", str(tmp_path / "nope")])
    assert result.exit_code == GoldenSetError.exit_code == 50
    assert "no such folder" in result.output
