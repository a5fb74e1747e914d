"""English and US statutes by section range: a section past a listed statute's end is refuted; a
statute the registry does not list is never called invented."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.en_statutes import judge_section, load_statutes, repealed_statute
from pipeline.cli.app import app


@pytest.mark.parametrize(
    ("authority", "exists"),
    [
        ("Unfair Contract Terms Act 1977, s 37", False),
        ("UCTA 1977, s 11", True),
        ("section 11A of the Arbitration Act 1996", True),
        ("section 111 of the Arbitration Act 1996", False),
        ("Sale of Goods Act 1979, s 14(2)", True),
        ("UCC § 2A-619", False),
        ("UCC section 2A-523", True),
        ("U.C.C. § 2-207", True),
        ("UCC § 2-801", False),
        ("9 U.S.C. § 10", True),
        ("9 U.S.C. § 17", False),
        ("UCC § 7-721", False),  # Article 7 Part 7 ends at 7-704
        ("UCC § 7-204", True),
        ("UCC § 9-609", True),
        ("UCC § 9-343", False),  # Part 3 ends at 9-342
        ("U.C.C. § 4A-202", True),
        ("UCC § 3-420", True),
    ],
)
def test_sections_are_judged_against_the_listed_ranges(authority: str, exists: bool) -> None:
    judged = judge_section(authority)
    assert judged is not None and judged.exists is exists, judged


def test_an_unlisted_statute_or_article_is_not_judged_invented() -> None:
    assert judge_section("Warehousing and Storage Contracts Act 2004, s 6") is None
    ucc6 = judge_section("UCC § 6-111")  # Article 6 is not listed: no range to refute it
    assert ucc6 is not None and ucc6.exists


def test_every_listed_range_is_ordered() -> None:
    for statute in load_statutes():
        ranges = statute.sections + [r for rs in statute.articles.values() for r in rs]
        # an Act listed for its repeal alone has no ranges; every other one has some
        assert (ranges or statute.repealed) and all(low <= high for low, high in ranges), (
            statute.title
        )


CONTRACT = """SOFTWARE SUBSCRIPTION AGREEMENT

1. LIABILITY
1.1 The Supplier's total liability shall not exceed the fees paid in the preceding twelve months.
2. LAW
2.1 This Agreement is governed by the laws of England and Wales.
"""
REVIEW = """# Review

## 1. The cap must be reasonable

> The Supplier's total liability shall not exceed the fees paid in the preceding twelve months.

The cap must satisfy the reasonableness test, judged when the contract was made (Unfair Contract Terms Act 1977, s {section}).
"""


def test_a_review_citing_a_section_past_the_acts_end_is_a_fabricated_citation(
    tmp_path: Path,
) -> None:
    contract = tmp_path / "contract.txt"
    contract.write_text(CONTRACT, encoding="utf-8")
    verdicts = {}
    for section in ("37", "11"):
        draft = tmp_path / f"review_{section}.md"
        draft.write_text(REVIEW.format(section=section), encoding="utf-8")
        out = tmp_path / f"out_{section}"
        CliRunner().invoke(app, ["check", str(contract), "--draft", str(draft), "--out", str(out)])
        report = json.loads((out / "report.json").read_text(encoding="utf-8"))
        verdicts[section] = report["draft_checks"][0]
    assert verdicts["37"]["verdict"] == "fabricated_citation"
    assert "there is no section 37" in " ".join(verdicts["37"]["reasons"])
    # s 11 exists, but no text of the Act is held: it stays unverified, never fabricated
    assert verdicts["11"]["verdict"] == "unverifiable"


@pytest.mark.parametrize(
    ("text", "repealed"),
    [
        ("Authority: Data Protection Act 1998, Schedule 1, Part II, paragraph 12.", True),
        ("Implied warranties arise under the Uniform Sales Act § 15.", True),
        ("The Data Protection Act 2018 and the UK GDPR govern the processing.", False),
        # the point itself says the Act is gone: history, not reliance
        ("The Data Protection Act 1998 was repealed in 2018, so the DPA 2018 applies.", False),
    ],
)
def test_a_repealed_statute_is_found_only_where_a_point_relies_on_it(
    text: str, repealed: bool
) -> None:
    assert (repealed_statute(text) is not None) is repealed


def test_a_review_relying_on_a_repealed_act_is_a_repealed_citation(tmp_path: Path) -> None:
    contract = tmp_path / "contract.txt"
    contract.write_text(CONTRACT, encoding="utf-8")
    draft = tmp_path / "review.md"
    draft.write_text(
        REVIEW.format(section="11").replace(
            "(Unfair Contract Terms Act 1977, s 11)",
            "(Unfair Terms in Consumer Contracts Regulations 1999, reg 5)",
        ),
        encoding="utf-8",
    )
    out = tmp_path / "out"
    CliRunner().invoke(app, ["check", str(contract), "--draft", str(draft), "--out", str(out)])
    check = json.loads((out / "report.json").read_text(encoding="utf-8"))["draft_checks"][0]
    assert check["verdict"] == "repealed_citation"
    assert "Consumer Rights Act 2015" in " ".join(check["reasons"])
    assert check["evidence_source"][-1]["status"] == "repealed"
