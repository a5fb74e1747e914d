"""The same contract reviewed as each side: severities and wording follow ``side_effects``.

Real pipeline (Intake, ParseEntities with spaCy, ValidateRules with the real rule catalogue and
KB catalog), LLM mode none.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.catalog import default_catalog
from pipeline.cli.app import app
from pipeline.config import LLMSettings, RunConfig
from pipeline.errors import SideResolutionError, StageError
from pipeline.model import ReviewReport
from pipeline.reviewing import review_file
from pipeline.rules_engine import load_rules
from tests.side.contracts import LABOUR_ZH, SALE_ZH, SERVICES_EN

CONTRACTS = {"sale_zh.txt": SALE_ZH, "labour_zh.txt": LABOUR_ZH, "services_en.txt": SERVICES_EN}


@pytest.fixture(scope="session")
def contract_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("side")
    for name, text in CONTRACTS.items():
        (folder / name).write_text(text, "utf-8")
    return folder


@cache
def _review(path: Path, side: str, llm_side: str = "neutral") -> ReviewReport:
    config = RunConfig(llm=LLMSettings(spec="none", side=llm_side), side=side)
    return review_file(path, config).report


def _by_rule(report: ReviewReport) -> dict[str, tuple[str, str]]:
    return {f.rule_id or "": (f.severity.value, f.message) for f in report.findings}


# (contract, sides that mean the same party, rule id, expected severity, words in the message)
CASES = [
    ("sale_zh.txt", ("甲方", "party_a", "buyer"), "cn.deposit.over_20_percent", "HIGH",
     "【对您方不利】您方（甲方/买方）是定金支付方"),
    ("sale_zh.txt", ("乙方", "party_b", "seller"), "cn.deposit.over_20_percent", "LOW",
     "【对您方相对有利】定金由对方（甲方/买方）支付"),
    ("sale_zh.txt", ("甲方", "buyer"), "cn.penalty.over_30_percent", "MEDIUM",
     "违约金由对方（乙方/卖方）支付"),
    ("sale_zh.txt", ("乙方", "seller"), "cn.penalty.over_30_percent", "HIGH",
     "违约金由您方（乙方/卖方）承担"),
    ("labour_zh.txt", ("乙方", "employee"), "cn.labour.penalty_misuse", "HIGH",
     "【对您方不利】该违约金约定无效，您方（乙方/劳动者）无需支付"),
    ("labour_zh.txt", ("甲方", "employer"), "cn.labour.penalty_misuse", "MEDIUM",
     "【用人单位风险】该约定无效"),
    ("labour_zh.txt", ("employer",), "cn.labour.probation_too_long", "HIGH",
     "用人单位须按转正工资向劳动者（乙方/劳动者）支付赔偿金"),
    ("services_en.txt", ("party_a", "seller"), "en.indemnity.uncapped_vs_cap", "HIGH",
     "You (Provider) give the indemnity: your exposure is uncapped."),
    ("services_en.txt", ("party_b", "buyer"), "en.indemnity.uncapped_vs_cap", "LOW",
     "The indemnity runs in your favour (the other party, Provider, gives it)"),
]  # fmt: skip


@pytest.mark.parametrize(("contract", "sides", "rule_id", "severity", "words"), CASES)
def test_side_changes_severity_and_wording(
    contract_dir: Path, contract: str, sides: tuple[str, ...], rule_id: str, severity: str,
    words: str,
) -> None:  # fmt: skip
    neutral = _by_rule(_review(contract_dir / contract, "neutral"))
    for side in sides:
        got_severity, message = _by_rule(_review(contract_dir / contract, side))[rule_id]
        assert got_severity == severity, side
        assert words in message, side
        # the rule's own message is kept; the side only adds to it
        assert message.startswith(neutral[rule_id][1]) and message != neutral[rule_id][1]


@pytest.mark.parametrize("contract", sorted(CONTRACTS))
def test_neutral_is_the_rule_as_written(contract_dir: Path, contract: str) -> None:
    rules = {r.spec.id: r.spec for r in load_rules(default_catalog())}
    report = _review(contract_dir / contract, "neutral")
    assert report.findings
    for finding in report.findings:
        spec = rules[finding.rule_id or ""]
        assert finding.severity == spec.severity
        assert "【" not in finding.message and "You (" not in finding.message
    # a RunConfig that never mentions a side gives the very same findings
    default = review_file(contract_dir / contract, RunConfig(llm=LLMSettings(spec="none")))
    assert default.report.findings == report.findings


@pytest.mark.parametrize("contract", sorted(CONTRACTS))
def test_rules_without_side_effects_are_untouched(contract_dir: Path, contract: str) -> None:
    with_effects = {r.spec.id for r in load_rules(default_catalog()) if r.spec.side_effects}
    neutral = _review(contract_dir / contract, "neutral").findings
    for side in ("party_a", "party_b"):
        sided = _review(contract_dir / contract, side).findings
        assert [f for f in sided if f.rule_id not in with_effects] == [
            f for f in neutral if f.rule_id not in with_effects
        ]
        assert [f.span for f in sided] == [f.span for f in neutral]


def test_the_llm_side_still_drives_the_rules(contract_dir: Path) -> None:
    """Backwards compatibility: RunConfig(llm=LLMSettings(side="party_b")) as before."""
    via_llm = _by_rule(_review(contract_dir / "sale_zh.txt", "neutral", llm_side="party_b"))
    assert via_llm == _by_rule(_review(contract_dir / "sale_zh.txt", "party_b"))


def test_a_role_the_contract_does_not_name_is_an_error(contract_dir: Path) -> None:
    with pytest.raises(StageError) as info:
        _review(contract_dir / "sale_zh.txt", "licensee")
    assert isinstance(info.value.__cause__, SideResolutionError)
    message = info.value.__cause__.message
    assert "sale_zh.txt: --side licensee: no party has that role" in message
    assert "甲方/买方" in message and "乙方/卖方" in message


def test_cli_side_role_word_and_bad_side(contract_dir: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    base = ["review", str(contract_dir / "sale_zh.txt"), "--llm", "none", "--format", "json"]
    result = runner.invoke(app, [*base, "--out", str(tmp_path / "a"), "--side", "seller"])
    assert result.exit_code == 1, result.output
    report = ReviewReport.model_validate_json((tmp_path / "a" / "report.json").read_text("utf-8"))
    assert _by_rule(report)["cn.deposit.over_20_percent"][0] == "LOW"
    result = runner.invoke(app, [*base, "--out", str(tmp_path / "b"), "--side", "employee"])
    assert result.exit_code == 42
    assert "--side employee: no party has that role" in result.output
    result = runner.invoke(app, [*base, "--out", str(tmp_path / "c"), "--side", "landlord"])
    assert result.exit_code == 2
    assert "'landlord' is not one of" in result.output


def test_a_role_word_side_reaches_the_llm_persona(
    contract_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pipeline.llm import ScriptedLLM
    from pipeline.llm.select import ModeInfo

    empty = '{"risk_points": []}'
    verified = '{"no_errors_found": true, "confidence": 0.9, "edits": [], "unresolved": []}'
    llm = ScriptedLLM([empty, verified])
    monkeypatch.setattr(
        "pipeline.llm.select.build_client", lambda settings: (llm, ModeInfo("scripted", "test"))
    )
    base = ["review", str(contract_dir / "sale_zh.txt"), "--format", "json"]
    result = CliRunner().invoke(app, [*base, "--out", str(tmp_path / "o"), "--side", "buyer"])
    assert result.exit_code in (0, 1, 3), result.output
    system = llm.calls[0].messages[0].content
    assert system.startswith("You are a contract lawyer acting for the buyer (")
    assert "买方" in system and "neutral" not in system
