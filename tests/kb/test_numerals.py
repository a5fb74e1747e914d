from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.numerals import cn_article_label, cn_to_int, int_to_cn


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("一", 1),
        ("十", 10),
        ("十一", 11),
        ("二十", 20),
        ("一百零一", 101),
        ("一百一十", 110),
        ("五百八十五", 585),
        ("一千零一十", 1010),
        ("一千二百六十", 1260),
        ("585", 585),
    ],
)
def test_statute_numerals_parse(text: str, number: int) -> None:
    assert cn_to_int(text) == number


@given(st.integers(min_value=1, max_value=9999))
def test_round_trip(number: int) -> None:
    assert cn_to_int(int_to_cn(number)) == number


def test_label_and_bad_input() -> None:
    assert cn_article_label(585) == "第五百八十五条"
    with pytest.raises(ValueError, match="not a Chinese numeral"):
        cn_to_int("五x")
