"""Chinese numerals: statute forms, digit-by-digit forms, and no misreading of anything else."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.numerals import CN_NUMERAL_CHARS, cn_article_label, cn_to_int, int_to_cn

_DIGIT_CHARS = "零一二三四五六七八九"


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
        ("５８５", 585),
    ],
)
def test_statute_numerals_parse(text: str, number: int) -> None:
    assert cn_to_int(text) == number


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("七三零", 730),
        ("五八五", 585),
        ("七三〇", 730),
        ("一〇一", 101),
        ("一零零零", 1000),
        ("一二六零", 1260),
        ("九九九九", 9999),
        ("三", 3),
    ],
)
def test_digit_by_digit(text: str, number: int) -> None:
    assert cn_to_int(text) == number


@pytest.mark.parametrize(
    ("text", "number"),
    [("两百", 200), ("两千零二", 2002), ("一十二", 12), ("一百十", 110), ("一千零十", 1010)],
)
def test_common_variants(text: str, number: int) -> None:
    assert cn_to_int(text) == number


@pytest.mark.parametrize(
    "text",
    # malformed: each used to be misread (五百八五 -> 505, 十十 -> 20, 二百五 -> 205)
    [
        *("五百八五", "十十", "二百五", "一百零十", "二十零", "百", "千零一", "两十", "十两"),
        *("两五", "〇五", "一二三四五", "五x", ""),
    ],
)
def test_malformed_numerals_raise(text: str) -> None:
    with pytest.raises(ValueError, match=r"numeral|两|零|range"):
        cn_to_int(text)


@given(st.integers(min_value=1, max_value=9999))
def test_round_trip(number: int) -> None:
    assert cn_to_int(int_to_cn(number)) == number


@given(st.integers(min_value=1, max_value=9999), st.booleans())
def test_digit_by_digit_reads_every_number(number: int, circle_zero: bool) -> None:
    zero = "〇" if circle_zero else "零"
    text = "".join(zero if d == "0" else _DIGIT_CHARS[int(d)] for d in str(number))
    assert cn_to_int(text) == number


def _spellings(number: int) -> set[str]:
    """Every spelling of ``number`` cn_to_int may accept, built by expanding the statute form
    (independently of how cn_to_int folds variants back)."""
    if number == 0:
        return {"零", "〇"}
    canonical = int_to_cn(number)
    forms = {canonical, "一" + canonical} if canonical.startswith("十") else {canonical}
    for unit in ("百", "千", "零"):
        forms |= {f.replace(f"{unit}一十", f"{unit}十") for f in forms}
    expanded: set[str] = set()
    for form in forms:
        options = []
        for index, char in enumerate(form):
            if char == "零":
                options.append("零〇")
            elif char == "二" and form[index + 1 : index + 2] in ("百", "千"):
                options.append("二两兩")
            else:
                options.append(char)
        expanded |= {"".join(p) for p in itertools.product(*options)}
    digits = [("零〇" if d == "0" else _DIGIT_CHARS[int(d)]) for d in str(number)]
    expanded |= {"".join(p) for p in itertools.product(*digits)}
    return expanded | ({"两", "兩"} if number == 2 else set())


@given(st.text(alphabet=CN_NUMERAL_CHARS, min_size=1, max_size=7))
def test_never_misreads(text: str) -> None:
    """Whatever a string of numeral characters is, cn_to_int either rejects it or returns the
    number it is a recognised spelling of: no guessing at malformed input."""
    try:
        value = cn_to_int(text)
    except ValueError:
        return
    assert text in _spellings(value), (text, value)


@given(st.integers(min_value=1, max_value=9999), st.data())
def test_near_misses_are_rejected_or_exact(number: int, data: st.DataObject) -> None:
    """One character dropped, doubled or changed in a valid spelling (五百八五, 五百八十十五):
    random strings rarely look like numerals, these do."""
    spelling = data.draw(st.sampled_from(sorted(_spellings(number))))
    at = data.draw(st.integers(min_value=0, max_value=len(spelling) - 1))
    char = data.draw(st.sampled_from(CN_NUMERAL_CHARS))
    mutated = data.draw(
        st.sampled_from(
            [
                spelling[:at] + spelling[at + 1 :],
                spelling[:at] + spelling[at] + spelling[at:],
                spelling[:at] + char + spelling[at + 1 :],
                spelling[:at] + char + spelling[at:],
            ]
        )
    )
    if not mutated:
        return
    try:
        value = cn_to_int(mutated)
    except ValueError:
        return
    assert mutated in _spellings(value), (spelling, mutated, value)


@given(st.integers(min_value=1, max_value=9999), st.data())
def test_every_spelling_reads_back(number: int, data: st.DataObject) -> None:
    spelling = data.draw(st.sampled_from(sorted(_spellings(number))))
    assert cn_to_int(spelling) == number


def test_normal_numerals_are_never_read_digit_by_digit() -> None:
    """五百八十五 and 一千二百六十 carry units, so they can never collide with 五八五-style reading."""
    for number in range(1, 10000):
        text = int_to_cn(number)
        assert cn_to_int(text) == number
        if number > 10:
            assert any(unit in text for unit in "十百千")


def test_label_and_bad_input() -> None:
    assert cn_article_label(585) == "第五百八十五条"
    with pytest.raises(ValueError, match="not a Chinese numeral"):
        cn_to_int("五x")
    with pytest.raises(ValueError, match=r"not a well-formed Chinese numeral.*五百八十五"):
        cn_to_int("五百八五")
