"""Revise: the guard rejects bad edits with a reason; accepted edits change only their spans."""

from __future__ import annotations

import hashlib

from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.config import ReflectionSettings
from pipeline.model import Document, Edit, EditType, PageMap
from pipeline.stages.reflect_support.signals import pres_lev, reflection_score
from pipeline.stages.revise import Revise, apply_span_edits
from tests.reflection.helpers import CONTRACT_ZH


def doc(text: str = CONTRACT_ZH) -> Document:
    return Document(
        source_path="c.txt",
        sha256=hashlib.sha256(text.encode()).hexdigest(),
        media_type="text",
        text=text,
        page_map=PageMap(page_starts=(0,), text_length=len(text)),
    )


def edit(old: str, new: str, kind: EditType = EditType.REPLACE, conf: float = 0.9) -> Edit:
    start = CONTRACT_ZH.index(old)
    return Edit(start=start, end=start + len(old), replace_with=new, type=kind, confidence=conf)


def one_rejection(e: Edit, evidence: list[str] | None = None) -> str:
    revision = Revise().revise(doc(), [e], evidence or [])
    assert revision.revised_text == CONTRACT_ZH and not revision.applied
    (rejected,) = revision.rejected
    return rejected.reason


def test_a_small_replacement_is_applied_in_place() -> None:
    revision = Revise().revise(doc(), [edit("50%", "30%")], [])
    assert revision.revised_text == CONTRACT_ZH.replace("50%", "30%")
    assert revision.pres_lev == pres_lev(CONTRACT_ZH, revision.revised_text)
    assert 0.98 < revision.pres_lev < 1


def test_out_of_range_and_overlap() -> None:
    beyond = Edit(start=5, end=10_000, replace_with="x", type=EditType.REPLACE, confidence=1)
    assert "outside the text" in one_rejection(beyond)
    first, second = edit("合同总额的50%", "合同总额的30%"), edit("50%", "40%")
    revision = Revise().revise(doc(), [first, second], [])
    assert [r.reason.startswith("overlaps") for r in revision.rejected] == [True]
    assert revision.revised_text == CONTRACT_ZH.replace("50%", "30%")


def test_size_cap_is_configurable() -> None:
    long = edit("违约金为合同总额的50%", "违约金" + "以实际损失为限" * 10)
    assert "over the cap" in one_rejection(long)
    roomy = Revise(ReflectionSettings(edit_max_chars=500))
    assert roomy.revise(doc(), [long], []).applied == (long,)


def test_new_amount_date_article_or_party_is_rejected_unless_in_evidence() -> None:
    assert "amount '人民币200,000'" in one_rejection(edit("人民币100,000元", "人民币200,000元"))
    assert "date" in one_rejection(edit("2025年3月1日", "2026年3月1日"))
    assert "article" in one_rejection(edit("50%", "第五百八十六条"))
    assert "party" in one_rejection(edit("李明", "上海华泰贸易有限公司"))
    ok = Revise().revise(doc(), [edit("50%", "第五百八十六条")], ["第五百八十六条 当事人可以约定…"])
    assert ok.applied and not ok.rejected


def test_role_swap_is_rejected() -> None:
    assert "甲方/乙方" in one_rejection(edit("乙方应于", "甲方应于"))


def test_additions_must_be_marked_suggestions_and_are_never_written_in() -> None:
    at = CONTRACT_ZH.index("第三条")
    plain = Edit(start=at, end=at, replace_with="新增条款", type=EditType.REPLACE, confidence=1)
    assert "addition" in one_rejection(plain)
    unmarked = plain.model_copy(update={"type": EditType.SUGGESTION})
    assert "marked" in one_rejection(unmarked)
    marked = plain.model_copy(
        update={"type": EditType.SUGGESTION, "replace_with": "【建议补充】保密条款"}
    )
    revision = Revise().revise(doc(), [marked], [])
    assert revision.suggestions == (marked,) and revision.revised_text == CONTRACT_ZH


def test_low_confidence_is_queued_not_applied() -> None:
    revision = Revise().revise(doc(), [edit("50%", "30%", conf=0.5)], [])
    assert revision.queued and not revision.applied and revision.revised_text == CONTRACT_ZH


def test_pres_lev_and_reflection_score() -> None:
    assert pres_lev("abcd", "abcd") == 1.0
    assert pres_lev("abcd", "abXd") == 0.75
    assert pres_lev("ab", "wxyz") == 0.0
    assert reflection_score(0, 1000) == 1.0
    # the default reproduces "< 0.6 -> review" at about 0.67 errors per 1,000 characters
    assert reflection_score(2, 3000) == 0.6
    assert reflection_score(1, 1000) == 0.5


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_apply_changes_only_the_edited_spans(data: st.DataObject) -> None:
    text = data.draw(st.text(alphabet="甲乙ab，。 \n", min_size=1, max_size=60))
    cuts = sorted(data.draw(st.sets(st.integers(0, len(text)), min_size=2, max_size=6)))
    spans = list(zip(cuts[::2], cuts[1::2], strict=False))
    edits = [
        Edit(
            start=s,
            end=e,
            replace_with=data.draw(st.text(alphabet="xyz甲", max_size=5)),
            type=EditType.REPLACE,
            confidence=1,
        )
        for s, e in spans
    ]
    out = apply_span_edits(text, edits)
    expected, cursor = [], 0
    for e in edits:
        expected += [text[cursor : e.start], e.replace_with]
        cursor = e.end
    assert out == "".join([*expected, text[cursor:]])
