"""Property test: any text, however odd, parses and validates without a crash, and every
finding quotes the document exactly."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.catalog import default_catalog
from pipeline.stages.parse_entities import ParseEntities
from pipeline.stages.validate_rules import ValidateRules
from tests.entities.helpers import make_document

PIECES = st.sampled_from(
    [
        "第一条 ", "1.1 ", "\n", "\f", "甲方（买方）：", "乙方：", "定金", "违约金", "合同总价款为",
        "人民币壹佰万元整", "（¥1,000,000.00）", "30%", "百分之二十", "日万分之五", "年利率24%",
        "2025年2月30日", "2025年5月20日", "自2025年1月1日起至2024年1月1日止", "三个月", "试用期",
        "竞业限制", "仲裁", "人民法院提起诉讼", "。", "，", "Section 2. ", '("Provider")',
        "Twenty Dollars (US$21)", "liquidated damages", "shall not exceed", "indemnify",
        "automatically renew", "March 3, 2025", "twelve (12) months", " the Statement of Work ",
    ]
)  # fmt: skip
TEXT = st.lists(st.one_of(PIECES, st.text(max_size=12)), max_size=40).map("".join)


@pytest.fixture(scope="module")
def stages() -> tuple[ParseEntities, ValidateRules]:
    validate = ValidateRules(resolver=default_catalog())
    validate.warm_up()
    return ParseEntities(), validate


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=TEXT)
def test_any_text_parses_and_validates(
    stages: tuple[ParseEntities, ValidateRules], text: str
) -> None:
    if not text.strip():
        text = "空"
    document = make_document(text)
    parse, validate = stages
    out = parse.run(document=document)
    for entity in out["entities"]:
        assert document.text[entity.span.start : entity.span.end] == entity.text
    for finding in validate.run(document=document, **out)["rule_findings"]:
        assert document.text[finding.span.start : finding.span.end] == finding.quote
