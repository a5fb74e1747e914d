"""The Revise guard's limits at their edges: the size cap (50 characters, or half the span when
that is more) and the confidence floor (0.8: an edit at the floor is applied)."""

from __future__ import annotations

import Levenshtein
import pytest

from pipeline.model import Edit, EditType
from pipeline.stages.revise import Revise
from tests.reflection.helpers import CONTRACT_ZH
from tests.reflection.test_revise_guard import doc

FILLER = "以实际损失为限并由双方协商确定"  # no amount, date, article or party in it


def replace(text: str, old: str, new: str, confidence: float = 0.9) -> Edit:
    start = text.index(old)
    return Edit(
        start=start,
        end=start + len(old),
        replace_with=new,
        type=EditType.REPLACE,
        confidence=confidence,
    )


def filler(n: int) -> str:
    return (FILLER * (n // len(FILLER) + 1))[:n]


@pytest.mark.parametrize(("distance", "applied"), [(49, True), (50, True), (51, False)])
def test_the_size_cap_is_fifty_characters(distance: int, applied: bool) -> None:
    # "50%" has no character in common with the filler: the distance is the filler's length
    edit = replace(CONTRACT_ZH, "50%", filler(distance))
    assert Levenshtein.distance("50%", edit.replace_with) == distance
    revision = Revise().revise(doc(), [edit], [])
    assert bool(revision.applied) is applied
    if not applied:
        (rejected,) = revision.rejected
        assert rejected.reason == "changes 51 characters, over the cap of 50"


@pytest.mark.parametrize(("distance", "applied"), [(70, True), (71, False)])
def test_a_long_span_may_change_half_its_length(distance: int, applied: bool) -> None:
    body = "".join(chr(0x4E00 + i) for i in range(140))  # 140 distinct characters: a cap of 70
    text = CONTRACT_ZH + "第四条 " + body + "\n"
    new = "某" * distance + body[distance:]  # "某" is not in the body: one substitution each
    assert Levenshtein.distance(body, new) == distance
    revision = Revise().revise(doc(text), [replace(text, body, new)], [])
    assert bool(revision.applied) is applied
    if not applied:
        (rejected,) = revision.rejected
        assert rejected.reason == "changes 71 characters, over the cap of 70"


@pytest.mark.parametrize(
    ("confidence", "outcome"), [(0.79, "queued"), (0.8, "applied"), (0.81, "applied")]
)
def test_an_edit_at_the_confidence_floor_is_applied(confidence: float, outcome: str) -> None:
    edit = replace(CONTRACT_ZH, "50%", "30%", confidence)
    revision = Revise().revise(doc(), [edit], [])
    assert {"queued": revision.queued, "applied": revision.applied}[outcome] == (edit,)
    assert not revision.rejected
