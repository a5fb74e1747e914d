"""What counts as an improvement between two rounds: better on one external signal, worse on
none, and the text still preserved (Pres_Lev at or above its floor)."""

from __future__ import annotations

import pytest

from pipeline.claims import RoundSignals
from pipeline.config import ReflectionSettings
from pipeline.stages.reflect_support.signals import improved

BEFORE = RoundSignals(
    open_violations=2, unsupported_claims=1, review_errors=3, pres_lev=1.0, reflection_score=0.5
)


def after(**changes: float) -> RoundSignals:
    return BEFORE.model_copy(update=changes)


@pytest.mark.parametrize(
    ("current", "better"),
    [
        (after(review_errors=2), True),
        (after(open_violations=1), True),
        (after(unsupported_claims=0, review_errors=2), True),
        (after(), False),  # the same on every signal
        (after(review_errors=2, open_violations=3), False),  # better on one, worse on another
        (after(review_errors=2, unsupported_claims=2), False),
        (after(open_violations=0, review_errors=4), False),
        (after(review_errors=2, pres_lev=0.9), True),  # at the floor
        (after(review_errors=2, pres_lev=0.899), False),  # under it
        (after(review_errors=0, open_violations=0, unsupported_claims=0, pres_lev=0.5), False),
    ],
)
def test_improved(current: RoundSignals, better: bool) -> None:
    assert improved(BEFORE, current, ReflectionSettings()) is better


def test_the_floor_is_a_setting() -> None:
    current = after(review_errors=2, pres_lev=0.8)
    assert improved(BEFORE, current, ReflectionSettings()) is False
    assert improved(BEFORE, current, ReflectionSettings(pres_lev_floor=0.8)) is True
