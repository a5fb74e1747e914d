"""The metrics against values computed by hand on small fixtures."""

from __future__ import annotations

import math

import pytest

from pipeline.eval.metrics import (
    PRF,
    jaccard,
    landis_koch,
    match_one_to_one,
    presence_kappa,
    tokens,
)


def test_kappa_matches_hand_computation() -> None:
    # agreement 8/10; both raters say "present" 3/10 -> pe = .3*.3 + .7*.7 = .58
    # kappa = (.8 - .58) / (1 - .58) = .22 / .42
    gold = [True, True, False, False, False, False, True, False, False, False]
    pred = [True, False, False, False, True, False, True, False, False, False]
    result = presence_kappa(gold, pred)
    assert result.kappa == pytest.approx(0.22 / 0.42)
    assert result.band == "moderate"
    assert (result.cells, result.gold_positive, result.predicted_positive) == (10, 3, 3)
    assert result.agreement == pytest.approx(0.8)
    assert result.as_dict()["gold_positive_share"] == pytest.approx(0.3)


def test_kappa_worse_than_chance_is_negative_and_poor() -> None:
    result = presence_kappa([True, False, True, False], [False, True, False, True])
    assert result.kappa == pytest.approx(-1.0)
    assert result.band == "poor"


def test_kappa_constant_vectors_do_not_produce_nan() -> None:
    assert presence_kappa([False] * 5, [False] * 5).kappa == 1.0
    assert presence_kappa([False] * 5, [True] * 5).kappa == 0.0


def test_kappa_rejects_mismatched_lengths() -> None:
    with pytest.raises(ValueError, match="3 gold cells but 2 predicted"):
        presence_kappa([True, False, True], [True, False])


@pytest.mark.parametrize(
    ("kappa", "band"),
    [
        (-0.1, "poor"),
        (0.0, "slight"),
        (0.2, "slight"),
        (0.35, "fair"),
        (0.6, "moderate"),
        (0.75, "substantial"),
        (0.81, "almost perfect"),
        (1.0, "almost perfect"),
        (math.nan, "undefined"),
    ],
)
def test_landis_koch_bands(kappa: float, band: str) -> None:
    assert landis_koch(kappa) == band


def test_prf_hand_computed() -> None:
    prf = PRF(tp=3, fp=1, fn=2)
    assert prf.precision == pytest.approx(0.75)
    assert prf.recall == pytest.approx(0.6)
    assert prf.f1 == pytest.approx(2 * 0.75 * 0.6 / 1.35)
    assert (PRF(1, 0, 0) + PRF(0, 2, 3)) == PRF(1, 2, 3)


def test_prf_undefined_is_none_not_zero() -> None:
    assert PRF(0, 0, 4).precision is None
    assert PRF(0, 2, 0).recall is None
    assert PRF(0, 0, 0).f1 is None
    assert PRF(0, 1, 1).f1 == 0.0


def test_jaccard_words() -> None:
    # {the, quick, brown, fox} vs {quick, brown, dog}: 2 shared of 5
    assert jaccard("The quick brown fox", "quick brown dog") == pytest.approx(0.4)


def test_jaccard_cjk_characters_and_wrapping() -> None:
    # {百,分,之,三,十} vs {百,分,之,二,十}: 4 shared of 6
    assert jaccard("百分之三十", "百分之二十") == pytest.approx(4 / 6)
    # a PDF line break inside the quote changes nothing
    assert jaccard("定金数额为合同\n总价款", "定金数额为合同总价款") == 1.0
    assert tokens("US$264,000 (Two)") == {"us", "264", "000", "two"}


def test_match_one_to_one_prefers_best_pairs_and_respects_threshold() -> None:
    gold = ["a b c d", "x y"]
    pred = ["a b c", "a b c d", "q"]
    pairs = match_one_to_one(gold, pred, jaccard, 0.5)
    assert pairs == [(0, 1, 1.0)]
