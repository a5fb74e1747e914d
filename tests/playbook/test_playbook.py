"""Playbook positions judged GREEN/YELLOW/RED on realistic contracts, with exact evidence.

Real pipeline (Intake, ParseEntities with spaCy, the rules, EvaluatePlaybook), LLM mode none,
and the bundled example playbooks in ``rules/playbooks``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.config import LLMSettings, RunConfig
from pipeline.model import ReviewReport
from pipeline.reviewing import review_file
from tests.side.contracts import SALE_ZH, SERVICES_EN

PLAYBOOKS = Path(__file__).resolve().parents[2] / "rules" / "playbooks"
ZH = PLAYBOOKS / "sale_buyer_zh.yaml"
EN = PLAYBOOKS / "saas_customer_en.yaml"

SERVICES_WEAK = (
    SERVICES_EN.replace("twelve (12) months preceding", "six (6) months preceding")
    .replace("New York", "Delaware")
    .replace("thirty (30) days", "ten (10) days")
)
SERVICES_UNLIMITED = SERVICES_EN.replace(
    "3.1 Each party's total liability under this Agreement shall not exceed the fees paid in the "
    "twelve (12) months preceding the claim.",
    "3.1 Customer's liability under this Agreement shall be unlimited.",
).replace(
    "4. Governing Law\n4.1 This Agreement is governed by the laws of the State of New York.\n", ""
)
SALE_RICH = (
    SALE_ZH.replace("叁拾万元整（¥300,000.00）", "贰拾万元整（¥200,000.00）")
    .replace("35%", "25%")
    .replace("验收合格后三十日内", "验收合格后三日内")
)

# (contract text, playbook, expected (position, verdict, value, evidence quotes))
CASES = [
    ("sale_zh.txt", SALE_ZH, ZH, [
        ("deposit_cap", "RED", "30.0%", ("¥300,000.00",)),
        ("penalty_cap", "RED", "35.0%", ("35%",)),
        ("payment_term", "GREEN", "30 days", ("2.3 设备验收合格后三十日内，甲方支付剩余价款。",)),
        ("governing_law", "GREEN", "中华人民共和国", ("中华人民共和国",)),
    ]),
    ("sale_rich_zh.txt", SALE_RICH, ZH, [
        ("deposit_cap", "GREEN", "20.0%", ("¥200,000.00",)),
        ("penalty_cap", "YELLOW", "25.0%", ("25%",)),
        ("payment_term", "RED", "3 days", ("2.3 设备验收合格后三日内，甲方支付剩余价款。",)),
        ("governing_law", "GREEN", "中华人民共和国", ("中华人民共和国",)),
    ]),
    ("services_en.txt", SERVICES_EN, EN, [
        ("liability_cap", "GREEN", "12 months", (
            "3.1 Each party's total liability under this Agreement shall not exceed the fees paid "
            "in the twelve (12) months preceding the claim.",)),
        ("payment_term", "GREEN", "30 days", (
            "2.1 Customer shall pay Provider a monthly fee of US$20,000 within thirty (30) days of "
            "invoice.",)),
        ("governing_law", "GREEN", "the State of New York", ("the State of New York",)),
    ]),
    ("services_weak_en.txt", SERVICES_WEAK, EN, [
        ("liability_cap", "YELLOW", "6 months", (
            "3.1 Each party's total liability under this Agreement shall not exceed the fees paid "
            "in the six (6) months preceding the claim.",)),
        ("payment_term", "RED", "10 days", (
            "2.1 Customer shall pay Provider a monthly fee of US$20,000 within ten (10) days of "
            "invoice.",)),
        ("governing_law", "YELLOW", "the State of Delaware", ("the State of Delaware",)),
    ]),
    ("services_unlimited_en.txt", SERVICES_UNLIMITED, EN, [
        ("liability_cap", "RED", "unlimited",
         ("3.1 Customer's liability under this Agreement shall be unlimited.",)),
        ("payment_term", "GREEN", "30 days", (
            "2.1 Customer shall pay Provider a monthly fee of US$20,000 within thirty (30) days of "
            "invoice.",)),
        ("governing_law", "RED", "not found", ()),
    ]),
]  # fmt: skip


def _review(path: Path, playbook: Path | None) -> ReviewReport:
    config = RunConfig(llm=LLMSettings(spec="none"), playbook=str(playbook) if playbook else None)
    return review_file(path, config).report


@pytest.mark.parametrize(("name", "text", "playbook", "expected"), CASES)
def test_positions_get_verdicts_with_exact_evidence(
    tmp_path: Path,
    name: str,
    text: str,
    playbook: Path,
    expected: list[tuple[str, str, str, tuple[str, ...]]],
) -> None:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    report = _review(path, playbook)
    got = [(v.position_id, v.verdict, v.value, v.quotes) for v in report.playbook]
    assert got == expected
    for v in report.playbook:
        assert [text[s.start : s.end] for s in v.evidence] == list(v.quotes)
        assert v.found == bool(v.evidence)
        assert bool(v.escalation) == (v.verdict == "RED")
    assert "evaluate_playbook" in report.stages_run


def test_a_playbook_for_the_other_language_gives_no_verdicts(tmp_path: Path) -> None:
    path = tmp_path / "services_en.txt"
    path.write_text(SERVICES_EN, "utf-8")
    assert _review(path, ZH).playbook == ()


def test_without_a_playbook_the_stage_list_is_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "services_en.txt"
    path.write_text(SERVICES_EN, "utf-8")
    report = _review(path, None)
    assert report.playbook == () and "evaluate_playbook" not in report.stages_run


def test_cli_writes_verdicts_to_json_and_markdown(tmp_path: Path) -> None:
    path = tmp_path / "services_weak_en.txt"
    path.write_text(SERVICES_WEAK, "utf-8")
    out = tmp_path / "out"
    args = ["review", str(path), "--llm", "none", "--format", "all", "--out", str(out)]
    result = CliRunner().invoke(app, [*args, "--playbook", str(EN)])
    assert result.exit_code == 1, result.output
    report = ReviewReport.model_validate_json((out / "report.json").read_text("utf-8"))
    assert [v.verdict for v in report.playbook] == ["YELLOW", "RED", "YELLOW"]
    markdown = (out / "report.md").read_text("utf-8")
    assert "## Playbook positions" in markdown
    assert (
        "| **RED** | Payment term at least 30 days from invoice | 10 days | "
        "acceptable ≥ 30 days; negotiable ≥ 15 days |"
    ) in markdown
    assert "**Escalate** `payment_term`: Payment due in under 15 days" in markdown


def test_sample_pdf_as_buyer_with_the_bundled_playbook() -> None:
    """The real sample PDF: verdict evidence carries the page each quote lies on."""
    examples = PLAYBOOKS.parents[1] / "examples"
    config = RunConfig(llm=LLMSettings(spec="none"), side="buyer", playbook=str(ZH))
    outcome = review_file(examples / "sale_contract_zh.pdf", config)
    verdicts = {v.position_id: v for v in outcome.report.playbook}
    text = outcome.document.text
    assert (verdicts["deposit_cap"].verdict, verdicts["deposit_cap"].quotes) == (
        "RED",
        ("¥360,000.00",),
    )
    assert [s.page for s in verdicts["penalty_cap"].evidence] == [2]
    for v in verdicts.values():
        assert [text[s.start : s.end] for s in v.evidence] == list(v.quotes)
    deposit = next(f for f in outcome.report.findings if f.type == "deposit_excessive")
    assert deposit.severity == "HIGH" and "您方（甲方/买方）是定金支付方" in deposit.message
