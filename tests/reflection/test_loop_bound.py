"""The reflection bound: a Verifier that always has more edits to propose, each round better
than the last, is stopped by the round cap (light 0, standard 1, full 2, and ``max_rounds``)
and nothing else, with ``loop_exhausted`` in the human-review queue.

Every scripted Verifier reply proposes edits that bring an amount the contract does not hold
(the Revise guard rejects each one, so each counts as a review error), one fewer per reply:
every round improves on the last and none passes. Replies are queued beyond the cap, so a
loop allowed one round more would take one and fail these tests, not run out of replies.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.reflection.helpers import (
    CONTRACT_ZH,
    GOOD_DRAFT,
    PENALTY_QUOTE,
    more_edits,
    run_scripted,
    verify,
    write_contract,
)

# Generate, then a Verifier that never runs out of (ever fewer) edits to propose.
ALWAYS_MORE = [GOOD_DRAFT, *(more_edits(n) for n in (6, 5, 4, 3, 2))]


@pytest.mark.parametrize(
    ("mode", "max_rounds", "rounds"),
    [
        ("full", None, 2),
        ("standard", None, 1),
        ("full", 1, 1),  # max_rounds caps the route
        ("full", 5, 2),  # ...and never raises it: full is two rounds
        ("light", None, 0),
    ],
)
def test_an_llm_that_always_proposes_more_edits_stops_at_the_cap(
    tmp_path: Path, mode: str, max_rounds: int | None, rounds: int
) -> None:
    path = write_contract(tmp_path)
    result, llm, _ = run_scripted(path, list(ALWAYS_MORE), mode, max_rounds=max_rounds)
    art = result.artifacts

    assert art["route"].rounds == rounds
    records = art["reflection_rounds"]
    assert [r.round for r in records] == list(range(rounds + 1))
    assert [r.verdict for r in records] == ["stopped"] + ["improved"] * rounds
    # round 0 has 6 rejected edits; each round after it one fewer
    assert [r.signals.review_errors for r in records] == [6 - n for n in range(rounds + 1)]
    # Generate + round 0's Verifier + one Verifier call per round (no redraft: the claim holds)
    assert len(llm.calls) == 2 + rounds
    assert [r.llm_calls for r in records[1:]] == [1] * rounds
    assert llm.remaining == len(ALWAYS_MORE) - 2 - rounds
    reasons = [i.reason for i in art["human_review"]]
    assert "no_improvement" not in reasons
    if rounds == 0:
        assert "loop_exhausted" not in reasons  # no round was allowed, so none was used up
        return
    (exhausted,) = [i for i in art["human_review"] if i.reason == "loop_exhausted"]
    # the last, best round is the one kept
    assert exhausted.detail == (
        f"{rounds} reflection round(s) used; {6 - rounds} review error(s) remain"
    )


def test_a_round_without_improvement_exits_before_the_cap(tmp_path: Path) -> None:
    """The counterpart: the same number of errors twice is no improvement, and ends the loop
    at once even when the route allows another round."""
    replies = [GOOD_DRAFT, more_edits(3), more_edits(3), more_edits(2)]
    result, llm, _ = run_scripted(write_contract(tmp_path), replies, "full")
    art = result.artifacts
    assert [r.verdict for r in art["reflection_rounds"]] == ["stopped", "no_improvement"]
    assert len(llm.calls) == 3 and llm.remaining == 1
    (item,) = [i for i in art["human_review"] if i.reason == "no_improvement"]
    assert item.detail.startswith("round 1 did not improve") and "kept round 0" in item.detail
    assert "loop_exhausted" not in {i.reason for i in art["human_review"]}


def test_a_round_that_clears_every_error_passes_before_the_cap(tmp_path: Path) -> None:
    replies = [GOOD_DRAFT, more_edits(2), more_edits(1), more_edits(0), more_edits(0)]
    result, llm, _ = run_scripted(write_contract(tmp_path), replies, "full")
    art = result.artifacts
    assert [r.verdict for r in art["reflection_rounds"]] == ["stopped", "improved", "pass"]
    assert [r.signals.review_errors for r in art["reflection_rounds"]] == [2, 1, 0]
    assert llm.remaining == 1
    reasons = {i.reason for i in art["human_review"]}
    assert not reasons & {"loop_exhausted", "no_improvement", "low_reflection_score"}


def test_a_round_without_errors_that_rewrites_too_much_neither_passes_nor_improves(
    tmp_path: Path,
) -> None:
    """Pres_Lev is an external signal too: a round that clears every error by rewriting a fifth
    of the contract (Pres_Lev 0.82, under the 0.9 floor) is not a pass and not an improvement."""
    start = CONTRACT_ZH.index(PENALTY_QUOTE)
    rewrite = {
        "start": start,
        "end": start + len(PENALTY_QUOTE),
        "replace_with": "违约金以守约方因此遭受的实际损失为限，由双方协商确定",
        "type": "replace",
        "evidence_source": "contract",
        "confidence": 0.95,
        "reason": "过高",
    }
    replies = [GOOD_DRAFT, more_edits(1), verify(no_errors=True, edits=[rewrite])]
    result, llm, _ = run_scripted(write_contract(tmp_path), replies, "standard")
    art = result.artifacts
    first, second = art["reflection_rounds"]
    assert (first.verdict, second.verdict) == ("stopped", "no_improvement")
    assert second.signals.review_errors == 0 and second.signals.pres_lev < 0.9
    assert llm.remaining == 0
    # round 0 is kept: the rewrite is not in the revised text
    assert art["revised_text"] == CONTRACT_ZH
    assert not any(e.replace_with == rewrite["replace_with"] for e in art["applied_edits"])
    assert "no_improvement" in {i.reason for i in art["human_review"]}
