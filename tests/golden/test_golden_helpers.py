"""Helpers that turn a pipeline report into scoring values: quote location, citations, edits."""

from __future__ import annotations

import json

from kb.catalog import default_catalog
from pipeline.eval.golden import (
    citation_string,
    edit_stats,
    evidence_keys,
    gold_citation_key,
    locate,
)
from pipeline.eval.golden_labels import Citation
from pipeline.model import EvidenceSource


def test_locate_ignores_wrapping_newlines_and_maps_back_to_offsets() -> None:
    text = "第三条 定金\n3.1 定金数额为合同\n总价款的百分之三十。"
    start, end = locate(text, "定金数额为合同总价款的百分之三十") or (0, 0)
    assert text[start:end] == "定金数额为合同\n总价款的百分之三十"
    assert locate(text, "百分之二十") is None
    assert locate("late fee of\nfive percent", "fee of five") == (5, 16)


def test_gold_citation_keys_use_the_kb_parser() -> None:
    mfd = Citation(law="中华人民共和国民法典", article="第五百八十六条")
    assert gold_citation_key(mfd) == "cn.civil-code.586"
    ucc = Citation(law="D.C. Code (Uniform Commercial Code)", article="§ 28:2-718")
    assert gold_citation_key(ucc) == "us.dc-ucc.2-718"
    assert gold_citation_key(Citation(basis_kind="common_law")) is None


def test_evidence_keys_flags_articles_the_kb_does_not_have() -> None:
    real = EvidenceSource(
        doc_id="cn.civil-code.585", law="中华人民共和国民法典", anchor="第五百八十五条", quote="…"
    )
    invented = EvidenceSource(
        doc_id="llm-draft-1", law="中华人民共和国民法典", anchor="第一千三百条", quote="…"
    )
    by_name = EvidenceSource(doc_id="x", law="9 U.S.C.", anchor="§ 2", quote="…")
    common = EvidenceSource(doc_id="penalty-doctrine", law="common law", basis_kind="common_law")
    assert citation_string(by_name) == "9 U.S.C. § 2"
    keys, common_law, uses = evidence_keys([real, invented, by_name, common], default_catalog())
    assert keys == ("cn.civil-code.585", "us.9usc.2")
    assert common_law
    assert [ok for _, ok in uses] == [True, False, True]


def test_edit_stats_reads_the_last_revision_in_the_trace() -> None:
    def line(outputs: dict[str, object]) -> str:
        return json.dumps({"type": "stage", "stage": "revise", "outputs": outputs})

    first = {"revision": {"applied": [], "suggestions": [], "queued": [], "rejected": [],
                          "pres_lev": 1.0}}  # fmt: skip
    last = {"revision": {"applied": [{}], "suggestions": [{}, {}], "queued": [],
                         "rejected": [{"reason": "too long"}], "pres_lev": 0.93}}  # fmt: skip
    trace = "\n".join([json.dumps({"type": "run"}), line(first), line(last)]) + "\n"
    assert edit_stats(trace) == (4, 1, 0.93)
    assert edit_stats(json.dumps({"type": "run"})) == (0, 0, None)
