"""End to end: the bundled sample PDFs through the real review pipeline (LLM mode none)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.reviewing import review_file

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (
            "sale_contract_zh.pdf",
            {
                ("amount_contradiction", 1, "人民币壹佰贰拾万元整"),
                ("deposit_excessive", 1, "¥360,000.00"),
                ("penalty_excessive", 2, "40%"),
                ("dispute_resolution_conflict", 2, "任何一方均可向甲方所在地人民法院提起诉讼"),
            },
        ),
        (
            "services_agreement_en.pdf",
            {
                ("amount_contradiction", 1, "Twenty-Five Thousand Dollars"),
                ("auto_renewal_no_notice", 1, "automatically renew"),
                ("unilateral_amendment", 2, "may amend this Agreement at any time by posting"),
            },
        ),
    ],
)
def test_sample_review_reports_rule_findings_with_pages(
    name: str, expected: set[tuple[str, int, str]]
) -> None:
    report = review_file(EXAMPLES / name).report
    rule_findings = [f for f in report.findings if f.stage == "validate_rules"]
    got = {(f.type, f.span.page, f.quote) for f in rule_findings}
    assert expected <= got
    assert all(f.evidence_source for f in rule_findings)
    assert "parse_entities" in report.stages_run and "validate_rules" in report.stages_run
