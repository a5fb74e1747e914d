"""Reading a review in the Generate JSON schema (pipeline/draft_check/read_json.py).

The points are written here (source: written for these tests; the contract wording is
invented); citations in the prose go through the real KB parser.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from pipeline.draft_check.read_json import read_review_json
from pipeline.draft_check.read_text import find_kb_citations
from pipeline.errors import InputError, MalformedInputError
from pipeline.llm.schemas import GenerateReply
from pipeline.model import Severity


def risk(n: int, **changes: Any) -> dict[str, Any]:
    point: dict[str, Any] = {
        "quote": f"第{n}条 乙方应于每月五日前支付第{n}期款项。",
        "type": "payment_terms",
        "severity": "MEDIUM",
        "reasoning": f"第{n}期款项的期限过短。",
        "suggested_fix": "延长付款期限。",
        "citations": [],
    }
    return point | changes


def test_twenty_one_points_are_all_read_though_generate_caps_at_twenty() -> None:
    data = {"risk_points": [risk(n) for n in range(21)]}
    with pytest.raises(ValidationError):
        GenerateReply.model_validate(data)  # the LLM's cap, which a person's review may pass
    draft = read_review_json(data, "review.json", find_kb_citations)
    assert draft.format == "json"
    assert [p.index for p in draft.points] == list(range(21))
    assert [p.quotes for p in draft.points] == [(risk(n)["quote"],) for n in range(21)]
    assert {p.severity for p in draft.points} == {Severity.MEDIUM}
    assert {(p.type, p.line, p.title) for p in draft.points} == {("payment_terms", None, "")}
    assert draft.unparsed == ()


def test_citations_are_the_listed_ones_then_those_in_reasoning_and_fix_deduplicated() -> None:
    point = risk(
        1,
        severity="HIGH",
        citations=["民法典第586条", "合同法第114条"],
        reasoning="定金超过20%，违反民法典第586条；另见民法典第585条。",
        suggested_fix="依《中华人民共和国民法典》第五百八十七条调整定金罚则。",
    )
    only = read_review_json({"risk_points": [point]}, "r.json", find_kb_citations).points[0]
    assert only.citations == (
        "民法典第586条",
        "合同法第114条",
        "民法典第585条",
        "《中华人民共和国民法典》第五百八十七条",
    )
    assert only.severity is Severity.HIGH
    assert (only.reasoning, only.suggested_fix) == (point["reasoning"], point["suggested_fix"])


def test_a_point_another_tool_wrote_differently_is_still_read_with_notes() -> None:
    # lower-case or Chinese severities, one that is none of the three, extra fields, no quote
    data = {
        "risk_points": [
            risk(0, severity="medium"),
            risk(1, severity="高"),
            risk(2, severity="SEVERE"),
            risk(3, clause="5.2"),
            {k: v for k, v in risk(4).items() if k != "quote"},
        ]
    }
    draft = read_review_json(data, "review.json", find_kb_citations)
    assert [p.index for p in draft.points] == [0, 1, 2, 3, 4]
    assert [p.severity for p in draft.points[:4]] == [
        Severity.MEDIUM, Severity.HIGH, None, Severity.MEDIUM
    ]  # fmt: skip
    assert draft.points[2].notes == ("could not read the severity 'SEVERE'",)
    assert draft.points[3].notes == ("field 'clause' was not read",)
    assert draft.points[4].quotes == ()
    assert draft.points[4].notes == ("no quotation of the contract found",)
    assert draft.unparsed == ()


def test_a_point_that_is_not_text_fields_is_named_in_unparsed_and_the_others_are_read() -> None:
    data = {"risk_points": [risk(0), "just a string", risk(2, citations="民法典第586条")]}
    draft = read_review_json(data, "review.json", find_kb_citations)
    assert [p.index for p in draft.points] == [0]  # its place in the file
    assert draft.unparsed[0].startswith("risk_points[1]: ")
    assert draft.unparsed[1].startswith("risk_points[2]: field 'citations': ")
    assert all(u.endswith("; the point was not read") for u in draft.unparsed)


def test_other_top_level_keys_are_named_not_dropped_silently() -> None:
    data = {"contract": "zh_01", "risk_points": [risk(0)]}
    draft = read_review_json(data, "review.json", find_kb_citations)
    assert len(draft.points) == 1
    assert draft.unparsed == ("top-level key 'contract' was not read",)


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"points": [risk(0)]}, "no 'risk_points' list (keys: 'points')"),
        ([risk(0)], "the top level is a list, not an object"),
        ({"risk_points": {"0": risk(0)}}, "'risk_points' must be a list of points, not dict"),
    ],
)
def test_a_file_not_in_the_schema_is_an_input_error_naming_the_file_and_the_fix(
    data: object, problem: str
) -> None:
    with pytest.raises(MalformedInputError) as caught:
        read_review_json(data, "reviews/other.json", find_kb_citations)
    error = caught.value
    assert isinstance(error, InputError) and error.exit_code == 13
    assert error.path == "reviews/other.json"
    assert str(error).startswith("reviews/other.json: ")
    assert problem in str(error)
    assert 'Fix: give {"risk_points": [' in str(error)


def test_the_development_draft_in_golden_set_check_dev() -> None:
    path = (
        Path(__file__).resolve().parents[2]
        / "golden_set/check/dev/zh_h10_property_service.draft.json"
    )
    data = json.loads(path.read_text(encoding="utf-8"))
    draft = read_review_json(data, str(path), find_kb_citations)
    assert [p.index for p in draft.points] == list(range(len(data["risk_points"])))
    assert [p.quotes[0] for p in draft.points] == [r["quote"] for r in data["risk_points"]]
    assert all(
        set(r["citations"]) <= set(p.citations)
        for p, r in zip(draft.points, data["risk_points"], strict=True)
    )
    assert draft.unparsed == ()


def test_a_long_point_with_many_citations_is_read_not_dropped() -> None:
    cited = [f"民法典第{n}条" for n in range(580, 587)]
    long = risk(1, reasoning="理由。" * 500, citations=cited)
    draft = read_review_json({"risk_points": [long]}, "review.json", lambda text: [])
    (point,) = draft.points
    assert len(point.reasoning) == 1500 and point.citations == tuple(cited)
    assert draft.unparsed == ()
