"""review runs the same point check as ``contract-review check`` on its own Generate draft: a
claim whose figure contradicts the contract is left out of the findings and goes to the
human-review queue with the clause as evidence; report.json's draft_checks say so."""

from __future__ import annotations

from pathlib import Path

from pipeline.reviewing import build_report
from tests.reflection.helpers import VERIFY_OK, risk, run_scripted, write_contract


def test_a_claim_with_a_wrong_figure_is_queued_not_reported(tmp_path: Path) -> None:
    wrong = risk("", reasoning="合同约定违约金为合同总额的80%，明显过高。")
    result, _, _ = run_scripted(write_contract(tmp_path), [wrong, VERIFY_OK], "off")
    report = build_report(result, "t", "", "scripted", "")
    (check,) = report.draft_checks
    assert check.verdict == "figure_mismatch"
    assert "80%" in check.reasons[0] and "50%" in check.reasons[0]
    assert not [f for f in report.findings if f.stage == "generate"]
    (item,) = [i for i in report.human_review if i.reason == "figure_mismatch"]
    assert item.span is not None and item.evidence[0].basis_kind == "contract"


def test_a_claim_with_the_contracts_figure_is_reported_and_verified(tmp_path: Path) -> None:
    right = risk("", reasoning="合同约定违约金为合同总额的50%，明显过高。")
    result, _, _ = run_scripted(write_contract(tmp_path), [right, VERIFY_OK], "off")
    report = build_report(result, "t", "", "scripted", "")
    (check,) = report.draft_checks
    assert check.verdict == "ok"
    assert [f.type for f in report.findings if f.stage == "generate"] == ["penalty_excessive"]
    assert not [i for i in report.human_review if i.reason == "figure_mismatch"]
